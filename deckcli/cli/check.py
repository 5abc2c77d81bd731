"""`deckcli check`: is each deck legal for its game and format, and why not."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from deckcli.cli import complete
from deckcli.cli.app import app, state
from deckcli.cli.helpstyle import epilog
from deckcli.cli.output import emit
from deckcli.errors import UserError

OUTPUT_FORMATS = ("rich", "text", "json", "github", "sarif", "junit", "markdown")
LOCAL_FORMATS = ("rich", "text", "json")  # the others are for CI logs: no progress bar there
SLOW_SECONDS = 1.0  # a check still running after this long shows a progress bar

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


class ProgressBar:
    """A progress bar on stderr for a long check, started only once it has run a while."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if done >= total or time.perf_counter() - self.started < SLOW_SECONDS:
                return
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("checking decks", total=total)
        assert self.task is not None  # set with the bar
        self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


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
            help="Deck files or folders (searched for decks: .toml, .txt, .list, .dek, .csv, "
            ".json).", show_default=False
        ),
    ],
    format_: Annotated[
        str | None,
        typer.Option("--format", "-f", help=f"Output format: {', '.join(OUTPUT_FORMATS)} "
                     "(default rich; $DECKCLI_FORMAT, the config's format, github under "
                     "GitHub Actions)."),
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
    strict: Annotated[bool | None, typer.Option(
        "--strict/--no-strict", help="Warnings fail the check too.", show_default=False)] = None,
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
    exclude: Annotated[list[str] | None, typer.Option(
        "--exclude", metavar="GLOB", help="Skip files and folders matching GLOB (gitignore "
        "syntax), instead of the default exclusions (hidden folders, node_modules, "
        "__pycache__). Repeatable.")] = None,
    extend_exclude: Annotated[list[str] | None, typer.Option(
        "--extend-exclude", metavar="GLOB",
        help="Skip these too, keeping the default exclusions. Repeatable.")] = None,
    force_exclude: Annotated[bool, typer.Option(
        "--force-exclude", help="Apply exclusions and deck detection to files named on the "
        "command line too (for pre-commit).")] = False,
    verbose: Annotated[bool, typer.Option(
        "--verbose", help="List every file a folder scan skipped, and why (on stderr).")] = False,
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
    """Check decks against their game's deck-construction rules.

    Settings come from the command line, then [tool.deckcli] in pyproject.toml or
    deckcli.toml (see `deckcli config`).
    """
    from deckcli.app.config import chosen
    from deckcli.app.config import output_format as choose_format
    from deckcli.app.run import check_paths
    from deckcli.cli.check_settings import append_step_summary, build_options, named
    from deckcli.escape import escape_controls
    from deckcli.report import get_renderer

    config = state.configure(paths)
    chosen_format = choose_format(format_, config)
    output_format = str(chosen_format.value)
    if output_format not in OUTPUT_FORMATS:
        raise UserError(f"{named(chosen_format.source, 'format')}{output_format!r} is not an "
                        f"output format; use one of {', '.join(OUTPUT_FORMATS)}")
    missing = [str(path) for path in paths if not path.exists() and not path.is_symlink()]
    if missing:
        raise UserError(f"no such file or folder: {', '.join(missing)}")
    registry = state.registry()
    options = build_options(config, registry, game, deck_format, select, ignore, exclude,
                            extend_exclude, force_exclude)
    bar = ProgressBar() if output_format in LOCAL_FORMATS and sys.stderr.isatty() else None
    try:
        result = check_paths(paths, registry, options, jobs or os.cpu_count() or 1, bar)
    finally:
        if bar is not None:
            bar.close()
    for note in result.notes:
        sys.stderr.write(f"deckcli: error: {note['message']}\n")
    result.strict = bool(chosen(strict, config, "strict", False).value)
    if verbose:
        for path, reason, folder in result.skipped_files:
            line = f"skipped {path}{'/' if folder else ''}: {reason}"
            sys.stderr.write(f"deckcli: {escape_controls(line)}\n")  # a .gitignore may hold \r
    renderer = get_renderer(output_format)
    emit(lambda out, color: renderer(result, out, color), output)
    if chosen_format.source.startswith("GITHUB_ACTIONS"):
        append_step_summary(result)
    raise typer.Exit(result.exit_code())
