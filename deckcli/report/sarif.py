"""`--format sarif`: a SARIF 2.1.0 log for code scanning (GitHub, GitLab, IDE viewers).

One run whose tool driver lists every rule id the results use, each with its description and
help; one result per problem, placed at the deck file's line (and column, for TOML syntax).
A rule id that several games define (`copies`) gets one descriptor naming each game's version.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TextIO
from urllib.parse import quote

from deckcli import __version__
from deckcli.escape import json_controls
from deckcli.i18n import _
from deckcli.model.problem import Problem
from deckcli.model.result import CheckResult
from deckcli.model.ruledoc import RuleDoc
from deckcli.report import deck_line
from deckcli.report.ci import repo_path

LEVEL = {"error": "error", "warning": "warning", "info": "note"}  # SARIF's words, by severity
SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def artifact_uri(path: str) -> str:
    """A relative URI reference with forward slashes, or a file: URI outside the work folder."""
    shown = repo_path(path)
    if Path(shown).is_absolute():
        return Path(shown).as_uri()
    return quote(shown, safe="/")


def descriptor(rule_id: str, variants: list[tuple[str, RuleDoc]]) -> dict[str, object]:
    """A reportingDescriptor: short text, the full description and help for each variant."""
    if not variants:
        text = {"text": _("{rule}: reported by deckcli").format(rule=rule_id)}
        return {"id": rule_id, "shortDescription": text, "fullDescription": text, "help": text,
                "defaultConfiguration": {"level": "error"}}
    first = variants[0][1]
    if len(variants) == 1:
        full = explain(first)
        help_text = _("{description} Fails, for example, for {example}.").format(
            description=full, example=first.example)
    else:
        full = " ".join(f"{where}: {explain(doc)}" for where, doc in variants)
        help_text = " ".join(_("{where}: fails, for example, for {example}.").format(
            where=where, example=doc.example) for where, doc in variants)
    short = (len(variants) > 1 and first.kind_summary) or first.description
    sources = "; ".join(dict.fromkeys(doc.source for _, doc in variants if doc.source))
    return {
        "id": rule_id,
        "shortDescription": {"text": short},
        "fullDescription": {"text": full},
        "help": {"text": help_text},
        "defaultConfiguration": {"level": LEVEL[first.severity]},
        "properties": {"kind": first.kind, "source": sources},
    }


def explain(doc: RuleDoc) -> str:
    """The description, then what the rule's settings check when that says more."""
    text = doc.description.rstrip()
    text = text if text.endswith(".") else f"{text}."
    if doc.checks == doc.description:
        return text
    return _("{description} Checks that {checks}.").format(description=text, checks=doc.checks)


def sarif_result(path: str, problem: Problem, rule_index: int) -> dict[str, object]:
    region: dict[str, int] = {"startLine": deck_line(problem.line)}
    if problem.column is not None:
        region["startColumn"] = max(problem.column, 1)
    return {
        "ruleId": problem.rule,
        "ruleIndex": rule_index,
        "level": LEVEL[problem.severity],
        "message": {"text": problem.message},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": artifact_uri(path)},
                                            "region": region}}],
    }


def sarif_log(result: CheckResult) -> dict[str, object]:
    """The whole log as JSON-ready data."""
    docs = result.rule_docs
    index = {rule_id: number for number, rule_id in enumerate(docs)}
    results = [sarif_result(deck.path, problem, index[problem.rule])
               for deck in result.decks for problem in deck.problems]
    driver = {"name": "deckcli", "version": __version__,
              "rules": [descriptor(rule_id, variants) for rule_id, variants in docs.items()]}
    run = {"tool": {"driver": driver}, "columnKind": "unicodeCodePoints", "results": results,
           "invocations": [{"executionSuccessful": True,
                            "toolExecutionNotifications": skipped_notifications(result)}]}
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def skipped_notifications(result: CheckResult) -> list[dict[str, object]]:
    """A `note` per file or folder the scan passed over, at its path, saying why."""
    return [{"level": "note",
             "message": {"text": (_("folder not scanned: {why}") if folder
                                  else _("not checked: {why}")).format(why=why)},
             "locations": [{"physicalLocation": {"artifactLocation": {
                 "uri": artifact_uri(path)}}}]}
            for path, why, folder in result.skipped_files]


def render(result: CheckResult, out: TextIO, color: bool = False) -> None:
    out.write(json_controls(json.dumps(sarif_log(result), ensure_ascii=False, indent=2)) + "\n")
