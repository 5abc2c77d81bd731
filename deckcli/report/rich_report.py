"""The default report on a terminal: a verdict line per deck, its problems under it, in
rich's styles and wrapped at spaces to the terminal's width. Its words come from
`plain_report`, which writes the same report off a terminal without rich."""

from __future__ import annotations

import re
from typing import TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from deckcli.model.result import CheckResult, DeckResult
from deckcli.report.plain_report import (
    lead_parts,
    rule_and_said,
    summary_parts,
    tally,
    verdict_parts,
)

NUMBER = re.compile(r"[\d,.]+[;,.)]*")


def verdict_line(deck: DeckResult) -> Text:
    return Text.assemble(*verdict_parts(deck))


def wrap_words(text: str, width: int) -> list[str]:
    """Lines of at most `width` cells, broken at spaces; a number stays with the word before
    it ("add 1", "exactly 60"); only a word wider than a line is folded."""
    from rich.cells import cell_len

    tokens: list[str] = []
    for word in text.split(" "):
        if tokens and NUMBER.fullmatch(word):
            tokens[-1] += " " + word
        else:
            tokens.append(word)
    lines = [""]
    for token in tokens:
        joined = f"{lines[-1]} {token}" if lines[-1] else token
        if cell_len(joined) <= width:
            lines[-1] = joined
            continue
        if lines[-1]:
            lines.append("")
        while cell_len(token) > width:
            cut = next(i for i in range(len(token), 0, -1) if cell_len(token[:i]) <= width)
            lines[-1] = token[:max(cut, 1)]
            lines.append("")
            token = token[max(cut, 1):]
        lines[-1] = token
    return lines


def problem_rows(deck: DeckResult, width: int | None) -> list[tuple[Text, Text]]:
    """A deck's problems: where and how bad, then the rule and the message, wrapped at
    spaces to `width` under the rule (None: on one line)."""
    rows = []
    for problem in deck.problems:
        lead = Text.assemble(*lead_parts(problem))
        rule, said = rule_and_said(problem)
        room = max(width - lead.cell_len, 12) if width else 0  # the lead's columns, any language
        text = Text("\n".join(wrap_words(said, room)) if width else said)
        text.stylize("bold", 0, len(rule))
        rows.append((lead, text))
    return rows


def render(result: CheckResult, out: TextIO, color: bool = True) -> None:
    """On a terminal, lines wrap at spaces to its width; elsewhere (a pipe, a file) each
    problem stays on one line, for grep."""
    terminal = out.isatty()
    console = Console(file=out, force_terminal=color, no_color=not color, highlight=False,
                      soft_wrap=not terminal)
    totals = [0, 0, 0]
    for deck in result.decks:
        console.print(verdict_line(deck))
        tally(totals, deck)
        rows = problem_rows(deck, console.width if terminal else None)
        if terminal and rows:  # the message's lines under its first, never split mid-word
            grid = Table.grid()
            grid.add_column(no_wrap=True)
            grid.add_column(no_wrap=True)
            for row in rows:
                grid.add_row(*row)
            console.print(grid)
        for lead, text in rows if not terminal else ():
            console.print(Text.assemble(lead, text))
    console.print(Text.assemble(*summary_parts(result, totals)))
