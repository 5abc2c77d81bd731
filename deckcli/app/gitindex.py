"""The files git tracks in a work tree, read from its index file.

Git never ignores a tracked file, so neither does a scan: a `.gitignore` or a `pyvenv.cfg`
that a pull request adds beside the decks must not hide decks the repository tracks. The
index is read directly (versions 2, 3 and 4, SHA-1 or SHA-256 object names) rather than by
running git, so nothing in the repository's own configuration (a `core.fsmonitor` command, a
`safe.directory` refusal) can run code or change the answer. An index that cannot be read
(split, sparse, damaged, too large) gives None and the caller says so.
"""

from __future__ import annotations

import functools
import os
import struct
from dataclasses import dataclass
from pathlib import Path

from deckcli.io.files import read_regular_file

MAX_INDEX_BYTES = 256_000_000
_GITLINK = 0o160000  # a submodule: its files are another repository's
_DIRECTORY = 0o040000  # a sparse index's directory entry
_STAT_BYTES = 40  # ctime, mtime, dev, ino, mode, uid, gid, size: ten 32-bit fields


class UnreadableIndex(ValueError):
    """The index is not one this reader understands."""


@dataclass(frozen=True, slots=True)
class Tracked:
    """Absolute paths of the tracked files, and of every folder that holds one."""

    files: frozenset[str]
    folders: frozenset[str]


NOTHING_TRACKED = Tracked(frozenset(), frozenset())


def tracked_under(root: Path) -> Tracked | None:
    """What git tracks in the work tree at `root`, or None when its index cannot be read.

    Read once per version of the index: a pre-commit run naming hundreds of files asks for
    each of them, and the answer changes only when the index file does."""
    try:
        index = index_path(root)
        seen = os.stat(index)
    except FileNotFoundError:  # a repository before its first `git add`
        return Tracked(frozenset(), frozenset())
    except OSError:
        return None
    return _tracked(str(index), os.path.abspath(root), seen.st_ino, seen.st_size,
                    seen.st_mtime_ns)


@functools.lru_cache(maxsize=8)
def _tracked(index: str, root: str, _ino: int, _size: int, _mtime_ns: int) -> Tracked | None:
    """The index at `index` read (the stat fields only key the cache)."""
    try:
        data = read_regular_file(Path(index), MAX_INDEX_BYTES)
        names = index_names(data)
    except FileNotFoundError:  # a repository before its first `git add`
        return Tracked(frozenset(), frozenset())
    except (OSError, UnreadableIndex):
        return None
    base = os.fsencode(root)
    files: set[str] = set()
    folders: set[str] = set()
    for name in names:
        path = os.fsdecode(base + b"/" + name)
        files.add(path)
        parent = os.path.dirname(path)
        while len(parent) > len(base) and parent not in folders:
            folders.add(parent)
            parent = os.path.dirname(parent)
    return Tracked(frozenset(files), frozenset(folders))


def index_path(root: Path) -> Path:
    """The index of the work tree at `root` (a linked worktree keeps its own)."""
    marker = root / ".git"
    if marker.is_dir():
        return marker / "index"
    line = read_regular_file(marker, 4096).decode("utf-8", "replace").strip()
    target = Path(line.removeprefix("gitdir:").strip())
    return (target if target.is_absolute() else root / target) / "index"


def index_names(data: bytes) -> list[bytes]:
    """The paths (relative to the work tree, `/`-separated) of an index's file entries."""
    if len(data) < 12 or data[:4] != b"DIRC":
        raise UnreadableIndex("not a git index")
    version, count = struct.unpack(">II", data[4:12])
    if version not in (2, 3, 4):
        raise UnreadableIndex(f"index version {version}")
    for hash_bytes in (20, 32):  # SHA-1, then SHA-256 object names
        try:
            names, end = _entries(data, version, count, hash_bytes)
        except (ValueError, struct.error, IndexError):  # ValueError: a path with no NUL
            continue
        if _has_split_link(data, end, hash_bytes):
            raise UnreadableIndex("a split index")
        return names
    raise UnreadableIndex("entries do not parse")


def _entries(data: bytes, version: int, count: int, hash_bytes: int
             ) -> tuple[list[bytes], int]:
    names: list[bytes] = []
    at, previous = 12, b""
    for _ in range(count):
        start = at
        mode = struct.unpack(">I", data[at + 24:at + 28])[0]
        flags = struct.unpack(">H", data[at + _STAT_BYTES + hash_bytes:
                                         at + _STAT_BYTES + hash_bytes + 2])[0]
        at += _STAT_BYTES + hash_bytes + 2
        if flags & 0x4000:
            if version < 3:
                raise UnreadableIndex("an extended entry in a version 2 index")
            at += 2
        if version == 4:
            strip, at = _varint(data, at)
            if strip > len(previous):
                raise UnreadableIndex("a path prefix longer than the path before it")
            end = data.index(b"\0", at)
            name = previous[:len(previous) - strip] + data[at:end]
            at = end + 1
        else:
            end = data.index(b"\0", at)
            name = data[at:end]
            at = start + ((end - start) // 8 + 1) * 8  # NUL padding to a multiple of 8
        length = flags & 0x0FFF
        if length != 0x0FFF and length != len(name) or not name or at > len(data):
            raise UnreadableIndex("an entry's length disagrees with its path")
        if mode & 0o170000 == _DIRECTORY:
            raise UnreadableIndex("a sparse index")
        if mode & 0o170000 != _GITLINK:  # a conflicted file has an entry per stage
            names.append(name)
        previous = name
    return list(dict.fromkeys(names)), at


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """Git's offset varint (index version 4)."""
    byte = data[at]
    value, at = byte & 0x7F, at + 1
    while byte & 0x80:
        byte = data[at]
        value = ((value + 1) << 7) | (byte & 0x7F)
        at += 1
    return value, at


def _has_split_link(data: bytes, at: int, hash_bytes: int) -> bool:
    """Whether the extensions after the entries include `link` (a split index)."""
    while at + 8 <= len(data) - hash_bytes:
        signature, size = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        if signature == b"link":
            return True
        at += 8 + size
    return False
