"""Fixes against decks laid out to fool a line-based edit: a fix's edits count lines as an
editor, TOML and `patch` do (LF, CRLF, CR), never at a form feed or U+2028 that
`str.splitlines` would also cut at."""

from __future__ import annotations

import json

import pytest

# a TOML comment may hold U+2028 (LINE SEPARATOR) and a form feed is no line end either
LAYOUTS = ['game = "megaman"\n# note \u2028 here\n[cards]\n"areasteal" = 4\n',
           'game = "megaman"\r\n# note \u2028 here\r\n[cards]\r\n"areasteal" = 4\r\n',
           '\ufeffgame = "megaman"\n# a\u2029b\u0085c\n[cards]\n"areasteal" = 4',
           'game = "megaman"\n[cards]\n# \u2028\u2028\u2028\n"areasteal" = 4\n']


def editor_apply(text: str, edit: dict[str, object]) -> str:
    """An edit made as an editor makes it: lines end at LF, CRLF or CR only."""
    starts = [0]
    for index, char in enumerate(text):
        if char == "\n" or char == "\r" and text[index + 1:index + 2] != "\n":
            starts.append(index + 1)
    start = starts[int(edit["line"]) - 1] + int(edit["column"]) - 1  # type: ignore[call-overload]
    end = starts[int(edit["end_line"]) - 1] + int(edit["end_column"]) - 1  # type: ignore[call-overload]
    return text[:start] + str(edit["text"]) + text[end:]


@pytest.mark.parametrize("text", LAYOUTS)
def test_a_fix_edit_lands_on_its_problem_line_as_an_editor_counts_lines(cli, tmp_path, text):
    deck = tmp_path / "deck.toml"
    deck.write_bytes(text.encode("utf-8"))
    run = cli("check", deck, "--select", "card-spelling", "-f", "json")
    [found] = [p for p in run.json()["decks"][0]["problems"] if p["rule"] == "card-spelling"]
    [edit] = found["fix"]["edits"]
    assert edit["line"] == edit["end_line"] == found["line"]
    body = text.removeprefix("\ufeff")
    assert editor_apply(body, edit) == body.replace('"areasteal"', '"AreaSteal"')
    fixed = cli("check", deck, "--fix", "-f", "json")
    assert fixed.code == 1  # still a 4-card deck
    assert deck.read_bytes() == text.replace('"areasteal"', '"AreaSteal"').encode("utf-8")


def test_the_diff_of_a_fix_counts_lines_as_patch_does(cli, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(LAYOUTS[0], encoding="utf-8", newline="")
    run = cli("check", deck, "--fix", "--diff")
    assert run.code == 1
    hunk = [line for line in run.out.splitlines() if line.startswith("@@")]
    assert hunk == ["@@ -1,4 +1,4 @@"]
    assert "-\"areasteal\" = 4" in run.out.splitlines()
    assert deck.read_bytes() == LAYOUTS[0].encode("utf-8")  # --diff writes nothing


def test_the_json_fix_edits_of_a_text_list_with_a_line_separator_still_apply(cli, tmp_path):
    """A text list read with U+2028 in a comment: whatever its problem lines, its fix's edit
    applied as an editor applies it fixes that very card."""
    text = "# game: megaman\n# a \u2028 b\n4 areasteal\n"
    deck = tmp_path / "deck.txt"
    deck.write_text(text, encoding="utf-8", newline="")
    run = cli("check", deck, "--select", "card-spelling", "-f", "json")
    [found] = [p for p in run.json()["decks"][0]["problems"] if p["rule"] == "card-spelling"]
    [edit] = found["fix"]["edits"]
    assert editor_apply(text, edit) == text.replace("areasteal", "AreaSteal")
    assert json.dumps(edit)  # plain data


STRING_HOLDS_CARDS = ('game = "megaman"\nnotes = """\n[cards]\n"areasteal" = 9\n"""\n'
                      "x = '''\n[cards]\n\"areasteal\" = 7'''\n# \"\"\"\n[cards]\n"
                      '"areasteal" = 4\n')


def test_a_multiline_string_holding_cards_is_no_cards_table(cli, tmp_path):
    """Lines of a multi-line string that look like `[cards]` and a card are string text: the
    problem points at the real key, and the safe fix leaves the strings as they were."""
    deck = tmp_path / "deck.toml"
    deck.write_text(STRING_HOLDS_CARDS, encoding="utf-8")
    run = cli("check", deck, "--select", "card-spelling", "-f", "json")
    [found] = [p for p in run.json()["decks"][0]["problems"] if p["rule"] == "card-spelling"]
    assert found["line"] == 11
    assert [edit["line"] for edit in found["fix"]["edits"]] == [11]
    cli("check", deck, "--fix")
    assert deck.read_text(encoding="utf-8") == STRING_HOLDS_CARDS.replace(
        '"areasteal" = 4', '"AreaSteal" = 4')


def test_a_fix_never_changes_a_value_outside_the_cards_table(cli, tmp_path):
    """An array holding ["cards"] on a line of its own fools a line scan into taking the
    top-level key after it for a card: a fix that would rename it too is not offered."""
    text = 'game = "megaman"\nx = [\n["cards"]\n]\nareasteal = 3\n[cards]\nareasteal = 4\n'
    deck = tmp_path / "deck.toml"
    deck.write_text(text, encoding="utf-8")
    for mode in (["--fix"], ["--fix", "--unsafe-fixes"]):
        cli("check", deck, *mode)
        assert "\nareasteal = 3\n" in deck.read_text(encoding="utf-8")
    run = cli("check", deck, "--select", "card-spelling", "-f", "json")
    for problem in run.json()["decks"][0]["problems"]:
        for edit in (problem["fix"] or {}).get("edits", []):
            assert edit["line"] != 5
