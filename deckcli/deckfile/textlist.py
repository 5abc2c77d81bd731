"""Plain-text deck lists: read one for `import`, write one for `export`.

Lines are read exactly as `deckcli check` reads text decks (`deckfile.textread.text_lines`):
`4 Name`, `4x Name`, `Name x4`, section headers (`NetNavi:`, `Events (8)`), `#` and `//`
comments, and `# game:` / `# format:` / `# name:` lines. An exported list imports back to the
same deck: the same cards (by number) and counts, game, format and name.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckcli.deckfile.layout import group_by_type
from deckcli.deckfile.loaded import Counted, Resolver, open_game
from deckcli.deckfile.textread import parse_text_deck
from deckcli.errors import UserError
from deckcli.models import Deck
from deckcli.pools import PoolRegistry


@dataclass
class Unresolved:
    """A line of the list that gives no card: where, what it says, and why."""

    line: int
    text: str
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.text}: {self.reason}"


@dataclass
class ImportedList:
    """A text list resolved against a game: its cards, and the lines that did not resolve."""

    resolver: Resolver
    name: str | None
    counted: list[Counted]
    unresolved: list[Unresolved]


def import_list(text: str, registry: PoolRegistry, game: str,
                format_id: str | None) -> ImportedList:
    """Read a text list for GAME; `format_id` (else the list's `# format:`, else the default)."""
    deck, problems = parse_text_deck(text, Deck(path="", kind="text"))
    resolver = open_game(registry, game, format_id or deck.format)
    if deck.game and registry.resolve_id(deck.game) != resolver.pool.game_id:
        raise UserError(f"the list says '# game: {deck.game}', not {resolver.pool.game_id}; "
                        "import it for that game or fix the line")
    raw_lines = text.splitlines()

    def unresolved(line: int, reason: str) -> Unresolved:
        return Unresolved(line, raw_lines[line - 1].strip(), reason)

    bad = [unresolved(p.line or 0, p.message) for p in problems if p.severity == "error"]
    counted = []
    for item in resolver.count(deck.entries):
        if item.card is None:
            bad.append(unresolved(item.line or 0, resolver.why_not(item.ref,
                                                                   resolver.lookup(item.ref))))
        else:
            counted.append(item)
    return ImportedList(resolver, deck.name, counted, sorted(bad, key=lambda b: b.line))


def list_text(resolver: Resolver, counted: list[Counted], name: str | None) -> str:
    """A deck as a text list grouped by type, with `# game:`, `# format:`, `# name:` lines."""
    out = [f"# game: {resolver.pool.game_id}", f"# format: {resolver.format_id}"]
    if name:
        out.append(f"# name: {' '.join(name.split())}")
    for label, members in group_by_type(resolver.pool, counted, lambda item: item.card):
        out.extend(["", f"# {label} ({sum(item.count for item in members)})"])
        out.extend(f"{item.count} {_list_key(resolver, item)}" for item in members)
    return "\n".join(out) + "\n"


def _list_key(resolver: Resolver, item: Counted) -> str:
    return resolver.key(item.card, text_list=True) if item.card else item.ref
