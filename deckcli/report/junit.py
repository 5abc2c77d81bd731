"""`--format junit`: JUnit XML for CI test tabs, one test case per deck.

A deck is a `<testcase classname=GAME name=PATH>` (a deck with no game: the rule that stopped
it, e.g. `invalid-toml`); an illegal deck gets a `<failure>` listing its problems, and warnings
and information notices go to `<system-out>`, so a test tab shows what to fix per deck. With
`--strict` a deck with warnings fails too, matching the exit status; a notice never fails one.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import TextIO

from deckcli.escape import escape_controls
from deckcli.i18n import _
from deckcli.model.problem import Problem
from deckcli.model.result import CheckResult, DeckResult
from deckcli.report.ci import problem_summary, repo_path, skipped_entries

# Characters XML 1.0 cannot hold at all, even escaped (control characters, lone surrogates).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """Text safe for any XML 1.0 parser: forbidden characters become U+FFFD."""
    return _NOT_XML.sub("\ufffd", text)


def problem_line(path: str, problem: Problem) -> str:
    """One problem on one line: control characters from a deck or pool (a zone name's LF, an
    ESC) shown as escapes, so no CI log that prints the report gets a forged line."""
    where = f"{path}:{problem.line}" if problem.line is not None else path
    return escape_controls(f"{where}: [{problem.severity}] {problem.rule} {problem.message}")


def unplaced(deck: DeckResult) -> str:
    """The class of a deck with no game: what stopped it from having one ('invalid-toml',
    'missing-game', 'unknown-game'), never a game it may not be."""
    first = next((p.rule for p in deck.problems if p.severity == "error"), None)
    return first or "no-game"


def testcase(deck: DeckResult, strict: bool) -> ET.Element:
    path = repo_path(deck.path)
    case = ET.Element("testcase", classname=xml_text(escape_controls(deck.game or
                                                                     unplaced(deck))),
                      name=xml_text(escape_controls(path)), time="0")
    fail = {"error", "warning"} if strict else {"error"}
    failing = [p for p in deck.problems if p.severity in fail]
    if deck.fails(strict):
        verdict = _("illegal") if not deck.legal else _("warnings fail with --strict")
        failure = ET.SubElement(case, "failure", type="illegal" if not deck.legal else "strict",
                                message=xml_text(f"{verdict}: {problem_summary(deck)}"))
        failure.text = xml_text("\n".join(problem_line(path, p) for p in failing))
    told = [p for p in deck.problems if p.severity not in fail]
    if told:
        ET.SubElement(case, "system-out").text = xml_text(
            "\n".join(problem_line(path, p) for p in told))
    return case


def render(result: CheckResult, out: TextIO, color: bool = False) -> None:
    failures = sum(deck.fails(result.strict) for deck in result.decks)
    skips = [(path, why) for path, why, folder in skipped_entries(result) if not folder]
    suite = ET.Element("testsuite", name="deckcli", tests=str(len(result.decks) + len(skips)),
                       failures=str(failures), errors="0", skipped=str(len(skips)), time="0")
    suite.extend(testcase(deck, result.strict) for deck in result.decks)
    for path, why in skips:  # a test tab shows what was not checked, and why
        case = ET.SubElement(suite, "testcase", classname="skipped",
                             name=xml_text(escape_controls(path)), time="0")
        ET.SubElement(case, "skipped", message=xml_text(escape_controls(why)))
    ET.indent(suite)
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.write(ET.tostring(suite, encoding="unicode"))
    out.write("\n")
