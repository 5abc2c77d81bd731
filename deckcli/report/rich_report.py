"""The default report on a terminal: a verdict line per deck, its problems under it."""

from __future__ import annotations

import re
from typing import TextIO

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from deckcli.escape import escape_controls
from deckcli.model.result import CheckResult, DeckResult
from deckcli.report.ci import notices

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}
NUMBER = re.compile(r"[\d,.]+[;,.)]*")


def verdict_line(deck: DeckResult) -> Text:
    where = " · ".join(part for part in (deck.game, deck.format) if part)
    line = Text()
    if deck.legal:
        line.append("✓ legal   ", style="bold green")
    else:
        line.append("✗ illegal ", style="bold red")
    line.append(escape_controls(deck.path), style="bold")
    if where:
        line.append(f"  {escape_controls(where)}", style="cyan")
    line.append(f"  {deck.cards:,} cards", style="dim")
    return line


LEAD = 24  # "    line 29  error   ": where and how bad, before the rule


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
        where = f"line {problem.line}" if problem.line else "deck"
        lead = Text.assemble(f"    {where:>9}  ", (f"{problem.severity:<7}",
                                                   SEVERITY_STYLE[problem.severity]), " ")
        rule = escape_controls(problem.rule)
        said = f"{rule}  {escape_controls(problem.message)}"
        text = Text("\n".join(wrap_words(said, max(width - LEAD, 12))) if width else said)
        text.stylize("bold", 0, len(rule))
        rows.append((lead, text))
    return rows


def render(result: CheckResult, out: TextIO, color: bool = True) -> None:
    """On a terminal, lines wrap at spaces to its width; elsewhere (a pipe, a file) each
    problem stays on one line, for grep."""
    terminal = out.isatty()
    console = Console(file=out, force_terminal=color, no_color=not color, highlight=False,
                      soft_wrap=not terminal)
    errors = warnings = infos = 0
    for deck in result.decks:
        console.print(verdict_line(deck))
        errors += sum(problem.severity == "error" for problem in deck.problems)
        warnings += sum(problem.severity == "warning" for problem in deck.problems)
        infos += sum(problem.severity == "info" for problem in deck.problems)
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
    legal = sum(deck.legal for deck in result.decks)
    illegal = len(result.decks) - legal
    console.print(
        f"\n{len(result.decks)} deck{'s' * (len(result.decks) != 1)}: "
        f"[green]{legal} legal[/], [red]{illegal} illegal[/]; "
        f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
        + escape(notices(infos))
        + skipped_note(result))


def skipped_note(result: CheckResult) -> str:
    """'; 4 files skipped (not decks; --verbose lists them)' when a scan passed files over."""
    if not result.skipped:
        return ""
    files = f"{result.skipped:,} file{'s' * (result.skipped != 1)}"
    return f"; {files} skipped (not decks, or excluded; --verbose lists them)"
