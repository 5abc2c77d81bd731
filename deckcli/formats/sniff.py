"""Is a file met in a folder scan a deck? Its content says so, or the configuration does.

A deck repository also holds `LICENSE.txt`, `requirements.txt`, `package.json`, tables of
prices: judging those as illegal decks would fail every check. Each function returns None
for a deck, else why the file is not one (shown by `deckcli check --verbose`).
"""

from __future__ import annotations

import re

from deckcli.formats.textread import text_lines

_GAME_LINE = re.compile(r"^\s*(?:#|//)\s*game\s*:", re.IGNORECASE | re.MULTILINE)


def not_a_deck(suffix: str, text: str, game_given: bool) -> str | None:
    """Why a file of this suffix and text is not a deck, or None when it is one. The deck
    readers say what their decks look like (`looks_like_*`); a text list needs its game.

    A text list is a deck when its lines read as a list, whether or not it names its game
    (`game_given` is kept for callers; a list without a game is judged, never skipped).
    """
    from deckcli.formats.csvlist import looks_like_csv_deck  # readers only a scan needs
    from deckcli.formats.jsonlist import looks_like_json_deck
    from deckcli.formats.lackey import looks_like_lackey

    head = text[:65_536].encode("utf-8")
    if suffix == ".csv":
        return None if looks_like_csv_deck(head) else (
            "none of its first 30 rows is a header naming a count column (count, qty, 數量, "
            "枚数, …) and a number or name column")
    if suffix == ".json":
        return None if looks_like_json_deck(head) else (
            "not a deck shape (an object of card: count, or one with a 'cards' list)")
    if suffix == ".dek" and looks_like_lackey(head):
        return None
    if _GAME_LINE.search(text):
        return None
    # a list that names no game is still a deck when its lines read as one: it is judged
    # (missing-game, naming the games) rather than skipped, so it can never pass unseen
    return _list_reason(text)


def _list_reason(text: str) -> str | None:
    """A text list is one when most of its lines with content read as `COUNT NAME`."""
    cards = bad = 0
    for line in text_lines(text):
        cards += line.kind == "card"
        bad += line.kind == "bad"
    if cards and cards >= bad:
        return None
    return "its lines do not read as a deck list ('4 Card name')"
