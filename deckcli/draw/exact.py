"""Exact odds: sums of multivariate hypergeometric terms over the groups of the pile.

Why cards moved face down (a point gauge, a power-up) change nothing when no mulligan is taken:
the shuffle makes all L! orders of the pile equally likely, and the procedure fixes which
positions of the pile go to the hand before any card is seen (its phases depend on the hand
size and the turn only). For a fixed set S of n positions, exchanging S with the top n
positions is a bijection of the orders, so the cards at S are distributed exactly like the top
n cards: a uniformly random n-subset of the pile. After turn t the hand is therefore such a
subset of size seen(t), whatever went face down in between, and

    P(the hand meets the wants) = Σ_x [x meets the wants] · Π_g C(K_g, x_g) / C(L, n)

over the vectors x of cards per group (x_g ≤ K_g, Σ x_g = n). The same argument, applied to
the orders that put given cards at given positions, shows that once a hand x is known the
rest of the pile is still in uniformly random order; `mulligan` relies on that. A hand-size
mixture ([7, 8]) is the average over its sizes, each equally likely.

The sum is not taken vector by vector: a dynamic programme runs over the groups, keeping for
each partial hand only how many cards it has drawn and how many count for each want, capped
where the want stops changing (at least 2: 0, 1, 2+). Ways are Python integers, so the odds
come out as exact fractions; one table answers every hand size up to its largest.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import comb

from deckcli.draw.setup import Procedure
from deckcli.draw.wants import Partition

Counts = tuple[int, ...]


def outcomes(counts: Counts, n: int) -> Iterator[tuple[Counts, int]]:
    """Every split of n drawn cards over the groups, with how many card subsets give it.

    The last group takes what is left, so only the other groups are enumerated.
    """
    last = len(counts) - 1
    room_after = [sum(counts[g + 1 :]) for g in range(len(counts))]

    def fill(g: int, left: int, prefix: Counts, ways: int) -> Iterator[tuple[Counts, int]]:
        if g == last:
            if left <= counts[g]:
                yield (*prefix, left), ways * comb(counts[g], left)
            return
        for x in range(max(0, left - room_after[g]), min(counts[g], left) + 1):
            yield from fill(g + 1, left - x, (*prefix, x), ways * comb(counts[g], x))

    if counts and 0 <= n <= sum(counts):
        yield from fill(0, n, (), 1)


def subtract(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b, strict=True))


class TooLong(Exception):
    """The exact sums would take longer than the budget allows: simulate instead."""


class HandOdds:
    """P(cards already held plus n more drawn from a pile meet the wants), tables remembered.

    `budget` bounds the steps of the dynamic programme (a microsecond or two each); past it,
    `TooLong` is raised rather than keeping the user waiting.
    """

    def __init__(self, partition: Partition, budget: int | None = None) -> None:
        self.partition = partition
        self.budget = budget
        self._tables: dict[tuple[Counts, Counts, int], list[int]] = {}

    def after(self, held: Counts, pile: Counts, draws: Sequence[int]) -> list[Fraction]:
        """For each n of `draws`: P(held + n cards drawn from `pile` meet the wants)."""
        met = self._met_by_drawn(held, pile, max(draws, default=0))
        rest, total = pile[-1], sum(pile)
        return [
            Fraction(sum(ways * comb(rest, n - s) for s, ways in enumerate(met[: n + 1])),
                     comb(total, n))
            for n in draws
        ]

    def fresh(self, pile: Counts, draws: Sequence[int]) -> list[Fraction]:
        """Hands of n cards from the pile, holding nothing before."""
        return self.after((0,) * len(pile), pile, draws)

    def _met_by_drawn(self, held: Counts, pile: Counts, most: int) -> list[int]:
        """met[s]: ways to draw s cards from the groups that count for some want (the last
        group, counting for none, fills the hand) so that the wants are met."""
        caps = self.partition.caps
        start = tuple(min(count, cap) for count, cap in
                      zip(self.partition.want_counts(held), caps, strict=True))
        key = (start, pile[:-1], most)
        if key not in self._tables:
            states: dict[tuple[int, Counts], int] = {(0, start): 1}
            for group, count in zip(self.partition.groups[:-1], pile[:-1], strict=True):
                self.spend(len(states) * (min(count, most) + 1))
                states = _add_group(states, group.signature, count, caps, most)
            met = [0] * (most + 1)
            for (drawn, counts), ways in states.items():
                if self.partition.meets(counts):
                    met[drawn] += ways
            self._tables[key] = met
        return self._tables[key]

    def spend(self, steps: int) -> None:
        if self.budget is not None:
            self.budget -= steps
            if self.budget < 0:
                raise TooLong


def _add_group(states: dict[tuple[int, Counts], int], signature: tuple[bool, ...], count: int,
               caps: Counts, most: int) -> dict[tuple[int, Counts], int]:
    """Extend every partial hand by 0..count cards of one group."""
    grown: dict[tuple[int, Counts], int] = {}
    for (drawn, counts), ways in states.items():
        for x in range(min(count, most - drawn) + 1):
            bumped = tuple(min(c + x, cap) if counted else c
                           for c, cap, counted in zip(counts, caps, signature, strict=True))
            key = (drawn + x, bumped)
            grown[key] = grown.get(key, 0) + ways * comb(count, x)
    return grown


def by_turn(odds: HandOdds, procedure: Procedure, turns: int) -> list[Fraction]:
    """P(wants met) at the end of turns 0..T with no mulligan; one table serves every turn."""
    counts = odds.partition.counts
    weight = Fraction(1, len(procedure.hand_sizes))
    totals = [Fraction(0)] * (turns + 1)
    for hand in procedure.hand_sizes:
        for turn, value in enumerate(odds.fresh(counts, procedure.seen(hand, turns))):
            totals[turn] += weight * value
    return totals

