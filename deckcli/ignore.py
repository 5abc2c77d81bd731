"""Folders and files a scan passes over: `.gitignore` rules inside a git work tree, and globs.

Both use git's own pattern language (through `pathspec`), so `legacy/`, `*.bak` and
`decks/old/**` mean in `--exclude` what they mean in a `.gitignore`. A rule set is anchored at
the folder it comes from: a nested `.gitignore` speaks of paths under its own folder, and the
deepest one that has a say wins, as in git.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import pathspec

MAX_IGNORE_BYTES = 1_000_000  # a .gitignore larger than this is read no further


@dataclass(frozen=True)
class Rules:
    """Patterns anchored at `base`, and where they were written (for `--verbose`).

    Matched with each pattern's own regular expression, last match first (git's order):
    `PathSpec.check_file` normalises every path again and cost 15 times the rest of a scan.
    """

    base: str  # an absolute folder, ending with a separator
    patterns: tuple[tuple[re.Pattern[str], bool, str], ...]  # (regex, ignores?, as written)
    origin: str
    # Patterns that can match a file itself: a walk never reaches files under an ignored
    # folder, so `build/` and `.*/` need not be tried on every file.
    file_patterns: tuple[tuple[re.Pattern[str], bool, str], ...] = ()

    @classmethod
    def of(cls, base: Path, lines: list[str], origin: str) -> Rules:
        spec = pathspec.GitIgnoreSpec.from_lines(lines)
        patterns = tuple((pattern.regex, pattern.include, str(pattern.pattern))
                         for pattern in spec.patterns
                         if pattern.include is not None and pattern.regex is not None)
        return cls(os.path.join(os.path.abspath(base), ""), patterns, origin,
                   tuple(item for item in patterns if not item[2].rstrip().endswith("/")))

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


def glob_rules(patterns: list[str], base: Path, origin: str) -> Rules:
    """Exclusion globs (gitignore syntax) anchored at `base` (the config's folder or the cwd)."""
    cleaned = [pattern.removeprefix("./") for pattern in patterns]
    return Rules.of(base, cleaned, origin)


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
    try:
        return Rules.of(base, lines, origin)
    except ValueError:  # a pattern git would reject too: git ignores it, and so do we
        return Rules.of(base, [line for line in lines if _valid_pattern(line)], origin)


def _valid_pattern(line: str) -> bool:
    try:
        pathspec.GitIgnoreSpec.from_lines([line])
    except ValueError:
        return False
    return True
