"""A cache of verdicts, as ruff keeps one: an unchanged deck is not read, parsed or judged again.

One file per run key, in the pool cache's folder (`results/` under it, with the same
protections: 0700, not used when another user owns it or others may write to it). The key is
what can change a verdict besides the deck itself: deckcli's version and the size and time of
every one of its modules, `Settings.verdict_key()`, a hash of the bytes of every pool file of
the run (built-in and user pools; remembered with the pool's stamp), the working folder
(reports show paths as given). The file is named by a hash of the key; its first line is JSON
holding the key itself (another key is a miss), then a line per deck path (`read_entries`):
a hash of the file's bytes, its stamp (size, times, inode, device; "-" when it changed moments
ago), whether it was named on the command line, and its result as plain data. A file whose
stamp is the entry's is not read; otherwise its bytes are hashed, and a hash that differs is a
miss and is replaced; entries of files that no longer exist are dropped; result files of other
keys are removed when unused for `MAX_AGE_DAYS` or beyond the newest `MAX_FILES`.

Nothing read here runs code: an entry is JSON whose every value is type-checked (and whose
text may hold no control character) before it becomes a `DeckResult`; anything else is a miss.
`--no-cache` and `DECKCLI_CACHE=off` turn it off.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from deckcli import __version__
from deckcli.app.resultdata import from_data, to_data
from deckcli.app.scan import Skip, Target
from deckcli.app.settings import Settings
from deckcli.formats.read import read_limited
from deckcli.io.cachedir import cache_dir, open_entry, usable_dir, write_entry
from deckcli.io.stamps import MEMO_FILE, UNSETTLED, DigestMemo, file_stamp, sha256_hex
from deckcli.model.result import DeckResult
from deckcli.pools.poolfile import PoolError, read_pool_bytes
from deckcli.pools.registry import PoolRegistry

FORMAT = 5  # bump when the layout of the file or an entry changes
MAX_AGE_DAYS = 30
MAX_FILES = 16
MAX_FILE_BYTES = 256 * 1024 * 1024
PACKAGE = Path(__file__).resolve().parent.parent

Checked = DeckResult | Skip


def code_stamp() -> list[str]:
    """deckcli's version and the size and time of each of its modules: any edit is a new key."""
    stamps = [__version__]
    for folder, _, files in sorted(os.walk(PACKAGE)):
        for name in sorted(files):
            if name.endswith(".py"):
                info = os.stat(os.path.join(folder, name))
                stamps.append(f"{folder[len(str(PACKAGE)):]}/{name}:{info.st_size}:"
                              f"{info.st_mtime_ns}")
    return stamps


def pool_digests(registry: PoolRegistry, memo: DigestMemo) -> list[list[str]]:
    """Every pool file of the run (broken ones too) and a hash of its bytes (remembered with
    its stamp: a settled pool file is not read)."""
    digests = []
    for path in sorted({str(path) for path in registry.files}):
        try:  # opened without blocking, regular files only: a FIFO named like a pool
            digest = memo.digest(Path(path), read_pool_bytes)[0]  # never hangs
        except PoolError as exc:
            digest = f"unreadable: {exc}"
        digests.append([path, digest])
    memo.save()
    return digests


def results_dir(base: Path) -> Path:
    """Where the result files live in the cache folder (a test suite gives each test its own:
    a monkeypatched function is no change of code that a key could see)."""
    return base / "results"


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

    def __init__(self, path: Path, key: str, entries: dict[str, object]) -> None:  # _lines
        self.path = path
        self.key = key
        self.entries = entries
        self.changed = False

    @classmethod
    def open(cls, settings: Settings, registry: PoolRegistry) -> ResultCache | None:
        """The cache of this run's key, or None when caching is off or the folder unusable."""
        base = usable_dir(cache_dir())
        if base is None:
            return None
        folder = results_dir(base)
        try:
            folder.mkdir(mode=0o700, exist_ok=True)
        except OSError:
            return None
        key = json.dumps([FORMAT, code_stamp(), settings.verdict_key(),
                          pool_digests(registry, DigestMemo(base / MEMO_FILE)), os.getcwd()],
                         ensure_ascii=True, default=str)
        path = folder / f"{sha256_hex(key.encode())[:32]}.json"  # the key inside decides
        return cls(path, key, read_entries(path, key))

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
        if result is not None:  # the text is dropped: the result itself is written back
            self.entries[key] = (digest, stamp, target.explicit, result)
            self.changed = self.changed or parts[1] != stamp  # a settled stamp to remember
        return result, digest

    def put(self, target: Target, digest: str | None, stamp: str | None,
            result: Checked) -> None:
        """Keep a result, unless the file changed while it was checked."""
        if digest is None or stamp is None or target.problems:
            return
        now = file_stamp(target.path, time.time_ns())
        if stamp == UNSETTLED or now != stamp:  # only bytes can tell
            if file_digest(target.path) != digest:
                return
            stamp = UNSETTLED
        self.entries[str(target.path)] = (digest, stamp, target.explicit, result)
        self.changed = True

    def save(self, seen: set[str]) -> None:
        """Write the entries back (those of vanished files dropped), then evict old files."""
        gone = [path for path in self.entries
                if path not in seen and not os.path.lexists(path)]
        for path in gone:
            del self.entries[path]
        if self.changed or gone:
            write_entry(self.path, self._lines())
        else:
            with contextlib.suppress(OSError):
                os.utime(self.path)  # in use: not evicted as unused
        evict(self.path.parent, keep=self.path)

    def _lines(self) -> Iterator[str]:
        """The file, an entry at a time (no one string of 20,000 entries): a line of JSON with
        the format and the key, then a line per deck, "PATH<tab>ENTRY" (see `read_entries`)."""
        yield json.dumps({"format": FORMAT, "key": self.key}) + "\n"
        for path, entry in self.entries.items():
            if type(entry) is tuple:  # a result of this run, held by the report anyway
                digest, stamp, explicit, result = entry
                data = json.dumps(to_data(result), ensure_ascii=True, separators=(",", ":"))
                entry = f"{digest} {stamp} {int(explicit)} {data}"
            shown = path if path.isprintable() and not path.startswith('"') else json.dumps(path)
            yield f"{shown}\t{entry}\n"


def read_entries(path: Path, key: str) -> dict[str, object]:
    """The entries of a results file written for `key`, line by line (a file of 20,000 decks
    is never one string in memory); none when it is another key's, unreadable or not text.

    A path that is printable and does not start with a quote is written as it is (no tab,
    no line break can be in it); any other as a JSON string. An entry stays text until its
    deck asks for it; a line of another shape is left out (its deck is a miss)."""
    fd = open_entry(path, MAX_FILE_BYTES)
    if fd is None:
        return {}
    entries: dict[str, object] = {}
    try:
        with open(fd, encoding="utf-8", newline="\n") as handle:
            head = json.loads(handle.readline())
            if type(head) is not dict or head.get("format") != FORMAT or head.get("key") != key:
                return {}
            for line in handle:
                shown, tab, entry = line.rstrip("\n").partition("\t")
                if not tab:
                    continue
                if shown.startswith('"'):
                    shown = json.loads(shown)
                    if type(shown) is not str:
                        continue
                entries[shown] = entry
    except (OSError, ValueError, RecursionError):  # not UTF-8, not JSON: all a miss
        return {}
    return entries


def evict(folder: Path, keep: Path) -> None:
    """Remove result files unused for MAX_AGE_DAYS, and all but the newest MAX_FILES."""
    try:
        files = sorted(((entry.stat(follow_symlinks=False).st_mtime, Path(entry.path))
                        for entry in os.scandir(folder) if entry.name.endswith(".json")),
                       reverse=True)
    except OSError:
        return
    oldest = time.time() - MAX_AGE_DAYS * 86400
    for rank, (mtime, path) in enumerate(files):
        if path != keep and (rank >= MAX_FILES or mtime < oldest):
            with contextlib.suppress(OSError):
                path.unlink()


def check_cached(targets: Sequence[Target], check: Callable[[Sequence[Target]], Iterator[Checked]],
                 settings: Settings, registry: PoolRegistry, enabled: bool
                 ) -> Iterator[Checked]:
    """The result of every target, in order: cached ones from the cache, the others from
    `check` (given only the misses), which are then kept."""
    cache = ResultCache.open(settings, registry) if enabled else None
    if cache is None:
        yield from check(targets)
        return
    now = time.time_ns()
    found: list[Checked | None] = []
    missed: dict[int, tuple[str | None, str | None]] = {}  # index -> (hash, stamp)
    for index, target in enumerate(targets):
        stamp = file_stamp(target.path, now)
        result, digest = cache.get(target, stamp)
        found.append(result)
        if result is None:
            missed[index] = (digest, stamp)
    fresh = check([targets[index] for index in missed])
    for index, target in enumerate(targets):
        result = found[index]
        if result is None:
            result = next(fresh)
            cache.put(target, *missed[index], result)
        if index == len(targets) - 1:  # saved before the last is handed over: the caller
            cache.save({str(target.path) for target in targets})  # may not ask for more
        yield result
