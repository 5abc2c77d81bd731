"""What one term of a card query tests: a declared field against a value, a number or a name,
and the three-valued (Kleene) logic that joins terms. `engine.query` parses; this evaluates."""

from __future__ import annotations

import fnmatch
from collections.abc import Callable
from typing import Any

from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.poolspec import FieldDef
from deckcli.textnorm import fold

Verdict = bool | None
Predicate = Callable[[Card], Verdict]

_OPERATORS: dict[str, Callable[[Any, Any], bool]] = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


class QueryError(ValueError):
    """A query that cannot be parsed or names something the game does not have."""


def field_predicate(field: str, spec: FieldDef, op: str, raw: str) -> Predicate:
    """One `field OP value` term, checked against the field's declared type."""
    if spec.type in ("int", "float"):
        number = _parse_number(field, raw)
        compare = _OPERATORS["=" if op == ":" else op]
        return _attr(field, lambda value: compare(value, number))
    if spec.type == "bool":
        wanted = _parse_bool(field, raw)
        if op not in (":", "=", "!="):
            raise QueryError(_("{field} is true or false; use {field}:true").format(
                                 field=field))
        return _attr(field, lambda value: (value == wanted) == (op != "!="))
    value = fold(canonical_value(spec, raw))
    if spec.values and "*" not in value and "?" not in value and \
            value not in {fold(v) for v in spec.values}:
        raise QueryError(_("{raw!r} is not a {field}; {field} is one of {items}").format(
                             raw=raw, field=field, items=', '.join(spec.values)))
    if op in (":", "=", "!="):
        test = _text_value_test(value)
        if spec.type == "list":
            return _attr(
                field, lambda items: any(test(fold(item)) for item in items) == (op != "!=")
            )
        return _attr(field, lambda item: test(fold(str(item))) == (op != "!="))
    if not spec.order:
        raise QueryError(_("{field} has no order; use {field}:{raw} (comparisons need "
                           "numbers)").format(field=field, raw=raw))
    ranks = {fold(name): rank for rank, name in enumerate(spec.order)}
    if value not in ranks:
        raise QueryError(_("{raw!r} is not a {field}; {field} runs {items}").format(
                             raw=raw, field=field, items=' < '.join(spec.order)))
    compare = _OPERATORS[op]
    target = ranks[value]

    def ordered(item: object) -> Verdict:
        rank = ranks.get(fold(str(item)))
        return None if rank is None else compare(rank, target)

    return _attr(field, ordered)


def canonical_value(spec: FieldDef, raw: str) -> str:
    """The value a field's alias stands for (e.g. 究极体 -> 究極体), else the value itself."""
    wanted = fold(raw)
    for alias, canonical in spec.aliases.items():
        if fold(alias) == wanted:
            return canonical
    return raw


def _text_value_test(value: str) -> Callable[[str], bool]:
    if "*" in value or "?" in value:
        return lambda item: fnmatch.fnmatchcase(item, value)
    return lambda item: item == value


def _parse_number(field: str, raw: str) -> float:
    try:
        return float(raw)
    except ValueError:
        raise QueryError(_("{field} is a number; {raw!r} is not").format(
            field=field, raw=raw)) from None


def _parse_bool(field: str, raw: str) -> bool:
    folded = fold(raw)
    if folded in ("true", "yes", "1"):
        return True
    if folded in ("false", "no", "0"):
        return False
    raise QueryError(_("{field} is true or false; {raw!r} is neither").format(
                         field=field, raw=raw))


def _attr(field: str, test: Callable[[Any], Verdict]) -> Predicate:
    def predicate(card: Card) -> Verdict:
        value = card.attrs.get(field)
        return None if value is None else test(value)

    return predicate


def number_match(value: str) -> Predicate:
    test = _text_value_test(value)
    return lambda card: test(card.folded_number)


def name_match(value: str) -> Predicate:
    test = _text_value_test(value)
    if "*" in value or "?" in value:
        return lambda card: any(test(name) for name in card.folded_names)
    return lambda card: any(value in name for name in card.folded_names)


def text_exact(value: str) -> Predicate:
    return lambda card: card.folded_number == value or value in card.folded_names


def text_loose(value: str) -> Predicate:
    return lambda card: card.folded_number == value or any(value in n for n in card.folded_names)


def negate(inner: Predicate) -> Predicate:
    def negate(card: Card) -> Verdict:
        verdict = inner(card)
        return None if verdict is None else not verdict

    return negate


def all_of(parts: list[Predicate]) -> Predicate:
    return _kleene(parts, decisive=False)


def any_of(parts: list[Predicate]) -> Predicate:
    return _kleene(parts, decisive=True)


def _kleene(parts: list[Predicate], decisive: bool) -> Predicate:
    """AND (one False decides) or OR (one True decides); otherwise unknown beats the rest."""

    def combined(card: Card) -> Verdict:
        unknown = False
        for part in parts:
            verdict = part(card)
            if verdict is decisive:
                return decisive
            unknown = unknown or verdict is None
        return None if unknown else not decisive

    return combined
