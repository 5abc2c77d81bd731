"""`--format json`: one JSON document, {"decks": [...], "skipped": N}, and nothing else on stdout.

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
        out.write(json_controls(_encode(deck.to_json())))
        separator = ",\n  "
    notes = f', "notes": {_encode(result.notes)}' if result.notes else ""
    out.write(json_controls(f'{chr(10) if result.decks else ""}], "skipped": {result.skipped}'
                            f'{notes}}}\n'))
