"""Plain-text deck lists written, for `export` and `new` (`importlist` reads them for `import`).

Lines are read exactly as `deckcli check` reads text decks (`deckfile.textread.text_lines`):
`4 Name`, `4x Name`, `Name x4`, section headers (`NetNavi:`, `Events (8)`), `#` and `//`
comments, and `# game:` / `# format:` / `# name:` lines. An exported list imports back to the
same deck: the same cards (by number) and counts, game, format and name.
"""

from __future__ import annotations

from deckcli.engine.resolver import Resolved, Resolver
from deckcli.formats.layout import group_by_type
from deckcli.formats.textread import text_lines
from deckcli.model.card import Card
from deckcli.model.deck import DeckEntry


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
