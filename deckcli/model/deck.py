"""A deck as read from a file: what it says about itself and its card entries.

`DeckEntry` is the one type for "a card reference, a count, and where it was written": every
deck format's reader makes them, the resolver resolves them and the editors edit by them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Literal, Protocol

_count = attrgetter("count")
DeckKind = Literal["toml", "text", "lackey", "csv", "json"]


class DeckEntry:
    """One `[cards]` line: what the user wrote, how many, and where.

    A plain slotted class: a check of thousands of decks makes one per card line. The line of a
    TOML entry is looked up only when something asks for it (see `LazyKeyLines`).
    """

    __slots__ = ("ref", "count", "_line", "_lines")

    def __init__(self, ref: str, count: int, line: int | None = None,
                 lines: LineSource | None = None) -> None:
        self.ref = ref
        self.count = count
        self._line = line
        self._lines = lines

    @property
    def line(self) -> int | None:
        if self._line is None and self._lines is not None:
            self._line = self._lines.get("cards", self.ref)
            self._lines = None
        return self._line

    @line.setter
    def line(self, value: int | None) -> None:
        self._line, self._lines = value, None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DeckEntry):
            return NotImplemented
        return (self.ref, self.count, self.line) == (other.ref, other.count, other.line)

    def __repr__(self) -> str:
        return f"DeckEntry(ref={self.ref!r}, count={self.count!r}, line={self.line!r})"


class LineSource(Protocol):
    """Where keys stand in a deck file: `get(table, key) -> line`."""

    def get(self, table: str, key: str) -> int | None: ...


@dataclass
class Deck:
    """A deck as read from a file, before its cards are resolved."""

    path: str
    kind: DeckKind = "toml"
    game: str | None = None
    format: str | None = None
    name: str | None = None
    entries: list[DeckEntry] = field(default_factory=list)
    # cards of a side zone (`Sideboard:`, `Maybe:`), by the zone's name as written: never part
    # of the deck, kept so a reader can report them and `export` can write them back
    zones: dict[str, list[DeckEntry]] = field(default_factory=dict)
    game_line: int | None = None
    format_line: int | None = None
    key_lines: LineSource | None = field(default=None, repr=False, compare=False)

    @property
    def total(self) -> int:
        """How many cards the entries add up to."""
        return sum(map(_count, self.entries))

    def line_of(self, key: str) -> int | None:
        """The line of a top-level key (game, format, …), worked out when first asked."""
        known = {"game": self.game_line, "format": self.format_line}.get(key)
        if known is None and self.key_lines is not None:
            return self.key_lines.get("", key)
        return known
