"""Whether a path named to deckcli leads out of the git work tree it lies in.

A repository under review controls its symbolic links, so a path inside it may lead anywhere:
`decks/link/../secret.toml` with `decks/link -> /outside/sub` names, for the kernel,
`/outside/secret.toml`, although it reads as a file of `decks/`. The path is therefore walked
the way the kernel walks it: one name at a time, each link replaced by where it leads and each
`..` taken from the real folder reached so far. The work tree is the one holding the first link
met (the command's own repository, never one a link leads into: a link to a folder with another
`.git` does not make that folder "its own" work tree), and from that link on, every folder
passed and the target itself must stay inside it. A path without links names what it says and
never leaves anything. Reading and writing both ask here (reads in app/, writes in io/files).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from deckcli.i18n import _


def git_root(folder: Path) -> Path | None:
    """The top of the git work tree holding `folder`, or None outside one."""
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


@dataclass(frozen=True)
class Escape:
    """A path that leaves its work tree: the work tree and the real place it reached outside."""

    root: Path
    reached: Path


def _inside(path: Path, top: Path) -> bool:
    return path == top or top in path.parents


def escape_of(path: Path, follow_final: bool = True) -> Escape | None:
    """Where `path` leaves the git work tree of its first symbolic link, or None when it stays
    (or meets no link inside a work tree). `follow_final=False`: the last name is replaced, not
    followed (a report written over a link), so only its folders count."""
    given = Path(path)
    current = Path(os.getcwd()) if not given.is_absolute() else Path(given.anchor)
    names = given.parts[1:] if given.is_absolute() else given.parts
    root: Path | None = None
    real_root: Path | None = None
    for index, name in enumerate(names):
        last = index == len(names) - 1
        if name == "..":
            current = current.parent  # `current` is always real: its parent is the kernel's
        else:
            step = current / name
            if (follow_final or not last) and step.is_symlink():
                if real_root is None:
                    root = git_root(current)
                    real_root = Path(os.path.realpath(root)) if root is not None else None
                current = Path(os.path.realpath(step))
            else:
                current = step
        if real_root is not None and not _inside(current, real_root):
            assert root is not None
            return Escape(root, current)
    return None


class OutsideWorkTree(PermissionError):
    """A write (or a lock beside it) whose target or a folder on the way leaves the git work
    tree through a symbolic link."""

    def __init__(self, path: Path, escape: Escape) -> None:
        super().__init__(13, _("outside the git work tree"), str(path))
        self.escape = escape


def confine(path: Path, follow_final: bool = True, allow_outside: bool = False) -> None:
    """OutsideWorkTree unless writing `path` stays in its work tree (or `allow_outside`)."""
    if allow_outside:
        return
    escape = escape_of(path, follow_final)
    if escape is not None:
        raise OutsideWorkTree(path, escape)
