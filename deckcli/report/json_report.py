"""`--format json`: one JSON document, {"decks": [...], "skipped": N}, and nothing else on stdout.

One deck per line: readable and greppable, and written by json's C encoder (an indented
dump runs in pure Python and cost more than checking the decks on a 5,000-deck repository).
A DEL, C1 control or line separator in a string is written as its `\\u` escape.
"""

from __future__ import annotations

import json
from typing import TextIO

from deckcli.escape import json_controls
from deckcli.model.result import CheckResult


def render(result: CheckResult, out: TextIO, color: bool = False) -> None:
    document = result.to_json()
    decks = document["decks"]
    lines = ",\n".join(f"  {json.dumps(deck, ensure_ascii=False)}" for deck in decks)
    notes = (f', "notes": {json.dumps(document["notes"], ensure_ascii=False)}'
             if "notes" in document else "")
    body = f"[\n{lines}\n]" if decks else "[]"
    out.write(json_controls(f'{{"decks": {body}, "skipped": {result.skipped}{notes}}}\n'))
