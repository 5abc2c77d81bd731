"""Which files of the given paths are decks: folders walked depth first in name order.

Version-control and tool folders are skipped, and symbolic links are followed only while
they stay inside the folder given.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from deckcli.deckfile.read import TEXT_SUFFIXES
from deckcli.problem import Problem

DECK_SUFFIXES = (".toml", *TEXT_SUFFIXES)
SKIPPED_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv"}


@dataclass
class Target:
    """A file to check, whether it was named on the command line, and problems of the scan
    that found it (reported with it)."""

    path: Path
    explicit: bool
    problems: list[Problem] = field(default_factory=list)


@dataclass
class EmptyFolder:
    """A folder given to check that holds no deck file (an error: the user expected decks)."""

    path: Path
    problems: list[Problem]


def scan_paths(paths: list[Path]) -> list[Target | EmptyFolder]:
    """Every deck file the paths name or hold, in the order given."""
    found: list[Target | EmptyFolder] = []
    for path in paths:
        if not path.is_dir():
            found.append(Target(path, True))
            continue
        files, problems = find_deck_files(path)
        if not files:
            found.append(EmptyFolder(path, problems))
            continue
        found.extend(Target(file, False, problems if index == 0 else [])
                     for index, file in enumerate(files))
    return found


def find_deck_files(path: Path) -> tuple[list[Path], list[Problem]]:
    """Deck files under a directory (sorted, depth first), skipping VCS and tool folders.

    Symbolic links are followed while they stay inside the folder: a link to `/` or `..` in a
    pull request must not make CI read (and quote) files from elsewhere, nor walk the disk.
    `os.scandir` tells links from files without a system call per file.
    """
    found: list[Path] = []
    problems: list[Problem] = []
    seen_dirs: set[tuple[int, int]] = set()
    top = path.resolve()

    pending = [str(path)]  # a stack, not recursion: a hostile tree may nest very deep
    while pending:
        folder = pending.pop()
        try:
            stat = os.stat(folder)
            if (stat.st_dev, stat.st_ino) in seen_dirs:  # a symlink loop: each folder once
                continue
            seen_dirs.add((stat.st_dev, stat.st_ino))
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as error:
            problems.append(Problem(rule="unreadable",
                                    message=f"{folder}: cannot list: {error.strerror}"))
            continue
        subfolders = []
        for entry in entries:
            if entry.is_symlink() and not _stays_inside(Path(entry.path), top):
                continue
            if _is_dir(entry):
                if entry.name not in SKIPPED_DIRS and not entry.name.startswith("."):
                    subfolders.append(entry.path)
            elif entry.name.lower().endswith(DECK_SUFFIXES):
                found.append(Path(entry.path))
        pending.extend(reversed(subfolders))  # depth first, in name order
    return found, problems


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # follows links, which `_stays_inside` has vetted
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
