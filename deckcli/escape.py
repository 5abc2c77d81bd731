"""Text that reports may echo: nothing read from a deck, a pool or a file name may move a
terminal's cursor or start a new line of a CI log (where `::error …` is a command)."""

from __future__ import annotations

import os
import re
import unicodedata
from typing import TextIO

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# C0 and C1 controls (tab, CR and LF included), line and paragraph separators, and the
# bidirectional embeddings, overrides and isolates, which reorder how the rest of a line is
# drawn (a file name holding U+202E could show "illegal" as something else)
_REFUSED_CATEGORIES = frozenset(("Cc", "Cs", "Zl", "Zp"))


def escape_controls(text: str, keep: str = "") -> str:
    """Control characters (CR and LF included, unless in `keep`) and bidirectional
    overrides as visible escapes: '\\n' -> '\\x0a', U+202E -> '\\x202e'."""
    return _CONTROL.sub(lambda found: found.group() if found.group() in keep
                        else f"\\x{ord(found.group()):02x}", text)


def control_character(text: str) -> str | None:
    """'U+000A at character 6' for the first character a name may not hold, or None.

    Control characters (tab, CR and LF included), lone surrogates and line separators are
    refused: echoed, they would forge a line of output. Invisible format characters
    (zero-width space, direction marks) are allowed: `textnorm.fold` ignores them.
    """
    if text.isprintable():  # the usual case, answered in C
        return None
    for index, char in enumerate(text, 1):
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            return f"U+{ord(char):04X} at character {index}"
    return None


_JSON_RAW = re.compile("[\x7f-\x9f\u2028\u2029]")  # what json.dumps(ensure_ascii=False) keeps


def json_controls(document: str) -> str:
    """A JSON text whose strings hold no raw DEL, C1 control or line separator: each becomes
    its `\\uXXXX` escape (the same data once parsed). json.dumps escapes the other controls."""
    # both in C: no DEL, C1 control or separator is printable (a one-line document of names
    # in any script, the usual one, is), nor ASCII but DEL (an indented ASCII document)
    if document.isprintable() or (document.isascii() and "\x7f" not in document):
        return document
    return _JSON_RAW.sub(lambda found: f"\\u{ord(found.group()):04x}", document)


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what makes a spreadsheet run a cell


def neutral(cell: str) -> str:
    """A CSV cell a spreadsheet shows as text: one starting like a formula gets a leading `'`
    (the OWASP advice against CSV injection); deckcli reads the `'` back off."""
    return "'" + cell if cell.startswith(FORMULA_START) else cell


def printable_path(path: str) -> str:
    """A path any report can print or save: bytes that are not UTF-8 become �, control
    characters escapes (a file name must not move a terminal's cursor or split a CI annotation).
    """
    if path.isprintable():  # the usual path, answered in C: it is itself (no surrogate from
        return path  # an undecodable byte, no control), and shares the caller's string
    return escape_controls(os.fsencode(path).decode("utf-8", "replace"))


WORKFLOW_PREFIX = "::"  # a CI log line starting so (after spaces) is a workflow command


class CommandFreeStream:
    """A text stream in which no line starts with `::`: GitHub Actions runs such a line as a
    workflow command (`::error title=forged::all decks legal`), and a file named so would be
    one as soon as a report printed its path first. Such a line gets `./` in front, which
    keeps a path the same path. Only deckcli's own GitHub renderer writes commands, to the
    stream underneath (`raw`)."""

    def __init__(self, raw: TextIO) -> None:
        self.raw = raw
        self._start = ""  # the start of a line not yet known to be safe
        self._mid_line = False  # the start of the current line is out already

    def write(self, text: str) -> int:
        for piece in text.splitlines(keepends=True):
            ends = piece.endswith(("\n", "\r"))
            if self._mid_line:
                self.raw.write(piece)
            else:
                self._start += piece
                if ends or len(self._start.lstrip(" \t")) >= len(WORKFLOW_PREFIX):
                    self.raw.write(self._safe(self._start))
                    self._start, self._mid_line = "", True
            if ends:
                self._mid_line = False
        return len(text)

    @staticmethod
    def _safe(start: str) -> str:
        stripped = start.lstrip(" \t")
        if stripped.startswith(WORKFLOW_PREFIX):
            return f"{start[:len(start) - len(stripped)]}./{stripped}"
        return start

    def flush(self) -> None:
        if self._start:  # a last line without its end: it is what it is
            self.raw.write(self._safe(self._start))
            self._start, self._mid_line = "", True
        self.raw.flush()

    def __getattr__(self, name: str) -> object:  # isatty, encoding, fileno: the raw stream's
        return getattr(self.raw, name)
