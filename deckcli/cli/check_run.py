"""`deckcli check`'s work, without typer: what the command does with its values once read
(by typer's `cli.check` or by `cli.entry` for a plain command line), ending in the exit
status."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from deckcli.cli.output import emit
from deckcli.cli.runopts import global_allow_outside, global_isolated, global_pools
from deckcli.errors import EXIT_FAILED, UserError
from deckcli.i18n import _, for_machine_output
from deckcli.report import LOCAL, RAW_LINES

if TYPE_CHECKING:
    from typing import TextIO

    from rich.progress import Progress, TaskID

    from deckcli.app.fixing import Fixed
    from deckcli.app.settings import Settings
    from deckcli.model.result import CheckResult
    from deckcli.pools.registry import PoolRegistry

LOCAL_FORMATS = LOCAL  # the others are for CI logs: no progress bar there
MACHINE_FORMATS = ("json", "sarif", "junit", "github")  # English unless a language is asked for
SLOW_SECONDS = 1.0  # a check still running after this long shows a progress bar


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



def run_check(paths: list[Path], format_: str | None = None, game: str | None = None,
              deck_format: str | None = None, output: Path | None = None,
              strict: bool | None = None, select: list[str] | None = None,
              ignore: list[str] | None = None, exclude: list[str] | None = None,
              extend_exclude: list[str] | None = None, force_exclude: bool = False,
              allow_outside: bool = False, isolated: bool = False, fix: bool | None = None,
              unsafe_fixes: bool | None = None, fix_only: bool = False, diff: bool = False,
              verbose: bool = False, no_cache: bool = False,
              collection: list[Path] | None = None, jobs: int = 0) -> int:
    """Check the decks the paths name (see `cli.check` for each option); the exit status."""
    from deckcli.app.config import load_settings
    from deckcli.app.run import check_paths
    from deckcli.escape import escape_controls
    from deckcli.report import get_renderer

    settings = load_settings(paths, pools=global_pools(), output_format=format_, game=game,
                             deck_format=deck_format, strict=strict, select=select,
                             ignore=ignore, exclude=exclude, extend_exclude=extend_exclude,
                             force_exclude=force_exclude,
                             allow_outside=allow_outside or global_allow_outside(),
                             isolated=isolated or global_isolated(), fix=fix,
                             unsafe_fixes=unsafe_fixes, collection=collection)
    registry = settings.registry(everything=True)  # every mistake of the settings at once
    if settings.collection.value:
        _read_collections(settings, registry)
    missing = [str(path) for path in paths if not path.exists() and not path.is_symlink()]
    if missing:
        raise UserError(_("no such file or folder: {items}").format(items=', '.join(missing)))
    if not settings.allow_outside.value:
        from deckcli.app.worktree import leaves_work_tree

        outside = [reason for path in paths if (reason := leaves_work_tree(path))]
        if outside:
            raise UserError("; ".join(outside))
    output_format = settings.format.value
    if output_format in MACHINE_FORMATS:  # a CI log reads the same whatever the locale
        for_machine_output()
    fixes = None
    asked = unsafe_fixes is True and fix is not False  # --unsafe-fixes alone fixes too
    if diff or fix_only or asked or settings.fix.value:
        from deckcli.cli.fix_run import print_diffs, run_fixes

        fixes = run_fixes(paths, registry, settings, settings.unsafe_fixes.value, not diff)
        if fix_only and not diff:
            report_fixes(fixes, settings.unsafe_fixes.value, False, sys.stdout)
            return EXIT_FAILED if fixes[1] else 0
        if diff:
            print_diffs(fixes[0])
            report_fixes(fixes, settings.unsafe_fixes.value, diff, sys.stderr)
            return EXIT_FAILED if fixes[1] or any(f.changed for f in fixes[0]) else 0
    bar = ProgressBar() if output_format in LOCAL_FORMATS and sys.stderr.isatty() else None
    try:
        result = check_paths(paths, registry, settings, jobs or os.cpu_count() or 1, bar,
                             cache=not no_cache)
    finally:
        if bar is not None:
            bar.close()
    for note in result.notes:
        sys.stderr.write(f"deckcli: error: {note['message']}\n")
    result.strict = settings.strict.value
    if verbose:
        for path, reason, folder in result.skipped_files:
            line = f"skipped {path}{'/' if folder else ''}: {reason}"
            sys.stderr.write(f"deckcli: {escape_controls(line)}\n")  # a .gitignore may hold \r
        for path, reason in result.passed_over:
            line = _("skipped {path}: {reason}").format(path=path, reason=reason)
            sys.stderr.write(f"deckcli: {escape_controls(line)}\n")
    if collection:
        _collections_used(settings, registry, result)
    renderer = get_renderer(output_format)
    emit(lambda out, color: renderer(result, out, color), output, settings.allow_outside.value,
         commands=output_format in RAW_LINES)
    if settings.step_summary.value is not None:
        append_step_summary(result, settings.step_summary.value)
    if fixes is not None:
        shown = sys.stdout if output_format in ("rich", "text") and output is None else sys.stderr
        report_fixes(fixes, settings.unsafe_fixes.value, False, shown)
        if fixes[1]:
            return max(result.exit_code(), EXIT_FAILED)
    return result.exit_code()


def _read_collections(settings: Settings, registry: PoolRegistry) -> None:
    """The collections, read before any deck (a file that cannot be read stops the check);
    their lines that count no card are said on stderr, once."""
    from deckcli.app.collection import run_collections, uncounted_lines
    from deckcli.escape import escape_controls

    run_collections(settings, registry)  # a file that cannot be read stops here
    for line in uncounted_lines(settings, registry):
        sys.stderr.write(f"deckcli: {escape_controls(line)}\n")


def _collections_used(settings: Settings, registry: PoolRegistry, result: CheckResult
                      ) -> None:
    """A collection named on the command line for a game none of the checked decks is of
    is a mistake (exit 2), not a check that silently noted nothing."""
    from deckcli.app.collection import run_collections, wrong_game

    games = list(dict.fromkeys(deck.game for deck in result.decks if deck.game))
    mismatch = wrong_game(run_collections(settings, registry), games) if games else None
    if mismatch is not None:
        raise UserError(mismatch)


def report_fixes(fixes: tuple[list[Fixed], list[str]], unsafe: bool, diff: bool,
                 out: TextIO) -> None:
    """The files that could not be fixed (on stderr), then the summary line of the fixes."""
    from deckcli.app.fixing import summary
    from deckcli.escape import escape_controls

    done, failures = fixes
    for failure in failures:
        sys.stderr.write(f"deckcli: error: {escape_controls(failure)}\n")
    out.write(summary(done, unsafe, diff) + "\n")
    out.flush()


def append_step_summary(result: CheckResult, summary: Path) -> None:
    """Under GitHub Actions, add the markdown report to the job's summary page; a summary
    that cannot be written is a usage error (exit 2), not a run that passes without it."""
    import io

    from deckcli.app.config import SUMMARY_ENV
    from deckcli.report import get_renderer

    buffer = io.StringIO()
    get_renderer("markdown")(result, buffer, False)
    try:
        with open(summary, "a", encoding="utf-8") as handle:
            handle.write(buffer.getvalue())
    except OSError as exc:  # the report is out, but the job's summary would lack it: fail
        raise UserError(_("cannot append the summary to ${summary_env} ({summary}): "
                          "{reason}; the report above is complete").format(
                            summary_env=SUMMARY_ENV, summary=summary,
                            reason=exc.strerror or exc)) from None
