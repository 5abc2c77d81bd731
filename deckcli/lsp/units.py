"""Places in code points (what deckcli's readers count) as LSP ranges and edits in the
editor's units (UTF-16 unless the client chose otherwise), through pygls's codec. Lines are
the editor's (`editor_lines`: LF, CRLF, CR), not pygls's `doc.lines`, which `str.splitlines`
also cuts at a form feed or U+2028: a column measured on another line would be clamped."""

from __future__ import annotations

from collections.abc import Callable

from lsprotocol import types
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from deckcli.formats.edit import editor_lines

Span = tuple[int, int, int]  # line, first column, end column
Replace = tuple[int, int, int, int, str]  # first line, column, last line, column, new text


def range_maker(doc: TextDocument) -> Callable[[Span], types.Range]:
    """(line, start, end) in code points -> an LSP range in the editor's units."""
    lines = editor_lines(doc.source)
    codec = doc.position_codec

    def to_range(span: Span) -> types.Range:
        line, start, end = span
        return codec.range_to_client_units(lines, ServerTextRange(
            ServerTextPosition(line, start), ServerTextPosition(line, end)))

    return to_range


def span_maker(doc: TextDocument) -> Callable[[int, int, int, int], types.Range]:
    """(first line, column, last line, column) in code points -> an LSP range; the document's
    lines are split once (pygls splits them again on every `doc.lines`), so a thousand
    ranges of one request cost a thousand conversions, not a thousand splits."""
    lines, codec = editor_lines(doc.source), doc.position_codec

    def to_range(first: int, start: int, last: int, end: int) -> types.Range:
        return types.Range(
            start=codec.position_to_client_units(lines, ServerTextPosition(first, start)),
            end=codec.position_to_client_units(lines, ServerTextPosition(last, end)))

    return to_range


def text_edit(doc: TextDocument, edit: Replace) -> types.TextEdit:
    """An edit in code points as an LSP edit in the editor's units."""
    lines, codec = editor_lines(doc.source), doc.position_codec
    first, start, last, end, new_text = edit
    return types.TextEdit(range=types.Range(
        start=codec.position_to_client_units(lines, ServerTextPosition(first, start)),
        end=codec.position_to_client_units(lines, ServerTextPosition(last, end))),
        new_text=new_text)
