"""Reading pool files, without validating them: the header alone (cheap, for discovery) or
every byte.

A pool file is read in two steps. Discovery parses only its header (the text before the first
`[[cards]]` line), so listing games or checking a MegaMan deck never parses the Digimon cards;
a full load (`pools.load`) validates every card and builds the pool's indexes. Nothing here
imports pydantic.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from deckcli.i18n import _
from deckcli.io import tomlread, tomlreasons
from deckcli.io.files import read_fd

CARDS_MARKER = "[[cards]]"


class PoolError(Exception):
    """A pool file that cannot be used, with the file and the field at fault."""

    def __init__(self, path: Path, message: str, line: int | None = None) -> None:
        self.path = path
        self.line = line
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: {message}")


MAX_POOL_BYTES = 64 * 1024 * 1024


def read_pool_bytes(path: Path, head_only: bool = False) -> bytes:
    """A pool file's bytes (`head_only`: up to its first `[[cards]]`); PoolError when it is no
    regular file, unreadable or too large.

    Opened without blocking and checked before reading: a FIFO or device named like a pool
    must not hang deckcli.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise PoolError(path, _("cannot read pool: {reason}").format(
            reason=exc.strerror or exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise PoolError(path, _("cannot read pool: not a regular file"))
        if info.st_size > MAX_POOL_BYTES:
            raise PoolError(path, _("cannot read pool: larger than {limit:,} bytes").format(
                limit=MAX_POOL_BYTES))
        if head_only:
            return _read_head(fd)
        return read_fd(fd, MAX_POOL_BYTES + 1)
    except OSError as exc:
        raise PoolError(path, _("cannot read pool: {reason}").format(
            reason=exc.strerror or exc)) from None
    finally:
        os.close(fd)


def _read_head(fd: int) -> bytes:
    """Bytes up to the first `[[cards]]` line: discovery never reads a pool's cards."""
    data = b""
    while len(data) <= MAX_POOL_BYTES and (chunk := os.read(fd, 1 << 16)):
        data += chunk
        if data.startswith(CARDS_MARKER.encode()):
            return b""
        at = data.find(b"\n" + CARDS_MARKER.encode())
        if at >= 0:
            return data[: at + 1]
    return data


def decode_pool(path: Path, data: bytes) -> str:
    """A pool file's text (UTF-8, an optional BOM); PoolError otherwise."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PoolError(path, _("cannot read pool: not UTF-8 ({reason} at byte {byte})").format(
            reason=exc.reason, byte=exc.start)) from None


def read_pool_text(path: Path) -> str:
    """A pool file's text; PoolError when it is no regular file or not UTF-8."""
    return decode_pool(path, read_pool_bytes(path))


def parse_pool_toml(path: Path, text: str) -> dict[str, Any]:
    """tomllib.loads, with every way it can fail on a hostile file as a PoolError."""
    try:
        return tomlread.loads(text)
    except tomlread.TOMLDecodeError as exc:
        raise PoolError(path, _("invalid TOML: {reason}").format(
            reason=tomlreasons.reason(exc))) from None
    except ValueError:  # an integer beyond Python's 4,300-digit parsing limit
        raise PoolError(path, _("invalid TOML: a number with thousands of digits")) from None
    except RecursionError:
        raise PoolError(path, _("invalid TOML: arrays or tables nested too deeply")) from None


def head_of(data: bytes) -> bytes:
    """A pool file's bytes up to its first `[[cards]]` line (its header)."""
    marker = CARDS_MARKER.encode()
    if data.startswith(marker):
        return b""
    at = data.find(b"\n" + marker)
    return data if at < 0 else data[: at + 1]


def parse_header(path: Path, head: bytes) -> dict[str, Any]:
    """A pool file's header bytes as parsed TOML, not yet validated; PoolError."""
    return parse_pool_toml(path, decode_pool(path, head))


def read_raw_header(path: Path) -> dict[str, Any]:
    """The header of a pool file as parsed TOML, not yet validated (`pool check`, a user pool
    named by itself; a run reads headers through its catalogue, `pools.catalogue`)."""
    return parse_header(path, read_pool_bytes(path, head_only=True))
