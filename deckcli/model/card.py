"""A card of a pool: its number, names in every language, aliases, copy cap and facts.

A plain slotted class, not a pydantic model: a pool holds thousands of cards and a check
loads them from the cache on every run. `card_data_problem` checks the shape of a card's data
(from the pool TOML, or from the cache) with messages that name the field at fault.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckcli.i18n import _
from deckcli.textnorm import fold

RESERVED_CARD_KEYS = ("number", "name", "names", "aliases", "max_copies", "note", "source")
_DATA_KEYS = frozenset((*RESERVED_CARD_KEYS, "attrs"))


class Card:
    """One card of a pool. Attributes beyond the reserved keys live in `attrs`."""

    __slots__ = ("number", "name", "names", "aliases", "max_copies", "note", "source", "attrs",
                 "folded_names", "folded_number")

    def __init__(self, number: str, name: str, names: dict[str, str] | None = None,
                 aliases: list[str] | None = None, max_copies: int | str | None = None,
                 note: str = "", source: str = "", attrs: dict[str, Any] | None = None, *,
                 folded: Sequence[str] | None = None) -> None:
        self.number = number
        self.name = name
        self.names = names or {}
        self.aliases = aliases or []
        self.max_copies = max_copies  # a whole number, "unlimited", or None (the rule's cap)
        self.note = note
        self.source = source
        self.attrs = attrs or {}
        if folded is None:  # every name of the card folded for comparison, the number likewise
            self.folded_names = tuple(dict.fromkeys(fold(name) for name in self.all_names()))
            self.folded_number = fold(number)
        else:  # the folded number, then names, kept with the card by the cards codec
            # (`pools.cache`): folding 8,000 names cost every Digimon check about 30 ms
            self.folded_number, self.folded_names = folded[0], tuple(folded[1:])

    def all_names(self) -> list[str]:
        """The canonical name, names in every language, then aliases (no repeats)."""
        return list(dict.fromkeys((self.name, *self.names.values(), *self.aliases)))

    @property
    def type(self) -> str:
        return str(self.attrs.get("type", ""))

    def label(self) -> str:
        """How messages name a card: 'CyberSword (1C12)'."""
        return f"{self.name} ({self.number})"

    def to_data(self) -> dict[str, Any]:
        """The card as plain JSON data (the pool cache's form)."""
        data: dict[str, Any] = {"number": self.number, "name": self.name}
        for key in ("names", "aliases", "max_copies", "note", "source", "attrs"):
            value = getattr(self, key)
            if value:
                data[key] = value
        return data

    @classmethod
    def from_data(cls, data: object) -> Card | None:
        """A card from `to_data`'s form; None when the data is not of that shape."""
        if card_data_problem(data) is not None:
            return None
        assert isinstance(data, dict)
        return cls(**data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.to_data() == other.to_data()

    def __hash__(self) -> int:
        return hash(self.number)

    def __repr__(self) -> str:
        return f"Card({self.label()!r})"


def card_data_problem(data: object) -> str | None:
    """What is wrong with a card's data (reserved keys plus `attrs`), or None when nothing is."""
    if not isinstance(data, dict):
        return _("is not a table")
    unknown = sorted(set(data) - _DATA_KEYS)
    if unknown:
        return _("unknown key {key!r}").format(key=unknown[0])
    for key in ("number", "name"):
        value = data.get(key)
        if value is None:
            return _("{key} is missing").format(key=key)
        if not isinstance(value, str) or not value.strip():
            return _("{key} must be non-empty text, not {value!r}").format(key=key, value=value)
    names, aliases = data.get("names", {}), data.get("aliases", [])
    if not isinstance(names, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and v for k, v in names.items()):
        return _("names must be a table of language = name (text)")
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
        return _("aliases must be a list of names (text)")
    cap = data.get("max_copies")
    if not (cap is None or cap == "unlimited" or (type(cap) is int and cap >= 0)):
        return _('max_copies must be a whole number from 0 or "unlimited", not {value!r}').format(
            value=cap)
    for key in ("note", "source"):
        if not isinstance(data.get(key, ""), str):
            return _("{key} must be text").format(key=key)
    attrs = data.get("attrs", {})
    if not isinstance(attrs, dict):
        return _("attrs must be a table")
    for key, value in attrs.items():  # the hot loop of a cache load: exact types, no isinstance
        kind = type(value)
        if kind in _SCALARS or (kind is list and all(type(item) is str for item in value)):
            continue
        return _("{key} must be text, a number, true/false or a list of text, not {value!r}"
                 ).format(key=key, value=value)
    return None


_SCALARS = frozenset((str, int, float, bool))
