"""Change one card's count in a deck file and keep every other byte as the user wrote it.

TOML decks are edited with tomlkit, which keeps comments, order, blank lines and key quoting;
text lists are edited line by line. A UTF-8 BOM, CRLF line endings and a missing final newline
are kept as well. Every edit is read back before it is returned: if the file would say anything
but the planned counts, the edit is refused. Nothing here writes to disk.
"""

from __future__ import annotations

import codecs
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from deckcli.errors import EXIT_FAILED, UserError
from deckcli.formats.kinds import FORMATS, by_kind
from deckcli.formats.read import parse_deck_bytes
from deckcli.formats.textread import newline_of, text_lines
from deckcli.formats.tomlkeys import card_key_spans
from deckcli.i18n import _
from deckcli.io import tomlread
from deckcli.model.deck import Deck, DeckEntry

# what `str.splitlines` cuts at besides LF, CRLF and CR; an editor (LSP), TOML and a unified
# diff do not, so an edit's line counted across one would land on another line there
OTHER_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
EDITOR_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def editor_lines(text: str) -> list[str]:
    """The text's lines with their endings, a line ending at LF, CRLF or CR only: lines as an
    editor, the language server protocol and TOML count them."""
    if OTHER_BREAKS.search(text) is None:
        return text.splitlines(keepends=True)
    return EDITOR_LINE.findall(text)


@dataclass(frozen=True)
class Edit:
    """New counts for existing entries (0 removes the entry) and at most one new entry."""

    changes: tuple[tuple[DeckEntry, int], ...] = ()
    new_key: str | None = None
    new_count: int = 0


def plan_add(entries: list[DeckEntry], key: str, count: int) -> Edit:
    """Add copies to the card's first entry, or a new entry keyed `key` when it has none."""
    if not entries:
        return Edit(new_key=key, new_count=count)
    first = entries[0]
    return Edit(changes=((first, first.count + count),))


def plan_remove(entries: list[DeckEntry], count: int | None, label: str) -> Edit:
    """Take copies from the card's last entries first; None takes them all."""
    held = sum(entry.count for entry in entries)
    if not entries:
        raise UserError(_("{label} is not in the deck; nothing to remove").format(
            label=label), EXIT_FAILED)
    if count is not None and count > held:
        raise UserError(_("the deck holds {held} × {label}; remove at most {held} (or use "
                          "--all)").format(held=held, label=label), EXIT_FAILED)
    left = held if count is None else count
    changes = []
    for entry in reversed(entries):
        taken = min(left, entry.count)
        left -= taken
        if taken:
            changes.append((entry, entry.count - taken))
    return Edit(changes=tuple(reversed(changes)))


def split_bom(data: bytes) -> tuple[bytes, str]:
    """(the UTF-8 byte-order mark or b"", the text after it)."""
    bom = codecs.BOM_UTF8 if data.startswith(codecs.BOM_UTF8) else b""
    return bom, data[len(bom):].decode("utf-8")


def apply_edit(data: bytes, deck: Deck, edit: Edit) -> bytes:
    """The file's bytes with the edit made; refused (UserError) if it cannot be made cleanly."""
    if not by_kind(deck.kind).editable:
        editable = " and ".join(f"{fmt.label}s" for fmt in FORMATS if fmt.editable)
        raise UserError(_("deckcli edits {editable}, not {label}s; convert it first: "
                          "deckcli import GAME FILE -o deck.toml").format(
                            editable=editable, label=by_kind(deck.kind).label), EXIT_FAILED)
    bom, text = split_bom(data)
    edited = _edit_text(text, edit) if deck.kind == "text" else _edit_toml(text, edit)
    result = bom + edited.encode("utf-8")
    _verify(result, deck, edit)
    return result


def _edit_toml(text: str, edit: Edit) -> str:
    def made(closed: str, newline: str) -> str:
        result = _edit_count_lines(closed, edit)
        return _edit_with_tomlkit(closed, edit, newline) if result is None else result

    return on_closed_text(text, made)


def on_closed_text(text: str, edit: Callable[[str, str], str]) -> str:
    """`edit(text, newline)` made on the text with a final line ending (tomlkit's edits
    want one), which is taken off again when the file had none: the whole ending of the
    edited text's last line, which is another line's, CRLF in a file whose first line ends
    in LF, when the edit removed the last line."""
    newline = newline_of(text)
    open_end = bool(text) and not text.endswith("\n")
    result = edit(text + newline if open_end else text, newline)
    if not open_end:
        return result
    if result.endswith("\r\n") and not text.endswith("\r"):
        return result[:-2]
    return result[: -len(newline)] if result.endswith(newline) else result


# A line of `[cards]` holding one count: indent, key, `=`, a whole number, maybe a comment.
_COUNT_LINE = re.compile(
    r"""[ \t]*(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')[ \t]*=[ \t]*
        (?P<count>[+-]?(?:0x[0-9A-Fa-f_]+|0o[0-7_]+|0b[01_]+|[0-9_]+))
        [ \t]*(?:\#[^\r\n]*)?(?:\r?\n|\Z)""", re.VERBOSE)


def _edit_count_lines(text: str, edit: Edit) -> str | None:
    """New counts of existing `[cards]` entries made line by line, byte for byte as tomlkit
    makes them (a count's token replaced; an entry set to 0 loses its whole line, comment and
    line ending with it), without parsing the document into tomlkit's tree (a few ms a deck,
    which `check` paid for every fix it offers). None, and tomlkit decides, when the edit adds
    an entry, when an entry is not on a plain count line of `[cards]`, or when the edited text
    does not read as exactly the planned change of the document."""
    if edit.new_key is not None or not edit.changes:
        return None
    starts: dict[str, int] = {}
    for key, key_start, _end, _token in card_key_spans(text):
        if key in starts:
            return None
        starts[key] = key_start
    edited = count_lines_edited(text, edit, starts)
    if edited is None:
        return None
    try:
        before, after = tomlread.loads(text), tomlread.loads(edited)
    except (tomlread.TOMLDecodeError, ValueError, RecursionError):
        return None
    cards = before.get("cards")
    if type(cards) is not dict:
        return None
    planned = dict(cards)
    for entry, count in edit.changes:
        if count:
            planned[entry.ref] = count
        else:
            planned.pop(entry.ref, None)
    return edited if after == {**before, "cards": planned} else None


def count_lines_edited(text: str, edit: Edit, starts: Mapping[str, int]) -> str | None:
    """The edit's new counts made on the plain count lines holding its entries' keys
    (`starts`: where each key's token starts): a count's token replaced, an entry set to 0
    losing its whole line. None when an entry has no such line. Nothing is read back here:
    the caller shows the result is the planned document (by reading it, or by the text's
    layout, `formats.fixquick`)."""
    spans: dict[str, tuple[int, int, str]] = {}
    for entry, count in edit.changes:
        at = starts.get(entry.ref)
        if at is None or entry.ref in spans:
            return None
        line = text.rfind("\n", 0, at) + 1
        found = _COUNT_LINE.match(text, line)
        if found is None:
            return None
        spans[entry.ref] = (*found.span("count"), str(count)) if count else \
            (line, found.end(), "")
    edited = text
    for start, end, new in sorted(spans.values(), reverse=True):
        edited = edited[:start] + new + edited[end:]
    return edited


def _edit_with_tomlkit(text: str, edit: Edit, newline: str) -> str:
    """The edit made through tomlkit's tree, which keeps every other byte (imported here:
    only an edit that adds an entry, or a deck laid out otherwise, pays for it)."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError
    from tomlkit.items import InlineTable, Table

    try:
        document = tomlkit.parse(text)
    except TOMLKitError as exc:
        raise UserError(_("cannot edit this file: {reason}").format(
            reason=exc), EXIT_FAILED) from None
    cards = document.get("cards")
    if cards is None:
        cards = tomlkit.table()
        document.add("cards", cards)
    elif not isinstance(cards, dict):  # tomlkit's tables and inline tables are dicts
        raise UserError(_("cannot edit this deck: cards must be a table ([cards] then "
                          '"Name" = count lines); fix the file first'), EXIT_FAILED)
    for entry, count in edit.changes:
        if count:
            cards[entry.ref] = count
        else:
            del cards[entry.ref]
    if edit.new_key is not None:
        if edit.new_key in cards:
            raise UserError(_("[cards] already has {new_key!r} with a value that is not a "
                              "count; fix that line first").format(
                                  new_key=edit.new_key), EXIT_FAILED)
        item = tomlkit.integer(edit.new_count)
        if not isinstance(cards, InlineTable):
            item.trivia.trail = newline
        if isinstance(cards, Table | InlineTable):
            cards.add(edit.new_key, item)
        else:  # [cards] continued after another table: tomlkit's proxy adds to its first part
            cards[edit.new_key] = item
    return document.as_string()


def _edit_text(text: str, edit: Edit,
               count_at: Mapping[int, tuple[int, int] | None] | None = None) -> str:
    """The edit made line by line. `count_at`: where the count stands on each entry's line,
    when the caller knows (else the text is read for it); no new entry then."""
    lines = text.splitlines(keepends=True)
    zone_at = None
    if count_at is None or edit.new_key is not None:
        parsed = list(text_lines(text))
        count_at = {line.number: line.count_at for line in parsed}
        # a new card goes before the first side zone (`Sideboard:`), never into it
        zone_at = next((line.number - 1 for line in parsed
                        if line.kind == "section" and line.zone),
                       None) if edit.new_key is not None else None
    if zone_at is not None:
        lines.insert(zone_at, f"{edit.new_count} {edit.new_key}{newline_of(text)}")
    for entry, count in sorted(edit.changes, key=lambda change: -(change[0].line or 0)):
        assert entry.line is not None, "text entries come from text_entries, with their lines"
        index = entry.line - 1 + (zone_at is not None and entry.line > zone_at)
        span = count_at[entry.line]
        if count and span is not None:
            written = str(count) if span[0] < span[1] else f"{count} "  # `Name (number)`: 1 copy
            lines[index] = lines[index][:span[0]] + written + lines[index][span[1]:]
        else:
            _drop_line(lines, index)
    if edit.new_key is not None and zone_at is None:
        newline = newline_of(text)
        if lines and lines[-1] == lines[-1].rstrip("\r\n"):
            lines[-1] += newline
            lines.append(f"{edit.new_count} {edit.new_key}")
        else:
            lines.append(f"{edit.new_count} {edit.new_key}{newline}")
    return "".join(lines)


def _drop_line(lines: list[str], index: int) -> None:
    """Remove a line; removing an unterminated last line takes the ending before it too."""
    dropped = lines.pop(index)
    if index == len(lines) and index > 0 and dropped == dropped.rstrip("\r\n"):
        lines[index - 1] = lines[index - 1].rstrip("\r\n")


def _verify(result: bytes, deck: Deck, edit: Edit) -> None:
    """Read the edited bytes back: same game, format and name, and exactly the planned counts."""
    before = Counter({entry.ref: entry.count for entry in deck.entries})
    for entry, count in edit.changes:
        before[entry.ref] += count - entry.count
    if edit.new_key is not None:
        before[edit.new_key] += edit.new_count
    expected = {ref: count for ref, count in before.items() if count}
    edited, _problems = parse_deck_bytes(result, Deck(path=deck.path, kind=deck.kind))
    found: Counter[str] = Counter()
    for entry in edited.entries:
        found[entry.ref] += entry.count
    same_header = (edited.game, edited.format, edited.name) == (deck.game, deck.format, deck.name)
    if not same_header or dict(found) != expected:
        raise UserError(_("the edit did not read back as planned, so the file is left as "
                          "it was; please report this deck"), EXIT_FAILED)
