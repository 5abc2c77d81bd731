"""Tables of odds that never cut a number: the bar chart goes first, then the columns wrap.

A table of odds has key columns (the turn, the count of copies), repeated in every block, and
value columns (percentages), each as wide as its longest cell or header word. When the table
and its bar chart do not fit the terminal, the bar chart is dropped; when the numbers alone do
not fit, the value columns are cut into blocks printed one under the other, each with the key
columns. `plain` is the `--format text` form: every column on one line, no rules, no bars.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from deckcli.cli.fit import GAP, Column, plain_table

if TYPE_CHECKING:
    from rich.table import Table

BAR_WIDTH = 30
BAR_MIN = 8  # a bar chart narrower than this says nothing: drop it
EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(probability: float, width: int = BAR_WIDTH) -> str:
    """A horizontal bar in eighths of a character."""
    eighths = round(probability * width * 8)
    return "█" * (eighths // 8) + (EIGHTHS[eighths % 8] if eighths % 8 else "")


@dataclass
class OddsGrid:
    """Rows of cells: the key columns' cells first, then the value columns'."""

    keys: list[Column]
    values: list[Column]
    rows: list[list[str]] = field(default_factory=list)
    bars: list[float] | None = None  # one probability per row for the bar chart, if any

    def widths(self, whole_headers: bool = True) -> list[int]:
        """Each column's longest cell, or its header (else the header's longest word)."""
        from rich.cells import cell_len

        columns = [*self.keys, *self.values]
        return [max([cell_len(column.header) if whole_headers else
                     max((cell_len(w) for w in column.header.split()), default=1),
                     *(cell_len(row[i]) for row in self.rows)])
                for i, column in enumerate(columns)]


def _span(widths: list[int]) -> int:
    return sum(widths) + GAP * (len(widths) - 1)


def layout(grid: OddsGrid, width: int) -> tuple[list[int], list[list[int]], int]:
    """The column widths, the value columns of each block (indexes into the row) and the bar
    chart's width (0: none). In order of preference: one table with the bar chart (headers on
    one line, else wrapped at their spaces), one without it, then blocks."""
    values = list(range(len(grid.keys), len(grid.keys) + len(grid.values)))
    tries = [(whole, with_bar) for with_bar in (True, False) for whole in (True, False)]
    for whole_headers, with_bar in tries:
        widths = grid.widths(whole_headers)
        room = width - _span(widths) - GAP
        if with_bar and grid.bars is not None and room >= BAR_MIN:
            return widths, [values], min(BAR_WIDTH, room)
        if not with_bar and _span(widths) <= width:
            return widths, [values], 0
    widths = grid.widths(False)
    keys = list(range(len(grid.keys)))
    result: list[list[int]] = [[]]
    for index in values:
        block = result[-1]
        if block and _span([widths[i] for i in (*keys, *block, index)]) > width:
            result.append([])
        result[-1].append(index)
    return widths, result, 0


def tables(grid: OddsGrid, width: int) -> list[Table]:
    """The rich tables to print, one per block, for a terminal `width` columns wide."""
    from rich.table import Table

    widths, chosen, bar_width = layout(grid, width)
    columns = [*grid.keys, *grid.values]
    result = []
    for block in chosen:
        table = Table(show_edge=False, pad_edge=False, header_style="bold")
        indexes = [*range(len(grid.keys)), *block]
        for i in indexes:
            table.add_column(columns[i].header, justify=columns[i].justify, width=widths[i])
        if bar_width:
            table.add_column("", width=bar_width, no_wrap=True)
        for number, row in enumerate(grid.rows):
            extra = [bar(grid.bars[number], bar_width)] if bar_width and grid.bars else []
            table.add_row(*(row[i] for i in indexes), *extra)
        result.append(table)
    return result


def plain(grid: OddsGrid) -> list[str]:
    """Aligned lines, the same at any width: the `--format text` table."""
    return plain_table([*grid.keys, *grid.values], grid.rows)
