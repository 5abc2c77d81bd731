"""How a deck is laid out for people: cards grouped by type, ordered along the game's curve.

`show`, `export`, `fmt` and `import` all group and order cards here, so a deck reads the same
in the terminal, in a text list and in a formatted TOML file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from deckcli.model.card import Card
from deckcli.model.pool import Pool
from deckcli.textnorm import fold

Item = TypeVar("Item")
OTHER = "Other"  # cards the pool gives no type
UNRESOLVED = "Unresolved"  # references that name no card (or several that differ)


def type_order(pool: Pool) -> list[str]:
    """The pool's card types in declared order (else first seen), then Other and Unresolved."""
    spec = pool.fields.get("type")
    if spec is not None and spec.values:
        declared = list(spec.values)
    else:
        declared = list(dict.fromkeys(card.type for card in pool.cards if card.type))
    return [*declared, OTHER, UNRESOLVED]


def group_label(card: Card | None) -> str:
    if card is None:
        return UNRESOLVED
    return card.type or OTHER


def group_by_type(pool: Pool, items: Iterable[Item],
                  card_of: Callable[[Item], Card | None]) -> list[tuple[str, list[Item]]]:
    """Items grouped by card type in the pool's order, each group sorted by curve, then name."""
    groups: dict[str, list[Item]] = {label: [] for label in type_order(pool)}
    for item in items:
        groups.setdefault(group_label(card_of(item)), []).append(item)
    curve = pool.header.game.curve

    def order(item: Item) -> tuple[object, ...]:
        card = card_of(item)
        if card is None:
            return (1, ())
        rank = min((value_rank(pool, curve, value) for value in curve_values(card, curve)),
                   default=(2,)) if curve else (2,)
        return (0, rank, fold(card.name), card.number)

    return [(label, sorted(members, key=order)) for label, members in groups.items() if members]


def curve_values(card: Card, field: str) -> list[Any]:
    """A card's values for the curve field: none, one, or several for a list field."""
    value = card.attrs.get(field)
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def value_rank(pool: Pool, field: str, value: Any) -> tuple[object, ...]:
    """Sort key of one value: the field's declared order, else numbers, else text."""
    spec = pool.fields.get(field)
    if spec is not None and spec.order and value in spec.order:
        return (0, spec.order.index(value), "")
    if isinstance(value, int | float) and not isinstance(value, bool):
        return (1, value, "")
    return (1, float("inf"), str(value))


def curve_counts(pool: Pool,
                 cards: Iterable[tuple[Card, int]]) -> tuple[str | None, list[tuple[str, int]]]:
    """(curve field, [(value, copies)] in order), with cards lacking a value counted as '–'."""
    field = pool.header.game.curve
    if not field:
        return None, []
    counts: dict[Any, int] = {}
    missing = 0
    for card, count in cards:
        values = curve_values(card, field)
        if not values:
            missing += count
        for value in values:
            counts[value] = counts.get(value, 0) + count
    ordered = sorted(counts.items(), key=lambda pair: value_rank(pool, field, pair[0]))
    rows = [(str(value), count) for value, count in ordered]
    if missing:
        rows.append(("–", missing))
    return field, rows
