"""The default report on a terminal: a verdict line per deck, its problems under it, in
rich's styles and wrapped at spaces to the terminal's width. Its words come from
`plain_report`, which writes the same report off a terminal without rich."""

from __future__ import annotations

import re
from typing import TextIO

from rich.console import Console
from rich.text import Text

from deckcli.model.result import CheckResult, DeckResult
from deckcli.report.plain_report import (
    lead_parts,
    rule_and_said,
    summary_parts,
    tally,
    verdict_parts,
)
from deckcli.report.wrap import wrap_words

COUNT = re.compile(r"[\d,]+")  # "60" of "60 cards": goes with the word after it
LEAD = 24  # "    line 29  error   ": where and how bad, before the rule
INDENT = 10  # a verdict line's later lines start under its path


def verdict_line(deck: DeckResult, strict: bool = False) -> Text:
    return Text.assemble(*verdict_parts(deck, strict))


def wrap_units(units: list[tuple[str, str, str]], width: int, indent: int) -> list[Text]:
    """Styled lines of at most `width` cells from units (separator, text, style) that are
    never split: a unit goes whole to the next line (after `indent` spaces) when it does not
    fit, its separator dropped; a unit wider than a line overflows it, uncut."""
    from rich.cells import cell_len

    lines: list[Text] = [Text()]
    for separator, text, style in units:
        line = lines[-1]
        if line.cell_len and line.cell_len + cell_len(separator + text) > width \
                and line.cell_len > indent:
            line.rstrip()
            lines.append(Text(" " * indent))
            separator = ""
        lines[-1].append(separator)
        lines[-1].append(text, style)
    return lines


def verdict_lines(deck: DeckResult, strict: bool, width: int) -> list[Text]:
    """The verdict line wrapped between whole units: the mark, the path (never cut), each
    word of game · format, and the count with its word ("60 cards", never "60" | "cards")."""
    mark, path, *rest = verdict_parts(deck, strict)
    units = [("", mark[0].rstrip(), mark[1]), (" " * (len(mark[0]) - len(mark[0].rstrip())),
                                                path[0], path[1])]
    *where, count = rest  # "  game · format" (its words may part), "  60 cards" (never)
    for text, style in where:
        lead = " " * (len(text) - len(text.lstrip(" ")))
        units += [(lead if index == 0 else " ", word, style)
                  for index, word in enumerate(text.split())]
    units.append((count[0][:len(count[0]) - len(count[0].lstrip(" "))], count[0].strip(),
                  count[1]))
    return wrap_units(units, width, INDENT)


def summary_lines(parts: list[tuple[str, str]], width: int) -> list[Text]:
    """The summary wrapped at spaces, a count kept with the word after it ("1 error")."""
    units: list[tuple[str, str, str]] = []
    held = ""
    for text, style in parts:
        for index, word in enumerate(text.split(" ")):
            separator = "" if index == 0 else " "
            if COUNT.fullmatch(word):
                held = (held + separator if held else separator) + word
                continue
            if held:
                units.append((held[:len(held) - len(held.lstrip(" "))], held.lstrip(" ")
                              + " " + word, style))
                held = ""
            elif word or separator:
                units.append((separator, word, style))
    return wrap_units(units, width, 0)


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
        if terminal:
            for line in verdict_lines(deck, result.strict, console.width):
                console.print(line, soft_wrap=True)
        else:
            console.print(verdict_line(deck, result.strict))
        tally(totals, deck)
        rows = problem_rows(deck, console.width if terminal else None)
        if terminal and rows:  # the message's lines under its first, never split mid-word
            indent = max(lead.cell_len for lead, _ in rows)
            for lead, text in rows:
                first, *more = text.split("\n")
                console.print(Text.assemble(lead, " " * (indent - lead.cell_len), first),
                              soft_wrap=True)
                for line in more:
                    console.print(Text.assemble(" " * indent, line), soft_wrap=True)
        for lead, text in rows if not terminal else ():
            console.print(Text.assemble(lead, text))
    summary = summary_parts(result, totals)
    if terminal:
        console.print()  # the summary's leading line break
        for line in summary_lines([(summary[0][0].lstrip("\n"), summary[0][1]), *summary[1:]],
                                  console.width):
            console.print(line, soft_wrap=True)
    else:
        console.print(Text.assemble(*summary))
