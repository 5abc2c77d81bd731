"""What a check found: one `DeckResult` per deck file, gathered in a `CheckResult`.

`CheckResult` decides the exit status and carries everything a renderer needs, the rule
documentation included, so renderers import nothing from the rule engine.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from deckcli.escape import json_controls
from deckcli.model.problem import Problem
from deckcli.model.record import Record

if TYPE_CHECKING:
    from deckcli.model.ruledoc import RuleDoc


class DeckResult(Record):
    """The verdict on one deck file: its path, game and format, how many cards, what is wrong,
    its name (slots: a run of 20,000 decks holds 20,000 of them).

    A verdict from the result cache holds its deck's object of the JSON report as deckcli
    wrote it (`_line`, UTF-8, checked when read; bytes: half the memory of a string holding
    "—"): `--format json` writes it as it is, and its problems are decoded from it and
    `_places` (columns and counts, which the report does not say) only when something asks
    for them (`_decode`, one function for all)."""

    __slots__ = ("path", "game", "format", "cards", "_problems", "name", "_digest", "_line",
                 "_places", "_decode")

    def __init__(self, path: str, game: str | None, format: str | None, cards: int,
                 problems: list[Problem], name: str | None = None) -> None:
        self._digest: str | None = None  # a hash of the bytes judged, for the result cache
        self.path = path
        self.game = game
        self.format = format
        self.cards = cards
        self._problems: list[Problem] | None = problems
        self.name = name
        self._line: bytes | None = None
        self._places = ""
        self._decode: Decode | None = None

    @classmethod
    def reported(cls, path: str, game: str | None, format: str | None, cards: int,
                 name: str | None, line: bytes, places: str, decode: Decode) -> DeckResult:
        """A verdict held as its line of the JSON report (`json_line(False)` of a verdict,
        checked to be nothing else), its problems decoded by `decode(line, places)` when
        first asked for."""
        result = cls.__new__(cls)  # every slot set here: a re-check makes 20,000 of them
        result._digest, result._problems, result.name = None, None, name
        result._line, result._places, result._decode = line, places, decode
        result.path, result.game, result.format, result.cards = path, game, format, cards
        return result

    @property
    def problems(self) -> list[Problem]:
        if self._problems is None:
            assert self._line is not None and self._decode is not None  # set together
            self._problems = self._decode(self._line, self._places)
        return self._problems

    @problems.setter
    def problems(self, problems: list[Problem]) -> None:
        self._problems = problems

    def _fields(self) -> tuple[str, ...]:
        return _DECK_FIELDS

    @property
    def legal(self) -> bool:
        if self._problems is None:  # the line's own verdict (its severities agree: checked)
            return b'"legal": true' in (self._line or b"")
        return not any(p.severity == "error" for p in self._problems)

    def _warned(self) -> bool:
        if self._problems is None:
            return WARNING_MARK in (self._line or b"")
        return any(p.severity == "warning" for p in self._problems)

    def fails(self, strict: bool) -> bool:
        """Whether this deck fails the check: an error, or with `strict` any warning (an
        information notice never fails it)."""
        return not self.legal or (strict and self._warned())

    def fails_on_warnings(self, strict: bool) -> bool:
        """Whether a legal deck fails only because `--strict` makes its warnings fail it."""
        return self.legal and self.fails(strict)

    def to_json(self, strict: bool = False) -> dict[str, object]:
        """The deck as JSON: `legal` (no error) and `passed` (it does not fail this run's
        check: with `strict`, a legal deck with warnings has not passed)."""
        return {
            "path": self.path,
            "game": self.game,
            "format": self.format,
            "legal": self.legal,
            "passed": not self.fails(strict),
            "cards": self.cards,
            "problems": [p.to_json() for p in self.problems],
        }

    def json_line(self, strict: bool = False) -> str:
        """The deck's object of the JSON report, on one line: json's C encoder (no ASCII
        escapes), then a DEL, C1 control or line separator as its `\\u` escape. A verdict
        from the result cache writes the line it holds (its problems never decoded: nothing
        could have changed them), `passed` turned false when `strict` fails its warnings."""
        if self._line is None or self._problems is not None:
            return json_controls(json_encode(self.to_json(strict)))
        line = self._line.decode()
        if strict and self.fails_on_warnings(strict):
            return line.replace('"passed": true', '"passed": false', 1)
        return line


# In a line of the JSON report, these are the deck's own words: in a string, every quote is
# escaped, so `, "severity": "warning"` (a quote after a space) is never inside one.
WARNING_MARK = b', "severity": "warning"'
ERROR_MARK = ', "severity": "error"'
_DECK_FIELDS = ("path", "game", "format", "cards", "problems", "name")
json_encode = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps(…,
# ensure_ascii=False), without a new encoder for every deck (the JSON report's one encoder)


RuleDocs = dict[str, list[tuple[str, "RuleDoc"]]]
Decode = Callable[[bytes, str], list[Problem]]  # a cached line and its places -> problems


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

    def failed_on_warnings(self) -> int:
        """How many legal decks fail the run only because `--strict` fails their warnings."""
        return sum(deck.fails_on_warnings(self.strict) for deck in self.decks)

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {"decks": [deck.to_json(self.strict) for deck in self.decks],
                                    "skipped": self.skipped}
        if self.notes:
            document["notes"] = list(self.notes)
        document["strict"] = self.strict
        document["passed"] = self.ok
        return document
