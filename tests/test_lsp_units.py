"""The language server's pure parts in process: completion matching as the resolver folds,
the spots a cursor completes, problem places, minimal edits, Markdown escaping."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcli.formats.text_format import text_spot
from deckcli.formats.toml_format import toml_spot
from deckcli.lsp.actions import line_change
from deckcli.lsp.checking import Checker
from deckcli.lsp.completion import card_choices
from deckcli.lsp.hover import md
from deckcli.lsp.locate import problem_span, refs_of
from deckcli.model.problem import Problem


@pytest.fixture(scope="module")
def megaman():  # type: ignore[no-untyped-def]
    checker = Checker([])
    resolver = checker.open_game(Path.cwd() / "deck.toml", "megaman", None)
    assert resolver is not None
    return resolver


@pytest.mark.parametrize("typed", ["Area", "area", "ＡＲＥＡ", "Area St", "1c8"])
def test_completion_folds_case_width_and_spacing(megaman, typed):
    choices, more = card_choices(megaman, typed)
    assert not more
    assert ("AreaSteal" if typed != "1c8" else "1C8") in [c.write for c in choices]


def test_completion_folds_curly_quotes_and_shows_number_type_stats(megaman):
    choices, _ = card_choices(megaman, "It’s Not")
    found = next(c for c in choices if c.write == "It's Not Over Yet")
    assert found.detail.startswith("1C53 · Resource")


def test_spots_of_toml_and_text_lines():
    assert toml_spot('"Are" = 4', 4, "cards") is not None
    spot = toml_spot('"Are"', 4, "cards")
    assert spot is not None and (spot.start, spot.end, spot.typed, spot.after) == (
        0, 5, "Are", " = 1")  # the editor's closing quote is replaced too
    assert toml_spot('game = "me', 10, "").kind == "game"  # type: ignore[union-attr]
    assert toml_spot("# a comment", 3, "cards") is None
    assert toml_spot('"x" = 4', 7, "cards") is None  # in the count
    assert text_spot("4x Cyber", 8).typed == "Cyber"  # type: ignore[union-attr]
    assert text_spot("# format: ", 10).kind == "format"  # type: ignore[union-attr]
    assert text_spot("// a note", 9) is None


def test_problems_sit_on_the_reference_the_column_or_the_header():
    text = 'game = "megaman"\n\n[cards]\n  "Cyber Swordd" = 4  # typo\n'
    lines, refs = text.splitlines(), refs_of(text, "toml")
    card = Problem("unknown-card", "…", line=4)
    assert problem_span(card, None, lines, refs) == (3, 2, 16)
    syntax = Problem("invalid-toml", "…", line=4, column=20)
    assert problem_span(syntax, None, lines, refs) == (3, 19, 28)
    deck = Problem("deck-size", "…")
    assert problem_span(deck, None, lines, refs) == (0, 0, 16)


@pytest.mark.parametrize("before, after, change", [
    ("a\nb\nc\n", "a\nB\nc\n", (1, 0, 2, 0, "B\n")),
    ("a\nb\nc\n", "a\nc\n", (1, 0, 2, 0, "")),
    ("a\nb", "a\nb\nc", (1, 0, 1, 1, "b\nc")),
    ("x = 1\n", "x = 1\n", (1, 0, 1, 0, "")),
])
def test_line_change_is_the_smallest_run_of_lines(before, after, change):
    assert line_change(before, after) == change


def test_markdown_from_data_is_escaped():
    assert md("*Boom* [x](y) <b>") == r"\*Boom\* \[x\]\(y\) \<b\>"


def test_outline_of_a_text_list_follows_its_sections():
    from deckcli.formats.text_format import text_outline

    text = "# game: megaman\nNetNavi:\n1 TorchMan, Hothead\nBattleChips (2)\n2 CyberSword\n"
    found = text_outline(text, lambda ref: f"×{ref.count}")
    assert [(s.name, s.kind, s.first, s.last, [(c.name, c.detail) for c in s.children])
            for s in found] == [
        ("game", "field", 0, 0, []),
        ("NetNavi", "section", 1, 2, [("TorchMan, Hothead", "×1")]),
        ("BattleChips (2)", "section", 3, 4, [("CyberSword", "×2")])]
