"""`--format github`: workflow commands that GitHub's documented syntax parses back exactly."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from conftest import SAMPLES, toml_deck
from deckcli.report.github import escape_data, escape_property

COMMAND = re.compile(r"^::(?P<level>error|warning) (?P<props>[^:]*)::(?P<message>.*)$")


def unescape(text: str) -> str:
    """What the runner does to a value: the documented escapes, '%25' last."""
    for code, char in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(code, char)
    return text


def annotations(out: str) -> list[dict[str, str]]:
    """Every annotation line, parsed as the runner would: properties split on ','."""
    found = []
    for line in out.splitlines():
        match = COMMAND.match(line)
        if match:
            props = dict(part.split("=", 1) for part in match["props"].split(","))
            found.append({"level": match["level"], "message": unescape(match["message"]),
                          **{key: unescape(value) for key, value in props.items()}})
    return found


@given(st.text())
def test_escaping_round_trips_and_hides_separators(text):
    assert unescape(escape_data(text)) == text
    assert unescape(escape_property(text)) == text
    assert not set(escape_property(text)) & {":", ",", "\n", "\r"}
    assert not set(escape_data(text)) & {"\n", "\r"}


def test_annotations_point_at_the_card_line(cli, monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    run = cli("check", SAMPLES / "megaman" / "illegal-five-copies.toml", "--format", "github")
    assert run.code == 1
    assert annotations(run.out) == [{
        "level": "error", "file": "samples/megaman/illegal-five-copies.toml", "line": "31",
        "title": "copies", "message": "5 × AreaSteal (1C8); at most 4 per name — cut 1"}]


def test_groups_per_deck_with_problems_only(cli):
    decks = [SAMPLES / "megaman" / "illegal-59-cards.toml",
             SAMPLES / "megaman" / "starter-megaman.toml",
             SAMPLES / "haikyu" / "illegal-41-cards.toml"]
    lines = cli("check", *decks, "--format", "github").out.splitlines()
    groups = [line for line in lines if line.startswith("::group::")]
    assert [g.rsplit("/", 1)[-1] for g in groups] == [
        "illegal-59-cards.toml", "illegal-41-cards.toml"]
    assert lines.count("::endgroup::") == 2
    deck_level = annotations("\n".join(lines))
    assert [(a["title"], a["line"]) for a in deck_level] == [("deck-size", "1"), ("deck-size", "1")]
    assert lines[-1] == "deckcli: 3 decks, 1 legal, 2 illegal; 2 errors, 0 warnings"


def test_tricky_messages_and_paths_survive(cli, tmp_path):
    path = tmp_path / "odd, name: 100%.toml"
    path.write_text(toml_deck("megaman", {"50% off, really: yes\nsecond line\r": 1}),
                    encoding="utf-8")
    run = cli("check", path, "--format", "github", "--select", "invalid-card-ref")
    [found] = annotations(run.out)
    assert found["file"].endswith("odd, name: 100%.toml")
    assert found["title"] == "invalid-card-ref" and found["line"] == "3"
    assert found["message"].startswith("'50% off, really: yes\\nsecond line\\r' holds the "
                                       "control character U+000A at character 21")


def test_invalid_toml_gives_line_and_column(cli, write_deck):
    path = write_deck("bad.toml", 'game = "megaman"\n[cards]\n"AreaSteal" = = 4\n')
    [found] = annotations(cli("check", path, "--format", "github").out)
    assert (found["title"], found["line"], found["col"]) == ("invalid-toml", "3", "15")


def test_warnings_use_the_warning_command(cli):
    path = SAMPLES / "digi-battle" / "the-digi-dudes-devidudes-deck.toml"
    run = cli("check", path, "--format", "github")
    assert run.code == 0
    assert [(a["level"], a["title"]) for a in annotations(run.out)] == [
        ("warning", "copies-by-name")]


def test_deckcli_format_env_sets_the_default(cli, monkeypatch):
    monkeypatch.setenv("DECKCLI_FORMAT", "github")
    run = cli("check", SAMPLES / "megaman" / "illegal-59-cards.toml")
    assert run.out.startswith("::group::") and "::error " in run.out
    assert cli("check", SAMPLES / "megaman" / "illegal-59-cards.toml", "--format", "json").json()
    monkeypatch.setenv("DECKCLI_FORMAT", "yaml")
    bad = cli("check", SAMPLES / "megaman" / "illegal-59-cards.toml")
    assert bad.code == 2 and "DECKCLI_FORMAT='yaml'" in bad.err
