"""Where keys stand in TOML text: tomllib gives values without line numbers.

A light line scan, not a TOML parser: it finds top-level keys, the keys of `[cards]` and
`[cards.NAME]` headers, which is all a deck file's messages point at.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator

_TABLE_HEADER = re.compile(r"^\s*\[([^\]]*)\]\s*(?:#.*)?$")
_BARE_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")
_BASIC_KEY = re.compile(r'^\s*"((?:[^"\\]|\\.)*)"\s*=')
_LITERAL_KEY = re.compile(r"^\s*'([^']*)'\s*=")


def key_lines(text: str) -> dict[tuple[str, str], int]:
    """(table, key) -> line number, for top-level keys and keys of [cards]."""
    found: dict[tuple[str, str], int] = {}
    for table, key, number in _scan_keys(text):
        found.setdefault((table, key), number)
    return found


def repeated_key(text: str, line: int | None) -> tuple[str, str, int, int] | None:
    """(table, key, first line, repeat line) of a key given twice (on `line`, when known)."""
    seen: dict[tuple[str, str], int] = {}
    for table, key, number in _scan_keys(text):
        if (table, key) in seen and line in (None, number):
            return table, key, seen[table, key], number
        seen.setdefault((table, key), number)
    return None


def _scan_keys(text: str) -> Iterator[tuple[str, str, int]]:
    """(table, key, line) for top-level keys, keys of [cards] and `[cards.NAME]` headers."""
    table = ""
    for number, line in enumerate(text.splitlines(), 1):
        header = _TABLE_HEADER.match(line)
        if header and not line.lstrip().startswith("[["):
            table = header.group(1).strip().strip('"')
            if table.startswith("cards."):  # a table where a count belongs
                yield "cards", table[6:].strip().strip('"'), number
            else:
                yield "", table, number
            continue
        if table not in ("", "cards"):
            continue
        key = _line_key(line)
        if key is not None:
            yield table, key, number


def _line_key(line: str) -> str | None:
    if match := _BARE_KEY.match(line):
        return match.group(1)
    if match := _LITERAL_KEY.match(line):
        return match.group(1)
    if match := _BASIC_KEY.match(line):
        body = match.group(1)
        if "\\" not in body:
            return body
        try:
            return next(iter(tomllib.loads(f'"{body}" = 0')))
        except tomllib.TOMLDecodeError:
            return None
    return None
