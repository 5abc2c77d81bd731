"""What a collection covers of some decks: per deck the cards it lacks, the cards to acquire to
build every deck at once, and the cards the decks compete for.

Plain data, made by `engine.owned` and shown by `report.owned`; `to_json` is the contract of
`deckcli own --format json` (its keys never change with the language).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcli.model.card import Card
from deckcli.model.problem import Problem


@dataclass(slots=True)
class Need:
    """One card: how many copies are needed, how many of them the collection holds (copies of
    this card, or of a printing the deck's reference accepts) and how many are missing."""

    card: Card
    game: str
    needed: int
    owned: int
    missing: int
    line: int | None = None  # the deck line that asks for it (None for a total)

    def to_json(self) -> dict[str, object]:
        return {"card": self.card.number, "name": self.card.name, "needed": self.needed,
                "owned": self.owned, "missing": self.missing}


@dataclass(slots=True)
class DeckNeeds:
    """One deck measured against its game's collection, alone (as if no other deck took a
    copy): every card it needs (`cards`), in deck order, and what could not be counted."""

    path: str
    game: str
    format: str
    name: str | None
    cards: list[Need]
    problems: list[Problem] = field(default_factory=list)

    @property
    def lacking(self) -> list[Need]:
        """The cards of the deck the collection does not cover."""
        return [need for need in self.cards if need.missing]

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "game": self.game, "format": self.format, "name": self.name,
                "needed": sum(need.needed for need in self.cards),
                "owned": sum(need.needed - need.missing for need in self.cards),
                "missing": sum(need.missing for need in self.cards),
                "complete": not self.lacking and not self.problems,
                "cards": [need.to_json() for need in self.lacking],
                "problems": [problem.to_json() for problem in self.problems]}


@dataclass(slots=True)
class Claim:
    """One deck's claim on a shared card: the copies it needs, and how many it lacks alone."""

    path: str
    needed: int
    missing: int

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "needed": self.needed, "missing": self.missing}


@dataclass(slots=True)
class Shared:
    """A card several decks use at once beyond what the collection holds: `competing` is how
    many copies more than the decks lack one by one it takes to build them all at once."""

    card: Card
    game: str
    owned: int
    needed: int
    missing: int
    competing: int
    decks: list[Claim]

    def to_json(self) -> dict[str, object]:
        return {"card": self.card.number, "name": self.card.name, "game": self.game,
                "owned": self.owned, "needed": self.needed, "missing": self.missing,
                "competing": self.competing, "decks": [claim.to_json() for claim in self.decks]}


@dataclass(slots=True)
class CollectionFile:
    """One collection file: its game, how many copies it lists, what reading it found."""

    path: str
    game: str
    copies: int
    problems: list[Problem] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "game": self.game, "copies": self.copies,
                "problems": [problem.to_json() for problem in self.problems]}


@dataclass(slots=True)
class OwnReport:
    """Decks against collections: each deck alone, then what every deck at once still needs
    (`to_acquire`) and the cards they compete for (`shared`)."""

    collections: list[CollectionFile]
    decks: list[DeckNeeds]
    to_acquire: list[Need]
    shared: list[Shared]

    @property
    def problems(self) -> int:
        """Lines of decks and collections that name no card (or several that differ)."""
        return (sum(len(deck.problems) for deck in self.decks)
                + sum(len(found.problems) for found in self.collections))

    @property
    def total(self) -> int:
        """Copies to acquire to build every deck at once."""
        return sum(need.missing for need in self.to_acquire)

    def to_json(self) -> dict[str, object]:
        return {"collections": [found.to_json() for found in self.collections],
                "decks": [deck.to_json() for deck in self.decks],
                "to_acquire": {"total": self.total,
                               "cards": [{**need.to_json(), "game": need.game}
                                         for need in self.to_acquire]},
                "shared": [shared.to_json() for shared in self.shared]}
