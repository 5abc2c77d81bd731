"""The usual fix made on its lines alone: a count changed, a line cut, a reference renamed,
in a deck file that read without a single problem, with nothing read again but those lines.

`formats.fixedit` makes every fix the whole way (the format's editing, the edited text read
back in full, the edits found by comparing the texts), which costs a deck's reading again for
each fix a check offers. This module makes the same edit in the same way (the same functions
of `formats.edit` and `formats.fixchange`) and shows, from what changed alone, what reading
the edited text would give:

- a text list is read line by line: a line's reading depends on the lines before it only
  through the side zone they opened, and only a section header opens or ends one. A deck
  that read without a problem has each reference on one line, outside any zone; a changed
  line that reads again as a card line with the planned reference and count (and no header)
  leaves every other line reading as before, so the deck is the old one with that entry
  changed (a cut line: without it);
- a TOML deck is read by a TOML parser, which a line of the text cannot fool only when no
  construct spans lines (`QuickDeck._toml_usable` shows when none does). Then every line of
  the valid document starts an expression, so a `key = count` line under the `[cards]`
  header is that key of the `cards` table: its count's token replaced gives the document
  with that count, the line cut gives it without the key, its key token replaced by another
  that reads as the new name gives it renamed, and nothing else changes. The deck read from
  that document is then known: its entries are the new table's, each passing `check_entry`
  (counts from 1 to MAX_COUNT, a new name checked), so read without a problem.

Whatever it cannot show this way (another layout, a fix of two changes or of the game, a
rename onto a reference the deck holds already, a deck read with any problem, line endings
other than LF and CRLF) it leaves to the whole way (`QuickDeck.made` gives None), and so it
does every fix that is to be withdrawn: a fix is only ever offered here.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from deckcli.errors import UserError
from deckcli.formats.edit import (
    OTHER_BREAKS,
    Edit,
    _edit_text,
    count_lines_edited,
    on_closed_text,
)
from deckcli.formats.entries import MAX_COUNT, check_entry
from deckcli.formats.fixchange import _key_token, planned, renamed_line
from deckcli.formats.textread import text_line
from deckcli.model.deck import Deck, DeckEntry
from deckcli.model.fix import Fix

_BARE = r"[A-Za-z0-9_-]+"
_KEY = rf"""(?:{_BARE}|"[^"\\\n\r]*"|'[^'\n\r]*')"""
# a `[table]` header of bare names, at the start of a line: its `[` is the only one it holds
_HEADER = re.compile(rf"[ \t]*\[[ \t]*({_BARE}(?:[ \t]*\.[ \t]*{_BARE})*)[ \t]*\]")
_BARE_KEY = re.compile(_BARE)
_KEY_TOKEN = re.compile(_KEY)
_EQUALS = re.compile(r"[ \t]*=")


class Quick:
    """A fix made on its lines: the edited text, how many lines at its start and end are
    known unchanged (`text_edits`'s hint), and the change of each reference's count."""

    __slots__ = ("after", "same", "counts")

    def __init__(self, after: str, same: tuple[int, int], counts: dict[str, int]) -> None:
        self.after = after
        self.same = same
        self.counts = counts


class QuickDeck:
    """A deck's text and its reading (`deck`, which must have read without a problem), worked
    out once for the fixes made on its lines."""

    def __init__(self, text: str, deck: Deck, lines: Sequence[str], starts: Sequence[int]
                 ) -> None:
        self.text = text
        self.deck = deck
        self.lines = lines  # with their endings
        self.starts = starts  # where each line starts, and where the text ends
        self._by_ref: dict[str, DeckEntry] | None = None
        self.usable = lf_or_crlf(text, len(lines)) and (
            deck.kind == "text" or deck.kind == "toml" and self._toml_usable())

    @property
    def by_ref(self) -> dict[str, DeckEntry]:
        """The deck's entries by reference (a reader keeps one entry per reference)."""
        if self._by_ref is None:
            self._by_ref = {entry.ref: entry for entry in self.deck.entries}
        return self._by_ref

    def made(self, fix: Fix) -> Quick | None:
        """The fix's one change made on its lines, or None when it is not shown to read back
        as promised here."""
        if len(fix.changes) != 1 or fix.changes[0].op not in ("rename", "cut", "merge"):
            return None
        change = fix.changes[0]
        try:
            if change.op == "rename":
                return self._renamed(change.refs[0], str(change.value))
            edit = planned(self.deck.entries, change)
        except (UserError, ValueError, KeyError):
            return None
        if edit.new_key is not None or not edit.changes or any(
                not 0 <= count <= MAX_COUNT for _entry, count in edit.changes):
            return None
        made = self._counted(edit)
        # a file without a final line ending keeps none: the ending taken off must be whole
        return made if made is None or lf_or_crlf(made.after) else None

    def _renamed(self, ref: str, new: str) -> Quick | None:
        entry = self.by_ref.get(ref)
        if entry is None or new in self.by_ref or check_entry(new, entry.count, None) is not None:
            return None
        if self.deck.kind == "toml":
            key = self._key_span(ref)
            if key is None:
                return None
            token = _key_token(new, self.text[key[0]:key[1]])
            if "\\" in token or not new.isprintable():
                return None
            after = self.text[:key[0]] + token + self.text[key[1]:]
            index = bisect.bisect_right(self.starts, key[0]) - 1
        else:
            if entry.line is None or entry.line > len(self.lines):
                return None
            index = entry.line - 1
            raw = self.lines[index]
            line = text_line(entry.line, _content(raw), None)
            if line.kind != "card" or line.ref != ref or line.count != entry.count:
                return None
            written = renamed_line(line, raw, new)
            if written is None or not _reads_as(entry.line, _content(written), new,
                                                entry.count):
                return None
            after = self.text[:self.starts[index]] + written + self.text[self.starts[index + 1]:]
        return Quick(after, (index, len(self.lines) - index - 1),
                     {ref: -entry.count, new: entry.count})

    def _counted(self, edit: Edit) -> Quick | None:
        keys: dict[str, int] = {}  # where each TOML key's token starts
        indexes = []
        for entry, _count in edit.changes:
            if self.deck.kind == "toml":
                key = self._key_span(entry.ref)
                if key is None:
                    return None
                keys[entry.ref] = key[0]
                indexes.append(bisect.bisect_right(self.starts, key[0]) - 1)
            elif entry.line is not None and entry.line <= len(self.lines):
                indexes.append(entry.line - 1)
            else:
                return None
        indexes.sort()
        if len(set(indexes)) != len(indexes):
            return None
        after = self._toml_counted(edit, keys) if self.deck.kind == "toml" else \
            self._text_counted(edit)
        if after is None:
            return None
        return Quick(after, (max(indexes[0] - 1, 0), len(self.lines) - indexes[-1] - 1),
                     {entry.ref: count - entry.count for entry, count in edit.changes})

    # -- TOML

    def _toml_usable(self) -> bool:
        """Whether every line of the text starts a TOML expression (or holds none): nothing
        in it spans lines. In TOML 1.0 only a multi-line string (opened by three quotes) and
        an array (by a `[` after a key's `=`, never at the start of a line) can; inline
        tables span lines only through such values. So a text without three quotes in a row
        whose every `[` opens a `[table]` header of bare names has none. Its `[cards]` table
        is then the lines from the `[cards]` header to the next header."""
        text = self.text
        if '"""' in text or "'''" in text:
            return False
        headers = []
        at = text.find("[")
        while at >= 0:  # each `[`, which must open a header: at the start of its line
            line = text.rfind("\n", 0, at) + 1
            header = _HEADER.match(text, line)
            if header is None or header.start(1) < at:
                return False
            headers.append(header)
            at = text.find("[", at + 1)
        cards = [at for at, header in enumerate(headers) if header.group(1) == "cards"]
        if len(cards) != 1:
            return False
        self.cards_at = (headers[cards[0]].end(), headers[cards[0] + 1].start()
                         if cards[0] + 1 < len(headers) else len(text))
        return True

    def _key_span(self, ref: str) -> tuple[int, int] | None:
        """Where the key token of `ref` stands in the `[cards]` table: at the start of a
        line (after blanks) and followed by `=`, which in a text where nothing spans lines is
        a `key = value` line. Without a backslash, a key reads as `ref` only as one of three
        tokens: "basic", bare or 'literal' (a token that would hold what a valid document
        cannot is never found); TOML keys a table once, so the first found is the key."""
        text = self.text
        start, end = self.cards_at
        for token in (f'"{ref}"', ref, f"'{ref}'"):  # deckcli writes "basic" keys
            if not (_BARE_KEY if token is ref else _KEY_TOKEN).fullmatch(token):
                continue
            at = text.find(token, start, end)
            while at >= 0:
                line = text.rfind("\n", 0, at) + 1
                if line >= start and not text[line:at].strip(" \t") and \
                        _EQUALS.match(text, at + len(token)):
                    return at, at + len(token)
                at = text.find(token, at + 1, end)
        return None

    def _toml_counted(self, edit: Edit, keys: dict[str, int]) -> str | None:
        missed: list[bool] = []

        def counted(closed: str, _newline: str) -> str:
            edited = count_lines_edited(closed, edit, keys)
            if edited is None:
                missed.append(True)
                return closed
            return edited

        after = on_closed_text(self.text, counted)
        return None if missed else after

    # -- text lists

    def _text_counted(self, edit: Edit) -> str | None:
        count_at: dict[int, tuple[int, int] | None] = {}
        for entry, _count in edit.changes:
            assert entry.line is not None
            line = text_line(entry.line, _content(self.lines[entry.line - 1]), None)
            if line.kind != "card" or line.ref != entry.ref or line.count != entry.count:
                return None
            count_at[entry.line] = line.count_at
        after = _edit_text(self.text, edit, count_at)
        new = after.splitlines()
        cut = sorted(entry.line for entry, count in edit.changes
                     if not count and entry.line is not None)
        if len(new) != len(self.lines) - len(cut):
            return None
        for entry, count in edit.changes:
            if count:
                assert entry.line is not None
                number = entry.line - bisect.bisect_left(cut, entry.line)
                if not _reads_as(number, new[number - 1], entry.ref, count):
                    return None
        return after


def lf_or_crlf(text: str, lines: int | None = None) -> bool:
    """Whether every line of the text ends in LF or CRLF, or is the last, and nothing else
    cuts a line for `str.splitlines` (a lone CR, NEL, U+2028 …): it cuts it into `lines`
    lines, if given, as an editor does."""
    if "\r" in text and text.count("\r") != text.count("\r\n"):
        return False
    if OTHER_BREAKS.search(text) is not None:
        return False
    return lines is None or lines == text.count("\n") + (bool(text) and not text.endswith("\n"))


def _content(line: str) -> str:
    """A line without its ending (LF or CRLF)."""
    return line[:-2] if line.endswith("\r\n") else line[:-1] if line.endswith("\n") else line


def _reads_as(number: int, text: str, ref: str, count: int) -> bool:
    """Whether a line of a text list, outside any side zone, is a card line of `count` ×
    `ref` that the deck's reader takes without a problem."""
    if text.splitlines() != [text]:
        return False
    line = text_line(number, text, None)
    return line.kind == "card" and line.ref == ref and line.count == count and \
        check_entry(ref, count, number) is None

