"""`--format text`: one line per problem, `path:line: [severity] rule-id message`.

Deck-level problems (size, counts) point at line 1. Legal decks with no problems print
nothing, like a linter; the exit status carries the verdict. A file or folder a scan passed
over gets one `path: [skipped] why` line, so no format leaves it unsaid. Control characters
in what a deck or pool says are escaped, so every line of output is one problem.
"""

from __future__ import annotations

from typing import TextIO

from deckcli.escape import escape_controls
from deckcli.i18n import _
from deckcli.model.result import CheckResult
from deckcli.report import deck_line


def render(result: CheckResult, out: TextIO, color: bool = False) -> None:
    for deck in result.decks:
        for problem in deck.problems:
            out.write(escape_controls(f"{deck.path}:{deck_line(problem.line)}: "
                                      f"[{problem.severity}] {problem.rule} {problem.message}")
                      + "\n")
        if deck.fails_on_warnings(result.strict):
            out.write(escape_controls(f"{deck.path}: [strict] " + _(
                "the deck is legal, but --strict fails its warnings")) + "\n")
    for path, why, folder in result.skipped_files:
        out.write(escape_controls(f"{path}{'/' * folder}: [skipped] {why}") + "\n")
