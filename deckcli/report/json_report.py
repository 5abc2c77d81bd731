"""`--format json`: one JSON document, {"decks": [...]}, and nothing else on stdout."""

from __future__ import annotations

import json
from typing import TextIO

from deckcli.checker import CheckResult


def render(result: CheckResult, out: TextIO, color: bool = False) -> None:
    json.dump(result.to_json(), out, ensure_ascii=False, indent=2)
    out.write("\n")
