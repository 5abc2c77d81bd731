"""Command-line values turned into their types without pydantic, where that is plain.

typer 0.29 coerces every parameter's value (even an absent one) through a pydantic
`TypeAdapter`, so any command would import pydantic (about 60 ms) before doing anything.
`PlainFirst` takes the plain cases itself, with typer's own helpers where typer has one: a
text, a whole number inside its bounds, one of an enum's or literal's choices, a path
(`coerce_cli_path`, which checks existence and access as typer does), and lists of these.
Anything else, and every value that would be refused, goes to typer's own coercion, so every
error message is typer's, word for word. This leans on typer's private `_coercion` and
`_param_types` modules; typer is pinned below 0.30 and `tests/test_plain_coercion.py` checks
the two agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
from typer._param_types import coerce_cli_choice, coerce_cli_path, routes_to_path
from typer._typing import is_literal_type, literal_values

_UNSURE = object()  # a value only typer's own coercion may answer for
_WHOLE = re.compile(r"-?[0-9]{1,18}")


def plain_leaf(annotation: Any, info: Any, value: Any, param: Any, ctx: Any) -> Any:
    """One value of a leaf annotation, or _UNSURE."""
    if info.parser is not None:
        return _UNSURE
    choices: Any = None
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        choices = list(annotation)
    elif is_literal_type(annotation):
        choices = literal_values(annotation)
    if choices is not None:
        try:
            return coerce_cli_choice(value, choices=choices, case_sensitive=info.case_sensitive,
                                     ctx=ctx)
        except ValueError:
            return _UNSURE
    if annotation is int and not info.clamp:
        if type(value) is int or (type(value) is str and _WHOLE.fullmatch(value)):
            number = int(value)
            if (info.min is None or number >= info.min) and (info.max is None or
                                                             number <= info.max):
                return number
        return _UNSURE
    if annotation is str:
        return value if type(value) is str else _UNSURE
    if routes_to_path(annotation, info) and isinstance(value, (str, Path)):
        path_type = info.path_type
        if path_type is None and isinstance(annotation, type) and issubclass(annotation, Path):
            path_type = annotation
        if path_type is not Path:
            return _UNSURE
        return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)
    return _UNSURE


@dataclass(frozen=True)
class PlainFirst(RuntimeParam):
    """typer's coercion of one parameter, answered plainly where it can be."""

    descriptor: TypeDescriptor

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        annotation: Any = self.annotation
        info = self.parameter_info
        if get_origin(annotation) is list and isinstance(value, (list, tuple)):
            (item,) = get_args(annotation)
            found = [plain_leaf(item, info, one, param, ctx) for one in value]
            if all(one is not _UNSURE for one in found):
                return found
        elif get_origin(annotation) is None:
            found_one = plain_leaf(annotation, info, value, param, ctx)
            if found_one is not _UNSURE:
                return found_one
        return build_runtime_param(self.descriptor)._coerce_value(value, param=param, ctx=ctx)


def plain_first(params: list[Any]) -> None:
    """Give each typer parameter of a command its plain-first coercion (once)."""
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is not None and getattr(param, "_runtime_param", 0) is None \
                and descriptor.file_annotation is None:
            param._runtime_param = PlainFirst(descriptor.parameter_info, descriptor.annotation,
                                              descriptor)
