"""A deck's result as the result cache keeps it, and back, every byte checked.

A deck is kept as `D REST LINE`: LINE is its object of the JSON report exactly as
`DeckResult.json_line` writes it (`passed` as without `--strict`), REST what the report does
not say (`[name, [[column, stands for], ...]]`, one pair per problem). A re-check answered
from the cache writes LINE as it is and decodes it into problems only when a report asks for
them, so what is read must be what deckcli's encoder writes and nothing else: `ENTRY`, one
regular expression, matches exactly the encoder's output for a result whose every string is
clean (no control character, lone surrogate or line separator, which a report could echo as
a forged line; a fix's replacement text may hold the escapes the encoder writes), keys in
their order and nothing more; its `legal` and `passed` must be those its severities give,
and REST must have a pair for each problem. Anything else is a miss (None), never an
exception. A file that was not a deck is kept as `S ["skip", path, reason]`.

A result that would not pass (a string that is not clean, a fix nested deeper than a choice)
is not kept: judged each run, as before.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from sys import intern
from typing import Any, get_args

from deckcli.app.scan import Skip
from deckcli.escape import control_character, printable_path
from deckcli.model.fix import Fix, TextEdit
from deckcli.model.problem import Problem, Severity
from deckcli.model.result import ERROR_MARK, DeckResult

# Words every result repeats, as the one string deckcli holds for each: decks share most
# rule ids, messages and fix titles ("61 cards; … — cut 1"; 15,558 messages, 2,273 distinct,
# in the benchmark's 20,000 decks).
_SEVERITY: dict[str, Severity] = {word: word for word in get_args(Severity)}

# A clean string as json's encoder writes it (ensure_ascii off): any character but a quote,
# a backslash or a C0 control, and `\"`, `\\` (the rest of what a string may not hold, DEL,
# a C1 control, a lone surrogate or a line separator, is searched apart: `_RAW`).
_STRING = r'"[^"\\\x00-\x1f]*+(?:\\["\\][^"\\\x00-\x1f]*+)*+"'
# A fix's replacement text may hold line breaks: the escapes the encoder and
# `json_controls` write for control characters and line separators.
_ESCAPE = r'\\(?:["\\bfnrt]|u00(?:[01][0-9a-f]|7f|[89][0-9a-f])|u202[89])'
_TEXT = rf'"[^"\\\x00-\x1f]*+(?:{_ESCAPE}[^"\\\x00-\x1f]*+)*+"'
_RAW = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_OR_NULL = rf'(?:{_STRING}|null)'
_COUNT = r'(?:0|[1-9][0-9]*+)'
_PLACE = r'[1-9][0-9]*+'


def _listed(item: str, least: int = 0) -> str:
    """A JSON list of `item`s (at least `least`), the item written once in the pattern (the
    first follows the bracket, each other a comma): half the pattern to compile, per level."""
    return rf'\[(?:(?:(?<=\[)|(?<!\[), ){item}){"+" if least else "*"}+\]'


_EDIT = (rf'\{{"line": {_PLACE}, "column": {_PLACE}, "end_line": {_PLACE}, '
         rf'"end_column": {_PLACE}, "text": {_TEXT}\}}')
_FIX_HEAD = (rf'\{{"applicability": "(?:safe|unsafe|display-only)", "title": {_STRING}, '
             rf'"edits": {_listed(_EDIT)}')
_CHOICE = rf'{_FIX_HEAD}\}}'
_FIX = rf'{_FIX_HEAD}(?:, "choices": {_listed(_CHOICE, 1)})?\}}'
_PROBLEM = (rf'\{{"rule": {_STRING}, "severity": "(?:error|warning|info)", '
            rf'"message": {_STRING}, "card": {_OR_NULL}, "line": (?:{_COUNT}|null), '
            rf'"fix": (?:{_FIX}|null)\}}')
_LINE = (rf'\{{"path": ({_STRING}), "game": ({_OR_NULL}), "format": ({_OR_NULL}), '
         rf'"legal": (true|false), "passed": (true|false), "cards": ({_COUNT}), '
         rf'"problems": {_listed(_PROBLEM)}\}}')
_PAIR = rf'\[(?:{_COUNT}|null),{_PLACE}\]'
_REST = rf'\[({_OR_NULL}),\[((?:{_PAIR}(?:,{_PAIR})*+)?)\]\]'
ENTRY = re.compile(rf'D {_REST} ({_LINE})')
_PROBLEM_MARK = '{"rule": "'  # a problem's start: a quote after a brace is never in a string

# what `place` answers: the game and format a line names (JSON, as written), decoded, or
# None when the run knows no such game and format
Place = Callable[[str, str], tuple[str | None, str | None] | None]


def entry_data(result: DeckResult | Skip) -> str | None:
    """What the cache keeps of a result (one line's worth, no line break), or None when it
    would not be read back (see the module's docstring)."""
    if isinstance(result, Skip):
        return "S " + json.dumps(["skip", result.path, result.reason], ensure_ascii=True)
    rest = json.dumps([result.name, [[p.column, p.stands_for] for p in result.problems]],
                      ensure_ascii=False, separators=(",", ":"))
    data = f"D {rest} {result.json_line(False)}"
    return data if from_entry(data, result.path, decoded_place) is not None else None


def from_entry(data: str, path: str, place: Place) -> DeckResult | Skip | None:
    """The result an entry holds, or None (a miss) when it is not exactly what `entry_data`
    writes or names a game and format `place` does not know. `path`: the entry's path,
    whose one string the result takes when it is the path the line names."""
    found = ENTRY.fullmatch(data)
    if found is None:
        return _skip(data[2:]) if data.startswith("S ") else None
    if "\x7f" in data if data.isascii() else (  # both answered in C
            not data.isprintable() and _RAW.search(data) is not None):
        return None
    name, pairs, line, shown, game, deck_format, legal, passed, cards = found.groups()
    if passed != legal or (legal == "true") == (ERROR_MARK in line) \
            or line.count(_PROBLEM_MARK) != pairs.count("["):
        return None  # a verdict its severities do not give, or a problem without its place
    known = place(game, deck_format)
    if known is None:
        return None
    if shown[1:-1] != path or "\\" in path:  # escaped in JSON, or a tampered line
        written = json.loads(shown)
        if written != printable_path(str(Path(path))):  # as `check_deck` names the deck
            return None  # another deck's line: it would be reported twice, this one never
        path = written
    return DeckResult.reported(path, known[0], known[1], int(cards),
                               None if name == "null" else json.loads(name), line.encode(),
                               pairs, _problems)


def decoded_place(game: str, deck_format: str) -> tuple[str | None, str | None]:
    """The game and format of a line, as written there (JSON strings or null), decoded."""
    return (None if game == "null" else intern(json.loads(game)),
            None if deck_format == "null" else intern(json.loads(deck_format)))


def _problems(line: bytes, pairs: str) -> list[Problem]:
    """The problems of a line `from_entry` checked (so their shape is known)."""
    rows = json.loads(line)["problems"]
    places = json.loads(f"[{pairs}]")
    return [Problem(intern(row["rule"]), intern(row["message"]), _SEVERITY[row["severity"]],
                    row["card"] and intern(row["card"]), row["line"], column, stands_for,
                    None if row["fix"] is None else _fix(row["fix"]))
            for row, (column, stands_for) in zip(rows, places, strict=True)]


def _fix(data: dict[str, Any]) -> Fix:
    edits = tuple(TextEdit(edit["line"], edit["column"], edit["end_line"], edit["end_column"],
                           intern(edit["text"])) for edit in data["edits"])
    return Fix(data["applicability"], intern(data["title"]), (), edits,
               tuple(_fix(choice) for choice in data.get("choices", ())))


def _skip(data: str) -> Skip | None:
    try:
        found = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if type(found) is list and len(found) == 3 and found[0] == "skip" \
            and all(type(text) is str and control_character(text) is None
                    for text in found[1:]):
        return Skip(found[1], found[2])
    return None
