"""Plain typed records for a pool's header, declared once and read by the engine.

A spec class is written like a pydantic model (`name: type = default`, constraints as
`Annotated[int, Field(ge=0)]` in its annotation) but is a plain slotted class: defining one
compiles nothing and imports no pydantic, so a check never pays for a schema. Its fields,
their annotations (kept as text, never evaluated here) and defaults are collected when the
class is made; `__slots__` are derived from them. A class made with `mixin=True` (`Bounds`)
keeps no slots of its own and gives its fields to the classes built on it.

Two readers evaluate the annotations, each at its own edge:
- `pools.schema` builds the pydantic models a pool file is validated against (a user's pool on
  its first read, `pool check`, the shipped pools when the wheel is built and by the tests);
- `decode` here checks plain data read back from the cache or shipped with the wheel against
  the same annotations, value by value (types, `Literal`s, `ge` bounds, `pattern`s, and each
  class's own `problem()` and `check_FIELD()`), so a bad entry is refused as strictly as its
  source was.

Cross-field checks are plain methods: `problem(self) -> str | None` (a model-level check) and
`check_FIELD(value) -> str | None` (a static method, one field); both readers call them.
"""

from __future__ import annotations

import copy
import re
import sys
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

_PROTECTED = frozenset(("__module__", "__qualname__", "__doc__", "__annotations__"))


class SpecMeta(type):
    """Collects a spec class's fields (name -> (annotation text, defining module)) and
    defaults, and gives it slots for the fields its bases do not already hold."""

    __spec_fields__: dict[str, tuple[str, str]]
    __spec_defaults__: dict[str, Any]
    __spec_mixin__: bool

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any],
                mixin: bool = False) -> SpecMeta:
        notes: dict[str, Any] = ns.get("__annotations__", {})
        own = [field for field, note in notes.items()
               if not str(note).startswith(("ClassVar", "typing.ClassVar"))]
        fields: dict[str, tuple[str, str]] = {}
        defaults: dict[str, Any] = {}
        for base in reversed(bases):
            fields.update(getattr(base, "__spec_fields__", {}))
            defaults.update(getattr(base, "__spec_defaults__", {}))
        for field in own:
            fields[field] = (str(notes[field]), ns["__module__"])
            if field in ns:
                defaults[field] = ns.pop(field)
            else:
                defaults.pop(field, None)  # redeclared without a default: required
        held = {slot for base in bases for klass in base.__mro__
                for slot in getattr(klass, "__slots__", ())}
        ns["__slots__"] = () if mixin else tuple(f for f in fields if f not in held)
        cls = super().__new__(mcls, name, bases, ns)
        cls.__spec_fields__ = fields
        cls.__spec_defaults__ = defaults
        cls.__spec_mixin__ = mixin
        return cls


class Spec(metaclass=SpecMeta):
    """A record of a pool's header: every field given by keyword (a missing one takes its
    default, copied), compared and shown by its fields."""

    __slots__ = ()
    __spec_fields__: ClassVar[dict[str, tuple[str, str]]]
    __spec_defaults__: ClassVar[dict[str, Any]]
    __spec_mixin__: ClassVar[bool]

    def __init_subclass__(cls, mixin: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)  # `mixin` is the metaclass's

    def __init__(self, **values: Any) -> None:
        defaults = self.__spec_defaults__
        for field in self.__spec_fields__:
            if field in values:
                object.__setattr__(self, field, values.pop(field))
            elif field in defaults:
                default = defaults[field]  # a list or table is the record's own
                object.__setattr__(self, field, copy.copy(default)
                                   if type(default) in (list, dict) else default)
            else:
                raise TypeError(f"{type(self).__name__} needs {field}")
        if values:
            raise TypeError(f"{type(self).__name__} has no field {next(iter(values))}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __hash__(self) -> int:
        raise TypeError(f"unhashable type: {type(self).__name__!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self.__spec_fields__)

    def __repr__(self) -> str:
        shown = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__spec_fields__)
        return f"{type(self).__name__}({shown})"

    def replaced(self, **changes: Any) -> Self:
        """A copy with some values changed."""
        return type(self)(**{**self.field_values(), **changes})

    def field_values(self) -> dict[str, Any]:
        """The record's fields and values, in declaration order."""
        return {f: getattr(self, f) for f in self.__spec_fields__}


def field_checks(cls: type[Spec]) -> dict[str, Callable[[Any], str | None]]:
    """A class's one-field checks (`check_FIELD`), by field."""
    return {field: getattr(cls, f"check_{field}") for field in cls.__spec_fields__
            if callable(getattr(cls, f"check_{field}", None))}


def model_problem(cls: type[Spec]) -> Callable[[Any], str | None] | None:
    """A class's model-level check (`problem`), if it has one."""
    found = getattr(cls, "problem", None)
    return found if callable(found) else None


def evaluate(cls: type[Spec], extra: Mapping[str, object]) -> dict[str, Any]:
    """A class's field annotations evaluated (field -> type), each in its own module's names
    and `extra` (what annotations name only for type checkers: `Field`, record classes
    replaced by the reader's own)."""
    hints: dict[str, Any] = {}
    scopes: dict[str, dict[str, Any]] = {}
    for field, (note, module) in cls.__spec_fields__.items():
        if module not in scopes:
            scopes[module] = {**vars(sys.modules[module]), **_TYPING, **extra}
        hints[field] = eval(note, scopes[module])  # annotation text of deckcli's own modules
    return hints


_TYPING = {name: getattr(typing, name) for name in ("Annotated", "Literal", "Any", "Union",
                                                     "Optional")}


class Constraint:
    """`Field(...)` as `decode` reads it: the bounds and pattern a value must meet."""

    __slots__ = ("ge", "pattern", "alias")

    def __init__(self, ge: int | None = None, pattern: str | None = None,
                 alias: str | None = None, **_: object) -> None:
        self.ge = ge
        self.pattern = re.compile(pattern) if pattern is not None else None
        self.alias = alias


class Decoder:
    """Plain data -> records, every value checked against the annotations (ValueError for
    any value of a kind or shape the record cannot hold). `polymorphic` names the base
    classes whose data names its class by a `kind` field (rules), with the classes by kind."""

    def __init__(self, polymorphic: Mapping[type[Spec], Mapping[str, type[Spec]]]) -> None:
        self.polymorphic = polymorphic
        self._hints: dict[type[Spec], dict[str, Any]] = {}

    def hints(self, cls: type[Spec]) -> dict[str, Any]:
        if cls not in self._hints:
            self._hints[cls] = evaluate(cls, {"Field": Constraint})
        return self._hints[cls]

    def record(self, cls: type[Spec], data: object) -> Spec:
        """A record of `cls` from a dict of its fields (every field present)."""
        kinds = self.polymorphic.get(cls)
        if kinds is not None:
            kind = data.get("kind") if type(data) is dict else None
            if type(kind) is not str or kind not in kinds:
                raise ValueError("a rule of no known kind")
            cls = kinds[kind]
        if type(data) is not dict or set(data) != set(cls.__spec_fields__):
            raise ValueError(f"not the fields of {cls.__name__}")
        hints = self.hints(cls)
        values = {field: self.value(hints[field], data[field]) for field in hints}
        for field, check in field_checks(cls).items():
            if (found := check(values[field])) is not None:
                raise ValueError(found)
        record = cls(**values)
        check_model = model_problem(cls)
        if check_model is not None and (found := check_model(record)) is not None:
            raise ValueError(found)
        return record

    def value(self, hint: Any, data: object) -> Any:
        """A value of type `hint` from data; ValueError otherwise."""
        origin = typing.get_origin(hint)
        if origin is typing.Annotated:
            inner, *extras = typing.get_args(hint)
            found = self.value(inner, data)
            for extra in extras:
                if isinstance(extra, Constraint):
                    if extra.ge is not None and found < extra.ge:
                        raise ValueError("a number below its bound")
                    if extra.pattern is not None and not extra.pattern.search(found):
                        raise ValueError("a text not of its pattern")
            return found
        if origin in (typing.Union, _UnionType):
            for option in typing.get_args(hint):
                try:
                    return self.value(option, data)
                except ValueError:
                    continue
            raise ValueError("a value of none of its types")
        if origin is typing.Literal:
            if any(type(data) is type(option) and data == option
                   for option in typing.get_args(hint)):
                return data
            raise ValueError("a value not among its choices")
        if origin is list:
            (item,) = typing.get_args(hint)
            if type(data) is not list:
                raise ValueError("not a list")
            return [self.value(item, one) for one in data]
        if origin is dict:
            key, item = typing.get_args(hint)
            if type(data) is not dict or key is not str:
                raise ValueError("not a table")
            return {name: self.value(item, one) for name, one in data.items()}
        if hint is type(None):
            if data is None:
                return None
            raise ValueError("not null")
        if isinstance(hint, type) and issubclass(hint, Spec):
            return self.record(hint, data)
        if hint in (str, int, bool) and type(data) is hint:
            return data
        if hint is float and type(data) in (int, float):
            return data
        raise ValueError(f"not a {getattr(hint, '__name__', hint)}")


_UnionType = type(int | None)


def encode(value: object) -> object:
    """A record as plain data: each record a dict of its fields (the `kind` field of a rule
    names its class), lists and dicts as they are."""
    if isinstance(value, Spec):
        return {field: encode(getattr(value, field)) for field in value.__spec_fields__}
    if isinstance(value, (list, tuple)):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {key: encode(item) for key, item in value.items()}
    return value
