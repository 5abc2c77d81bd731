"""Folders and files a scan passes over: `.gitignore` rules inside a git work tree, and globs.

Both use git's own pattern language (`app.wildmatch`, matched without backtracking blow-ups),
so `legacy/`, `*.bak` and `decks/old/**` mean in `--exclude` what they mean in a `.gitignore`.
A rule set is anchored at the folder it comes from: a nested `.gitignore` speaks of paths under
its own folder, and the deepest one that has a say wins, as in git. Ignore files are read as
deck files are (regular files only, without blocking, at most MAX_IGNORE_BYTES); a linked
`.gitignore` is not followed (git does not follow one either); a line git would never match
(an unterminated `[`, a lone `\\` at the end) is left out with a warning on stderr.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from deckcli.app.worktree import git_dir, git_root
from deckcli.errors import UserError
from deckcli.escape import escape_controls
from deckcli.i18n import _
from deckcli.io.files import TooLarge, read_regular_file

if TYPE_CHECKING:
    from deckcli.app.wildmatch import Pattern

MAX_IGNORE_BYTES = 1_000_000  # a larger .gitignore is not read (with a warning)


class Rules:
    """Patterns anchored at `base`, and where they were written (for `--verbose`).

    Parsed on first use, then tried last first (git's order). Lines git would never match are
    left out, with a warning naming the file and line when `warn` (ignore files).
    """

    def __init__(self, base: Path, lines: Sequence[str | bytes], origin: str,
                 warn: bool = False) -> None:
        self.base = os.path.join(os.path.abspath(base), "")  # ends with a separator
        self.base_bytes = _slashed(os.fsencode(self.base))
        self.lines = lines
        self.origin = origin
        self.warn = warn

    @cached_property
    def patterns(self) -> tuple[Pattern, ...]:
        """Every pattern that can match something, in the order written."""
        from deckcli.app.wildmatch import parse_pattern  # only where a pattern is met

        usable = []
        for number, line in enumerate(self.lines, 1):
            pattern = parse_pattern(line)
            if pattern is None:
                continue
            if pattern.never is None:
                usable.append(pattern)
            elif self.warn:
                warn_once(_("{origin}:{line}: {pattern!r} never matches ({why}); left out, as "
                            "git leaves it out").format(origin=self.origin, line=number,
                                                        pattern=pattern.written,
                                                        why=pattern.never))
        return tuple(usable)

    @cached_property
    def file_patterns(self) -> tuple[Pattern, ...]:
        """Patterns that can match a file itself: a walk never reaches files under an ignored
        folder, so `build/` and `.*/` need not be tried on every file."""
        return tuple(pattern for pattern in self.patterns if not pattern.dir_only)

    @cached_property
    def name_patterns(self) -> tuple[Pattern, ...]:
        """Patterns without a slash: the only ones that speak of paths outside the base."""
        return tuple(pattern for pattern in self.patterns if not pattern.anchored)

    def verdict(self, path: str, is_dir: bool) -> tuple[bool, str] | None:
        """(ignored?, the deciding pattern) when a pattern speaks of `path` (absolute, as
        `os.path.abspath` gives it), else None. Strings, not `Path`: this runs per file."""
        patterns = self.patterns if is_dir else self.file_patterns
        if not patterns:
            return None
        encoded = _slashed(os.fsencode(path))
        if encoded.startswith(self.base_bytes):
            relative = encoded[len(self.base_bytes):]
        else:
            relative = encoded[encoded.rfind(b"/") + 1:]
            patterns = tuple(pattern for pattern in patterns if not pattern.anchored)
        if not relative:
            return None
        for pattern in reversed(patterns):
            if pattern.matches(relative, is_dir):
                return not pattern.negated, pattern.written
        return None


_warned: set[str] = set()


def warn_once(message: str) -> None:
    """One warning line on stderr, once per run (a file's rules may be read again)."""
    if message not in _warned:
        _warned.add(message)
        sys.stderr.write(escape_controls(f"deckcli: warning: {message}") + "\n")


def _slashed(path: bytes) -> bytes:
    return path.replace(os.fsencode(os.sep), b"/") if os.sep != "/" else path


def glob_rules(patterns: list[str], base: Path, origin: str, checked: bool = True) -> Rules:
    """Exclusion globs (gitignore syntax) anchored at `base` (the config's folder or the cwd);
    a glob that is not valid is a usage error naming where it was given."""
    cleaned = [pattern.removeprefix("./") for pattern in patterns]
    for pattern in cleaned if checked else []:
        reason = invalid_pattern(pattern)
        if reason is not None:
            raise UserError(_("{origin}: {pattern!r} is not a valid glob ({reason})").format(
                                origin=origin, pattern=pattern, reason=reason))
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


def gitignore_rules(folder: Path, root: Path) -> Rules | None:
    """The `.gitignore` of one folder of the work tree under `root`, if it has one."""
    return _read_rules(folder / ".gitignore", folder, root)


def starting_chain(top: Path) -> tuple[Rules, ...]:
    """The git rules in force at `top` before its own `.gitignore`: `.git/info/exclude`, then
    every `.gitignore` from the work tree's root down to `top`'s parent. Empty outside git."""
    root = git_root(top)
    if root is None:
        return ()
    chain = [rules for rules in (_read_rules(git_dir(root) / "info" / "exclude", root, root),)
             if rules is not None]
    folder = root
    for part in top.relative_to(root).parts:
        rules = gitignore_rules(folder, root)
        if rules is not None:
            chain.append(rules)
        folder = folder / part
    return tuple(chain)


def _read_rules(path: Path, base: Path, root: Path) -> Rules | None:
    try:
        origin = path.relative_to(root).as_posix()
    except ValueError:
        origin = str(path)
    in_tree = path.name == ".gitignore"
    try:
        data = read_regular_file(path, MAX_IGNORE_BYTES, follow_links=not in_tree)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if isinstance(exc, TooLarge):
            why = _("larger than {limit:,} bytes").format(limit=MAX_IGNORE_BYTES)
        elif in_tree and path.is_symlink():
            why = _("a symbolic link (git does not follow one either)")
        else:
            why = exc.strerror or str(exc)
        warn_once(_("{origin} not read: {why}").format(origin=origin, why=why))
        return None
    data = data.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte order mark, as git skips it
    lines = [line.removesuffix(b"\r") for line in data.split(b"\n")]
    return Rules(base, lines, origin, warn=True)


def invalid_pattern(line: str) -> str | None:
    """Why a glob given as a setting can match nothing (git would leave it out), or None."""
    from deckcli.app.wildmatch import parse_pattern

    pattern = parse_pattern(line)
    if pattern is None:
        return _("a blank line or a comment matches nothing; write \\# for a leading #")
    return pattern.never
