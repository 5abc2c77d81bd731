r"""Reading TOML for decks and pools: rtoml (compiled, about ten times faster) when it is
installed, tomllib the reference.

tomllib's answer is the one deckcli stands by; rtoml's is used only where it is certain to be
the same. rtoml 0.14 reads TOML 1.1, tomllib 1.0: a document that could use what 1.1 added
(inline tables, which 1.1 lets span lines and end with a comma; the escapes `\e` and `\xHH`),
or that holds a BOM (which rtoml skips), goes to tomllib alone. A document rtoml rejects (or
anything it raises) is parsed again by tomllib, so every error message is tomllib's; one
whose values include something the two represent differently (dates and times, whose
seconds 1.1 makes optional and whose time zones are other classes; integers outside 64 bits)
is parsed again too. Decks have none of these; pools, with an inline table per card, are
read by tomllib (and then cached). tomlkit stays the parser of edits, which must keep every byte.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection
from types import ModuleType
from typing import Any

TOMLDecodeError = tomllib.TOMLDecodeError

_rtoml: ModuleType | None
try:
    import rtoml as _rtoml
except ImportError:  # the wheel is missing for this platform: tomllib alone
    _rtoml = None

_INT_MIN, _INT_MAX = -(2**63), 2**63 - 1
_ALIKE = frozenset((str, bool, float, int, dict, list))
_TOML_1_1 = ("{", "\\e", "\\x", "\ufeff")  # where rtoml accepts what tomllib refuses (a BOM)
_TOML_1_1_FOUND = re.compile("|".join(map(re.escape, _TOML_1_1))).search  # all in one scan


def loads(text: str) -> dict[str, Any]:
    """The document's tables and values, exactly as `tomllib.loads` gives them; raises what
    it raises (TOMLDecodeError, ValueError for huge integers, RecursionError)."""
    if _rtoml is not None and _TOML_1_1_FOUND(text) is None:
        try:
            data = _rtoml.loads(text)
        except BaseException as exc:  # a Rust panic is a BaseException: tomllib decides
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
        else:
            if type(data) is dict and same_as_tomllib(data):
                return data
    return tomllib.loads(text)


def same_as_tomllib(data: dict[str, Any]) -> bool:
    """Whether every value is of a type both parsers give alike: strings, booleans, floats,
    64-bit integers, arrays and tables (not dates or times, whose time-zone objects differ).

    Judged per table or array, over all its values at once (a deck's [cards] holds hundreds
    of counts)."""
    stack: list[dict[str, Any] | list[Any]] = [data]
    while stack:
        item = stack.pop()
        values: Collection[Any] = item.values() if type(item) is dict else item
        kinds = set(map(type, values))
        if not kinds <= _ALIKE:
            return False
        if int in kinds:
            ints: Collection[int] = values if len(kinds) == 1 else [
                v for v in values if type(v) is int]
            if min(ints) < _INT_MIN or max(ints) > _INT_MAX:
                return False
        if dict in kinds or list in kinds:
            stack.extend(v for v in values if type(v) is dict or type(v) is list)
    return True


def parser_name() -> str:
    """Which parser reads first, for benchmarks and `--debug` notes."""
    return "rtoml" if _rtoml is not None else "tomllib"
