"""Edits the language server turns into LSP edits: the smallest run of whole lines between two
versions of a document (formatting). Quick fixes come from the fix engine (`engine.fixes`,
`formats.fixedit`), as `check --fix` applies them. Pure: text in, edits out."""

from __future__ import annotations

from deckcli.formats.edit import editor_lines
from deckcli.formats.fixedit import common_ends
from deckcli.lsp.units import Replace


def line_change(before: str, after: str) -> Replace:
    """The smallest run of whole lines that turns `before` into `after`, as one edit."""
    old, new = editor_lines(before), editor_lines(after)
    head, tail = common_ends(old, new)
    end = len(old) - tail
    replacement = "".join(new[head:len(new) - tail])
    if end == len(old) and old and not old[-1].endswith(("\n", "\r")):
        last = old[-1]  # the document ends without a newline: end at its last character
        return head, 0, len(old) - 1, len(last), replacement
    return head, 0, end, 0, replacement
