"""What the CI formats share: repository-relative paths, problem counts and verdict words."""

from __future__ import annotations

from pathlib import Path

from deckcli.i18n import ngettext
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


def plural(count: int, word: str) -> str:
    """'1 error', '2 errors'."""
    return f"{count:,} {word}{'s' * (count != 1)}"


def problem_summary(deck: DeckResult) -> str:
    """'2 errors, 1 warning, 1 notice', or 'no problems'."""
    counted = zip(severity_counts(deck), ("error", "warning", "notice"), strict=True)
    return ", ".join(plural(n, word) for n, word in counted if n) or "no problems"


MAX_SKIPS_LISTED = 200  # a CI log or comment lists this many skipped files, then counts


def skipped_entries(result: CheckResult) -> list[tuple[str, str, bool]]:
    """(path relative to the working folder, why, is a folder) of what a scan passed over."""
    return [(repo_path(path), why, folder) for path, why, folder in result.skipped_files]


def skipped_summary(result: CheckResult) -> str:
    """'3 files and 1 folder skipped' (nothing when nothing was)."""
    folders = sum(folder for _, _, folder in result.skipped_files)
    files = len(result.skipped_files) - folders
    parts = [plural(n, word) for n, word in ((files, "file"), (folders, "folder")) if n]
    return f"{' and '.join(parts)} skipped" if parts else ""


def notices(count: int) -> str:
    """', 1 notice' after a summary line's error and warning counts, when there are any."""
    return f", {plural(count, 'notice')}" if count else ""


def strict_note(result: CheckResult) -> str:
    """'; --strict: 1 legal deck fails on its warnings' when warnings fail some deck."""
    failed = result.failed_on_warnings()
    if not failed:
        return ""
    return "; " + ngettext("--strict: {count} legal deck fails on its warnings",
                           "--strict: {count} legal decks fail on their warnings",
                           failed).format(count=f"{failed:,}")
