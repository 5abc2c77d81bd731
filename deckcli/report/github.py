"""`--format github`: GitHub Actions workflow commands, one annotation per problem.

Each deck with problems is a collapsible log group (`::group::PATH` … `::endgroup::`) holding
`::error file=PATH,line=N,col=C,title=RULE::MESSAGE` lines (`::warning`, and `::notice` for
an information notice), escaped as GitHub documents so a message with `%`, `:`, `,` or a
newline arrives whole. A last plain line sums up.
"""

from __future__ import annotations

from typing import TextIO

from deckcli.escape import escape_controls
from deckcli.i18n import _
from deckcli.model.problem import Problem
from deckcli.model.result import CheckResult
from deckcli.report import deck_line
from deckcli.report.ci import (
    MAX_SKIPS_LISTED,
    more_skipped,
    notices,
    plural,
    repo_path,
    severity_counts,
    skipped_entries,
    skipped_summary,
)

COMMAND = {"error": "error", "warning": "warning", "info": "notice"}  # by severity


def escape_data(text: str) -> str:
    """A command's message: %, CR and LF are percent-encoded."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def log_text(text: str) -> str:
    """Deck or pool text for the log: control characters other than CR and LF (which
    `escape_data` encodes) shown as escapes, so an ESC or a line separator never arrives."""
    return escape_controls(text, keep="\r\n")


def escape_property(text: str) -> str:
    """A property value (file, title): as data, plus ':' and ','."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(path: str, problem: Problem) -> str:
    """One `::error …::message` line."""
    properties = {"file": path, "line": str(deck_line(problem.line))}
    if problem.column is not None:
        properties["col"] = str(problem.column)
    properties["title"] = problem.rule
    joined = ",".join(f"{key}={escape_property(log_text(value))}"
                      for key, value in properties.items())
    return f"::{COMMAND[problem.severity]} {joined}::{escape_data(log_text(problem.message))}\n"


def skipped_notice(result: CheckResult, out: TextIO) -> None:
    """One `::notice` listing the files and folders the scan passed over, with why."""
    entries = skipped_entries(result)
    if not entries:
        return
    listed = [f"{path}{'/' * folder} ({why})" for path, why, folder in
              entries[:MAX_SKIPS_LISTED]]
    if len(entries) > MAX_SKIPS_LISTED:
        listed.append(more_skipped(len(entries) - MAX_SKIPS_LISTED))
    title = "deckcli: " + _("{skipped}, not checked").format(skipped=skipped_summary(result))
    out.write(f"::notice title={escape_property(title)}::"
              f"{escape_data(log_text(chr(10).join(listed)))}\n")


def render(result: CheckResult, out: TextIO, color: bool = False) -> None:
    totals = [0, 0, 0]  # errors, warnings, information notices
    for deck in result.decks:
        if not deck.problems:
            continue
        path = repo_path(deck.path)
        out.write(f"::group::{escape_data(log_text(path))}\n")
        for problem in deck.problems:
            out.write(annotation(path, problem))
        out.write("::endgroup::\n")
        totals = [total + n for total, n in zip(totals, severity_counts(deck), strict=True)]
    skipped_notice(result, out)
    errors, warnings, infos = totals
    legal = sum(deck.legal for deck in result.decks)
    counts = _("{decks}, {legal:,} legal, {illegal:,} illegal").format(
        decks=plural(len(result.decks), "deck"), legal=legal, illegal=len(result.decks) - legal)
    out.write(f"deckcli: {counts}; {plural(errors, 'error')}, "
              f"{plural(warnings, 'warning')}{notices(infos)}\n")
