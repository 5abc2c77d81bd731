"""Where command output goes: stdout or `-o FILE` (written atomically), colour on a TTY."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from deckcli.errors import EXIT_FAILED, UserError


def emit(write: Callable[[TextIO, bool], None], output: Path | None) -> None:
    """Run a renderer into stdout, or into a file replaced in one step."""
    if output is None:
        color = sys.stdout.isatty() and "NO_COLOR" not in os.environ
        write(sys.stdout, color)
        sys.stdout.flush()
        return
    buffer = io.StringIO()
    write(buffer, False)
    write_bytes(output, buffer.getvalue().encode("utf-8"))


def write_bytes(path: Path, data: bytes) -> None:
    """Replace a file atomically; a disk error is one message and exit 1."""
    from deckcli.fileio import atomic_write_bytes  # tempfile: only when writing

    try:
        atomic_write_bytes(path, data)
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror or exc}; the file is unchanged",
                        EXIT_FAILED) from None
