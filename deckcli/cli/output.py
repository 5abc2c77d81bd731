"""Where command output goes: stdout or `-o FILE` (written atomically), colour on a TTY."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from deckcli.errors import EXIT_FAILED, UserError
from deckcli.fileio import atomic_write_text


def emit(write: Callable[[TextIO, bool], None], output: Path | None) -> None:
    """Run a renderer into stdout, or into a file replaced in one step."""
    if output is None:
        color = sys.stdout.isatty() and "NO_COLOR" not in os.environ
        write(sys.stdout, color)
        sys.stdout.flush()
        return
    buffer = io.StringIO()
    write(buffer, False)
    try:
        atomic_write_text(output, buffer.getvalue())
    except OSError as exc:
        raise UserError(f"cannot write {output}: {exc.strerror or exc}", EXIT_FAILED) from None
