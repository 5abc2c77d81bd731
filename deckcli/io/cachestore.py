"""The cache folder: the one module that opens, writes or removes anything in it.

Every kind of entry is a `Store` (its folder's name, its format number, the deckcli modules
its entries depend on, a bound on entries, a bound on an entry's bytes); an entry is named by
its owner's key hashed with the store's format, deckcli's version and ONE code stamp (the size
and time of the modules the store names), so an edit of that code is a new name.

The folder is a closed box (docs/security.md). Its root is opened without following a link
(its parents are the user's own choice) and used only when it is a folder this user owns that
no one else may write to; each store's folder and each entry are then opened, created, renamed
and removed relative to verified folder descriptors (`dir_fd`, `O_NOFOLLOW`, `O_DIRECTORY`),
never following a link at any level, so nothing outside the cache folder is ever written or
removed, whatever a restored or planted folder holds. An entry is read bounded and without
blocking, and what comes back passes one validator (`clean`: no control character, line
separator or lone surrogate, which a report could echo as a forged line, then JSON) before
its owner's codec checks every value; anything else is a miss, never a crash.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

from deckcli import __version__
from deckcli.errors import UserError
from deckcli.escape import escape_controls
from deckcli.i18n import _
from deckcli.io.files import read_fd

T = TypeVar("T")
CACHE_ENV = "DECKCLI_CACHE"
OFF_WORDS = frozenset(("", "off", "0", "false", "no", "none", "disable", "disabled"))
STALE_TEMP_SECONDS = 3600  # a temporary file older than this was left by a killed run
PACKAGE = Path(__file__).resolve().parent.parent
_NEVER_A_LINK = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_DIR = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NEVER_A_LINK
_READ = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _NEVER_A_LINK
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NEVER_A_LINK
_warned: set[str] = set()


def cache_dir() -> Path | None:
    """$DECKCLI_CACHE (empty, 'off', 'false', '0', 'no' or 'none', in any case, disables; else
    an absolute folder), else $XDG_CACHE_HOME/deckcli (absolute, as the XDG specification asks),
    else ~/.cache/deckcli. A relative folder is a usage error: it would put a cache wherever
    deckcli runs (inside a repository, among its decks)."""
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        if configured.strip().lower() in OFF_WORDS:
            return None
        return _absolute(CACHE_ENV, configured)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return _absolute("XDG_CACHE_HOME", xdg) / "deckcli"
    return Path(os.path.expanduser("~")) / ".cache" / "deckcli"


def _absolute(variable: str, value: str) -> Path:
    folder = Path(os.path.expanduser(value))
    if not folder.is_absolute():
        raise UserError(_("{variable}={value} is a relative path, which would put a cache "
                          "wherever deckcli runs; give an absolute folder, or {off} to turn "
                          "the cache off").format(
            variable=variable, value=escape_controls(repr(value)),
            off=("off" if variable == CACHE_ENV else f"{CACHE_ENV}=off")))
    return folder


def _verified(fd: int, where: str) -> int | None:
    """An open folder when this user owns it and no one else may write to it; else it is
    closed (with one warning per folder) and None."""
    try:
        info = os.fstat(fd)
    except OSError:
        info = None
    problem = None
    if info is None or not stat.S_ISDIR(info.st_mode):
        problem = _("it is not a folder")
    elif hasattr(os, "getuid") and info.st_uid != os.getuid():
        problem = _("another user owns it")
    elif info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        problem = _("other users may write to it")
    if problem is None:
        return fd
    os.close(fd)
    if where not in _warned:
        _warned.add(where)
        sys.stderr.write("deckcli: warning: " + _("pool cache {folder} not used: {reason}").format(
            folder=escape_controls(where), reason=problem) + "\n")
    return None


def _open_root() -> int | None:
    """A descriptor of the verified cache root (created 0700), or None."""
    folder = cache_dir()
    if folder is None or os.open not in os.supports_dir_fd:
        return None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        return _verified(os.open(folder, _DIR), str(folder))  # the root is no link either
    except OSError:
        return None


def _open_folder(root: int, name: str, create: bool) -> int | None:
    """A descriptor of a store's folder inside the root, never through a link, or None."""
    if create:
        try:
            os.mkdir(name, 0o700, dir_fd=root)
        except FileExistsError:
            pass
        except OSError:
            return None
    try:  # missing, a link (ELOOP), not a folder (ENOTDIR): None
        return _verified(os.open(name, _DIR, dir_fd=root), os.path.join(str(cache_dir()), name))
    except OSError:
        return None


def code_stamp(modules: tuple[str, ...]) -> str:
    """The one code stamp: deckcli's version and the size and time of each module named
    (paths inside the package; a folder stands for every module under it). Any edit of one
    is a new stamp."""
    parts = [__version__]
    for module in modules:
        place = PACKAGE / module
        if place.is_dir():
            for folder, _, files in sorted(os.walk(place)):
                parts += [_stamp_of(os.path.join(folder, name)) for name in sorted(files)
                          if name.endswith(".py")]
        else:
            parts.append(_stamp_of(str(place)))
    return "|".join(parts)


def _stamp_of(path: str) -> str:
    info = os.stat(path)
    return f"{path[len(str(PACKAGE)):]}:{info.st_size}:{info.st_mtime_ns}"


# searched apart: each starts with a literal byte, which the regex engine looks for fast
_C1 = re.compile(rb"\xc2[\x80-\x9f]")  # U+0080 to U+009F
_SEPARATOR = re.compile(rb"\xe2\x80[\xa8\xa9]")  # U+2028, U+2029


def clean(data: bytes) -> bool:
    """The one guard on what comes back: whether no string of a JSON text can hold a control
    character, line separator or lone surrogate (an ESC, an OSC sequence or a line break that
    a report or `cards` would echo). deckcli writes entries with nothing but backslashes and
    quotes escaped (`ensure_ascii=False`), so any other escape (`\\n`, `\\u001b`), or a raw
    DEL, C1 control or line separator, is a tampered entry (JSON itself refuses a raw C0
    control inside a string). Byte searches and a loop over the backslashes: 3 ms for the
    largest pool."""
    find = data.find
    at = find(b"\\")
    while at >= 0:
        if data[at + 1:at + 2] not in (b"\\", b'"'):
            return False
        at = find(b"\\", at + 2)
    return (b"\x7f" not in data and _SEPARATOR.search(data) is None
            and (b"\xc2" not in data or _C1.search(data) is None))


def dumps(value: object) -> str:
    """JSON as entries are written: compact, text as it is (so `clean` can read it)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


# What deckcli kept in the cache folder before the stores (each a folder of its own): at the
# top, the pool caches' entries (`<pool stem>-<hash>.json`, `<stem>-<tag>-<hash>.json`), the
# stamp memo `pool-stamps` and their temporary files; in `headers/`, parsed and validated pool
# headers (`<hash>.json`, `raw-<hash>.json`). Today's stores never name a file so at the top,
# nor a folder `headers`.
_OLD_TOP = re.compile(r"(?:.+-[0-9a-f]{32}\.json|pool-stamps)\Z", re.DOTALL)
_OLD_HEADERS = re.compile(r"(?:raw-)?[0-9a-f]{32}\.json\Z")
_OLD_TEMP = re.compile(r"\..+\.[0-9a-f]{12}\.tmp\Z", re.DOTALL)
OLD_FOLDERS = ("headers",)


def sweep_old_layout(root: int) -> None:
    """Remove what an earlier deckcli left in the cache folder and no store reads any more
    (`_OLD_TOP`, `OLD_FOLDERS`): only regular files named as deckcli named them, each removed
    relative to the verified root (a link is never followed, nor removed; nothing outside the
    folder is touched), temporary files only once a killed run's would be (an hour old), and an
    old folder only when that leaves it empty. Run when a store's folder is opened to be
    written (every run that may write): one listing of the root, a few names long."""
    try:
        names = os.listdir(root)
    except OSError:
        return
    _remove_old(root, names, _OLD_TOP)
    for name in OLD_FOLDERS:
        if name not in names:
            continue
        try:
            fd = _verified(os.open(name, _DIR, dir_fd=root), name)
        except OSError:  # a link (ELOOP), not a folder: left alone
            continue
        if fd is None:
            continue
        try:
            _remove_old(fd, os.listdir(fd), _OLD_HEADERS)
        except OSError:
            pass
        finally:
            os.close(fd)
        with contextlib.suppress(OSError):
            os.rmdir(name, dir_fd=root)  # refused while anything else is in it


def _remove_old(folder: int, names: list[str], entries: re.Pattern[str]) -> None:
    now = time.time()
    for name in names:
        entry = entries.match(name) is not None
        if not entry and _OLD_TEMP.match(name) is None:
            continue
        try:
            info = os.stat(name, dir_fd=folder, follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and (entry or now - info.st_mtime > STALE_TEMP_SECONDS):
                os.unlink(name, dir_fd=folder)
        except OSError:
            continue


class Store:
    """One kind of entry in the cache folder: its folder `name`, `format` number (bump it when
    the layout of an entry changes), the deckcli `code` its entries depend on (paths inside
    the package, for the code stamp), a `bound` on entries (the newest used are kept), an
    optional age after which an unused entry goes, and a bound on an entry's bytes."""

    def __init__(self, name: str, format: int, code: tuple[str, ...], bound: int,
                 max_bytes: int, max_age_days: float | None = None) -> None:
        self.name = name
        self.format = format
        self.code = code
        self.bound = bound
        self.max_bytes = max_bytes
        self.max_age_days = max_age_days
        self._stamp: tuple[str, str] | None = None

    def entry(self, key: str, label: str = "") -> str:
        """An entry's file name: a readable `label` (letters, digits, '-', '_' only; cut to 60)
        and a hash of the key, the format and the code stamp."""
        if self._stamp is None or self._stamp[0] != __version__:  # once per process
            self._stamp = (__version__, code_stamp(self.code))
        digest = hashlib.sha256(f"{key}|{self.format}|{self._stamp[1]}".encode())
        safe = re.sub(r"[^A-Za-z0-9_-]", "_", label)[:60]
        return f"{safe}-{digest.hexdigest()[:32]}.json" if safe else \
            f"{digest.hexdigest()[:32]}.json"

    @contextlib.contextmanager
    def _folder(self, create: bool) -> Iterator[int | None]:
        root = _open_root()
        if root is None:
            yield None
            return
        try:
            fd = _open_folder(root, self.name, create)
            if create and fd is not None:  # about to write: the old layout's leftovers go
                sweep_old_layout(root)
        finally:
            os.close(root)
        try:
            yield fd
        finally:
            if fd is not None:
                os.close(fd)

    def usable(self) -> bool:
        """Whether entries of this store can be kept (a cache folder is set and safe)."""
        with self._folder(create=True) as folder:
            return folder is not None

    def _open(self, folder: int, name: str) -> int | None:
        try:
            fd = os.open(name, _READ, dir_fd=folder)
        except OSError:
            return None
        try:
            info = os.fstat(fd)
            if stat.S_ISREG(info.st_mode) and info.st_size <= self.max_bytes:
                return fd
        except OSError:
            pass
        os.close(fd)
        return None

    def read(self, name: str, decode: Callable[[object], T | None]) -> T | None:
        """The value of an entry: its bytes (bounded, a regular file never reached through a
        link) passed by `clean`, parsed as JSON, then checked by `decode`, which says None
        for anything it does not expect; None, a miss, for anything else."""
        with self._folder(create=False) as folder:
            fd = self._open(folder, name) if folder is not None else None
        if fd is None:
            return None
        try:
            data = read_fd(fd, self.max_bytes + 1)
            if not clean(data):
                return None
            return decode(json.loads(data))
        except (OSError, ValueError, TypeError, KeyError, RecursionError):
            return None
        finally:
            os.close(fd)

    def lines(self, name: str) -> Iterator[str]:
        """An entry's lines, one at a time, for an entry too large to hold as one string (a
        results file of 20,000 decks): none when it is missing or not a regular file, and
        none past where it stops being UTF-8 (the caller's own check of each line decides
        what the others are worth)."""
        with self._folder(create=False) as folder:
            fd = self._open(folder, name) if folder is not None else None
        if fd is None:
            return
        with open(fd, encoding="utf-8", newline="\n") as handle:
            try:
                yield from handle
            except (OSError, ValueError):
                return

    def write(self, name: str, text: str | Iterable[str], superseded: str | None = None
              ) -> bool:
        """Write an entry atomically (a temporary file named by a random token, then renamed),
        from one string or piece by piece, then evict: entries whose names start with
        `superseded` (the same source's earlier contents), temporary files a killed run left,
        entries unused for the store's age and all but the newest `bound`. False when it
        cannot be written, which only costs the next run the work again."""
        tmp = f".{name}.{os.urandom(6).hex()}.tmp"
        with self._folder(create=True) as folder:
            if folder is None:
                return False
            try:
                fd = os.open(tmp, _CREATE, 0o600, dir_fd=folder)
                with open(fd, "w", encoding="utf-8", newline="\n") as handle:
                    handle.writelines([text] if isinstance(text, str) else text)
                os.replace(tmp, name, src_dir_fd=folder, dst_dir_fd=folder)
            except (OSError, ValueError, TypeError):  # ValueError: text no file can hold
                with contextlib.suppress(OSError):
                    os.unlink(tmp, dir_fd=folder)
                return False
            self._evict(folder, name, superseded)
        return True

    def touch(self, name: str) -> None:
        """Mark an entry used (eviction keeps the newest used), and evict the others."""
        with self._folder(create=False) as folder:
            if folder is None:
                return
            with contextlib.suppress(OSError, NotImplementedError):
                os.utime(name, dir_fd=folder, follow_symlinks=False)
            self._evict(folder, name, None)

    def _evict(self, folder: int, kept: str, superseded: str | None) -> None:
        try:
            found = [(name, os.stat(name, dir_fd=folder, follow_symlinks=False).st_mtime)
                     for name in os.listdir(folder)]
        except OSError:  # listed, then removed by another run: the next write evicts
            return
        now = time.time()
        oldest = now - self.max_age_days * 86400 if self.max_age_days is not None else None
        gone: list[str] = []
        entries: list[tuple[float, str]] = []
        for name, mtime in found:
            if name.endswith(".tmp") and name.startswith("."):
                if now - mtime > STALE_TEMP_SECONDS:
                    gone.append(name)
            elif name.endswith(".json") and name != kept:
                if (superseded and name.startswith(superseded)) \
                        or (oldest is not None and mtime < oldest):
                    gone.append(name)
                else:
                    entries.append((mtime, name))
        entries.sort(reverse=True)  # newest first; `kept` is one more
        gone += [name for _, name in entries[max(self.bound - 1, 0):]]
        for name in gone:
            with contextlib.suppress(OSError):
                os.unlink(name, dir_fd=folder)
