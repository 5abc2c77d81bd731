"""Mulligans: which cards a player sends back, and the exact odds once they have.

The policy the report states: a hand that already meets the wants is kept. Otherwise, under
a partial mulligan (return any number, shuffle, draw as many), the player keeps, want by want,
up to the number of matching cards that want asks for (cards kept for an earlier want count
for later ones) and returns every other card; under a full mulligan the whole hand goes back
and a hand of the same size is drawn. One mulligan only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb
from typing import Any

from deckcli.draw.exact import Counts, HandOdds, outcomes, subtract
from deckcli.draw.setup import Procedure
from deckcli.draw.wants import Partition

POLICY = {
    "partial": "a hand that misses keeps, for each want, up to the cards it asks for and "
    "returns the rest, shuffles them in and draws as many (once)",
    "full": "a hand that misses goes back whole; a new hand of the same size is drawn (once)",
}


def kept(
    rule: str,
    partition: Partition,
    hand: Sequence[Any],
    minimum: Callable[[Any, Any], Any] = min,
    maximum: Callable[[Any, Any], Any] = max,
) -> list[Any]:
    """Cards per group a missing hand keeps; on ints, or numpy arrays (pass np.minimum/maximum)."""
    keep = [held * 0 for held in hand]
    if rule == "full":
        return keep
    for want, members in zip(partition.wants, partition.members, strict=True):
        short = maximum(want.low - sum(keep[g] for g in members), 0)
        for g in members:
            take = minimum(hand[g] - keep[g], short)
            keep[g] = keep[g] + take
            short = short - take
    return keep


def by_turn(odds: HandOdds, procedure: Procedure, turns: int) -> list[Fraction]:
    """P(wants met) at the end of turns 0..T when a missing opening hand is mulliganed.

    The face-down cards are summed over explicitly: after a mulligan the returned cards can
    be drawn again but the face-down ones cannot, so the symmetry of `exact` no longer hides
    them.
    """
    counts = odds.partition.counts
    totals = [Fraction(0)] * (turns + 1)
    for hand in procedure.hand_sizes:
        first = procedure.phases(hand, 0)[0]
        seen = procedure.seen(hand, turns)
        for face_down, ways in outcomes(counts, first.hidden):
            share = Fraction(ways, comb(sum(counts), first.hidden) * len(procedure.hand_sizes))
            pile = subtract(counts, face_down)
            for turn, odds_then in enumerate(_after_mulligan(odds, procedure, pile, first.drawn,
                                                             seen)):
                totals[turn] += share * odds_then
    return totals


def _after_mulligan(
    odds: HandOdds, procedure: Procedure, pile: Counts, hand: int, seen: list[int]
) -> list[Fraction]:
    """Per turn, for hands dealt from `pile`: group the dealt hands by what is held after the
    mulligan; from there the rest of the pile (returned cards included) is a fresh shuffle."""
    partition = odds.partition
    starts: dict[Counts, int] = {}
    for dealt, ways in outcomes(pile, hand):
        odds.spend(len(dealt))
        held = dealt if partition.holds(dealt) else tuple(kept(procedure.mulligan, partition,
                                                               dealt))
        starts[held] = starts.get(held, 0) + ways
    dealings = comb(sum(pile), hand)
    totals = [Fraction(0)] * len(seen)
    for held, ways in starts.items():
        later = odds.after(held, subtract(pile, held), [cards - sum(held) for cards in seen])
        for turn, value in enumerate(later):
            totals[turn] += ways * value
    return [total / dealings for total in totals]

