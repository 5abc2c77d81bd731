"""A search of a game's cards as `deckcli cards` and the terminal builder both run it.

One function, so that a query typed in the builder finds exactly the cards `deckcli cards`
lists for it: a card number alone is that card, else the query language, else a whole name
written with other spaces or punctuation.
"""

from __future__ import annotations

from deckcli.engine.resolver import Resolver
from deckcli.model.card import Card


def search_cards(resolver: Resolver, text: str) -> tuple[list[Card], Card | None]:
    """(the cards the query finds, in pool order; the card a number alone names, or None).
    QueryError for a query that cannot be read; every card for an empty query."""
    if not text.strip():
        return list(resolver.pool.cards), None
    single = resolver.numbered(text)
    if single is not None:
        return [single], single
    found = resolver.query(text).select(resolver.pool.cards)
    return found or resolver.named(text), None
