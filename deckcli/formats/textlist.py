"""Plain-text deck lists: read one for `import`, write one for `export`.

Lines are read exactly as `deckcli check` reads text decks (`deckfile.textread.text_lines`):
`4 Name`, `4x Name`, `Name x4`, section headers (`NetNavi:`, `Events (8)`), `#` and `//`
comments, and `# game:` / `# format:` / `# name:` lines. An exported list imports back to the
same deck: the same cards (by number) and counts, game, format and name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from deckcli.engine.resolver import Resolved, Resolver
from deckcli.formats.layout import group_by_type
from deckcli.formats.read import parse_deck_text
from deckcli.formats.textread import text_lines
from deckcli.model.card import Card
from deckcli.model.deck import Deck, DeckEntry, DeckKind


@dataclass
class Unresolved:
    """A line of the list that gives no card: where, what it says, and why."""

    line: int
    text: str
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: " + (f"{self.text}: " * bool(self.text)) + self.reason


@dataclass
class ImportedList:
    """A text list resolved against a game: its cards, and the lines that did not resolve."""

    deck: Deck
    resolver: Resolver
    counted: list[Resolved]
    unresolved: list[Unresolved]
    zones: list[Unresolved]  # side zones (`Sideboard:`): a TOML deck has no place for them


def import_list(text: str, choose: Callable[[Deck], Resolver], kind: DeckKind = "text"
                ) -> ImportedList:
    """Read a deck list (a text list, or a `kind` of file another program wrote); `choose`
    gives the resolver for what the list says of itself (its game and format) or raises."""
    deck, problems = parse_deck_text(text, Deck(path="", kind=kind))
    resolver = choose(deck)
    raw_lines = text.splitlines()

    def unresolved(line: int, reason: str) -> Unresolved:
        shown = raw_lines[line - 1].strip() if 0 < line <= len(raw_lines) else ""
        return Unresolved(line, shown, reason)

    bad = [unresolved(p.line or 0, p.message) for p in problems if p.severity == "error"]
    zones = [Unresolved(p.line or 0, "", p.message) for p in problems if p.rule == "deck-zone"]
    notes = resolver.resolve(deck.entries)[1]
    bad.extend(unresolved(p.line or 0, p.message) for p in notes
               if p.rule == "name-number-mismatch")
    counted = []
    for item in resolver.tally(deck.entries):
        if item.card is None:
            bad.append(unresolved(item.line or 0, resolver.why_not(item.ref,
                                                                   resolver.lookup(item.ref))))
        else:
            counted.append(item)
    return ImportedList(deck, resolver, counted, sorted(bad, key=lambda b: b.line), zones)


def list_text(resolver: Resolver, counted: list[Resolved], name: str | None) -> str:
    """A deck as a text list grouped by type, with `# game:`, `# format:`, `# name:` lines."""
    out = [f"# game: {resolver.pool.game_id}", f"# format: {resolver.format_id}"]
    if name:
        out.append(f"# name: {' '.join(name.split())}")
    for label, members in group_by_type(resolver.pool, counted, lambda item: item.card):
        out.extend(["", f"# {label} ({sum(item.count for item in members)})"])
        out.extend(f"{item.count} {_list_key(resolver, item)}" for item in members)
    return "\n".join(out) + "\n"


def zone_text(resolver: Resolver, zones: dict[str, list[DeckEntry]]) -> str:
    """Side zones as text-list sections (`Sideboard:` then its lines): they read back as the
    same zones, never as the deck's cards."""
    out = []
    for zone, entries in zones.items():
        out.extend(["", f"{zone}:"])
        for entry in entries:
            card = resolver.lookup(entry.ref).card
            out.append(f"{entry.count} {deck_key(resolver, card, True) if card else entry.ref}")
    return "\n".join(out) + "\n" if out else ""


def _list_key(resolver: Resolver, item: Resolved) -> str:
    return deck_key(resolver, item.card, text_list=True) if item.card else item.ref


def deck_key(resolver: Resolver, card: Card, text_list: bool = False) -> str:
    """How a deck file names a card: `Resolver.spelling`, or its number where the name would
    not read back from a text list (a ' #' or ' //' in a name would start a comment)."""
    key = resolver.spelling(card)
    if text_list and key == card.name:
        line = next(text_lines(f"1 {key}"))
        if not (line.kind == "card" and line.ref == key and line.count == 1):
            return card.number
    return key
