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

Queries come from user pools and command lines, so they are bounded: at most MAX_QUERY_CHARS
characters, MAX_TERMS terms and MAX_DEPTH levels of parentheses and negations (the parser and
the predicates it builds recurse once per level).

Evaluation is three-valued: a card that lacks a field a term needs gives `None` (unknown),
and unknown combines as in Kleene logic, so `type:Digimon level:III` is simply false for an
Option card with no level, and unknown only for a Digimon whose level is not recorded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from deckcli.engine.queryterms import (
    Predicate,
    QueryError,
    Verdict,
    all_of,
    any_of,
    field_predicate,
    name_match,
    negate,
    number_match,
    text_exact,
    text_loose,
)
from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.poolspec import FieldDef
from deckcli.textnorm import fold

__all__ = ["Query", "QueryError", "Verdict", "compile_query", "tokenize"]

BUILTIN_FIELDS = ("number", "name")
MAX_QUERY_CHARS = 2_000  # the longest query of the shipped pools has 49
MAX_TERMS = 200
MAX_DEPTH = 32
_FIELD_TERM = re.compile(r"([A-Za-z_][A-Za-z0-9_.-]*)(>=|<=|!=|:|>|<|=)(.*)", re.DOTALL)


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
                raise QueryError(_("unclosed quote at position {value} in {text!r}").format(
                                     value=i + 1, text=text))
            tokens.append(Token("quoted", text[i + 1 : end], i))
            i = end + 1
        else:
            start = i
            while i < len(text) and not text[i].isspace() and text[i] not in "()":
                if text[i] == '"':  # field:"quoted value"
                    end = text.find('"', i + 1)
                    if end < 0:
                        raise QueryError(_("unclosed quote at position {value} in {text!r}").format(
                                             value=i + 1, text=text))
                    i = end + 1
                else:
                    i += 1
            tokens.append(Token("word", text[start:i], start))
    return tokens


class _Parser:
    """Recursive descent over the token list, building predicates directly."""

    def __init__(self, text: str, fields: Mapping[str, FieldDef]) -> None:
        if len(text) > MAX_QUERY_CHARS:
            raise QueryError(_("a query of {count:,} characters; queries are at most {limit:,} "
                               "characters (split it into simpler ones)").format(
                                 count=len(text), limit=MAX_QUERY_CHARS))
        self.text = text
        self.fields = fields
        self.tokens = tokenize(text)
        terms = sum(token.kind in ("word", "quoted") and token.text not in ("and", "or", "not")
                    for token in self.tokens)
        if terms > MAX_TERMS:
            raise QueryError(_("a query of {terms:,} terms; queries have at most "
                               "{max_terms} (split it into simpler ones)").format(
                                 terms=terms, max_terms=MAX_TERMS))
        self.at = 0
        self.depth = 0
        self.used_fields: set[str] = set()

    def peek(self) -> Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def parse(self) -> Predicate:
        if not self.tokens:
            raise QueryError(_("empty query"))
        predicate = self.parse_or()
        if (token := self.peek()) is not None:
            raise QueryError(_("unexpected {text!r} at position {value}").format(
                                 text=token.text, value=token.pos + 1))
        return predicate

    def parse_or(self) -> Predicate:
        parts = [self.parse_and()]
        while (token := self.peek()) is not None and token.kind == "word" and token.text == "or":
            self.take()
            parts.append(self.parse_and())
        return parts[0] if len(parts) == 1 else any_of(parts)

    def parse_and(self) -> Predicate:
        parts = [self.parse_unary()]
        while (token := self.peek()) is not None and token.kind != ")":
            if token.kind == "word" and token.text == "or":
                break
            if token.kind == "word" and token.text == "and":
                self.take()
            parts.append(self.parse_unary())
        return parts[0] if len(parts) == 1 else all_of(parts)

    def parse_unary(self) -> Predicate:
        token = self.peek()
        if token is None:
            raise QueryError(_("query ends where a term was expected: {text!r}").format(
                                 text=self.text))
        if token.kind == "-" or (token.kind == "word" and token.text == "not"):
            self.take()
            with self.nested(token):
                return negate(self.parse_unary())
        if token.kind == "(":
            self.take()
            with self.nested(token):
                inner = self.parse_or()
            closing = self.peek()
            if closing is None or closing.kind != ")":
                raise QueryError(_("missing ')' for '(' at position {value}").format(
                                     value=token.pos + 1))
            self.take()
            return inner
        if token.kind == ")":
            raise QueryError(_("unexpected ')' at position {value}").format(
                                 value=token.pos + 1))
        self.take()
        if token.kind == "quoted":
            return text_exact(fold(token.text))
        return self.parse_word(token)

    @contextmanager
    def nested(self, token: Token) -> Iterator[None]:
        """One more level of parentheses or negation, refused past MAX_DEPTH."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise QueryError(_("parentheses and negations nested more than {max_depth} "
                               "deep (at position {value}); write the query flatter").format(
                                 max_depth=MAX_DEPTH, value=token.pos + 1))
        yield
        self.depth -= 1

    def parse_word(self, token: Token) -> Predicate:
        match = _FIELD_TERM.fullmatch(token.text)
        if match is None or (match.group(2, 3) == (":", "") and not self._declared(match[1])):
            return text_loose(fold(token.text))
        field, op, raw = match.groups()
        if raw.startswith('"') and raw.endswith('"') and len(raw) >= 2:
            raw = raw[1:-1]
        field = field.lower()
        if field not in BUILTIN_FIELDS and field not in self.fields:
            known = ", ".join([*BUILTIN_FIELDS, *sorted(self.fields)])
            raise QueryError(_("unknown field {field!r} in {text!r}; fields: {known}").format(
                                 field=field, text=token.text, known=known))
        if raw == "" or raw[0] in ":<>=!":
            at = token.pos + match.start(3) + 1
            found = "nothing" if raw == "" else repr(raw[0])
            raise QueryError(_("{text!r}: a value must follow {field}{op} (position {at} "
                               "has {found}); e.g. {field}{op}{example}").format(
                                 text=token.text, field=field, op=op, at=at, found=found,
                                 example=self._example(field, op)))
        self.used_fields.add(field)
        if field == "number":
            return number_match(fold(raw)) if op == ":" else self._bad_op(field, op)
        if field == "name":
            return name_match(fold(raw)) if op == ":" else self._bad_op(field, op)
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
        raise QueryError(_("{field} takes ':' (e.g. {field}:value), not {op!r}").format(
                             field=field, op=op))


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
