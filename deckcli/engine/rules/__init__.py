"""The rule engine: a format's rules, read from its pool, applied to a resolved deck.

One module per rule kind; each module's docstring is that kind's user documentation
(`deckcli rules`). A kind is a function from (rule, deck view) to problems.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from deckcli.engine.resolver import Resolved, Resolver
from deckcli.engine.rules import allowed, copies, count, lists, requires, size
from deckcli.engine.rules.context import DeckView
from deckcli.model.poolspec import (
    AllowedRule,
    BannedRule,
    CopiesRule,
    CountRule,
    RequiresRule,
    RestrictedRule,
    Rule,
    RuleBase,
    SizeRule,
)
from deckcli.model.problem import Problem

Checker = Callable[[Rule, DeckView], Iterator[Problem]]
R = TypeVar("R", bound=RuleBase)


def _checker(kind: type[R], check: Callable[[R, DeckView], Iterator[Problem]]) -> Checker:
    """A kind's check as a Checker of any rule: its rules are of that kind (by their `kind`)."""
    def run(rule: Rule, view: DeckView) -> Iterator[Problem]:
        if not isinstance(rule, kind):
            raise TypeError(f"rule {rule.id} is a {rule.kind} rule, not a {kind.__name__}")
        return check(rule, view)

    return run


CHECKERS: dict[str, Checker] = {
    "size": _checker(SizeRule, size.check),
    "count": _checker(CountRule, count.check),
    "copies": _checker(CopiesRule, copies.check),
    "allowed": _checker(AllowedRule, allowed.check),
    "banned": _checker(BannedRule, lists.check_banned),
    "restricted": _checker(RestrictedRule, lists.check_restricted),
    "requires": _checker(RequiresRule, requires.check),
}

KIND_MODULES = {"size": size, "count": count, "copies": copies, "allowed": allowed,
                "banned": lists, "restricted": lists, "requires": requires}


def run_rules(resolver: Resolver, cards: list[Resolved], total: int) -> list[Problem]:
    """Every problem the format's rules find, in rule order (all of them, not the first)."""
    view = DeckView(resolver, cards, total)
    problems: list[Problem] = []
    for rule in resolver.format.rules:
        problems.extend(CHECKERS[rule.kind](rule, view))
    return problems
