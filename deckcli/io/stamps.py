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
    if now_ns - max(info.st_mtime_ns, info.st_ctime_ns) < RACY_SECONDS * 1_000_000_000:
        return UNSETTLED
    return f"{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}:{info.st_ino}:{info.st_dev}"


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of bytes, in hex."""
    return hashlib.sha256(data).hexdigest()
