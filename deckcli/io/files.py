"""Writes of users' files: atomic, through links, never over a protected file or a change made
since the file was read, one edit of a file at a time.

A write goes to a temporary file in the target's folder, flushed, then renamed over the target,
so a reader (or a crash) sees the old file or the new one. A symbolic link is written through:
the file it leads to gets the new bytes and the link stays a link. An existing file keeps its
mode (and, where the user may set them, its owner and group); a file whose mode bits let no one
write it is refused, root included. Edits (read, change, write) hold a lock per file, so
concurrent deckcli commands queue instead of losing each other's changes. SIGTERM and SIGHUP
during a write or a held lock end the run cleanly: no temporary or lock file stays behind.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from deckcli.i18n import _
from deckcli.io.confine import confine

LOCK_TIMEOUT = 15.0  # seconds an edit waits for another deckcli editing the same file
NAME_MAX = 255  # bytes in one file name on the usual file systems


def side_name(name: str, tail: str, room: int = 0) -> str:
    """`.NAME` + `tail`, the name of a file beside NAME (its lock, its temporary file); when
    that (with `room` bytes more, which mkstemp adds) would pass NAME_MAX, NAME is cut and a
    hash of it appended, so a deck whose own name is long still edits."""
    full = f".{name}{tail}"
    if len(os.fsencode(full)) + room <= NAME_MAX:
        return full
    encoded = os.fsencode(name)
    import hashlib  # a long name is rare: not paid at start-up

    digest = hashlib.sha256(encoded).hexdigest()[:16]
    keep = NAME_MAX - room - len(os.fsencode(tail)) - len(digest) - 2  # "." and "-"
    return f".{os.fsdecode(encoded[:max(keep, 0)])}-{digest}{tail}"


class ReadOnlyFile(PermissionError):
    """The file's permissions say it must not be written."""


class ChangedOnDisk(OSError):
    """The file is no longer what was read: another program wrote it meanwhile."""


class LockTimeout(OSError):
    """Another process held the file's edit lock for longer than the wait allows."""


def write_target(path: Path) -> Path:
    """The file a write to `path` replaces: `path`, or the file its symbolic links lead to."""
    if not path.is_symlink():
        return path
    target = Path(os.path.realpath(path))
    if target.is_symlink():  # realpath stops inside a loop of links
        raise OSError(errno.ELOOP, _("a loop of symbolic links"), str(path))
    return target


def may_write(target: Path, info: os.stat_result) -> bool:
    """Whether this user may write the file: its mode bits must allow it, even for root
    (who could write anything, but a read-only deck says "do not edit me")."""
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return bool(info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    return os.access(target, os.W_OK)


def atomic_write_bytes(path: Path, data: bytes, expected: bytes | None = None,
                       follow_links: bool = True, allow_outside: bool = False) -> None:
    """Replace the file `path` names with `data` in one step.

    `expected`: the bytes the file held when it was read; ChangedOnDisk when it holds others.
    `follow_links`: an edit replaces the file a link leads to; a report (`follow_links=False`)
    replaces the link itself with a new file of the usual mode, never writing through it.
    `allow_outside`: write even where a symbolic link leads the target, or a folder on its
    way, out of its git work tree (`io.confine.OutsideWorkTree` otherwise).
    """
    atomic_write(path, lambda handle: handle.write(data), expected, follow_links, allow_outside)


def atomic_write(path: Path, fill: Callable[[BinaryIO], object],
                 expected: bytes | None = None, follow_links: bool = True,
                 allow_outside: bool = False) -> None:
    """`atomic_write_bytes` for content written piece by piece: `fill` writes it into the
    temporary file, so an export of a million copies never sits whole in memory."""
    confine(path, follow_links, allow_outside)  # every write of a user's file passes here
    replaces_link = not follow_links and path.is_symlink()
    try:
        info: os.stat_result | None = None if replaces_link else path.stat()
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, _("not a regular file (deckcli writes files only)"),
                      str(path))
    target = path if replaces_link else write_target(path)
    if info is not None and not may_write(target, info):
        raise ReadOnlyFile(errno.EACCES, _("read-only (mode {mode:04o})").format(
            mode=stat.S_IMODE(info.st_mode)), str(path))
    with ended_cleanly_by_signals():
        # named before it is made: a signal arriving as it is created still finds it to remove
        tmp = str(target.parent / f"{side_name(target.name, '.', 16)}{os.urandom(6).hex()}.tmp")
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) \
                | getattr(os, "O_BINARY", 0)
            with os.fdopen(os.open(tmp, flags, 0o600), "wb") as handle:
                fill(handle)
                handle.flush()
                os.fsync(handle.fileno())
            _copy_ownership(tmp, info)
            if expected is not None and _current_bytes(target, len(expected)) != expected:
                raise ChangedOnDisk(errno.ESTALE, _("changed since it was read"), str(path))
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


def _copy_ownership(tmp: str, info: os.stat_result | None) -> None:
    """The old file's mode (and owner and group where allowed); a new file's usual mode."""
    if info is None:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        return
    os.chmod(tmp, stat.S_IMODE(info.st_mode))
    if hasattr(os, "chown"):
        for owner in ((info.st_uid, info.st_gid), (-1, info.st_gid)):
            with contextlib.suppress(OSError):
                os.chown(tmp, *owner)
                break


def _current_bytes(target: Path, expected_size: int) -> bytes | None:
    """What the file holds now (one byte more than expected at most), or None if it is gone."""
    try:
        fd = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    try:
        chunks, left = [], expected_size + 1
        while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


@contextlib.contextmanager
def edit_lock(path: Path, timeout: float | None = None,
              allow_outside: bool = False) -> Iterator[None]:
    """Hold the edit lock of the file `path` names (through links) while the caller reads,
    changes and writes it; LockTimeout after `timeout` (default LOCK_TIMEOUT) seconds of waiting.

    The lock is `flock` on `.NAME.lock` beside the file, removed when released if deckcli
    made it (a file it creates holds LOCK_MARK; a committed `.NAME.lock` of someone else's is
    locked but never removed); a lock file removed while a waiter held it open is noticed and
    the lock taken again. `allow_outside`: as for `atomic_write`.
    """
    try:
        import fcntl
    except ImportError:  # no flock (Windows): edits are atomic but not queued
        yield
        return
    confine(path, True, allow_outside)  # the lock file is made beside the file written
    timeout = LOCK_TIMEOUT if timeout is None else timeout
    target = write_target(path)
    lock_path = target.parent / side_name(target.name, ".lock")
    deadline = time.monotonic() + timeout
    delay = 0.002
    with ended_cleanly_by_signals():
        while True:
            opened = _open_lock(lock_path)
            if opened is None:
                continue  # removed between two looks: look again
            fd, created = opened
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                if time.monotonic() > deadline:
                    raise LockTimeout(errno.EAGAIN, _("still being edited after {seconds:g} s"
                                                      ).format(seconds=timeout),
                                      str(path)) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
                continue
            except BaseException:
                os.close(fd)
                raise
            if _same_file(fd, lock_path):
                break
            os.close(fd)  # the holder before us removed this lock file: take the new one
        try:
            yield
        finally:
            if created or _holds_mark(fd):
                with contextlib.suppress(OSError):
                    os.unlink(lock_path)
            os.close(fd)


LOCK_MARK = b"deckcli edit lock\n"  # what a lock file deckcli made holds


def _open_lock(lock_path: Path) -> tuple[int, bool] | None:
    """The lock file opened, and whether this call created it (None: it vanished meanwhile).
    Never through a link, never blocking on a FIFO; anything but a regular file is refused."""
    flags = (getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_NONBLOCK", 0))
    created = True
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_EXCL | flags, 0o644)
    except FileExistsError:
        created = False
        try:
            fd = os.open(lock_path, os.O_RDONLY | flags)
        except FileNotFoundError:
            return None
    try:
        if created:
            os.write(fd, LOCK_MARK)
        elif not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, _("its lock file is not a regular file"),
                          str(lock_path))
    except BaseException:
        os.close(fd)
        raise
    return fd, created


def _holds_mark(fd: int) -> bool:
    """Whether an open lock file is one deckcli made (another deckcli run, maybe killed)."""
    try:
        return os.pread(fd, len(LOCK_MARK) + 1, 0) == LOCK_MARK
    except OSError:
        return False


def _same_file(fd: int, path: Path) -> bool:
    try:
        held, named = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino)


@contextlib.contextmanager
def ended_cleanly_by_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP raise SystemExit (status 128 + signal) instead of killing the
    process, so `finally` blocks remove temporary and lock files; restored afterwards."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) == signal.SIG_DFL:
            previous[number] = signal.signal(number, _exit_on_signal)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _exit_on_signal(number: int, _frame: object) -> None:
    sys.stderr.write("deckcli: error: " + _("stopped by signal {number}; the file is unchanged "
                                            "or wholly written, never half").format(
        number=number) + "\n")
    raise SystemExit(128 + number)


class TooLarge(OSError):
    """A file longer than the reader's limit."""


def read_fd(fd: int, limit: int) -> bytes:
    """At most `limit` bytes from an open file descriptor: the one bounded read."""
    chunks: list[bytes] = []
    while limit > 0 and (chunk := os.read(fd, min(limit, 1 << 20))):
        chunks.append(chunk)
        limit -= len(chunk)
    return b"".join(chunks)


def read_regular_file(path: Path, limit: int, follow_links: bool = True) -> bytes:
    """A regular file's bytes, as deck files are read: opened without blocking (a FIFO or a
    device named like a config or ignore file must not hang the run), refused unless regular,
    never read past `limit` (TooLarge); `follow_links=False` refuses a symbolic link (ELOOP),
    as git refuses a linked `.gitignore`."""
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
             | getattr(os, "O_CLOEXEC", 0))
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, _("not a regular file"), str(path))
        data = read_fd(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise TooLarge(errno.EFBIG, f"larger than {limit:,} bytes", str(path))
    return data
