"""A deck made ready for `deckcli draw`: read and placed as `check` places it, checked (an
illegal deck is drawn with a warning), its cards as a library; and the odds of a request,
exact unless a simulation is asked for or the sums would take too long."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from deckcli.cli.app import run_settings
from deckcli.escape import escape_controls
from deckcli.i18n import _

if TYPE_CHECKING:
    from deckcli.draw.goldfish import Goldfish, Odds
    from deckcli.draw.setup import Library
    from deckcli.draw.simulate import Simulation
    from deckcli.engine.resolver import Resolver

SLOW_SECONDS = 1.0  # a simulation expected to run longer shows a progress bar


def warn(message: str) -> None:
    sys.stderr.write(escape_controls(f"deckcli: warning: {message}") + "\n")


def deck_library(path: Path, game: str | None, deck_format: str | None
                 ) -> tuple[Resolver, Library, str]:
    """Read, check and resolve the deck; an illegal deck is a warning, an unusable one an error."""
    from deckcli.app.opendeck import load_deck as open_deck
    from deckcli.draw.setup import deck_library as library_of
    from deckcli.errors import EXIT_USAGE

    settings = run_settings([path], game, deck_format)  # its configuration places it
    loaded = open_deck(path, settings, settings.registry(), EXIT_USAGE)
    result = loaded.check()
    errors = [p for p in result.problems if p.severity == "error"]
    if errors:
        warn(_("{path} is not a legal {game} {format} deck; drawing it anyway:").format(
                 path=path, game=result.game, format=result.format))
        for problem in errors:
            sys.stderr.write(escape_controls(f"  {problem.rule}: {problem.message}") + "\n")
    library, warnings = library_of(loaded.resolver, loaded.deck.entries, result.cards)
    for message in warnings:
        warn(message)
    return loaded.resolver, library, loaded.deck.name or path.name


def odds(fish: Goldfish, hands: int | None, seed: int) -> Odds:
    """Exact sums unless a simulation is asked for or the sums would be too long."""
    from deckcli.draw import goldfish as gf
    from deckcli.draw.exact import TooLong

    if hands is None:
        try:
            return gf.exact_odds(fish)
        except TooLong:
            warn(_("exact odds would take too long here; simulating {hands:,} hands").format(
                hands=gf.DEFAULT_HANDS))
    run = gf.simulation(fish, hands or gf.DEFAULT_HANDS, seed)
    drive(run)
    return gf.simulated_odds(fish, run)


def drive(run: Simulation) -> None:
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
