"""Where keys stand in TOML text: tomllib gives values without line numbers.

A light line scan, not a TOML parser: it finds top-level keys, the keys of `[cards]` and
`[cards.NAME]` headers, which is all a deck file's messages point at.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator

# One pattern for the whole text: a `[table]` header line, or a line that starts with a key.
# Scanning with finditer costs a fraction of matching line by line in Python.
_KEY_OR_HEADER = re.compile(
    r"""^[ \t]*(?:
        \[(?!\[)(?P<table>[^\]\n]*)\][ \t]*(?:\#[^\r\n]*)?\r?$
      | (?:(?P<bare>[A-Za-z0-9_-]+)|"(?P<basic>(?:[^"\\\n]|\\.)*)"|'(?P<literal>[^'\n]*)')[ \t]*=
    )""",
    re.MULTILINE | re.VERBOSE,
)

# What can hold a line that looks like a key or a header without being one: a comment, a
# string, and (the only ones spanning lines) the multi-line strings, whose closing quotes
# may be followed by one or two more of the same. Scanned from the start of the text, so a
# `"""` inside a comment or a one-line string opens nothing.
_STRING_OR_COMMENT = re.compile(
    r"""\#[^\n]*
      | "{3}(?:[^"\\]|\\.|"(?!""))*"{3,5}
      | '{3}(?:[^']|'(?!''))*'{3,5}
      | "(?:[^"\\\n]|\\.)*"
      | '[^'\n]*'""",
    re.DOTALL | re.VERBOSE,
)


def _blank_multiline(match: re.Match[str]) -> str:
    token = match.group()
    if not token.startswith(('"""', "'''")):
        return token
    return token[:3] + re.sub(r"[^\r\n]", " ", token[3:-3]) + token[-3:]


def outside_strings(text: str) -> str:
    """The text with the inside of every multi-line string blanked (line ends kept, so
    every offset and line number stays): a line scan then never takes a line of a string
    value for a key or a `[cards]` header. A text without one is returned as it is."""
    if '"""' not in text and "'''" not in text:
        return text
    return _STRING_OR_COMMENT.sub(_blank_multiline, text)


# The comment `fmt` writes over each group of `[cards]`: `# Type (N)`.
GROUP_COMMENT = re.compile(r"^#\s*(?P<label>.+?)\s+\(\d+\)\s*$")


class LazyKeyLines:
    """`key_lines` of a text, worked out on first use.

    Only a deck with a problem to place needs line numbers; a legal deck never pays for them.
    """

    __slots__ = ("_text", "_lines")

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: dict[tuple[str, str], int] | None = None

    def get(self, table: str, key: str) -> int | None:
        if self._lines is None:
            self._lines = key_lines(self._text)
        return self._lines.get((table, key))


# `_KEY_OR_HEADER` made optional, so that it matches at every line start (no match spans lines):
# `findall` gives one row per line, in order, and the row's index is the line's number.
_EVERY_LINE = re.compile(
    r"""^[ \t]*(?:
        (\[)(?!\[)([^\]\n]*)\][ \t]*(?:\#[^\r\n]*)?\r?$
      | (?:([A-Za-z0-9_-]+)|(")((?:[^"\\\n]|\\.)*)"|(')([^'\n]*)')[ \t]*=
    )?""",
    re.MULTILINE | re.VERBOSE,
)


def key_lines(text: str) -> dict[tuple[str, str], int]:
    """(table, key) -> line number, for top-level keys and the keys of every table (a
    `[cards.NAME]` header as the key NAME of [cards]; a side zone's `[sideboard]` keys too).

    What `_scan_keys` finds, first line of each kept, in one C-level pass over the text: a deck
    with a problem to place pays this.
    """
    found: dict[tuple[str, str], int] = {}
    table = ""
    for number, (bracket, header, bare, quote, basic, apostrophe, literal) in enumerate(
            _EVERY_LINE.findall(outside_strings(text)), 1):
        if bracket:
            table = header.strip().strip('"')
            where = ("cards", table[6:].strip().strip('"')) if table.startswith("cards.") \
                else ("", table)
        elif bare:
            where = (table, bare)
        elif quote:
            if "\\" in basic:
                key = _unescaped(basic)
                if key is None:
                    continue
                basic = key
            where = (table, basic)
        elif apostrophe:
            where = (table, literal)
        else:
            continue
        if where not in found:
            found[where] = number
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
    line, scanned = 1, 0
    text = outside_strings(text)
    for match in _KEY_OR_HEADER.finditer(text):
        line += text.count("\n", scanned, match.start())
        scanned = match.start()
        if match.group("table") is not None:
            table = match.group("table").strip().strip('"')
            if table.startswith("cards."):  # a table where a count belongs
                yield "cards", table[6:].strip().strip('"'), line
            else:
                yield "", table, line
        elif table in ("", "cards"):
            key = _match_key(match)
            if key is not None:
                yield table, key, line


def _match_key(match: re.Match[str]) -> str | None:
    if (bare := match.group("bare")) is not None:
        return bare
    if (literal := match.group("literal")) is not None:
        return literal
    body = match.group("basic")
    return body if "\\" not in body else _unescaped(body)


def _unescaped(body: str) -> str | None:
    """A basic string's key with its escapes read, as TOML reads them; None when invalid."""
    try:
        return next(iter(tomllib.loads(f'"{body}" = 0')))
    except tomllib.TOMLDecodeError:
        return None


def card_key_spans(text: str) -> Iterator[tuple[str, int, int, str]]:
    """(key, start, end, token) of every key of `[cards]`, in the order written: where its
    token (quotes included) stands in `text`, for an edit that renames a card reference or
    changes a count (every fix `check` offers asks: the one group that matched, by name)."""
    table = ""
    for match in _KEY_OR_HEADER.finditer(outside_strings(text)):
        group = match.lastgroup  # the one alternative that matched
        if group == "table":
            table = match.group("table").strip().strip('"')
            continue
        if table != "cards" or group is None:
            continue
        start, end = match.span(group)
        if group == "bare":
            key: str | None = text[start:end]
        else:  # the quotes belong to the token
            key = match.group(group) if group == "literal" or "\\" not in match.group(group) \
                else _unescaped(match.group(group))
            start, end = start - 1, end + 1
        if key is not None:
            yield key, start, end, text[start:end]
