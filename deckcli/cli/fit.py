"""Tables that fit the terminal: ids and numbers never cut, names wrap, stats drop out last.

Every column but the name gets a fixed width (its longest cell, or the longest word of its
header, which wraps), so rich can only narrow the name column, which wraps. Columns with no
value in any row are left out; when the table is still too wide, stat columns are dropped
from the right and named in a note. `plain_table` is the `--format text` form: aligned, never
wrapped, one row per line whatever the terminal width.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

NAME_MIN = 12  # a name column narrower than this reads badly: drop stats first
GAP = 3  # " │ " between two columns


@dataclass(frozen=True)
class Column:
    """A column: its header, its role, and which side its values sit on."""

    header: str
    role: Literal["key", "name", "stat"] = "stat"
    justify: Literal["left", "right"] = "left"


def fit_table(width: int, columns: list[Column], rows: Sequence[Sequence[str | Text]],
              sections: frozenset[int] = frozenset()) -> tuple[Table, list[str]]:
    """A rich table for `width` columns and the headers of the stat columns left out.

    `sections` are the row indexes a separator line comes before. Every text cell and header
    is shown as written, never read as rich markup: a card or field named `[link=…]` or `[/]`
    (a user pool's, a deck's) neither becomes a live link nor vanishes.
    """
    from rich.table import Table
    from rich.text import Text

    kept, hidden = _fit(width, columns, rows)
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    for index in kept:
        column = columns[index]
        if column.role == "name":
            table.add_column(Text(column.header), justify=column.justify, overflow="fold",
                             min_width=min(NAME_MIN, _natural(column, rows, index)))
        else:
            # a fixed width no cell exceeds: rich narrows only the name; long headers wrap
            table.add_column(Text(column.header), justify=column.justify,
                             width=_natural(column, rows, index))
    for number, row in enumerate(rows):
        if number in sections:
            table.add_section()
        table.add_row(*(Text(cell) if isinstance(cell := row[index], str) else cell
                        for index in kept))
    return table, hidden


def plain_table(columns: list[Column], rows: list[list[str]]) -> list[str]:
    """Aligned lines (header first), two spaces apart; empty stat columns left out."""
    from rich.cells import cell_len

    kept = [i for i, column in enumerate(columns) if not _empty(column, rows, i)]
    widths = {i: max([cell_len(columns[i].header), *(cell_len(row[i]) for row in rows)])
              for i in kept}
    lines = []
    for cells in ([column.header for column in columns], *rows):
        parts = []
        for i in kept:
            pad = " " * (widths[i] - cell_len(cells[i]))
            parts.append(pad + cells[i] if columns[i].justify == "right" else cells[i] + pad)
        lines.append("  ".join(parts).rstrip())
    return lines


def _fit(width: int, columns: list[Column], rows: Sequence[Sequence[str | Text]]
         ) -> tuple[list[int], list[str]]:
    kept = [i for i, column in enumerate(columns) if not _empty(column, rows, i)]
    needed = {i: (min(NAME_MIN, _natural(columns[i], rows, i)) if columns[i].role == "name"
                  else _natural(columns[i], rows, i)) for i in kept}
    fixed = [i for i in kept if columns[i].role != "stat"]
    used = sum(needed[i] for i in fixed) + GAP * (len(fixed) - 1)
    chosen = set(fixed)
    hidden: list[str] = []
    for i in kept:
        if columns[i].role != "stat":
            continue
        if used + GAP + needed[i] <= width and not hidden:
            chosen.add(i)
            used += GAP + needed[i]
        else:
            hidden.append(columns[i].header)
    return [i for i in kept if i in chosen], hidden


def _cell(value: str | Text) -> str:
    return value if isinstance(value, str) else value.plain


def _empty(column: Column, rows: Sequence[Sequence[str | Text]], index: int) -> bool:
    return column.role == "stat" and not any(_cell(row[index]).strip() for row in rows)


def _natural(column: Column, rows: Sequence[Sequence[str | Text]], index: int) -> int:
    """The width a column needs: its longest cell, or its header's longest word."""
    from rich.cells import cell_len

    header = max((cell_len(word) for word in column.header.split()), default=1)
    return max([header, *(cell_len(_cell(row[index])) for row in rows)])
