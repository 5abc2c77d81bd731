"""Where a spreadsheet export keeps its cards: the header row and its name, number and count
columns, found by header words and by what the cells below hold.

Players publish decks as CSV exports of a sheet: blank or title rows first, a header such as
`卡片名稱 (編號),建議 數量,發球,…,備註` (the name column holding the number too, a word before
the count), stat and comment columns. A header cell names a role when one of HEADER_WORDS is
in it: compared folded without spaces, a word in Chinese, Japanese or Thai anywhere in the
cell, an English word as a whole word of it (`Card Name`, `Qty.`). By content: a column whose
cells are shaped like card numbers is the number column when no header names one, and of
several count columns the one whose cells are counts wins, then the one whose header names the
deck (`Main Qty`, `Deck Qty`; never `Sideboard Qty` or `Owned Qty`), and two that could each
be the deck stop the reading rather than be guessed between; a reader (not a folder scan) also
takes as the count the one column filled with counts on every card row when no header word
names it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from deckcli.i18n import N_
from deckcli.textnorm import fold, squash, whole_number

HEADER_WORDS: dict[str, frozenset[str]] = {
    "count": frozenset({"count", "qty", "quantity", "amount", "copies", "數量", "数量", "枚数",
                        "枚數", "張數", "张数", "จำนวน"}),
    "number": frozenset({"number", "no", "cardnumber", "cardno", "id", "cardid", "code",
                         "卡片編號", "卡片编号", "編號", "编号", "卡號", "卡号", "番号",
                         "カード番号", "型番", "รหัส", "หมายเลข"}),
    "name": frozenset({"name", "cardname", "card", "卡片名稱", "卡片名称", "卡名", "名稱", "名称",
                       "カード名", "名前", "ชื่อ"}),
}
# English words that name a role only as the whole cell ('Card ID', not 'ID card scan')
_WHOLE_CELL = frozenset({"id", "no", "code", "card", "cardid", "cardno"})
TOTAL_WORDS = frozenset({"total", "sum", "合計", "合计", "總計", "总计", "共計", "共计", "รวม"})
_TOTALS = frozenset(squash(word) for word in TOTAL_WORDS)
# per role: its English words, and its other words squashed (Thai vowel signs are marks,
# which squash drops, so a cell is compared with them the same way)
_WORDS = {role: (frozenset(w for w in words if w.isascii()),
                 tuple(squash(w) for w in words if not w.isascii()))
          for role, words in HEADER_WORDS.items()}
HEADER_HINT = N_("a count column (count, qty, 數量, 枚数, จำนวน) and a name or number column "
                 "(name, 卡片名稱, カード名, ชื่อ; number, 編號, 番号)")
# Card numbers as the shipped pools print them: HV-P01-001, HVBP-001, St-1, ST-01S, CP-38_Swe,
# 1C12, 1St101, 1*1. Orbs prints none.
NUMBER_SHAPE = re.compile(r"(?:[A-Za-z]{1,5}(?:-[A-Za-z]{1,3}\d{0,3})?-\d{1,4}[A-Za-z]?"
                          r"(?:_[A-Za-z]{1,4})?|\d[A-Za-z]{1,3}\d{1,3}|\d\*\d{1,2})")
_IN_BRACKETS = re.compile(r"^(.*?)\s*[(\[（［]\s*([^()\[\]（）［］]+?)\s*[)\]）］]$")
_COUNT_CELL = re.compile(r"^[xX×]?\s*(\S+?)\s*(?:枚|張|张|ใบ)?$")
HEADER_SEARCH_ROWS = 30  # content rows searched for the header
CONTENT_ROWS = 100  # rows below a header looked at to judge its columns
MAX_COLUMNS = 64  # columns a header may name (a sheet's stat columns are far fewer)
MAX_HEADER_CELL = 60  # characters of a header cell
MAX_SHEET_COUNT = 99  # a cell above this is no copy count


@dataclass(frozen=True, slots=True)
class Columns:
    """The columns of a header row: count, and name and/or number (the same column when
    the name cell holds the number too)."""

    count: int
    name: int | None
    number: int | None
    # the header cells of count columns that could each be the deck (then none is read)
    doubt: tuple[str, ...] = ()


Row = tuple[int, list[str]]  # (row number in the file, stripped cells)


def number_shaped(text: str) -> bool:
    """Whether a cell is shaped like a card number of the shipped pools."""
    return NUMBER_SHAPE.fullmatch(text.strip()) is not None


def split_name(cell: str) -> tuple[str, str | None]:
    """`日向 翔陽(HV-D01-001)` -> ('日向 翔陽', 'HV-D01-001'); `影山 飛雄 (HV-P01-008 S)` ->
    ('影山 飛雄', 'HV-P01-008 S'); a cell that is a number -> ('', number); else (cell, None)."""
    if number_shaped(cell):
        return "", cell.strip()
    match = _IN_BRACKETS.match(cell.strip())
    if match is None:
        return cell.strip(), None
    inner = match.group(2).split()
    if inner and number_shaped(inner[0]) and len(inner) <= 2:
        return match.group(1).strip(), " ".join(inner)
    return cell.strip(), None


@lru_cache(maxsize=1024)
def count_of(cell: str) -> int | None:
    """A count cell as a number: `4`, `４`, `x4`, `4枚`; None when it holds none."""
    match = _COUNT_CELL.match(cell.strip())
    return whole_number(match.group(1)) if match else None


@lru_cache(maxsize=4096)
def cell_roles(cell: str) -> frozenset[str]:
    """The roles a header cell's words name (empty for a cell that names none)."""
    if not cell or len(cell) > MAX_HEADER_CELL:
        return frozenset()
    folded = fold(cell)
    squashed = squash(folded)
    tokens = re.findall(r"[a-z0-9]+", folded)
    whole = set(tokens) | {a + b for a, b in zip(tokens, tokens[1:], strict=False)}
    roles = set()
    for role, (ascii_words, other_words) in _WORDS.items():
        if (squashed in ascii_words and squashed in _WHOLE_CELL
                or not (whole & ascii_words).issubset(_WHOLE_CELL)
                or any(word in squashed for word in other_words)):
            roles.add(role)
    return frozenset(roles)


def names_a_count(cells: Sequence[str]) -> bool:
    """Whether a row has a cell naming a count column (a header row has one)."""
    return any("count" in cell_roles(cell) for cell in cells[:MAX_COLUMNS])


@lru_cache(maxsize=1024)
def is_total_word(cell: str) -> bool:
    """`Total`, `合計`, `รวม` (with a colon or spaces): a total row's label."""
    return len(cell) <= 12 and squash(cell) in _TOTALS


def find_header(rows: Sequence[Row], strict: bool = False) -> tuple[int, Columns] | None:
    """(index in `rows`, columns) of the first header row among the first content rows, or
    None. `strict` (a folder scan): the count column must be named by a header word."""
    for index, (_, cells) in enumerate(rows[:HEADER_SEARCH_ROWS]):
        columns = header_columns(cells, rows[index + 1: index + 1 + CONTENT_ROWS], strict)
        if columns is not None:
            return index, columns
    return None


def header_columns(cells: Sequence[str], below: Sequence[Row], strict: bool = False
                   ) -> Columns | None:
    """The columns a row names as a header (judged with the rows below it), or None."""
    roles = [cell_roles(cell) for cell in cells[:MAX_COLUMNS]]
    counts = [i for i, found in enumerate(roles) if "count" in found]
    if (strict and not counts) or not any(roles):
        return None
    countlike = [i for i in counts if _mostly(below, i, lambda c: count_of(c) is not None)]
    count, doubt = _deck_count(cells, countlike or counts)
    name = next((i for i, found in enumerate(roles) if "name" in found and i != count), None)
    number = next((i for i, found in enumerate(roles) if "number" in found and i != count),
                  None)
    if number is None:  # by content: a column of card numbers, or numbers in the name cells
        number = next((i for i in range(min(_width(below), MAX_COLUMNS)) if i not in (count, name)
                       and _mostly(below, i, number_shaped)), None)
    if count is None and not strict and (name is not None or number is not None):
        count = _count_by_content(below, {name, number})
    if count is None or (name is None and number is None):
        return None
    return Columns(count, name, number, doubt)


# Header words of a count column that holds the deck, and of one that holds something else
# (a side zone, a collection, a want list); compared as `cell_roles` compares them.
DECK_WORDS = frozenset({"main", "maindeck", "deck", "decklist", "メイン", "デッキ", "主卡",
                        "主牌", "牌組", "牌组", "卡組", "卡组", "套牌", "เด็ค"})
NOT_DECK_WORDS = frozenset({"side", "sideboard", "sb", "owned", "own", "have", "collection",
                            "inventory", "wish", "wishlist", "want", "trade", "maybe", "spare",
                            "サイド", "所持", "副牌", "備牌", "备牌", "持有", "收藏"})


def _says(cell: str, words: frozenset[str]) -> bool:
    folded = fold(cell)
    tokens = set(re.findall(r"[a-z0-9]+", folded))
    squashed = squash(folded)
    return bool(tokens & words) or any(not word.isascii() and squash(word) in squashed
                                       for word in words)


def _deck_count(cells: Sequence[str], counts: Sequence[int]) -> tuple[int | None,
                                                                        tuple[str, ...]]:
    """The count column that holds the deck, and (when several could) their header cells.

    Of several count columns, one whose header names something else (`Sideboard Qty`,
    `Owned Qty`) is never the deck, and one that names the deck (`Main Qty`, `Deck Qty`) is
    preferred; when that leaves more than one, or none, no column is guessed."""
    if len(counts) <= 1:
        return (counts[0] if counts else None), ()
    could = [i for i in counts if not _says(cells[i], NOT_DECK_WORDS)]
    named = [i for i in could if _says(cells[i], DECK_WORDS)]
    chosen = named if named else could
    if len(chosen) == 1:
        return chosen[0], ()
    return counts[0], tuple(cells[i] for i in (chosen or counts))


def _cells(rows: Sequence[Row], column: int) -> list[str]:
    return [cells[column] for _, cells in rows if column < len(cells) and cells[column]]


def _width(rows: Sequence[Row]) -> int:
    return max((len(cells) for _, cells in rows), default=0)


def _mostly(rows: Sequence[Row], column: int, test: Callable[[str], bool]) -> bool:
    """Whether at least 80% of a column's filled cells (two or more) pass `test`."""
    cells = _cells(rows, column)
    return len(cells) >= 2 and sum(test(cell) for cell in cells) * 5 >= len(cells) * 4


def _count_by_content(rows: Sequence[Row], card_columns: set[int | None]) -> int | None:
    """The one column holding a count (1..MAX_SHEET_COUNT) on every row that names a card,
    or None when no column or several do."""
    carded = [(line, cells) for line, cells in rows
              if any(i is not None and i < len(cells) and cells[i] for i in card_columns)
              and sum(map(bool, cells)) > 1 and not any(map(cell_roles, cells))]
    if len(carded) < 2:
        return None
    found = [i for i in range(min(_width(carded), MAX_COLUMNS)) if i not in card_columns
             and all(i < len(cells) and (value := count_of(cells[i])) is not None
                     and value <= MAX_SHEET_COUNT for _, cells in carded)]
    return found[0] if len(found) == 1 else None
