"""The script-search rows of a pool (`deckcli.engine.scripts`), made once and kept.

Making them imports pykakasi, pypinyin and OpenCC (seconds). The shipped pools ship their rows
(`cardpools/scripts/<game>.json`, written by `tools/pools/build_scripts.py`), used while the
pool's names and readings are those they were made from; any other pool's rows are stored as
JSON in the cache folder (`scripts/`), named by a hash of what they are made of (every card's
number, names and readings), the row layout and the three libraries' versions. An entry that
is missing or not of the rows' shape is made again; without a usable cache folder they are
made once per run. Nothing read back can run code (JSON, checked row by row).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from deckcli.engine.scripts import (
    FORMAT,
    LIBRARIES,
    VIA,
    Row,
    ScriptIndex,
    build_rows,
    memo_index,
    pool_names,
)
from deckcli.io.cachestore import Store, clean, dumps
from deckcli.io.files import read_regular_file
from deckcli.model.pool import Pool

FOLDER = "scripts"
MAX_BYTES = 64 * 1024 * 1024
SCRIPTS = Store(FOLDER, format=FORMAT, code=("engine/scripts.py", "pools/scriptcache.py",
                                              "textnorm.py"), bound=16, max_bytes=MAX_BYTES)


def versions() -> str:
    """The libraries' versions (read from their metadata, not by importing them; importlib's
    metadata is imported here, for a user pool's rows only: it brings email, zipfile and
    socket, some 20 ms that every check making a resolver paid)."""
    from importlib import metadata

    found = []
    for name in LIBRARIES:
        try:
            found.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name}=?")
    return ",".join(found)


def makings(pool: Pool) -> str:
    """A hash of what the rows are made of: the row layout, the pool's `name_keep`, every
    card's number, names and readings."""
    made = json.dumps([FORMAT, pool.header.game.name_keep, pool_names(pool)],
                      ensure_ascii=False)
    return hashlib.sha256(made.encode()).hexdigest()


def entry_name(pool: Pool, made: str) -> str:
    """The game id and a hash of the rows' makings and the libraries' versions."""
    return SCRIPTS.entry(f"{made}|{versions()}", pool.game_id)


def shipped_file(pool: Pool) -> Path | None:
    """Where a shipped pool's rows are shipped (None for a user's pool)."""
    from deckcli.pools.catalogue import builtin_pool_dir

    if pool.path.parent.resolve() != builtin_pool_dir().resolve():
        return None
    return pool.path.parent / FOLDER / f"{pool.path.stem}.json"


def shipped_rows(pool: Pool, made: str | None = None) -> list[Row] | None:
    """A shipped pool's shipped rows, when they were made from its present names: the pool
    was loaded from the very bytes they were made from (its `digest`), or its names and
    readings hash as theirs did (`made`; worked out here when not given)."""
    where = shipped_file(pool)
    try:
        raw = read_regular_file(where, MAX_BYTES) if where else b""
        data = json.loads(raw) if raw and clean(raw) else None
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    same_bytes = (pool.digest is not None and data.get("pool") == pool.digest
                  and data.get("format") == FORMAT)
    if not same_bytes and data.get("made") != (made or makings(pool)):
        return None
    return rows_of(data.get("rows"))


def shipped_data(pool: Pool, pool_digest: str, rows: list[Row]) -> dict[str, object]:
    """What a shipped pool's rows file holds (`tools/pools/build_scripts.py` writes it)."""
    return {"made": makings(pool), "pool": pool_digest, "format": FORMAT,
            "rows": compact(rows)}


def compact(rows: list[Row]) -> list[list[str]]:
    """Rows as kept: a name's own row (form = name, via "name") as its first three values."""
    return [[*row[:3]] if row[4] == "name" and row[3] == row[2] else [*row] for row in rows]


def rows_of(data: object) -> list[Row] | None:
    """Rows read back (`compact`'s form), or None when the data is not a list of rows of five
    strings whose last says how the form was made (a key of `VIA`: a result says it), or
    three (a name's own row)."""
    if not isinstance(data, list):
        return None
    rows: list[Row] = []
    for row in data:
        if not (type(row) is list and all(type(v) is str for v in row)):
            return None
        if len(row) == 5 and row[4] in VIA:
            rows.append((row[0], row[1], row[2], row[3], row[4]))
        elif len(row) == 3:
            rows.append((row[0], row[1], row[2], row[2], "name"))
        else:
            return None
    return rows


def script_index(pool: Pool) -> ScriptIndex:
    """The pool's script index: from this run's memo, the cache folder, or made (and kept)."""
    return memo_index(pool, _rows)


_MADE: dict[str, list[Row]] = {}  # rows made in this process, by entry name


def _rows(pool: Pool) -> list[Row]:
    shipped = shipped_rows(pool)
    if shipped is not None:
        return shipped
    name = entry_name(pool, makings(pool))
    rows = SCRIPTS.read(name, rows_of)
    if rows is None:
        rows = _MADE.get(name)
        if rows is None:
            rows = _MADE[name] = build_rows(pool)
        SCRIPTS.write(name, dumps(compact(rows)))
    return rows
