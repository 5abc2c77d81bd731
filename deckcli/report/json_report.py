"""`--format json`: one JSON document, {"decks": [...], "skipped": N, "strict": bool,
"passed": bool}, and nothing else on stdout (`deckcli schema report` is its JSON Schema).

One deck per line: readable and greppable, and written by json's C encoder (an indented
dump runs in pure Python and cost more than checking the decks on a 5,000-deck repository),
as each deck comes (`DeckResult.json_line`: a verdict from the result cache writes the line
it holds, never decoded and encoded again). A DEL, C1 control or line separator in a string
is written as its `\\u` escape.
"""

from __future__ import annotations

from typing import TextIO

from deckcli.escape import json_controls
from deckcli.model.result import CheckResult
from deckcli.model.result import json_encode as _encode


def report_schema() -> dict[str, object]:
    """The JSON Schema of this report (`deckcli schema report`), each problem's `fix` with it."""
    edit = {"type": "object", "required": ["line", "column", "end_line", "end_column", "text"],
            "description": "Replace the text from (line, column) to (end_line, end_column), "
                           "the end excluded, by `text`; lines and columns count from 1 in "
                           "the decoded file (no byte-order mark), columns in code points.",
            "properties": {key: {"type": "integer", "minimum": 1}
                           for key in ("line", "column", "end_line", "end_column")}
            | {"text": {"type": "string"}}}
    fix: dict[str, object] = {
        "type": "object", "required": ["applicability", "title", "edits"],
        "properties": {
            "applicability": {"enum": ["safe", "unsafe", "display-only"],
                              "description": "safe: the same cards and counts (check --fix); "
                              "unsafe: changes what the deck holds or picks one reading "
                              "(--unsafe-fixes); display-only: the player chooses, nothing "
                              "is applied"},
            "title": {"type": "string"},
            "edits": {"type": "array", "items": edit,
                      "description": "empty for a display-only fix, and for a deck whose "
                      "format is not edited in place (CSV, JSON, .dek)"},
            "choices": {"type": "array", "items": {"$ref": "#/$defs/fix"},
                        "description": "a display-only fix's choices"}}}
    problem = {"type": "object", "required": ["rule", "severity", "message", "card", "line",
                                              "fix"],
               "properties": {"rule": {"type": "string"},
                              "severity": {"enum": ["error", "warning", "info"]},
                              "message": {"type": "string"},
                              "card": {"type": ["string", "null"]},
                              "line": {"type": ["integer", "null"]},
                              "fix": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/fix"}]}}}
    deck = {"type": "object", "required": ["path", "game", "format", "legal", "passed", "cards",
                                           "problems"],
            "properties": {"path": {"type": "string"}, "game": {"type": ["string", "null"]},
                           "format": {"type": ["string", "null"]},
                           "legal": {"type": "boolean",
                                     "description": "No problem of severity error."},
                           "passed": {"type": "boolean", "description": "The deck does not "
                                      "fail this check: legal, and with --strict free of "
                                      "warnings too."},
                           "cards": {"type": "integer"},
                           "problems": {"type": "array", "items": problem}}}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "deckcli check --format json", "type": "object",
            "required": ["decks", "skipped", "strict", "passed"], "$defs": {"fix": fix},
            "properties": {"decks": {"type": "array", "items": deck},
                           "skipped": {"type": "integer"},
                           "notes": {"type": "array", "items": {"type": "object"}},
                           "strict": {"type": "boolean", "description": "Whether warnings fail "
                                      "the check (--strict, or strict = true in the "
                                      "configuration)."},
                           "passed": {"type": "boolean", "description": "Whether the check "
                                      "passed: the exit status is 0 exactly when this is "
                                      "true."}}}


def render(result: CheckResult, out: TextIO, color: bool = False) -> None:
    """Written deck by deck: no list of every deck's data, no one string of the whole report
    (memory stays flat however many decks a repository holds)."""
    out.write('{"decks": [')
    separator = "\n  "
    for deck in result.decks:
        out.write(separator + deck.json_line(result.strict))
        separator = ",\n  "
    notes = f', "notes": {_encode(result.notes)}' if result.notes else ""
    verdict = f', "strict": {_encode(result.strict)}, "passed": {_encode(result.ok)}'
    out.write(json_controls(f'{chr(10) if result.decks else ""}], "skipped": {result.skipped}'
                            f'{notes}{verdict}}}\n'))

