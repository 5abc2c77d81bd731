"""The run's settings: one typed object, each value with its origin; mistakes reported together."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import REPO, SAMPLES, toml_deck
from deckcli.app.config import load_settings
from deckcli.app.settings import DEFAULT_EXCLUDE, Settings

ILLEGAL = SAMPLES / "megaman" / "illegal-59-cards.toml"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def errors(stderr: str) -> list[str]:
    """The error lines, without the prefix and without why a glob is not valid (the matcher's
    own words)."""
    lines = stderr.splitlines()
    assert all(line.startswith("deckcli: error: ") for line in lines), stderr
    return [re.sub(r"(is not a valid glob).*", r"\1", line.removeprefix("deckcli: error: "))
            for line in lines]


def test_every_mistake_of_the_config_and_the_options_is_reported_at_once(cli, tmp_path):
    config = write(tmp_path / "deckcli.toml",
                   'selct = ["x"]\nstrict = 1\nformat = "yaml"\nignore = ["copiez"]\n'
                   'extend-exclude = ["!"]\n'
                   '[[decks]]\npath = "*.txt"\ngmae = "megaman"\n'
                   '[[decks]]\npath = "lists/*.txt"\ngame = "megamn"\n')
    deck = write(tmp_path / "d.toml", toml_deck("megaman", {"1C12": 1}))
    run = cli("check", deck, "--select", "deck_size", "--game", "nope", "--exclude", "!")
    assert run.code == 2 and run.out == ""
    assert errors(run.err) == [
        f"{config}: unknown key 'selct' (did you mean 'select'?); keys: exclude, "
        "extend-exclude, pools, select, ignore, strict, fix, unsafe-fixes, format, decks, lang, "
        "card-lang, collection",
        f"{config}: strict must be true or false",
        f"{config}: format 'yaml' is not an output format; use one of rich, json, text, "
        "github, sarif, junit, markdown",
        f"{config} extend-exclude: '!' is not a valid glob",
        f"{config}: unknown key 'gmae' in decks entry 1 (did you mean 'game'?); keys: path, "
        "game, deck-format",
        f'{config}: decks entry 1 needs path and game (or deck-format), like path = '
        '"decks/megaman/**" and game = "megaman"',
        "--exclude: '!' is not a valid glob",
        "--game: unknown game 'nope'; games: digi-battle, digimon-classic, haikyu, megaman, "
        "orbs",
        f"{config}: decks entry 'lists/*.txt': game: unknown game 'megamn' (did you mean "
        "'megaman'?); games: "
        "digi-battle, digimon-classic, haikyu, megaman, orbs",
        "--select: 'deck_size' is not a rule id of any game (did you mean 'deck-size'?)",
        f"{config} ignore: 'copiez' is not a rule id of any game (did you mean 'copies'?)",
    ]


def test_a_wrong_pool_path_is_reported_with_the_rest_but_games_are_not_judged(cli, tmp_path):
    config = write(tmp_path / "deckcli.toml", 'pools = ["gone"]\nstrict = "yes"\n'
                   'select = ["no-such-rule"]\n')
    run = cli("check", write(tmp_path / "d.toml", toml_deck("megaman", {"1C12": 1})))
    assert run.code == 2
    assert errors(run.err) == [f"{config}: strict must be true or false",
                               f"{config} names {tmp_path / 'gone'}, which does not exist; give "
                               "a folder of pool files (*.toml) or one pool file"]


def test_other_commands_report_the_configs_own_mistakes_all_at_once(cli, tmp_path,
                                                                    monkeypatch):
    write(tmp_path / "pyproject.toml", '[tool.deckcli]\nstrict = 1\nformat = 3\n'
          'select = ["not-checked-here"]\n')
    monkeypatch.chdir(tmp_path)
    for command in (["cards", "megaman", "CyberSword"], ["games"], ["config"]):
        run = cli(*command)
        assert run.code == 2 and run.out == ""
        assert [line.split(": ", 1)[1] for line in errors(run.err)][:2] == [
            "strict must be true or false",
            "format 3 is not an output format; use one of rich, json, text, github, sarif, "
            "junit, markdown"]
    # a rule id no game has is a mistake where rule ids are used: check and config
    assert len(errors(cli("config").err)) == 3 and len(errors(cli("games").err)) == 2


def test_config_command_reports_mistakes_a_check_would_meet(cli, tmp_path, monkeypatch):
    write(tmp_path / "deckcli.toml", '[[decks]]\npath = "*.txt"\ndeck-format = "nope"\n')
    monkeypatch.chdir(tmp_path)
    run = cli("config")
    assert run.code == 2 and "deck-format 'nope' is not a format of any game" in run.err


def test_each_value_knows_where_it_came_from(tmp_path, monkeypatch):
    config = write(tmp_path / "pyproject.toml",
                   '[tool.deckcli]\nformat = "text"\nstrict = true\nexclude = ["old/"]\n'
                   'extend-exclude = ["tmp/"]\npools = ["mine"]\nignore = ["copies"]\n')
    monkeypatch.chdir(tmp_path)
    origin = f"{config} [tool.deckcli]"
    settings = load_settings(environ={"GITHUB_ACTIONS": "true", "DECKCLI_POOLS": "/env/pools"},
                             pools=[Path("flag-pools")], extend_exclude=["x/"],
                             select=["deck-size,copies", "netnavi-count"])
    assert (settings.format.value, settings.format.origin) == ("text", origin)
    assert (settings.strict.value, settings.strict.origin) == (True, origin)
    assert settings.select.value == ("deck-size", "copies", "netnavi-count")
    assert settings.select.origin == "--select"
    assert (settings.ignore.value, settings.ignore.origin) == (("copies",), origin)
    assert [(s.value, s.origin) for s in settings.pools] == [
        (tmp_path / "mine", origin), (Path("/env/pools"), "DECKCLI_POOLS"),
        (Path("flag-pools"), "--pools")]
    assert settings.exclude.value.patterns == ("old/",)
    assert settings.exclude.value.base == tmp_path
    assert [(s.value.patterns, s.origin) for s in settings.extend_exclude] == [
        (("tmp/",), origin), (("x/",), "--extend-exclude")]
    assert settings.config.value == config and settings.mistakes == ()
    assert settings.step_summary.value is None  # the format did not come from CI detection


@pytest.mark.parametrize(("environ", "flag", "expected"), [
    ({}, None, ("rich", "default")),
    ({"GITHUB_ACTIONS": "true"}, None, ("github", "GITHUB_ACTIONS=true")),
    ({"GITHUB_ACTIONS": "true", "DECKCLI_FORMAT": "SARIF"}, None, ("sarif", "DECKCLI_FORMAT")),
    ({"DECKCLI_FORMAT": "sarif"}, "JSON", ("json", "--format")),
])
def test_the_output_format_by_precedence(tmp_path, monkeypatch, environ, flag, expected):
    monkeypatch.chdir(tmp_path)
    settings = load_settings(environ=environ, output_format=flag)
    assert (settings.format.value, settings.format.origin) == expected


def test_ci_detection_names_the_step_summary_and_a_config_format_beats_it(tmp_path,
                                                                           monkeypatch):
    monkeypatch.chdir(tmp_path)
    ci = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md")}
    assert load_settings(environ=ci).step_summary.value == tmp_path / "summary.md"
    write(tmp_path / "deckcli.toml", 'format = "json"\n')
    settings = load_settings(environ=ci)
    assert settings.format.value == "json" and settings.step_summary.value is None


def test_the_defaults_read_no_environment(monkeypatch):
    monkeypatch.setenv("DECKCLI_FORMAT", "json")
    monkeypatch.setenv("DECKCLI_POOLS", "/somewhere")
    settings = Settings()
    assert settings.format.value == "rich" and settings.pools == ()
    assert settings.exclude.value.patterns == DEFAULT_EXCLUDE
    assert settings.exclude.origin == "default" and settings.decks.value == ()


def test_the_verdict_key_is_plain_data_that_follows_what_changes_a_verdict(tmp_path,
                                                                          monkeypatch):
    write(tmp_path / "deckcli.toml", '[[decks]]\npath = "l/*.txt"\ngame = "megaman"\n')
    monkeypatch.chdir(tmp_path)
    plain = load_settings(environ={})
    key = plain.verdict_key()
    assert json.loads(json.dumps(key)) == key
    assert key["decks"] == [["l/*.txt", "megaman", None, str(tmp_path)]]
    assert load_settings(environ={}, output_format="json", strict=True,
                         exclude=["x/"]).verdict_key() == key
    for changed in (dict(select=["deck-size"]), dict(ignore=["copies"]), dict(game="haikyu"),
                    dict(deck_format="standard"), dict(pools=[tmp_path])):
        assert load_settings(environ={}, **changed).verdict_key() != key


def test_decks_globs_are_checked_when_read(cli, tmp_path):
    config = write(tmp_path / "deckcli.toml", '[[decks]]\npath = "!"\ngame = "megaman"\n')
    shutil.copy(ILLEGAL, tmp_path / "d.toml")
    run = cli("check", tmp_path / "d.toml")
    assert run.code == 2
    assert errors(run.err) == [f"{config}: decks entry 1 path: '!' is not a valid glob"]


def test_a_decks_table_in_deckcli_toml_is_named_as_written_there(cli, tmp_path):
    write(tmp_path / "deckcli.toml", 'decks = ["lists/*.txt"]\n')
    run = cli("check", write(tmp_path / "d.toml", toml_deck("megaman", {"1C12": 1})))
    assert run.code == 2 and 'decks must be tables: [[decks]] with path = "glob"' in run.err


def test_a_tool_that_is_not_a_table_is_no_configuration(cli, tmp_path):
    write(tmp_path / "pyproject.toml", 'tool = 3\n[x]\ny = "deckcli"\n')
    run = cli("check", write(tmp_path / "d.toml", toml_deck("megaman", {"1C12": 60})))
    assert run.code == 1 and "Traceback" not in run.err


def test_no_type_ignore_is_left_in_the_package():
    ignored = [f"{path.relative_to(REPO)}:{number}"
               for path in sorted((REPO / "deckcli").rglob("*.py"))
               for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if "type: ignore" in line]
    assert ignored == []
