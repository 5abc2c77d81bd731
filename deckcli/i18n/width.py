"""How many terminal columns a text takes, for columns that stay aligned in every language.

`len` counts code points: a Thai vowel or tone mark above a consonant is a code point that
takes no column, and a Chinese or Japanese character takes two. Padding by `len` breaks every
table the moment a message is translated; these functions pad by display width instead (the
same rule as wcwidth and rich: combining marks and format characters 0, East Asian wide and
fullwidth characters 2, everything else 1).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=4096)
def _char_width(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_width(text: str) -> int:
    """The columns `text` takes in a terminal."""
    if text.isascii():
        return len(text)
    return sum(map(_char_width, text))


def ljust(text: str, width: int) -> str:
    """`text` padded on the right with spaces to `width` columns."""
    return text + " " * max(width - display_width(text), 0)


def rjust(text: str, width: int) -> str:
    """`text` padded on the left with spaces to `width` columns."""
    return " " * max(width - display_width(text), 0) + text
