"""One way to compare names: Unicode compatibility forms, case, typographic punctuation,
spacing and invisibles ignored.

`fold` is what every lookup compares (numbers, names, aliases, queries' names); `squash` keeps
only letters and digits, for the looser match a pool's `squash_index` answers when it is
unambiguous ('Cyber Sword' and 'cybersword' both find CyberSword).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Invisible format characters (Unicode category Cf) that copy-paste from web pages and chat
# brings along unseen: soft hyphen, zero-width space and joiners, direction marks, embeddings and
# isolates, word joiner, byte-order mark, tag characters. A name that looks right should match.
_INVISIBLE = re.compile(
    "[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
    "\U000e0000-\U000e007f]"
)
# What phones and word processors type for ' " and -: curly quotes, primes, the modifier
# apostrophe, and the Unicode hyphens and dashes (U+2010-2015, minus sign, small/full-width
# hyphen-minus are handled by NFKC or here).
_TYPOGRAPHIC = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u02bc": "'", "\u2032": "'",
    "\u00b4": "'", "\u0060": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-",
    "\u2212": "-", "\u2043": "-", "\ufe58": "-", "\ufe63": "-", "\uff0d": "-",
})


def fold(text: str) -> str:
    """Normalise a name or reference for comparison: NFKC, no invisibles, typographic quotes
    and dashes as ASCII, case folded, runs of spaces as one."""
    text = unicodedata.normalize("NFKC", text)
    if not text.isascii():
        text = _INVISIBLE.sub("", text).translate(_TYPOGRAPHIC)
    elif "`" in text:
        text = text.replace("`", "'")
    return " ".join(text.casefold().split())


def squash(text: str, keep: str = "") -> str:
    """A folded name with only its letters and digits (and the characters in `keep`):
    'Mega Man X' and 'megaman-x' -> 'megamanx'. For matching that ignores spacing and
    punctuation."""
    return dropped_by_squash(keep).sub("", fold(text))


@lru_cache(maxsize=64)
def dropped_by_squash(keep: str) -> re.Pattern[str]:
    """What `squash` drops: a character that is not alphanumeric (`[\\W_]` is exactly
    `not str.isalnum()`, for every code point) and not in `keep`."""
    if not keep:
        return re.compile(r"[\W_]+")
    kept = "".join(re.escape(char) for char in dict.fromkeys(keep))
    return re.compile(rf"(?:(?![{kept}])[\W_])+")


def whole_number(text: str) -> int | None:
    """A count typed in any script's decimal digits ('4', '４', '٤'), or None.

    Up to 6 digits: a count, not an arbitrarily long number.
    """
    digits = text.strip()
    if not digits or len(digits) > 6 or not all(char.isdecimal() for char in digits):
        return None
    return int(digits)


_BRACKETED = re.compile(r"^(.*\S)\s*(?:\(\s*([^()]+?)\s*\)|\[\s*([^\[\]]+?)\s*\])$")


def split_number(ref: str) -> tuple[str, str] | None:
    """'CyberSword (1C12)' or 'CyberSword [1C12]' -> ('CyberSword', '1C12'); else None."""
    match = _BRACKETED.match(ref.strip())
    if match is None:
        return None
    return match.group(1), match.group(2) or match.group(3)


# Katakana (ァ U+30A1 to ヶ U+30F6) to hiragana, the same sounds 0x60 code points lower.
_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}
_LATIN_MARKS = re.compile("[\u0300-\u036f]")  # accents after NFKD; kana voicing marks stay
_LONG_VOWEL = re.compile(r"ou|([aeiou])\1+")


def script_key(text: str, keep: str = "") -> str:
    """A name as scripts and spellings aside from the letters compare it: folded (`fold`),
    Latin accents dropped (é = e), katakana as hiragana (アグモン = あぐもん), spaces and
    punctuation dropped, and the long vowels of romaji shortened (shouyou = shōyō = shoyo).

    Pure string work, cheap: the keys of other scripts (romaji, pinyin, Traditional or
    Simplified characters) are made once per pool by `deckcli.engine.scripts`."""
    text = fold(text)
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text)
        text = unicodedata.normalize("NFC", _LATIN_MARKS.sub("", text)).translate(_TO_HIRAGANA)
    text = dropped_by_squash(keep).sub("", text)
    return _LONG_VOWEL.sub(lambda found: found.group(1) or "o", text)
