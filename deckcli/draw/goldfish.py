"""From a resolved deck and the user's wants to odds: the entry points `deckcli draw` calls.

Exact sums are the default; a simulation runs when asked (`--hands`) or when the sums would
take too long (many overlapping wants over many turns). numpy is imported only then.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckcli.draw import DrawError, exact, mulligan
from deckcli.draw.mulligan import POLICIES
from deckcli.draw.policies import canonical, policy_keep
from deckcli.draw.setup import (
    Library,
    Procedure,
    SetAsideCard,
    deal,
    find_start,
    procedure,
    take_set_aside,
)
from deckcli.draw.wants import Partition, check_satisfiable, cut, parse_want
from deckcli.engine.resolver import Resolver
from deckcli.i18n import _, ngettext
from deckcli.model.poolspec import Setup

if TYPE_CHECKING:
    from deckcli.draw.simulate import Simulation

EXACT_BUDGET = 1_000_000  # steps of the exact sums: about two seconds
DEFAULT_HANDS = 1_000_000
MAX_SIMULATED_CARDS = 32_767  # the simulator keeps card counts in 16-bit integers
MAX_DECK_CARDS = 1_000_000  # far beyond any real deck; sample deals list every card


@dataclass(frozen=True)
class Goldfish:
    """A deck ready to draw: what was set aside, the procedure, and the pile cut by the wants."""

    library: Library
    set_aside: tuple[SetAsideCard, ...]
    procedure: Procedure
    partition: Partition
    turns: int
    mulligan: str  # the policy: "none", "default" or "best"
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class TurnOdds:
    turn: int
    seen: tuple[int, ...]  # cards drawn into the hand by then, per opening-hand size
    probability: float
    ci95: tuple[float, float] | None = None


@dataclass(frozen=True)
class Odds:
    method: str  # "exact" | "simulation"
    by_turn: tuple[TurnOdds, ...]
    hands: int | None = None


def prepare(
    resolver: Resolver,
    setup: Setup,
    library: Library,
    specs: Sequence[str],
    *,
    any_of: bool = False,
    starts: Sequence[str] = (),
    on_play: bool = True,
    turns: int = 0,
    mulligan: str = "none",
) -> Goldfish:
    """Parse the wants, run the set-up's set-aside step and cut the pile into groups."""
    if library.size > MAX_DECK_CARDS:
        raise DrawError(_("a deck of {size:,} cards is too large to draw from (at most "
                          "{max_deck_cards:,}); check its counts").format(
                            size=library.size, max_deck_cards=MAX_DECK_CARDS))
    if mulligan not in POLICIES:
        raise DrawError(_("--mulligan takes {items}, not {mulligan!r}").format(
                            items=', '.join(POLICIES), mulligan=mulligan))
    if mulligan != "none" and setup.mulligan == "none":
        raise DrawError(_("--mulligan: the {game_id} set-up has no mulligan").format(
                            game_id=resolver.pool.game_id))
    if starts and not setup.set_aside:
        raise DrawError(_("--start: the {game_id} set-up sets no card aside").format(
                            game_id=resolver.pool.game_id))
    wants = [parse_want(spec) for spec in specs]
    start_cards = [find_start(resolver, library, ref) for ref in starts]
    pile, taken, warnings = take_set_aside(resolver, setup, library, start_cards)
    partition, want_warnings = cut(resolver, wants, pile, any_of)
    partition = canonical(partition)
    if taken:
        note = ngettext("({count} card after the set-up; set aside: {cards})",
                        "({count} cards after the set-up; set aside: {cards})", pile.size)
    else:
        note = ngettext("({count} card after the set-up)", "({count} cards after the set-up)",
                        pile.size)
    check_satisfiable(partition, note.format(
        count=pile.size, cards=", ".join(item.card.label() for item in taken)))
    return Goldfish(pile, tuple(taken), procedure(setup, pile, on_play), partition, turns,
                    mulligan, tuple(warnings + want_warnings))


def seen_by_turn(goldfish: Goldfish) -> list[tuple[int, ...]]:
    """Cards drawn into the hand at the end of each turn, one entry per opening-hand size."""
    per_size = [goldfish.procedure.seen(hand, goldfish.turns)
                for hand in goldfish.procedure.hand_sizes]
    return [tuple(dict.fromkeys(seen[turn] for seen in per_size))
            for turn in range(goldfish.turns + 1)]


def exact_odds(goldfish: Goldfish, budget: int | None = EXACT_BUDGET) -> Odds:
    """Exact odds; raises `exact.TooLong` past the budget (then simulate)."""
    odds = exact.HandOdds(goldfish.partition, budget)
    if goldfish.mulligan == "none":
        values = exact.by_turn(odds, goldfish.procedure, goldfish.turns)
    else:
        keep = policy_keep(goldfish.mulligan, odds, goldfish.procedure.mulligan)
        values = mulligan.by_turn(odds, goldfish.procedure, goldfish.turns, keep)
    return Odds("exact", tuple(
        TurnOdds(turn, seen, float(value))
        for turn, (seen, value) in enumerate(zip(seen_by_turn(goldfish), values, strict=True))
    ))


def simulation(goldfish: Goldfish, hands: int, seed: int) -> Simulation:
    """A simulation to run (`run()` yields progress); refuses piles it cannot count."""
    if goldfish.library.size > MAX_SIMULATED_CARDS:
        raise DrawError(_("a pile of {size:,} cards is too large to simulate (at most "
                          "{max_simulated_cards:,})").format(
                            size=goldfish.library.size, max_simulated_cards=MAX_SIMULATED_CARDS))
    from deckcli.draw.simulate import Simulation

    return Simulation(goldfish.partition, goldfish.procedure, goldfish.turns, goldfish.mulligan,
                      hands, seed)


def simulated_odds(goldfish: Goldfish, run: Simulation) -> Odds:
    return Odds("simulation", tuple(
        TurnOdds(turn, seen, probability, interval)
        for turn, (seen, probability, interval) in enumerate(zip(
            seen_by_turn(goldfish), run.probabilities(), run.intervals(), strict=True))
    ), run.hands)


@dataclass(frozen=True)
class SampleHand:
    cards: tuple[str, ...]  # card names
    wanted: tuple[bool, ...]  # per card: does it count for some want
    meets: bool


def sample_hands(goldfish: Goldfish, count: int, seed: int) -> list[SampleHand]:
    """Opening hands from a seeded shuffle, before any mulligan, to look at."""
    groups = goldfish.partition.groups
    rest = len(groups) - 1
    group_of = {number: g for g, group in enumerate(groups) for number in group.numbers}
    rng = random.Random(seed)
    pile = goldfish.library.pile()
    hands = []
    for _round in range(count):
        cards = deal(goldfish.procedure, pile, rng)
        in_group = [rest if card is None else group_of[card.number] for card in cards]
        per_group = [in_group.count(g) for g in range(len(groups))]
        hands.append(SampleHand(
            tuple(_("(a card not in the pool)") if card is None else card.name for card in cards),
            tuple(g != rest for g in in_group),
            not goldfish.partition.wants or bool(goldfish.partition.holds(per_group)),
        ))
    return hands
