"""A game's costs as data (`[costs]` in its pool), and whether cards in play pay for a card.

`CardCost` is what one card needs (power, colours, emblems); `Supply` is what a set of cards in
play gives. `best_support` decides the question `--playable` asks of one hand: can at most
`max_resources` of the resources at hand be put in play, each in an order where its own
requirements are met by what is already in play, so that they (with the cards always in
play) meet the card's requirements? Requirements are checked, never spent (MegaMan R1 p.11).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from deckcli.model.card import Card
from deckcli.model.poolspec import Costs


@dataclass(frozen=True)
class CardCost:
    power: int
    colours: tuple[tuple[str, int], ...]
    emblems: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        parts = [f"power {self.power}"]
        parts += [f"{name} ×{count}" for name, count in self.colours]
        parts += [f"{name} emblem ×{count}" for name, count in self.emblems]
        return ", ".join(parts)


@dataclass(frozen=True)
class Supplier:
    """A card that can be in play: what it needs, what it gives, how it is unique."""

    key: str  # uniqueness key (the name before the title); "" for non-unique cards
    colour: str | None
    emblem: str | None
    cost: CardCost


def _pattern(template: str) -> re.Pattern[str]:
    text = re.escape(template).replace(r"\{name\}", r"(?P<name>.+?)")
    return re.compile(text.replace(r"\{count\}", r"(?P<count>\d+)"), re.IGNORECASE)


class CostModel:
    """The `[costs]` declaration of a pool, ready to read cards with."""

    def __init__(self, costs: Costs) -> None:
        self.costs = costs
        self._emblem = _pattern(costs.emblem_pattern)
        self._colour = _pattern(costs.colour_pattern)

    def cost(self, card: Card) -> CardCost | None:
        """What the card needs; None when its power is not recorded or a requirement cannot
        be read (the card is then "cannot verify", never guessed)."""
        power = card.attrs.get(self.costs.power)
        if not isinstance(power, int) or isinstance(power, bool):
            return None
        text = card.attrs.get(self.costs.requirements) or ""
        colours: Counter[str] = Counter()
        emblems: Counter[str] = Counter()
        for part in filter(None, (p.strip() for p in str(text).split(self.costs.separator))):
            if (match := self._emblem.fullmatch(part)) is not None:
                emblems[match["name"]] += int(match["count"])
            elif (match := self._colour.fullmatch(part)) is not None:
                colours[match["name"]] += int(match["count"])
            else:
                return None
        return CardCost(power, tuple(sorted(colours.items())), tuple(sorted(emblems.items())))

    def gauge(self, turn: int) -> int:
        cards = turn * self.costs.gauge_per_turn
        return cards if self.costs.gauge_max is None else min(cards, self.costs.gauge_max)

    def supplier(self, card: Card) -> Supplier | None:
        cost = self.cost(card)
        if cost is None:
            return None
        unique = card.attrs.get(self.costs.unique) is not False
        key = self.key(card) if unique else ""
        colour = card.attrs.get(self.costs.colour)
        emblem = card.attrs.get(self.costs.emblem)
        return Supplier(key, str(colour) if colour else None, str(emblem) if emblem else None,
                        cost)

    def key(self, card: Card) -> str:
        """Sameness in play: the name up to the title separator, case-folded."""
        sep = self.costs.title_separator
        return (card.name.split(sep)[0] if sep else card.name).casefold()


def met(cost: CardCost, gauge: int, in_play: Sequence[Supplier]) -> bool:
    """Whether cards in play (each counted once: pass unique cards once) meet a cost."""
    if cost.power > gauge:
        return False
    colours = Counter(s.colour for s in in_play if s.colour)
    emblems = Counter(s.emblem for s in in_play if s.emblem)
    return (all(colours[name] >= count for name, count in cost.colours)
            and all(emblems[name] >= count for name, count in cost.emblems))


def orderable(chosen: Sequence[Supplier], base: Sequence[Supplier], gauge: int) -> bool:
    """Whether the chosen resources can be played one by one, each meeting its own
    requirements with the cards already in play."""
    played = list(base)
    left = list(chosen)
    while left:
        ready = [s for s in left if met(s.cost, gauge, played)]
        if not ready:
            return False
        for s in ready:
            left.remove(s)
        played.extend(ready)
    return True


def best_support(cost: CardCost, gauge: int, base: Sequence[Supplier],
                 at_hand: Sequence[Supplier], slots: int | None) -> bool:
    """Can at most `slots` of `at_hand` be put in play (unique keys once) to pay for `cost`?"""
    if cost.power > gauge:
        return False
    taken_keys = {s.key for s in base if s.key}
    usable = [s for s in at_hand if s.cost.power <= gauge and s.key not in taken_keys]
    # monotone first test: everything usable, ignoring slots and uniqueness, as far as it goes
    reach = list(base)
    left = usable[:]
    while True:
        ready = [s for s in left if met(s.cost, gauge, reach)]
        if not ready:
            break
        for s in ready:
            left.remove(s)
        reach.extend(ready)
    if not met(cost, gauge, reach):
        return False
    candidates = reach[len(base):]
    most = len(candidates) if slots is None else min(slots, len(candidates))
    for size in range(most + 1):
        for chosen in combinations(candidates, size):
            keys = [s.key for s in chosen if s.key]
            if len(keys) != len(set(keys)):
                continue
            if met(cost, gauge, [*base, *chosen]) and orderable(chosen, base, gauge):
                return True
    return False
