"""The git work tree a path is in, found without running git (no configuration of a
repository can make deckcli execute anything), and whether a path named on the command line
leads out of it."""

from __future__ import annotations

import os
from pathlib import Path

from deckcli.escape import printable_path
from deckcli.i18n import _
from deckcli.io.files import read_regular_file


def git_root(folder: Path) -> Path | None:
    """The top of the git work tree holding `folder`, or None outside one."""
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


def git_dir(root: Path) -> Path:
    """`.git` itself, or the folder a `.git` file points to (a worktree or submodule)."""
    marker = root / ".git"
    if marker.is_dir():
        return marker
    try:
        line = read_regular_file(marker, 4096).decode("utf-8", "replace").strip()
    except OSError:
        return marker
    target = Path(line.removeprefix("gitdir:").strip())
    git_dir = target if target.is_absolute() else root / target
    try:  # a worktree shares info/exclude with its main repository
        shared = read_regular_file(git_dir / "commondir", 4096).decode("utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return git_dir
    return (git_dir / shared).resolve()


def leaves_work_tree(path: Path) -> str | None:
    """Why a path named on the command line may not be read, or None: inside a git work tree,
    its real path (every link on the way followed) is outside that work tree, as a link
    committed by a pull request (`decks/link.txt -> ~/notes.txt`) would make it."""
    named = Path(os.path.abspath(path))
    root = git_root(named.parent)
    if root is None:
        return None
    real_root, real = Path(os.path.realpath(root)), Path(os.path.realpath(named))
    if real == real_root or real_root in real.parents:
        return None
    return _("{path} leads outside the git work tree {root} (through a symbolic link); "
             "deckcli reads nothing outside the repository it checks unless --allow-outside "
             "says so").format(path=printable_path(str(path)), root=printable_path(str(root)))
