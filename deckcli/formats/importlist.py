"""Deck lists read for `import`: a text list (or a file another program wrote) resolved
against a game, with every line that gives no card said with its line number.

Lines are read and placed exactly as `deckcli check` reads and places them (`app.judge`).
"""

from __future__ import annotations

from dataclasses import dataclass

from deckcli.engine.resolver import Resolved, Resolver
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem


@dataclass
class UnreadLine:
    """A line of the list that gives no card: where, what it says, and why."""

    line: int
    text: str
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: " + (f"{self.text}: " * bool(self.text)) + self.reason


@dataclass
class ImportedList:
    """A text list resolved against a game: its cards, and the lines that did not resolve."""

    deck: Deck
    resolver: Resolver
    counted: list[Resolved]
    unresolved: list[UnreadLine]
    zones: list[UnreadLine]  # side zones (`Sideboard:`): a TOML deck has no place for them


def import_list(text: str, deck: Deck, problems: list[Problem], resolver: Resolver
                ) -> ImportedList:
    """A deck list (a text list, or a file another program wrote) as read from `text` with
    the problems reading found, resolved by the game it was placed in (`app.judge`)."""
    raw_lines = text.splitlines()

    def unresolved(line: int, reason: str) -> UnreadLine:
        shown = raw_lines[line - 1].strip() if 0 < line <= len(raw_lines) else ""
        return UnreadLine(line, shown, reason)

    bad = [unresolved(p.line or 0, p.message) for p in problems if p.severity == "error"]
    zones = [UnreadLine(p.line or 0, "", p.message) for p in problems if p.rule == "deck-zone"]
    notes = resolver.resolve(deck.entries)[1]
    bad.extend(unresolved(p.line or 0, p.message) for p in notes
               if p.rule == "name-number-mismatch")
    counted = []
    for item in resolver.tally(deck.entries):
        if item.card is None:
            bad.append(unresolved(item.line or 0, resolver.why_not(item.ref,
                                                                   resolver.lookup(item.ref))))
        else:
            counted.append(item)
    return ImportedList(deck, resolver, counted, sorted(bad, key=lambda b: b.line), zones)
