"""The cache folder deckcli keeps pools and results in: where it is, whether it is safe to
use, and reading one of its files without trusting it (no link followed, no blocking, bounded).
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from deckcli.errors import UserError
from deckcli.escape import escape_controls
from deckcli.i18n import _

CACHE_ENV = "DECKCLI_CACHE"
_warned: set[str] = set()
OFF_WORDS = frozenset(("", "off", "0", "false", "no", "none", "disable", "disabled"))


def cache_dir() -> Path | None:
    """$DECKCLI_CACHE (empty, 'off', 'false', '0', 'no' or 'none', in any case, disables; else
    an absolute folder), else $XDG_CACHE_HOME/deckcli, else ~/.cache/deckcli."""
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        if configured.strip().lower() in OFF_WORDS:
            return None
        folder = Path(os.path.expanduser(configured))
        if not folder.is_absolute():
            raise UserError(_("{cache_env}={configured} is a relative path, which would "
                              "put a cache wherever deckcli runs; give an absolute folder, "
                              "or off to turn the cache off").format(
                                cache_env=CACHE_ENV, configured=escape_controls(repr(configured))))
        return folder
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deckcli"


def usable_dir(folder: Path | None) -> Path | None:
    """The cache folder, created 0700; None when there is none or it is not safe to use."""
    if folder is None:
        return None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.stat(folder, follow_symlinks=False)
    except OSError:
        return None
    problem = None
    if not stat.S_ISDIR(info.st_mode):
        problem = "it is not a folder"
    elif hasattr(os, "getuid") and info.st_uid != os.getuid():
        problem = "another user owns it"
    elif info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        problem = "other users may write to it"
    if problem is None:
        return folder
    if str(folder) not in _warned:
        _warned.add(str(folder))
        sys.stderr.write(f"deckcli: warning: pool cache {folder} not used: {problem}\n")
    return None


def read_entry(target: Path, max_bytes: int, accept: Callable[[bytes], bool] | None = None
               ) -> object | None:
    """The JSON data of a cache file, or None when it is missing, not a regular file (opened
    without following a link or blocking), larger than `max_bytes`, refused by `accept` (given
    its bytes) or not JSON."""
    fd = open_entry(target, max_bytes)
    if fd is None:
        return None
    try:
        data = read_fd(fd, max_bytes + 1)
        if accept is not None and not accept(data):
            return None
        loaded: object = json.loads(data)
        return loaded
    except (OSError, ValueError, RecursionError):
        return None
    finally:
        os.close(fd)


def open_entry(target: Path, max_bytes: int) -> int | None:
    """A descriptor of a cache file opened for reading, or None when it is missing, not a
    regular file (opened without following a link or blocking) or larger than `max_bytes`."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(target, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if stat.S_ISREG(info.st_mode) and info.st_size <= max_bytes:
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


def read_fd(fd: int, limit: int) -> bytes:
    """At most `limit` bytes from an open file descriptor."""
    chunks: list[bytes] = []
    while limit > 0 and (chunk := os.read(fd, min(limit, 1 << 20))):
        chunks.append(chunk)
        limit -= len(chunk)
    return b"".join(chunks)


def write_entry(target: Path, text: str | Iterable[str]) -> bool:
    """Write a cache file atomically, from one string or piece by piece (a temporary file
    beside it, named by a random token, then renamed; its folder made 0700 if missing); False
    when it cannot be written, which only costs the next run the work again."""
    folder = target.parent
    tmp = folder / f".{target.name}.{os.urandom(6).hex()}.tmp"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        with open(os.open(tmp, flags, 0o600), "w", encoding="utf-8", newline="\n") as handle:
            handle.writelines([text] if isinstance(text, str) else text)
        os.replace(tmp, target)
    except (OSError, ValueError):  # ValueError: text no file can hold (a lone surrogate)
        with contextlib.suppress(OSError):
            tmp.unlink()
        return False
    return True


def keep_newest(folder: Path, count: int) -> None:
    """Remove all but the newest `count` entries (`*.json`) of a cache folder, and temporary
    files a killed run left over an hour ago."""
    try:
        with os.scandir(folder) as listing:
            found = [(entry.stat(follow_symlinks=False).st_mtime, entry.name)
                     for entry in listing]
    except OSError:
        return
    entries = sorted(((mtime, name) for mtime, name in found if name.endswith(".json")),
                     reverse=True)
    stale = [(mtime, name) for mtime, name in found
             if name.endswith(".tmp") and time.time() - mtime > 3600]
    for _stamp, name in entries[count:] + stale:
        with contextlib.suppress(OSError):
            os.unlink(folder / name)
