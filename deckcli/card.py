"""A card of a pool: its number, names in every language, aliases, copy cap and facts.

Validated by pydantic when a pool is read from TOML; rebuilt from plain data, its shape
checked by hand, when it comes from the pool cache.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from deckcli.textnorm import fold

RESERVED_CARD_KEYS = ("number", "name", "names", "aliases", "max_copies", "note", "source")


class Card(BaseModel):
    """One card of a pool. Attributes beyond the reserved keys live in `attrs`."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    number: Annotated[str, Field(min_length=1)]
    name: Annotated[str, Field(min_length=1)]
    names: dict[str, str] = Field(default_factory=dict)
    aliases: list[str] = Field(default_factory=list)
    max_copies: int | Literal["unlimited"] | None = None
    note: str = ""
    source: str = ""
    attrs: dict[str, Any] = Field(default_factory=dict)
    _folded_names: tuple[str, ...] = PrivateAttr(default=())
    _folded_number: str = PrivateAttr(default="")

    def model_post_init(self, context: Any, /) -> None:
        self._folded_names = tuple(dict.fromkeys(fold(name) for name in self.all_names()))
        self._folded_number = fold(self.number)

    @property
    def folded_names(self) -> tuple[str, ...]:
        """Every name of the card, folded for comparison."""
        return self._folded_names

    @property
    def folded_number(self) -> str:
        return self._folded_number

    def all_names(self) -> list[str]:
        """The canonical name, names in every language, then aliases (no repeats)."""
        seen: list[str] = []
        for name in (self.name, *self.names.values(), *self.aliases):
            if name not in seen:
                seen.append(name)
        return seen

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
        """A card from `to_data`'s form, its shape checked; None when it is not that shape."""
        if not isinstance(data, dict) or not _CARD_DATA_KEYS.issuperset(data):
            return None
        number, name = data.get("number"), data.get("name")
        names, aliases = data.get("names", {}), data.get("aliases", [])
        attrs, cap = data.get("attrs", {}), data.get("max_copies")
        if not (isinstance(number, str) and number and isinstance(name, str) and name
                and isinstance(names, dict) and all(isinstance(v, str) for v in names.values())
                and isinstance(aliases, list) and all(isinstance(a, str) for a in aliases)
                and isinstance(attrs, dict) and all(map(_plain_value, attrs.values()))
                and (cap is None or cap == "unlimited" or type(cap) is int)
                and isinstance(data.get("note", ""), str)
                and isinstance(data.get("source", ""), str)):
            return None
        return cls.model_construct(
            number=number, name=name, names=names, aliases=aliases, max_copies=cap,
            note=data.get("note", ""), source=data.get("source", ""), attrs=attrs)


_CARD_DATA_KEYS = frozenset(("number", "name", "names", "aliases", "max_copies", "note",
                             "source", "attrs"))


def _plain_value(value: object) -> bool:
    """A card attribute as pools hold them: a string, number, boolean or list of strings."""
    if isinstance(value, list):
        return all(isinstance(item, str) for item in value)
    return isinstance(value, str | int | float | bool)
