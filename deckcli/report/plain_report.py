"""The default report's words, and the report itself off a terminal, written without rich.

Each line is a list of parts, (text, rich style or ""). `rich_report` styles them on a
terminal; to a pipe or a file rich prints them plain, one line each (soft wrap: nothing
wrapped, cut or padded, no escape sequence), and `render` here writes those same bytes
without importing rich (about 19 ms of CPU at start-up). Every text that comes from a deck,
a pool or a file name passes `escape_controls` first, so neither writer sees a tab, a line
break or a character rich would strip; no part is rich markup, so "[bold]" in a deck's name
is printed as it is by both.
"""

from __future__ import annotations

from typing import TextIO

from deckcli.escape import escape_controls
from deckcli.i18n import _, ngettext
from deckcli.i18n.width import display_width, ljust, rjust
from deckcli.model.problem import Problem
from deckcli.model.result import CheckResult, DeckResult
from deckcli.report.ci import notices, plural, severity_counts, severity_label

Part = tuple[str, str]  # a piece of a line and its rich style ("": none)
SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def verdict_parts(deck: DeckResult) -> list[Part]:
    """'✗ illegal path  game · format  60 cards'."""
    where = " · ".join(part for part in (deck.game, deck.format) if part)
    legal, illegal = _("✓ legal"), _("✗ illegal")
    width = max(display_width(legal), display_width(illegal)) + 1  # paths start in one column
    parts: list[Part] = [(ljust(legal, width), "bold green") if deck.legal
                         else (ljust(illegal, width), "bold red"),
                         (escape_controls(deck.path), "bold")]
    if where:
        parts.append((f"  {escape_controls(where)}", "cyan"))
    cards = ngettext("{count:,} card", "{count:,} cards", deck.cards).format(count=deck.cards)
    parts.append((f"  {cards}", "dim"))
    return parts


def lead_parts(problem: Problem) -> list[Part]:
    """'    line 29  error   ': where and how bad, before the rule, padded by display width
    so that the rules line up in every language."""
    where = _("line {line}").format(line=problem.line) if problem.line else _("deck")
    severity_width = max(display_width(severity_label(sev)) for sev in SEVERITY_STYLE)
    return [(f"    {rjust(where, 9)}  ", ""),
            (ljust(severity_label(problem.severity), severity_width),
             SEVERITY_STYLE[problem.severity]), (" ", "")]


def rule_and_said(problem: Problem) -> tuple[str, str]:
    """The rule id (shown bold), and the rule id with the message after it."""
    rule = escape_controls(problem.rule)
    return rule, f"{rule}  {escape_controls(problem.message)}"


def tally(totals: list[int], deck: DeckResult) -> None:
    """Add a deck's errors, warnings and notices to the run's `totals`."""
    for index, count in enumerate(severity_counts(deck)):
        totals[index] += count


def summary_parts(result: CheckResult, totals: list[int]) -> list[Part]:
    """'\\n41 decks: 28 legal, 13 illegal; 13 errors, 3 warnings' (and notices, skips)."""
    errors, warnings, infos = totals
    decks = len(result.decks)
    legal = sum(deck.legal for deck in result.decks)
    return [("\n" + ngettext("{count} deck:", "{count} decks:", decks).format(count=decks) + " ",
             ""), (_("{count} legal").format(count=legal), "green"),
            (", ", ""), (_("{count} illegal").format(count=decks - legal), "red"),
            (f"; {plural(errors, 'error')}, {plural(warnings, 'warning')}"
             + notices(infos) + skipped_note(result), "")]


def skipped_note(result: CheckResult) -> str:
    """'; 4 files skipped (not decks; --verbose lists them)' when a scan passed files over."""
    if not result.skipped:
        return ""
    return "; " + ngettext(
        "{count:,} file skipped (not decks, or excluded; --verbose lists them)",
        "{count:,} files skipped (not decks, or excluded; --verbose lists them)",
        result.skipped).format(count=result.skipped)


def joined(parts: list[Part]) -> str:
    return "".join(text for text, _ in parts)


def render(result: CheckResult, out: TextIO, color: bool = False) -> None:
    """The rich report as rich prints it to a pipe or a file: a deck's lines at a time."""
    totals = [0, 0, 0]
    for deck in result.decks:
        lines = [joined(verdict_parts(deck))]
        lines.extend(joined(lead_parts(problem)) + rule_and_said(problem)[1]
                     for problem in deck.problems)
        out.write("\n".join(lines) + "\n")
        tally(totals, deck)
    out.write(joined(summary_parts(result, totals)) + "\n")
