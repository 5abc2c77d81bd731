"""`--format json`: one JSON document, {"decks": [...], "skipped": N, "strict": bool,
"passed": bool}, and nothing else on stdout (`deckcli schema report` is its JSON Schema).

One deck per line: readable and greppable, and written by json's C encoder (an indented
dump runs in pure Python and cost more than checking the decks on a 5,000-deck repository),
as each deck comes. A DEL, C1 control or line separator in a string is written as its `\\u`
escape.
"""

from __future__ import annotations

import json
from typing import TextIO

from deckcli.escape import json_controls
from deckcli.model.result import CheckResult

_encode = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps(…, ensure_ascii=False),
# without a new encoder for every deck


def render(result: CheckResult, out: TextIO, color: bool = False) -> None:
    """Written deck by deck: no list of every deck's data, no one string of the whole report
    (memory stays flat however many decks a repository holds)."""
    out.write('{"decks": [')
    separator = "\n  "
    for deck in result.decks:
        out.write(separator)
        out.write(json_controls(_encode(deck.to_json(result.strict))))
        separator = ",\n  "
    notes = f', "notes": {_encode(result.notes)}' if result.notes else ""
    verdict = f', "strict": {_encode(result.strict)}, "passed": {_encode(result.ok)}'
    out.write(json_controls(f'{chr(10) if result.decks else ""}], "skipped": {result.skipped}'
                            f'{notes}{verdict}}}\n'))


def report_schema() -> dict[str, object]:
    """The JSON Schema of this report (`deckcli schema report`): what each key means, so a
    script can tell a deck with errors (`legal`) from one `--strict` fails (`passed`)."""
    text, count = {"type": "string"}, {"type": "integer", "minimum": 0}
    optional_text = {"type": ["string", "null"]}
    problem = {"type": "object", "required": ["rule", "severity", "message", "card", "line"],
               "properties": {
                   "rule": {**text, "description": "The rule id (the same in every language)."},
                   "severity": {"enum": ["error", "warning", "info"]},
                   "message": {**text, "description": "What is wrong and how to fix it."},
                   "card": {**optional_text, "description": "The card reference concerned."},
                   "line": {"type": ["integer", "null"],
                            "description": "The line of the deck file (null: the deck)."}}}
    deck = {"type": "object",
            "required": ["path", "game", "format", "legal", "passed", "cards", "problems"],
            "properties": {
                "path": text, "game": optional_text, "format": optional_text,
                "legal": {"type": "boolean", "description": "No problem of severity error."},
                "passed": {"type": "boolean", "description": "The deck does not fail this "
                           "check: legal, and with --strict free of warnings too."},
                "cards": count, "problems": {"type": "array", "items": problem}}}
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "deckcli check --format json",
        "type": "object",
        "required": ["decks", "skipped", "strict", "passed"],
        "properties": {
            "decks": {"type": "array", "items": deck},
            "skipped": {**count, "description": "Files a folder scan passed over."},
            "notes": {"type": "array", "description": "What failed beside the decks.",
                      "items": {"type": "object", "properties": {
                          "rule": text, "path": text, "message": text}}},
            "strict": {"type": "boolean", "description": "Whether warnings fail the check "
                       "(--strict, or strict = true in the configuration)."},
            "passed": {"type": "boolean", "description": "Whether the check passed: the "
                       "exit status is 0 exactly when this is true."},
        },
    }
