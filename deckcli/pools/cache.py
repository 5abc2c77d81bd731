"""The cards of pools as plain data, so a 2,500-card pool loads in milliseconds.

Entries are JSON in the cache folder's `cards` store (never pickle: nothing read from the
cache can run code), named after the pool file's stem, a tag of its place on disk and a hash
of its bytes (with the store's format and code stamp). A shipped pool whose bytes are the
shipped ones reads its cards from the ready form shipped beside it (`cardpools/ready/`), and
needs no entry. An entry is checked on load, every value's type against the type the pool
declares for its field; one that is missing, unreadable, not a regular file, oversized or of
the wrong shape is a miss, and the pool is parsed from its TOML and the entry written again.
Writing an entry removes the entries of the same pool file's earlier contents and, past the
store's bound, the oldest: one entry per pool file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from deckcli.io.cachestore import Store, dumps
from deckcli.model.card import Card
from deckcli.model.pool import Pool
from deckcli.model.poolspec import PoolHeader
from deckcli.pools.catalogue import READY, Catalogue, builtin_pool_dir

CARDS = Store("cards", format=6, code=("model/card.py", "model/pool.py", "model/poolspec.py",
                                       "pools/load.py", "pools/cache.py", "textnorm.py"),
              bound=64, max_bytes=64 * 1024 * 1024)


def entry_label(source: Path) -> str:
    """'megaman-1a2b3c4d': the stem and a hash of the real path, so two pools of one name (a
    user pool overriding a built-in one) keep an entry each."""
    place = hashlib.sha256(os.fsencode(os.path.realpath(source))).hexdigest()[:8]
    return f"{source.stem[:50]}-{place}"


def entry_name(source: Path, digest: str) -> str:
    """The entry of a pool file whose bytes have this hash."""
    return CARDS.entry(digest, entry_label(source))


def ready_cards(source: Path) -> Path:
    """Where a shipped pool's cards are shipped as data."""
    return source.parent / READY / f"{source.stem}.cards.json"


def load_cached(source: Path, header: PoolHeader, catalogue: Catalogue | None = None) -> Pool:
    """The pool of a file whose header is already validated: from its shipped ready form or
    its cache entry when these very bytes were loaded before, else parsed and kept (the
    run's `catalogue` knows the pool's bytes)."""
    if catalogue is None:
        catalogue = Catalogue(builtin_pool_dir())
    digest = catalogue.digest(source)
    if catalogue.is_shipped(source, digest):
        with contextlib.suppress(OSError, ValueError, TypeError, KeyError, RecursionError):
            pool = from_entry(json.loads(ready_cards(source).read_bytes()), source, header)
            if pool is not None:
                pool.digest = digest
                return pool
    pool = CARDS.read(entry_name(source, digest), lambda data: from_entry(data, source, header))
    if pool is None:
        from deckcli.pools.load import load_pool  # a hit never validates a card

        data = catalogue.data(source)
        pool = load_pool(source, data, header)
        digest = catalogue.digest(source)  # of the bytes just read
        with contextlib.suppress(TypeError, ValueError):  # a value JSON cannot hold: not kept
            name = entry_name(source, digest)
            CARDS.write(name, dumps(to_entry(pool)), superseded=entry_label(source) + "-")
    pool.digest = digest
    return pool


_ROW = ("number", "name", "names", "aliases", "max_copies", "note", "source")


def to_entry(pool: Pool) -> dict[str, Any]:
    """A pool's cards as plain JSON data: one row per card, attributes in `fields` order
    (null where a card has none), so field names are not repeated 2,500 times, then the
    card's folded number and names (`textnorm.fold`, whose code keys the entry)."""
    fields = sorted({key for card in pool.cards for key in card.attrs})
    rows = [[getattr(card, key) for key in _ROW] + [[card.attrs.get(f) for f in fields]]
            + [[card.folded_number, *card.folded_names]] for card in pool.cards]
    return {"format": CARDS.format, "fields": fields, "cards": rows}


def from_entry(entry: object, source: Path, header: PoolHeader) -> Pool | None:
    """A pool from cache data, or None when the data is not of the expected shape."""
    if not isinstance(entry, dict) or entry.get("format") != CARDS.format:
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
    number, name, names, aliases, cap, note, source, values, folded = row
    if not (type(number) is str and number and type(name) is str and name
            and type(note) is str and type(source) is str
            and (cap is None or cap == "unlimited" or (type(cap) is int and cap >= 0))
            and type(names) is dict and all(type(v) is str for v in names.values())
            and type(aliases) is list and all(type(a) is str for a in aliases)
            and type(values) is list and len(values) == len(fields)
            and type(folded) is list and len(folded) >= 2
            and all(type(f) is str for f in folded)):
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
    return Card(number, name, names, aliases, cap, note, source, attrs, folded=folded)


_ROW_LENGTH = len(_ROW) + 2
_SCALARS = frozenset((str, int, float, bool))
