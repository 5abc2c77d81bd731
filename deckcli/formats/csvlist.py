"""CSV decks read and written: deck builders' exports (BREAK's `卡片名稱,卡片編號,數量,卡面`) and
spreadsheet exports (blank and title rows, `卡片名稱 (編號),建議 數量,發球,…,備註`).

The header row is the first of the first rows to name a count column and a name or number
column (`sheet.find_header`: header words in several languages, and the cells below). Below
it every row is one of: a card (`Name (number)` when both are given, the number inside the
name cell too: the number decides and the resolver checks the name), a repeated header, a
section (`Events`, `イベント`; `Sideboard` starts a side zone, collect.Zones), a total (`,40`
or `Total,40`: checked against the counts above it, a mismatch is a warning), or a row
reported with its number. Rows with count 0 are not part of the deck (whole-pool listings);
rows starting with `#` are comments and `# game:` rows; a lone title above the header names
the deck.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from deckcli.escape import FORMULA_START as FORMULA_START
from deckcli.escape import neutral
from deckcli.formats.collect import EntryCollector, Zones
from deckcli.formats.entries import MAX_REF_CHARS, problem
from deckcli.formats.sheet import (
    CONTENT_ROWS,
    HEADER_HINT,
    HEADER_SEARCH_ROWS,
    Columns,
    Row,
    count_of,
    find_header,
    header_columns,
    is_total_word,
    names_a_count,
    number_shaped,
    split_name,
)
from deckcli.formats.textread import TEXT_META, apply_meta, section_part, zone_name
from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem, capped
from deckcli.textnorm import fold

SEPARATORS = (",", ";", "\t")  # commas; semicolons (Excel in many locales); tabs


def looks_like_csv_deck(head: bytes) -> bool:
    """Whether a file's first rows hold a deck header: a count column named by its header
    word, and a name or number column."""
    return separator_and_header(head.decode("utf-8-sig", "replace"), strict=True)[1] is not None


def separator_and_header(text: str, strict: bool = False
                         ) -> tuple[str, tuple[int, Columns] | None]:
    """The separator of a sheet and its header (index among the content rows, columns), told
    by the header row: the separator with which a row names the columns (of several, the one
    that splits that row into the most cells); a comma, and None, when none does."""
    best: tuple[int, str, tuple[int, Columns]] | None = None
    for separator in SEPARATORS:
        if separator != "," and separator not in text:
            continue
        rows, _failure = csv_rows(text, HEADER_SEARCH_ROWS + CONTENT_ROWS, separator)
        content = [row for row in rows if not is_comment(row)]
        found = find_header(content, strict)
        if found is not None:
            width = len(content[found[0]][1])
            if best is None or width > best[0]:
                best = (width, separator, found)
    return (",", None) if best is None else (best[1], best[2])


def csv_rows(text: str, limit: int | None = None, separator: str = ","
             ) -> tuple[list[Row], Problem | None]:
    """The non-blank rows of a CSV text, cells stripped and read back from `neutral`, and
    the problem that stopped the reading (an unclosed quote, a field too large)."""
    rows: list[Row] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    try:
        for cells in reader:
            stripped = [unneutral(cell.strip()) for cell in cells]
            if any(stripped):
                rows.append((reader.line_num, stripped))
                if limit is not None and len(rows) >= limit:
                    break
    except csv.Error as exc:
        return rows, problem("csv-syntax", _("invalid CSV: {reason}; quote fields that "
                                             'hold commas or quotes ("like ""this""")').format(
                                               reason=exc), reader.line_num)
    return rows, None


def is_comment(row: Row) -> bool:
    """A `#` row: a comment, or `# game: id`."""
    return row[1][0].startswith("#")


def parse_csv_deck(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """A CSV deck: its header found, then every row below it counted or reported."""
    problems: list[Problem] = []
    separator, found = separator_and_header(text)  # the header is among the first rows
    rows, failure = csv_rows(text, separator=separator)
    content = [row for row in rows if not is_comment(row)]
    if found is None and content:
        problems.append(problem("csv-header", _(
            "no row among the first rows names the columns (tried comma, semicolon and tab "
            "as separators); expected a header with {hint}").format(hint=_(HEADER_HINT)),
            content[0][0]))
    elif found is not None and found[1].doubt:
        line = content[found[0]][0]
        problems.append(problem("csv-header", _(
            "row {line}: the columns {first!r} and {second!r} could each be the deck's count; "
            "deckcli does not guess — name the deck's column Main Qty or Deck Qty (and the "
            "other Sideboard Qty or Owned Qty), or delete the other").format(
                line=line, first=found[1].doubt[0], second=found[1].doubt[1]), line))
        return deck, problems
    reader = _SheetReader(deck, problems, content, found)
    for line, cells in rows:
        if is_comment((line, cells)):
            if meta := TEXT_META.match(",".join(cells).strip()):
                apply_meta(deck, meta.group(1).lower(), meta.group(2), line, problems)
        elif found is not None:
            reader.row(line, cells)
            if reader.collected.full:
                break
    if found is not None:
        reader.finish()
    if failure is not None:
        problems.append(failure)
    return deck, capped(problems)


class _SheetReader:
    """The rows of a sheet above and below its header, each counted or reported."""

    def __init__(self, deck: Deck, problems: list[Problem], content: list[Row],
                 found: tuple[int, Columns] | None) -> None:
        self.deck, self.problems = deck, problems
        self.collected = EntryCollector(problems)
        self.zones = Zones(problems)
        self.header_line = content[found[0]][0] if found else 0
        self.columns = found[1] if found else Columns(0, None, None)
        self.above: list[Row] = []
        self.zone: str | None = None
        self.main = self.side = 0  # copies counted in the deck, and in side zones
        self.since = 0  # copies since the last total or section
        self.part: tuple[int, str, int] | None = None  # a section row's line, name and count

    def row(self, line: int, cells: list[str]) -> None:
        """Read one content row."""
        if line <= self.header_line:
            if line < self.header_line:
                self.above.append((line, cells))
            return
        if names_a_count(cells) and (again := header_columns(cells, (), strict=True)):
            # a repeated header (before the events): its columns rule; a number column found
            # by content stays, unless the new header puts something else there
            kept = self.columns.number not in (again.count, again.name)
            self.columns = again if again.number is not None or not kept else Columns(
                again.count, again.name, self.columns.number)
            return
        count_cell, name_cell, number_cell = (_cell(cells, column) for column in (
            self.columns.count, self.columns.name, self.columns.number))
        if self.columns.number == self.columns.name:
            number_cell = ""
        filled = [cell for cell in cells if cell]
        if (not number_cell and not name_cell) or _total_of(filled) is not None:
            self._structure(line, filled)
        elif (not number_cell and split_name(name_cell)[1] is None
              and section_part(name_cell) is not None):
            self._section(line, name_cell, count_of(count_cell))
        else:
            self._card(line, count_cell, name_cell, number_cell)

    def _structure(self, line: int, filled: list[str]) -> None:
        """A row naming no card: a total, a section, or a reported row."""
        if (total := _total_of(filled)) is not None:
            self._total(line, total)
        elif len(filled) == 1 and section_part(filled[0]) is not None:
            self._section(line, filled[0], None)
        else:
            self.problems.append(problem(
                "csv-syntax", _("row {line} ({shown}) names no card in the name or number "
                                "column, and is no section (Events, Sideboard) or total "
                                "(Total, 40); not counted").format(
                                  line=line, shown=_shown(', '.join(filled))), line,
                                  severity="warning"))

    def _section(self, line: int, name: str, count: int | None) -> None:
        """A section row: it may start or end a side zone, and may give its own count."""
        self._close_part()
        part = section_part(name)
        if part == "zone":
            self.zone = zone_name(name)
            self.zones.collector(self.zone, line)
        elif part == "deck":
            self.zone = None
        self.part = (line, name, count) if count is not None else None
        self.since = 0

    def _close_part(self) -> None:
        if self.part is not None and self.part[2] != self.since:
            line, name, count = self.part
            self.problems.append(problem(
                "csv-syntax", _("row {line}: the section {shown} says {count} cards, but "
                                "its rows add up to {since}").format(
                                  line=line, shown=_shown(name), count=count, since=self.since),
                                  line, severity="warning"))
        self.part = None

    def _total(self, line: int, total: int) -> None:
        """A total row: right when it counts the rows since the last total or section, the
        deck, or the deck and its side zones; else a warning naming both numbers."""
        if total not in (self.since, self.main, self.main + self.side):
            said = (_("row {row}: the total says {total} cards, but the rows above add up to "
                      "{main} (and {side} in side zones)") if self.side else
                    _("row {row}: the total says {total} cards, but the rows above add up to "
                      "{main}"))
            self.problems.append(problem(
                "csv-syntax", said.format(row=line, total=total, main=self.main, side=self.side),
                line, severity="warning"))
        self.since = 0

    def _card(self, line: int, count_cell: str, name_cell: str, number_cell: str) -> None:
        name, inner = split_name(name_cell)
        count = count_of(count_cell)
        if count is None:
            what = f"the count is {_shown(count_cell, 20)!r}" if count_cell else "no count"
            self.problems.append(problem("invalid-count", _("row {line}: {what}; write a "
                                                            "whole number (0 leaves the "
                                                            "row out)").format(
                                                              line=line, what=what), line,
                                         card=(name_cell or number_cell)[:60] or None))
            return
        if count == 0:
            return  # a whole-pool listing: the row is not part of the deck
        number = number_cell
        if inner and number and fold(inner.split()[0]) != fold(number.split()[0]):
            self.problems.append(problem(
                "csv-syntax", _("row {line}: the name cell says {value} but the number "
                                "column {shown}; fix one").format(
                    line=line, value=inner.split()[0], shown=_shown(number, 30)),
                line, card=name[:60] or None))
            return
        if inner and (not number or len(inner.split()) > len(number.split())):
            number = inner  # the number in the name cell, its mark kept
        if not name and len(number.split()) == 2 and number_shaped(number.split()[0]):
            self.problems.append(problem(
                "csv-syntax", _("row {line}: the mark {value!r} after {value2} is not "
                                "checked without a name; counted by the number").format(
                                  line=line, value=number.split()[1], value2=number.split()[0]),
                line, severity="warning"))
            number = number.split()[0]
        ref = f"{name} ({number})" if number and name else number or name
        if len(ref) > MAX_REF_CHARS and number:
            ref = number  # a long gloss cannot stop the number deciding
        target = self.collected if self.zone is None else self.zones.collector(self.zone, line)
        target.add(ref, count, line)
        if self.zone is None:
            self.main += count
        else:
            self.side += count
        self.since += count

    def finish(self) -> None:
        """The section left open, the rows above the header, and the side zones."""
        self._close_part()
        titles = [row for row in self.above if len([c for c in row[1] if c]) == 1]
        if len(self.above) == 1 and titles and self.deck.name is None:
            line, cells = titles[0]
            apply_meta(self.deck, "name", next(c for c in cells if c), line, self.problems)
        else:
            for line, cells in self.above:
                self.problems.append(problem(
                    "csv-syntax", _("row {line} ({shown}) is above the header (row "
                                    "{header_line}); not counted").format(
                                      line=line, shown=_shown(', '.join(c for c in cells if c)),
                                      header_line=self.header_line), line,
                    severity="warning"))
        self.deck.entries = self.collected.entries
        self.zones.finish(self.deck)


def _total_of(filled: list[str]) -> int | None:
    """The number of a total row (`40`, `Total,40`, `合計,30`): one count, the other cells
    total words; else None."""
    if not 0 < len(filled) <= 3:
        return None
    values = [count_of(cell) for cell in filled]
    labels = [cell for cell, value in zip(filled, values, strict=True) if value is None]
    if len(values) - len(labels) != 1 or not all(map(is_total_word, labels)):
        return None
    return next(value for value in values if value is not None)


def _cell(cells: Sequence[str], index: int | None) -> str:
    return cells[index] if index is not None and index < len(cells) else ""


def _shown(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
