"""`deckcli own`: what decks need beyond a collection, and which cards they compete for."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from deckcli.cli.app import app, run_settings
from deckcli.cli.helpstyle import epilog
from deckcli.cli.options import GameOption
from deckcli.errors import EXIT_FAILED, EXIT_USAGE, UserError
from deckcli.escape import printable_path
from deckcli.i18n import _

if TYPE_CHECKING:
    from deckcli.app.collection import Collection
    from deckcli.model.owned import OwnReport

OWN_FORMATS = ("rich", "text", "json", "csv", "markdown", "list")  # report.owned's, and list


@app.command(help=_(
    "Measure decks against the cards you own: what each deck lacks, what to acquire to build "
    "them all at once, and (--shared) the cards they compete for."), epilog=epilog(
    ("deckcli own deck.toml --collection binder.csv", _("What the deck lacks beyond the "
                                                        "binder.")),
    ("deckcli own a.toml b.txt -c binder.txt -c trade-box.dek --shared",
     _("Two decks, two collection files added up, and the cards the decks compete for.")),
    ("deckcli own deck.toml -c binder.txt --format list -o wants.txt",
     _("The missing cards as a deck list (deckcli import reads it).")),
    exits=_("0 the collection holds every card of every deck; 1 cards to acquire, or a line "
            "of a deck or collection that counts no card; 2 usage error (a collection of "
            "another game, no collection, a missing file)."),
))
def own(
    decks: Annotated[list[Path], typer.Argument(metavar="DECK...", show_default=False,
                                                help=_("Deck files."))],
    collection: Annotated[list[Path] | None, typer.Option(
        "--collection", "-c", metavar="FILE",
        help=_("A collection file: a card list with counts in any deck format; repeatable, "
               "counts add up (default: the configuration's collection)."))] = None,
    shared: Annotated[bool, typer.Option(
        "--shared", help=_("Also list the cards several decks use at once beyond what is "
                           "owned, with the decks competing for them."))] = False,
    format_: Annotated[str, typer.Option(
        "--format", "-f", metavar="FORMAT",
        help=_("Output format: {items}; list writes the cards to acquire as a deck "
               "list.").format(items=", ".join(OWN_FORMATS)))] = "rich",
    output: Annotated[Path | None, typer.Option("--output", "-o", metavar="FILE",
                                                help=_("Write the report to FILE."))] = None,
    game: GameOption = None,
) -> None:
    from deckcli.app.collection import deck_wants, load_collections, named_before, wrong_game
    from deckcli.cli.output import emit
    from deckcli.engine.owned import report as measure
    from deckcli.report.owned import OWN_FORMATS as RENDERERS

    chosen = format_.lower()
    if chosen not in OWN_FORMATS:
        raise UserError(_("--format takes {items}, not {format!r}").format(
            items=", ".join(OWN_FORMATS), format=format_), EXIT_USAGE)
    if chosen == "json":  # a machine's reading, English unless a language is asked for
        from deckcli.i18n import for_machine_output

        for_machine_output()
    settings = run_settings(decks, game=game, collection=collection or ())
    registry = settings.registry()
    replaced = _read_file(output, [*decks, *(source.path for source in
                                             settings.collection.value)])
    if replaced is not None:
        raise UserError(_("--output {path} is a file own reads (a deck or a collection); the "
                          "report would replace it: write it elsewhere").format(
                              path=replaced), EXIT_USAGE)
    wanted = [deck_wants(path, settings, registry) for path in decks]
    seen: dict[tuple[int, int], str] = {}
    for path, deck in zip(decks, wanted, strict=True):
        first = named_before(path, deck.path, seen)
        if first is not None:  # counted twice in what to acquire, once in what they share
            raise UserError(_("{path} is given twice as a deck (first as {first}); name each "
                              "deck once").format(path=deck.path, first=first))
    games = list(dict.fromkeys(deck.game for deck in wanted))
    sources = settings.collection.value
    if not sources:
        raise UserError(_("no collection: give --collection FILE (a card list with counts), "
                          "or set collection in the configuration"))
    collections = load_collections(sources, settings, registry,
                                   games[0] if len(games) == 1 else None)
    if settings.collection.origin != "--collection":  # a configuration's, for every game
        collections = {game_id: found for game_id, found in collections.items()
                       if game_id in games}
    mismatch = wrong_game(collections, games)
    if mismatch is not None:
        raise UserError(mismatch)
    for game_id in games:
        if game_id not in collections:
            raise UserError(_("no collection of {game} given for {decks}").format(
                game=game_id, decks=", ".join(d.path for d in wanted if d.game == game_id)))
    found = measure([item for c in collections.values() for item in c.files], wanted,
                    {game_id: c.owned for game_id, c in collections.items()})
    _problems_to_stderr(found, chosen)
    if chosen == "list":
        _write_list(found, collections, output, settings.allow_outside.value)
    else:
        render = RENDERERS[chosen]
        emit(lambda out, color: render(found, out, shared, color), output,
             settings.allow_outside.value)
    raise typer.Exit(EXIT_FAILED if found.total or found.problems else 0)


def _read_file(output: Path | None, read: list[Path]) -> str | None:
    """The output named as it is, when it is one of the files the command reads (a link to
    one too): a report written there would take the place of a player's binder or deck."""
    if output is None:
        return None
    for path in read:
        try:
            if output.samefile(path):
                return printable_path(str(output))
        except OSError:  # either is missing (a new report; a deck said missing later)
            continue
    return None


def _problems_to_stderr(found: OwnReport, chosen: str) -> None:
    """Formats with no place for them (csv, list) say the uncounted lines on stderr."""
    if chosen not in ("csv", "list"):
        return
    from deckcli.report.owned import problem_text

    for path, problems in [*((deck.path, deck.problems) for deck in found.decks),
                           *((c.path, c.problems) for c in found.collections)]:
        for p in problems:
            sys.stderr.write("deckcli: " + problem_text(path, p.line, p.rule, p.message) + "\n")


def _write_list(found: OwnReport, collections: dict[str, Collection], output: Path | None,
                allow_outside: bool) -> None:
    """The cards to acquire as a text list of their game (what `deckcli import` reads)."""
    from deckcli.cli.output import emit
    from deckcli.engine.resolver import Resolved
    from deckcli.formats.kinds import LIST
    from deckcli.model.deck import DeckEntry

    games = list(dict.fromkeys(deck.game for deck in found.decks))
    if len(games) > 1:
        raise UserError(_("--format list writes a list of one game; the decks are of "
                          "{games}: run deckcli own once per game").format(
                              games=", ".join(games)))
    resolver = collections[games[0]].resolver
    items = [Resolved(need.card, need.missing, DeckEntry(need.card.number, need.missing))
             for need in found.to_acquire]
    chunks = LIST.write(resolver, items, _("to acquire"))
    emit(lambda out, color: out.writelines(chunks), output, allow_outside)
