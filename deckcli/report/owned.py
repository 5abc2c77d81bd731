"""`deckcli own`'s reports: what each deck lacks, what to acquire, what the decks share.

One function per output format, looked up by name (`OWN_FORMATS`); `list` (a deck list of the
cards to acquire, which `deckcli import` reads) is written by the command with the deck
formats' own writer. Names from pools and paths are escaped in every format: they cannot move
a terminal's cursor, start a markup tag, a Markdown table cell or a spreadsheet formula.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TextIO

from deckcli.escape import escape_controls, json_controls, neutral
from deckcli.i18n import _, ngettext
from deckcli.i18n.width import display_width, rjust
from deckcli.model.owned import DeckNeeds, Need, OwnReport, Shared

OwnRenderer = Callable[[OwnReport, TextIO, bool, bool], None]  # report, out, shared, colour


def label(need: Need | Shared) -> str:
    """'CyberSword (1C12)', as every report names a card."""
    return escape_controls(f"{need.card.name} ({need.card.number})")


def deck_heading(deck: DeckNeeds) -> str:
    """The line that opens a deck's part of the text report."""
    owned = sum(need.needed - need.missing for need in deck.cards)
    needed = sum(need.needed for need in deck.cards)
    missing = needed - owned
    where = escape_controls(deck.path)
    if not missing:
        return ngettext("{deck} ({game}, {format}): all {needed} card owned",
                        "{deck} ({game}, {format}): all {needed} cards owned", needed).format(
            deck=where, game=deck.game, format=deck.format, needed=needed)
    return ngettext("{deck} ({game}, {format}): {owned} of {needed} cards owned, {missing} to "
                    "acquire", "{deck} ({game}, {format}): {owned} of {needed} cards owned, "
                    "{missing} to acquire", missing).format(
        deck=where, game=deck.game, format=deck.format, owned=owned, needed=needed,
        missing=missing)


def shared_line(shared: Shared) -> str:
    """One card the decks compete for, as a sentence."""
    decks = ", ".join(_("{deck} needs {count}").format(deck=escape_controls(claim.path),
                                                        count=claim.needed)
                      for claim in shared.decks)
    return ngettext("{card}: {owned} owned; {decks}: {competing} copy more than each deck "
                    "lacks alone", "{card}: {owned} owned; {decks}: {competing} copies more "
                    "than each deck lacks alone", shared.competing).format(
        card=label(shared), owned=shared.owned, decks=decks, competing=shared.competing)


def problem_text(path: str, line: int | None, rule: str, message: str) -> str:
    where = f"{path}:{line}" if line else path
    return escape_controls(f"{where}: {rule}: {message}")


def lacking_lines(lacking: Sequence[Need]) -> list[str]:
    """The table of a deck's missing cards, its columns as wide as their translated titles
    (in terminal columns: a Thai or Chinese title is not as wide as its code points)."""
    titles = (_("missing"), _("needed"), _("owned"))
    rows = [(need.missing, need.needed, need.owned) for need in lacking]
    widths = [max(display_width(title), *(len(str(row[index])) for row in rows))
              for index, title in enumerate(titles)]
    lines = ["  " + "  ".join(rjust(title, width) for title, width in zip(titles, widths,
                                                                          strict=True))
             + "  " + _("card")]
    lines += ["  " + "  ".join(rjust(str(value), width) for value, width in zip(row, widths,
                                                                              strict=True))
              + "  " + label(need) for row, need in zip(rows, lacking, strict=True)]
    return lines


def text_lines(report: OwnReport, shared: bool) -> list[str]:
    """The plain report, line by line (the rich one says the same)."""
    out: list[str] = []
    for deck in report.decks:
        out.append(deck_heading(deck))
        if deck.lacking:
            out.extend(lacking_lines(deck.lacking))
        out.extend("  " + problem_text(deck.path, p.line, p.rule, p.message)
                   for p in deck.problems)
    out.append("")
    if report.total:
        out.append(ngettext("To build every deck at once, acquire {total} card:",
                            "To build every deck at once, acquire {total} cards:",
                            report.total).format(total=report.total))
        out.extend(f"  {need.missing} × {label(need)}" for need in report.to_acquire)
    else:
        out.append(_("The collection holds every card of every deck at once."))
    if shared:
        out.append("")
        if report.shared:
            out.append(_("Cards the decks compete for:"))
            out.extend("  " + shared_line(item) for item in report.shared)
        else:
            out.append(_("The decks compete for no card: each missing copy is missing for one "
                         "deck alone."))
    problems = [(found.path, p) for found in report.collections for p in found.problems]
    if problems:
        out.append("")
        out.append(ngettext("The collection has {count} line that counts no card:",
                            "The collection has {count} lines that count no card:",
                            len(problems)).format(count=len(problems)))
        out.extend("  " + problem_text(path, p.line, p.rule, p.message) for path, p in problems)
    return out


def render_text(report: OwnReport, out: TextIO, shared: bool, color: bool) -> None:
    out.write("\n".join(text_lines(report, shared)) + "\n")


def render_rich(report: OwnReport, out: TextIO, shared: bool, color: bool) -> None:
    """The text report, coloured on a terminal (the same words as `text`)."""
    if not color:
        render_text(report, out, shared, color)
        return
    from rich.console import Console
    from rich.markup import escape

    console = Console(file=out, force_terminal=True, highlight=False, soft_wrap=True)
    for line in text_lines(report, shared):
        style = ("bold" if line and not line.startswith(" ") else
                 "red" if ": unknown-card: " in line or ": ambiguous-card: " in line else "")
        console.print(f"[{style}]{escape(line)}[/]" if style else escape(line))


def render_json(report: OwnReport, out: TextIO, shared: bool, color: bool) -> None:
    out.write(json_controls(json.dumps(report.to_json(), ensure_ascii=False, indent=2)) + "\n")


CSV_COLUMNS = ("scope", "deck", "game", "card", "name", "needed", "owned", "missing")


def render_csv(report: OwnReport, out: TextIO, shared: bool, color: bool) -> None:
    """One row per card a deck lacks (scope `deck`), per card to acquire (`to-acquire`) and,
    with --shared, per deck competing for a card (`shared`: its need; `missing`: how many
    more all the decks at once lack than each alone). No cell starts like a formula."""
    import csv

    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for deck in report.decks:
        for need in deck.lacking:
            _row(writer, "deck", deck.path, need.game, need, need.needed, need.owned,
                 need.missing)
    for need in report.to_acquire:
        _row(writer, "to-acquire", "", need.game, need, need.needed, need.owned, need.missing)
    if shared:
        for item in report.shared:
            for claim in item.decks:
                _row(writer, "shared", claim.path, item.game, item, claim.needed, item.owned,
                     item.competing)


class _Rows(Protocol):
    def writerow(self, row: Iterable[object], /) -> object: ...


def _row(writer: _Rows, scope: str, deck: str, game: str, card: Need | Shared, needed: int,
         owned: int, missing: int) -> None:
    writer.writerow([scope, neutral(deck), neutral(game), neutral(card.card.number),
                     neutral(card.card.name), needed, owned, missing])


def render_markdown(report: OwnReport, out: TextIO, shared: bool, color: bool) -> None:
    """Tables for a pull-request comment: each deck's missing cards, the cards to acquire."""
    from deckcli.report.markdown import md_escape

    lines: list[str] = []
    columns = (_("card"), _("needed"), _("owned"), _("missing"))
    head = "| " + " | ".join(columns) + " |"
    to_acquire = ngettext("To acquire: {total} card", "To acquire: {total} cards",
                          report.total).format(total=report.total)
    compete = _("Cards the decks compete for")
    uncounted = _("Collection lines that count no card")
    for deck in report.decks:
        lines += [f"### {md_escape(deck_heading(deck))}", ""]
        if deck.lacking:
            lines += [head, "|---|---:|---:|---:|"]
            lines += [f"| {md_escape(label(need))} | {need.needed} | {need.owned} | "
                      f"{need.missing} |" for need in deck.lacking]
            lines.append("")
        lines += [f"- {md_escape(problem_text(deck.path, p.line, p.rule, p.message))}"
                  for p in deck.problems]
    lines += [f"### {to_acquire}", ""]
    if report.to_acquire:
        lines += [head, "|---|---:|---:|---:|"]
        lines += [f"| {md_escape(label(need))} | {need.needed} | {need.owned} | "
                  f"{need.missing} |" for need in report.to_acquire]
    if shared and report.shared:
        lines += ["", f"### {compete}", ""]
        lines += [f"- {md_escape(shared_line(item))}" for item in report.shared]
    problems = [problem_text(found.path, p.line, p.rule, p.message)
                for found in report.collections for p in found.problems]
    if problems:
        lines += ["", f"### {uncounted}", ""]
        lines += [f"- {md_escape(text)}" for text in problems]
    out.write("\n".join(lines) + "\n")


OWN_FORMATS: dict[str, OwnRenderer] = {"rich": render_rich, "text": render_text,
                                       "json": render_json, "csv": render_csv,
                                       "markdown": render_markdown}


def own_schema() -> dict[str, object]:
    """The JSON Schema of `deckcli own --format json` (`deckcli schema own`): the contract."""
    count = {"type": "integer", "minimum": 0}
    card = {"type": "object", "required": ["card", "name", "needed", "owned", "missing"],
            "properties": {"card": {"type": "string", "description": "The card number."},
                           "name": {"type": "string"},
                           "needed": count | {"description": "Copies needed."},
                           "owned": count | {"description": "Copies the collection holds of "
                                             "the card, or of a printing the deck's line "
                                             "accepts."},
                           "missing": count | {"description": "Copies to acquire."},
                           "game": {"type": "string"}}}
    problem = {"type": "object", "required": ["rule", "severity", "message", "card", "line"],
               "properties": {"rule": {"type": "string"},
                              "severity": {"enum": ["error", "warning", "info"]},
                              "message": {"type": "string"},
                              "card": {"type": ["string", "null"]},
                              "line": {"type": ["integer", "null"]},
                              "fix": {"type": ["object", "null"]}}}
    problems = {"type": "array", "items": problem,
                "description": "Lines that count no card (not counted)."}
    collection = {"type": "object", "required": ["path", "game", "copies", "problems"],
                  "properties": {"path": {"type": "string"}, "game": {"type": "string"},
                                 "copies": count, "problems": problems}}
    deck = {"type": "object", "required": ["path", "game", "format", "name", "needed", "owned",
                                           "missing", "complete", "cards", "problems"],
            "description": "One deck alone against its game's collection.",
            "properties": {"path": {"type": "string"}, "game": {"type": "string"},
                           "format": {"type": "string"}, "name": {"type": ["string", "null"]},
                           "needed": count, "owned": count, "missing": count,
                           "complete": {"type": "boolean", "description": "Nothing missing "
                                        "and no line that counts no card."},
                           "cards": {"type": "array", "items": card,
                                     "description": "The cards the deck lacks."},
                           "problems": problems}}
    claim = {"type": "object", "required": ["path", "needed", "missing"],
             "properties": {"path": {"type": "string"}, "needed": count,
                            "missing": count | {"description": "What this deck lacks "
                                                "alone."}}}
    shared = {"type": "object",
              "required": ["card", "name", "game", "owned", "needed", "missing", "competing",
                           "decks"],
              "properties": {"card": {"type": "string"}, "name": {"type": "string"},
                             "game": {"type": "string"}, "owned": count, "needed": count,
                             "missing": count | {"description": "Missing for every deck at "
                                                 "once."},
                             "competing": count | {"description": "Missing at once minus "
                                                   "what each deck lacks alone."},
                             "decks": {"type": "array", "items": claim}}}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "deckcli own --format json", "type": "object",
            "required": ["collections", "decks", "to_acquire", "shared"],
            "properties": {
                "collections": {"type": "array", "items": collection},
                "decks": {"type": "array", "items": deck},
                "to_acquire": {"type": "object", "required": ["total", "cards"],
                               "description": "What building every deck at once takes.",
                               "properties": {"total": count,
                                              "cards": {"type": "array", "items": card}}},
                "shared": {"type": "array", "items": shared,
                           "description": "The cards the decks compete for."}}}
