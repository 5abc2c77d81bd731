"""`--format text`: one line per problem, `path:line: [severity] rule-id message`.

Deck-level problems (size, counts) point at line 1. Legal decks with no problems print
nothing, like a linter; the exit status carries the verdict.
"""

from __future__ import annotations

from typing import TextIO

from deckcli.report import deck_line
from deckcli.result import CheckResult


def render(result: CheckResult, out: TextIO, color: bool = False) -> None:
    for deck in result.decks:
        for problem in deck.problems:
            out.write(f"{deck.path}:{deck_line(problem.line)}: [{problem.severity}] "
                      f"{problem.rule} {problem.message}\n")
