"""The git work tree a path is in, found without running git (no configuration of a
repository can make deckcli execute anything), and whether a path named on the command line
leads out of it."""

from __future__ import annotations

from pathlib import Path

from deckcli.escape import printable_path
from deckcli.i18n import _
from deckcli.io.confine import Escape, escape_of, git_root
from deckcli.io.files import read_regular_file

__all__ = ["git_dir", "git_root", "leaves_work_tree", "outside_message"]


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
    a symbolic link on its way (`decks/link.txt -> ~/notes.txt`, or `decks/link/../x.toml`
    with `decks/link -> /outside/sub`) leads it out of that work tree (`io.confine`)."""
    escape = escape_of(path)
    return None if escape is None else outside_message(path, escape, writing=False)


def outside_message(path: Path, escape: Escape, writing: bool) -> str:
    """The one message for a read or a write refused because a link leads it outside."""
    if writing:
        text = _("{path} leads outside the git work tree {root} (through a symbolic link); "
                 "deckcli writes nothing outside the repository it works in unless "
                 "--allow-outside says so")
    else:
        text = _("{path} leads outside the git work tree {root} (through a symbolic link); "
                 "deckcli reads nothing outside the repository it checks unless "
                 "--allow-outside says so")
    return text.format(path=printable_path(str(path)), root=printable_path(str(escape.root)))
