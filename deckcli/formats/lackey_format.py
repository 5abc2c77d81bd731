"""The LackeyCCG deck (`.dek`): XML with a `<game>` and one `<card>` per copy.

Reading (`lackey`), writing (streamed: a large deck is many elements) and recognising its
files are reached from here. A `.dek` that is not XML is a plain list (some programs write
one) and is read, sniffed and named like a text list.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from deckcli.formats.base import DeckFormat
from deckcli.formats.text_format import TEXT, list_reason
from deckcli.model.deck import Deck, DeckKind
from deckcli.model.problem import Problem

if TYPE_CHECKING:
    from deckcli.engine.resolver import Resolved, Resolver


class LackeyFormat(DeckFormat):
    """LackeyCCG decks: read and written, never edited in place."""

    kind: ClassVar[DeckKind] = "lackey"
    label = "LackeyCCG deck"
    suffixes = (".dek",)

    def read(self, text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
        if not text.lstrip().startswith("<"):  # a .dek that is a plain list (some programs)
            deck.kind = TEXT.kind
            return TEXT.read(text, deck)
        from deckcli.formats.lackey import parse_lackey_deck

        return parse_lackey_deck(text, deck)

    def write(self, resolver: Resolver, counted: list[Resolved], name: str | None
              ) -> Iterable[str]:
        from deckcli.formats.flat import by_type
        from deckcli.formats.lackey import lackey_chunks

        return lackey_chunks(resolver.pool.game_id, name, by_type(resolver, counted))

    def not_a_deck(self, text: str) -> str | None:
        from deckcli.formats.lackey import looks_like_lackey

        if looks_like_lackey(text[:65_536].encode("utf-8")):
            return None
        return list_reason(text)

    def written_meta(self, text: str) -> dict[str, str]:
        return TEXT.written_meta(text)


LACKEY = LackeyFormat()
