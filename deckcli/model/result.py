"""What a check found: one `DeckResult` per deck file, gathered in a `CheckResult`.

`CheckResult` decides the exit status and carries everything a renderer needs, the rule
documentation included, so renderers import nothing from the rule engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from deckcli.model.problem import Problem
from deckcli.model.record import Record

if TYPE_CHECKING:
    from deckcli.model.ruledoc import RuleDoc


class DeckResult(Record):
    """The verdict on one deck file: its path, game and format, how many cards, what is wrong,
    its name (slots: a run of 20,000 decks holds 20,000 of them)."""

    __slots__ = ("path", "game", "format", "cards", "problems", "name", "_digest")

    def __init__(self, path: str, game: str | None, format: str | None, cards: int,
                 problems: list[Problem], name: str | None = None) -> None:
        self._digest: str | None = None  # a hash of the bytes judged, for the result cache
        self.path = path
        self.game = game
        self.format = format
        self.cards = cards
        self.problems = problems
        self.name = name

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


RuleDocs = dict[str, list[tuple[str, "RuleDoc"]]]


class CheckResult(Record):
    """Every deck checked in one run; decides the exit status.

    Beside the decks: `skipped`, the files a folder scan passed over (not decks, excluded,
    ignored); `skipped_files`, (path, why, is a folder) of each, for `check --verbose`;
    `passed_over`, (path, why) of the files no deck format reads, for `--verbose` alone;
    `notes`, what failed beside the decks ({"rule", "path", "message"}: a folder holding
    none); `docs_of`, computing `rule_docs` when a renderer first asks (only SARIF does: a
    re-check served from the result cache validates no pool header unless its report
    documents rules).
    """

    __slots__ = ("decks", "strict", "skipped", "skipped_files", "passed_over", "notes",
                 "docs_of", "_rule_docs")

    def __init__(self, decks: list[DeckResult] | None = None, strict: bool = False,
                 skipped: int = 0, skipped_files: list[tuple[str, str, bool]] | None = None,
                 notes: list[dict[str, str]] | None = None,
                 docs_of: Callable[[CheckResult], RuleDocs] | None = None) -> None:
        self.decks = [] if decks is None else decks
        self.strict = strict
        self.skipped = skipped
        self.skipped_files = [] if skipped_files is None else skipped_files
        self.passed_over: list[tuple[str, str]] = []  # files no format reads: --verbose only
        self.notes = [] if notes is None else notes
        self.docs_of = docs_of
        self._rule_docs: RuleDocs | None = None

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
