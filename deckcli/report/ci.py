"""What the CI formats share: repository-relative paths, problem counts and verdict words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from deckcli.i18n import _, ngettext
from deckcli.model.problem import SEVERITIES
from deckcli.model.result import CheckResult, DeckResult


def repo_path(path: str) -> str:
    """A deck path as CI tools want it: relative to the working folder, with forward slashes."""
    location = Path(path)
    if location.is_absolute():
        try:
            location = location.relative_to(Path.cwd())
        except ValueError:
            return location.as_posix()
    return location.as_posix()


def severity_counts(deck: DeckResult) -> tuple[int, int, int]:
    """(errors, warnings, information notices) of one deck."""
    counts = {severity: 0 for severity in SEVERITIES}
    for problem in deck.problems:
        counts[problem.severity] += 1
    return counts["error"], counts["warning"], counts["info"]


_COUNTED: dict[str, Callable[[int], str]] = {
    "error": lambda count: ngettext("{count:,} error", "{count:,} errors", count),
    "warning": lambda count: ngettext("{count:,} warning", "{count:,} warnings", count),
    "notice": lambda count: ngettext("{count:,} notice", "{count:,} notices", count),
    "file": lambda count: ngettext("{count:,} file", "{count:,} files", count),
    "folder": lambda count: ngettext("{count:,} folder", "{count:,} folders", count),
    "deck": lambda count: ngettext("{count:,} deck", "{count:,} decks", count),
}


def plural(count: int, word: str) -> str:
    """'1 error', '2 errors' (word: error, warning, notice, file, folder or deck), translated."""
    return _COUNTED[word](count).format(count=count)


def problem_summary(deck: DeckResult) -> str:
    """'2 errors, 1 warning, 1 notice', or 'no problems'."""
    counted = zip(severity_counts(deck), ("error", "warning", "notice"), strict=True)
    return ", ".join(plural(n, word) for n, word in counted if n) or _("no problems")


MAX_SKIPS_LISTED = 200  # a CI log or comment lists this many skipped files, then counts


def skipped_entries(result: CheckResult) -> list[tuple[str, str, bool]]:
    """(path relative to the working folder, why, is a folder) of what a scan passed over."""
    return [(repo_path(path), why, folder) for path, why, folder in result.skipped_files]


def skipped_summary(result: CheckResult) -> str:
    """'3 files and 1 folder skipped' (nothing when nothing was)."""
    folders = sum(folder for _, _, folder in result.skipped_files)
    files = len(result.skipped_files) - folders
    if files and folders:
        return _("{files} and {folders} skipped").format(files=plural(files, "file"),
                                                         folders=plural(folders, "folder"))
    if files or folders:
        return _("{items} skipped").format(
            items=plural(files, "file") if files else plural(folders, "folder"))
    return ""


def more_skipped(count: int) -> str:
    """The line after the skipped files a report lists."""
    return _("… and {count:,} more (check --verbose lists them all)").format(count=count)


def severity_label(severity: str) -> str:
    """A severity as a report shows it to a person (JSON, SARIF and JUnit keep the id)."""
    return {"error": _("error"), "warning": _("warning"), "info": _("info")}[severity]


def notices(count: int) -> str:
    """', 1 notice' after a summary line's error and warning counts, when there are any."""
    return f", {plural(count, 'notice')}" if count else ""
