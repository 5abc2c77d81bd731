"""A disk cache of loaded pools, so a 2,500-card pool loads in milliseconds.

The cache file is a pickle named after the pool's path, size, modification time, the
deckcli version and the state of the modules whose objects it holds; any change to the pool
file or to deckcli makes a new entry. A cache that
cannot be read or written is ignored: the pool is then parsed from its TOML as usual.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from deckcli import __version__

T = TypeVar("T")
CACHE_ENV = "DECKCLI_CACHE"


def cache_dir() -> Path | None:
    """$DECKCLI_CACHE (empty or 'off' disables), else $XDG_CACHE_HOME/deckcli, else ~/.cache."""
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        return None if configured in ("", "off", "0") else Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deckcli"


def code_stamp() -> str:
    """Size and mtime of the modules whose classes are pickled: a code change is a new key."""
    from deckcli import models, pools

    stamps = (Path(module.__file__).stat() for module in (models, pools))
    return ",".join(f"{st.st_size}:{st.st_mtime_ns}" for st in stamps)


def cache_path(source: Path, folder: Path) -> Path:
    stat = source.stat()
    key = f"{source.resolve()}|{stat.st_size}|{stat.st_mtime_ns}|{__version__}|{code_stamp()}"
    digest = hashlib.sha256(key.encode()).hexdigest()[:24]
    return folder / f"{source.stem}-{digest}.pickle"


def load_cached(source: Path, load: Callable[[Path], T]) -> T:
    """`load(source)`, through the cache when one is usable."""
    folder = cache_dir()
    if folder is None:
        return load(source)
    try:
        target = cache_path(source, folder)
    except OSError:
        return load(source)
    cached = _read(target)
    if cached is not None:
        return cached
    value = load(source)
    _store(target, value)
    return value


def _read(target: Path) -> object | None:
    """A cached value, or None when there is none or it cannot be used."""
    try:
        with target.open("rb") as handle:
            return pickle.load(handle)
    except Exception:  # missing, stale or corrupt: rebuilt from the TOML, never fatal
        return None


def _store(target: Path, value: object) -> None:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".pool-")
        with os.fdopen(fd, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
    except (OSError, pickle.PicklingError):
        pass
