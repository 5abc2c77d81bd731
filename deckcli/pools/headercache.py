"""Validated pool headers kept as data, so that a run does not build the header's pydantic
schema (about 30 ms of CPU) to validate a header it validated before.

An entry is named by a hash of the header as parsed from the pool file (every run still reads
and parses it), deckcli's version and the size and time of the modules that validate headers;
it holds the validated header as plain JSON: each model as ["M", its class, the fields given,
its values], lists, dicts and scalars tagged likewise. It is rebuilt with pydantic's
`model_construct` from classes of an allow-list (the header's own and each rule kind's
schema), never by importing a name the entry gives; a tag, class, field or value of an
unexpected kind, a text holding a control character, or anything unreadable is a miss, and
the header is validated from the pool file again. Like the pool cache, a writer of the cache
folder can change what it says (docs/security.md); it cannot run code.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from deckcli import __version__
from deckcli.io.cachedir import cache_dir, keep_newest, read_entry, usable_dir, write_entry
from deckcli.io.stamps import files_stamp
from deckcli.model import poolspec
from deckcli.model.poolspec import PoolHeader
from deckcli.pools.load import control_in, validate_header
from deckcli.pools.poolfile import MAX_HEADER_ENTRIES

FORMAT = 1
MAX_ENTRY_BYTES = 4 * 1024 * 1024
SCALARS = (str, int, float, bool, type(None))


def allowed_models() -> dict[str, type[BaseModel]]:
    """The classes an entry may name: the header's own, and each rule kind's schema."""
    from deckcli.engine.rules import KINDS

    models: dict[str, type[BaseModel]] = {
        cls.__name__: cls for cls in (poolspec.PoolHeader, poolspec.GameInfo, poolspec.FieldDef,
                                      poolspec.Setup, poolspec.SetAside, poolspec.TurnDraws,
                                      poolspec.Costs, poolspec.Format, poolspec.Bounds)}
    models.update((f"rule:{name}", kind.schema) for name, kind in KINDS.items())
    return models


def validated_header(path: Path, raw: dict[str, Any]) -> PoolHeader:
    """The header of a pool file, validated (PoolError naming the field at fault), from the
    cache when this very header was validated before by this very code."""
    folder = usable_dir(cache_dir())
    name = entry_name(raw) if folder is not None else None
    if folder is None or name is None:
        return validate_header(path, raw)
    target = folder / "headers" / name
    header = read_header_entry(target)
    if header is None:
        header = validate_header(path, raw)
        store(target, header)
    return header


def entry_name(raw: dict[str, Any]) -> str | None:
    """The entry's file name, or None for a header JSON cannot hold (dates and times)."""
    try:
        text = json.dumps(raw, sort_keys=True, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return None
    digest = hashlib.sha256(text.encode())
    digest.update(f"|{FORMAT}|{__version__}|{code_stamp()}".encode())
    return f"{digest.hexdigest()[:32]}.json"


def code_stamp() -> str:
    """Size and time of the modules that validate headers: any edit is a new key."""
    rules = Path(poolspec.__file__).resolve().parent.parent / "engine" / "rules"
    return files_stamp([Path(poolspec.__file__), Path(__file__), *sorted(rules.rglob("*.py"))])


def to_data(value: object) -> object:
    """A validated value as tagged JSON data (ValueError for what the tags cannot say)."""
    if isinstance(value, BaseModel):
        cls = type(value)
        kind = getattr(value, "kind", None) if isinstance(value, poolspec.RuleBase) else None
        tag = f"rule:{kind}" if kind is not None else cls.__name__
        return ["M", tag, sorted(value.model_fields_set),
                {name: to_data(getattr(value, name)) for name in cls.model_fields}]
    if isinstance(value, list):
        return ["L", [to_data(item) for item in value]]
    if isinstance(value, tuple):
        return ["T", [to_data(item) for item in value]]
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            raise ValueError("a key that is not text")
        return ["D", {key: to_data(item) for key, item in value.items()}]
    if isinstance(value, SCALARS):
        return value
    raise ValueError(f"a value of type {type(value).__name__}")


def from_data(data: object, models: dict[str, type[BaseModel]]) -> object:
    """What `to_data` wrote; ValueError for anything else."""
    if isinstance(data, SCALARS):
        return data
    if type(data) is not list or not data:
        raise ValueError("not a tagged value")
    tag = data[0]
    if tag == "M" and len(data) == 4 and type(data[1]) is str and type(data[2]) is list \
            and type(data[3]) is dict:
        cls = models.get(data[1])
        if cls is None or set(data[3]) != set(cls.model_fields) \
                or not set(data[2]) <= set(cls.model_fields):
            raise ValueError("a class or fields this header cannot have")
        values = {name: from_data(item, models) for name, item in data[3].items()}
        return cls.model_construct(_fields_set=set(data[2]), **values)
    if tag in ("L", "T") and len(data) == 2 and type(data[1]) is list:
        items = [from_data(item, models) for item in data[1]]
        return items if tag == "L" else tuple(items)
    if tag == "D" and len(data) == 2 and type(data[1]) is dict:
        return {key: from_data(item, models) for key, item in data[1].items()}
    raise ValueError("not a tagged value")


def read_header_entry(target: Path) -> PoolHeader | None:
    """The header an entry holds, or None (a miss)."""
    data = read_entry(target, MAX_ENTRY_BYTES)
    if type(data) is not dict or data.get("format") != FORMAT or control_in(data):
        return None
    try:
        header = from_data(data.get("header"), allowed_models())
    except (ValueError, TypeError, RecursionError):
        return None
    return header if isinstance(header, PoolHeader) else None


def store(target: Path, header: PoolHeader) -> None:
    """Write an entry (a failure only costs the next run a validation)."""
    try:
        document = json.dumps({"format": FORMAT, "header": to_data(header)},
                              ensure_ascii=False)
    except ValueError:
        return
    if write_entry(target, document):
        keep_newest(target.parent, MAX_HEADER_ENTRIES)
