"""The rule engine: a format's rules, read from its pool, applied to a resolved deck.

One module per rule kind; each module's docstring is that kind's user documentation
(`deckcli rules`). A kind is a function from (rule, deck view) to problems.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from deckcli.engine.resolver import Resolved, Resolver
from deckcli.engine.rules import allowed, copies, count, lists, requires, size
from deckcli.engine.rules.context import DeckView
from deckcli.model.poolspec import Rule
from deckcli.model.problem import Problem

Checker = Callable[[Rule, DeckView], Iterator[Problem]]

CHECKERS: dict[str, Checker] = {
    "size": size.check,
    "count": count.check,
    "copies": copies.check,
    "allowed": allowed.check,
    "banned": lists.check_banned,
    "restricted": lists.check_restricted,
    "requires": requires.check,
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
