"""One catalogue entry per pool file, kept by its stamp as git's index keeps one per file: the
stamp (`io.stamps`), a hash of the file's bytes, the game's id and aliases, and the header as
plain data once validated (`model.spec.encode`).

A settled pool file whose stamp is the entry's is not read: its hash, names and header come
from the entry. Any other is read and hashed; when the hash is the entry's, only the stamp is
renewed; otherwise the entry starts again from the new bytes (the header is keyed on the
bytes, never on a parse of them). The shipped pools come with their catalogue ready
(`cardpools/ready/catalogue.json`, made by `pools.ready` and checked by the tests and the
wheel's build): a shipped pool whose bytes have the hash listed there takes its names and
header from it, so even a run with an empty cache folder validates nothing and imports no
pydantic. A header read back is checked value by value against its records' annotations
(`model.spec.Decoder`): a bad or tampered entry is a miss, never a crash.
"""

from __future__ import annotations

import contextlib
import json
import time
from functools import cache
from pathlib import Path
from typing import Any

from deckcli.io.cachestore import Store, dumps
from deckcli.io.stamps import UNSETTLED, file_stamp, sha256_hex
from deckcli.model.poolspec import PoolHeader, RuleBase
from deckcli.model.record import Record
from deckcli.model.spec import Decoder, encode
from deckcli.pools.poolfile import head_of, parse_header, read_pool_bytes

HEADER_CODE = ("model/spec.py", "model/poolspec.py", "engine/rules/kinds", "engine/rules/kind.py",
               "pools/schema.py", "pools/load.py", "pools/poolfile.py")
CATALOGUE = Store("catalogue", format=1, code=(*HEADER_CODE, "pools/catalogue.py"), bound=64,
                  max_bytes=4 * 1024 * 1024)
READY = "ready"  # the shipped pools' ready form, a folder beside them
READY_FORMAT = 1


class Entry(Record):
    """What is known of one pool file's bytes: their hash, the game's id and aliases and its
    format ids as the file lists them (None until its header was read) and its validated
    header as plain data (None until validated)."""

    __slots__ = ("digest", "names", "formats", "header")

    def __init__(self, digest: str, names: list[str] | None = None,
                 formats: list[str] | None = None, header: object = None) -> None:
        self.digest = digest
        self.names = names
        self.formats = formats
        self.header = header


@cache
def builtin_pool_dir() -> Path:
    """Pools shipped in the wheel (deckcli/cardpools), else the checkout's cardpools/."""
    packaged = Path(__file__).resolve().parent.parent / "cardpools"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "cardpools"


@cache
def decoder() -> Decoder:
    """Plain header data -> records, a rule's record chosen by its `kind`."""
    from deckcli.engine.rules import KINDS

    return Decoder({RuleBase: {name: kind.schema for name, kind in KINDS.items()}})


def decode_header(data: object) -> PoolHeader | None:
    """A header from plain data, every value checked; None for anything else."""
    try:
        header = decoder().record(PoolHeader, data)
    except (ValueError, TypeError, KeyError, RecursionError):
        return None
    return header if isinstance(header, PoolHeader) else None


def names_of(data: object) -> list[str] | None:
    """[id, *aliases] when they are text, else None."""
    if type(data) is list and data and all(type(name) is str and name for name in data):
        return data
    return None


def formats_of(data: object) -> list[str] | None:
    """Format ids when they are text, else None."""
    if type(data) is list and all(type(name) is str for name in data):
        return data
    return None


def _entry(data: object) -> tuple[str | None, Entry] | None:
    """(stamp, entry) from a catalogue entry's data, or None for another shape."""
    if type(data) is not dict or data.get("format") != CATALOGUE.format:
        return None
    stamp, digest, names = data.get("stamp"), data.get("hash"), data.get("names")
    formats = data.get("formats")
    if not (type(stamp) is str or stamp is None) or type(digest) is not str \
            or (names is not None and names_of(names) is None) \
            or (formats is not None and formats_of(formats) is None) \
            or (names is None) != (formats is None):
        return None
    return stamp, Entry(digest, names, formats, data.get("header"))


@cache
def shipped(folder: Path) -> dict[str, Entry]:
    """The ready catalogue shipped beside the built-in pools (file name -> entry), or none."""
    try:
        data = json.loads((folder / READY / "catalogue.json").read_bytes())
    except (OSError, ValueError):
        return {}
    if type(data) is not dict or data.get("format") != READY_FORMAT \
            or type(data.get("pools")) is not dict:
        return {}
    found: dict[str, Entry] = {}
    for name, item in data["pools"].items():
        if type(item) is dict and type(item.get("hash")) is str \
                and names_of(item.get("names")) and formats_of(item.get("formats")) is not None:
            found[name] = Entry(item["hash"], item["names"], item["formats"], item.get("header"))
    return found


class Catalogue:
    """The catalogue of one run: each pool file's entry, read once, written when it changed."""

    def __init__(self, shipped_folder: Path | None = None) -> None:
        self.now = time.time_ns()
        self.shipped_folder = shipped_folder
        self._known: dict[str, Entry] = {}
        self._data: dict[str, bytes] = {}

    def _name(self, path: Path) -> str:
        return CATALOGUE.entry(str(path.resolve()), path.stem)

    def entry(self, path: Path) -> tuple[Entry, bytes | None]:
        """A pool file's entry, and its bytes when they had to be read (PoolError for a file
        that cannot be read). A settled file whose stamp is its entry's is not read."""
        key = str(path)
        if key in self._known:
            return self._known[key], None
        stamp = file_stamp(key, self.now)
        settled = stamp is not None and stamp != UNSETTLED
        name = self._name(path)
        kept = CATALOGUE.read(name, _entry)
        if kept is not None and settled and kept[0] == stamp:
            self._known[key] = entry = self._or_shipped(path, kept[1])
            return entry, None
        data = read_pool_bytes(path)
        digest = sha256_hex(data)
        entry = kept[1] if kept is not None and kept[1].digest == digest else Entry(digest)
        self._known[key] = entry = self._or_shipped(path, entry)
        self._data[key] = data
        if stamp is not None:  # a settled stamp only if unchanged while it was read
            self._save(path, name, stamp if settled and file_stamp(key, self.now) == stamp
                       else UNSETTLED, entry)
        return entry, data

    def data(self, path: Path) -> bytes:
        """A pool file's bytes, those its entry's hash was taken of (read again when the run
        did not need them before; a file changed since starts its entry again from the new
        bytes, which every later use of the pool in the run sees)."""
        key = str(path)
        entry, data = self.entry(path)
        if data is None:
            data = self._data.get(key)
        if data is None:
            data = read_pool_bytes(path)
            digest = sha256_hex(data)
            if digest != entry.digest:
                self._known[key] = self._or_shipped(path, Entry(digest))
            self._data[key] = data
        return data

    def raw_header(self, path: Path) -> dict[str, Any]:
        """A pool file's header as parsed TOML, from the bytes its entry's hash was taken of
        (PoolError when it cannot be read or parsed)."""
        return parse_header(path, head_of(self.data(path)))

    def known_header(self, path: Path) -> PoolHeader | None:
        """A pool file's header when these very bytes were validated by this very code (a bad
        entry is a miss), else None."""
        entry, _ = self.entry(path)
        return decode_header(entry.header) if entry.header is not None else None

    def header(self, path: Path, raw: dict[str, Any] | None = None) -> PoolHeader:
        """A pool file's validated header: read back from its entry, else validated (from
        `raw`, its parse when already made) and remembered; PoolError naming the field at
        fault."""
        header = self.known_header(path)
        if header is None:
            from deckcli.pools.load import validate_header  # pydantic: only here

            header = validate_header(path, raw if raw is not None else self.raw_header(path))
            self.update(path, header=header)
        return header

    def digest(self, path: Path) -> str:
        """The hash of a pool file's bytes as this run uses them (PoolError when unreadable)."""
        return self.entry(path)[0].digest

    def is_shipped(self, path: Path, digest: str) -> bool:
        """Whether a pool file is a shipped one with the shipped bytes."""
        return self._shipped(path, digest) is not None

    def _or_shipped(self, path: Path, entry: Entry) -> Entry:
        """The shipped entry of a built-in pool whose bytes are the shipped ones."""
        if entry.names is None or entry.header is None:
            return self._shipped(path, entry.digest) or entry
        return entry

    def _shipped(self, path: Path, digest: str) -> Entry | None:
        if self.shipped_folder is None or path.parent != self.shipped_folder:
            return None
        ready = shipped(self.shipped_folder).get(path.name)
        return ready if ready is not None and ready.digest == digest else None

    def update(self, path: Path, names: list[str] | None = None,
               formats: list[str] | None = None, header: PoolHeader | None = None) -> None:
        """Remember what was learnt of a pool file's bytes (its names and format ids, its
        valid header)."""
        entry = self._known.get(str(path))
        if entry is None:
            return
        if names is not None and formats is not None:
            entry.names, entry.formats = names, formats
        if header is not None:
            entry.header = encode(header)
        stamp = file_stamp(path, self.now)
        if stamp is not None:
            self._save(path, self._name(path), stamp, entry)

    def _save(self, path: Path, name: str, stamp: str, entry: Entry) -> None:
        if self._shipped(path, entry.digest) is entry:
            document: dict[str, Any] = {"format": CATALOGUE.format, "stamp": stamp,
                                        "hash": entry.digest}  # the rest is shipped
        else:
            document = {"format": CATALOGUE.format, "stamp": stamp, "hash": entry.digest,
                        "names": entry.names, "formats": entry.formats,
                        "header": entry.header}
        with contextlib.suppress(TypeError, ValueError):  # a value JSON cannot hold: not kept
            CATALOGUE.write(name, dumps(document))
