"""Properties of the fix engine, over generated decks (hypothesis, seeded): applying the safe
fixes never changes the deck's resolved cards and counts; fixing twice is fixing once; every
edit keeps each byte outside the lines it changes (comments, order, blank lines, line endings,
BOM, quoting); and the formats not edited in place (CSV, JSON, `.dek`) are never touched."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcli.app.fixing import fix_text
from deckcli.app.settings import Settings
from deckcli.formats.fixedit import cards_of
from deckcli.formats.kinds import by_suffix
from deckcli.formats.read import parse_deck_bytes
from deckcli.model.deck import Deck
from deckcli.pools.registry import PoolRegistry

REGISTRY = PoolRegistry([])
RESOLVER = REGISTRY.resolver("megaman", "standard")
CARDS = [card for card in RESOLVER.pool.cards if card.name.isascii()][:40]
FULL_WIDTH = {chr(code): chr(code + 0xFEE0) for code in range(0x21, 0x7F)}
CURLY = {"'": "’"}


@st.composite
def spelling(draw: st.DrawFn) -> str:
    """A way to write a card of the pool: its name or number, in any case, partly full-width,
    spaced oddly, with typographic quotes; or a name no card has."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.sampled_from(["Zzyzx", "Cyber Swordd", "Powr Pastries"]))
    card = draw(st.sampled_from(CARDS))
    text = card.number if draw(st.booleans()) and draw(st.booleans()) else card.name
    letters = []
    for char in text:
        way = draw(st.integers(0, 5))
        if way == 0:
            char = char.swapcase()
        elif way == 1 and char in FULL_WIDTH:
            char = FULL_WIDTH[char]
        letters.append(CURLY.get(char, char) if draw(st.booleans()) else char)
    written = "".join(letters)
    if draw(st.integers(0, 4)) == 0 and " " in written:
        written = written.replace(" ", "  ", 1)
    return written


@st.composite
def deck_file(draw: st.DrawFn) -> tuple[str, bytes]:
    """(file name, bytes) of a TOML deck or a text list of such references, with comments,
    blank lines, repeated cards, CRLF or LF, a BOM or none, a final newline or none."""
    kind = draw(st.sampled_from(["toml", "txt"]))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    entries = draw(st.lists(st.tuples(spelling(), st.integers(1, 5)), min_size=1, max_size=8))
    lines = ['game = "megaman"', "# a comment", "[cards]"] if kind == "toml" else [
        "# game: megaman", "// a comment"]
    seen: set[str] = set()
    for ref, count in entries:
        if kind == "toml":
            if ref in seen:
                continue  # TOML forbids a key twice
            seen.add(ref)
            quote = draw(st.sampled_from(["basic", "literal"])) if "'" not in ref else "basic"
            key = json.dumps(ref, ensure_ascii=False) if quote == "basic" else f"'{ref}'"
            lines.append(f"{key} = {count}")
        else:
            lines.append(draw(st.sampled_from([f"{count} {ref}", f"{ref} x{count}"])))
        if draw(st.integers(0, 3)) == 0:
            lines.append(draw(st.sampled_from(["", "# note", "  "]) if kind == "txt"
                              else st.sampled_from(["", "# note"])))
    text = newline.join(lines) + (newline if draw(st.booleans()) else "")
    bom = codecs.BOM_UTF8 if draw(st.booleans()) else b""
    return f"deck.{kind}", bom + text.encode("utf-8")


def fixed(name: str, data: bytes, unsafe: bool = False) -> bytes:
    """The file's bytes after `check --fix` (in memory)."""
    return fix_text(Path(name), data, None, REGISTRY, Settings(), unsafe).after


def resolved(name: str, data: bytes) -> dict[str, int]:
    deck, _ = parse_deck_bytes(data, Deck(path=name, kind=by_suffix(Path(name)).kind))
    return dict(cards_of(RESOLVER, deck.entries))


PROPERTY = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(deck_file())
def test_safe_fixes_never_change_the_cards_and_counts(found: tuple[str, bytes]) -> None:
    name, data = found
    assert resolved(name, fixed(name, data)) == resolved(name, data)


@PROPERTY
@given(deck_file(), st.booleans())
def test_fixing_twice_is_fixing_once(found: tuple[str, bytes], unsafe: bool) -> None:
    name, data = found
    once = fixed(name, data, unsafe)
    assert fixed(name, once, unsafe) == once


@PROPERTY
@given(deck_file(), st.booleans())
def test_every_line_a_fix_does_not_touch_is_kept_byte_for_byte(found: tuple[str, bytes],
                                                               unsafe: bool) -> None:
    """The lines that are no card line (comments, blank lines, the header) all stay, in their
    order, with their line endings; the BOM stays; a card line that changed is one a fix was
    about (its reference or count), and the file's line ending style is the same."""
    name, data = found
    after = fixed(name, data, unsafe)
    assert after.startswith(codecs.BOM_UTF8) == data.startswith(codecs.BOM_UTF8)
    old = data.decode("utf-8-sig").splitlines(keepends=True)
    new = after.decode("utf-8-sig").splitlines(keepends=True)
    kept = [line for line in old if not is_card_line(name, line)]
    assert [line for line in new if not is_card_line(name, line)] == kept
    assert all(line.endswith("\r\n") == old[0].endswith("\r\n") for line in new[:-1])
    assert data.endswith((b"\n", b"\r")) == after.endswith((b"\n", b"\r"))


def is_card_line(name: str, line: str) -> bool:
    stripped = line.strip()
    if not stripped or stripped.startswith(("#", "//", "[")):
        return False
    return not stripped.startswith("game =")


@PROPERTY
@given(st.sampled_from(["deck.csv", "deck.json", "deck.dek"]),
       st.lists(st.tuples(spelling(), st.integers(1, 4)), min_size=1, max_size=6))
def test_formats_not_edited_in_place_are_never_touched(name: str,
                                                       entries: list[tuple[str, int]]) -> None:
    if name.endswith(".csv"):
        text = "game,megaman\r\nname,count\r\n" + "".join(
            f'"{ref}",{count}\r\n' for ref, count in entries)
    elif name.endswith(".json"):
        text = json.dumps({"game": "megaman", "cards": [{"name": ref, "count": count}
                                                         for ref, count in entries]})
    else:
        cards = "".join(f"<card><name>{ref.replace('&', '&amp;').replace('<', '&lt;')}</name>"
                        f"</card>" * count for ref, count in entries)
        text = f'<deck version="0.8">\n<meta><game>megaman</game></meta>\n' \
               f'<superzone name="Deck">{cards}</superzone>\n</deck>\n'
    data = text.encode("utf-8")
    assert fixed(name, data, unsafe=True) == data
