"""A fix a problem offers: what it would change in the deck, how safe that is, and the text
edits of the deck file that make it.

A rule (or the resolver) proposes a fix in the deck's own terms, as `Change`s (rename a
reference, cut copies, merge two entries, write the game); the deck's format turns them into
`TextEdit`s of the file (`formats.fixedit`). The command line (`check --fix`), the language
server's quick fixes and the pre-commit hook apply the same edits.

Applicability, as linters that people trust use the words:
- `safe`: the deck cannot change meaning: the same cards, the same counts (a spelling, two
  entries of one card merged, the game written down);
- `unsafe`: what the deck holds changes, or one reading is picked (copies cut, a card
  removed, a misspelt name replaced by its best guess);
- `display-only`: several fixes are possible and the player chooses (`choices`); none is
  applied by `--fix`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from deckcli.i18n import _, ngettext
from deckcli.model.record import Record

Applicability = Literal["safe", "unsafe", "display-only"]
APPLICABILITIES: tuple[Applicability, ...] = ("safe", "unsafe", "display-only")
ChangeOp = Literal["rename", "cut", "merge", "game"]


class Change(Record):
    """One change to a deck's entries, in the deck's own terms.

    - `rename`: every line writing `refs[0]` writes `value` (a str) instead;
    - `cut`: `value` (an int) copies fewer over the lines writing any of `refs`, taken from
      the last such line first (a line left with none is removed);
    - `merge`: the copies of every line writing `refs[0]` move to the first line writing
      `value` (a str; the same reference merges its repeated lines into its first);
    - `game`: the file names the game `value` (a str).
    """

    __slots__ = ("op", "refs", "value")

    def __init__(self, op: ChangeOp, refs: tuple[str, ...], value: str | int) -> None:
        self.op: ChangeOp = op
        self.refs = refs
        self.value = value


class TextEdit(Record):
    """Replace the text from (`line`, `column`) to (`end_line`, `end_column`) by `text`.

    Lines count from 1 as an editor counts them in the decoded file (a line ends at LF, CRLF
    or CR, never at a form feed or U+2028; a byte-order mark is not part of it); columns
    count code points from 1; the end is exclusive.
    """

    __slots__ = ("line", "column", "end_line", "end_column", "text")

    def __init__(self, line: int, column: int, end_line: int, end_column: int,
                 text: str) -> None:
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column
        self.text = text

    def to_json(self) -> dict[str, object]:
        return {"line": self.line, "column": self.column, "end_line": self.end_line,
                "end_column": self.end_column, "text": self.text}


class Fix(Record):
    """A fix: its applicability, a title saying what it does, the changes the engine proposed,
    the text edits that make them (filled in by the deck's format), and for a display-only fix
    the choices a player picks from (each a fix of its own)."""

    __slots__ = ("applicability", "title", "changes", "edits", "choices")

    def __init__(self, applicability: Applicability, title: str,
                 changes: tuple[Change, ...] = (), edits: tuple[TextEdit, ...] = (),
                 choices: tuple[Fix, ...] = ()) -> None:
        self.applicability: Applicability = applicability
        self.title = title
        self.changes = changes
        self.edits = edits
        self.choices = choices

    @property
    def applicable(self) -> bool:
        """Whether `--fix` can apply it: not display-only, and with edits to make."""
        return self.applicability != "display-only" and bool(self.edits)

    def to_json(self) -> dict[str, object]:
        found: dict[str, object] = {"applicability": self.applicability, "title": self.title,
                                    "edits": [edit.to_json() for edit in self.edits]}
        if self.choices:
            found["choices"] = [choice.to_json() for choice in self.choices]
        return found


# -- the fixes every proposer words alike (the resolver, rule kinds, placement, readers)


def merge_fix(ref: str, into: str) -> Fix:
    """Two entries of one card as one: the copies of the lines writing `ref` go to the first
    line writing `into` (the same reference: its repeated lines merge into its first)."""
    title = (_("Merge the lines of {ref} into one") if ref == into
             else _("Merge {ref} into the line of {into}"))
    return Fix("safe", title.format(ref=ref, into=into), (Change("merge", (ref,), into),))


def rename_fix(applicability: Applicability, ref: str, written: str, title: str) -> Fix:
    """Every line writing `ref` writes `written` instead."""
    return Fix(applicability, title, (Change("rename", (ref,), written),))


def cut_fix(refs: Sequence[str], copies: int, label: str) -> Fix:
    """`copies` copies fewer of a card, from the last line that holds it (unsafe)."""
    title = ngettext("Cut {count} × {card}", "Cut {count} × {card}", copies)
    return Fix("unsafe", title.format(count=copies, card=label), (Change("cut", tuple(refs),
                                                                         copies),))


def choose_fix(title: str) -> Fix:
    """A fix only the player can make (which cards to cut): shown, never applied."""
    return Fix("display-only", title)


def game_fix(game: str, applicability: Applicability = "safe") -> Fix:
    """The file names its game."""
    return Fix(applicability, _("Write the game {game} in the file").format(game=game),
               (Change("game", (), game),))


def games_fix(games: Sequence[str]) -> Fix:
    """A deck naming no game: one choice per game, none applied."""
    return Fix("display-only", _("Write the deck's game in the file"),
               choices=tuple(game_fix(game, "unsafe") for game in games))
