"""What a check found: one `DeckResult` per deck file, gathered in a `CheckResult`.

`CheckResult` decides the exit status and carries everything a renderer needs, the rule
documentation included, so renderers import nothing from the rule engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from deckcli.model.problem import Problem, Severity


@dataclass(frozen=True)
class RuleDoc:
    """What one rule id checks, at what severity, and a deck that fails it."""

    id: str
    kind: str
    severity: Severity
    checks: str
    description: str
    source: str
    example: str
    kind_summary: str = ""  # the first line of the rule kind's documentation

    def to_json(self) -> dict[str, str]:
        data = asdict(self)
        del data["kind_summary"]
        return data


@dataclass(slots=True)
class DeckResult:
    """The verdict on one deck file (slots: a run of 20,000 decks holds 20,000 of them)."""

    path: str
    game: str | None
    format: str | None
    cards: int
    problems: list[Problem]
    name: str | None = None

    @property
    def legal(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)

    def fails(self, strict: bool) -> bool:
        """Whether this deck fails the check: an error, or with `strict` any warning (an
        information notice never fails it)."""
        return not self.legal or (strict and any(p.severity == "warning" for p in self.problems))

    def to_json(self) -> dict[str, object]:
        return {
            "path": self.path,
            "game": self.game,
            "format": self.format,
            "legal": self.legal,
            "cards": self.cards,
            "problems": [p.to_json() for p in self.problems],
        }


RuleDocs = dict[str, list[tuple[str, RuleDoc]]]


@dataclass
class CheckResult:
    """Every deck checked in one run; decides the exit status."""

    decks: list[DeckResult] = field(default_factory=list)
    strict: bool = False
    # computes `rule_docs` when a renderer first asks (only SARIF does): a re-check served
    # from the result cache validates no pool header unless its report documents rules
    docs_of: Callable[[CheckResult], RuleDocs] | None = field(default=None, repr=False,
                                                              compare=False)
    _rule_docs: RuleDocs | None = field(default=None, repr=False, compare=False)
    skipped: int = 0  # files a folder scan passed over (not decks, excluded, ignored)
    # (path, why, is a folder) of every file and folder passed over, for `check --verbose`
    skipped_files: list[tuple[str, str, bool]] = field(default_factory=list)
    # what failed beside the decks, e.g. a folder holding none: {"rule", "path", "message"}
    notes: list[dict[str, str]] = field(default_factory=list)

    @property
    def rule_docs(self) -> RuleDocs:
        """Rule id -> (where: "game format" or "deckcli", its documentation), for SARIF."""
        if self._rule_docs is None:
            self._rule_docs = self.docs_of(self) if self.docs_of is not None else {}
        return self._rule_docs

    @rule_docs.setter
    def rule_docs(self, docs: RuleDocs) -> None:
        self._rule_docs = docs

    @property
    def ok(self) -> bool:
        return not self.notes and not any(deck.fails(self.strict) for deck in self.decks)

    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {"decks": [deck.to_json() for deck in self.decks],
                          "skipped": self.skipped}
        if self.notes:
            document["notes"] = list(self.notes)
        return document
