"""Read deck files (TOML or plain-text lists) into `Deck` models, keeping line numbers.

Nothing here raises for bad input: every problem with a file becomes a `Problem` with the
line (and column) where it was found, so one broken deck never stops a check of many.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from deckcli.deckfile.tomlkeys import LazyKeyLines, repeated_key
from deckcli.models import Deck, DeckEntry, Problem

MAX_FILE_BYTES = 2_000_000
MAX_ENTRIES = 5_000
MAX_PROBLEMS_PER_RULE = 50  # per file: a generated file of 200,000 bad lines stays readable
MAX_REF_CHARS = 200
MAX_COUNT_DIGITS = 4_000  # below Python's int-parsing limit (4,300 digits)
TEXT_SUFFIXES = (".txt", ".dek", ".list")
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
# The text patterns run on stripped lines of any length: none may backtrack quadratically over a
# run of spaces (a lazy group before `\s+` or `\s*$` would), so they stay linear.
_TEXT_META = re.compile(r"^(?:#|//)\s*(game|format|name)\s*:\s*(.*)$", re.IGNORECASE)
_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX×]?\s+(\S.*)$")
_COUNT_LAST = re.compile(r"^(\S(?:.*\S)?)\s+[xX×]\s*(\d+)$")
_COMMENT_START = re.compile(r"(?<=\s)(?:#|//)")
_SECTION = re.compile(r"^[^\d].*(?::|\(\s*\d+\s*\))$")


def problem(
    rule: str,
    message: str,
    line: int | None = None,
    column: int | None = None,
    severity: str = "error",
    card: str | None = None,
) -> Problem:
    """Shorthand for file-level problems."""
    return Problem(
        rule=rule, severity=severity, message=message, line=line, column=column, card=card
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


def deck_kind(path: Path) -> Literal["toml", "text"]:
    """Text lists by suffix (.txt, .dek, .list); anything else is read as TOML."""
    return "text" if path.suffix.lower() in TEXT_SUFFIXES else "toml"


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
    if deck.kind == "text":
        return parse_text_deck(text, deck)
    return parse_toml_deck(text, deck)


def parse_toml_deck(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """A TOML deck: game, format, name and a [cards] table of reference = count."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return deck, [toml_error_problem(str(exc), text)]
    except ValueError:  # tomllib hands Python's int-size limit on as a plain ValueError
        return deck, [problem("invalid-toml", "invalid TOML: a number with thousands of digits; "
                              "counts are small whole numbers")]
    except RecursionError:
        return deck, [problem("invalid-toml", "invalid TOML: arrays or tables nested too deeply "
                              "to read; a deck needs no nesting beyond [cards]")]
    problems: list[Problem] = []
    lines = LazyKeyLines(text)
    deck._key_lines = lines
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


def capped(problems: list[Problem]) -> list[Problem]:
    """The first MAX_PROBLEMS_PER_RULE problems of each rule, then one line for the rest."""
    kept: list[Problem] = []
    seen: dict[str, int] = {}
    for found in problems:
        seen[found.rule] = seen.get(found.rule, 0) + 1
        if seen[found.rule] <= MAX_PROBLEMS_PER_RULE:
            kept.append(found)
    for rule, count in seen.items():
        if count > MAX_PROBLEMS_PER_RULE:
            first = next(found for found in kept if found.rule == rule)
            kept.append(problem(rule, f"… and {count - MAX_PROBLEMS_PER_RULE:,} more {rule} "
                                f"problems in this file; fix these first", severity=first.severity))
    return kept


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


def _meta_string(raw: dict, key: str, lines: LazyKeyLines, problems: list[Problem]
                 ) -> str | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        reason = f"{key} must be a string, got {_short(value)}"
    elif control := _control_character(value):
        reason = f"{key} holds the control character {control}; delete it"
    else:
        return value
    problems.append(problem("invalid-field", reason, lines.get("", key)))
    return None


def check_entry(ref: str, count: object, line: int | None) -> Problem | None:
    """Why a `[cards]` entry is not `reference = positive integer`, or None."""
    usual = type(count) is int and count > 0 and len(ref) <= MAX_REF_CHARS
    if usual and ref.isprintable() and not ref.isspace() and ref:
        return None  # the usual entry, decided without building any message
    shown = ref if len(ref) <= 60 else ref[:57] + "…"
    if len(ref) > MAX_REF_CHARS:
        return problem(
            "invalid-card-ref",
            f"a card reference of {len(ref):,} characters; at most {MAX_REF_CHARS}",
            line,
            card=shown,
        )
    if not ref.strip():
        return problem("invalid-card-ref", "an empty card reference", line)
    if control := _control_character(ref):
        return problem("invalid-card-ref", f"{shown!r} holds the control character {control}; "
                       "delete it (a copy-paste accident?)", line, card=shown)
    if isinstance(count, bool) or not isinstance(count, int):
        kind = {
            bool: "a boolean",
            float: "a fraction",
            str: "a string",
            dict: "a table",
            list: "an array",
        }.get(type(count), type(count).__name__)
        return problem(
            "invalid-count",
            f"{shown}: the count is {kind} ({_short(count)}); write a whole number, e.g. 3",
            line,
            card=shown,
        )
    if count <= 0:
        return problem(
            "invalid-count",
            f"{shown}: count {count}; counts are whole numbers "
            "from 1 (remove the line to drop the card)",
            line,
            card=shown,
        )
    return None


def _control_character(ref: str) -> str | None:
    """'U+0000 at character 6' for the first control character or lone surrogate in a name.

    Tabs and line breaks count as spaces; invisible format characters (zero-width space,
    direction marks) are not refused here: `textnorm.fold` ignores them when names are compared.
    """
    if ref.isprintable():  # the usual case, answered in C
        return None
    for index, char in enumerate(ref, 1):
        if unicodedata.category(char) in ("Cc", "Cs") and not char.isspace():
            return f"U+{ord(char):04X} at character {index}"
    return None


def _short(value: object) -> str:
    """A value as the user wrote it, cut to 40 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (RecursionError, ValueError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "…"


@dataclass(slots=True)
class TextLine:
    """One line of a text list, classified once so `check`, `import` and `add` read it alike.

    `count_at` is where the count stands in `text`, so an edit can change it and keep the rest.
    """

    number: int
    text: str
    kind: Literal["meta", "blank", "comment", "section", "card", "bad"]
    count: int = 0
    ref: str = ""
    key: str = ""
    count_at: tuple[int, int] | None = None


def text_lines(text: str) -> Iterator[TextLine]:
    """Every line of a text list with what it holds (line endings as `str.splitlines`)."""
    for number, raw_line in enumerate(text.splitlines(), 1):
        line = raw_line.strip()
        if meta := _TEXT_META.match(line):
            yield TextLine(number, raw_line, "meta", ref=meta.group(2), key=meta.group(1).lower())
        elif not line:
            yield TextLine(number, raw_line, "blank")
        elif line.startswith(("#", "//")):
            yield TextLine(number, raw_line, "comment")
        else:
            cut = _COMMENT_START.search(line)
            body = line[: cut.start()].rstrip() if cut else line
            card = _parse_card(body)
            if card is not None:
                indent = len(raw_line) - len(raw_line.lstrip())
                count, ref, (start, end) = card
                yield TextLine(number, raw_line, "card", count, ref,
                               count_at=(indent + start, indent + end))
            else:
                yield TextLine(number, raw_line, "section" if _SECTION.match(body) else "bad",
                               ref=body)


def parse_text_deck(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """A plain list: `4 Name`, `4x Name` or `Name x4` lines; `# game: id` sets the game."""
    problems: list[Problem] = []
    seen: dict[str, DeckEntry] = {}
    for line in text_lines(text):
        number = line.number
        if line.kind == "meta":
            if control := _control_character(line.ref):
                problems.append(problem("invalid-field", f"{line.key} holds the control "
                                        f"character {control}; delete it", number))
                continue
            setattr(deck, line.key, line.ref or None)
            if line.key in ("game", "format"):
                setattr(deck, f"{line.key}_line", number)
            continue
        if line.kind == "bad":
            shown = line.ref if len(line.ref) <= 80 else line.ref[:77] + "…"
            problems.append(problem("text-syntax", f"cannot read {shown!r}; write "
                                    "'COUNT NAME' (e.g. 4 CyberSword) or 'NAME x4'", number))
            continue
        if line.kind != "card":
            continue
        count, ref = line.count, line.ref
        entry_problem = check_entry(ref, count, number)
        if entry_problem is not None:
            problems.append(entry_problem)
        elif ref in seen:
            seen[ref].count += count
            problems.append(problem("duplicate-card", f"{ref} is listed again (line "
                                    f"{seen[ref].line}); counts added", number, severity="warning",
                                    card=ref))
        elif len(seen) >= MAX_ENTRIES:
            problems.append(problem("too-many-entries", f"more than {MAX_ENTRIES:,} entries",
                                    number))
            break
        else:
            seen[ref] = DeckEntry(ref=ref, count=count, line=number)
    deck.entries = list(seen.values())
    return deck, capped(problems)


def parse_text_line(line: str) -> tuple[int, str] | None:
    """'4 Name', '4x Name', '4 x Name' or 'Name x4' -> (4, 'Name')."""
    card = _parse_card(line)
    return None if card is None else card[:2]


def _parse_card(line: str) -> tuple[int, str, tuple[int, int]] | None:
    """(count, reference, where the count stands) for a card line without its comment.

    A count of thousands of digits is no count (Python refuses to parse it): the line is bad.
    """
    if match := _COUNT_FIRST.match(line):
        count, ref, span = match.group(1), match.group(2).strip(), match.span(1)
    elif match := _COUNT_LAST.match(line):
        count, ref, span = match.group(2), match.group(1).strip(), match.span(2)
    else:
        return None
    return (int(count), ref, span) if len(count) <= MAX_COUNT_DIGITS else None
