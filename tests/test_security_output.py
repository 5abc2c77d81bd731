"""No forged output lines (issue 13, items 6 and 7): control characters, CR and LF included,
are refused in card references and pools' names, every text renderer escapes what it echoes,
and no rule prints more than 50 problems per file."""

from __future__ import annotations

import json

import pytest

from conftest import SAMPLES, TEST_POOLS, toml_deck
from deckcli.model.problem import Problem
from deckcli.model.result import CheckResult, DeckResult
from deckcli.report import get_renderer

FORGED = "::error title=X::forged"
TEXT_FORMATS = ("rich", "text", "github", "markdown")
TESTGAME = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")


def forged_lines(output: str) -> list[str]:
    """Lines a CI log would run as a workflow command or that a deck wrote itself."""
    return [line for line in output.splitlines()
            if line.startswith(("::error title=X", "forged", "B\"", "\x1b[2J"))
            or "\x1b[2J" in line or "\r" in line]


@pytest.mark.parametrize("fmt", [*TEXT_FORMATS, "json", "sarif", "junit"])
def test_a_reference_with_a_line_break_is_refused_and_forges_nothing(cli, write_deck, fmt):
    deck = write_deck("forge.toml", toml_deck("megaman", {
        f"Cyber\n{FORGED}": 1, "A\r\nB": 2, "Clear\x1b[2J": 1, "Line\u2028sep": 1}))
    run = cli("check", deck, "--format", fmt)
    assert run.code == 1
    assert forged_lines(run.out) == [] and forged_lines(run.err) == []
    if fmt == "json":
        problems = [p for p in run.json()["decks"][0]["problems"] if p["rule"] != "deck-size"]
        assert [(p["rule"], p["line"]) for p in problems][:4] == [
            ("invalid-card-ref", 3), ("invalid-card-ref", 4), ("invalid-card-ref", 5),
            ("invalid-card-ref", 6)]
        assert "holds the control character U+000A at character 6" in problems[0]["message"]
        assert "U+2028 at character 5" in problems[3]["message"]


def test_a_text_list_with_a_tab_or_escape_in_a_name_is_refused(cli, write_deck):
    deck = write_deck("list.txt", "# game: megaman\n4 Cyber\tSword\n1 Area\x1bSteal\n")
    run = cli("check", deck, "--format", "json")
    problems = run.json()["decks"][0]["problems"]
    assert [(p["rule"], p["line"]) for p in problems][:2] == [
        ("invalid-card-ref", 2), ("invalid-card-ref", 3)]


def test_a_deck_name_with_a_line_break_is_refused(cli, write_deck):
    deck = write_deck("named.toml", 'game = "megaman"\nname = "Mine\\n::error::x"\n[cards]\n'
                      '"1C12" = 4\n')
    run = cli("check", deck, "--format", "json")
    [found] = [p for p in run.json()["decks"][0]["problems"] if p["rule"] == "invalid-field"]
    assert found["line"] == 2 and "U+000A at character 5" in found["message"]


@pytest.mark.parametrize("fmt", [*TEXT_FORMATS, "junit", "json", "sarif"])
def test_every_text_renderer_escapes_what_it_echoes(fmt, tmp_path):
    """Whatever a message holds (a path or pool text that slipped through), one problem stays
    one line and no escape sequence reaches the terminal."""
    message = f"first\n{FORGED}\rB\" \x1b[2J \x85 \u2028 THE-END"
    deck = DeckResult(f"decks/odd\n{FORGED}.toml", "megaman", "standard", 60,
                      [Problem(rule="unknown-card", message=message, line=3)])
    out = tmp_path / "out"
    with out.open("w", encoding="utf-8", newline="") as handle:
        result = CheckResult([deck], skipped_files=[(f"odd\n{FORGED}.txt", f"why\n{FORGED}",
                                                     False)])
        result.rule_docs = {"unknown-card": []}
        get_renderer(fmt)(result, handle, False)
    text = out.read_text(encoding="utf-8")
    assert forged_lines(text) == []
    assert not any(char in text for char in "\x1b\x85\u2028")
    lines_with_message = [line for line in text.splitlines() if "THE-END" in line]
    assert len(lines_with_message) == 1 and "first" in lines_with_message[0]
    if fmt in ("json", "sarif"):  # escaped as JSON: the same text once parsed
        data = json.loads(text)
        said = (data["decks"][0]["problems"][0]["message"] if fmt == "json"
                else data["runs"][0]["results"][0]["message"]["text"])
        assert said == message


def test_a_user_pool_with_an_escape_in_a_card_name_is_broken_not_echoed(cli, tmp_path,
                                                                        write_deck):
    folder = tmp_path / "pools"
    folder.mkdir()
    (folder / "testgame.toml").write_text(
        TESTGAME.replace('name = "Bolt"', 'name = "Bolt\\u001b[31m"', 1), encoding="utf-8")
    mine = write_deck("t.toml", toml_deck("testgame", {"T-01": 1}))
    run = cli("--pools", folder, "check", mine, SAMPLES / "megaman" / "starter-megaman.toml")
    assert run.code == 1 and "\x1b" not in run.out
    assert "broken-pool" in run.out and "card 'T-02': name holds the control character U+001B"\
        in run.out
    assert "✓ legal" in run.out  # the MegaMan deck is checked as usual
    checked = cli("--pools", folder, "pool", "check", "testgame")
    assert checked.code == 1 and "U+001B at character 5" in checked.out


@pytest.mark.parametrize("where", ["game.name", "game.aliases", "format key"])
def test_a_pool_header_with_a_line_break_is_broken(cli, tmp_path, where):
    edits = {"game.name": ('name = "Test Game"', 'name = "Test\\nGame"'),
             "game.aliases": ('aliases = ["tg"]', 'aliases = ["tg\\r"]'),
             "format key": ("[formats.big]", '[formats."big\\u0085"]')}
    old, new = edits[where]
    folder = tmp_path / "pools"
    folder.mkdir()
    (folder / "testgame.toml").write_text(TESTGAME.replace(old, new, 1), encoding="utf-8")
    run = cli("--pools", folder, "games")
    assert "pool not loaded" in run.err and "holds the control character" in run.err
    assert len(run.err.strip().splitlines()) == 1


@pytest.mark.parametrize("kind", ["toml", "txt"])
def test_unknown_cards_are_capped_at_50_per_file(cli, write_deck, kind):
    names = [f"No Such Card {index}" for index in range(60)]
    if kind == "toml":
        deck = write_deck("many.toml", toml_deck("megaman", dict.fromkeys(names, 1)))
    else:
        deck = write_deck("many.txt", "# game: megaman\n" + "".join(f"1 {n}\n" for n in names))
    run = cli("check", deck, "--format", "json")
    unknown = [p for p in run.json()["decks"][0]["problems"] if p["rule"] == "unknown-card"]
    assert len(unknown) == 51
    assert unknown[-1]["message"] == ("… and 10 more unknown-card problems in this file; fix "
                                      "these first")
    text = cli("check", deck, "--format", "text").out
    assert sum("] unknown-card " in line for line in text.splitlines()) == 51


def test_capping_twice_keeps_the_true_count(cli, write_deck):
    """Reading caps text-syntax lines; the final cap must not recount its summary line."""
    deck = write_deck("bad.txt", "# game: megaman\n" + "nonsense line !!\n" * 120)
    problems = json.loads(cli("check", deck, "--format", "json").out)["decks"][0]["problems"]
    syntax = [p for p in problems if p["rule"] == "text-syntax"]
    assert len(syntax) == 51 and syntax[-1]["message"].startswith("… and 70 more text-syntax")


def test_json_lines_start_only_as_json_starts_them(cli, tmp_path):
    """The JSON report goes out unscanned for `::` (`report.RAW_LINES`): each of its lines
    starts `{"decks"`, `  {` or `]`, whatever a file's name holds."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for name in (f"{FORGED}.toml", f"odd\n{FORGED}.toml", "plain.toml"):
        (folder / name).write_text(toml_deck("megaman", {"1C12": 5}), encoding="utf-8")
    run = cli("check", folder, "--format", "json")
    assert run.code == 1 and len(run.json()["decks"]) == 3
    assert all(line.startswith(('{"decks"', "  {", "]")) for line in run.out.splitlines())
    assert forged_lines(run.out) == []
