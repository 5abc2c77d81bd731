"""Read deck files (TOML or plain-text lists) into `Deck` models, keeping line numbers.

Nothing here raises for bad input: every problem with a file becomes a `Problem` with the
line (and column) where it was found, so one broken deck never stops a check of many.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from deckcli.models import Deck, DeckEntry, Problem

MAX_FILE_BYTES = 2_000_000
MAX_ENTRIES = 5_000
MAX_REF_CHARS = 200
TEXT_SUFFIXES = (".txt", ".dek", ".list")
# Problems that stop a file being read at all: nothing else is said about such a deck.
UNREADABLE_RULES = frozenset(
    {"empty-file", "encoding", "invalid-toml", "file-too-large", "unreadable"}
)

_TOML_ERROR_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_TABLE_HEADER = re.compile(r"^\s*\[\s*([^\]]*?)\s*\]\s*(#.*)?$")
_BARE_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")
_BASIC_KEY = re.compile(r'^\s*"((?:[^"\\]|\\.)*)"\s*=')
_LITERAL_KEY = re.compile(r"^\s*'([^']*)'\s*=")
_TEXT_META = re.compile(r"^\s*(?:#|//)\s*(game|format|name)\s*:\s*(.*?)\s*$", re.IGNORECASE)
_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX×]?\s+(\S.*)$")
_COUNT_LAST = re.compile(r"^(\S.*?)\s+[xX×]\s*(\d+)$")
_TRAILING_COMMENT = re.compile(r"\s+(?:#|//).*$")
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


def read_deck_file(path: Path) -> tuple[Deck, list[Problem]]:
    """Read one deck file from disk."""
    deck = Deck(path=str(path), kind="text" if path.suffix.lower() in TEXT_SUFFIXES else "toml")
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return deck, [
                problem(
                    "file-too-large", f"{size:,} bytes; deck files are at most {MAX_FILE_BYTES:,}"
                )
            ]
        data = path.read_bytes()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return deck, [problem("unreadable", f"cannot read the file: {reason}")]
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
        where = _TOML_ERROR_AT.search(str(exc))
        line, column = (int(where.group(1)), int(where.group(2))) if where else (None, None)
        reason = _TOML_ERROR_AT.sub("", str(exc)).strip()
        return deck, [problem("invalid-toml", f"invalid TOML: {reason}", line, column)]
    problems: list[Problem] = []
    lines = key_lines(text)
    deck.game = _meta_string(raw, "game", lines, problems)
    deck.format = _meta_string(raw, "format", lines, problems)
    deck.name = _meta_string(raw, "name", lines, problems)
    deck.game_line, deck.format_line = lines.get(("", "game")), lines.get(("", "format"))
    cards = raw.get("cards")
    if cards is None:
        problems.append(problem("missing-cards", 'no [cards] table; list cards as "Name" = count'))
    elif not isinstance(cards, dict):
        problems.append(
            problem(
                "missing-cards",
                'cards must be a table: [cards] then "Name" = count lines',
                lines.get(("", "cards")),
            )
        )
    else:
        for ref, count in cards.items():
            line = lines.get(("cards", ref))
            entry_problem = check_entry(ref, count, line)
            if entry_problem is not None:
                problems.append(entry_problem)
            else:
                deck.entries.append(DeckEntry(ref=ref, count=count, line=line))
        if len(deck.entries) > MAX_ENTRIES:
            problems.append(
                problem(
                    "too-many-entries", f"{len(deck.entries):,} entries; at most {MAX_ENTRIES:,}"
                )
            )
            deck.entries = deck.entries[:MAX_ENTRIES]
    return deck, problems


def _meta_string(raw: dict, key: str, lines: dict, problems: list[Problem]) -> str | None:
    value = raw.get(key)
    if value is None or isinstance(value, str):
        return value
    problems.append(
        problem("invalid-field", f"{key} must be a string, got {value!r}", lines.get(("", key)))
    )
    return None


def check_entry(ref: str, count: object, line: int | None) -> Problem | None:
    """Why a `[cards]` entry is not `reference = positive integer`, or None."""
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


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:37] + "…"


def key_lines(text: str) -> dict[tuple[str, str], int]:
    """(table, key) -> line number, for top-level keys and keys of [cards]."""
    found: dict[tuple[str, str], int] = {}
    table = ""
    for number, line in enumerate(text.splitlines(), 1):
        header = _TABLE_HEADER.match(line)
        if header and not line.lstrip().startswith("[["):
            table = header.group(1).strip().strip('"')
            continue
        if table not in ("", "cards"):
            continue
        key = _line_key(line)
        if key is not None:
            found.setdefault((table, key), number)
    return found


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


def parse_text_deck(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """A plain list: `4 Name`, `4x Name` or `Name x4` lines; `# game: id` sets the game."""
    problems: list[Problem] = []
    seen: dict[str, DeckEntry] = {}
    for number, raw_line in enumerate(text.splitlines(), 1):
        line = raw_line.strip()
        if meta := _TEXT_META.match(line):
            key, value = meta.group(1).lower(), meta.group(2)
            setattr(deck, key, value or None)
            if key in ("game", "format"):
                setattr(deck, f"{key}_line", number)
            continue
        if not line or line.startswith(("#", "//")):
            continue
        line = _TRAILING_COMMENT.sub("", line)
        parsed = parse_text_line(line)
        if parsed is None:
            if _SECTION.match(line):
                continue
            shown = line if len(line) <= 80 else line[:77] + "…"
            problems.append(
                problem(
                    "text-syntax",
                    f"cannot read {shown!r}; write 'COUNT NAME' (e.g. 4 CyberSword) or 'NAME x4'",
                    number,
                )
            )
            continue
        count, ref = parsed
        entry_problem = check_entry(ref, count, number)
        if entry_problem is not None:
            problems.append(entry_problem)
        elif ref in seen:
            seen[ref].count += count
            problems.append(
                problem(
                    "duplicate-card",
                    f"{ref} is listed again (line {seen[ref].line}); counts added",
                    number,
                    "warning",
                    ref,
                )
            )
        elif len(seen) >= MAX_ENTRIES:
            problems.append(
                problem("too-many-entries", f"more than {MAX_ENTRIES:,} entries", number)
            )
            break
        else:
            seen[ref] = DeckEntry(ref=ref, count=count, line=number)
    deck.entries = list(seen.values())
    return deck, problems


def parse_text_line(line: str) -> tuple[int, str] | None:
    """'4 Name', '4x Name', '4 x Name' or 'Name x4' -> (4, 'Name')."""
    if match := _COUNT_FIRST.match(line):
        return int(match.group(1)), match.group(2).strip()
    if match := _COUNT_LAST.match(line):
        return int(match.group(2)), match.group(1).strip()
    return None
