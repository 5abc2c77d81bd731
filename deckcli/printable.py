"""Text that reports may echo: nothing read from a deck or a file name may move a terminal's
cursor or start a new line of a CI log."""

from __future__ import annotations

import os
import re

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def escape_controls(text: str) -> str:
    """Control characters (CR and LF included) as visible escapes: '\\n' -> '\\x0a'."""
    return _CONTROL.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


def printable_path(path: str) -> str:
    """A path any report can print or save: bytes that are not UTF-8 become �, control
    characters escapes (a file name must not move a terminal's cursor or split a CI annotation).
    """
    return escape_controls(os.fsencode(path).decode("utf-8", "replace"))
