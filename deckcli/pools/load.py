"""Validating pools: a header against the pool schema, a whole pool card by card.

Reading the files (the header alone for discovery, or every byte) is `pools.poolfile`'s, which
imports no pydantic: a check answered from the result cache never builds a schema.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcli.escape import control_character
from deckcli.i18n import _
from deckcli.model.card import RESERVED_CARD_KEYS, Card, card_data_problem
from deckcli.model.pool import Pool
from deckcli.model.poolspec import FieldDef, PoolHeader
from deckcli.pools.poolfile import (
    CARDS_MARKER,
    PoolError,
    decode_pool,
    parse_pool_toml,
    read_pool_text,
    read_raw_header,
)

if TYPE_CHECKING:
    from pydantic import ValidationError


def describe_validation(error: ValidationError, prefix: str = "") -> str:
    """One readable line per pydantic error: 'formats.standard.rules.0.max: …'."""
    parts = []
    for item in error.errors():
        location = ".".join(str(piece) for piece in item["loc"] if piece not in ("function-after",))
        location = f"{prefix}{location}" if location else prefix.rstrip(".")
        parts.append(f"{location}: {item['msg']}")
    return "; ".join(parts)


def control_in(value: object) -> str | None:
    """'game.name holds the control character U+000A at character 4' for the first key or
    string of a pool value that holds one (a name echoed with a line break forges output)."""
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            if not item.isprintable() and (found := control_character(item)):
                if not where:
                    return _("a value holds the control character {character}").format(
                        character=found)
                return _("{field} holds the control character {character}").format(
                    field=where, character=found)
        elif isinstance(item, dict):
            for key, inner in item.items():
                inside = f"{where}.{key}" if where else str(key)
                if not key.isprintable() and (found := control_character(key)):
                    return _("the key {key!r} holds the control character {character}").format(
                        key=inside, character=found)
                stack.append((inside, inner))
        elif isinstance(item, list):
            stack.extend((f"{where}.{index}", inner) for index, inner in enumerate(item))
    return None


def refuse_controls(path: Path, raw: object, prefix: str = "", line: int | None = None) -> None:
    """PoolError when any name, key or text of `raw` holds a control character."""
    if found := control_in(raw):
        raise PoolError(path, _("{where}{problem}; delete it (write long text on one line)").format(
            where=prefix, problem=found), line)


def read_header(path: Path) -> PoolHeader:
    """Parse and validate only the header of a pool file; PoolError when it cannot be used."""
    return validate_header(path, read_raw_header(path))


def validate_header(path: Path, raw: dict[str, object]) -> PoolHeader:
    """A parsed header checked against the pool schema (its rules against the rule kinds'
    own schemas); PoolError naming the field at fault."""
    from deckcli.pools.schema import ValidationError, validate

    refuse_controls(path, raw)
    try:
        return validate(raw)
    except ValidationError as exc:
        raise PoolError(path, describe_validation(exc)) from None


def check_card_attrs(number: str, attrs: dict[str, Any], fields: dict[str, FieldDef]) -> str | None:
    """Why a card's attributes do not fit the declared fields, or None when they do."""
    for key, value in attrs.items():
        spec = fields.get(key)
        if spec is None:
            return _("card {number}: field {field!r} is not declared in [fields]").format(
                number=number, field=key)
        expected: dict[str, type | tuple[type, ...]] = {
            "str": str, "int": int, "float": (int, float), "bool": bool, "list": list}
        if (spec.type in ("int", "float") and isinstance(value, bool)) or not isinstance(
                value, expected[spec.type]):
            return _("card {number}: field {field!r} must be {type}, got {value!r}").format(
                number=number, field=key, type=spec.type, value=value)
        if isinstance(value, list) and not all(isinstance(item, str) for item in value):
            return _("card {number}: field {field!r} must be a list of strings").format(
                number=number, field=key)
        if spec.values is not None and spec.type in ("str", "list"):
            items = value if isinstance(value, list) else [value]
            bad = [item for item in items if item not in spec.values]
            if bad:
                return _("card {number}: {field} {value!r} is not one of {choices}").format(
                    number=number, field=key, value=bad[0], choices=", ".join(spec.values))
    return None


def build_cards(
    path: Path, cards_raw: object, fields: dict[str, FieldDef], text: str
) -> list[Card]:
    """Validate the `[[cards]]` array into Card models, naming the card and line at fault."""
    if not isinstance(cards_raw, list):
        raise PoolError(path, _("cards must be an array of tables ([[cards]])"))
    text_lines = _card_lines(text)
    cards: list[Card] = []
    numbers: dict[str, int] = {}
    for index, raw in enumerate(cards_raw):
        line = text_lines[index] if index < len(text_lines) else None
        if not isinstance(raw, dict):
            raise PoolError(path, _("card #{index} is not a table").format(index=index + 1), line)
        reserved = {key: raw[key] for key in RESERVED_CARD_KEYS if key in raw}
        attrs = {key: value for key, value in raw.items() if key not in RESERVED_CARD_KEYS}
        number = str(raw.get("number", f"#{index + 1}"))
        refuse_controls(path, raw, _("card {number!r}: ").format(number=number), line)
        data = {**reserved, "attrs": attrs}
        if shape := card_data_problem(data):
            raise PoolError(path, _("card {number}: {problem}").format(number=number,
                                                                       problem=shape), line)
        card = Card(**data)
        if problem := check_card_attrs(number, attrs, fields):
            raise PoolError(path, problem, line)
        if card.folded_number in numbers:
            raise PoolError(path, _("card number {number!r} appears twice").format(
                number=number), line)
        numbers[card.folded_number] = index
        cards.append(card)
    return cards


def _card_lines(text: str) -> list[int]:
    """Line numbers of every `[[cards]]` header, for error messages."""
    return [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == CARDS_MARKER]


def load_pool(path: Path, data: bytes | None = None, header: PoolHeader | None = None) -> Pool:
    """Parse and validate a whole pool file (`data`: its bytes, when already read; `header`:
    its header, when already validated)."""
    text = read_pool_text(path) if data is None else decode_pool(path, data)
    raw = parse_pool_toml(path, text)
    cards_raw = raw.pop("cards", [])
    header = header or validate_header(path, raw)
    cards = build_cards(path, cards_raw, header.fields, text)
    return Pool(path, header, cards)
