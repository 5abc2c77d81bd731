"""Folders and files a scan passes over: `.gitignore` rules inside a git work tree, and globs.

Both use git's own pattern language (through `pathspec`), so `legacy/`, `*.bak` and
`decks/old/**` mean in `--exclude` what they mean in a `.gitignore`. A rule set is anchored at
the folder it comes from: a nested `.gitignore` speaks of paths under its own folder, and the
deepest one that has a say wins, as in git.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pathspec

MAX_IGNORE_BYTES = 1_000_000  # a .gitignore larger than this is read no further


@dataclass(frozen=True)
class Rules:
    """Patterns anchored at `base`, and where they were written (for `--verbose`)."""

    base: Path
    spec: pathspec.PathSpec
    origin: str

    def verdict(self, path: Path, is_dir: bool) -> tuple[bool, str] | None:
        """(ignored?, the deciding pattern) when a pattern speaks of `path`, else None."""
        try:
            relative = path.relative_to(self.base).as_posix()
        except ValueError:
            relative = path.name  # outside the base: only patterns without a slash can match
        if relative in ("", "."):
            return None
        result = self.spec.check_file(relative + ("/" if is_dir else ""))
        if result.include is None or result.index is None:
            return None
        return result.include, self.spec.patterns[result.index].pattern


def glob_rules(patterns: list[str], base: Path, origin: str) -> Rules:
    """Exclusion globs (gitignore syntax) anchored at `base` (the config's folder or the cwd)."""
    cleaned = [pattern.removeprefix("./") for pattern in patterns]
    return Rules(base, pathspec.GitIgnoreSpec.from_lines(cleaned), origin)


def first_verdict(chain: tuple[Rules, ...], path: Path, is_dir: bool) -> str | None:
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
        spec = pathspec.GitIgnoreSpec.from_lines(lines)
    except ValueError:  # a pattern git would reject too: git ignores it, and so do we
        spec = pathspec.GitIgnoreSpec.from_lines(
            [line for line in lines if _valid_pattern(line)])
    return Rules(base, spec, origin)


def _valid_pattern(line: str) -> bool:
    try:
        pathspec.GitIgnoreSpec.from_lines([line])
    except ValueError:
        return False
    return True
