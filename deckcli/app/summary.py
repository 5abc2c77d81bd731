"""A deck as people read it: its cards grouped by type with their key stats, its curve, and
its verdict. `deckcli show` prints it; the terminal builder shows the same groups and counts.
"""

from __future__ import annotations

from typing import Any

from deckcli.app.opendeck import LoadedDeck


def card_groups(loaded: LoadedDeck, lang: str | None = None
                ) -> tuple[list[str], list[dict[str, Any]]]:
    """(the game's stat columns, the deck's cards grouped by type as `show` groups them: each
    group {"type", "count", "cards": [{"count", "number", "name", stat...}]})."""
    from deckcli.formats.layout import group_by_type
    from deckcli.model.cardnames import display_name
    from deckcli.report.cardview import card_record

    pool = loaded.pool
    stats = [c for c in pool.header.game.columns if c not in ("type", "number", "name")]
    groups = []
    for label, members in group_by_type(pool, loaded.counted(), lambda item: item.card):
        rows = []
        for item in members:
            record = card_record(item.card) if item.card else {"number": None, "name": item.ref}
            name = display_name(item.card, lang, item.ref) if item.card else item.ref
            rows.append({"count": item.count, "number": record["number"], "name": name,
                         **{stat: record.get(stat) for stat in stats}})
        groups.append({"type": label, "count": sum(item.count for item in members),
                       "cards": rows})
    return stats, groups


def deck_curve(loaded: LoadedDeck) -> tuple[str | None, list[tuple[str, int]]]:
    """(the game's curve field, [(value, copies)] in the field's order)."""
    from deckcli.formats.layout import curve_counts

    return curve_counts(loaded.pool, [(i.card, i.count) for i in loaded.counted() if i.card])


def deck_summary(loaded: LoadedDeck, lang: str | None = None) -> dict[str, Any]:
    """Everything `show` prints, as plain data (the JSON output)."""
    from deckcli.draw.playable import add_show_column

    pool = loaded.pool
    result = loaded.check()
    stats, groups = card_groups(loaded, lang)
    field, curve = deck_curve(loaded)
    add_show_column(loaded.resolver, [(i.card, i.count) for i in loaded.counted()
                                      if i.card], stats, groups)
    return {
        "path": str(loaded.path), "game": pool.game_id, "format": loaded.resolver.format_id,
        "name": loaded.deck.name, "cards": result.cards, "legal": result.legal,
        "columns": stats, "groups": groups,
        "curve": {"field": field, "counts": [{"value": v, "count": n} for v, n in curve]},
        "problems": result.to_json()["problems"],
    }
