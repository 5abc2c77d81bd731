"""The `deckcli` application object, global options and the top-level error handler."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from deckcli import __version__
from deckcli.cli.helpstyle import epilog, plain_value_names
from deckcli.errors import EXIT_INTERNAL, EXIT_USAGE, UserError

if TYPE_CHECKING:  # imported lazily at run time, to keep --help fast
    from deckcli.app.settings import Settings
    from deckcli.pools.registry import PoolRegistry

app = typer.Typer(
    name="deckcli",
    help="Build, check and goldfish trading-card-game decks kept as files.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=epilog(
        ("deckcli check samples/", "Check every deck in a folder; exit 1 if any is illegal."),
        ("deckcli cards megaman type:NetNavi", "Search a game's cards."),
        ("deckcli draw deck.toml -w CyberSword --turns 3", "Odds of drawing a card by turn 3."),
    ) + "\n\nEvery command explains itself: deckcli COMMAND --help. Tab completion: "
    "deckcli --install-completion (bash, zsh, fish).",
)
plain_value_names()


# `--pools` as given before the command, kept by `main_options` until the command builds its
# settings (empty while a shell completes a word: the command line is not run then)
_global_pools: list[Path] = []
_global_allow_outside: list[bool] = [False]  # `--allow-outside` before the command


def global_pools() -> list[Path]:
    return list(_global_pools)


def global_allow_outside() -> bool:
    return _global_allow_outside[0]


def run_settings(paths: Sequence[Path] = (), game: str | None = None,
                 deck_format: str | None = None) -> Settings:
    """The settings of a command that has few options of its own among them: the defaults,
    the configuration for `paths` (else for the working folder; its `[[decks]]` place the
    decks there), the environment, `--pools`, and the command's `--game`/`--deck-format`."""
    from deckcli.app.config import load_settings

    return load_settings(paths, pools=global_pools(), game=game, deck_format=deck_format,
                         allow_outside=global_allow_outside())


def open_registry() -> PoolRegistry:
    """The games of this run (built-in pools and the settings' pools); a usage error naming
    every mistake of the configuration and of the pool paths at once."""
    return run_settings().registry()


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckcli {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
    pools: Annotated[list[Path] | None, typer.Option(
        "--pools", help="A folder of extra card pools (*.toml), or one pool file; adds or "
        "overrides games. Repeatable; DECKCLI_POOLS and the config's pools work too.")] = None,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks of internal errors.")]
    = False,
    allow_outside: Annotated[bool, typer.Option(
        "--allow-outside", help="Read deck files named on the command line even when, inside "
        "a git work tree, a symbolic link leads them outside it (refused otherwise).")] = False,
) -> None:
    """Build, check and goldfish trading-card-game decks kept as files."""
    _global_pools[:] = pools or []
    _global_allow_outside[0] = allow_outside  # read where the settings are built; --debug by `main`


def error(message: str) -> None:
    """One line on stderr, prefixed so it is easy to find in CI logs (control characters from
    a deck or a file name escaped: the message stays one line)."""
    from deckcli.escape import escape_controls

    sys.stderr.write(f"deckcli: error: {escape_controls(message)}\n")


# Command modules register their commands on import; `--help` lists them in this order.
COMMAND_MODULES = ("check", "cards", "games", "rules_doc", "pool", "build", "show", "convert",
                   "draw", "config_cmd", "lsp_cmd")


def _register_commands() -> None:
    for name in COMMAND_MODULES:
        importlib.import_module(f"deckcli.cli.{name}")


def main(argv: list[str] | None = None) -> int:
    """Run the command line; every failure becomes a message and an exit status.

    Typer reports usage errors itself (exit 2) and ends every command with SystemExit; what
    reaches the handlers below is deckcli's own `UserError` or a bug.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    debug = _take_debug(args)
    _global_pools.clear()  # nothing carries over from an earlier run in this process
    _tolerant_stdout()
    try:
        _register_commands()
        app(args=args, prog_name="deckcli")
    except SystemExit as exc:
        return _exit_status(exc.code)
    except UserError as exc:
        for message in exc.messages:
            error(message)
        return exc.exit_code
    except KeyboardInterrupt:
        error("interrupted")
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # the last line of defence: never a traceback for the user
        if debug:
            raise
        first_line = (str(exc).splitlines() or [""])[0]
        summary = first_line if len(first_line) <= 200 else first_line[:199] + "…"
        error(f"internal error: {type(exc).__name__}: {summary} — this is a bug; rerun with "
              "--debug and report the traceback")
        return EXIT_INTERNAL
    return 0


def _take_debug(args: list[str]) -> bool:
    """Take `--debug` out of the arguments wherever it stands before a `--` (before or after
    the command's name); whether it was given."""
    end = args.index("--") if "--" in args else len(args)
    found = [i for i, arg in enumerate(args[:end]) if arg == "--debug"]
    for i in reversed(found):
        del args[i]
    return bool(found)


def _tolerant_stdout() -> None:
    """Never fail on printing: a file name that is not UTF-8 or a console without "✓".

    With a strict error handler (PYTHONIOENCODING=utf-8, a legacy Windows console) such a
    character would end the run with UnicodeEncodeError; it is shown as an escape instead.
    """
    if getattr(sys.stdout, "errors", None) == "strict" and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")


def _exit_status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    sys.stderr.write(f"{code}\n")
    return EXIT_USAGE
