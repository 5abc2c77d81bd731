"""Read deck files (TOML, text lists, LackeyCCG `.dek`, CSV, JSON) into `Deck` models,
keeping line numbers. The file's suffix picks the reader (`formats.kinds`, the one table of
formats); a `.dek` that is not XML is read as a text list.

Nothing here raises for bad input: every problem with a file becomes a `Problem` with the
line (and column) where it was found, so one broken deck never stops a check of many.
"""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path, PurePath

from deckcli.formats.entries import problem
from deckcli.formats.kinds import NATIVE, by_kind, by_suffix, kind_of, suffix_list
from deckcli.i18n import _
from deckcli.model.deck import Deck, DeckKind
from deckcli.model.problem import Problem

MAX_FILE_BYTES = 2_000_000
# Problems that stop a file being read at all: nothing else is said about such a deck.
UNREADABLE_RULES = frozenset(
    {"empty-file", "encoding", "invalid-toml", "file-too-large", "unreadable", "csv-header"}
)


def decode_deck_bytes(data: bytes, kind: DeckKind | None = None
                      ) -> tuple[str | None, Problem | None]:
    """Text of a deck file, or the problem that stops it being read (an empty file is told
    what a deck of its format, `kind`, needs)."""
    if len(data) > MAX_FILE_BYTES:
        return None, problem("file-too-large", _("more than {max_file_bytes:,} bytes; deck "
                                                 "files are at most {max_file_bytes:,} (is "
                                                 "it really a deck?)").format(
                                                   max_file_bytes=MAX_FILE_BYTES))
    if not data.strip():
        return None, problem("empty-file", _((by_kind(kind) if kind else NATIVE).needs))
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None, problem("encoding", _("the file is UTF-16; save it as UTF-8"))
    if b"\x00" in data:
        return None, problem("encoding", _("the file holds NUL bytes: it looks binary, not "
                                           "a deck"))
    try:  # as data.decode("utf-8-sig"), without that codec's Python-level wrapper
        return (data[3:] if data.startswith(codecs.BOM_UTF8) else data).decode(), None
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("utf-8-sig"), None  # raises again: its position is the message's
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return None, problem(
            "encoding",
            _("not UTF-8 (byte 0x{reason:02x} at byte {start}); save the file as UTF-8").format(
                reason=data[exc.start], start=exc.start),
            line=line,
        )


def read_deck_file(path: Path) -> tuple[Deck, list[Problem]]:
    """Read one deck file from disk."""
    deck = Deck(path=str(path), kind=kind_of(path))
    try:
        data = read_limited(path)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return deck, [problem("unreadable", _("cannot read the file: {reason}").format(
                                                reason=reason))]
    return parse_deck_bytes(data, deck)


class NotRegularFile(OSError):
    """A path that names a folder, a FIFO or a device: no file a deck or collection can be.
    Its own class, so that a command that takes files as arguments can call it a usage error,
    as it calls a missing file, rather than a file it failed to read."""

    def __init__(self, folder: bool) -> None:
        super().__init__(0, _("not a regular file"))
        self.folder = folder


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_limited(path: Path) -> bytes:
    """A regular file's bytes, at most MAX_FILE_BYTES + 1 of them.

    A FIFO, a device or /dev/zero named as a deck would block or never end, so the file is
    opened without blocking, refused unless regular, and never read past the limit.
    """
    fd = os.open(path, _READ_FLAGS)
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise NotRegularFile(stat.S_ISDIR(status.st_mode))
        chunks: list[bytes] = []
        wanted = MAX_FILE_BYTES + 1
        size = status.st_size  # asked for first (and a byte more): no buffer of the limit's size
        ask = size + 1 if 0 < size < wanted else wanted
        while wanted > 0 and (chunk := os.read(fd, min(ask, wanted))):  # raw reads: no file
            chunks.append(chunk)  # object
            wanted -= len(chunk)
            if len(chunk) == size == ask - 1:  # the whole file, as its size said: at its end
                break
            ask = wanted
        return b"".join(chunks)
    finally:
        os.close(fd)


def parse_deck_bytes(data: bytes, deck: Deck) -> tuple[Deck, list[Problem]]:
    """Read a deck from bytes already in hand (an edit parses exactly what it will change)."""
    text, failure = decode_deck_bytes(data, deck.kind)
    if failure is not None:
        return deck, [failure]
    assert text is not None
    return parse_deck_text(text, deck)


def parse_deck_text(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """Read a deck from its decoded text, with the reader of `deck.kind`."""
    read, problems = by_kind(deck.kind).read(text, deck)
    return read, unread_suffix(deck.path, problems)


def unread_suffix(path: str, problems: list[Problem]) -> list[Problem]:
    """The problems of a file read as TOML because no format has its suffix: when it is no
    TOML either, one problem saying which files deckcli reads instead of what TOML wanted (a
    `deck.html` is not "invalid TOML")."""
    if not any(p.rule == "invalid-toml" for p in problems):  # the usual case, asked first
        return problems
    suffix = PurePath(path).suffix
    if not suffix or by_suffix(path) is not None:
        return problems
    return [problem("unreadable", _("deckcli does not read {suffix} files; it reads "
                                    "{suffixes}").format(suffix=suffix, suffixes=suffix_list()))]
