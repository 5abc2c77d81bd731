"""One way to compare names: Unicode compatibility forms, case, spacing and invisibles ignored."""

from __future__ import annotations

import re
import unicodedata

# Invisible format characters (Unicode category Cf) that copy-paste from web pages and chat
# brings along unseen: soft hyphen, zero-width space and joiners, direction marks, embeddings and
# isolates, word joiner, byte-order mark, tag characters. A name that looks right should match.
_INVISIBLE = re.compile(
    "[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
    "\U000e0000-\U000e007f]"
)


def fold(text: str) -> str:
    """Normalise a name or reference for comparison (NFKC, no invisibles, casefold, one space)."""
    text = unicodedata.normalize("NFKC", text)
    if not text.isascii():
        text = _INVISIBLE.sub("", text)
    return " ".join(text.casefold().split())


def squash(text: str) -> str:
    """A folded name with only its letters and digits: 'Mega Man X' and 'megaman-x' ->
    'megamanx'. For matching that ignores spacing and punctuation."""
    return "".join(char for char in fold(text) if char.isalnum())


def whole_number(text: str) -> int | None:
    """A count typed in any script's decimal digits ('4', '４', '٤'), or None.

    Up to 6 digits: a count, not an arbitrarily long number.
    """
    digits = text.strip()
    if not digits or len(digits) > 6 or not all(char.isdecimal() for char in digits):
        return None
    return int(digits)
