"""`deckcli draw DECK --want SPEC`: how often the deck's hands hold what it needs, turn by turn."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from deckcli.cli.app import app, state
from deckcli.errors import UserError

if TYPE_CHECKING:
    from deckcli.draw.goldfish import Goldfish, Odds
    from deckcli.draw.setup import Library
    from deckcli.draw.simulate import Simulation
    from deckcli.pools.registry import PoolRegistry
    from deckcli.resolver import Resolver

SLOW_SECONDS = 1.0  # a simulation expected to run longer shows a progress bar


@app.command()
def draw(
    deck: Annotated[Path, typer.Argument(help="A deck file (TOML or text list).",
                                         show_default=False)],
    want: Annotated[list[str], typer.Option(
        "--want", "-w", show_default=False, metavar="SPEC",
        help="[N] QUERY: at least N (default 1) cards in hand matching a card reference or "
        "query; also 'exactly N QUERY', 'at most N QUERY'. Repeatable; all must hold.")],
    any_: Annotated[bool, typer.Option("--any", help="The wants are alternatives: any one "
                                       "is enough.")] = False,
    turns: Annotated[int, typer.Option("--turns", "-t", min=0, max=100,
                                       help="Odds by the end of each of the first T turns.")]
    = 0,
    play: Annotated[bool, typer.Option("--play/--draw", help="Going first (--play) or "
                                       "second; matters where the first player skips a draw.")]
    = True,
    mulligan: Annotated[bool, typer.Option("--mulligan", help="Take the game's mulligan when "
                                           "the opening hand misses (policy in the report).")]
    = False,
    hands: Annotated[int | None, typer.Option("--hands", min=1, max=100_000_000,
                                              help="Simulate N hands instead of exact odds.")]
    = None,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Seed of the simulation and sample "
                                      "hands.")] = 1,
    show: Annotated[int, typer.Option("--show", min=0, max=50,
                                      help="Show N sample opening hands.")] = 0,
    start: Annotated[list[str] | None, typer.Option(
        "--start", metavar="CARD", help="The card the set-up sets aside (e.g. the Digimon "
        "level III); default: the matching card with the most copies.")] = None,
    format_: Annotated[str, typer.Option("--format", "-f", help="rich or json.")] = "rich",
    game: Annotated[str | None, typer.Option(
        "--game", "-g", help="Game for a text list that does not name one.")] = None,
    deck_format: Annotated[str | None, typer.Option(
        "--deck-format", help="Deck format (rules and set-up) for a deck that does not name "
        "one.")] = None,
) -> None:
    """Opening-hand and draw odds that follow the game's set-up (exact where possible).

    Exit status: 0 odds computed, 2 bad deck, want or option.
    """
    from deckcli.draw import DrawError
    from deckcli.draw import goldfish as gf

    if format_ not in ("rich", "json"):
        raise UserError(f"--format takes rich or json, not {format_!r}")
    if not deck.is_file():
        raise UserError(f"no such deck file: {deck}")
    registry = state.registry()
    if game is not None and registry.resolve_id(game) is None:
        raise UserError(f"unknown game {game!r}; games: {', '.join(registry.game_ids())}")
    resolver, library, title = load_deck(registry, deck, game, deck_format)
    pool, format_id = resolver.pool, resolver.format_id
    try:
        fish = gf.prepare(resolver, pool.header.setup_for(format_id), library, want, any_of=any_,
                          starts=start or [], on_play=play, turns=turns, use_mulligan=mulligan)
        for message in fish.warnings:
            _warn(message)
        odds = _odds(fish, hands, seed)
        samples = gf.sample_hands(fish, show, seed)
    except DrawError as exc:
        raise UserError(str(exc)) from None
    if format_ == "json":
        typer.echo(json.dumps(_json(pool.game_id, str(deck), odds), ensure_ascii=False,
                              indent=2))
        return
    from deckcli.cli.draw_view import render

    render(pool, format_id, title, fish, odds, samples, seed)


def _warn(message: str) -> None:
    sys.stderr.write(f"deckcli: warning: {message}\n")


def load_deck(registry: PoolRegistry, path: Path, game: str | None, deck_format: str | None
              ) -> tuple[Resolver, Library, str]:
    """Read, check and resolve the deck; an illegal deck is a warning, an unusable one an error."""
    from deckcli.check import check_deck
    from deckcli.checkrun import Options, place
    from deckcli.deckfile.read import UNREADABLE_RULES, read_deck_file
    from deckcli.draw.setup import Library

    deck, problems = read_deck_file(path)
    unreadable = next((p for p in problems if p.rule in UNREADABLE_RULES), None)
    resolver, stop, _ = place(deck, registry, Options(game=game, format=deck_format))
    if unreadable is not None or resolver is None:
        reason = unreadable or stop
        raise UserError(f"{path}: {reason.message if reason else 'cannot read the deck'}")
    result = check_deck(deck, resolver, problems)
    errors = [p for p in result.problems if p.severity == "error"]
    if errors:
        _warn(f"{path} is not a legal {result.game} {result.format} deck; drawing it anyway:")
        for problem in errors:
            sys.stderr.write(f"  {problem.rule}: {problem.message}\n")
    cards, _ = resolver.resolve(deck.entries)
    blanks = result.cards - sum(item.count for item in cards)
    library = Library(tuple((item.card, item.count) for item in cards), blanks)
    return resolver, library, deck.name or path.name


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


def _json(game_id: str, deck: str, odds: Odds) -> dict:
    opening = odds.by_turn[0]
    return {
        "game": game_id,
        "deck": deck,
        "method": odds.method,
        "probability": opening.probability,
        "ci95": list(opening.ci95) if opening.ci95 else None,
        "by_turn": [{"turn": item.turn, "probability": item.probability}
                    for item in odds.by_turn],
        "hands": odds.hands,
    }
