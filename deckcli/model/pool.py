"""A loaded card pool: plain data plus the indexes that find cards fast.

A `Pool` is built once from validated cards and never written to afterwards; memos that depend
on a format or a query live in `deckcli.engine.resolver.Resolver`, not here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from deckcli.model.card import Card
from deckcli.model.poolspec import FieldDef, PoolHeader
from deckcli.textnorm import dropped_by_squash, squash


@dataclass(eq=False)
class Pool:
    """A game's cards and header, with lookup indexes built on construction."""

    path: Path
    header: PoolHeader
    cards: list[Card]
    by_number: dict[str, Card] = field(default_factory=dict, init=False)
    by_name: dict[str, list[Card]] = field(default_factory=dict, init=False)
    digest: str | None = None  # the hash of the pool file's bytes it was loaded from

    def __post_init__(self) -> None:
        for card in self.cards:
            self.by_number.setdefault(card.folded_number, card)
            for name in card.folded_names:
                self.by_name.setdefault(name, []).append(card)

    @property
    def game_id(self) -> str:
        return self.header.game.id

    @property
    def game_name(self) -> str:
        return self.header.game.name

    @property
    def fields(self) -> dict[str, FieldDef]:
        return self.header.fields

    def squashed(self, text: str) -> str:
        """A name with only its letters and digits (and the pool's `name_keep` characters)."""
        return squash(text, self.header.game.name_keep)

    @cached_property
    def by_squash(self) -> dict[str, list[Card]]:
        """Names with spaces and punctuation ignored -> cards: 'Cyber Sword' finds CyberSword.
        Built on first use, for the references an exact lookup misses."""
        index: dict[str, list[Card]] = {}
        dropped = dropped_by_squash(self.header.game.name_keep).sub  # `squash` of a folded
        for card in self.cards:                                     # name: folded once, here
            for key in dict.fromkeys(dropped("", name) for name in card.folded_names):
                if key:
                    index.setdefault(key, []).append(card)
        return index

    @cached_property
    def trigrams(self) -> dict[str, list[str]]:
        """Trigram -> folded names and numbers containing it, to find suggestions fast."""
        index: dict[str, list[str]] = {}
        for key in dict.fromkeys([*self.by_name, *self.by_number]):
            padded = f" {key} "  # trigrams_of, inlined: thousands of names, once per pool
            for gram in {padded[i : i + 3] for i in range(len(padded) - 2)}:
                if gram in index:
                    index[gram].append(key)
                else:
                    index[gram] = [key]
        return index

    @cached_property
    def name_groups(self) -> dict[str, str]:
        """Card number -> id of its same-name group (cards linked by any shared name)."""
        parent: dict[str, str] = {card.number: card.number for card in self.cards}

        def root(number: str) -> str:
            while parent[number] != number:
                parent[number] = parent[parent[number]]
                number = parent[number]
            return number

        for bucket in self.by_name.values():
            first = root(bucket[0].number)
            for card in bucket[1:]:
                parent[root(card.number)] = first
        return {card.number: root(card.number) for card in self.cards}

    def copy_keys(self, key: str) -> Mapping[str, str | None]:
        """Card number -> what a copies rule counts it by: its name group, number, or a field."""
        if key == "name":
            return self.name_groups
        if key == "number":
            return {card.number: card.number for card in self.cards}
        values = ((card.number, card.attrs.get(key)) for card in self.cards)
        return {number: None if value is None else str(value) for number, value in values}


def trigrams_of(text: str) -> list[str]:
    """Overlapping three-character pieces of a padded string ('ab' -> ' ab', 'ab ')."""
    padded = f" {text} "
    return [padded[i : i + 3] for i in range(len(padded) - 2)]
