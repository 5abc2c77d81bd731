"""`deckcli draw DECK --want SPEC`: how often the deck's hands hold what it needs, turn by turn."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from deckcli.cli import complete
from deckcli.cli.app import app, open_registry
from deckcli.cli.helpstyle import epilog
from deckcli.cli.options import DeckFormatOption, GameOption, Policy
from deckcli.errors import UserError
from deckcli.i18n import _

if TYPE_CHECKING:
    pass



@app.command(help=_("Opening-hand and draw odds that follow the game's set-up (exact where "
                    "possible)."), epilog=epilog(
    ('deckcli draw samples/megaman/starter-megaman.toml -w "2 AreaSteal" --turns 3',
     _("The chance of 2 AreaSteal in hand by the end of each of the first 3 turns.")),
    ("deckcli draw a.toml b.toml -w type:event --mulligan best", _("Two decks side by side, with "
                                                                   "the mulligan keep that gives "
                                                                   "the best odds.")),
    ("deckcli draw deck.toml --show 5", _("Five sample opening hands, no want needed.")),
    exits=_("0 odds computed (an illegal deck is drawn anyway, with a warning); 2 a bad "
            "deck, want or option."),
))
def draw(
    decks: Annotated[list[Path], typer.Argument(
        help=_("Deck files (TOML or text lists); several are compared side by side."),
        show_default=False, metavar="DECK...")],
    want: Annotated[list[str] | None, typer.Option(
        "--want", "-w", show_default=False, metavar="SPEC", autocompletion=complete.card_names,
        help=_("[N] QUERY: at least N (default 1) cards in hand matching a card reference "
               "or query; also 'exactly N QUERY', 'at most N QUERY'. Repeatable; all must "
               "hold."))]
    = None,
    any_: Annotated[bool, typer.Option("--any", help=_("The wants are alternatives: any "
                                                       "one is enough."))] = False,
    turns: Annotated[int, typer.Option("--turns", "-t", min=0, max=100, metavar="T",
                                       help=_("Odds by the end of each of the first T "
                                              "turns (up to 100)."))]
    = 0,
    play: Annotated[bool, typer.Option("--play/--draw", help=_("Going first (--play) or "
                                                               "second; matters where the "
                                                               "first player skips a draw."))]
    = True,
    mulligan: Annotated[Policy, typer.Option(
        "--mulligan", metavar="POLICY", case_sensitive=False, show_default=False,
        help=_("The game's mulligan when the opening hand misses: 'default' (keep the "
               "cards serving the most wants), 'best' (the keep with the highest exact "
               "odds) or 'none' (no mulligan; used when --mulligan is not given). The "
               "report names the policy."))]
    = Policy.none,
    playable: Annotated[list[str] | None, typer.Option(
        "--playable", metavar="CARD", autocompletion=complete.card_names,
        help=_("P(the card can be played) by turn, under the costs the game declares "
               "(MegaMan). Repeatable."))] = None,
    copies: Annotated[str | None, typer.Option(
        "--copies", metavar="CARD=A..B", help=_("The wants' odds for each count of CARD "
                                                "from A to B, the deck size kept (cards "
                                                "matching no want make room)."))] = None,
    target: Annotated[float, typer.Option(
        "--target", min=0.0, max=1.0, metavar="P",
        help=_("With --copies: mark the fewest copies reaching this probability (0 to 1)."))]
    = 0.9,
    hands: Annotated[int | None, typer.Option("--hands", min=1, max=100_000_000, metavar="N",
                                              help=_("Simulate N hands instead of exact "
                                                     "odds."))]
    = None,
    seed: Annotated[int, typer.Option(
        "--seed", min=0, metavar="N", help=_("Seed of the simulation and sample hands."))] = 1,
    show: Annotated[int, typer.Option("--show", min=0, max=50, metavar="N",
                                      help=_("Show N sample opening hands (up to 50)."))] = 0,
    start: Annotated[list[str] | None, typer.Option(
        "--start", metavar="CARD", help=_("The card the set-up sets aside (e.g. the "
                                          "Digimon level III); default: the matching card "
                                          "with the most copies."))] = None,
    format_: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT",
                                         help=_("rich, text or json."))]
    = "rich",
    game: GameOption = None,
    deck_format: DeckFormatOption = None,
) -> None:
    from deckcli.cli.draw_run import Request, run_deck

    if format_ not in ("rich", "text", "json"):
        raise UserError(_("--format takes rich, text or json, not {format!r}").format(
                            format=format_))
    policy = mulligan.value
    if not want and not playable and not show:
        raise UserError(_("say what to draw for: --want SPEC (e.g. -w '2 CyberSword'), "
                          "--playable CARD, or --show N for sample hands"))
    if copies is not None and not want:
        raise UserError(_("--copies needs at least one --want: it shows the wants' odds"))
    if copies is not None and len(decks) > 1:
        raise UserError(_("--copies takes one deck"))
    for deck in decks:
        if not deck.is_file():
            raise UserError(_("no such deck file: {deck}").format(deck=deck))
    registry = open_registry()
    if game is not None and registry.resolve_id(game) is None:
        raise UserError(_("unknown game {game!r}; games: {items}").format(
                            game=game, items=', '.join(registry.game_ids())))
    request = Request(list(want or []), any_, turns, play, policy, list(playable or []),
                      copies, target, hands, seed, show, list(start or []), game,
                      deck_format)
    results = [run_deck(deck, request) for deck in decks]
    if format_ == "json":
        document = [r.json() for r in results]
        typer.echo(json.dumps(document[0] if len(document) == 1 else document,
                              ensure_ascii=False, indent=2))
        return
    from deckcli.cli.draw_view import render_all

    render_all(results, request, plain=format_ == "text")
