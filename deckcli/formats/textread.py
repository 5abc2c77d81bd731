"""Plain-text deck lists: `4 Name`, `4x Name`, `Name x4`, `Name (4)`, `Name (number)`,
`4 Name (number)`, `# game: id`, comments and section headers.

Each line is classified once (`text_lines`), so `check`, `import` and the text-list edits of
`add` and `remove` read a list the same way. Every other line is a problem with its number:
nothing is dropped unseen. A header is told from `Name (4)` by what it names: one of the
SECTION_NAMES, the card types and deck parts of the games deckcli knows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from deckcli.escape import control_character
from deckcli.formats.collect import EntryCollector, Zones
from deckcli.formats.entries import MAX_COUNT, MAX_ENTRIES, MAX_REF_CHARS, problem
from deckcli.i18n import _
from deckcli.model.deck import Deck, DeckEntry
from deckcli.model.problem import Problem, capped
from deckcli.textnorm import squash

MAX_COUNT_DIGITS = 4_000  # below Python's int-parsing limit (4,300 digits)
# The text patterns run on stripped lines of any length: none may backtrack quadratically over a
# run of spaces (a lazy group before `\s+` or `\s*$` would), so they stay linear.
# The text family's one `# game:` (and `# format:`, `# name:`) line pattern: read here, and by
# the text format's sniffing, completion and fixes (`text_format`); it holds on a stripped line
# and, line by line, in a whole text (it never crosses a newline).
TEXT_META = re.compile(r"^[^\S\n]*(?:#|//)[^\S\n]*(game|format|name)[^\S\n]*:[^\S\n]*(.*)$",
                       re.IGNORECASE | re.MULTILINE)
_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX×]?\s+(\S.*)$")
_COUNT_LAST = re.compile(r"^(\S(?:.*\S)?)\s+[xX×]\s*(\d+)$")
_COUNT_IN_BRACKETS = re.compile(r"^(\S(?:.*\S)?)\s*(?:\(\s*(\d+)\s*\)|\[\s*(\d+)\s*\])$")
_LAST_BRACKET = re.compile(r"\S\s*(?:\(([^()]*)\)|\[([^\[\]]*)\])$")
_COMMENT_START = re.compile(r"(?<=\s)(?:#|//)")
_HEADER_COUNT = re.compile(r"(?:\(\s*\d+\s*\)|\[\s*\d+\s*\])$")
MAX_HEADER_CHARS = 40
# Section headers a list may hold (compared ignoring case, spaces, punctuation and a plural
# s): deck parts, and the card types and levels of the shipped games (README, "Deck files").
SECTION_NAMES = frozenset((
    "deck", "main", "maindeck", "cards", "card",
    "netnavi", "navi", "battlechip", "chip", "resource", "event",
    "digimon", "option", "poweroption", "rookie", "champion", "ultimate", "mega",
    "デジモン", "オプション",
    "character", "キャラクター", "イベント", "角色卡", "事件卡", "角色", "事件",
    "ally", "allie", "action", "minion", "object", "location",
))
# Headers that start a side zone, whose cards are never the deck's (collect.Zones), and the
# deck-part headers that end one. Japanese: MTG's サイドボード and the side deck サイドデッキ;
# Chinese: MTG's 備牌/备牌.
ZONE_NAMES = frozenset((
    "sideboard", "side", "sidedeck", "maybe", "maybeboard",
    "サイドボード", "サイドデッキ", "サイド", "備牌", "备牌",
))
DECK_PARTS = frozenset(("deck", "main", "maindeck"))


@dataclass(slots=True)
class TextLine:
    """One line of a text list, classified once so `check`, `import` and `add` read it alike.

    `count_at` is where the count stands in `text`, so an edit can change it and keep the rest.
    """

    number: int
    text: str
    kind: Literal["meta", "blank", "comment", "section", "card", "bad"]
    count: int = 0
    ref: str = ""
    key: str = ""
    count_at: tuple[int, int] | None = None
    zone: str | None = None  # the side zone a card line or zone header belongs to


def text_lines(text: str) -> Iterator[TextLine]:
    """Every line of a text list with what it holds (line endings as `str.splitlines`). A zone
    header (`Sideboard:`) puts the card lines after it in its zone, until a deck-part header
    (`Deck:`, `Main:`) or another zone's."""
    zone: str | None = None
    for number, raw_line in enumerate(text.splitlines(), 1):
        line = text_line(number, raw_line, zone)
        if line.kind == "section":
            zone = line.zone
        yield line


def text_line(number: int, raw_line: str, zone: str | None) -> TextLine:
    """One line, in the side zone (or None) the lines before it opened."""
    line = raw_line.strip()
    if not line:
        return TextLine(number, raw_line, "blank")
    if line.startswith(("#", "//")):  # only such lines can be `# game: id` lines
        if meta := TEXT_META.match(line):
            return TextLine(number, raw_line, "meta", ref=meta.group(2).strip(),
                            key=meta.group(1).lower())
        return TextLine(number, raw_line, "comment")
    cut = _COMMENT_START.search(line)
    body = line[: cut.start()].rstrip() if cut else line
    card = _parse_card(body)
    if not body[0].isdigit() and (part := section_part(body)):  # headers start with a word
        zone = zone_name(body) if part == "zone" else (None if part == "deck" else zone)
        return TextLine(number, raw_line, "section", ref=body, zone=zone)
    if card is not None:
        indent = len(raw_line) - len(raw_line.lstrip())
        count, ref, (start, end) = card
        return TextLine(number, raw_line, "card", count, ref,
                        count_at=(indent + start, indent + end), zone=zone)
    return TextLine(number, raw_line, "bad", ref=body)


def parse_text_deck(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """A plain list: `4 Name`, `4x Name` or `Name x4` lines; `# game: id` sets the game.

    The usual card line (`4 Name`, outside a side zone, with no comment) is read here at once;
    any other line is classified by `text_line`, as `text_lines` does.
    """
    problems: list[Problem] = []
    collected = EntryCollector(problems)
    zones = Zones(problems)
    zone: str | None = None
    seen = collected.seen
    for number, raw_line in enumerate(text.splitlines(), 1):
        plain = raw_line.strip()
        if zone is None and plain[:1].isdigit() and "#" not in plain and "//" not in plain \
                and (match := _COUNT_FIRST.match(plain)) and len(match[1]) <= MAX_COUNT_DIGITS:
            ref, count = match[2].strip(), int(match[1])
            if 0 < count <= MAX_COUNT and 0 < len(ref) <= MAX_REF_CHARS and ref.isprintable() \
                    and ref not in seen and len(seen) < MAX_ENTRIES:
                seen[ref] = DeckEntry(ref, count, number)  # what `add` does with such a line
                continue
            collected.add(ref, count, number)
            if collected.full:
                break
            continue
        line = text_line(number, raw_line, zone)
        if line.kind == "section":
            zone = line.zone
        if line.zone is not None and line.kind in ("section", "card"):
            zone_entries = zones.collector(line.zone, number)
            if line.kind == "card":
                zone_entries.add(line.ref, line.count, number)
        elif line.kind == "meta":
            apply_meta(deck, line.key, line.ref, number, problems)
        elif line.kind == "bad":
            shown = line.ref if len(line.ref) <= 80 else line.ref[:77] + "…"
            problems.append(problem("text-syntax", _("cannot read {shown!r}; write 'COUNT "
                                                     "NAME' (e.g. 4 CyberSword), 'NAME x4' "
                                                     "or 'NAME (NUMBER)'; section headers "
                                                     "name a card type (NetNavi:, Events "
                                                     "(8))").format(shown=shown), number))
        elif line.kind == "card":
            collected.add(line.ref, line.count, number)
            if collected.full:
                break
    deck.entries = collected.entries
    zones.finish(deck)
    return deck, capped(problems)


def apply_meta(deck: Deck, key: str, value: str, line: int | None,
               problems: list[Problem]) -> None:
    """Set a deck's game, format or name from a `# key: value` line (or a file's own field)."""
    if control := control_character(value):
        problems.append(problem("invalid-field", _("{key} holds the control character "
                                                   "{control}; delete it").format(
                                                     key=key, control=control), line))
        return
    setattr(deck, key, value.strip() or None)
    if key in ("game", "format"):
        setattr(deck, f"{key}_line", line)


def parse_text_line(line: str) -> tuple[int, str] | None:
    """'4 Name', '4x Name', '4 x Name' or 'Name x4' -> (4, 'Name')."""
    card = _parse_card(line)
    return None if card is None else card[:2]


@lru_cache(maxsize=1024)
def section_part(body: str) -> Literal["zone", "deck", "type"] | None:
    """What a line (without its comment) heads: a side zone (`Sideboard:`, ZONE_NAMES), the
    deck itself (`Main deck:`), a card type (`NetNavi:`, `Events (8)`, `Battlechips [12]`,
    a bare `Resources`: SECTION_NAMES), or None when it is no header."""
    if len(body) > MAX_HEADER_CHARS:
        return None
    name = squash(_HEADER_COUNT.sub("", body.rstrip(":").rstrip().rstrip(":")))
    names = {name, name[:-1]} if name.endswith("s") else {name}
    if names & ZONE_NAMES:
        return "zone"
    if names & DECK_PARTS:
        return "deck"
    return "type" if names & SECTION_NAMES else None


def zone_name(body: str) -> str:
    """A zone header's name as written (`Side deck (15):` -> `Side deck`), printable."""
    name = _HEADER_COUNT.sub("", body.rstrip(":").rstrip()).rstrip(": ")
    return name if name.isprintable() else squash(name)


def _parse_card(line: str) -> tuple[int, str, tuple[int, int]] | None:
    """(count, reference, where the count stands) for a card line without its comment; a line
    `Name (number)` holds one copy, and its count stands nowhere yet (an empty span at 0).

    A count of thousands of digits is no count (Python refuses to parse it): the line is bad.
    """
    if match := _COUNT_FIRST.match(line):
        count, ref, span = match.group(1), match.group(2).strip(), match.span(1)
    elif match := _COUNT_LAST.match(line):
        count, ref, span = match.group(2), match.group(1).strip(), match.span(2)
    elif match := _COUNT_IN_BRACKETS.match(line):
        group = 2 if match.group(2) is not None else 3
        count, ref, span = match.group(group), match.group(1), match.span(group)
    elif (match := _LAST_BRACKET.search(line)) and not (match.group(1) or match.group(2)
                                                         or "").strip().isdigit():
        return 1, line, (0, 0)
    else:
        return None
    return (int(count), ref, span) if len(count) <= MAX_COUNT_DIGITS else None


def newline_of(text: str) -> str:
    """The file's line ending, judged by its first line."""
    end = text.find("\n")
    return "\r\n" if end > 0 and text[end - 1] == "\r" else "\n"
