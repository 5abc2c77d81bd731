"""`deckcli check`: is each deck legal for its game and format, and why not."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from deckcli.cli import complete
from deckcli.cli.app import app, state
from deckcli.cli.helpstyle import epilog
from deckcli.cli.output import emit
from deckcli.errors import UserError

OUTPUT_FORMATS = ("rich", "text", "json", "github", "sarif", "junit", "markdown")
FORMAT_ENV = "DECKCLI_FORMAT"
LOCAL_FORMATS = ("rich", "text", "json")  # the others are for CI logs: no progress bar there
SLOW_SECONDS = 1.0  # a check still running after this long shows a progress bar


class ProgressBar:
    """A progress bar on stderr for a long check, started only once it has run a while."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.bar = None
        self.task = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if done >= total or time.perf_counter() - self.started < SLOW_SECONDS:
                return
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("checking decks", total=total)
        self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def split_rule_ids(values: list[str] | None) -> tuple[str, ...]:
    """`--select a,b --select c` -> ('a', 'b', 'c')."""
    return tuple(
        part.strip() for value in values or [] for part in value.split(",") if part.strip()
    )


@app.command(epilog=epilog(
    ("deckcli check samples/", "Every deck under a folder, each judged by its own game."),
    ("deckcli check decks/ --format github --strict", "Annotations in a GitHub Actions job; "
     "warnings fail too."),
    ("deckcli check list.txt -g megaman --select copies,deck-size", "A text list, two rules."),
    exits="0 every deck legal; 1 a deck is illegal or unreadable (or a folder holds no decks); "
    "2 usage error (bad option, missing path, unknown game or rule id); 3 internal error (a "
    "bug: rerun with --debug and report it).",
))
def check(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Deck files or folders (searched for *.toml and *.txt decks).", show_default=False
        ),
    ],
    format_: Annotated[
        str | None,
        typer.Option("--format", "-f", help=f"Output format: {', '.join(OUTPUT_FORMATS)} "
                     f"(default rich, or ${FORMAT_ENV})."),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option("--game", "-g", autocompletion=complete.game_ids,
                     help="Game for decks that do not name one (text lists)."),
    ] = None,
    deck_format: Annotated[
        str | None,
        typer.Option("--deck-format", autocompletion=complete.deck_formats,
                     help="Deck format for decks that do not name one."),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="FILE",
                                  help="Write the report to FILE.")
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Warnings fail the check too.")] = False,
    select: Annotated[
        list[str] | None,
        typer.Option("--select", metavar="IDS", autocompletion=complete.rule_ids,
                     help="Report only these rule ids (comma-separated, repeatable)."),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option(
            "--ignore", metavar="IDS", autocompletion=complete.rule_ids,
            help="Do not report these rule ids (comma-separated, repeatable).",
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=0,
            metavar="N",
            help="Worker processes for large folders (0: one per CPU; 1: no workers).",
        ),
    ] = 0,
) -> None:
    """Check decks against their game's deck-construction rules."""
    from deckcli.checkrun import Options, check_paths
    from deckcli.report import get_renderer

    where = "--format " if format_ is not None else f"{FORMAT_ENV}="
    output_format = (format_ or os.environ.get(FORMAT_ENV) or "rich").lower()
    if output_format not in OUTPUT_FORMATS:
        raise UserError(f"{where}{output_format!r} is not an output format; use one of "
                        f"{', '.join(OUTPUT_FORMATS)}")
    missing = [str(path) for path in paths if not path.exists() and not path.is_symlink()]
    if missing:
        raise UserError(f"no such file or folder: {', '.join(missing)}")
    registry = state.registry()
    if game is not None and registry.resolve_id(game) is None:
        raise UserError(f"unknown game {game!r}; games: {', '.join(registry.game_ids())}")
    deck_formats = {fid for gid in registry.game_ids() for fid in registry.format_ids(gid)}
    if deck_format is not None and deck_format not in deck_formats:
        raise UserError(f"--deck-format {deck_format!r} is not a format of any game; formats: "
                        f"{', '.join(sorted(deck_formats))}")
    options = Options(
        game=game,
        format=deck_format,
        select=split_rule_ids(select),
        ignore=split_rule_ids(ignore),
    )
    bar = ProgressBar() if output_format in LOCAL_FORMATS and sys.stderr.isatty() else None
    try:
        result = check_paths(paths, registry, options, jobs or os.cpu_count() or 1, bar)
    finally:
        if bar is not None:
            bar.close()
    for note in result.notes:
        sys.stderr.write(f"deckcli: error: {note['message']}\n")
    result.strict = strict
    renderer = get_renderer(output_format)
    emit(lambda out, color: renderer(result, out, color), output)
    raise typer.Exit(result.exit_code())
