"""`--format markdown`: a summary for a pull-request comment or `$GITHUB_STEP_SUMMARY`.

A table with one row per deck (deck, game, cards, verdict, problems), then each deck's
problems under its own heading. Text from deck files is escaped, so a card named `A|B` or
`*1` cannot break the table or start emphasis, and `https://…`, `www.…` or `@team` in it
is neither a link nor a mention (an invisible word joiner breaks them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TextIO

from deckcli.escape import escape_controls
from deckcli.i18n import _
from deckcli.model.result import CheckResult, DeckResult
from deckcli.report.ci import (
    MAX_SKIPS_LISTED,
    more_skipped,
    plural,
    problem_summary,
    repo_path,
    severity_label,
    skipped_entries,
    skipped_summary,
)

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~#])")
# where GitHub would link bare text: before "://", after "www", after "@" (mentions, e-mails)
_LINKISH = re.compile(r"(?<=[A-Za-z])(?=://)|(?i:(?<=\bwww))(?=\.)|(?<=@)")
WORD_JOINER = "\u2060"  # invisible; breaks GitHub's autolinks and @mentions, not the text


def md_escape(text: str) -> str:
    """Text for one table cell or list item: markup characters escaped, one line, and no
    autolink (`https://…`, `www.…`, `a@b.c`) or `@mention` GitHub would make of it."""
    escaped = _SPECIAL.sub(r"\\\1", escape_controls(" ".join(text.split())))
    return _LINKISH.sub(WORD_JOINER, escaped)


def verdict(deck: DeckResult) -> str:
    return _("✅ legal") if deck.legal else _("❌ illegal")


def table(result: CheckResult) -> Iterator[str]:
    headings = (_("deck"), _("game"), _("cards"), _("verdict"), _("problems"))
    yield "| " + " | ".join(md_escape(heading) for heading in headings) + " |"
    yield "| --- | --- | ---: | --- | --- |"
    for deck in result.decks:
        game = " · ".join(part for part in (deck.game, deck.format) if part) or "—"
        yield (f"| {md_escape(repo_path(deck.path))} | {md_escape(game)} | {deck.cards:,} "
               f"| {verdict(deck)} | {problem_summary(deck)} |")


def details(deck: DeckResult) -> list[str]:
    lines = [f"### {md_escape(repo_path(deck.path))} — {verdict(deck)}", ""]
    for problem in deck.problems:
        where = _("line {line}").format(line=problem.line) if problem.line is not None \
            else _("deck")
        lines.append(f"- {where} · **{severity_label(problem.severity)}** `{problem.rule}` "
                     f"{md_escape(problem.message)}")
    return [*lines, ""]


def lines(result: CheckResult) -> Iterator[str]:
    """The report's lines, deck by deck."""
    legal = sum(deck.legal for deck in result.decks)
    counts = _("{decks}: {legal:,} legal, {illegal:,} illegal").format(
        decks=plural(len(result.decks), "deck"), legal=legal, illegal=len(result.decks) - legal)
    if result.skipped:
        counts += "; " + _("{files} skipped").format(files=plural(result.skipped, "file"))
    yield from ["## deckcli check", "", counts, ""]
    yield from table(result)
    yield ""
    if any(deck.problems for deck in result.decks):
        yield from ["## " + _("Problems"), ""]
        for deck in result.decks:
            if deck.problems:
                yield from details(deck)
    yield from skipped(result)


def skipped(result: CheckResult) -> Iterator[str]:
    """What the scan passed over, each with why, folded away under its count."""
    entries = skipped_entries(result)
    if not entries:
        return
    yield from ["## " + _("Not checked"), "",
                f"<details><summary>{skipped_summary(result)}</summary>",
                ""]
    for path, why, folder in entries[:MAX_SKIPS_LISTED]:
        yield f"- {md_escape(path + '/' * folder)} — {md_escape(why)}"
    if len(entries) > MAX_SKIPS_LISTED:
        yield "- " + more_skipped(len(entries) - MAX_SKIPS_LISTED)
    yield from ["", "</details>"]


def render(result: CheckResult, out: TextIO, color: bool = False) -> None:
    """The lines, written as they come; blank lines at the end dropped, one newline last."""
    blanks, started = 0, False
    for line in lines(result):
        if not line:
            blanks += 1
            continue
        out.write("\n" * (blanks + started) + line)
        blanks, started = 0, True
    out.write("\n")
