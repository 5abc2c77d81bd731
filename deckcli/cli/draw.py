"""`deckcli draw DECK --want SPEC`: how often the deck's hands hold what it needs, turn by turn."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from deckcli.cli import complete
from deckcli.cli.app import app, open_registry, run_settings
from deckcli.cli.helpstyle import epilog
from deckcli.cli.options import DeckFormatOption, GameOption, Policy
from deckcli.errors import UserError
from deckcli.escape import escape_controls

if TYPE_CHECKING:
    from deckcli.draw.goldfish import Goldfish, Odds
    from deckcli.draw.setup import Library
    from deckcli.draw.simulate import Simulation
    from deckcli.engine.resolver import Resolver
    from deckcli.model.card import Card
    from deckcli.model.deck import DeckEntry
    from deckcli.pools.registry import PoolRegistry

SLOW_SECONDS = 1.0  # a simulation expected to run longer shows a progress bar


@app.command(epilog=epilog(
    ('deckcli draw samples/megaman/starter-megaman.toml -w "2 AreaSteal" --turns 3',
     "The chance of 2 AreaSteal in hand by the end of each of the first 3 turns."),
    ("deckcli draw a.toml b.toml -w type:event --mulligan best", "Two decks side by side, "
     "with the mulligan keep that gives the best odds."),
    ("deckcli draw deck.toml --show 5", "Five sample opening hands, no want needed."),
    exits="0 odds computed (an illegal deck is drawn anyway, with a warning); 2 a bad deck, "
    "want or option.",
))
def draw(
    decks: Annotated[list[Path], typer.Argument(
        help="Deck files (TOML or text lists); several are compared side by side.",
        show_default=False, metavar="DECK...")],
    want: Annotated[list[str] | None, typer.Option(
        "--want", "-w", show_default=False, metavar="SPEC", autocompletion=complete.card_names,
        help="[N] QUERY: at least N (default 1) cards in hand matching a card reference or "
        "query; also 'exactly N QUERY', 'at most N QUERY'. Repeatable; all must hold.")]
    = None,
    any_: Annotated[bool, typer.Option("--any", help="The wants are alternatives: any one "
                                       "is enough.")] = False,
    turns: Annotated[int, typer.Option("--turns", "-t", min=0, max=100, metavar="T",
                                       help="Odds by the end of each of the first T turns "
                                       "(up to 100).")]
    = 0,
    play: Annotated[bool, typer.Option("--play/--draw", help="Going first (--play) or "
                                       "second; matters where the first player skips a draw.")]
    = True,
    mulligan: Annotated[Policy, typer.Option(
        "--mulligan", metavar="POLICY", case_sensitive=False, show_default=False,
        help="The game's mulligan when the opening hand misses: 'default' (keep the cards "
        "serving the most wants), 'best' (the keep with the highest exact odds) or 'none' "
        "(no mulligan; used when --mulligan is not given). The report names the policy.")]
    = Policy.none,
    playable: Annotated[list[str] | None, typer.Option(
        "--playable", metavar="CARD", autocompletion=complete.card_names,
        help="P(the card can be played) by turn, under the costs the game declares "
        "(MegaMan). Repeatable.")] = None,
    copies: Annotated[str | None, typer.Option(
        "--copies", metavar="CARD=A..B", help="The wants' odds for each count of CARD from A "
        "to B, the deck size kept (cards matching no want make room).")] = None,
    target: Annotated[float, typer.Option(
        "--target", min=0.0, max=1.0, metavar="P",
        help="With --copies: mark the fewest copies reaching this probability (0 to 1).")]
    = 0.9,
    hands: Annotated[int | None, typer.Option("--hands", min=1, max=100_000_000, metavar="N",
                                              help="Simulate N hands instead of exact odds.")]
    = None,
    seed: Annotated[int, typer.Option(
        "--seed", min=0, metavar="N", help="Seed of the simulation and sample hands.")] = 1,
    show: Annotated[int, typer.Option("--show", min=0, max=50, metavar="N",
                                      help="Show N sample opening hands (up to 50).")] = 0,
    start: Annotated[list[str] | None, typer.Option(
        "--start", metavar="CARD", help="The card the set-up sets aside (e.g. the Digimon "
        "level III); default: the matching card with the most copies.")] = None,
    format_: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT",
                                         help="rich, text or json.")]
    = "rich",
    game: GameOption = None,
    deck_format: DeckFormatOption = None,
) -> None:
    """Opening-hand and draw odds that follow the game's set-up (exact where possible)."""
    from deckcli.cli.draw_run import Request, run_deck

    if format_ not in ("rich", "text", "json"):
        raise UserError(f"--format takes rich, text or json, not {format_!r}")
    policy = mulligan.value
    if not want and not playable and not show:
        raise UserError("say what to draw for: --want SPEC (e.g. -w '2 CyberSword'), "
                        "--playable CARD, or --show N for sample hands")
    if copies is not None and not want:
        raise UserError("--copies needs at least one --want: it shows the wants' odds")
    if copies is not None and len(decks) > 1:
        raise UserError("--copies takes one deck")
    for deck in decks:
        if not deck.is_file():
            raise UserError(f"no such deck file: {deck}")
    registry = open_registry()
    if game is not None and registry.resolve_id(game) is None:
        raise UserError(f"unknown game {game!r}; games: {', '.join(registry.game_ids())}")
    request = Request(list(want or []), any_, turns, play, policy, list(playable or []),
                      copies, target, hands, seed, show, list(start or []), game,
                      deck_format)
    results = [run_deck(registry, deck, request) for deck in decks]
    if format_ == "json":
        document = [r.json() for r in results]
        typer.echo(json.dumps(document[0] if len(document) == 1 else document,
                              ensure_ascii=False, indent=2))
        return
    from deckcli.cli.draw_view import render_all

    render_all(results, request, plain=format_ == "text")


def _warn(message: str) -> None:
    sys.stderr.write(escape_controls(f"deckcli: warning: {message}") + "\n")


def deck_library(registry: PoolRegistry, path: Path, game: str | None, deck_format: str | None
              ) -> tuple[Resolver, Library, str]:
    """Read, check and resolve the deck; an illegal deck is a warning, an unusable one an error."""
    from deckcli.app.opendeck import load_deck as open_deck
    from deckcli.draw.setup import Library
    from deckcli.errors import EXIT_USAGE

    settings = run_settings([path], game, deck_format)  # its configuration places it
    loaded = open_deck(path, settings, settings.registry(), EXIT_USAGE)
    result = loaded.check()
    errors = [p for p in result.problems if p.severity == "error"]
    if errors:
        _warn(f"{path} is not a legal {result.game} {result.format} deck; drawing it anyway:")
        for problem in errors:
            sys.stderr.write(escape_controls(f"  {problem.rule}: {problem.message}") + "\n")
    library = Library(tuple(read_ambiguous(loaded.resolver, loaded.deck.entries)), 0)
    blanks = result.cards - library.size
    return loaded.resolver, Library(library.cards, blanks), loaded.deck.name or path.name


def read_ambiguous(resolver: Resolver, entries: list[DeckEntry]) -> list[tuple[Card, int]]:
    """The deck's cards and copies; a name shared by cards that differ for the rules is read as
    its first card, and a warning says so: the odds may depend on which card it is."""
    from deckcli.engine.resolver import Ambiguous

    ambiguous: list[Ambiguous] = []
    cards, _ = resolver.resolve(entries, ambiguous)
    held = {item.card.number: (item.card, item.count) for item in cards}
    for item in ambiguous:
        chosen = item.readings[0]
        first, copies = held.get(chosen.number, (chosen, 0))
        held[chosen.number] = (first, copies + item.entry.count)
        numbers = ", ".join(card.number for card in item.candidates)
        _warn(f'"{item.entry.ref}" names {numbers}; the odds read it as {chosen.number} and '
              "may differ for another of them: write the card number to settle it")
    return [(card, count) for card, count in held.values()]


def _odds(fish: Goldfish, hands: int | None, seed: int) -> Odds:
    """Exact sums unless a simulation is asked for or the sums would be too long."""
    from deckcli.draw import goldfish as gf
    from deckcli.draw.exact import TooLong

    if hands is None:
        try:
            return gf.exact_odds(fish)
        except TooLong:
            _warn(f"exact odds would take too long here; simulating {gf.DEFAULT_HANDS:,} hands")
    run = gf.simulation(fish, hands or gf.DEFAULT_HANDS, seed)
    _drive(run)
    return gf.simulated_odds(fish, run)


def _drive(run: Simulation) -> None:
    """Run the simulation; after the first chunk, show a progress bar if the rest is slow."""
    chunks = run.run()
    started = time.perf_counter()
    done = next(chunks)
    projected = (time.perf_counter() - started) * run.hands / done
    if done >= run.hands or projected < SLOW_SECONDS:
        for _ in chunks:
            pass
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("dealing hands", total=run.hands, completed=done)
        for done in chunks:
            progress.update(task, completed=done)
