"""Stamps of files, as git's index keeps them: a file whose size, modification and change
times, inode and device are those remembered has the bytes remembered, and is not read again.

A file changed within the last RACY_SECONDS gets no stamp ("-"): a second change in the same
clock tick could leave its stamp as it was. The change time moves with every write, also one
that puts the modification time back (on Linux and macOS; Windows keeps no change time).
"""

from __future__ import annotations

import hashlib
import os
import stat
import time
from collections.abc import Callable, Iterable
from pathlib import Path

RACY_SECONDS = 2  # a file changed this recently may change again unseen by its stamp
UNSETTLED = "-"


def file_stamp(path: str | Path, now_ns: int) -> str | None:
    """A regular file's stamp ("-" when it changed in the last RACY_SECONDS), or None when it
    is no regular file or cannot be looked at."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    settled = now_ns - RACY_SECONDS * 1_000_000_000
    if info.st_mtime_ns > settled or info.st_ctime_ns > settled:
        return UNSETTLED
    return f"{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}:{info.st_ino}:{info.st_dev}"


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of bytes, in hex."""
    return hashlib.sha256(data).hexdigest()


class FileVersions:
    """What files hold, told cheaply and kept in memory (a long-running process, the language
    server): the hash of a file's bytes, read again only when its stamp moved or is unsettled;
    "missing" when there is no regular file to read."""

    MISSING = "missing"

    def __init__(self, read: Callable[[Path], bytes]) -> None:
        self.read = read  # raises OSError for a file it cannot read
        self.known: dict[str, tuple[str, str]] = {}  # path -> (settled stamp, hash)

    def version(self, path: Path) -> str:
        """The hash of the file's bytes now (or "missing" / "unreadable: …")."""
        key = str(path)
        stamp = file_stamp(key, time.time_ns())
        if stamp is None:
            self.known.pop(key, None)
            return self.MISSING
        kept = self.known.get(key)
        if kept is not None and stamp != UNSETTLED and kept[0] == stamp:
            return kept[1]
        try:
            digest = sha256_hex(self.read(path))
        except OSError as exc:  # the reader's refusal is a version too: it may be fixed
            return f"unreadable: {exc}"
        if stamp != UNSETTLED and file_stamp(key, time.time_ns()) == stamp:
            self.known[key] = (stamp, digest)
        return digest

    def versions(self, paths: Iterable[Path]) -> dict[str, str]:
        """Each file's version, by path."""
        return {str(path): self.version(path) for path in paths}

    def changed(self, versions: dict[str, str]) -> bool:
        """Whether any of the files holds something else than it held."""
        return any(self.version(Path(path)) != held for path, held in versions.items())
