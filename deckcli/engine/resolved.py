"""A deck entry with the card it names, as the resolver hands it out: what rules count (a
`Resolved` always has its card) and what lists and diffs show (the tally keeps references that
name no card as `Unresolved`)."""

from __future__ import annotations

from deckcli.model.card import Card
from deckcli.model.deck import DeckEntry


class Counted:
    """A deck entry and its copies: the part a resolved and an unresolved entry share."""

    __slots__ = ("count", "entry")

    def __init__(self, count: int, entry: DeckEntry) -> None:
        self.count = count
        self.entry = entry

    @property
    def line(self) -> int | None:
        """The entry's line, looked up only when a problem is placed on it."""
        return self.entry.line

    @property
    def ref(self) -> str:
        return self.entry.ref


class Resolved(Counted):
    """A deck entry with the card it names: what rules count."""

    __slots__ = ("card",)

    def __init__(self, card: Card, count: int, entry: DeckEntry) -> None:
        self.card = card  # set here, not through super(): rules build many of these
        self.count = count
        self.entry = entry


class Unresolved(Counted):
    """A deck entry naming no card (or several that differ), kept as written."""

    __slots__ = ("card",)

    def __init__(self, count: int, entry: DeckEntry) -> None:
        super().__init__(count, entry)
        self.card = None


Tallied = Resolved | Unresolved
