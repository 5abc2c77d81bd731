"""Read deck files (TOML, text lists, LackeyCCG `.dek`, CSV, JSON) into `Deck` models,
keeping line numbers. The file's suffix picks the reader (`deck_kind`); a `.dek` that is not
XML is read as a text list.

Nothing here raises for bad input: every problem with a file becomes a `Problem` with the
line (and column) where it was found, so one broken deck never stops a check of many.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from deckcli.escape import control_character
from deckcli.formats.entries import (
    MAX_ENTRIES,
    check_entry,
    problem,
    short_value,
)
from deckcli.formats.textread import parse_text_deck
from deckcli.formats.tomlkeys import LazyKeyLines, repeated_key
from deckcli.io import tomlread
from deckcli.model.deck import Deck, DeckEntry, DeckKind
from deckcli.model.problem import Problem, capped

MAX_FILE_BYTES = 2_000_000
# Suffixes a folder scan takes as decks without looking inside; a .csv or .json file is a deck
# only by its content (csvlist.looks_like_csv_deck, jsonlist.looks_like_json_deck).
TEXT_SUFFIXES = (".txt", ".dek", ".list")
SUFFIX_KINDS: dict[str, DeckKind] = {".txt": "text", ".list": "text", ".dek": "lackey",
                                     ".csv": "csv", ".json": "json"}
# Problems that stop a file being read at all: nothing else is said about such a deck.
UNREADABLE_RULES = frozenset(
    {"empty-file", "encoding", "invalid-toml", "file-too-large", "unreadable"}
)

_TOML_ERROR_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
# tomllib's terse reasons, with what a deck file most likely needs there.
_TOML_HINTS = (
    ("Illegal character '\\n'", 'a string is not closed on its line: add the closing "'),
    ("Invalid value", 'write "Card name" = 4: names in quotes, counts as whole numbers'),
    ("Expected '=' after a key", 'write "Card name" = 4 (names with spaces need quotes)'),
)



def decode_deck_bytes(data: bytes) -> tuple[str | None, Problem | None]:
    """Text of a deck file, or the problem that stops it being read."""
    if len(data) > MAX_FILE_BYTES:
        return None, problem("file-too-large", f"more than {MAX_FILE_BYTES:,} bytes; deck files "
                             f"are at most {MAX_FILE_BYTES:,} (is it really a deck?)")
    if not data.strip():
        return None, problem("empty-file", 'the file is empty; a deck needs game = "…" and [cards]')
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None, problem("encoding", "the file is UTF-16; save it as UTF-8")
    if b"\x00" in data:
        return None, problem("encoding", "the file holds NUL bytes: it looks binary, not a deck")
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return None, problem(
            "encoding",
            f"not UTF-8 (byte 0x{data[exc.start]:02x} at byte {exc.start}); save the file as UTF-8",
            line=line,
        )


def deck_kind(path: Path) -> DeckKind:
    """The reader a file's suffix picks (SUFFIX_KINDS); anything else is read as TOML."""
    return SUFFIX_KINDS.get(path.suffix.lower(), "toml")


def read_deck_file(path: Path) -> tuple[Deck, list[Problem]]:
    """Read one deck file from disk."""
    deck = Deck(path=str(path), kind=deck_kind(path))
    try:
        data = read_limited(path)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return deck, [problem("unreadable", f"cannot read the file: {reason}")]
    return parse_deck_bytes(data, deck)


def read_limited(path: Path) -> bytes:
    """A regular file's bytes, at most MAX_FILE_BYTES + 1 of them.

    A FIFO, a device or /dev/zero named as a deck would block or never end, so the file is
    opened without blocking, refused unless regular, and never read past the limit.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(0, "not a regular file")
        chunks: list[bytes] = []
        wanted = MAX_FILE_BYTES + 1
        while wanted > 0 and (chunk := os.read(fd, wanted)):  # raw reads: no file object
            chunks.append(chunk)
            wanted -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def parse_deck_bytes(data: bytes, deck: Deck) -> tuple[Deck, list[Problem]]:
    """Read a deck from bytes already in hand (an edit parses exactly what it will change)."""
    text, failure = decode_deck_bytes(data)
    if failure is not None:
        return deck, [failure]
    assert text is not None
    return parse_deck_text(text, deck)


def parse_deck_text(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """Read a deck from its decoded text, with the reader of `deck.kind`."""
    if deck.kind == "lackey" and not text.lstrip().startswith("<"):
        deck.kind = "text"  # a .dek that is a plain list (some programs write those)
    if deck.kind == "text":
        return parse_text_deck(text, deck)
    if deck.kind == "lackey":  # the readers of rarer formats are imported when first met
        from deckcli.formats.lackey import parse_lackey_deck
        return parse_lackey_deck(text, deck)
    if deck.kind == "csv":
        from deckcli.formats.csvlist import parse_csv_deck
        return parse_csv_deck(text, deck)
    if deck.kind == "json":
        from deckcli.formats.jsonlist import parse_json_deck
        return parse_json_deck(text, deck)
    return parse_toml_deck(text, deck)


def parse_toml_deck(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """A TOML deck: game, format, name and a [cards] table of reference = count."""
    try:
        raw = tomlread.loads(text)
    except tomlread.TOMLDecodeError as exc:
        return deck, [toml_error_problem(str(exc), text)]
    except ValueError:  # tomllib hands Python's int-size limit on as a plain ValueError
        return deck, [problem("invalid-toml", "invalid TOML: a number with thousands of digits; "
                              "counts are small whole numbers")]
    except RecursionError:
        return deck, [problem("invalid-toml", "invalid TOML: arrays or tables nested too deeply "
                              "to read; a deck needs no nesting beyond [cards]")]
    problems: list[Problem] = []
    lines = LazyKeyLines(text)
    deck.key_lines = lines
    deck.game = _meta_string(raw, "game", lines, problems)
    deck.format = _meta_string(raw, "format", lines, problems)
    deck.name = _meta_string(raw, "name", lines, problems)
    cards = raw.get("cards")
    if cards is None:
        problems.append(problem("missing-cards", 'no [cards] table; list cards as "Name" = count'))
    elif not isinstance(cards, dict):
        problems.append(
            problem(
                "missing-cards",
                'cards must be a table: [cards] then "Name" = count lines',
                lines.get("", "cards"),
            )
        )
    else:
        for ref, count in cards.items():
            if len(deck.entries) == MAX_ENTRIES:
                problems.append(problem("too-many-entries", f"{len(cards):,} entries; at most "
                                        f"{MAX_ENTRIES:,}"))
                break
            entry = DeckEntry(ref, count, lines=lines)
            entry_problem = check_entry(ref, count, None)
            if entry_problem is not None:
                entry_problem.line = entry.line  # looked up only now there is a problem
                problems.append(entry_problem)
            else:
                deck.entries.append(entry)
    return deck, capped(problems)


def toml_error_problem(error: str, text: str) -> Problem:
    """tomllib's complaint with its line and column, and the likely fix for a repeated key."""
    where = _TOML_ERROR_AT.search(error)
    line, column = (int(where.group(1)), int(where.group(2))) if where else (None, None)
    reason = _TOML_ERROR_AT.sub("", error).replace("(at end of document)", "").strip()
    message = f"invalid TOML: {reason}" + (f" (column {column})" if column else "")
    hint = next((fix for start, fix in _TOML_HINTS if reason.startswith(start)), None)
    if hint:
        message += f"; {hint}"
    if reason.startswith(("Cannot overwrite", "Cannot declare", "Cannot mutate")):
        repeat = repeated_key(text, line)
        if repeat is not None:
            table, key, first, line = repeat
            fix = "list each card once, with its total count" if table == "cards" else "keep one"
            message = f"invalid TOML: {key!r} is given twice (first on line {first}); {fix}"
    return problem("invalid-toml", message, line, column)


def _meta_string(raw: dict[str, object], key: str, lines: LazyKeyLines, problems: list[Problem]
                 ) -> str | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        reason = f"{key} must be a string, got {short_value(value)}"
    elif control := control_character(value):
        reason = f"{key} holds the control character {control}; delete it"
    else:
        return value
    problems.append(problem("invalid-field", reason, lines.get("", key)))
    return None


