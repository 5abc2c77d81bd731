"""Is a file met in a folder scan a deck? Its content says so, or the configuration does.

A deck repository also holds `LICENSE.txt`, `requirements.txt`, `package.json`, tables of
prices: judging those as illegal decks would fail every check. Each function returns None
for a deck, else why the file is not one (shown by `deckcli check --verbose`).
"""

from __future__ import annotations

import csv
import json
import re

from deckcli.deckfile.textread import text_lines

_GAME_LINE = re.compile(r"^\s*(?:#|//)\s*game\s*:", re.IGNORECASE | re.MULTILINE)
_LACKEY_DECK = re.compile(r"<deck[\s>]", re.IGNORECASE)
# Header cells that name a count column (folded to lower case, spaces dropped).
COUNT_HEADERS = frozenset({"count", "qty", "quantity", "amount", "copies", "数量", "數量",
                           "枚数", "枚數"})
SNIFFED_SUFFIXES = (".txt", ".list", ".dek", ".csv", ".json")
NO_GAME_LINE = "no '# game: <id>' line (add one, or give its path a game in the configuration)"


def not_a_deck(suffix: str, text: str, game_given: bool) -> str | None:
    """Why a file of this suffix and text is not a deck, or None when it is one.

    `game_given`: `--game` applies, so a text list without a `# game:` line is a deck when
    its lines read as a list.
    """
    if suffix == ".csv":
        return _csv_reason(text)
    if suffix == ".json":
        return _json_reason(text)
    if suffix == ".dek" and _LACKEY_DECK.search(text):
        return None
    if _GAME_LINE.search(text):
        return None
    if game_given:
        return _list_reason(text)
    return NO_GAME_LINE


def _list_reason(text: str) -> str | None:
    """A text list is one when most of its lines with content read as `COUNT NAME`."""
    cards = bad = 0
    for line in text_lines(text):
        cards += line.kind == "card"
        bad += line.kind == "bad"
    if cards and cards >= bad:
        return None
    return "its lines do not read as a deck list ('4 Card name')"


def _csv_reason(text: str) -> str | None:
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        header = next(csv.reader([first]), [])
    except csv.Error:
        header = []
    if any("".join(cell.split()).casefold() in COUNT_HEADERS for cell in header):
        return None
    return "its header row has no count column (count, qty, quantity, 枚数, …)"


def _json_reason(text: str) -> str | None:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return "not valid JSON"
    if isinstance(data, dict):
        if isinstance(data.get("cards"), list):
            return None
        if data and all(isinstance(count, int) and not isinstance(count, bool)
                        for count in data.values()):
            return None
    return "not a deck shape (an object of card: count, or one with a 'cards' list)"
