"""What every rule sees: the pool, the format, the resolved cards and shared helpers."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import TypeVar, cast

from deckcli.engine.query import Query, Verdict
from deckcli.engine.resolver import Resolved, Resolver
from deckcli.i18n import _, ngettext
from deckcli.model.poolspec import Bounds, RuleBase
from deckcli.model.problem import Problem

T = TypeVar("T")


class DeckView:
    """A deck ready for the rules: resolved cards plus the size of the whole list.

    A plain slotted class: every deck of a run makes one.
    """

    __slots__ = ("resolver", "cards", "total", "over_copies", "_numbers", "_counts")

    def __init__(self, resolver: Resolver, cards: list[Resolved], total: int) -> None:
        self.resolver = resolver
        self.cards = cards
        self.total = total
        # card numbers a copies error already reported: a later copies warning about only
        # these cards says nothing new (one problem per cause)
        self.over_copies: set[str] = set()
        self._numbers: list[str] | None = None
        self._counts: list[int] | None = None

    @property
    def numbers(self) -> list[str]:
        """The cards' numbers, in the order of `cards` (worked out once per deck)."""
        if self._numbers is None:
            self._numbers = [item.card.number for item in self.cards]
        return self._numbers

    @property
    def counts(self) -> list[int]:
        """The cards' copies, in the order of `cards` (worked out once per deck)."""
        if self._counts is None:
            self._counts = [item.count for item in self.cards]
        return self._counts

    @property
    def deck_word(self) -> str:
        """'megaman decks' or 'digimon-classic ultimate-battle decks'."""
        game = self.resolver.pool.header.game
        if self.resolver.format_id == game.default_format:
            return _("{game} decks").format(game=game.id)
        return _("{game} {format} decks").format(game=game.id, format=self.resolver.format_id)


def per_card(view: DeckView, memo: dict[str, T], compute: Callable[[Resolved], T]) -> list[T]:
    """A fact of each card of the deck, in the order of `view.cards`, from a memo table kept
    per pool and format (card number -> fact); a card met for the first time is computed."""
    found: list[T | None] = list(map(memo.get, view.numbers))
    if None in found:
        for index, item in enumerate(view.cards):
            if found[index] is None:
                found[index] = memo[item.card.number] = compute(item)
    return cast("list[T]", found)  # no None is left


def classified(view: DeckView, rule: RuleBase, query: Query) -> list[tuple[Verdict, str]]:
    """`classify` for every card of the deck, in the order of `view.cards`: the memo table is
    looked up once per rule, not once per card."""
    memo: dict[str, tuple[Verdict, str]] = view.resolver.memo("classify").setdefault(
        (rule.id, query.text), {})
    return per_card(view, memo, lambda item: _classify(view, rule, query, item))


def verdicts(view: DeckView, rule: RuleBase, query: Query) -> list[Verdict]:
    """The verdict alone of `classified`, from a memo of its own: what a rule whose cards are
    all judged needs, with no pair to unpack per card."""
    memo: dict[str, Verdict] = view.resolver.memo("verdicts").setdefault(
        (rule.id, query.text), {})
    found: list[object] = list(map(memo.get, view.numbers, _MISSING))
    if _UNKNOWN in found:
        table = classified(view, rule, query)
        for index, number in enumerate(view.numbers):
            if found[index] is _UNKNOWN:
                found[index] = memo[number] = table[index][0]
    return cast("list[Verdict]", found)


_UNKNOWN = object()  # a card no verdict is memoised for yet (None is a verdict: cannot tell)
_MISSING = itertools.repeat(_UNKNOWN)


def classify(view: DeckView, rule: RuleBase, query: Query, item: Resolved) -> tuple[Verdict, str]:
    """Does a card match a rule's query? None (with the reason) when that cannot be known.

    The answer depends only on the rule and the card, so it is memoised per pool and format.
    """
    memo: dict[str, tuple[Verdict, str]] = view.resolver.memo("classify").setdefault(
        (rule.id, query.text), {})
    number = item.card.number
    if number not in memo:
        memo[number] = _classify(view, rule, query, item)
    return memo[number]


def _classify(view: DeckView, rule: RuleBase, query: Query, item: Resolved) -> tuple[Verdict, str]:
    resolver = view.resolver
    if rule.unsettled and resolver.matches(rule.unsettled, item.card) is True:
        return None, rule.unsettled_note or _("the rule's reach over {query} is unsettled").format(
            query=rule.unsettled)
    verdict = resolver.matches(query.text, item.card)
    if verdict is None:
        missing = sorted(f for f in query.fields if item.card.attrs.get(f) is None)
        if not missing:
            return None, _("a needed value is not recorded in the {game} pool").format(
                game=resolver.pool.game_id)
        return None, ngettext("its {fields} is not recorded in the {game} pool",
                              "its {fields} are not recorded in the {game} pool",
                              len(missing)).format(fields=" and ".join(missing),
                                                   game=resolver.pool.game_id)
    return verdict, ""


def cannot_verify(rule: RuleBase, item: Resolved, reason: str) -> Problem:
    """The warning for a card a rule cannot judge: never a guess."""
    return Problem(
        rule=rule.id, severity="warning", card=item.card.number, line=item.line,
        message=_("cannot verify {label}: {reason}").format(
                    label=item.card.label(), reason=reason),
    )


def label_of(rule: RuleBase, query_text: str) -> str:
    """How messages name the cards a rule counts."""
    return rule.label or query_text


def one_card(rule: Bounds) -> bool:
    """Whether a bound speaks of one card ('exactly 1', 'at most 1'), for explanations."""
    return rule.high == 1 and rule.low in (0, 1)


def outside_bounds(rule: Bounds) -> list[str]:
    """The counts just outside a bound ('59', '61'), for 'a deck with 59 or 61 cards'."""
    high = rule.high + 1 if rule.high is not None else None
    return [f"{n:,}" for n in (rule.low - 1, high) if n is not None and n >= 0]


def cut(rule: RuleBase, count: int) -> str:
    """The fix of a problem that has too many cards: an order for an error ("cut 1"), advice
    for a warning ("consider cutting 1")."""
    text = _("consider cutting {count:,}") if rule.severity == "warning" else _("cut {count:,}")
    return text.format(count=count)


def add(rule: RuleBase, count: int) -> str:
    """The fix of a problem that lacks cards ("add 1" / "consider adding 1")."""
    text = _("consider adding {count:,}") if rule.severity == "warning" else _("add {count:,}")
    return text.format(count=count)


def problem(rule: RuleBase, message: str, item: Resolved | None = None) -> Problem:
    """A problem at the rule's severity, placed on a card when there is one."""
    return Problem(
        rule=rule.id, severity=rule.severity, message=message,
        card=item.card.number if item else None, line=item.line if item else None,
    )


ProblemStream = Iterator[Problem]
