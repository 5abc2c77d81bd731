"""The `deckcli` application object, global options and the top-level error handler."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from deckcli import __version__
from deckcli.cli.helpstyle import DeckTyper, epilog
from deckcli.cli.options import Shell
from deckcli.errors import EXIT_INTERNAL, EXIT_USAGE, UserError

if TYPE_CHECKING:  # imported lazily at run time, to keep --help fast
    from deckcli.app.settings import Settings
    from deckcli.pools.registry import PoolRegistry

app = DeckTyper(
    name="deckcli",
    help="Build, check and goldfish trading-card-game decks kept as files.",
    no_args_is_help=True,
    add_completion=False,  # deckcli's own --install-completion/--show-completion SHELL
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=epilog(
        ("deckcli check samples/", "Check every deck in a folder; exit 1 if any is illegal."),
        ("deckcli cards megaman type:NetNavi", "Search a game's cards."),
        ("deckcli draw deck.toml -w CyberSword --turns 3", "Odds of drawing a card by turn 3."),
    ) + "\n\nEvery command explains itself: deckcli COMMAND --help. Tab completion: "
    "deckcli --install-completion [bash|zsh|fish].",
)


# `--pools` as given before the command, kept by `main_options` until the command builds its
# settings (empty while a shell completes a word: the command line is not run then)
_global_pools: list[Path] = []
_global_allow_outside: list[bool] = [False]  # `--allow-outside` before the command


def global_pools() -> list[Path]:
    return list(_global_pools)


def global_allow_outside() -> bool:
    return _global_allow_outside[0]


def run_settings(paths: Sequence[Path] = (), game: str | None = None,
                 deck_format: str | None = None, game_origin: str = "--game") -> Settings:
    """The settings of a command that has few options of its own among them: the defaults,
    the configuration for `paths` (else for the working folder; its `[[decks]]` place the
    decks there), the environment, `--pools`, and the command's `--game`/`--deck-format`."""
    from deckcli.app.config import load_settings

    return load_settings(paths, pools=global_pools(), game=game, deck_format=deck_format,
                         allow_outside=global_allow_outside(), game_origin=game_origin)


def open_registry() -> PoolRegistry:
    """The games of this run (built-in pools and the settings' pools); a usage error naming
    every mistake of the configuration and of the pool paths at once."""
    return run_settings().registry()


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckcli {__version__}")
        raise typer.Exit()


def _completion(install: bool) -> Any:
    """`--install-completion SHELL` or `--show-completion SHELL`, done by typer's own
    functions (the shell's script, its start-up file)."""

    def act(ctx: typer.Context, param: typer.CallbackParam, value: Shell | None) -> None:
        if value is None or ctx.resilient_parsing:
            return
        from typer import completion

        (completion.install_callback if install else completion.show_callback)(
            ctx, param, value.value)

    what = ("Install tab completion for SHELL in its start-up file" if install else
            "Print the tab-completion script of SHELL")
    return typer.Option("--install-completion" if install else "--show-completion",
                        metavar="[SHELL]", callback=act, is_eager=True, expose_value=False,
                        case_sensitive=False, help=f"{what} (bash, zsh or fish; default: the "
                        "shell deckcli runs in).")


@app.callback()
def main_options(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
    pools: Annotated[list[Path] | None, typer.Option(
        "--pools", metavar="DIR",
        help="A folder of extra card pools (*.toml), or one pool file; adds or "
        "overrides games. Repeatable; DECKCLI_POOLS and the config's pools work too.")] = None,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks of internal errors.")]
    = False,
    allow_outside: Annotated[bool, typer.Option(
        "--allow-outside", help="Read deck files named on the command line even when, inside "
        "a git work tree, a symbolic link leads them outside it (refused otherwise).")] = False,
    install_completion: Annotated[Shell | None, _completion(install=True)] = None,
    show_completion: Annotated[Shell | None, _completion(install=False)] = None,
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


# The module of each command: a run imports only the one it invokes (help, completion and a
# name that needs a did-you-mean import them all, so they see every command).
MODULE_OF = {"check": "check", "cards": "cards", "games": "games", "rules": "rules_doc",
             "pool": "pool", "new": "build", "add": "build", "remove": "build", "fmt": "build",
             "schema": "build", "show": "show", "import": "convert", "export": "convert",
             "diff": "convert", "draw": "draw", "config": "config_cmd", "lsp": "lsp_cmd"}
GLOBAL_VALUE_OPTIONS = ("--pools",)  # global options that take the next word as their value


def _register_commands(args: Sequence[str]) -> None:
    """Import the invoked command's module, or every command module when the command is not
    named plainly (help, a typo, shell completion)."""
    named = None if os.environ.get("_DECKCLI_COMPLETE") else _command_name(args)
    for name in (MODULE_OF[named],) if named in MODULE_OF else COMMAND_MODULES:
        importlib.import_module(f"deckcli.cli.{name}")


def _command_name(args: Sequence[str]) -> str | None:
    """The first word that is not a global option or its value; None before any."""
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in GLOBAL_VALUE_OPTIONS:
            skip = True
        elif not arg.startswith("-"):
            return arg
        elif arg == "--":
            return None
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; every failure becomes a message and an exit status.

    Typer reports usage errors itself (exit 2) and ends every command with SystemExit; what
    reaches the handlers below is deckcli's own `UserError` or a bug.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    debug = _take_debug(args)
    _default_shell(args)
    _global_pools.clear()  # nothing carries over from an earlier run in this process
    _tolerant_stdout()
    if os.environ.get("_DECKCLI_COMPLETE"):  # a shell asks for candidates
        from deckcli.cli.shells import register

        register()
    try:
        _register_commands(args)
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


def _default_shell(args: list[str]) -> None:
    """`--show-completion` / `--install-completion` with no shell named: the shell deckcli
    runs in (the option takes a value; the parser has no optional values)."""
    for i, arg in enumerate(args):
        if not arg.startswith("-"):
            return  # the command's name: its own options follow
        if arg in ("--show-completion", "--install-completion") and (
                i + 1 == len(args) or args[i + 1].startswith("-")):
            from deckcli.cli.shells import detect

            args.insert(i + 1, detect() or "bash")
            return


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
