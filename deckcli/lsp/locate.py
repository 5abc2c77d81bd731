"""Where things stand in a deck's text: each card reference's columns (its format says,
`DeckFormat.refs`) and the place a problem is shown. Columns count code points; the server
converts them to the editor's units. Nothing here knows the protocol.
"""

from __future__ import annotations

from deckcli.formats.base import Ref
from deckcli.formats.kinds import by_kind
from deckcli.model.deck import Deck, DeckKind
from deckcli.model.problem import Problem


def refs_of(text: str, kind: DeckKind) -> dict[int, Ref]:
    """The card references of a deck's text, where its format says they sit."""
    return by_kind(kind).refs(text)


def header_line(deck: Deck | None, lines: list[str]) -> int:
    """Where a problem of the whole deck is shown: the `game` line, else the first line with
    something on it (0-based)."""
    given = deck.line_of("game") if deck is not None else None
    if given:
        return given - 1
    return next((index for index, text in enumerate(lines) if text.strip()), 0)


def problem_span(problem: Problem, deck: Deck | None, lines: list[str],
                 refs: dict[int, Ref]) -> tuple[int, int, int]:
    """(line, first column, end column) where a problem is shown: the card reference of its
    line, else the column given to the end of the line, else the line's text."""
    if problem.line is None or not lines:
        line = header_line(deck, lines) if lines else 0
    else:
        line = min(problem.line, len(lines)) - 1
    text = lines[line] if lines else ""
    ref = refs.get(line)
    if problem.line is not None and ref is not None and problem.column is None:
        return line, ref.start, ref.end
    if problem.column is not None:
        start = min(max(problem.column - 1, 0), len(text))
        return line, start, max(len(text.rstrip()), start)
    start = len(text) - len(text.lstrip())
    return line, start, max(len(text.rstrip()), start)
