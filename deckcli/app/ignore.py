"""Folders and files a scan passes over: `.gitignore` rules inside a git work tree, and globs.

Both use git's own pattern language (through `pathspec`), so `legacy/`, `*.bak` and
`decks/old/**` mean in `--exclude` what they mean in a `.gitignore`. A rule set is anchored at
the folder it comes from: a nested `.gitignore` speaks of paths under its own folder, and the
deepest one that has a say wins, as in git.
"""

from __future__ import annotations

import os
import re
from functools import cached_property
from pathlib import Path

from deckcli.errors import UserError

MAX_IGNORE_BYTES = 1_000_000  # a .gitignore larger than this is read no further


class Rules:
    """Patterns anchored at `base`, and where they were written (for `--verbose`).

    Compiled on first use (importing `pathspec` costs 40 ms, which a check of named files need
    not pay), then matched with each pattern's own regular expression, last match first (git's
    order): `PathSpec.check_file` normalises every path again and cost 15 times the rest of a
    scan. Lines git would reject are left out, as git leaves them out.
    """

    def __init__(self, base: Path, lines: list[str], origin: str) -> None:
        self.base = os.path.join(os.path.abspath(base), "")  # ends with a separator
        self.lines = lines
        self.origin = origin

    @cached_property
    def patterns(self) -> tuple[tuple[re.Pattern[str], bool, str], ...]:
        """(regex, ignores?, as written) of every pattern that says something."""
        import pathspec

        try:
            spec = pathspec.GitIgnoreSpec.from_lines(self.lines)
        except ValueError:
            spec = pathspec.GitIgnoreSpec.from_lines(
                [line for line in self.lines if invalid_pattern(line) is None])
        return tuple((pattern.regex, pattern.include, str(pattern.pattern))
                     for pattern in spec.patterns
                     if pattern.include is not None and pattern.regex is not None)

    @cached_property
    def file_patterns(self) -> tuple[tuple[re.Pattern[str], bool, str], ...]:
        """Patterns that can match a file itself: a walk never reaches files under an ignored
        folder, so `build/` and `.*/` need not be tried on every file."""
        return tuple(item for item in self.patterns if not item[2].rstrip().endswith("/"))

    def verdict(self, path: str, is_dir: bool) -> tuple[bool, str] | None:
        """(ignored?, the deciding pattern) when a pattern speaks of `path` (absolute, as
        `os.path.abspath` gives it), else None. Strings, not `Path`: this runs per file."""
        patterns = self.patterns if is_dir else self.file_patterns
        if not patterns:
            return None
        # outside the base, only patterns without a slash can match: try the name alone
        relative = (path[len(self.base):] if path.startswith(self.base)
                    else os.path.basename(path))
        if not relative:
            return None
        if os.sep != "/":
            relative = relative.replace(os.sep, "/")
        if is_dir:
            relative += "/"
        for regex, ignores, written in reversed(patterns):
            if regex.match(relative):
                return ignores, written
        return None


def glob_rules(patterns: list[str], base: Path, origin: str, checked: bool = True) -> Rules:
    """Exclusion globs (gitignore syntax) anchored at `base` (the config's folder or the cwd);
    a glob that is not valid is a usage error naming where it was given."""
    cleaned = [pattern.removeprefix("./") for pattern in patterns]
    for pattern in cleaned if checked else []:
        reason = invalid_pattern(pattern)
        if reason is not None:
            raise UserError(f"{origin}: {pattern!r} is not a valid glob ({reason})")
    return Rules(base, cleaned, origin)


def first_verdict(chain: tuple[Rules, ...], path: str, is_dir: bool) -> str | None:
    """Why `path` is ignored ("ignored by FILE: PATTERN"), or None when it is not.

    `chain` runs from the weakest rules to the strongest; the strongest that speaks decides,
    so a nested `!keep.toml` re-includes what a higher `*.toml` ignored.
    """
    for rules in reversed(chain):
        verdict = rules.verdict(path, is_dir)
        if verdict is not None:
            ignored, pattern = verdict
            return f"{rules.origin}: {pattern}" if ignored else None
    return None


def git_root(folder: Path) -> Path | None:
    """The top of the git work tree holding `folder`, or None outside one."""
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


def gitignore_rules(folder: Path, root: Path) -> Rules | None:
    """The `.gitignore` of one folder of the work tree under `root`, if it has one."""
    return _read_rules(folder / ".gitignore", folder, root)


def starting_chain(top: Path) -> tuple[Rules, ...]:
    """The git rules in force at `top` before its own `.gitignore`: `.git/info/exclude`, then
    every `.gitignore` from the work tree's root down to `top`'s parent. Empty outside git."""
    root = git_root(top)
    if root is None:
        return ()
    chain = [rules for rules in (_read_rules(_git_dir(root) / "info" / "exclude", root, root),)
             if rules is not None]
    folder = root
    for part in top.relative_to(root).parts:
        rules = gitignore_rules(folder, root)
        if rules is not None:
            chain.append(rules)
        folder = folder / part
    return tuple(chain)


def _git_dir(root: Path) -> Path:
    """`.git` itself, or the folder a `.git` file points to (a worktree or submodule)."""
    marker = root / ".git"
    if marker.is_dir():
        return marker
    try:
        line = marker.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return marker
    target = Path(line.removeprefix("gitdir:").strip())
    git_dir = target if target.is_absolute() else root / target
    common = git_dir / "commondir"  # a worktree shares info/exclude with its main repository
    try:
        shared = common.read_text(encoding="utf-8").strip()
    except OSError:
        return git_dir
    return (git_dir / shared).resolve()


def _read_rules(path: Path, base: Path, root: Path) -> Rules | None:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_IGNORE_BYTES)
    except OSError:
        return None
    lines = data.decode("utf-8", errors="replace").splitlines()
    try:
        origin = path.relative_to(root).as_posix()
    except ValueError:
        origin = str(path)
    return Rules(base, lines, origin)


def invalid_pattern(line: str) -> str | None:
    """Why pathspec refuses a pattern, or None."""
    import pathspec

    try:
        pathspec.GitIgnoreSpec.from_lines([line])
    except ValueError as exc:
        return str(exc)
    return None
