"""The changes a fix proposes (`model.fix.Change`), made in a deck file's text by the same
machinery as `add` and `remove` (`formats.edit`): counts through tomlkit or line by line, a
rename at the reference's own span, the game line at the top. `CHANGERS` holds the formats
that can be changed in place; a format missing there is not (its fixes have no edits).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from deckcli.errors import EXIT_FAILED, UserError
from deckcli.formats.edit import Edit, _edit_text, _edit_toml, plan_remove
from deckcli.formats.text_format import text_entries
from deckcli.formats.textread import TextLine, newline_of, text_lines
from deckcli.formats.tomldeck import parse_toml_deck
from deckcli.formats.tomlkeys import card_key_spans
from deckcli.i18n import _
from deckcli.model.deck import Deck, DeckEntry
from deckcli.model.fix import Change

BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


@dataclass(frozen=True)
class Editing:
    """How one format makes each kind of change: rename a reference, write the game line,
    list its entries one per line, and set their counts (the add/remove machinery)."""

    rename: Callable[[str, str, str], str]
    game_line: Callable[[str], str]
    entries: Callable[[str, Deck], list[DeckEntry]]
    counts: Callable[[str, Edit], str]
    entries_read: bool = False  # `entries` are the ones the format's reader gives

    def __call__(self, text: str, deck: Deck, changes: Sequence[Change],
                 read: Deck | None = None) -> str:
        """The text with a fix's changes made (UserError when one cannot be). `read`: the
        deck reading `text` gave, whose entries, where they are the reader's, spare reading
        the text again for the first change."""
        original = text
        for change in changes:
            if change.op == "rename":
                text = self.rename(text, change.refs[0], str(change.value))
            elif change.op == "game":
                text = self.game_line(str(change.value)) + newline_of(text) + text
            else:
                known = read is not None and self.entries_read and text is original
                entries = read.entries if known and read is not None else \
                    self.entries(text, deck)
                text = self.counts(text, planned(entries, change))
        return text


def planned(entries: Sequence[DeckEntry], change: Change) -> Edit:
    """A `cut` or `merge` as new counts of the file's entries (one entry per line)."""
    if change.op == "cut":
        holding = [entry for entry in entries if entry.ref in change.refs]
        assert isinstance(change.value, int)
        return plan_remove(holding, change.value, change.refs[0])
    into = next((entry for entry in entries if entry.ref == change.value), None)
    moved = [entry for entry in entries if entry.ref == change.refs[0] and entry is not into]
    if into is None or not moved:
        raise UserError(_("nothing to merge into {card}").format(card=change.value), EXIT_FAILED)
    total = into.count + sum(entry.count for entry in moved)
    return Edit(changes=((into, total), *((entry, 0) for entry in moved)))


def _key_token(new: str, old: str) -> str:
    """A TOML key for `new`, quoted as `old` was when it can be (bare, 'literal', "basic")."""
    if old[:1] not in "\"'" and BARE_KEY.fullmatch(new):
        return new
    if old[:1] == "'" and "'" not in new and new.isprintable():
        return f"'{new}'"
    return json.dumps(new, ensure_ascii=False)


def _rename_keys(text: str, ref: str, new: str) -> str:
    spans = [(start, end, token) for key, start, end, token in card_key_spans(text) if key == ref]
    if not spans:
        raise UserError(f"no key {ref!r} in [cards] to rename", EXIT_FAILED)
    for start, end, token in reversed(spans):
        text = text[:start] + _key_token(new, token) + text[end:]
    return text


def _rename_lines(text: str, ref: str, new: str) -> str:
    lines = text.splitlines(keepends=True)
    renamed = False
    for line in text_lines(text):
        if line.kind != "card" or line.zone is not None or line.ref != ref:
            continue
        written = renamed_line(line, lines[line.number - 1], new)
        if written is not None:
            lines[line.number - 1] = written
            renamed = True
    if not renamed:
        raise UserError(f"no line writes {ref!r}", EXIT_FAILED)
    return "".join(lines)


def renamed_line(line: TextLine, raw: str, new: str) -> str | None:
    """A card line (`raw`: with its line ending) writing `new` where it wrote its reference
    (after its count, when the count comes first); None when the reference is not there."""
    indent = len(line.text) - len(line.text.lstrip())
    after = line.count_at[1] if line.count_at and line.count_at[0] == indent else 0
    start = line.text.find(line.ref, after)
    if start < 0:
        return None
    return raw[:start] + new + raw[start + len(line.ref):]


def _toml_entries(text: str, deck: Deck) -> list[DeckEntry]:
    return parse_toml_deck(text, Deck(path=deck.path, kind="toml"))[0].entries


CHANGERS: dict[str, Editing] = {
    "toml": Editing(_rename_keys, lambda game: f"game = {json.dumps(game)}", _toml_entries,
                    _edit_toml, entries_read=True),
    "text": Editing(_rename_lines, lambda game: f"# game: {game}",
                    lambda text, _deck: text_entries(text), _edit_text),
}
