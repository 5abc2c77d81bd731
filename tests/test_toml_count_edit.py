"""A change of existing counts in a TOML deck is made line by line (`edit._edit_count_lines`),
without building tomlkit's tree; the result is byte for byte tomlkit's, whatever the quoting,
spacing, comments, number form, line endings or final newline; a layout the line edit is not
sure of is left to tomlkit (None), never edited otherwise."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcli.formats import edit
from deckcli.model.deck import DeckEntry

NAMES = ["Cyber Sword", "MiniBomb", "Wide_Sword-2", "ソード", "Quote\"d", "It's", "a.b", "x"]


def tomlkit_edit(text: str, change: edit.Edit) -> str:
    """The edit as tomlkit alone makes it (the same final-newline handling as `_edit_toml`)."""
    newline = "\r\n" if "\r\n" in text else "\n"
    open_end = bool(text) and not text.endswith("\n")
    result = edit._edit_with_tomlkit(text + newline if open_end else text, change, newline)
    return result[: -len(newline)] if open_end and result.endswith(newline) else result


def key_token(name: str, style: int) -> str:
    bare = all(c.isascii() and (c.isalnum() or c in "_-") for c in name)
    if style == 0 and bare:
        return name
    if style == 1 and "'" not in name:
        return f"'{name}'"
    return json.dumps(name, ensure_ascii=style == 2)


@st.composite
def decks(draw: st.DrawFn) -> tuple[str, dict[str, int]]:
    """A deck file's text in some layout, and its [cards] as TOML reads them."""
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=6, unique=True))
    lines = ['game = "megaman"' + draw(st.sampled_from(["", "  # the game"]))]
    if draw(st.booleans()):
        lines.append('name = """two\n"x" = 3\nlines"""')  # a key-like line inside a string
    lines += draw(st.sampled_from([[""], [], ["# cards follow", ""]]))
    lines.append(draw(st.sampled_from(["[cards]", "[ cards ]  # mine", '["cards"]'])))
    cards = {}
    for name in names:
        count = draw(st.integers(1, 40))
        form = draw(st.sampled_from(["{}", "+{}", "0x{:x}", "{:_}", "0o{:o}"]))
        text = form.format(count) if form != "{:_}" else f"{count // 10}_{count % 10}" \
            if count >= 10 else str(count)
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["# a comment", "", "   "])))
        indent = draw(st.sampled_from(["", "  ", "\t"]))
        space = draw(st.sampled_from([("", ""), (" ", " "), ("   ", "  "), ("\t", " ")]))
        comment = draw(st.sampled_from(["", " # note", "   #four", "  "]))
        lines.append(f"{indent}{key_token(name, draw(st.integers(0, 3)))}{space[0]}={space[1]}"
                     f"{text}{comment}")
        cards[name] = count
    if draw(st.booleans()):
        lines += ["", "[notes]", "why = 'fun'"]
    end = draw(st.sampled_from(["", newline, newline * 2]))
    return newline.join(lines) + end, cards


@given(deck=decks(), data=st.data())
@settings(max_examples=300, deadline=None)
def test_counts_changed_line_by_line_are_tomlkit_s_bytes(deck, data):
    text, cards = deck
    names = data.draw(st.lists(st.sampled_from(sorted(cards)), min_size=1, unique=True))
    change = edit.Edit(changes=tuple((DeckEntry(name, cards[name]), data.draw(
        st.integers(0, 9))) for name in names))
    newline = "\r\n" if "\r\n" in text else "\n"
    open_end = bool(text) and not text.endswith("\n")
    fast = edit._edit_count_lines(text + newline if open_end else text, change)
    expected = tomlkit_edit(text, change)
    assert edit._edit_toml(text, change) == expected
    if fast is not None:
        assert (fast[: -len(newline)] if open_end and fast.endswith(newline) else fast) \
            == expected


@pytest.mark.parametrize("text", [
    'game = "megaman"\n[cards]\n"Cyber Sword" = 4\nMiniBomb = 2 # two\n',
    'game = "megaman"\r\n\r\n[cards]\r\n  \'Cyber Sword\'   =  4   # four\r\nMiniBomb=2',
])
@pytest.mark.parametrize("count", [0, 1, 7])
def test_a_plain_layout_is_edited_without_tomlkit(text, count, monkeypatch):
    monkeypatch.setattr(edit, "_edit_with_tomlkit", None)  # called: a TypeError
    change = edit.Edit(changes=((DeckEntry("Cyber Sword", 4), count),))
    result = edit._edit_toml(text, change)
    assert result == text.replace("4", str(count), 1) if count else "Cyber Sword" not in result
    assert "MiniBomb" in result


@pytest.mark.parametrize("text", [
    '[cards]\n"A" = 1\n[[other]]\n"B" = 2\n',  # B is no card: the line scan is fooled
    'cards = { "A" = 1, "B" = 2 }\n',  # an inline table
    '[cards]\n"A" = 1\n"B" = [2]\n',  # not a count
])
def test_a_layout_the_line_edit_is_unsure_of_goes_to_tomlkit(text):
    change = edit.Edit(changes=((DeckEntry("B", 2), 3),))
    assert edit._edit_count_lines(text, change) is None
