"""Where command output goes: stdout or `-o FILE` (written atomically), colour on a TTY (or
when FORCE_COLOR asks); and the messages a refused or failed write gives."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO, cast

from deckcli.errors import EXIT_FAILED, EXIT_USAGE, UserError
from deckcli.escape import CommandFreeStream, printable_path
from deckcli.i18n import _

if TYPE_CHECKING:
    from deckcli.io.confine import OutsideWorkTree



def emit(write: Callable[[TextIO, bool], object], output: Path | None,
         allow_outside: bool | None = None, commands: bool = False) -> None:
    """Run a renderer into stdout, or into a file replaced in one step. No line it writes
    starts with `::` (a CI workflow command) unless `commands`: a renderer whose lines are
    safe as written (`report.RAW_LINES`: the GitHub renderer, which writes its own commands
    and percent-encodes what it echoes; JSON, whose lines never start so)."""
    if output is None:
        stream = sys.stdout if commands else cast(TextIO, CommandFreeStream(sys.stdout))
        write(stream, color_for(sys.stdout))
        stream.flush()
        return
    buffer = io.StringIO()
    into = buffer if commands else cast(TextIO, CommandFreeStream(buffer))
    write(into, False)
    into.flush()
    write_bytes(output, buffer.getvalue().encode("utf-8"), follow_links=False,
                allow_outside=allow_outside)


def read_input(output: Path | None, read: Iterable[str | Path]) -> bool:
    """Whether the output names one of the files the command reads (through a link too): a
    report written there would take the place of a player's deck or binder."""
    if output is None:
        return False
    try:
        status = output.stat()
    except OSError:  # no file there yet: a new report
        return False
    for path in read:
        try:
            if os.path.samestat(status, os.stat(path)):
                return True
        except OSError:  # a file said missing elsewhere
            continue
    return False


def color_for(stream: TextIO) -> bool:
    """Whether to colour a stream: never with NO_COLOR set and not empty (the convention, as
    rich reads it: `NO_COLOR=` turns nothing off); else as rich's own `Console` decides a
    terminal, so that every command agrees: TTY_COMPATIBLE=1 or 0 says, then FORCE_COLOR
    (set and not empty: colour, even into a pipe), then whether it is a TTY."""
    if os.environ.get("NO_COLOR"):
        return False
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    forced = os.environ.get("FORCE_COLOR")
    return forced != "" if forced is not None else stream.isatty()


def write_bytes(path: Path, data: bytes, expected: bytes | None = None,
                follow_links: bool = True, allow_outside: bool | None = None) -> None:
    """Replace a file atomically; a refused or failed write is one message and exit 1.
    `expected`: the bytes read before an edit, which must still be there. An edit writes
    through links; an output file (`follow_links=False`) replaces a link, never its target.
    `allow_outside` (None: the global `--allow-outside`): write where a link leads out of the
    git work tree; refused otherwise (exit 2)."""
    write_with(path, lambda handle: handle.write(data), expected, follow_links, allow_outside)


def write_text_chunks(path: Path, chunks: Iterable[str],
                      allow_outside: bool | None = None) -> None:
    """An output file written as its pieces come (UTF-8), replacing the path in one step as
    `write_bytes` does, without holding the whole text in memory."""
    def fill(handle: BinaryIO) -> None:
        for chunk in chunks:
            handle.write(chunk.encode("utf-8"))

    write_with(path, fill, follow_links=False, allow_outside=allow_outside)


def write_with(path: Path, fill: Callable[[BinaryIO], object], expected: bytes | None = None,
               follow_links: bool = True, allow_outside: bool | None = None) -> None:
    """`write_bytes` for content `fill` writes into the new file piece by piece."""
    from deckcli.io.confine import OutsideWorkTree
    from deckcli.io.files import ChangedOnDisk, ReadOnlyFile, atomic_write  # only to write

    shown = printable_path(str(path))
    try:
        atomic_write(path, fill, expected, follow_links, outside_allowed(allow_outside))
    except OutsideWorkTree as exc:
        raise refused_outside(path, exc) from None
    except ReadOnlyFile as exc:
        raise UserError(_("{shown} is {reason}; deckcli does not write a file its "
                          "permissions protect — make it writable (chmod u+w) to edit it").format(
                            shown=shown, reason=exc.strerror),
                        EXIT_FAILED) from None
    except ChangedOnDisk:
        raise UserError(_("{shown} changed on disk while deckcli was editing it (another "
                          "program wrote it); nothing was written — run the command again").format(
                            shown=shown),
                        EXIT_FAILED) from None
    except OSError as exc:
        raise UserError(_("cannot write {shown}: {reason}; the file is unchanged").format(
                            shown=shown, reason=exc.strerror or exc),
                        EXIT_FAILED) from None


def outside_allowed(allow_outside: bool | None) -> bool:
    """A command's own `--allow-outside`, else the global one."""
    if allow_outside is not None:
        return allow_outside
    from deckcli.cli.runopts import global_allow_outside

    return global_allow_outside()


def refused_outside(path: Path, exc: OutsideWorkTree) -> UserError:
    """The usage error of a write a symbolic link would lead out of the work tree."""
    from deckcli.app.worktree import outside_message

    return UserError(outside_message(path, exc.escape, writing=True), EXIT_USAGE)


@contextlib.contextmanager
def locked(path: Path, allow_outside: bool | None = None) -> Iterator[None]:
    """Hold a deck file's edit lock around reading, changing and writing it."""
    from deckcli.io.confine import OutsideWorkTree
    from deckcli.io.files import LockTimeout, edit_lock

    shown = printable_path(str(path))
    with contextlib.ExitStack() as stack:
        try:
            stack.enter_context(edit_lock(path, allow_outside=outside_allowed(allow_outside)))
        except OutsideWorkTree as exc:
            raise refused_outside(path, exc) from None
        except LockTimeout as exc:
            raise UserError(_("{shown} is being edited by another deckcli command "
                              "({reason}); nothing was written — try again").format(
                                shown=shown, reason=exc.strerror),
                            EXIT_FAILED) from None
        except FileNotFoundError:
            raise UserError(_("no such file: {shown}").format(shown=shown), EXIT_USAGE) from None
        except OSError as exc:
            raise UserError(_("cannot edit {shown}: {reason} (while taking its edit lock); "
                              "the file is unchanged").format(
                                shown=shown, reason=exc.strerror or exc), EXIT_FAILED) from None
        yield
