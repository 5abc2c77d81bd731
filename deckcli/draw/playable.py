"""`--playable CARD`: P(the card can be played on turn t), under the costs the pool declares.

On turn t ≥ 1 the cards seen are those `draw` counts for turn t (the hand so far; power-ups
are face down) and the gauge holds `gauge(t)` cards. The pile is cut into the card's line,
the resource lines that can matter (their colour or emblem is needed by the card or by
another line that matters) and the rest. A hand is then described by how many copies of each
line it holds, capped (a unique resource counts once), and the hands sharing a description
are counted exactly with hypergeometric ways, as in `exact`. Too many descriptions: a seeded
simulation that deals the procedure literally, with 95% intervals.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, prod
from typing import Any

from deckcli.draw import DrawError
from deckcli.draw.copies import find_card
from deckcli.draw.costs import CardCost, CostModel, Supplier
from deckcli.draw.goldfish import Odds, TurnOdds
from deckcli.draw.playquestion import CannotVerify, Line, PlayQuestion
from deckcli.draw.setup import Library, Procedure, find_start, procedure, take_set_aside
from deckcli.engine.resolver import Resolver
from deckcli.i18n import _, ngettext
from deckcli.model.card import Card
from deckcli.model.pool import Pool
from deckcli.model.poolspec import Setup

MAX_STATES = 20_000  # hand descriptions past which the odds are simulated
DEFAULT_HANDS = 200_000


@dataclass(frozen=True)
class Playable:
    card: Card
    requirement: str
    odds: Odds
    notes: tuple[str, ...] = ()


def model_of(pool: Pool) -> CostModel:
    if pool.header.costs is None:
        raise DrawError(_("--playable: the {game_id} pool declares no costs, so deckcli "
                          "cannot tell when a card is playable (see docs/pool-format.md, "
                          "costs)").format(game_id=pool.game_id))
    return CostModel(pool.header.costs)


def problem(resolver: Resolver, setup: Setup, library: Library, card: Card, starts: list[str],
            on_play: bool = True) -> tuple[PlayQuestion, Procedure, list[str]]:
    """Cut the pile for one card; the procedure that deals it; notes for the report."""
    model = model_of(resolver.pool)
    cost = model.cost(card)
    if cost is None:
        raise CannotVerify(_("--playable {card}: cannot verify — its {power} or {requirements} "
                             "is not recorded in a form deckcli reads").format(
            card=card.label(), power=model.costs.power, requirements=model.costs.requirements))
    start_cards = [find_start(resolver, library, ref) for ref in starts]
    pile, taken, _blanks = take_set_aside(resolver, setup, library, start_cards)
    target = sum(count for held, count in pile.cards if held.number == card.number)
    if target == 0:
        raise DrawError(_("--playable {label}: no copy of it is in the shuffled deck").format(
                            label=card.label()))
    in_play = resolver.query(model.costs.in_play) if model.costs.in_play else None
    base = tuple(_always(model, item.card) for item in taken
                 if in_play is not None and in_play.matches(item.card) is True)
    resource = resolver.query(model.costs.resources)
    is_resource = resource.matches(card) is True
    blocked = {s.key for s in base if s.key} | ({model.key(card)} if is_resource else set())
    candidates, unknown = [], []
    for held, count in pile.cards:
        if held.number == card.number or resource.matches(held) is not True:
            continue
        supplier = model.supplier(held)
        if supplier is None:
            unknown.append(held.label())
        elif not (supplier.key and supplier.key in blocked):
            candidates.append((supplier, count))
    lines = _relevant(cost, candidates, model.costs.max_resources)
    slots = model.costs.max_resources
    if slots is not None and is_resource:
        slots -= 1
    notes = [ngettext("cannot verify {count} resource line with unrecorded costs; it counts as "
                      "never in play: {cards}",
                      "cannot verify {count} resource lines with unrecorded costs; they count as "
                      "never in play: {cards}", len(unknown)).format(
        count=len(unknown), cards=", ".join(unknown[:3]))] if unknown else []
    return (PlayQuestion(cost, target, lines, base, slots, pile.size, model),
            procedure(setup, pile, on_play), notes)


def _always(model: CostModel, card: Card) -> Supplier:
    """A card in play from the start (the NetNavi): it supplies, it needs nothing."""
    colour, emblem = card.attrs.get(model.costs.colour), card.attrs.get(model.costs.emblem)
    return Supplier(model.key(card), str(colour) if colour else None,
                    str(emblem) if emblem else None, CardCost(0, (), ()))


def _relevant(cost: CardCost, candidates: list[tuple[Supplier, int]],
              slots: int | None) -> list[Line]:
    """Resource lines whose colour or emblem is needed, by the card or by a needed line."""
    colours = {name for name, _ in cost.colours}
    emblems = {name for name, _ in cost.emblems}
    chosen: list[tuple[Supplier, int]] = []
    grew = True
    while grew:
        grew = False
        for item in candidates:
            supplier = item[0]
            if item not in chosen and (supplier.colour in colours or supplier.emblem in emblems):
                chosen.append(item)
                colours |= {name for name, _ in supplier.cost.colours}
                emblems |= {name for name, _ in supplier.cost.emblems}
                grew = True
    cap_virus = slots if slots is not None else 4
    return [Line(s, count, 1 if s.key else min(count, cap_virus)) for s, count in chosen]


def playable(resolver: Resolver, setup: Setup, library: Library, ref: str, turns: int, *,
             hands: int | None = None, seed: int = 1, on_play: bool = True,
             starts: list[str] | None = None) -> Playable:
    """P(playable) on turns 1..T: exact when the descriptions are few, else simulated."""
    card = find_card(resolver, ref)
    prob, steps, notes = problem(resolver, setup, library, card, starts or [], on_play)
    rows_seen = [tuple(dict.fromkeys(steps.seen(h, turns)[t] for h in steps.hand_sizes))
                 for t in range(turns + 1)]
    if hands is None and prod(c + 1 for c in prob.caps) <= MAX_STATES:
        values = [float(v) for v in exact_by_turn(prob, steps, turns)]
        rows = tuple(TurnOdds(t, rows_seen[t], values[t - 1]) for t in range(1, turns + 1))
        odds = Odds("exact", rows)
    else:
        from deckcli.draw.playable_sim import simulate

        count = hands or DEFAULT_HANDS
        values, intervals = simulate(prob, steps, turns, count, seed)
        odds = Odds("simulation", tuple(
            TurnOdds(t, rows_seen[t], values[t - 1], intervals[t - 1])
            for t in range(1, turns + 1)), count)
    return Playable(card, prob.cost.describe(), odds, tuple(notes))


def exact_by_turn(prob: PlayQuestion, steps: Procedure, turns: int) -> list[Fraction]:
    """P(playable) on turns 1..T, summed over capped hand descriptions."""
    counts, caps = prob.counts, prob.caps
    most = max(max(steps.seen(h, turns)) for h in steps.hand_sizes)
    states: dict[tuple[int, tuple[int, ...]], int] = {(0, ()): 1}
    for count, cap in zip(counts, caps, strict=True):
        grown: dict[tuple[int, tuple[int, ...]], int] = {}
        for (drawn, held), ways in states.items():
            for x in range(min(count, most - drawn) + 1):
                key = (drawn + x, (*held, min(x, cap)))
                grown[key] = grown.get(key, 0) + ways * comb(count, x)
        states = grown
    rest = prob.pile - sum(counts)
    totals = [Fraction(0)] * turns
    for hand in steps.hand_sizes:
        seen = steps.seen(hand, turns)
        for turn in range(1, turns + 1):
            n, gauge = seen[turn], prob.model.gauge(turn)
            good = sum(ways * comb(rest, n - drawn) for (drawn, held), ways in states.items()
                       if drawn <= n and prob.playable(held, gauge))
            totals[turn - 1] += Fraction(good, comb(prob.pile, n) * len(steps.hand_sizes))
    return totals


SHOW_TURN = 3
SHOW_HORIZON = 10


def add_show_column(resolver: Resolver, cards: list[tuple[Card, int]],
                    columns: list[str], groups: list[dict[str, Any]]) -> None:
    """`deckcli show`: a column with each costed card's chance to be playable on turn 3, or
    the first turn it reaches 50% when turn 3 is below; nothing for games without costs."""
    if resolver.pool.header.costs is None:
        return
    title = f"playable t{SHOW_TURN}"
    values: dict[str, str] = {}
    for card, _count in cards:
        value = show_chance(resolver, cards, card)
        if value is not None:
            values[card.number] = value
    columns.append(title)
    for group in groups:
        for row in group["cards"]:
            row[title] = values.get(row["number"])


def show_chance(resolver: Resolver, cards: list[tuple[Card, int]], card: Card) -> str | None:
    """One card's value in `show`'s column ('22% ½t5', 'cannot verify'); None for a game
    without costs, a card always in play, or a card whose chance cannot be worked out."""
    costs = resolver.pool.header.costs
    if costs is None or (costs.in_play and resolver.query(costs.in_play).matches(card) is True):
        return None
    setup = resolver.pool.header.setup_for(resolver.format_id)
    try:
        return _show_value(playable(resolver, setup, Library(tuple(cards)), card.number,
                                    SHOW_HORIZON, seed=1))
    except CannotVerify:
        return "cannot verify"
    except DrawError:
        return None  # no copy in the shuffled deck (a card the set-up takes): no chance


def _show_value(result: Playable) -> str:
    rows = result.odds.by_turn
    at = rows[SHOW_TURN - 1].probability
    if at >= 0.5:
        return f"{at:.0%}"
    first = next((row.turn for row in rows if row.probability >= 0.5), None)
    return f"{at:.0%} ½t{first}" if first else f"{at:.0%}"
