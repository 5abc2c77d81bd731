"""Mulligans: which cards a player sends back, and the exact odds once they have.

Three policies, by name (`--mulligan [default|best|none]`); a hand that meets the wants is
always kept, and there is one mulligan only.

- `default`: under a partial mulligan (return any number, shuffle, draw as many) the player
  keeps the cards that serve the most wants first, up to what the neediest of those wants
  still asks for and never past an "at most"/"exactly" bound, and returns the rest; under a
  full mulligan the whole hand goes back. Groups are taken in an order fixed by the wants'
  texts, so the order of deck lines or of `--want`s never changes the answer.
- `best`: the keep (any sub-hand; under a full mulligan all or nothing) that maximises the
  exact probability that the wants hold in the hand after the mulligan (`policies`).
- `none`: no mulligan.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb
from typing import Any

from deckcli.draw.exact import Counts, HandOdds, outcomes, subtract
from deckcli.draw.setup import Procedure
from deckcli.draw.wants import Partition
from deckcli.i18n import N_, _

POLICIES = ("default", "best", "none")

POLICY = {  # translated where they are shown (`describe`)
    "partial": N_("a hand that misses keeps the cards serving the most wants first, up to what "
                  "each want still asks for (never past an 'at most' or 'exactly'), returns "
                  "the rest, shuffles them in and draws as many (once)"),
    "full": N_("a hand that misses goes back whole; a new hand of the same size is drawn "
               "(once)"),
    "best": N_("a hand that misses keeps the cards that give the highest exact chance of "
               "meeting the wants after the redraw, returns the rest and draws as many (once)"),
}

Keep = Callable[[Counts, Counts, int], Counts]  # (dealt, unseen, face down) -> kept


def describe(policy: str, rule: str) -> str:
    """The policy in words, for the report."""
    return _(POLICY["best"] if policy == "best" and rule == "partial" else POLICY[rule])


def group_order(partition: Partition) -> list[int]:
    """Groups counting for some want, those serving the most wants first, ties by the wants'
    texts: an order that does not depend on the order of deck lines or of wants."""
    def key(g: int) -> tuple[int, tuple[str, ...]]:
        served = sorted(w.spec for w, on in zip(partition.wants, partition.groups[g].signature,
                                                strict=True) if on)
        return -len(served), tuple(served)

    return sorted(range(len(partition.groups) - 1), key=key)


def kept(
    rule: str,
    partition: Partition,
    hand: Sequence[Any],
    minimum: Callable[[Any, Any], Any] = min,
    maximum: Callable[[Any, Any], Any] = max,
) -> list[Any]:
    """Cards per group a missing hand keeps under the default policy; on ints, or numpy
    arrays (pass np.minimum/np.maximum)."""
    keep = [held * 0 for held in hand]
    if rule == "full":
        return keep
    counted: list[Any] = [0 for _ in partition.wants]
    for g in group_order(partition):
        wants = [j for j, on in enumerate(partition.groups[g].signature) if on]
        need = 0
        for j in wants:
            need = maximum(need, partition.wants[j].low - counted[j])
        take = minimum(hand[g], need)
        for j in wants:
            high = partition.wants[j].high
            if high is not None:
                take = minimum(take, high - counted[j])
        take = maximum(take, 0)
        keep[g] = take
        for j in wants:
            counted[j] = counted[j] + take
    return keep


def default_keep(rule: str, partition: Partition) -> Keep:
    def keep(dealt: Counts, unseen: Counts, face_down: int) -> Counts:
        return tuple(kept(rule, partition, dealt))
    return keep


def by_turn(odds: HandOdds, procedure: Procedure, turns: int,
            keep: Keep | None = None) -> list[Fraction]:
    """P(wants met) at the end of turns 0..T when a missing opening hand is mulliganed.

    Hands are enumerated first, then the face-down cards among the cards not dealt (the
    shuffle makes the pair a uniform draw of two disjoint subsets, whatever their order):
    after a mulligan the returned cards can be drawn again but the face-down ones cannot,
    so the symmetry of `exact` no longer hides them. `keep` sees the hand and the unseen
    cards only, as a player does.
    """
    partition = odds.partition
    keep = keep or default_keep(procedure.mulligan, partition)
    counts = partition.counts
    totals = [Fraction(0)] * (turns + 1)
    for hand in procedure.hand_sizes:
        first = procedure.phases(hand, 0)[0]
        seen = procedure.seen(hand, turns)
        dealings = comb(sum(counts), first.drawn) * len(procedure.hand_sizes)
        for dealt, ways in outcomes(counts, first.drawn):
            odds.spend(len(dealt))
            unseen = subtract(counts, dealt)
            held = dealt if partition.holds(dealt) else keep(dealt, unseen, first.hidden)
            later = after_keep(odds, dealt, held, unseen, first.hidden, seen)
            for turn, value in enumerate(later):
                totals[turn] += Fraction(ways, dealings) * value
    return totals


def after_keep(odds: HandOdds, dealt: Counts, held: Counts, unseen: Counts, hidden: int,
               seen: Sequence[int]) -> list[Fraction]:
    """Per turn: P(wants met) when `held` is kept from the hand `dealt`, the face-down cards
    being `hidden` of the `unseen` cards and the returned cards shuffled back into the pile."""
    totals = [Fraction(0)] * len(seen)
    base = comb(sum(unseen), hidden)
    returned = subtract(dealt, held)
    for face_down, ways in outcomes(unseen, hidden):
        pile = tuple(u - f + r for u, f, r in zip(unseen, face_down, returned, strict=True))
        later = odds.after(held, pile, [cards - sum(held) for cards in seen])
        for turn, value in enumerate(later):
            totals[turn] += Fraction(ways, base) * value
    return totals
