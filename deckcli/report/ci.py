"""What the CI formats share: repository-relative paths, problem counts and verdict words."""

from __future__ import annotations

from pathlib import Path

from deckcli.model.result import DeckResult


def repo_path(path: str) -> str:
    """A deck path as CI tools want it: relative to the working folder, with forward slashes."""
    location = Path(path)
    if location.is_absolute():
        try:
            location = location.relative_to(Path.cwd())
        except ValueError:
            return location.as_posix()
    return location.as_posix()


def severity_counts(deck: DeckResult) -> tuple[int, int]:
    """(errors, warnings) of one deck."""
    errors = sum(problem.severity == "error" for problem in deck.problems)
    return errors, len(deck.problems) - errors


def plural(count: int, word: str) -> str:
    """'1 error', '2 errors'."""
    return f"{count:,} {word}{'s' * (count != 1)}"


def problem_summary(deck: DeckResult) -> str:
    """'2 errors, 1 warning', or 'no problems'."""
    errors, warnings = severity_counts(deck)
    parts = [plural(n, word) for n, word in ((errors, "error"), (warnings, "warning")) if n]
    return ", ".join(parts) or "no problems"
