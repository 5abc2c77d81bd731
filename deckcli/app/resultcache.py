"""A cache of verdicts, as ruff keeps one: an unchanged deck is not read, parsed or judged again.

One entry per run key, in the cache folder's `results` store (`io.cachestore`). The key is
what can change a verdict besides the deck itself: deckcli's version and the size and time of
every one of its modules (the store's code stamp), `Settings.verdict_key()`, a hash of the
bytes of every pool file of the run (built-in and user pools; remembered with the pool's
stamp in its catalogue entry), the working folder (reports show paths as given). The file is
named by a hash of the key; its first line is JSON holding the key itself (another key is a
miss), then a line per deck path (`_entries`):
a hash of the file's bytes, its stamp (size, times, inode, device; "-" when it changed moments
ago), whether it was named on the command line, and its result (`resultdata`: the deck's line
of the JSON report, which a JSON report of a re-check writes as it is). A file whose
stamp is the entry's is not read; otherwise its bytes are hashed, and a hash that differs is a
miss and is replaced; entries of files that no longer exist are dropped when the file is next
written (a check of one deck does not look at 20,000 other paths); result files of other
keys are removed when unused for 30 days or beyond the newest 16. A result is kept under the
hash of the very bytes that were judged, and only when every pool the run used still has the
bytes its key names.

Nothing read here runs code: an entry must be exactly what deckcli's JSON encoder writes
(`resultdata.ENTRY`: every value of its type, no text holding a control character) before it
becomes a `DeckResult`, and a result naming a game or format the run does not know is a miss
too; anything else is a miss.
`--no-cache` and `DECKCLI_CACHE=off` turn it off.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from deckcli.app.resultdata import decoded_place, entry_data, from_entry
from deckcli.app.scan import Skip, Target, drained
from deckcli.app.settings import Settings
from deckcli.formats.read import read_limited
from deckcli.i18n import language_stamp
from deckcli.io.cachestore import Store
from deckcli.io.stamps import UNSETTLED, file_stamp, sha256_hex
from deckcli.model.result import DeckResult
from deckcli.pools.poolfile import PoolError
from deckcli.pools.registry import PoolRegistry

RESULTS = RESULTS_STORE = Store("results", format=7, code=(".",), bound=16,
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
    """The result file of one run key, a line per deck: "PATH<tab>HASH STAMP EXPLICIT DATA"
    (the bytes' hash, the file's stamp or "-", 1 when named on the command line, the result
    as JSON). It is read a line at a time and only each target's result is kept (the report
    holds those anyway), so a repository of 20,000 decks never holds the file's lines; writing
    it back streams the old file again, changing only the lines this run changed."""

    def __init__(self, name: str, key: str, registry: PoolRegistry,
                 pools: list[list[str]]) -> None:
        self.name = name
        self.key = key
        self.registry = registry
        self.pools = pools
        self.changed = False  # a line to drop (one of another shape)
        self.fresh: dict[str, str] = {}  # path -> its new line's entry (results of this run)
        self.index: dict[str, int] = {}  # path -> its place among this run's targets
        self._places: dict[tuple[str, str], tuple[str | None, str | None] | None] = {}

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
        return cls(name, key, registry, pools)

    def place(self, game: str, deck_format: str) -> tuple[str | None, str | None] | None:
        """The game and format a cached line names (as JSON there), decoded, when this run
        knows them, else None (a tampered or stale entry naming another is a miss, never a
        KeyError in a report); each pair decoded once a run."""
        written = (game, deck_format)
        if written not in self._places:
            place = decoded_place(game, deck_format)
            known = place[0] is None or (
                self.registry.resolve_id(place[0]) == place[0]
                and (place[1] is None or place[1] in self.registry.format_ids(place[0])))
            self._places[written] = place if known else None
        return self._places[written]

    def lookup(self, targets: Sequence[Target], now: int
               ) -> tuple[list[Checked | None], dict[int, str | None]]:
        """The cached result of each target (None: a miss), the file read a line at a time;
        a line of another shape is dropped (of a deck that no longer exists: when the file
        is written for another reason, `_lines`). With them,
        the stamp of each miss (by its place), taken before it is judged, for `put`: a file
        is looked at when its line is met, and only the stamps of misses are kept (20,000
        of them are megabytes)."""
        self.index = {target.file: at for at, target in enumerate(targets)}
        found: list[Checked | None] = [None] * len(targets)
        stamps: dict[int, str | None] = {}
        for shown, entry in _entries(RESULTS.lines(self.name), self.key):
            if shown is None:
                self.changed = True
            elif (at := self.index.get(shown)) is not None:
                stamp = file_stamp(shown, now)
                found[at] = self._hit(targets[at], stamp, shown, entry)
                if found[at] is None:
                    stamps[at] = stamp
                elif at in stamps:  # a line written twice: the last one speaks
                    del stamps[at]
        for at, target in enumerate(targets):  # no line, or none that holds
            if found[at] is None and at not in stamps:
                stamps[at] = file_stamp(target.file, now)
        return found, stamps

    def _hit(self, target: Target, stamp: str | None, path: str, entry: str) -> Checked | None:
        """The result of one line, or None (a miss). A file whose stamp is the line's is not
        read again; a hit whose file has a new stamp gets its line written anew."""
        if stamp is None or target.problems:
            return None
        parts = entry.split(" ", 3)
        if len(parts) != 4 or parts[2] != ("1" if target.explicit else "0"):
            return None
        digest: str | None = parts[0]
        if stamp == UNSETTLED or parts[1] != stamp:
            digest = file_digest(target.path)
            if digest is None or parts[0] != digest:
                return None
        result = from_entry(parts[3], path, self.place)
        if result is None:
            return None
        if parts[1] != stamp:  # a settled stamp to remember
            self.fresh[path] = f"{digest} {stamp} {parts[2]} {parts[3]}"
        return result

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
        elif file_stamp(target.file, time.time_ns()) != stamp:
            return  # changed while it was checked: not kept
        data = entry_data(result)
        if data is None:  # it would not be read back: judged again next time
            return
        self.fresh[target.file] = f"{digest} {stamp} {int(target.explicit)} {data}"

    def save(self) -> None:
        """Write the file back when a line changed, else mark it used (eviction keeps what is
        used); nothing when a pool the run used is not the pool its key names (edited
        meanwhile)."""
        if pool_digests(self.registry) != self.pools:
            return
        if self.changed or self.fresh:
            RESULTS.write(self.name, self._lines())
        else:
            RESULTS.touch(self.name)

    def _lines(self) -> Iterator[str]:
        """The file, a line at a time: the key, then the old file's lines with this run's
        changes (vanished decks dropped), then the lines of decks new to it."""
        yield json.dumps({"format": RESULTS.format, "key": self.key}) + "\n"
        for shown, entry in _entries(RESULTS.lines(self.name), self.key):
            if shown is None:
                continue
            if shown in self.fresh:
                entry = self.fresh.pop(shown)
            elif shown not in self.index and not os.path.lexists(shown):
                continue
            yield _line(shown, entry)
        for shown, entry in self.fresh.items():
            yield _line(shown, entry)


def _line(path: str, entry: str) -> str:
    """A path that is printable and does not start with a quote is written as it is (no tab,
    no line break can be in it); any other as a JSON string."""
    shown = path if path.isprintable() and not path.startswith('"') else json.dumps(path)
    return f"{shown}\t{entry}\n"


def _entries(lines: Iterable[str], key: str) -> Iterator[tuple[str | None, str]]:
    """(path, entry) for each line of a results file written for `key` (path None: a line of
    another shape); nothing when the file is another key's or not JSON at its head."""
    lines = iter(lines)
    try:
        head = json.loads(next(lines, "null"))
    except (ValueError, RecursionError):
        return
    if type(head) is not dict or head.get("format") != RESULTS.format or head.get("key") != key:
        return
    for line in lines:
        shown, tab, entry = line.rstrip("\n").partition("\t")
        path: object = shown
        if tab and shown.startswith('"'):
            try:
                path = json.loads(shown)
            except (ValueError, RecursionError):
                path = None
        yield (path if tab and type(path) is str else None), entry


def check_cached(targets: list[Target], check: Callable[[list[Target]], Iterator[Checked]],
                 settings: Settings, registry: PoolRegistry, enabled: bool
                 ) -> Iterator[Checked]:
    """The result of every target, in order: cached ones from the cache, the others from
    `check` (given only the misses, in a list it may empty as it goes), which are then kept."""
    cache = ResultCache.open(settings, registry) if enabled else None
    if cache is None:
        for result in check(targets):
            result._digest = None
            yield result
        return
    found, stamps = cache.lookup(targets, time.time_ns())
    fresh = check([target for target, hit in zip(targets, found, strict=True) if hit is None])
    last = len(targets) - 1
    for index, target in enumerate(drained(targets)):
        result = found[index] or next(fresh)
        if found[index] is None:
            cache.put(target, stamps.pop(index), result)
        found[index] = None  # held by the caller from here on, and the target let go
        if index == last:  # saved before the last is handed over: the caller
            cache.save()  # may not ask for more
        yield result
