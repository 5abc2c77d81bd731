"""A cache of verdicts, as ruff keeps one: an unchanged deck is not read, parsed or judged again.

One entry per run key, in the cache folder's `results` store (`io.cachestore`). The key is
what can change a verdict besides the deck itself: deckcli's version and the size and time of
every one of its modules (the store's code stamp), `Settings.verdict_key()`, a hash of the
bytes of every pool file of the run (built-in and user pools; remembered with the pool's
stamp in its catalogue entry), the working folder (reports show paths as given). The file is
named by a hash of the key; its first line is JSON holding the key itself (another key is a
miss), then a line per deck path (`read_entries`):
a hash of the file's bytes, its stamp (size, times, inode, device; "-" when it changed moments
ago), whether it was named on the command line, and its result as plain data. A file whose
stamp is the entry's is not read; otherwise its bytes are hashed, and a hash that differs is a
miss and is replaced; entries of files that no longer exist are dropped; result files of other
keys are removed when unused for 30 days or beyond the newest 16. A result is kept under the
hash of the very bytes that were judged, and only when every pool the run used still has the
bytes its key names.

Nothing read here runs code: an entry is JSON whose every value is type-checked (and whose
text may hold no control character) before it becomes a `DeckResult`, and a result naming a
game or format the run does not know is a miss too; anything else is a miss.
`--no-cache` and `DECKCLI_CACHE=off` turn it off.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO

from deckcli.app.resultdata import from_data, to_data
from deckcli.app.scan import Skip, Target
from deckcli.app.settings import Settings
from deckcli.formats.read import read_limited
from deckcli.i18n import language_stamp
from deckcli.io.cachestore import Store
from deckcli.io.stamps import UNSETTLED, file_stamp, sha256_hex
from deckcli.model.result import DeckResult
from deckcli.pools.poolfile import PoolError
from deckcli.pools.registry import PoolRegistry

RESULTS = RESULTS_STORE = Store("results", format=6, code=(".",), bound=16,
                                max_bytes=256 * 1024 * 1024, max_age_days=30)

Checked = DeckResult | Skip


def pool_digests(registry: PoolRegistry) -> list[list[str]]:
    """Every pool file of the run (broken ones too) and a hash of its bytes (remembered with
    its stamp in its catalogue entry: a settled pool file is not read)."""
    digests = []
    for path in sorted({path for path in registry.files}, key=str):
        try:  # opened without blocking, regular files only: a FIFO named like a pool
            digest = registry.catalogue.digest(path)  # never hangs
        except PoolError as exc:
            digest = f"unreadable: {exc}"
        digests.append([str(path), digest])
    return digests


def file_digest(path: Path) -> str | None:
    """A hash of a deck file's bytes (bounded, never blocking), or None when it cannot be read."""
    try:
        return sha256_hex(read_limited(path))
    except OSError:
        return None


class ResultCache:
    """The entries of one run key: path -> "HASH STAMP EXPLICIT DATA" (the bytes' hash, the
    file's stamp or "-", 1 when named on the command line, the result as JSON): one string
    each, parsed only when asked for, so a repository of 20,000 decks does not hold 20,000
    trees of lists."""

    def __init__(self, name: str, key: str, entries: dict[str, object],
                 registry: PoolRegistry, pools: list[list[str]]) -> None:
        self.name = name
        self.key = key
        self.entries = entries
        self.registry = registry
        self.pools = pools
        self.changed = False
        self._places: dict[tuple[str | None, str | None], bool] = {}

    @classmethod
    def open(cls, settings: Settings, registry: PoolRegistry) -> ResultCache | None:
        """The cache of this run's key, or None when caching is off or the folder unusable."""
        if not RESULTS.usable():
            return None
        pools = pool_digests(registry)
        # the messages of a result are in the run's language: a key of their own per language
        key = json.dumps([RESULTS.format, language_stamp(), settings.verdict_key(), pools,
                          os.getcwd()],
                         ensure_ascii=True, default=str)
        name = RESULTS.entry(key)  # named with the code stamp too; the key inside decides
        entries = RESULTS.read_lines(name, lambda handle: read_entries(handle, key))
        return cls(name, key, entries or {}, registry, pools)

    def known_place(self, result: Checked) -> bool:
        """Whether a cached result names a game and format this run knows (a tampered or
        stale entry naming another is a miss, never a KeyError in a report)."""
        if not isinstance(result, DeckResult) or result.game is None:
            return True
        place = (result.game, result.format)
        if place not in self._places:
            game = self.registry.resolve_id(result.game)
            self._places[place] = game == result.game and (
                result.format is None or result.format in self.registry.format_ids(game))
        return self._places[place]

    def get(self, target: Target, stamp: str | None) -> tuple[Checked | None, str | None]:
        """The cached result of a target (None: a miss) and the hash of its bytes (None when
        it cannot be read). A file whose stamp is the entry's is not read again."""
        if stamp is None or target.problems:
            return None, None
        key = str(target.path)
        entry = self.entries.get(key)
        parts = entry.split(" ", 3) if type(entry) is str else []
        digest: str | None
        if len(parts) == 4 and stamp != UNSETTLED and parts[1] == stamp:
            digest = parts[0]
        else:
            digest = file_digest(target.path)
            if digest is None or len(parts) != 4 or parts[0] != digest:
                return None, digest
        if parts[2] != ("1" if target.explicit else "0"):
            return None, digest
        try:
            result = from_data(json.loads(parts[3]))
        except (ValueError, RecursionError):
            return None, digest
        if result is not None and not self.known_place(result):
            result = None
        if result is not None and parts[1] != stamp:  # a settled stamp to remember: the
            self.entries[key] = (digest, stamp, target.explicit, result)  # entry is written
            self.changed = True  # anew (else its text stays as read: nothing more is held)
        return result, digest

    def put(self, target: Target, stamp: str | None, result: Checked) -> None:
        """Keep a result under the hash of the bytes that were judged (none: not kept), unless
        the file changed while it was checked (its stamp moved, or, for a file changed moments
        ago, its bytes are no longer those judged)."""
        digest, result._digest = result._digest, None
        if digest is None or stamp is None or target.problems:
            return
        if stamp == UNSETTLED:  # only bytes can tell: those on disk now must be those judged
            if file_digest(target.path) != digest:
                return
        elif file_stamp(target.path, time.time_ns()) != stamp:
            return  # changed while it was checked: not kept
        self.entries[str(target.path)] = (digest, stamp, target.explicit, result)
        self.changed = True

    def save(self, seen: set[str]) -> None:
        """Write the entries back (those of vanished files dropped), then evict old files;
        nothing when a pool the run used is not the pool its key names (edited meanwhile)."""
        if pool_digests(self.registry) != self.pools:
            return
        gone = [path for path in self.entries
                if path not in seen and not os.path.lexists(path)]
        for path in gone:
            del self.entries[path]
        if self.changed or gone:
            RESULTS.write(self.name, self._lines())
        else:
            RESULTS.touch(self.name)  # in use: not evicted as unused

    def _lines(self) -> Iterator[str]:
        """The file, an entry at a time (no one string of 20,000 entries): a line of JSON with
        the format and the key, then a line per deck, "PATH<tab>ENTRY" (see `read_entries`)."""
        yield json.dumps({"format": RESULTS.format, "key": self.key}) + "\n"
        for path, entry in self.entries.items():
            if type(entry) is tuple:  # a result of this run, held by the report anyway
                digest, stamp, explicit, result = entry
                data = json.dumps(to_data(result), ensure_ascii=True, separators=(",", ":"))
                entry = f"{digest} {stamp} {int(explicit)} {data}"
            shown = path if path.isprintable() and not path.startswith('"') else json.dumps(path)
            yield f"{shown}\t{entry}\n"


def read_entries(handle: IO[str], key: str) -> dict[str, object]:
    """The entries of a results file written for `key`, line by line (a file of 20,000 decks
    is never one string in memory); none when it is another key's.

    A path that is printable and does not start with a quote is written as it is (no tab,
    no line break can be in it); any other as a JSON string. An entry stays text until its
    deck asks for it; a line of another shape is left out (its deck is a miss)."""
    head = json.loads(handle.readline())
    if type(head) is not dict or head.get("format") != RESULTS.format or head.get("key") != key:
        return {}
    entries: dict[str, object] = {}
    for line in handle:
        shown, tab, entry = line.rstrip("\n").partition("\t")
        if not tab:
            continue
        if shown.startswith('"'):
            shown = json.loads(shown)
            if type(shown) is not str:
                continue
        entries[shown] = entry
    return entries


def check_cached(targets: Sequence[Target], check: Callable[[Sequence[Target]], Iterator[Checked]],
                 settings: Settings, registry: PoolRegistry, enabled: bool
                 ) -> Iterator[Checked]:
    """The result of every target, in order: cached ones from the cache, the others from
    `check` (given only the misses), which are then kept."""
    cache = ResultCache.open(settings, registry) if enabled else None
    if cache is None:
        for result in check(targets):
            result._digest = None
            yield result
        return
    now = time.time_ns()
    found: list[Checked | None] = []
    missed: dict[int, str | None] = {}  # index -> stamp
    for index, target in enumerate(targets):
        stamp = file_stamp(target.path, now)
        hit, _ = cache.get(target, stamp)
        found.append(hit)
        if hit is None:
            missed[index] = stamp
    fresh = check([targets[index] for index in missed])
    for index, target in enumerate(targets):
        result = found[index] or next(fresh)
        if found[index] is None:
            cache.put(target, missed[index], result)
        if index == len(targets) - 1:  # saved before the last is handed over: the caller
            cache.save({str(target.path) for target in targets})  # may not ask for more
        yield result
