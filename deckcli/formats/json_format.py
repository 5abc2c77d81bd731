"""The JSON list (`.json`): an object of card: count, or one with a `cards` list.

Reading (`jsonlist`), writing and recognising its files (a folder's `package.json` is no deck)
are reached from here.
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


class JsonFormat(DeckFormat):
    """JSON lists: read and written, never edited in place."""

    kind: ClassVar[DeckKind] = "json"
    label = "JSON list"
    suffixes = (".json",)
    needs = N_('the file is empty; a JSON list needs {"cards": [{"id": …, "count": …}]}')

    def read(self, text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
        from deckcli.formats.jsonlist import parse_json_deck

        return parse_json_deck(text, deck)

    def write(self, resolver: Resolver, counted: list[Resolved], name: str | None
              ) -> Iterable[str]:
        from deckcli.formats.flat import by_type, meta
        from deckcli.formats.jsonlist import json_text

        return [json_text(meta(resolver, name), by_type(resolver, counted))]

    def not_a_deck(self, text: str) -> str | None:
        from deckcli.formats.jsonlist import looks_like_json_deck

        if looks_like_json_deck(text[:65_536].encode("utf-8")):
            return None
        return _("not a deck shape (an object of card: count, or one with a 'cards' list)")


JSON = JsonFormat()
