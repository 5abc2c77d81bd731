"""The card query language: parse once, evaluate against many cards.

    query   := or
    or      := and ("or" and)*
    and     := unary (["and"] unary)*
    unary   := ("-" | "not") unary | "(" query ")" | term
    term    := "quoted"  | word  | field ":" value | field OP number   (OP: >= <= > < = !=)

A quoted string matches a card whose number or one of whose names equals it; a bare word
matches a number exactly or a name as a substring. `field:value` compares a declared attribute
(`*` is a wildcard; list fields match when any element does). Matching ignores case, width and
repeated spaces.

Evaluation is three-valued: a card that lacks a field a term needs gives `None` (unknown),
and unknown combines as in Kleene logic, so `type:Digimon level:III` is simply false for an
Option card with no level, and unknown only for a Digimon whose level is not recorded.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from deckcli.models import Card, FieldDef
from deckcli.textnorm import fold

Verdict = bool | None
Predicate = Callable[[Card], Verdict]

BUILTIN_FIELDS = ("number", "name")
_FIELD_TERM = re.compile(r"([A-Za-z_][A-Za-z0-9_.-]*)(>=|<=|!=|:|>|<|=)(.*)", re.DOTALL)
_OPERATORS = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


class QueryError(ValueError):
    """A query that cannot be parsed or names something the game does not have."""


@dataclass(frozen=True)
class Token:
    kind: str  # "word" | "quoted" | "(" | ")" | "-"
    text: str
    pos: int


def tokenize(text: str) -> list[Token]:
    """Split a query into words, quoted strings, parentheses and negation signs."""
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            i += 1
        elif char in "()":
            tokens.append(Token(char, char, i))
            i += 1
        elif char == "-" and (i + 1 < len(text) and not text[i + 1].isspace()):
            tokens.append(Token("-", "-", i))
            i += 1
        elif char == '"':
            end = text.find('"', i + 1)
            if end < 0:
                raise QueryError(f"unclosed quote at position {i + 1} in {text!r}")
            tokens.append(Token("quoted", text[i + 1 : end], i))
            i = end + 1
        else:
            start = i
            while i < len(text) and not text[i].isspace() and text[i] not in "()":
                if text[i] == '"':  # field:"quoted value"
                    end = text.find('"', i + 1)
                    if end < 0:
                        raise QueryError(f"unclosed quote at position {i + 1} in {text!r}")
                    i = end + 1
                else:
                    i += 1
            tokens.append(Token("word", text[start:i], start))
    return tokens


class _Parser:
    """Recursive descent over the token list, building predicates directly."""

    def __init__(self, text: str, fields: Mapping[str, FieldDef]) -> None:
        self.text = text
        self.fields = fields
        self.tokens = tokenize(text)
        self.at = 0
        self.used_fields: set[str] = set()

    def peek(self) -> Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def parse(self) -> Predicate:
        if not self.tokens:
            raise QueryError("empty query")
        predicate = self.parse_or()
        if (token := self.peek()) is not None:
            raise QueryError(f"unexpected {token.text!r} at position {token.pos + 1}")
        return predicate

    def parse_or(self) -> Predicate:
        parts = [self.parse_and()]
        while (token := self.peek()) is not None and token.kind == "word" and token.text == "or":
            self.take()
            parts.append(self.parse_and())
        return parts[0] if len(parts) == 1 else _any(parts)

    def parse_and(self) -> Predicate:
        parts = [self.parse_unary()]
        while (token := self.peek()) is not None and token.kind != ")":
            if token.kind == "word" and token.text == "or":
                break
            if token.kind == "word" and token.text == "and":
                self.take()
            parts.append(self.parse_unary())
        return parts[0] if len(parts) == 1 else _all(parts)

    def parse_unary(self) -> Predicate:
        token = self.peek()
        if token is None:
            raise QueryError(f"query ends where a term was expected: {self.text!r}")
        if token.kind == "-" or (token.kind == "word" and token.text == "not"):
            self.take()
            return _not(self.parse_unary())
        if token.kind == "(":
            self.take()
            inner = self.parse_or()
            closing = self.peek()
            if closing is None or closing.kind != ")":
                raise QueryError(f"missing ')' for '(' at position {token.pos + 1}")
            self.take()
            return inner
        if token.kind == ")":
            raise QueryError(f"unexpected ')' at position {token.pos + 1}")
        self.take()
        if token.kind == "quoted":
            return _text_exact(fold(token.text))
        return self.parse_word(token)

    def parse_word(self, token: Token) -> Predicate:
        match = _FIELD_TERM.fullmatch(token.text)
        if match is None or (match.group(2, 3) == (":", "") and not self._declared(match[1])):
            return _text_loose(fold(token.text))
        field, op, raw = match.groups()
        if raw.startswith('"') and raw.endswith('"') and len(raw) >= 2:
            raw = raw[1:-1]
        field = field.lower()
        if field not in BUILTIN_FIELDS and field not in self.fields:
            known = ", ".join([*BUILTIN_FIELDS, *sorted(self.fields)])
            raise QueryError(f"unknown field {field!r} in {token.text!r}; fields: {known}")
        if raw == "" or raw[0] in ":<>=!":
            at = token.pos + match.start(3) + 1
            found = "nothing" if raw == "" else repr(raw[0])
            raise QueryError(f"{token.text!r}: a value must follow {field}{op} (position {at} "
                             f"has {found}); e.g. {field}{op}{self._example(field, op)}")
        self.used_fields.add(field)
        if field == "number":
            return _number_match(fold(raw)) if op == ":" else self._bad_op(field, op)
        if field == "name":
            return _name_match(fold(raw)) if op == ":" else self._bad_op(field, op)
        return field_predicate(field, self.fields[field], op, raw)

    def _declared(self, field: str) -> bool:
        return field.lower() in BUILTIN_FIELDS or field.lower() in self.fields

    def _example(self, field: str, op: str) -> str:
        spec = self.fields.get(field.lower())
        if spec is not None and (spec.order or spec.values):
            return (spec.order or spec.values or [""])[0]
        return "3" if op != ":" or (spec is not None and spec.type in ("int", "float")) else "…"

    @staticmethod
    def _bad_op(field: str, op: str) -> Predicate:
        raise QueryError(f"{field} takes ':' (e.g. {field}:value), not {op!r}")


@dataclass(frozen=True)
class Query:
    """A compiled query: call `matches(card)` for True, False or None (unknown)."""

    text: str
    matches: Predicate
    fields: frozenset[str]

    def select(self, cards: list[Card]) -> list[Card]:
        """The cards that certainly match."""
        return [card for card in cards if self.matches(card) is True]


def compile_query(text: str, fields: Mapping[str, FieldDef]) -> Query:
    """Parse `text` against a game's declared fields."""
    parser = _Parser(text, fields)
    predicate = parser.parse()
    return Query(text, predicate, frozenset(parser.used_fields))


def field_predicate(field: str, spec: FieldDef, op: str, raw: str) -> Predicate:
    """One `field OP value` term, checked against the field's declared type."""
    if spec.type in ("int", "float"):
        number = _parse_number(field, raw)
        compare = _OPERATORS["=" if op == ":" else op]
        return _attr(field, lambda value: compare(value, number))
    if spec.type == "bool":
        wanted = _parse_bool(field, raw)
        if op not in (":", "=", "!="):
            raise QueryError(f"{field} is true or false; use {field}:true")
        return _attr(field, lambda value: (value == wanted) == (op != "!="))
    value = fold(canonical_value(spec, raw))
    if spec.values and "*" not in value and "?" not in value and \
            value not in {fold(v) for v in spec.values}:
        raise QueryError(f"{raw!r} is not a {field}; {field} is one of {', '.join(spec.values)}")
    if op in (":", "=", "!="):
        test = _text_value_test(value)
        if spec.type == "list":
            return _attr(
                field, lambda items: any(test(fold(item)) for item in items) == (op != "!=")
            )
        return _attr(field, lambda item: test(fold(str(item))) == (op != "!="))
    if not spec.order:
        raise QueryError(f"{field} has no order; use {field}:{raw} (comparisons need numbers)")
    ranks = {fold(name): rank for rank, name in enumerate(spec.order)}
    if value not in ranks:
        raise QueryError(f"{raw!r} is not a {field}; {field} runs {' < '.join(spec.order)}")
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
        raise QueryError(f"{field} is a number; {raw!r} is not") from None


def _parse_bool(field: str, raw: str) -> bool:
    folded = fold(raw)
    if folded in ("true", "yes", "1"):
        return True
    if folded in ("false", "no", "0"):
        return False
    raise QueryError(f"{field} is true or false; {raw!r} is neither")


def _attr(field: str, test: Callable[[object], Verdict]) -> Predicate:
    def predicate(card: Card) -> Verdict:
        value = card.attrs.get(field)
        return None if value is None else test(value)

    return predicate


def _number_match(value: str) -> Predicate:
    test = _text_value_test(value)
    return lambda card: test(card.folded_number)


def _name_match(value: str) -> Predicate:
    test = _text_value_test(value)
    if "*" in value or "?" in value:
        return lambda card: any(test(name) for name in card.folded_names)
    return lambda card: any(value in name for name in card.folded_names)


def _text_exact(value: str) -> Predicate:
    return lambda card: card.folded_number == value or value in card.folded_names


def _text_loose(value: str) -> Predicate:
    return lambda card: card.folded_number == value or any(value in n for n in card.folded_names)


def _not(inner: Predicate) -> Predicate:
    def negate(card: Card) -> Verdict:
        verdict = inner(card)
        return None if verdict is None else not verdict

    return negate


def _all(parts: list[Predicate]) -> Predicate:
    return _kleene(parts, decisive=False)


def _any(parts: list[Predicate]) -> Predicate:
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
