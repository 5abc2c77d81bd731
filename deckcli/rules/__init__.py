"""The rule engine: a format's rules, read from its pool, applied to a resolved deck.

One module per rule kind; each module's docstring is that kind's user documentation
(`deckcli rules`). A kind is a function from (rule, deck view) to problems.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from deckcli.models import CopiesRule, Problem, RequiresRule, Rule
from deckcli.pools import Pool
from deckcli.rules import allowed, copies, count, lists, requires, size
from deckcli.rules.context import DeckView

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


def run_rules(view: DeckView) -> list[Problem]:
    """Every problem the format's rules find, in rule order (all of them, not the first)."""
    problems: list[Problem] = []
    for rule in view.pool.header.formats[view.format_id].rules:
        problems.extend(CHECKERS[rule.kind](rule, view))
    return problems


def rule_fields(pool: Pool, format_id: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The card fields a format's rules read, and the keys its copy rules count by (memoised)."""
    if format_id in pool.format_facts:
        return pool.format_facts[format_id]
    fields: set[str] = set()
    keys: list[str] = []
    for rule in pool.header.formats[format_id].rules:
        for text in (getattr(rule, "query", None), getattr(rule, "exempt", None), rule.unsettled):
            if text:
                fields.update(pool.query(text).fields - {"number", "name"})
        if isinstance(rule, CopiesRule):
            keys.append(rule.key)
        if isinstance(rule, RequiresRule):
            fields.update((rule.requirement, rule.supplied_by))
    pool.format_facts[format_id] = (frozenset(fields), tuple(keys))
    return pool.format_facts[format_id]


def validate_format_queries(pool: Pool) -> list[str]:
    """Problems with a pool's rule queries: syntax, unknown fields, queries matching nothing."""
    from deckcli.query import QueryError

    found: list[str] = []
    for format_id, fmt in pool.header.formats.items():
        for rule in fmt.rules:
            if isinstance(rule, RequiresRule):
                found.extend(f"formats.{format_id} rule {rule.id}: field {name!r} is not declared"
                             for name in (rule.requirement, rule.supplied_by)
                             if name not in pool.fields)
            for label, text in (("query", getattr(rule, "query", None)),
                                ("exempt", getattr(rule, "exempt", None)),
                                ("unsettled", rule.unsettled)):
                if not text:
                    continue
                try:
                    query = pool.query(text)
                except QueryError as exc:
                    found.append(f"formats.{format_id} rule {rule.id}: {label}: {exc}")
                    continue
                if label == "query" and not any(query.matches(c) for c in pool.cards):
                    found.append(f"formats.{format_id} rule {rule.id}: query {text!r} "
                                 "matches no card")
    return found
