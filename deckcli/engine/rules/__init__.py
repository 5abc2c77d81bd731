"""The rule engine: a format's rules, read from its pool, applied to a resolved deck.

Each rule kind is a plug-in, one module under `kinds/` (see `kind.py` for what it holds);
they are found here, so that a new kind is a new module and nothing else. The pool schema
(`pools.schema`), the checks (`run_rules`), `deckcli rules` (`docs`) and `deckcli games`
(`describe`) all take the kinds from `KINDS`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator
from typing import Any

from deckcli.engine.resolver import Resolved, Resolver
from deckcli.engine.rules import kinds
from deckcli.engine.rules.context import DeckView
from deckcli.engine.rules.kind import Hover, RuleKind
from deckcli.model.card import Card
from deckcli.model.fix import Fix
from deckcli.model.poolspec import RuleBase
from deckcli.model.problem import Problem


def _discover() -> dict[str, RuleKind[Any]]:
    """Every kind the modules of `kinds/` declare (`KINDS`), in their listed order."""
    found: list[RuleKind[Any]] = []
    for module_info in pkgutil.iter_modules(kinds.__path__):
        module = importlib.import_module(f"{kinds.__name__}.{module_info.name}")
        declared = getattr(module, "KINDS", None)
        if not isinstance(declared, tuple) or not all(isinstance(kind, RuleKind)
                                                      for kind in declared):
            raise TypeError(f"{module.__name__} must declare KINDS = (RuleKind(...), ...)")
        found.extend(declared)
    found.sort(key=lambda kind: kind.position)
    return {kind.name: kind for kind in found}


KINDS: dict[str, RuleKind[Any]] = _discover()


def describe(rule: RuleBase) -> str:
    """A rule in a few words, as `deckcli games` lists it: 'exactly 60 cards', '≤4 per name'."""
    return KINDS[rule.kind].description(rule)


def run_rules(resolver: Resolver, cards: list[Resolved], total: int) -> list[Problem]:
    """Every problem the format's rules find, in rule order (all of them, not the first)."""
    view = DeckView(resolver, cards, total)
    problems: list[Problem] = []
    for check, offer in checkers(resolver):
        start = len(problems)
        problems.extend(check(view))
        if offer is not None:  # the kind says which fix each of its problems offers
            for found in problems[start:]:
                found.fix = offer(view, found)
    return problems


Checker = Callable[[DeckView], Iterator[Problem]]
Offer = Callable[[DeckView, Problem], Fix | None]


def checkers(resolver: Resolver) -> list[tuple[Checker, Offer | None]]:
    """The format's rules, each bound to its kind's check and fix: made once per pool and
    format."""
    memo: dict[None, list[tuple[Checker, Offer | None]]] = resolver.memo("checkers")
    if None not in memo:
        memo[None] = [(KINDS[rule.kind].checker(rule), KINDS[rule.kind].fixer(rule))
                      for rule in resolver.format.rules]
    return memo[None]


def hover_lines(resolver: Resolver, cards: list[Resolved], total: int, card: Card
                ) -> list[Hover]:
    """What each rule of the format says about a card in a hover (each kind answers)."""
    view = DeckView(resolver, cards, total)
    return [line for rule in resolver.format.rules
            if (line := KINDS[rule.kind].hover_line(rule, view, card)) is not None]


def fix_doc(rule: RuleBase) -> str:
    """Which fix a problem of the rule offers, and how safe it is ('' when none)."""
    return KINDS[rule.kind].fix_doc
