"""The default report on a terminal: a verdict line per deck, its problems under it."""

from __future__ import annotations

from typing import TextIO

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from deckcli.escape import escape_controls
from deckcli.model.result import CheckResult, DeckResult
from deckcli.report.ci import notices

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


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


def render(result: CheckResult, out: TextIO, color: bool = True) -> None:
    console = Console(file=out, force_terminal=color, no_color=not color, highlight=False,
                      soft_wrap=True)
    errors = warnings = infos = 0
    for deck in result.decks:
        console.print(verdict_line(deck))
        for problem in deck.problems:
            errors += problem.severity == "error"
            warnings += problem.severity == "warning"
            infos += problem.severity == "info"
            where = f"line {problem.line}" if problem.line else "deck"
            console.print(
                f"    [dim]{where:>9}[/]  [{SEVERITY_STYLE[problem.severity]}]"
                f"{problem.severity:<7}[/] [bold]{escape(escape_controls(problem.rule))}[/]  "
                f"{escape(escape_controls(problem.message))}")
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
