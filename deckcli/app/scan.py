"""Which files of the given paths may be decks: folders walked depth first in name order.

Skipped, each with its reason for `check --verbose`: version-control folders, virtualenvs
(folders holding `pyvenv.cfg`), what the exclusion globs match (by default hidden folders,
`node_modules` and `__pycache__`), and inside a git work tree what `.gitignore` files and
`.git/info/exclude` ignore. As in git, a file the repository tracks is never hidden by an
ignore, a virtualenv or a default skip (`gitindex`); the exclusions someone gave (`--exclude`,
the configuration's `exclude`) hide tracked files too. Files whose suffix no deck has are not
candidates at all; whether a candidate *is* a deck is decided from its content when it is read
(`sniff`).
Symbolic links are followed only while they stay inside the folder given.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from deckcli.app.ignore import (
    Rules,
    first_verdict,
    gitignore_rules,
    starting_chain,
    warn_once,
)
from deckcli.app.settings import Settings
from deckcli.app.worktree import git_root
from deckcli.formats.kinds import DECK_SUFFIXES, suffix_list
from deckcli.i18n import N_, _
from deckcli.model.problem import Problem
from deckcli.model.record import Record

if TYPE_CHECKING:
    from deckcli.app.gitindex import Tracked

T = TypeVar("T")
VCS_DIRS = frozenset({".git", ".hg", ".svn"})
VIRTUALENV = N_("a virtualenv (holds pyvenv.cfg)")


class Target(Record):
    """A file to check; `explicit` when named on the command line (always a deck then), the
    problems of the scan that found it (reported with it), and `root`, the folder given whose
    scan found it. `file` is its path as a string, what a re-check answered from the result
    cache needs; its `Path` is made when first asked for (by a deck judged)."""

    __slots__ = ("file", "explicit", "problems", "root", "_path")

    def __init__(self, path: Path | str, explicit: bool, problems: Sequence[Problem] = (),
                 root: Path | None = None) -> None:
        self.file = str(path)
        self._path = path if isinstance(path, Path) else None
        self.explicit = explicit
        self.problems = problems  # most have none: the one empty tuple, not a list each
        self.root = root

    @property
    def path(self) -> Path:
        if self._path is None:
            self._path = Path(self.file)
        return self._path

    def _fields(self) -> tuple[str, ...]:
        return ("path", "explicit", "problems", "root")


class EmptyFolder(Record):
    """A folder given to check that holds no candidate file (an error: decks were expected),
    or (`empty` False) a folder met in a scan that could not be listed, reported as itself."""

    __slots__ = ("path", "problems", "empty")

    def __init__(self, path: Path, problems: list[Problem], empty: bool = True) -> None:
        self.path = path
        self.problems = problems
        self.empty = empty


class Skip(Record):
    """A file (or folder) passed over, and why; `quiet` for a file no deck format reads (a
    `README.md`), which only `check --verbose` lists: every report would drown in them;
    `announced` for a deck git tracks that a configuration file excludes, which every report
    names with a notice (a pull request must not hide a deck by configuring it away)."""

    __slots__ = ("path", "reason", "folder", "quiet", "announced", "_digest")

    def __init__(self, path: str, reason: str, folder: bool = False,
                 quiet: bool = False, announced: bool = False) -> None:
        self._digest: str | None = None  # a hash of the bytes read, for the result cache
        self.path = path
        self.reason = reason
        self.folder = folder
        self.quiet = quiet
        self.announced = announced


def scan_paths(paths: list[Path], settings: Settings | None = None
               ) -> list[Target | EmptyFolder | Skip]:
    """Every candidate deck file the paths name or hold, in the order given, with what was
    skipped on the way (`settings`: the exclusions; None: the defaults)."""
    settings = settings or Settings()
    found: list[Target | EmptyFolder | Skip] = []
    for path in paths:
        if not path.is_dir():
            force = settings.force_exclude.value
            reason = excluded_file(path, settings) if force else None
            found.append(Skip(str(path), reason) if reason else Target(path, not force))
            continue
        files, skipped, unlisted = find_deck_files(path, settings)
        found.extend(skipped)
        found.extend(EmptyFolder(Path(folder), [problem], empty=False)
                     for folder, problem in unlisted)
        if not files:
            found.append(EmptyFolder(path, []))
            continue
        found.extend(Target(file, False, (), path) for file in files)
    # one path gives each file once (a scan lists each folder once, by its device and inode):
    # only several can name a file twice
    return once_each(found) if len(paths) > 1 else found


def drained(items: list[T]) -> Iterator[T]:
    """The items of a list in order, each removed from it as it is handed on, so that the
    list holds none that was dealt with (a run's targets, checked one by one)."""
    items.reverse()
    while items:
        yield items.pop()


def once_each(found: list[Target | EmptyFolder | Skip]) -> list[Target | EmptyFolder | Skip]:
    """Each file once, where it first came (`check . legal.toml` names legal.toml twice:
    directly and through the folder); named on the command line anywhere, it counts as named
    (a deck whatever its content)."""
    first: dict[str, Target] = {}
    kept: list[Target | EmptyFolder | Skip] = []
    for item in found:
        if isinstance(item, Target):
            key = os.path.abspath(item.file)
            if key in first:
                first[key].explicit = first[key].explicit or item.explicit
                continue
            first[key] = item
        kept.append(item)
    return kept


def excluded_file(path: Path, settings: Settings) -> str | None:
    """Why a file named on the command line is excluded (`--force-exclude`), or None: the
    rules of every folder from the work tree's top (or the working folder) down to it."""
    target = Path(os.path.abspath(path))
    tracked = str(target) in _tracked(git_root(target.parent)).files  # git never ignores it
    start = git_root(target.parent) or (Path.cwd() if Path.cwd() in target.parents
                                        else target.parent)
    chain = () if tracked else starting_chain(start)
    root = None if tracked else git_root(start)
    folder = start
    for part in target.relative_to(start).parts[:-1]:
        chain = _with_gitignore(chain, folder, root)
        folder = folder / part
        if not tracked and (folder / "pyvenv.cfg").exists():
            return _("in a virtualenv (a folder holding pyvenv.cfg)")
        reason = settings.excluded(str(folder), True, not tracked) \
            or _ignored(chain, str(folder), True)
        if reason:
            return reason
    chain = _with_gitignore(chain, folder, root)
    return settings.excluded(str(target), False, not tracked) \
        or _ignored(chain, str(target), False)


def find_deck_files(path: Path, settings: Settings | None = None
                    ) -> tuple[list[str], list[Skip], list[tuple[str, Problem]]]:
    """Candidate deck files under a folder (sorted, depth first; each as `str(Path(folder) /
    name)` would write it, without a `Path` per file), what was skipped and why, and folders
    that could not be listed (each with its `unreadable` problem).

    Symbolic links are followed while they stay inside the folder: a link to `/` or `..` in a
    pull request must not make CI read (and quote) files from elsewhere, nor walk the disk.
    `os.scandir` tells links from files without a system call per file.
    """
    settings = settings or Settings()
    found: list[str] = []
    # most exclusion globs are folder patterns (`.*/`, `node_modules/`): files are asked
    # about only when a glob could match one
    given_files, default_files = settings.excludes_files(False), settings.excludes_files()
    skipped: list[Skip] = []
    problems: list[tuple[str, Problem]] = []
    seen_dirs: set[tuple[int, int]] = set()
    top = path.resolve()
    top_abs = Path(os.path.abspath(path))
    root = git_root(top_abs)
    tracked = _tracked(root)
    # a stack, not recursion: a hostile tree may nest very deep; each folder with the reason
    # its untracked files are hidden (an ignored folder that holds tracked files)
    pending: list[tuple[str, Path, tuple[Rules, ...], str | None]] = [
        (str(path), top_abs, starting_chain(top_abs), None)]
    while pending:
        folder, folder_abs, chain, hidden = pending.pop()
        try:
            stat = os.stat(folder)
            if (stat.st_dev, stat.st_ino) in seen_dirs:  # a symlink loop: each folder once
                continue
            seen_dirs.add((stat.st_dev, stat.st_ino))
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as error:
            problems.append((folder, Problem(rule="unreadable", message=_("cannot list this "
                                                                          "folder: "
                                                                          "{strerror}").format(
                                                                            strerror=error.strerror))))
            continue
        if folder_abs != top_abs and "pyvenv.cfg" in [entry.name for entry in entries]:
            if str(folder_abs) not in tracked.folders:
                skipped.append(Skip(str(Path(folder)), _(VIRTUALENV), True))
                continue
            hidden = hidden or _(VIRTUALENV)
        chain = _with_gitignore(chain, folder_abs, root)
        subfolders = []
        # once per folder, not per file: its shown and its absolute path with a separator
        shown, prefix = _child_prefix(Path(folder)), os.path.join(folder_abs, "")
        for entry in entries:
            entry_abs = prefix + entry.name  # os.path.join(folder_abs, entry.name)
            if _is_dir(entry):
                if entry.name in VCS_DIRS:
                    continue
                hard = _outside(entry, top) or settings.excluded(entry_abs, True, False)
                soft = hidden or settings.excluded(entry_abs, True) \
                    or _ignored(chain, entry_abs, True)
                if hard or (soft and entry_abs not in tracked.folders):
                    skipped.append(Skip(str(Path(entry.path)), hard or soft or "", True))
                    if entry_abs in tracked.folders and not _outside(entry, top):
                        skipped += _announced(Path(entry.path), entry_abs, tracked, settings)
                else:
                    subfolders.append((entry.path, Path(entry_abs), chain, soft))
            elif entry.name.lower().endswith(DECK_SUFFIXES):
                hard = _outside(entry, top) if entry.is_symlink() else None  # most are not
                if hard is None and given_files:
                    hard = settings.excluded(entry_abs, False, False)
                soft = hidden
                if soft is None and default_files:
                    soft = settings.excluded(entry_abs, False)
                if soft is None and chain:
                    soft = _ignored(chain, entry_abs, False)
                if hard or (soft and entry_abs not in tracked.files):
                    by_file = entry_abs in tracked.files and not _outside(entry, top) \
                        and settings.excluded_by_file(entry_abs, False)
                    skipped.append(Skip(str(Path(entry.path)), hard or soft or "",
                                        announced=bool(by_file)))
                else:
                    found.append(shown + entry.name)
            else:
                skipped.append(Skip(str(Path(entry.path)), not_a_deck_file(), quiet=True))
        pending.extend(reversed(subfolders))  # depth first, in name order
    return found, skipped, problems


def _child_prefix(folder: Path) -> str:
    """What `str(folder / name)` puts before a name: the folder and a separator ("" for
    the working folder, which a Path writes as "." and its children without it)."""
    written = str(folder)
    return "" if written == "." else os.path.join(written, "")


def _announced(folder: Path, folder_abs: str, tracked: Tracked, settings: Settings
               ) -> list[Skip]:
    """The tracked decks under a folder a configuration file excludes, each announced."""
    reason = settings.excluded_by_file(folder_abs, True)
    if reason is None:
        return []
    prefix = os.path.join(folder_abs, "")
    return [Skip(str(folder / os.path.relpath(name, folder_abs)), reason, announced=True)
            for name in sorted(tracked.files)
            if name.startswith(prefix) and name.lower().endswith(DECK_SUFFIXES)]


def not_a_deck_file() -> str:
    """Why a scan passes over a file of a suffix no deck format has."""
    return _("no deck format reads this suffix; deckcli reads {suffixes}").format(
        suffixes=suffix_list())


def _tracked(root: Path | None) -> Tracked:
    """What git tracks in the work tree (never hidden by an ignore or a default skip)."""
    from deckcli.app.gitindex import NOTHING_TRACKED, tracked_under  # only where git is

    if root is None:
        return NOTHING_TRACKED
    tracked = tracked_under(root)
    if tracked is None:
        warn_once(_("{root}: cannot read git's index; .gitignore files and default skips may "
                    "hide tracked decks in this scan").format(root=root))
        return NOTHING_TRACKED
    return tracked


def _with_gitignore(chain: tuple[Rules, ...], folder: Path, root: Path | None
                    ) -> tuple[Rules, ...]:
    if root is None:
        return chain
    rules = gitignore_rules(folder, root)
    return chain if rules is None else (*chain, rules)


def _ignored(chain: tuple[Rules, ...], path: str, is_dir: bool) -> str | None:
    reason = first_verdict(chain, path, is_dir) if chain else None
    return _("ignored by {reason}").format(reason=reason) if reason else None


def _outside(entry: os.DirEntry[str], top: Path) -> str | None:
    if not entry.is_symlink() or _stays_inside(Path(entry.path), top):
        return None
    return _("a symbolic link to outside the folder checked")


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # follows links, which `_stays_inside` vets before use
    except OSError:
        return False


def _stays_inside(entry: Path, top: Path) -> bool:
    """False for a symbolic link whose target is outside `top` (or cannot be resolved)."""
    if not entry.is_symlink():
        return True
    try:
        target = entry.resolve(strict=True)
    except (OSError, RuntimeError):  # dangling, or a loop of links
        return False
    return target == top or top in target.parents
