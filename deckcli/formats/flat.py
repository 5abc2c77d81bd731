"""What the flat formats (LackeyCCG, CSV, JSON) write: a deck's cards grouped by type, and
its game, format and name."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckcli.engine.resolver import Resolved, Resolver
    from deckcli.model.card import Card


def by_type(resolver: Resolver, counted: list[Resolved]) -> list[tuple[Card, int]]:
    """Resolved cards grouped by type, as the flat formats list them."""
    from deckcli.formats.layout import group_by_type

    return [(item.card, item.count)
            for _, members in group_by_type(resolver.pool, counted, lambda i: i.card)
            for item in members if item.card is not None]


def meta(resolver: Resolver, name: str | None) -> dict[str, str | None]:
    return {"game": resolver.pool.game_id, "format": resolver.format_id, "name": name}
