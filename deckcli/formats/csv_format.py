"""The CSV list (`.csv`): a spreadsheet's rows under a header naming a count column.

Reading (`csvlist`, with `sheet` for the header words), writing and recognising its files
(a folder's price tables and inventories are not decks) are reached from here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from deckcli.formats.base import DeckFormat
from deckcli.i18n import N_, _
from deckcli.model.deck import Deck, DeckKind
from deckcli.model.problem import Problem

if TYPE_CHECKING:
    from deckcli.engine.resolver import Resolved, Resolver


class CsvFormat(DeckFormat):
    """CSV lists: read and written, never edited in place."""

    kind: ClassVar[DeckKind] = "csv"
    label = "CSV list"
    suffixes = (".csv",)
    needs = N_("the file is empty; a CSV list needs a header row naming its columns, then a "
               "row per card")

    def read(self, text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
        from deckcli.formats.csvlist import parse_csv_deck

        return parse_csv_deck(text, deck)

    def write(self, resolver: Resolver, counted: list[Resolved], name: str | None
              ) -> Iterable[str]:
        from deckcli.formats.csvlist import csv_text
        from deckcli.formats.flat import by_type, meta

        return [csv_text(meta(resolver, name), by_type(resolver, counted))]

    def not_a_deck(self, text: str) -> str | None:
        from deckcli.formats.csvlist import looks_like_csv_deck

        if looks_like_csv_deck(text[:65_536].encode("utf-8")):
            return None
        return _("none of its first 30 rows is a header naming a count column (count, qty, "
                 "數量, 枚数, …) and a number or name column")

    def written_meta(self, text: str) -> dict[str, str]:
        from deckcli.formats.text_format import meta_lines

        return meta_lines(text)


CSV = CsvFormat()
