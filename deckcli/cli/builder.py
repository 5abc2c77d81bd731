"""`deckcli build DECK`: the full-screen deck builder (deckcli.tui, on Textual).

Options and wiring only. Textual is an optional dependency (`deckcli[tui]`): it is imported
here, inside the command, and nowhere else, so no other command pays for it or needs it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from deckcli.cli import complete
from deckcli.cli.app import app, run_settings
from deckcli.cli.helpstyle import epilog
from deckcli.errors import EXIT_FAILED, EXIT_INTERNAL, UserError
from deckcli.i18n import _

INSTALL = 'pip install "deckcli[tui]"'


@app.command(help=_("Build a deck in a full-screen terminal app: search, live legality, stats, "
                    "sample hands."), epilog=epilog(
    ("deckcli build samples/megaman/starter-megaman.toml", _("Edit a deck: search, add, "
     "remove, see it judged as you go, save with Ctrl+S.")),
    ("deckcli build new.toml --game haikyu", _("Start a new Haikyu deck (the game is asked "
     "when not given).")),
    exits=_("0 quit (saved, or changes discarded when asked); 1 the deck cannot be read, or "
            "Textual is not installed; 2 usage error (an unknown game, a format the builder "
            "cannot edit); 3 internal error (a bug: please report it)."),
))
def build(
    path: Annotated[Path, typer.Argument(metavar="DECK",
                                         help=_("The deck file (TOML or text list); a new "
                                                "file is created as deckcli new would."))],
    game: Annotated[str | None, typer.Option(
        "--game", "-g", metavar="GAME", autocompletion=complete.game_ids,
        help=_("The game of a new deck (asked in the builder when not given)."))] = None,
    deck_format: Annotated[str | None, typer.Option(
        "--deck-format", metavar="DECK-FORMAT", autocompletion=complete.deck_formats,
        help=_("The format of a new deck (default: the game's default format)."))] = None,
    name: Annotated[str | None, typer.Option("--name", "-n", metavar="NAME",
                                             help=_("The name of a new deck."))] = None,
    collection: Annotated[list[Path] | None, typer.Option(
        "--collection", metavar="FILE",
        help=_("A collection file (the cards you own; repeatable): each line shows the "
               "copies owned and missing (default: the configuration's collection)."))] = None,
    seed: Annotated[int, typer.Option("--seed", min=0, metavar="N",
                                      help=_("The seed of the first sample hand (as "
                                             "deckcli draw --show 1 --seed N deals it)."))] = 1,
) -> None:
    """Build a deck in a full-screen terminal app: search, live legality, stats, sample hands."""
    try:
        from deckcli.tui.app import BuildApp
    except ImportError as exc:
        if (exc.name or "").split(".")[0] != "textual":
            raise
        raise UserError(_("deckcli build needs Textual, which is not installed; install it "
                          "with: {command}").format(command=INSTALL), EXIT_FAILED) from None
    from deckcli.app.newdeck import new_deck_bytes, new_deck_format
    from deckcli.app.opendeck import open_game
    from deckcli.escape import printable_path
    from deckcli.tui.session import BuildSession, editable

    if path.is_dir():
        raise UserError(_("{path} is a folder; name a deck file").format(path=path))
    settings = run_settings([path], game, deck_format, collection=collection or ())
    registry = settings.registry()
    if settings.collection.value:  # a collection that cannot be read stops here, not on screen
        from deckcli.app.collection import run_collections

        run_collections(settings, registry)

    def create(game_id: str) -> BuildSession:
        resolver = open_game(registry, game_id, deck_format)
        return BuildSession.create(path, new_deck_bytes(path, resolver, name), settings,
                                   registry)

    session = None
    if path.exists() or path.is_symlink():
        session = BuildSession.open(path, settings, registry)
    else:
        new_deck_format(path)
        editable(path)
        if game is not None:
            session = create(game)
    games = [(game_id, registry.header(game_id).game.name) for game_id in registry.game_ids()]
    builder = BuildApp(session, create=create, games=games,
                       path_shown=printable_path(str(path)), seed=seed)
    code = builder.run()
    if builder.failure:
        raise UserError(builder.failure, EXIT_FAILED)
    if builder.return_code:  # Textual stopped on an error of the builder (it says which)
        raise typer.Exit(EXIT_INTERNAL)
    raise typer.Exit(code or 0)
