"""CSV decks with a header row, read and written: the deck builders' exports, e.g. BREAK's
`卡片名稱,卡片編號,數量,卡面` (name, number, count, printing).

The header is found by its column names in the pools' languages (COLUMN_NAMES, compared
folded and without spaces); a count column and a number or name column are needed, and other
columns (a printing, a rarity) are ignored. Rows with count 0 are not part of the deck (whole-pool
listings). A row giving both name and number is read as `Name (number)`: the number decides and
the resolver checks the name. Rows starting with `#` are comments.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from deckcli.formats.collect import EntryCollector
from deckcli.formats.entries import MAX_REF_CHARS, problem
from deckcli.formats.textread import TEXT_META, apply_meta
from deckcli.model.card import Card
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem, capped
from deckcli.textnorm import squash

COLUMN_NAMES: dict[str, frozenset[str]] = {
    "count": frozenset({"count", "qty", "quantity", "amount", "copies", "數量", "数量", "枚数",
                        "枚數", "張數", "张数"}),
    "number": frozenset({"number", "no", "cardnumber", "cardno", "id", "cardid", "code",
                         "卡片編號", "卡片编号", "編號", "编号", "番号", "カード番号", "型番"}),
    "name": frozenset({"name", "cardname", "card", "卡片名稱", "卡片名称", "名稱", "名称",
                       "カード名", "名前"}),
}
HEADER_HINT = ("count / qty / 數量 / 枚数, and number / no. / 卡片編號 / 番号 or name / 卡片名稱 / "
               "カード名")


def header_roles(cells: Sequence[str]) -> dict[str, int]:
    """Column role -> index for a header row (the first column of each role wins)."""
    roles: dict[str, int] = {}
    for index, cell in enumerate(cells):
        key = squash(cell)
        for role, names in COLUMN_NAMES.items():
            if key in names:
                roles.setdefault(role, index)
    return roles


def looks_like_csv_deck(head: bytes) -> bool:
    """Whether a file's first line is a deck header: a count column and a number or name."""
    first = head.split(b"\n", 1)[0].decode("utf-8-sig", "replace")
    roles = header_roles(next(csv.reader([first]), []))
    return "count" in roles and ("number" in roles or "name" in roles)


def parse_csv_deck(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """A CSV deck: one row per card, found by its header's column names."""
    problems: list[Problem] = []
    collected = EntryCollector(problems)
    rows = csv.reader(io.StringIO(text, newline=""))
    roles: dict[str, int] | None = None
    try:
        for cells in rows:
            line = rows.line_num
            if not any(cell.strip() for cell in cells):
                continue
            if cells[0].lstrip().startswith("#"):
                if meta := TEXT_META.match(",".join(cells).strip()):
                    apply_meta(deck, meta.group(1).lower(), meta.group(2), line, problems)
                continue
            if roles is None:
                roles = header_roles(cells)
                if "count" not in roles or not ("number" in roles or "name" in roles):
                    problems.append(problem("csv-syntax", "the first row is not a header naming "
                                            f"the columns; expected {HEADER_HINT}", line))
                    break
                continue
            _read_row(cells, roles, line, collected)
            if collected.full:
                break
    except csv.Error as exc:
        problems.append(problem("csv-syntax", f"invalid CSV: {exc}; quote fields that hold "
                                'commas or quotes ("like ""this""")', rows.line_num))
    deck.entries = collected.entries
    return deck, capped(problems)


def _read_row(cells: list[str], roles: dict[str, int], line: int,
              collected: EntryCollector) -> None:
    def cell(role: str) -> str:
        index = roles.get(role)
        return (unneutral(cells[index].strip()) if index is not None and index < len(cells)
                else "")

    raw_count, number, name = cell("count"), cell("number"), cell("name")
    if not raw_count.isdigit() or len(raw_count) > 6:
        shown = raw_count if len(raw_count) <= 20 else raw_count[:17] + "…"
        collected.problems.append(problem("invalid-count", f"the count is {shown!r}; write a "
                                          "whole number (0 leaves the row out)", line,
                                          card=(name or number)[:60] or None))
        return
    count = int(raw_count)
    if count == 0:
        return  # a whole-pool listing: the row is not part of the deck
    if not number and not name:
        collected.problems.append(problem("csv-syntax", "a row with a count but neither a "
                                          "number nor a name", line))
        return
    ref = f"{name} ({number})" if number and name else number or name
    if len(ref) > MAX_REF_CHARS and number:
        ref = number  # a long gloss cannot stop the number deciding
    collected.add(ref, count, line)


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what makes a spreadsheet run a cell


def neutral(cell: str) -> str:
    """A cell a spreadsheet shows as text: one starting like a formula gets a leading `'`
    (the OWASP advice against CSV injection); deckcli reads the `'` back off."""
    return "'" + cell if cell.startswith(FORMULA_START) else cell


def unneutral(cell: str) -> str:
    """A cell as written before `neutral`."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_START) else cell


def csv_text(meta: dict[str, str | None], cards: Sequence[tuple[Card, int]]) -> str:
    """A deck as CSV: `# game:` / `# format:` / `# name:` rows (one cell each, so a comma in
    a name never starts a cell), then a `name,number,count` header (reads back as the same
    deck). No cell starts like a formula."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    for key, value in meta.items():
        if value:
            writer.writerow([f"# {key}: {' '.join(value.split())}"])
    writer.writerow(["name", "number", "count"])
    for card, count in cards:
        writer.writerow([neutral(card.name), neutral(card.number), count])
    return out.getvalue()
