"""The text list (`.txt`, `.list`): `4 Name` lines, `# game: id`, comments and section headers.

Everything deckcli knows of the format is reached from here: reading (`textread`), writing
(`textlist`), in-place edits (`edit`), whether a file met in a folder scan is a list, its one
`# game:` line pattern (`textread.TEXT_META`, shared by reading, sniffing, completion and the
fixes that write the line), and what the language server shows of it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, ClassVar

from deckcli.formats.base import DeckFormat, Ref, Spot, SpotKind, Symbol
from deckcli.formats.textread import TEXT_META, text_lines
from deckcli.i18n import N_, _
from deckcli.model.deck import Deck, DeckEntry, DeckKind
from deckcli.model.problem import Problem

if TYPE_CHECKING:
    from deckcli.engine.resolver import Resolved, Resolver
    from deckcli.model.card import Card

_HASH = re.compile(r"^\s*(?:#|//)\s*([A-Za-z]*)$")  # a `#` line that may become `# game: …`
_COUNT_FIRST = re.compile(r"^(\s*\d+\s*[xX×]?\s+)(.*)$")
_NO_COUNT = re.compile(r"^(\s*)((?:[^\s\d#/].*)?)$")


def meta_lines(text: str) -> dict[str, str]:
    """The `# game:` / `# format:` values a text names (the first of each), by the one pattern."""
    found: dict[str, str] = {}
    for match in TEXT_META.finditer(text):
        key, value = match.group(1).lower(), match.group(2).strip()
        if key in ("game", "format") and value and key not in found:
            found[key] = value.split()[0]
    return found


def names_game(text: str) -> bool:
    """Whether a text has a `# game:` line."""
    return any(match.group(1).lower() == "game" for match in TEXT_META.finditer(text))


def list_reason(text: str) -> str | None:
    """Why a text is no list (None: most of its lines with content read as `COUNT NAME`). A
    list that names no game is still a deck: it is judged (missing-game, naming the games)
    rather than skipped, so it can never pass unseen."""
    if names_game(text):
        return None
    cards = bad = 0
    for line in text_lines(text):
        cards += line.kind == "card"
        bad += line.kind == "bad"
    if cards and cards >= bad:
        return None
    return _("its lines do not read as a deck list ('4 Card name')")


def text_entries(text: str) -> list[DeckEntry]:
    """Every card line of a text list's deck, one entry per line (repeats are not merged; a
    side zone's lines are not the deck's)."""
    return [DeckEntry(line.ref, line.count, line.number)
            for line in text_lines(text)
            if line.kind == "card" and line.count > 0 and line.zone is None]


def text_refs(text: str) -> dict[int, Ref]:
    """Every card line of a text list with the reference's columns, by line."""
    found: dict[int, Ref] = {}
    for line in text_lines(text):
        if line.kind != "card":
            continue
        after = line.count_at[1] if line.count_at and line.count_at[0] == len(
            line.text) - len(line.text.lstrip()) else 0
        start = line.text.find(line.ref, after)
        if start < 0:
            continue
        found[line.number - 1] = Ref(line.number - 1, start, start + len(line.ref), line.ref,
                                     line.count)
    return found


def text_spot(line: str, cursor: int) -> Spot | None:
    """A text list: a card line's reference, a `# game:` / `# format:` value, or a `#` line
    that may become `# game: …`."""
    head = line[:cursor]
    meta = TEXT_META.match(head)
    if meta and meta.group(1).lower() in ("game", "format") and not any(
            char.isspace() for char in meta.group(2)):
        kind: SpotKind = "game" if meta.group(1).lower() == "game" else "format"
        return Spot(kind, meta.start(2), cursor, meta.group(2))
    if (word := _HASH.match(head)) and "game".startswith(word.group(1).lower()):
        return Spot("game-line", 0, cursor, "")
    if counted := _COUNT_FIRST.match(head):
        return Spot("card", len(counted.group(1)), cursor, counted.group(2))
    if bare := _NO_COUNT.match(head):
        return Spot("card", len(bare.group(1)), cursor, bare.group(2), before="1 ")
    return None


def text_outline(text: str, describe: Callable[[Ref], str]) -> list[Symbol]:
    """A list's `# key:` fields, its section headers, and its cards under them."""
    refs = text_refs(text)
    found: list[Symbol] = []
    section: Symbol | None = None
    for line in text_lines(text):
        number = line.number - 1
        if line.kind == "meta":
            found.append(Symbol(line.key, "field", number, number, line.ref))
        elif line.kind == "section":
            section = Symbol(line.ref.rstrip(":").strip(), "section", number, number)
            found.append(section)
        elif line.kind == "card" and number in refs:
            ref = refs[number]
            card = Symbol(ref.ref, "card", ref.line, ref.line, describe(ref))
            if section is None:
                found.append(card)
            else:
                section.children.append(card)
                section.close(number)
    return found


class TextFormat(DeckFormat):
    """Plain text lists: edited in place, read by scans when their lines read as a list."""

    kind: ClassVar[DeckKind] = "text"
    label = "text list"
    suffixes = (".txt", ".list")
    needs = N_("the file is empty; a text list needs a line per card, such as "
               "\"4 CyberSword\", and a \"# game: …\" line")
    editable = True
    keeps_zones = True

    def read(self, text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
        from deckcli.formats.textread import parse_text_deck

        return parse_text_deck(text, deck)

    def write(self, resolver: Resolver, counted: list[Resolved], name: str | None
              ) -> Iterable[str]:
        from deckcli.formats.textlist import list_text

        return [list_text(resolver, counted, name)]

    def not_a_deck(self, text: str) -> str | None:
        return list_reason(text)

    def written_meta(self, text: str) -> dict[str, str]:
        return meta_lines(text)

    def edit_entries(self, text: str, deck: Deck) -> list[DeckEntry]:
        return text_entries(text)

    def card_key(self, resolver: Resolver, card: Card) -> str:
        from deckcli.formats.textlist import deck_key

        return deck_key(resolver, card, text_list=True)

    def refs(self, text: str) -> dict[int, Ref]:
        return text_refs(text)

    def outline(self, text: str, describe: Callable[[Ref], str]) -> list[Symbol]:
        return text_outline(text, describe)

    def spot(self, lines: list[str], row: int, column: int) -> Spot | None:
        return text_spot(lines[row] if row < len(lines) else "", column)


TEXT = TextFormat()
