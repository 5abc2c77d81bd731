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
from deckcli.cli.guard import exit_status, guarded, take_flag, tolerant_stdout
from deckcli.cli.helpstyle import DeckTyper, epilog
from deckcli.cli.language import set_language
from deckcli.cli.runopts import (
    global_allow_outside,
    global_isolated,
    global_pools,
    set_global_options,
)
from deckcli.cli.shellnames import Shell
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
    # read where the settings are built; --debug by `main`
    set_global_options(pools or [], allow_outside, isolated)


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
    """Run the command line through typer; every failure becomes a message and an exit status
    (`entry.guarded`). `python -m deckcli` and the `deckcli` script come here through
    `entry.main`, which runs a plain `check` without typer.

    The language is chosen first: the commands' help is written as their modules import.
    Usage errors (exit 2) are shown by deckcli in that language; commands end with SystemExit
    or typer's Exit.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    debug = take_flag(args, "--debug")
    _default_shell(args)
    set_global_options([], False, False)  # nothing carries over from an earlier run here
    tolerant_stdout()
    if os.environ.get("_DECKCLI_COMPLETE"):  # a shell asks for candidates
        from deckcli.cli.shells import register

        register()

    def run() -> int:
        try:
            set_language(args)
            _speak_top_help()
            _register_commands(args)
            status = app(args=args, prog_name="deckcli", standalone_mode=False)
        except SystemExit as exc:
            return exit_status(exc.code)
        except TyperException as exc:
            from deckcli.cli.usage import usage_error_status

            return usage_error_status(exc)
        return status if isinstance(status, int) else 0

    return guarded(run, debug)


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
