"""The configuration (`deckcli.toml`, `[tool.deckcli]`), `deckcli config`, and usage errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import SAMPLES, TEST_POOLS, toml_deck

ILLEGAL = SAMPLES / "megaman" / "illegal-59-cards.toml"
LEGAL_TEXT_LINES = (SAMPLES / "megaman" / "starter-torchman.txt").read_text(encoding="utf-8")
UNNAMED_LIST = "".join(line + "\n" for line in LEGAL_TEXT_LINES.splitlines()
                       if not line.lstrip().lower().startswith(("# game", "# format")))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_pyproject_settings_apply_and_the_command_line_wins(cli, tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.deckcli]\nignore = ["deck-size"]\nformat = "json"\n')
    shutil.copy(ILLEGAL, tmp_path / "d.toml")
    run = cli("check", tmp_path / "d.toml")
    assert run.code == 0 and run.json()["decks"][0]["legal"]  # format json, deck-size ignored
    run = cli("check", tmp_path / "d.toml", "--ignore", "copies", "--format", "text")
    assert run.code == 1 and "deck-size" in run.out


def test_deckcli_toml_wins_over_pyproject_in_one_folder(cli, tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.deckcli]\nformat = "text"\n')
    write(tmp_path / "deckcli.toml", 'format = "json"\nstrict = true\n')
    shutil.copy(ILLEGAL, tmp_path / "d.toml")
    assert cli("check", tmp_path / "d.toml").json()["decks"][0]["legal"] is False


def test_the_nearest_config_above_the_paths_is_used(cli, tmp_path, monkeypatch):
    write(tmp_path / "deckcli.toml", 'format = "text"\n')
    write(tmp_path / "repo" / "deckcli.toml", 'format = "json"\n')
    shutil.copy(ILLEGAL, write(tmp_path / "repo" / "decks" / "d.toml", ""))
    monkeypatch.chdir(tmp_path)
    assert cli("check", "repo/decks").out.startswith('{"decks"')
    assert cli("check", "repo/decks/d.toml").out.startswith('{"decks"')


def test_config_decks_give_a_game_to_files_by_path(cli, tmp_path):
    write(tmp_path / "deckcli.toml", '[[decks]]\npath = "megaman/*.txt"\ngame = "megaman"\n'
          'deck-format = "standard"\n')
    write(tmp_path / "megaman" / "torchman.txt", UNNAMED_LIST)
    write(tmp_path / "other" / "notes.txt", UNNAMED_LIST)
    run = cli("check", tmp_path, "--format", "json")
    decks = {Path(deck["path"]).parent.name: deck for deck in run.json()["decks"]}
    mapped, unmapped = decks["megaman"], decks["other"]
    assert mapped["game"] == "megaman" and mapped["format"] == "standard" and mapped["legal"]
    # the same list outside the mapped path names no game: judged by the game its cards name
    assert [p["rule"] for p in unmapped["problems"]] == ["game-inferred"]
    assert unmapped["game"] == "megaman" and unmapped["legal"]
    assert run.code == 0 and run.json()["skipped"] == 1  # deckcli.toml


@pytest.mark.parametrize(("text", "message"), [
    ('selct = ["deck-size"]\n', "unknown key 'selct' (did you mean 'select'?)"),
    ('select = "deck-size"\n', "select must be a list of strings"),
    ("strict = 1\n", "strict must be true or false"),
    ('format = "yaml"\n', "format 'yaml' is not an output format"),
    ('[[decks]]\npath = "*.txt"\ngmae = "megaman"\n', "unknown key 'gmae' in decks entry 1"),
    ('[[decks]]\npath = "*.txt"\n', "decks entry 1 needs path and game"),
    ('select = [\n', "cannot read the configuration"),
])
def test_a_mistake_in_the_config_is_a_usage_error_naming_file_and_key(cli, tmp_path, text,
                                                                       message):
    config = write(tmp_path / "deckcli.toml", text)
    shutil.copy(ILLEGAL, tmp_path / "d.toml")
    run = cli("check", tmp_path / "d.toml")
    assert run.code == 2 and run.out == ""
    assert str(config) in run.err and message in run.err


def test_an_unknown_key_in_pyproject_names_the_table(cli, tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.deckcli]\nexclud = ["old/"]\n')
    run = cli("check", write(tmp_path / "d.toml", toml_deck("megaman", {"1C12": 1})))
    assert run.code == 2
    assert f"{tmp_path / 'pyproject.toml'} [tool.deckcli]: unknown key 'exclud'" in run.err


@pytest.mark.parametrize("option", ["--select", "--ignore"])
def test_an_unknown_rule_id_is_a_usage_error_with_a_suggestion(cli, option):
    run = cli("check", SAMPLES / "megaman", option, "deck_size")
    assert run.code == 2 and run.out == ""
    assert f"{option}: 'deck_size' is not a rule id of any game (did you mean 'deck-size'?)" \
        in run.err


def test_a_rule_id_of_any_game_or_of_deckcli_is_accepted(cli):
    illegal = SAMPLES / "megaman" / "illegal-59-cards.toml"
    assert cli("check", illegal, "--select", "event-limit,unknown-card").code == 0
    assert cli("check", illegal, "--select", "deck-size").code == 1


def test_an_unknown_rule_id_in_the_config_names_the_file(cli, tmp_path):
    write(tmp_path / "deckcli.toml", 'select = ["deck_size"]\n')
    run = cli("check", write(tmp_path / "d.toml", toml_deck("megaman", {"1C12": 1})))
    assert run.code == 2 and f"{tmp_path / 'deckcli.toml'} select:" in run.err
    assert "did you mean 'deck-size'?" in run.err


def test_pools_that_are_missing_or_not_pools_are_usage_errors(cli, tmp_path):
    deck = write(tmp_path / "d.toml", toml_deck("megaman", {"1C12": 1}))
    run = cli("--pools", tmp_path / "no-such-folder", "check", deck)
    assert run.code == 2 and "does not exist" in run.err
    not_a_pool = write(tmp_path / "notes.toml", 'title = "x"\n')
    run = cli("--pools", not_a_pool, "check", deck)
    assert run.code == 2 and f"--pools names {not_a_pool}, which is not a pool" in run.err
    write(tmp_path / "deckcli.toml", 'pools = ["gone"]\n')
    run = cli("check", deck)
    assert run.code == 2 and f"names {tmp_path / 'gone'}, which does not exist" in run.err


def test_a_cardpools_folder_beside_the_config_adds_a_game(cli, tmp_path):
    write(tmp_path / "deckcli.toml", "")
    (tmp_path / "cardpools").mkdir()
    shutil.copy(TEST_POOLS / "testgame.toml", tmp_path / "cardpools" / "testgame.toml")
    deck = write(tmp_path / "t.toml", toml_deck("testgame", {"nothing": 1}))
    run = cli("check", deck, "--format", "json")
    assert run.json()["decks"][0]["game"] == "testgame"
    pools = json.loads(cli("config", tmp_path, "-f", "json").out)["pools"]
    assert pools == {"value": [str(tmp_path / "cardpools")],
                     "from": f"cardpools/ beside {tmp_path / 'deckcli.toml'}"}
    elsewhere = write(tmp_path.parent / f"{tmp_path.name}-x" / "t.toml",
                      toml_deck("testgame", {"nothing": 1}))
    assert cli("check", elsewhere, "-f", "json").json()["decks"][0]["problems"][0]["rule"] \
        == "unknown-game"


def test_a_single_pool_file_may_be_given(cli, tmp_path):
    deck = write(tmp_path / "t.toml", toml_deck("testgame", {"nothing": 1}))
    run = cli("--pools", TEST_POOLS / "testgame.toml", "check", deck, "--format", "json")
    assert run.json()["decks"][0]["game"] == "testgame"


def test_config_command_says_where_each_setting_comes_from(cli, tmp_path, monkeypatch):
    config = write(tmp_path / "pyproject.toml",
                   '[tool.deckcli]\nextend-exclude = ["legacy/"]\nstrict = true\n'
                   '[[tool.deckcli.decks]]\npath = "lists/*.txt"\ngame = "megaman"\n')
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKCLI_FORMAT", "sarif")
    run = cli("config", "--format", "json")
    assert run.code == 0
    settings = json.loads(run.out)
    origin = f"{config} [tool.deckcli]"
    assert settings["config"]["value"] == str(config)
    assert settings["extend-exclude"] == {"value": ["legacy/"], "from": origin}
    assert settings["strict"] == {"value": True, "from": origin}
    assert settings["select"] == {"value": [], "from": "default"}
    assert settings["format"] == {"value": "sarif", "from": "DECKCLI_FORMAT"}
    assert settings["decks"]["value"] == [{"path": "lists/*.txt", "game": "megaman",
                                           "deck-format": None}]
    text = cli("config").out
    assert 'strict          true' in text and f"# {origin}" in text


def test_config_command_without_a_config(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = json.loads(cli("config", "-f", "json").out)
    assert settings["config"]["value"] is None and settings["format"]["value"] == "rich"
