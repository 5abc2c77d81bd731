"""The fix engine's half in the formats: a fix's changes made in a deck file's text by its
format's own editing (`FileFormat.change`: the machinery `add`, `remove` and `fmt` use), then
given as the smallest text edits, every byte outside them kept.

Every fix is read back before it is offered: the edited text must read as a deck again, and a
safe fix must leave exactly the cards and counts it had (resolved as `check` resolves them).
A fix that fails this is not offered. A format that cannot be edited in place gives fixes
without edits (`applicable` is false), and says so.
"""

from __future__ import annotations

import bisect
import difflib
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import accumulate

from deckcli.engine.resolver import Resolver
from deckcli.errors import UserError
from deckcli.formats.edit import editor_lines
from deckcli.formats.fixchange import CHANGERS
from deckcli.formats.fixquick import QuickDeck
from deckcli.formats.read import UNREADABLE_RULES, parse_deck_text
from deckcli.io import tomlread
from deckcli.model.deck import Deck, DeckEntry
from deckcli.model.fix import Fix, TextEdit
from deckcli.model.problem import Problem
from deckcli.textnorm import fold


def editable_in_place(deck: Deck) -> bool:
    """Whether fixes can be made in this deck's file as it is."""
    return deck.kind in CHANGERS


def cards_of(resolver: Resolver, entries: Iterable[DeckEntry]) -> Counter[str]:
    """The deck's cards and counts as `check` resolves them (a reference naming no card
    counted as written): what a safe fix may not change."""
    held: Counter[str] = Counter()
    for entry in entries:
        held[card_slot(resolver, entry.ref)] += entry.count
    return held


def card_slot(resolver: Resolver, ref: str) -> str:
    """What `cards_of` counts a reference as: its card's number, or the reference itself."""
    card = resolver.lookup(ref).card
    return card.number if card is not None else "\0" + fold(ref)


def materialize(text: str, deck: Deck, problems: Sequence[Problem],
                resolver: Resolver | None, read: list[Problem] | None = None,
                quick: bool = True) -> None:
    """Give each problem's fix its text edits (and each choice of a display-only fix its own);
    a fix whose edit cannot be made or does not read back as promised is withdrawn. `read`:
    the problems reading `text` found, when `deck` is what reading it gave (else it is read
    again). `quick` off: every fix made the whole way (`Before.made`)."""
    if not editable_in_place(deck):
        return  # the fixes stay, without edits: `check --fix` says the format is not edited
    before = Before(text, deck, resolver, read, quick)
    for found in problems:
        fix = found.fix
        if fix is None:
            continue
        if fix.choices:
            choices = tuple(made for choice in fix.choices
                            if (made := before.made(choice)) is not None)
            found.fix = Fix(fix.applicability, fix.title, fix.changes, fix.edits, choices)
        elif fix.changes:
            found.fix = before.made(fix)


class Before:
    """A deck's text before its fixes, read once, against which each fix is made and read
    back."""

    def __init__(self, text: str, deck: Deck, resolver: Resolver | None,
                 read: list[Problem] | None = None, quick: bool = True) -> None:
        self.text = text
        self.deck = deck
        self.resolver = resolver
        if read is None:
            self.read, read = parse_deck_text(text, Deck(path=deck.path, kind=deck.kind))
        else:  # the judge read this very text into `deck`
            self.read = deck
        self.problems = read
        self._cards: Counter[str] | None = None
        # a text read without a single problem can have its usual fixes made line by line
        self._quick: QuickDeck | None = None
        self._may_be_quick = quick and not read
        self._lines: Lines | None = None
        self._rest: dict[bool, dict[str, object]] = {}

    @property
    def lines(self) -> Lines:
        """The text's lines, measured once for every fix's edits."""
        if self._lines is None:
            self._lines = Lines(self.text)
        return self._lines

    def made(self, fix: Fix) -> Fix | None:
        """The fix with its edits, or None when it cannot be made as promised.

        The usual fix (one count changed, a line cut, a reference renamed) is made on its
        lines alone when `formats.fixquick` can show that reading the edited text would give
        exactly the deck it expects; every other fix, and every fix withdrawn, takes the
        whole way: the format's own editing, the edited text read again, and the edits
        found by comparing the two texts. Both ways give the same edits, byte for byte."""
        if self._may_be_quick:
            made = self._made_quickly(fix)
            if made is not None:
                return made
        return self.made_fully(fix)

    def _made_quickly(self, fix: Fix) -> Fix | None:
        """The fix made by `formats.fixquick`, or None when it cannot show it is as
        promised (the whole way then decides)."""
        if self._quick is None:
            self._quick = QuickDeck(self.text, self.read, self.lines.lines, self.lines.starts)
            self._may_be_quick = self._quick.usable
            if not self._may_be_quick:
                return None
        quick = self._quick.made(fix)
        if quick is None or quick.after == self.text:
            return None
        if fix.applicability == "safe":
            if self.resolver is None:
                return None
            moved: Counter[str] = Counter()
            for ref, count in quick.counts.items():
                moved[card_slot(self.resolver, ref)] += count
            if any(moved.values()):
                return None
        edits = text_edits(self.text, quick.after, self.lines, quick.same)
        return Fix(fix.applicability, fix.title, fix.changes, edits, fix.choices)

    def made_fully(self, fix: Fix) -> Fix | None:
        """The fix made the whole way: the format's editing, read back in full."""
        change = CHANGERS[self.deck.kind]
        try:
            after = change(self.text, self.deck, fix.changes, self.read)
        except (UserError, ValueError, KeyError):
            return None
        if after == self.text or not self.reads_back(after, fix):
            return None
        return Fix(fix.applicability, fix.title, fix.changes, text_edits(self.text, after),
                   fix.choices)

    def rest(self, game_changes: bool) -> dict[str, object]:
        """`toml_rest` of the text before the fixes, worked out once per kind of fix."""
        if game_changes not in self._rest:
            self._rest[game_changes] = toml_rest(self.text, game_changes)
        return self._rest[game_changes]

    def reads_back(self, after: str, fix: Fix) -> bool:
        """The edited text is a deck as readable as before; a safe fix kept every card and
        count, and the game, format and name (but the game it writes)."""
        old = self.read
        new, problems = parse_deck_text(after, Deck(path=self.deck.path, kind=self.deck.kind))
        if any(p.rule in UNREADABLE_RULES for p in problems):
            return False
        if sum(p.severity == "error" for p in problems) > sum(
                p.severity == "error" for p in self.problems):
            return False
        games = [change.value for change in fix.changes if change.op == "game"]
        if new.game != (games[0] if games else old.game) or (new.format, new.name) != (
                old.format, old.name):
            return False
        if self.deck.kind == "toml":  # a value outside [cards] changed: a key scan was fooled
            try:
                if toml_rest(after, bool(games)) != self.rest(bool(games)):
                    return False
            except (tomlread.TOMLDecodeError, ValueError, RecursionError):
                return False
        if fix.applicability != "safe":
            return True
        if self.resolver is None:
            return False
        if self._cards is None:
            self._cards = cards_of(self.resolver, old.entries)
        return cards_of(self.resolver, new.entries) == self._cards


def toml_rest(text: str, game_changes: bool) -> dict[str, object]:
    """A TOML deck's document but its `[cards]` (and, for a fix that writes the game, its
    `game`): what no fix may change."""
    rest = tomlread.loads(text)
    rest.pop("cards", None)
    if game_changes:
        rest.pop("game", None)
    return rest


class Lines:
    """A text's lines (with their endings, as `editor_lines` cuts them), where each starts,
    and whether no line repeats: what every edit of one text is measured against, worked out
    once per deck."""

    __slots__ = ("lines", "starts", "distinct")

    def __init__(self, text: str) -> None:
        self.lines = editor_lines(text)
        self.starts = [0, *accumulate(map(len, self.lines))]
        self.distinct = len(set(self.lines)) == len(self.lines)


def text_edits(before: str, after: str, lines: Lines | None = None,
               same: tuple[int, int] = (0, 0)) -> tuple[TextEdit, ...]:
    """The smallest edits that turn `before` into `after`: each run of changed lines, trimmed
    to the characters that differ. `lines`: `before` measured already; `same`: how many
    lines at the start and at the end the two texts are known to share (a hint, checked)."""
    measured = Lines(before) if lines is None else lines
    old, starts = measured.lines, measured.starts
    new = editor_lines(after)
    edits = []
    for tag, i1, i2, j1, j2 in line_opcodes(old, new, same, measured.distinct):
        if tag == "equal":
            continue
        start, end = starts[i1], starts[i2]
        was, wanted = before[start:end], "".join(new[j1:j2])
        head, tail = common_ends(was, wanted)
        edits.append(edit_at(before, starts, start + head, end - tail,
                             wanted[head:len(wanted) - tail]))
    return tuple(edits)


def line_opcodes(old: list[str], new: list[str], same: tuple[int, int] = (0, 0),
                 distinct: bool | None = None) -> Sequence[tuple[str, int, int, int, int]]:
    """difflib's opcodes turning the lines `old` into `new`. When no line repeats on either
    side (a deck's usual text), no line of the shared start or end can match one elsewhere,
    so difflib's answer is those two runs and its answer for the lines between them, which
    alone are compared (a fix changes a line or two of a few dozen); when no line between
    them is on both sides, that answer is one run replaced, cut or added. `same`: a hint of
    the shared ends (`common_ends`); `distinct`: whether no line of `old` repeats, if known."""
    head, tail = common_ends(old, new, same)
    if distinct is None:
        distinct = len(set(old)) == len(old)
    if (head or tail) and distinct and len(set(new)) == len(new):
        was, wanted = old[head:len(old) - tail], new[head:len(new) - tail]
        if set(was).isdisjoint(wanted):  # difflib matches nothing: one run, if any
            tag = "replace" if was and wanted else "delete" if was else "insert"
            found = [(tag, head, head + len(was), head, head + len(wanted))] \
                if was or wanted else []
        else:
            matcher = difflib.SequenceMatcher(None, was, wanted, autojunk=False)
            found = [(tag, i1 + head, i2 + head, j1 + head, j2 + head)
                     for tag, i1, i2, j1, j2 in matcher.get_opcodes()
                     if i1 < i2 or j1 < j2]  # the empty run difflib gives two empty sequences
        return [*([("equal", 0, head, 0, head)] if head else []), *found,
                *([("equal", len(old) - tail, len(old), len(new) - tail, len(new))]
                  if tail else [])]
    return difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()


def edit_at(text: str, starts: list[int], start: int, end: int, new: str) -> TextEdit:
    """A TextEdit from offsets (lines from 1, columns from 1, as `TextEdit` counts them)."""
    def place(offset: int) -> tuple[int, int]:
        index = max(bisect.bisect_right(starts, offset) - 1, 0)
        if index >= len(starts) - 1 and index > 0 and offset == starts[-1] and \
                text[offset - 1:offset] not in ("\n", "\r"):
            index -= 1  # the end of a last line without a line ending
        return index + 1, offset - starts[index] + 1

    line, column = place(start)
    end_line, end_column = place(end)
    return TextEdit(line, column, end_line, end_column, new)


def offsets(text: str, edit: TextEdit) -> tuple[int, int]:
    """Where an edit's span starts and ends in `text`, as offsets."""
    starts = [0]
    for line in editor_lines(text):
        starts.append(starts[-1] + len(line))

    def offset(line: int, column: int) -> int:
        index = min(max(line - 1, 0), len(starts) - 1)
        return min(starts[index] + column - 1, len(text))

    return offset(edit.line, edit.column), offset(edit.end_line, edit.end_column)


def apply_edits(text: str, edits: Sequence[TextEdit]) -> str:
    """The text with non-overlapping edits made (all measured on `text`)."""
    spans = sorted((*offsets(text, edit), edit.text) for edit in edits)
    for (_, end, _), (start, _, _) in zip(spans, spans[1:], strict=False):
        if start < end:
            raise ValueError("overlapping edits")
    for start, end, new in reversed(spans):
        text = text[:start] + new + text[end:]
    return text


def compatible(fixes: Iterable[Fix], text: str) -> list[Fix]:
    """The fixes that can be made together, first come first kept: none of their edits
    overlaps another's (the others wait for the next round, on the fixed text)."""
    taken: list[tuple[int, int]] = []
    kept = []
    for fix in fixes:
        spans = [offsets(text, edit) for edit in fix.edits]
        if any(start < other_end and other_start < end or start == other_start
               for start, end in spans for other_start, other_end in taken):
            continue
        taken.extend(spans)
        kept.append(fix)
    return kept


def common_ends(before: Sequence[object], after: Sequence[object],
                at_least: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """How many items the two sequences share at their start, and then at their end (the
    end never reaching into the shared start): the span an edit must replace. `at_least`:
    how many they are known to share at each end (checked, in one comparison each)."""
    shortest = min(len(before), len(after))
    head, tail = at_least
    if head and (head > shortest or before[:head] != after[:head]):
        head = 0
    while head < shortest and before[head] == after[head]:
        head += 1
    tail = min(tail, shortest - head)
    if tail and before[len(before) - tail:] != after[len(after) - tail:]:
        tail = 0
    while tail < shortest - head and before[-1 - tail] == after[-1 - tail]:
        tail += 1
    return head, tail
