"""Mulligan policies by name, the `best` keep, and a partition in an order-free form.

`best` is computed exactly: for a hand that misses, every sub-hand it could keep (per group,
0..held; under a full mulligan, nothing) is scored by the exact probability that the wants
hold once the returned cards are shuffled in and as many are drawn, averaged over the unseen
face-down cards; the highest wins, ties going to the keep with more cards, then to the first
in the canonical group order. The same table drives the simulation.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from itertools import product

from deckcli.draw.exact import Counts, HandOdds, outcomes
from deckcli.draw.mulligan import Keep, after_keep, default_keep, group_order
from deckcli.draw.setup import Procedure
from deckcli.draw.wants import Partition

MAX_TABLE = 2_000_000  # cells of the simulator's keep lookup table


def canonical(partition: Partition) -> Partition:
    """The same partition with its groups in an order fixed by the wants' texts (the group
    matching no want stays last), so that results, simulated ones included, do not depend on
    the order of deck lines or of `--want`s."""
    order = group_order(partition)
    return replace(partition, groups=(*(partition.groups[g] for g in order),
                                      partition.groups[-1]))


def sub_hands(dealt: Counts, rule: str) -> Iterator[Counts]:
    if rule == "full":
        yield (0,) * len(dealt)
        return
    yield from product(*(range(held + 1) for held in dealt))


def best_keep(odds: HandOdds, rule: str) -> Keep:
    """The keep that maximises P(wants hold after the mulligan), remembered per hand."""
    chosen: dict[tuple[Counts, Counts, int], Counts] = {}

    def keep(dealt: Counts, unseen: Counts, hidden: int) -> Counts:
        key = (dealt, unseen, hidden)
        if key not in chosen:
            hand = sum(dealt)
            best: tuple[Fraction, int] | None = None
            for held in sub_hands(dealt, rule):
                value = after_keep(odds, dealt, held, unseen, hidden, [hand])[0]
                rank = (value, sum(held))
                if best is None or rank > best:
                    best, chosen[key] = rank, held
        return chosen[key]

    return keep


def policy_keep(policy: str, odds: HandOdds, rule: str) -> Keep:
    return best_keep(odds, rule) if policy == "best" else default_keep(rule, odds.partition)


def keep_tables(policy: str, partition: Partition, procedure: Procedure
                ) -> dict[int, tuple[tuple[int, ...], list[Counts]]]:
    """Per opening-hand size: (radices, keep per hand index) for the simulator, where a hand's
    index is its cards per group in mixed radix. Hands that meet the wants keep everything."""
    odds = HandOdds(partition)
    keep = policy_keep(policy, odds, procedure.mulligan)
    counts = partition.counts
    tables = {}
    for hand in procedure.hand_sizes:
        first = procedure.phases(hand, 0)[0]
        radices = tuple(min(count, first.drawn) + 1 for count in counts)
        cells = 1
        for radix in radices:
            cells *= radix
        if cells > MAX_TABLE:
            raise ValueError("too many different hands to tabulate the best keep")
        table: list[Counts] = [(0,) * len(counts)] * cells
        for dealt, _ in outcomes(counts, first.drawn):
            unseen = tuple(c - d for c, d in zip(counts, dealt, strict=True))
            index = 0
            for held, radix in zip(dealt, radices, strict=True):
                index = index * radix + held
            table[index] = dealt if partition.holds(dealt) else keep(dealt, unseen,
                                                                      first.hidden)
        tables[first.drawn] = (radices, table)
    return tables
