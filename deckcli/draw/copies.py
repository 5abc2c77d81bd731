"""`--copies CARD=A..B`: the wants' odds for each copy count of one card, the deck size kept.

Changing a card's count by d moves d cards between its group and the group that matches no
want (the filler), so the pile keeps its size; which filler cards make room does not matter
for the wants, only how many. A card that matches no want changes nothing, and the report
says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from deckcli.draw import DrawError
from deckcli.draw.goldfish import Goldfish, Odds
from deckcli.draw.policies import canonical
from deckcli.draw.setup import Library
from deckcli.draw.wants import Group, Partition, Want, cut, want_matcher
from deckcli.engine.resolver import Resolver
from deckcli.i18n import _
from deckcli.model.card import Card

_SPEC = re.compile(r"(.+?)\s*=\s*(\d+)\s*(?:\.\.\s*(\d+))?")
MAX_ROWS = 61


@dataclass(frozen=True)
class CopiesSpec:
    ref: str
    low: int
    high: int


@dataclass(frozen=True)
class CopiesRow:
    count: int  # copies of the card in the deck
    odds: Odds


def parse_copies(spec: str) -> CopiesSpec:
    """'CyberSword=0..4' (or 'CyberSword=3' for one count)."""
    match = _SPEC.fullmatch(spec.strip())
    if match is None:
        raise DrawError(_("--copies {spec!r}: write CARD=A..B with whole numbers, e.g. "
                          "--copies 'CyberSword=1..4'").format(spec=spec))
    low = int(match.group(2))
    high = int(match.group(3)) if match.group(3) is not None else low
    if high < low:
        raise DrawError(_("--copies {spec!r}: the range runs backwards; write "
                          "{group}={high}..{low}").format(
                            spec=spec, group=match.group(1), high=high, low=low))
    if high - low + 1 > MAX_ROWS:
        raise DrawError(_("--copies {spec!r}: at most {max_rows} counts at once").format(
                            spec=spec, max_rows=MAX_ROWS))
    return CopiesSpec(match.group(1).strip(), low, high)


def find_card(resolver: Resolver, ref: str) -> Card:
    """The one card a reference names, through the same matching `--want` uses."""
    matches, _labels = want_matcher(resolver, Want(ref, ref, 1, None))
    cards = [card for card in resolver.pool.cards if matches(card) is True]
    names = {card.name for card in cards}
    if len(names) != 1:
        shown = ", ".join(card.label() for card in cards[:4]) + (" …" if len(cards) > 4 else "")
        raise DrawError(_('"{ref}" names {count} cards ({shown}); give one card number').format(
                            ref=ref, count=len(cards), shown=shown))
    return cards[0]


def rows(resolver: Resolver, fish: Goldfish, spec: CopiesSpec,
         odds_of: Callable[[Goldfish], Odds]) -> tuple[Card, list[CopiesRow], list[str]]:
    """The odds for each count in the spec; `odds_of` computes odds for a goldfish."""
    card = find_card(resolver, spec.ref)
    aside = sum(item.card.number == card.number for item in fish.set_aside)
    in_pile = sum(count for held, count in fish.library.cards if held.number == card.number)
    notes = []
    probe, _rest = cut(resolver, list(fish.partition.wants), Library(((card, 1),)),
                   fish.partition.any_of)
    signature = probe.groups[0].signature
    if not any(signature):
        notes.append(_("{card} matches no want: its count does not change these odds").format(
            card=card.label()))
    if aside and spec.low < aside:
        raise DrawError(_("--copies: the set-up sets {aside} {label} aside, so the deck "
                          "needs at least {aside}").format(aside=aside, label=card.label()))
    result = []
    for count in range(spec.low, spec.high + 1):
        delta = count - aside - in_pile
        partition = moved(fish.partition, signature, card.number, delta)
        result.append(CopiesRow(count, odds_of(replace(fish, partition=partition))))
    return card, result, notes


def moved(partition: Partition, signature: tuple[bool, ...], number: str,
          delta: int) -> Partition:
    """The partition with `delta` cards moved from the filler group into `signature`'s."""
    if not any(signature) or delta == 0:
        return partition
    groups = list(partition.groups)
    filler = groups[-1]
    if filler.count - delta < 0:
        raise DrawError(_("--copies: only {count} cards match no want, so {delta} more "
                          "copies cannot replace them at the same deck size").format(
                            count=filler.count, delta=delta))
    index = next((g for g, group in enumerate(groups) if group.signature == signature), None)
    if index is None:
        groups.insert(-1, Group(signature, 0, ()))
        index = len(groups) - 2
    group = groups[index]
    if group.count + delta < 0:
        raise DrawError(_("--copies: fewer copies than the deck holds of that card's kind"))
    numbers = group.numbers if number in group.numbers else (*group.numbers, number)
    groups[index] = Group(signature, group.count + delta, numbers)
    groups[-1] = Group(filler.signature, filler.count - delta, filler.numbers)
    return canonical(replace(partition, groups=tuple(groups)))


def fewest(rows_: list[CopiesRow], target: float) -> int | None:
    """The fewest copies whose last row (the latest turn) reaches the target."""
    for row in rows_:
        if row.odds.by_turn[-1].probability >= target:
            return row.count
    return None
