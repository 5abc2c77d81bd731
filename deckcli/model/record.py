"""Value semantics for small classes with `__slots__`: equal when of one class with equal
slots (a slot whose name starts with "_" is bookkeeping, neither compared nor shown), shown
with every slot, never hashed (as an unfrozen dataclass). Each record writes its
own `__init__`: a dataclass decoration compiles several methods when its module is imported,
and the records a check answered from the result cache needs are imported on every run."""

from __future__ import annotations

from typing import Any, Self


class Record:
    """Compare and show a record by its slots, in their order."""

    __slots__ = ()

    def __hash__(self) -> int:  # equal by value yet changeable: no hash, as a dataclass
        raise TypeError(f"unhashable type: {type(self).__name__!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields())
        return f"{type(self).__name__}({shown})"

    def replaced(self, **changes: Any) -> Self:
        """A copy with some values changed (for records whose `__init__` takes every slot)."""
        return type(self)(**{**{name: getattr(self, name) for name in self._fields()},
                             **changes})

    def _fields(self) -> tuple[str, ...]:
        """The values compared and shown: the slots not starting with "_" (a record that
        keeps a value behind a property names it here instead)."""
        names: tuple[str, ...] = self.__slots__
        return tuple(name for name in names if not name.startswith("_"))
