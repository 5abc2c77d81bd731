"""Cards as plain data: the JSON objects `deckcli cards` prints and the rows it shows."""

from __future__ import annotations

from typing import Any

from deckcli.model.card import Card


def card_record(card: Card) -> dict[str, Any]:
    """number, name, type first, then every other fact the pool holds for the card."""
    record: dict[str, Any] = {"number": card.number, "name": card.name,
                              "type": card.attrs.get("type")}
    if card.names:
        record["names"] = dict(card.names)
    if card.aliases:
        record["aliases"] = list(card.aliases)
    record.update({key: value for key, value in card.attrs.items() if key != "type"})
    if card.max_copies is not None:
        record["max_copies"] = card.max_copies
    if card.note:
        record["note"] = card.note
    if card.source:
        record["source"] = card.source
    return record


def show_value(value: Any) -> str:
    """A fact as table text: lists joined, missing as an empty cell."""
    if value is None:
        return ""
    if isinstance(value, list):
        return " / ".join(str(item) for item in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
