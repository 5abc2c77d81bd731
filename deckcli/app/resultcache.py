"""A cache of verdicts, as ruff keeps one: an unchanged deck is not read, parsed or judged again.

One JSON file per run key, in the pool cache's folder (`results/` under it, with the same
protections: 0700, not used when another user owns it or others may write to it). The key
hashes what can change a verdict besides the deck itself: deckcli's version and the size and
time of every one of its modules, `Settings.verdict_key()`, the bytes of every pool file of the
run (built-in and user pools), the working folder (reports show paths as given). In the file,
each deck path has one entry: a hash of the file's bytes, whether it was named on the command
line, and its result as plain data. An entry whose hash differs is a miss and is replaced;
entries of files that no longer exist are dropped; result files of other keys are removed
when unused for `MAX_AGE_DAYS` or beyond the newest `MAX_FILES`.

Nothing read here runs code: an entry is JSON whose every value is type-checked (and whose
text may hold no control character) before it becomes a `DeckResult`; anything else is a miss.
`--no-cache` and `DECKCLI_CACHE=off` turn it off.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from deckcli import __version__
from deckcli.app.resultdata import from_data, to_data
from deckcli.app.scan import Skip, Target
from deckcli.app.settings import Settings
from deckcli.formats.read import read_limited
from deckcli.model.result import DeckResult
from deckcli.pools.cache import cache_dir, read_entry, usable_dir
from deckcli.pools.registry import PoolRegistry

FORMAT = 2  # bump when the layout of an entry changes
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


def pool_digests(registry: PoolRegistry) -> list[list[str]]:
    """Every pool file of the run (broken ones too) and a hash of its bytes."""
    paths = sorted({str(source.path) for source in [*registry.sources.values(),
                                                      *registry.broken]})
    digests = []
    for path in paths:
        try:
            with open(path, "rb") as handle:
                digest = hashlib.file_digest(handle, "sha256").hexdigest()
        except OSError as exc:
            digest = f"unreadable: {exc.errno}"
        digests.append([path, digest])
    return digests


def results_dir(base: Path) -> Path:
    """Where the result files live in the cache folder (a test suite gives each test its own:
    a monkeypatched function is no change of code that a key could see)."""
    return base / "results"


def file_digest(path: Path) -> str | None:
    """A hash of a deck file's bytes (bounded, never blocking), or None when it cannot be read."""
    try:
        return hashlib.sha256(read_limited(path)).hexdigest()
    except OSError:
        return None


class ResultCache:
    """The entries of one run key: path -> "HASH EXPLICIT DATA" (the bytes' hash, 1 when named
    on the command line, the result as JSON): one string each, parsed only when asked for, so
    a repository of 20,000 decks does not hold 20,000 trees of lists."""

    def __init__(self, path: Path, entries: dict[str, object]) -> None:  # see _lines
        self.path = path
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
        key = json.dumps([FORMAT, code_stamp(), settings.verdict_key(), pool_digests(registry),
                          os.getcwd()], ensure_ascii=True, default=str)
        path = folder / f"{hashlib.sha256(key.encode()).hexdigest()[:32]}.json"
        data = read_entry(path, MAX_FILE_BYTES)
        entries = data.get("entries") if isinstance(data, dict) and data.get(
            "format") == FORMAT else None
        return cls(path, entries if isinstance(entries, dict) else {})

    def get(self, target: Target, digest: str | None) -> Checked | None:
        """The cached result of a target whose bytes hash to `digest`, or None (a miss)."""
        if digest is None or target.problems:
            return None
        key = str(target.path)
        entry = self.entries.get(key)
        if type(entry) is not str or not entry.startswith(f"{digest} {int(target.explicit)} "):
            return None
        try:
            result = from_data(json.loads(entry[len(digest) + 3:]))
        except (ValueError, RecursionError):
            return None
        if result is not None:  # the text is dropped: the result itself is written back
            self.entries[key] = (digest, target.explicit, result)
        return result

    def put(self, target: Target, digest: str | None, result: Checked) -> None:
        """Keep a result, unless the file changed while it was checked."""
        if digest is None or target.problems or file_digest(target.path) != digest:
            return
        self.entries[str(target.path)] = (digest, target.explicit, result)
        self.changed = True

    def save(self, seen: set[str]) -> None:
        """Write the entries back (those of vanished files dropped), then evict old files."""
        gone = [path for path in self.entries
                if path not in seen and not os.path.lexists(path)]
        for path in gone:
            del self.entries[path]
        if self.changed or gone:
            write_atomic(self.path, self._lines())
        else:
            with contextlib.suppress(OSError):
                os.utime(self.path)  # in use: not evicted as unused
        evict(self.path.parent, keep=self.path)

    def _lines(self) -> Iterator[str]:
        """The file's JSON, an entry at a time (no one string of 20,000 entries)."""
        yield f'{{"format":{FORMAT},"entries":{{'
        separator = ""
        for path, entry in self.entries.items():
            if type(entry) is tuple:
                digest, explicit, result = entry
                data = json.dumps(to_data(result), ensure_ascii=True, separators=(",", ":"))
                entry = f"{digest} {int(explicit)} {data}"
            yield f"{separator}{json.dumps(path)}:{json.dumps(entry)}"
            separator = ",\n"
        yield "}}\n"


def write_atomic(target: Path, chunks: Iterable[str]) -> None:
    """Write text to a temporary file beside the target, then rename it over; failures pass."""
    tmp = None
    try:
        import tempfile  # only to write: random and shutil cost at start-up

        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".results-", suffix=".tmp")
        with open(fd, "w", encoding="ascii") as handle:
            handle.writelines(chunks)
        os.replace(tmp, target)
        tmp = None
    except (OSError, ValueError):
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


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
    digests = [file_digest(target.path) for target in targets]
    found = [cache.get(target, digest) for target, digest in zip(targets, digests, strict=True)]
    misses = [index for index, result in enumerate(found) if result is None]
    fresh = check([targets[index] for index in misses])
    for index, target in enumerate(targets):
        result = found[index]
        if result is None:
            result = next(fresh)
            cache.put(target, digests[index], result)
        if index == len(targets) - 1:  # saved before the last is handed over: the caller
            cache.save({str(target.path) for target in targets})  # may not ask for more
        yield result
