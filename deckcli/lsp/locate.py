"""Where things stand in a deck's text: each card reference's columns, the table a TOML line
belongs to, and the place a problem is shown. Columns count code points; the server converts
them to the editor's units. Nothing here knows the protocol.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass

from deckcli.formats.textread import text_lines
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem

# a `[table]` header, and a key at the start of a line (bare, "basic" or 'literal')
_HEADER = re.compile(r"^\s*\[\s*([^\[\]]*?)\s*\]\s*(?:#.*)?$")
_KEY = re.compile(r"""^(\s*)([A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')\s*=""")


@dataclass(frozen=True)
class Ref:
    """A card reference as written: its line (0-based), columns and text."""

    line: int
    start: int
    end: int
    ref: str
    count: int | None = None


def toml_key(token: str) -> str:
    """The key a TOML key token spells ('"A\\u0041"' -> 'AA')."""
    if token[:1] == "'" or "\\" not in token:
        return token.strip("\"'") if token[:1] in "\"'" else token
    try:
        return next(iter(tomllib.loads(f"{token} = 0")))
    except (tomllib.TOMLDecodeError, StopIteration):
        return token.strip('"')


def toml_header(line: str) -> str | None:
    """The table a `[table]` header line opens (None: not a header)."""
    header = _HEADER.match(line)
    return header.group(1).strip().strip("\"'") if header else None


def table_of(lines: list[str], line: int) -> str | None:
    """The `[table]` a TOML line belongs to ('' before the first header; None: a header)."""
    for index in range(min(line, len(lines) - 1), -1, -1):
        header = toml_header(lines[index])
        if header is not None:
            return None if index == line else header
    return ""


def toml_refs(lines: list[str]) -> dict[int, Ref]:
    """Every key of `[cards]` with its columns (the quotes included), by line."""
    found: dict[int, Ref] = {}
    table = ""
    for number, text in enumerate(lines):
        header = toml_header(text)
        if header is not None:
            table = header
            continue
        key = _KEY.match(text)
        if key and table == "cards":
            start = len(key.group(1))
            token = key.group(2)
            value = text[key.end():].split("#")[0].strip()
            found[number] = Ref(number, start, start + len(token), toml_key(token),
                                int(value) if value.isdigit() else None)
    return found


def text_refs(text: str) -> dict[int, Ref]:
    """Every card line of a text list with the reference's columns, by line."""
    found: dict[int, Ref] = {}
    for line in text_lines(text):
        if line.kind != "card":
            continue
        after = line.count_at[1] if line.count_at and line.count_at[0] == len(
            line.text) - len(line.text.lstrip()) else 0
        start = line.text.find(line.ref, after)
        if start < 0:
            continue
        found[line.number - 1] = Ref(line.number - 1, start, start + len(line.ref), line.ref,
                                     line.count)
    return found


def refs_of(text: str, kind: str) -> dict[int, Ref]:
    """The card references of a TOML deck or a text list (other formats: none)."""
    if kind == "toml":
        return toml_refs(text.splitlines())
    if kind == "text":
        return text_refs(text)
    return {}


def header_line(deck: Deck | None, lines: list[str]) -> int:
    """Where a problem of the whole deck is shown: the `game` line, else the first line with
    something on it (0-based)."""
    given = deck.line_of("game") if deck is not None else None
    if given:
        return given - 1
    return next((index for index, text in enumerate(lines) if text.strip()), 0)


def problem_span(problem: Problem, deck: Deck | None, lines: list[str],
                 refs: dict[int, Ref]) -> tuple[int, int, int]:
    """(line, first column, end column) where a problem is shown: the card reference of its
    line, else the column given to the end of the line, else the line's text."""
    if problem.line is None or not lines:
        line = header_line(deck, lines) if lines else 0
    else:
        line = min(problem.line, len(lines)) - 1
    text = lines[line] if lines else ""
    ref = refs.get(line)
    if problem.line is not None and ref is not None and problem.column is None:
        return line, ref.start, ref.end
    if problem.column is not None:
        start = min(max(problem.column - 1, 0), len(text))
        return line, start, max(len(text.rstrip()), start)
    start = len(text) - len(text.lstrip())
    return line, start, max(len(text.rstrip()), start)
