"""A data-only disk cache of loaded pools, so a 2,500-card pool loads in milliseconds.

Entries are JSON (never pickle: nothing read from the cache can run code), named after a hash
of the pool file's bytes, the deckcli version and the code that validates pools. An entry is
validated on load; one that is missing, unreadable, not a regular file, oversized or of the
wrong shape is a miss, and the pool is parsed from its TOML and the entry written again.
The cache folder is created 0700 and is not used when another user owns it or others may
write to it (one line on stderr says so). Writing an entry removes the entries of the same
pool file's earlier contents and, past MAX_ENTRIES, the oldest: one entry per pool file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import time
from pathlib import Path
from typing import Any

from deckcli import __version__
from deckcli.io.cachedir import cache_dir, read_entry, usable_dir, write_entry
from deckcli.io.stamps import MEMO_FILE, DigestMemo, files_stamp, sha256_hex
from deckcli.model.card import Card
from deckcli.model.pool import Pool
from deckcli.model.poolspec import PoolHeader
from deckcli.pools.poolfile import read_pool_bytes

MAX_ENTRY_BYTES = 64 * 1024 * 1024
FORMAT = 4  # bump when the entry layout changes


def code_stamp() -> str:
    """Size and mtime of the modules that validate and build pools: a code change is a new key."""
    from deckcli.model import card, pool, poolspec
    from deckcli.pools import load

    files = (module.__file__ for module in (card, poolspec, load, pool))
    return files_stamp(file for file in files if file)  # None only for namespace packages


def entry_name(source: Path, data_digest: str) -> str:
    """The entry's file name: the pool's stem, a tag of its place on disk, and a hash of the
    hash of its bytes and of deckcli. `entry_prefix` is the part every content of one pool file
    shares."""
    digest = hashlib.sha256(f"{data_digest}|{FORMAT}|{__version__}|{code_stamp()}".encode())
    return f"{entry_prefix(source)}{digest.hexdigest()[:32]}.json"


def entry_prefix(source: Path) -> str:
    """'megaman-1a2b3c4d-': the stem (cut to 60 characters) and a hash of the real path, so
    two pools of one name (a user pool overriding a built-in one) keep an entry each."""
    place = hashlib.sha256(os.fsencode(os.path.realpath(source))).hexdigest()[:8]
    return f"{source.stem[:60]}-{place}-"


def load_cached(source: Path, header: PoolHeader) -> Pool:
    """The pool of a file whose header is already validated, through the cache when one is
    usable (headers have their own cache, `headercache`)."""
    from deckcli.pools.load import load_pool  # a hit never validates a card

    folder = usable_dir(cache_dir())
    if folder is None:
        return load_pool(source, None, header)
    memo = DigestMemo(folder / MEMO_FILE)  # a settled pool file is not read on a hit
    digest, data = memo.digest(source, read_pool_bytes)
    memo.save()
    target = folder / entry_name(source, digest)
    pool = _read(target, source, header)
    if pool is None:
        if data is None:  # the stamp named an entry that is gone: the bytes decide
            data = read_pool_bytes(source)
            target = folder / entry_name(source, sha256_hex(data))
        pool = load_pool(source, data, header)
        _store(target, pool)
        evict(folder, target.name, entry_prefix(source))
    return pool


MAX_ENTRIES = 64  # entries kept in the cache folder; beyond, the oldest written go
STALE_TEMP_SECONDS = 3600  # a temporary file older than this was left by a killed run
_ENTRY = re.compile(r"-[0-9a-f]{32}\.json$")


def evict(folder: Path, kept: str, prefix: str) -> None:
    """After writing the entry `kept`: remove the entries of the same pool file's earlier
    contents (`prefix`), temporary files a killed run left, and the oldest entries beyond
    MAX_ENTRIES, so the folder never grows without bound. Runs only on a miss; a file that
    cannot be removed is left (the next miss tries again)."""
    try:
        with os.scandir(folder) as listing:
            files = [(entry.name, entry.stat(follow_symlinks=False)) for entry in listing]
    except OSError:
        return
    stale: list[tuple[float, str]] = []
    entries: list[tuple[float, str]] = []
    now = time.time()
    for name, info in files:
        if _ENTRY.search(name) and name != kept:
            (stale if name.startswith(prefix) else entries).append((info.st_mtime, name))
        elif (name.startswith(".") and name.endswith(".tmp")
              and now - info.st_mtime > STALE_TEMP_SECONDS):
            stale.append((info.st_mtime, name))
    entries.sort(reverse=True)  # newest first; `kept` is one more
    for _, name in stale + entries[max(MAX_ENTRIES - 1, 0):]:
        with contextlib.suppress(OSError):
            os.unlink(folder / name)


def _read(target: Path, source: Path, header: PoolHeader) -> Pool | None:
    """The pool in a cache entry, or None when the entry is missing or cannot be trusted."""
    entry = read_entry(target, MAX_ENTRY_BYTES, controls_absent)
    if entry is None:
        return None
    try:
        return from_entry(entry, source, header)
    except (ValueError, TypeError, KeyError, RecursionError):
        return None


# searched apart: each starts with a literal byte, which the regex engine looks for fast
_C1 = re.compile(rb"\xc2[\x80-\x9f]")  # U+0080 to U+009F
_SEPARATOR = re.compile(rb"\xe2\x80[\xa8\xa9]")  # U+2028, U+2029


def controls_absent(data: bytes) -> bool:
    """Whether no string of a cache entry can hold a control character, line separator or
    lone surrogate: a tampered entry must not bring an ESC or OSC sequence to `cards`.

    A pool file cannot hold one (`pools.load` refuses them), so the entries deckcli writes
    escape nothing but backslashes and quotes; any other escape (`\\n`, `\\u001b`), or a raw
    DEL, C1 control or line separator, is a tampered entry and a miss. Byte searches and a
    loop over the backslashes: 3 ms for the largest pool, where a walk of every string cost 7.
    """
    find = data.find
    at = find(b"\\")
    while at >= 0:
        if data[at + 1:at + 2] not in (b"\\", b'"'):
            return False
        at = find(b"\\", at + 2)
    return (b"\x7f" not in data and _SEPARATOR.search(data) is None
            and (b"\xc2" not in data or _C1.search(data) is None))


def _store(target: Path, pool: Pool) -> None:
    with contextlib.suppress(TypeError, ValueError):  # a value JSON cannot hold: not kept
        write_entry(target, json.dumps(to_entry(pool), ensure_ascii=False, separators=(",", ":")))


_ROW = ("number", "name", "names", "aliases", "max_copies", "note", "source")


def to_entry(pool: Pool) -> dict[str, Any]:
    """A pool's cards as plain JSON data: one row per card, attributes in `fields` order
    (null where a card has none), so field names are not repeated 2,500 times."""
    fields = sorted({key for card in pool.cards for key in card.attrs})
    rows = [[getattr(card, key) for key in _ROW] + [[card.attrs.get(f) for f in fields]]
            for card in pool.cards]
    return {"format": FORMAT, "fields": fields, "cards": rows}


def from_entry(entry: object, source: Path, header: PoolHeader) -> Pool | None:
    """A pool from cache data, or None when the data is not of the expected shape."""
    if not isinstance(entry, dict) or entry.get("format") != FORMAT:
        return None
    fields, rows = entry.get("fields"), entry.get("cards")
    if not (isinstance(fields, list) and all(type(f) is str for f in fields)
            and isinstance(rows, list)):
        return None
    declared = [_DECLARED.get(header.fields[f].type) if f in header.fields else None
                for f in fields]
    cards = []
    for row in rows:
        card = _card_from_row(row, fields, declared)
        if card is None:
            return None
        cards.append(card)
    return Pool(source, header, cards)


# the Python types a value of each declared field type may have (an int is a float's value;
# a bool is never an int's)
_DECLARED: dict[str, tuple[type, ...]] = {"str": (str,), "int": (int,), "float": (int, float),
                                          "bool": (bool,), "list": (list,)}


def _card_from_row(row: object, fields: list[str], declared: list[tuple[type, ...] | None]
                   ) -> Card | None:
    """One card from its cache row, every value's type checked against the type its pool
    declares for the field (`power_cost = "abc"` is a miss, never a crash in a query); None
    when one is wrong.

    The hot loop of a cached load, so exact type tests (`type(x) is str`) stand in for the
    general `card_data_problem`, which pool files get.
    """
    if type(row) is not list or len(row) != _ROW_LENGTH:
        return None
    number, name, names, aliases, cap, note, source, values = row
    if not (type(number) is str and number and type(name) is str and name
            and type(note) is str and type(source) is str
            and (cap is None or cap == "unlimited" or (type(cap) is int and cap >= 0))
            and type(names) is dict and all(type(v) is str for v in names.values())
            and type(aliases) is list and all(type(a) is str for a in aliases)
            and type(values) is list and len(values) == len(fields)):
        return None
    attrs = {}
    for field, value, kinds in zip(fields, values, declared, strict=True):
        if value is None:
            continue
        kind = type(value)
        if kinds is not None and kind not in kinds:
            return None
        if kind not in _SCALARS and not (kind is list and all(type(v) is str for v in value)):
            return None
        attrs[field] = value
    return Card(number, name, names, aliases, cap, note, source, attrs)


_ROW_LENGTH = len(_ROW) + 1
_SCALARS = frozenset((str, int, float, bool))
