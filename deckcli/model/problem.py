"""A problem a check finds: one thing wrong with (or worth knowing about) a deck."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from deckcli.i18n import _
from deckcli.model.record import Record

if TYPE_CHECKING:
    from deckcli.model.fix import Fix

RuleSeverity = Literal["error", "warning"]  # what a pool's rule may declare
# "info" is deckcli's own notice (a user pool judged the deck): shown in every format, never
# failing a deck, not even with --strict.
Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")


class Problem(Record):
    """What rule found it, how bad it is, the message, and where (card, line, column);
    `stands_for`: a summary line stands for this many problems of its rule; `fix`: the fix
    it offers (`model.fix`), if any."""

    __slots__ = ("rule", "message", "severity", "card", "line", "column", "stands_for", "fix")

    def __init__(self, rule: str, message: str, severity: Severity = "error",
                 card: str | None = None, line: int | None = None, column: int | None = None,
                 stands_for: int = 1, fix: Fix | None = None) -> None:
        self.rule = rule
        self.message = message
        self.severity: Severity = severity
        self.card = card
        self.line = line
        self.column = column
        self.stands_for = stands_for
        self.fix = fix

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule, "severity": self.severity, "message": self.message,
                "card": self.card, "line": self.line,
                "fix": self.fix.to_json() if self.fix is not None else None}


MAX_PROBLEMS_PER_RULE = 50  # per file: a generated file of 200,000 bad lines stays readable


def capped(problems: list[Problem]) -> list[Problem]:
    """The first MAX_PROBLEMS_PER_RULE problems of each rule, then one line for the rest.

    Capping twice changes nothing: an earlier summary line counts as the problems it stands for.
    """
    kept: list[Problem] = []
    seen: dict[str, int] = {}
    for found in problems:
        if found.stands_for > 1:
            seen[found.rule] = seen.get(found.rule, 0) + found.stands_for
            continue
        seen[found.rule] = seen.get(found.rule, 0) + 1
        if seen[found.rule] <= MAX_PROBLEMS_PER_RULE:
            kept.append(found)
    for rule, count in seen.items():
        if count > MAX_PROBLEMS_PER_RULE:
            severity: Severity = next((found.severity for found in kept if found.rule == rule),
                                      "error")
            more = count - MAX_PROBLEMS_PER_RULE
            kept.append(Problem(rule, _("… and {more:,} more {rule} problems in this file; "
                                        "fix these first").format(
                                            more=more, rule=rule), severity=severity,
                                            stands_for=more))
    return kept
