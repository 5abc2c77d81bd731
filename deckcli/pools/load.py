"""Reading pool files: the header alone (cheap, for discovery) or the whole pool, validated.

A pool file is read in two steps. Discovery parses only its header (the text before the first
`[[cards]]` line), so listing games or checking a MegaMan deck never parses the Digimon cards.
A full load validates every card and builds the pool's indexes.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from deckcli.escape import control_character
from deckcli.io import tomlread
from deckcli.model.card import RESERVED_CARD_KEYS, Card, card_data_problem
from deckcli.model.pool import Pool
from deckcli.model.poolspec import FieldDef, PoolHeader

CARDS_MARKER = "[[cards]]"


class PoolError(Exception):
    """A pool file that cannot be used, with the file and the field at fault."""

    def __init__(self, path: Path, message: str, line: int | None = None) -> None:
        self.path = path
        self.line = line
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: {message}")


def describe_validation(error: ValidationError, prefix: str = "") -> str:
    """One readable line per pydantic error: 'formats.standard.rules.0.max: …'."""
    parts = []
    for item in error.errors():
        location = ".".join(str(piece) for piece in item["loc"] if piece not in ("function-after",))
        location = f"{prefix}{location}" if location else prefix.rstrip(".")
        parts.append(f"{location}: {item['msg']}")
    return "; ".join(parts)


MAX_POOL_BYTES = 64 * 1024 * 1024


def read_pool_bytes(path: Path, head_only: bool = False) -> bytes:
    """A pool file's bytes (`head_only`: up to its first `[[cards]]`); PoolError when it is no
    regular file, unreadable or too large.

    Opened without blocking and checked before reading: a FIFO or device named like a pool
    must not hang deckcli.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise PoolError(path, f"cannot read pool: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise PoolError(path, "cannot read pool: not a regular file")
        if info.st_size > MAX_POOL_BYTES:
            raise PoolError(path, f"cannot read pool: larger than {MAX_POOL_BYTES:,} bytes")
        if head_only:
            return _read_head(fd)
        return read_fd(fd, MAX_POOL_BYTES + 1)
    except OSError as exc:
        raise PoolError(path, f"cannot read pool: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def _read_head(fd: int) -> bytes:
    """Bytes up to the first `[[cards]]` line: discovery never reads a pool's cards."""
    data = b""
    while len(data) <= MAX_POOL_BYTES and (chunk := os.read(fd, 1 << 16)):
        data += chunk
        if data.startswith(CARDS_MARKER.encode()):
            return b""
        at = data.find(b"\n" + CARDS_MARKER.encode())
        if at >= 0:
            return data[: at + 1]
    return data


def read_fd(fd: int, limit: int) -> bytes:
    """At most `limit` bytes from an open file descriptor."""
    chunks: list[bytes] = []
    while limit > 0 and (chunk := os.read(fd, min(limit, 1 << 20))):
        chunks.append(chunk)
        limit -= len(chunk)
    return b"".join(chunks)


def decode_pool(path: Path, data: bytes) -> str:
    """A pool file's text (UTF-8, an optional BOM); PoolError otherwise."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PoolError(path, f"cannot read pool: not UTF-8 ({exc.reason} at byte "
                        f"{exc.start})") from None


def read_pool_text(path: Path) -> str:
    """A pool file's text; PoolError when it is no regular file or not UTF-8."""
    return decode_pool(path, read_pool_bytes(path))


def parse_pool_toml(path: Path, text: str) -> dict[str, Any]:
    """tomllib.loads, with every way it can fail on a hostile file as a PoolError."""
    try:
        return tomlread.loads(text)
    except tomlread.TOMLDecodeError as exc:
        raise PoolError(path, f"invalid TOML: {exc}") from None
    except ValueError:  # an integer beyond Python's 4,300-digit parsing limit
        raise PoolError(path, "invalid TOML: a number with thousands of digits") from None
    except RecursionError:
        raise PoolError(path, "invalid TOML: arrays or tables nested too deeply") from None


def control_in(value: object) -> str | None:
    """'game.name holds the control character U+000A at character 4' for the first key or
    string of a pool value that holds one (a name echoed with a line break forges output)."""
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            if not item.isprintable() and (found := control_character(item)):
                return f"{where or 'a value'} holds the control character {found}"
        elif isinstance(item, dict):
            for key, inner in item.items():
                inside = f"{where}.{key}" if where else str(key)
                if not key.isprintable() and (found := control_character(key)):
                    return f"the key {inside!r} holds the control character {found}"
                stack.append((inside, inner))
        elif isinstance(item, list):
            stack.extend((f"{where}.{index}", inner) for index, inner in enumerate(item))
    return None


def refuse_controls(path: Path, raw: object, prefix: str = "", line: int | None = None) -> None:
    """PoolError when any name, key or text of `raw` holds a control character."""
    if found := control_in(raw):
        raise PoolError(path, f"{prefix}{found}; delete it (write long text on one line)", line)


def read_header(path: Path) -> PoolHeader:
    """Parse and validate only the header of a pool file; PoolError when it cannot be used."""
    return validate_header(path, read_raw_header(path))


def read_raw_header(path: Path) -> dict[str, Any]:
    """The header of a pool file as parsed TOML, not yet validated (cheap: for discovery)."""
    return parse_pool_toml(path, decode_pool(path, read_pool_bytes(path, head_only=True)))


def validate_header(path: Path, raw: dict[str, object]) -> PoolHeader:
    """A parsed header checked against the pool schema (its rules against the rule kinds'
    own schemas); PoolError naming the field at fault."""
    from deckcli.engine.rules import pool_schema

    refuse_controls(path, raw)
    try:
        return pool_schema().model_validate(raw)
    except ValidationError as exc:
        raise PoolError(path, describe_validation(exc)) from None


def check_card_attrs(number: str, attrs: dict[str, Any], fields: dict[str, FieldDef]) -> str | None:
    """Why a card's attributes do not fit the declared fields, or None when they do."""
    for key, value in attrs.items():
        spec = fields.get(key)
        if spec is None:
            return f"card {number}: field {key!r} is not declared in [fields]"
        expected: dict[str, type | tuple[type, ...]] = {
            "str": str, "int": int, "float": (int, float), "bool": bool, "list": list}
        if spec.type in ("int", "float") and isinstance(value, bool):
            return f"card {number}: field {key!r} must be {spec.type}, got {value!r}"
        if not isinstance(value, expected[spec.type]):
            return f"card {number}: field {key!r} must be {spec.type}, got {value!r}"
        if isinstance(value, list) and not all(isinstance(item, str) for item in value):
            return f"card {number}: field {key!r} must be a list of strings"
        if spec.values is not None and spec.type in ("str", "list"):
            items = value if isinstance(value, list) else [value]
            bad = [item for item in items if item not in spec.values]
            if bad:
                return f"card {number}: {key} {bad[0]!r} is not one of {', '.join(spec.values)}"
    return None


def build_cards(
    path: Path, cards_raw: object, fields: dict[str, FieldDef], text: str
) -> list[Card]:
    """Validate the `[[cards]]` array into Card models, naming the card and line at fault."""
    if not isinstance(cards_raw, list):
        raise PoolError(path, "cards must be an array of tables ([[cards]])")
    text_lines = _card_lines(text)
    cards: list[Card] = []
    numbers: dict[str, int] = {}
    for index, raw in enumerate(cards_raw):
        line = text_lines[index] if index < len(text_lines) else None
        if not isinstance(raw, dict):
            raise PoolError(path, f"card #{index + 1} is not a table", line)
        reserved = {key: raw[key] for key in RESERVED_CARD_KEYS if key in raw}
        attrs = {key: value for key, value in raw.items() if key not in RESERVED_CARD_KEYS}
        number = str(raw.get("number", f"#{index + 1}"))
        refuse_controls(path, raw, f"card {number!r}: ", line)
        data = {**reserved, "attrs": attrs}
        if shape := card_data_problem(data):
            raise PoolError(path, f"card {number}: {shape}", line)
        card = Card(**data)
        if problem := check_card_attrs(number, attrs, fields):
            raise PoolError(path, problem, line)
        if card.folded_number in numbers:
            raise PoolError(path, f"card number {number!r} appears twice", line)
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
