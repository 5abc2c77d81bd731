"""The `deckcli` application object, global options and the top-level error handler."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer import TyperException

from deckcli import __version__
from deckcli.cli.helpstyle import DeckTyper, epilog
from deckcli.cli.language import set_language
from deckcli.cli.shellnames import Shell
from deckcli.errors import EXIT_INTERNAL, EXIT_USAGE, UserError
from deckcli.i18n import LANGUAGES, N_, _
from deckcli.i18n.languages import CARD_NAME_LANGUAGES as CARD_LANGUAGES

if TYPE_CHECKING:  # imported lazily at run time, to keep --help fast
    from deckcli.app.settings import Settings
    from deckcli.pools.registry import PoolRegistry

APP_HELP = N_("Build, check and goldfish trading-card-game decks kept as files.")

app = DeckTyper(
    name="deckcli",
    help=APP_HELP,
    no_args_is_help=True,
    add_completion=False,  # deckcli's own --install-completion/--show-completion SHELL
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _speak_top_help() -> None:
    """The top-level help and examples in the chosen language: this module is imported before
    the language is chosen (the options' help, in annotations, is read later by typer)."""
    app.info.help = _(APP_HELP)
    if app.registered_callback is not None:
        app.registered_callback.help = _(APP_HELP)
    app.info.epilog = epilog(
        ("deckcli check samples/", _("Check every deck in a folder; exit 1 if any is "
                                     "illegal.")),
        ("deckcli cards megaman type:NetNavi", _("Search a game's cards.")),
        ("deckcli draw deck.toml -w CyberSword --turns 3", _("Odds of drawing a card by "
                                                             "turn 3.")),
    ) + "\n\n" + _("Every command explains itself: deckcli COMMAND --help. Tab completion: "
                     "deckcli --install-completion [bash|zsh|fish].")


# `--pools` as given before the command, kept by `main_options` until the command builds its
# settings (empty while a shell completes a word: the command line is not run then)
_global_pools: list[Path] = []
_global_allow_outside: list[bool] = [False]  # `--allow-outside` before the command
_global_isolated: list[bool] = [False]  # `--isolated` before the command


def global_pools() -> list[Path]:
    return list(_global_pools)


def global_allow_outside() -> bool:
    return _global_allow_outside[0]


def global_isolated() -> bool:
    return _global_isolated[0]


def run_settings(paths: Sequence[Path] = (), game: str | None = None,
                 deck_format: str | None = None, game_origin: str = "--game",
                 collection: Sequence[Path] = ()) -> Settings:
    """The settings of a command that has few options of its own among them: the defaults,
    the configuration for `paths` (else for the working folder; its `[[decks]]` place the
    decks there), the environment, `--pools`, and the command's `--game`/`--deck-format`
    and `--collection`."""
    from deckcli.app.config import load_settings

    return load_settings(paths, pools=global_pools(), game=game, deck_format=deck_format,
                         allow_outside=global_allow_outside(), game_origin=game_origin,
                         isolated=global_isolated(), collection=collection)


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

    what = (_("Install tab completion for SHELL in its start-up file") if install else
            _("Print the tab-completion script of SHELL"))
    return typer.Option("--install-completion" if install else "--show-completion",
                        metavar="[SHELL]", callback=act, is_eager=True, expose_value=False,
                        case_sensitive=False, help=_("{what} (bash, zsh or fish; default: "
                                                     "the shell deckcli runs in).").format(
                                                       what=what))


@app.callback(help=APP_HELP)
def main_options(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help=_("Print the version and exit."))] = False,
    pools: Annotated[list[Path] | None, typer.Option(
        "--pools", metavar="DIR",
        help=_("A folder of extra card pools (*.toml), or one pool file; adds or overrides "
               "games. Repeatable; DECKCLI_POOLS and the config's pools work too."))] = None,
    debug: Annotated[bool, typer.Option("--debug", help=_("Show tracebacks of internal "
                                                          "errors."))]
    = False,
    allow_outside: Annotated[bool, typer.Option(
        "--allow-outside", help=_("Read and write files named on the command line even "
                                  "when, inside a git work tree, a symbolic link leads them "
                                  "outside it (refused otherwise)."))] = False,
    isolated: Annotated[bool, typer.Option(
        "--isolated", help=_("Read no configuration file (deckcli.toml, pyproject.toml, "
                             "cardpools/ beside them): for CI that must not trust the branch "
                             "it checks."))] = False,
    card_lang: Annotated[str | None, typer.Option(
        "--card-lang", metavar="LANG",
        help=_("Show cards by their names in {languages} where the pool holds them, else as "
               "printed (default: the interface language's, where there is one).").format(
            languages=", ".join(CARD_LANGUAGES)))] = None,
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="LANG",
        help=_("The language deckcli speaks: {languages} (default: DECKCLI_LANG, the "
               "configuration's lang, then the locale).").format(
            languages=", ".join(LANGUAGES)))] = None,
    install_completion: Annotated[Shell | None, _completion(install=True)] = None,
    show_completion: Annotated[Shell | None, _completion(install=False)] = None,
) -> None:
    _global_pools[:] = pools or []
    _global_allow_outside[0] = allow_outside  # read where the settings are built; --debug by `main`
    _global_isolated[0] = isolated


def error(message: str) -> None:
    """One line on stderr, prefixed so it is easy to find in CI logs (control characters from
    a deck or a file name escaped: the message stays one line)."""
    from deckcli.escape import escape_controls

    sys.stderr.write(f"deckcli: error: {escape_controls(message)}\n")


# Command modules register their commands on import; `--help` lists them in this order.
COMMAND_MODULES = ("check", "cards", "games", "rules_doc", "pool", "build", "builder", "show",
                   "convert", "own", "draw", "config_cmd", "lsp_cmd")


# The module of each command: a run imports only the one it invokes (help, completion and a
# name that needs a did-you-mean import them all, so they see every command).
MODULE_OF = {"check": "check", "cards": "cards", "games": "games", "rules": "rules_doc",
             "pool": "pool", "new": "build", "add": "build", "remove": "build", "fmt": "build",
             "schema": "build", "build": "builder", "show": "show", "import": "convert",
             "export": "convert", "diff": "convert", "own": "own", "draw": "draw",
             "config": "config_cmd",
             "lsp": "lsp_cmd"}
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

    The language is chosen first: the commands' help is written as their modules import.
    Usage errors (exit 2) are shown by deckcli in that language; commands end with SystemExit
    or typer's Exit; what else reaches the handlers below is deckcli's own `UserError` or a bug.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    debug = _take_flag(args, "--debug")
    _default_shell(args)
    _global_pools.clear()  # nothing carries over from an earlier run in this process
    _tolerant_stdout()
    if os.environ.get("_DECKCLI_COMPLETE"):  # a shell asks for candidates
        from deckcli.cli.shells import register

        register()
    try:
        set_language(args)
        _speak_top_help()
        _register_commands(args)
        status = app(args=args, prog_name="deckcli", standalone_mode=False)
    except SystemExit as exc:
        return _exit_status(exc.code)
    except TyperException as exc:
        from deckcli.cli.usage import usage_error_status

        return usage_error_status(exc)
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
    return status if isinstance(status, int) else 0


def _take_flag(args: list[str], flag: str) -> bool:
    """Take `flag` out of the arguments wherever it stands before a `--` (before or after the
    command's name); whether it was given."""
    end = args.index("--") if "--" in args else len(args)
    found = [i for i, arg in enumerate(args[:end]) if arg == flag]
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
