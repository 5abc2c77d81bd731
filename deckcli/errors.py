"""Errors the command line turns into one message and a defined exit status."""

from __future__ import annotations

from collections.abc import Sequence

EXIT_FAILED = 1  # an illegal or unreadable deck, a failed edit
EXIT_USAGE = 2  # bad option, missing path, unknown game or card in an argument
EXIT_INTERNAL = 3  # a bug: report it


class UserError(Exception):
    """A mistake in what the user asked for; shown without a traceback, one line per message
    (`also`: more mistakes found at the same time, as in a configuration)."""

    exit_code = EXIT_USAGE

    def __init__(self, message: str, exit_code: int | None = None, *,
                 also: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.messages = (message, *also)
        if exit_code is not None:
            self.exit_code = exit_code
