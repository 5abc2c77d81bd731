"""What a hand should hold: `--want` specs, and the disjoint groups they cut the pile into.

A spec is `[N] QUERY` (at least N, default 1), `at least N QUERY`, `exactly N QUERY` or
`at most N QUERY`. Each card of the pile gets a signature, the tuple of wants it matches;
cards sharing a signature are interchangeable for every want, so a hand is fully described
by how many cards it holds from each group. That is what makes exact odds a finite sum.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, reduce
from operator import and_, or_
from typing import Any

from deckcli.draw import DrawError
from deckcli.draw.setup import Library
from deckcli.engine.query import QueryError, Verdict
from deckcli.engine.resolver import Resolver
from deckcli.i18n import _, ngettext
from deckcli.model.card import Card

_SPEC = re.compile(r"(?:(at\s+least|at\s+most|exactly)\s+)?(\d+)\s+(\S.*)", re.IGNORECASE)


@dataclass(frozen=True)
class Want:
    """How many cards matching a query the hand must hold: `low` to `high` (None: no cap)."""

    spec: str
    query: str
    low: int
    high: int | None

    def holds(self, count: Any) -> Any:
        """Works on an int or on a numpy array of counts alike."""
        if self.high is None:
            return count >= self.low
        if self.low == 0:
            return count <= self.high
        return (count >= self.low) & (count <= self.high)

    def describe(self) -> str:
        if self.high is None:
            return _("at least {count} × {query}").format(count=self.low, query=self.query)
        if self.low == self.high:
            return _("exactly {count} × {query}").format(count=self.low, query=self.query)
        return _("at most {count} × {query}").format(count=self.high, query=self.query)


def parse_want(spec: str) -> Want:
    """'2 CyberSword', 'exactly 1 type:NetNavi', 'at most 0 level:究極体', or a bare query."""
    text = " ".join(spec.split())
    if not text:
        raise DrawError(_("an empty --want; write e.g. --want '2 CyberSword'"))
    match = _SPEC.fullmatch(text)
    if match is None:
        return Want(text, text, 1, None)
    form, number, query = (match.group(1) or "").lower(), int(match.group(2)), match.group(3)
    if form.startswith("at most"):
        return Want(text, query, 0, number)
    if form == "exactly":
        return Want(text, query, number, number)
    if number == 0:
        raise DrawError(_("--want {spec!r} always holds; for none, write 'at most 0 "
                          "{query}'").format(spec=spec, query=query))
    return Want(text, query, number, None)


def want_matcher(resolver: Resolver, want: Want
                 ) -> tuple[Callable[[Card], Verdict], frozenset[str]]:
    """The want's test for a card, and the fields it reads.

    A whole card reference (number or exact name) is tried before the query language, so that
    `Greymon` means the cards named Greymon, not every name containing it (`Skull Greymon`).
    """
    named = {card.number for card in resolver.named(want.query)}
    if named:
        return (lambda card: card.number in named), frozenset()
    try:
        query = resolver.query(want.query)
    except QueryError as exc:
        raise DrawError(_("--want {spec!r}: {reason}").format(spec=want.spec, reason=exc)) from None
    if not query.fields and not any(query.matches(card) is True for card in resolver.pool.cards):
        raise DrawError(_("--want: {not_a_card}").format(
                            not_a_card=resolver.not_a_card(want.query)))
    return query.matches, query.fields


@dataclass(frozen=True)
class Group:
    """Cards of the pile that match the same wants."""

    signature: tuple[bool, ...]
    count: int
    numbers: tuple[str, ...]  # card numbers; blanks are in no group's list but the last's count


@dataclass(frozen=True)
class Partition:
    """The pile cut into groups, the last one matching no want (possibly empty)."""

    wants: tuple[Want, ...]
    any_of: bool
    groups: tuple[Group, ...]

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(group.count for group in self.groups)

    @cached_property
    def members(self) -> tuple[tuple[int, ...], ...]:
        """For each want, the indexes of the groups whose cards count for it."""
        return tuple(
            tuple(g for g, group in enumerate(self.groups) if group.signature[j])
            for j in range(len(self.wants))
        )

    @property
    def caps(self) -> tuple[int, ...]:
        """Per want, a count past which nothing changes: `low`, or `high + 1` for a capped want."""
        return tuple(want.low if want.high is None else want.high + 1 for want in self.wants)

    def want_counts(self, hand: Sequence[Any]) -> list[Any]:
        """Cards counting for each want, from cards per group."""
        return [sum(hand[g] for g in members) for members in self.members]

    def meets(self, counts: Sequence[Any]) -> Any:
        """Whether want counts (ints, or numpy arrays of many hands) meet the wants."""
        verdicts = [want.holds(count) for want, count in zip(self.wants, counts, strict=True)]
        return reduce(or_ if self.any_of else and_, verdicts)

    def holds(self, hand: Sequence[Any]) -> Any:
        """Whether a hand, as cards per group, meets the wants."""
        return self.meets(self.want_counts(hand))

    def matching(self, want: int) -> int:
        """Cards in the pile that count for a want."""
        return sum(self.groups[g].count for g in self.members[want])


def cut(
    resolver: Resolver, wants: list[Want], library: Library, any_of: bool
) -> tuple[Partition, list[str]]:
    """Group the pile by which wants each card matches; warn where a card's match is unknown."""
    matchers = [want_matcher(resolver, want) for want in wants]
    groups: dict[tuple[bool, ...], list[tuple[str, int]]] = {}
    unknown: list[dict[str, list[str]]] = [{} for _ in wants]
    for card, count in library.cards:
        verdicts = [matches(card) for matches, _ in matchers]
        for j, verdict in enumerate(verdicts):
            if verdict is None:
                missing = _(" or ").join(f for f in sorted(matchers[j][1])
                                         if f not in card.attrs)
                unknown[j].setdefault(missing or _("a needed value"), []).append(card.label())
        signature = tuple(verdict is True for verdict in verdicts)
        groups.setdefault(signature, []).append((card.number, count))
    rest = tuple(False for _ in wants)
    unmatched = groups.pop(rest, [])
    ordered = [Group(sig, sum(c for _, c in items), tuple(number for number, _ in items))
               for sig, items in groups.items()]
    rest_count = sum(count for _, count in unmatched) + library.blanks
    ordered.append(Group(rest, rest_count, tuple(number for number, _ in unmatched)))
    partition = Partition(tuple(wants), any_of, tuple(ordered))
    warnings = [
        ngettext("--want {want!r}: {count} card with no {missing} counts as not matching: "
                 "{cards}", "--want {want!r}: {count} cards with no {missing} count as not "
                 "matching: {cards}", len(names)).format(
            want=want.spec, count=len(names), missing=missing,
            cards=", ".join(names[:3]) + (" …" if len(names) > 3 else ""))
        for want, by_missing in zip(wants, unknown, strict=True)
        for missing, names in by_missing.items()
    ]
    return partition, warnings


def check_satisfiable(partition: Partition, set_aside_note: str = "") -> None:
    """A want asking for more cards than the pile holds is a mistake, not a 0%
    (`set_aside_note`: what the set-up took, a sentence's last words in brackets)."""
    for j, want in enumerate(partition.wants):
        have = partition.matching(j)
        if want.low > have:
            cards = _("no card") if have == 0 else ngettext(
                "only {count} card", "only {count} cards", have).format(count=have)
            raise DrawError(
                _("--want {spec!r}: the shuffled pile holds {cards} matching {query}, so "
                  "{low} can never be drawn{set_aside_note}").format(
                    spec=want.spec, cards=cards, query=want.query, low=want.low,
                    set_aside_note=f" {set_aside_note}" if set_aside_note else "")
            )
