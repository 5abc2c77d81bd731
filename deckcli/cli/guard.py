"""How every run of the command line ends: a failure becomes one message and an exit status,
never a traceback (`guarded`), and what both ways into a command (`cli.entry`, `cli.app`)
do with the raw arguments first. Imports no typer."""

from __future__ import annotations

import sys
from collections.abc import Callable

from deckcli.errors import EXIT_INTERNAL, EXIT_USAGE, UserError


def guarded(run: Callable[[], int], debug: bool) -> int:
    """Run a command; every failure becomes a message and an exit status: deckcli's own
    `UserError` (its code), an interrupt (130), a closed pipe (0), anything else a bug (exit 3,
    its traceback only with `--debug`), never a traceback for the user."""
    from deckcli.i18n import _

    try:
        return run()
    except SystemExit as exc:
        return exit_status(exc.code)
    except UserError as exc:
        for message in exc.messages:
            error(message)
        return exc.exit_code
    except KeyboardInterrupt:
        error(_("interrupted"))
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # the last line of defence: never a traceback for the user
        if debug:
            raise
        first_line = (str(exc).splitlines() or [""])[0]
        summary = first_line if len(first_line) <= 200 else first_line[:199] + "…"
        error(_("internal error: {kind}: {summary} — this is a bug; rerun with --debug and "
                "report the traceback").format(kind=type(exc).__name__, summary=summary))
        return EXIT_INTERNAL


def error(message: str) -> None:
    """One line on stderr, prefixed so it is easy to find in CI logs (control characters from
    a deck or a file name escaped: the message stays one line)."""
    from deckcli.escape import escape_controls

    sys.stderr.write(f"deckcli: error: {escape_controls(message)}\n")


def take_flag(args: list[str], flag: str) -> bool:
    """Take `flag` out of the arguments wherever it stands before a `--` (before or after the
    command's name); whether it was given."""
    end = args.index("--") if "--" in args else len(args)
    found = [i for i, arg in enumerate(args[:end]) if arg == flag]
    for i in reversed(found):
        del args[i]
    return bool(found)


def tolerant_stdout() -> None:
    """Never fail on printing: a file name that is not UTF-8 or a console without "✓".

    With a strict error handler (PYTHONIOENCODING=utf-8, a legacy Windows console) such a
    character would end the run with UnicodeEncodeError; it is shown as an escape instead.
    """
    if getattr(sys.stdout, "errors", None) == "strict" and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")


def exit_status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    sys.stderr.write(f"{code}\n")
    return EXIT_USAGE
