"""A link named on the command line is not read outside the repository (issue 22, item 7).

Inside a git work tree, a file named to `check` whose real path leaves the work tree, or a
folder argument that is such a link, is a usage error (exit 2) naming it, unless
`--allow-outside` is given; nothing of the outside file reaches the (public) log.
"""

from __future__ import annotations

import pytest

SECRET = "token ghp_secret_line_of_the_outside_file"


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A work tree with `decks/link.txt -> ~/notes.txt` and `decks/out -> ~/` committed."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "notes.txt").write_text(f"# game: megaman\n{SECRET}\n", encoding="utf-8")
    top = tmp_path / "repo"
    (top / ".git").mkdir(parents=True)
    (top / "decks").mkdir()
    (top / "decks" / "link.txt").symlink_to(home / "notes.txt")
    (top / "decks" / "out").symlink_to(home)
    (top / "decks" / "mine.txt").write_text("# game: megaman\n4 AreaSteal\n", encoding="utf-8")
    (top / "decks" / "alias.txt").symlink_to(top / "decks" / "mine.txt")
    monkeypatch.chdir(top)
    return top


@pytest.mark.parametrize("argv", [("--force-exclude", "decks/link.txt"), ("decks/link.txt",),
                                  ("decks/out",), ("decks/out/notes.txt",),
                                  ("decks/mine.txt", "decks/link.txt")])
def test_a_link_named_in_a_work_tree_is_not_read_outside_it(cli, repo, argv):
    run = cli("check", *argv, "--format", "text")
    assert run.code == 2
    assert SECRET not in run.out + run.err
    named = argv[-1]
    assert (f"deckcli: error: {named} leads outside the git work tree {repo} (through a "
            "symbolic link)") in run.err
    assert "--allow-outside" in run.err


def test_allow_outside_reads_it(cli, repo):
    run = cli("check", "decks/link.txt", "--allow-outside", "--format", "text")
    assert run.code == 1 and SECRET in run.out  # read (and quoted) as the user asked


def test_links_inside_the_work_tree_and_named_files_outside_any_are_read(cli, repo, tmp_path):
    inside = cli("check", "decks/alias.txt", "decks/mine.txt", "--format", "json")
    assert inside.code == 1 and len(inside.json()["decks"]) == 2
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "link.txt").symlink_to(tmp_path / "home" / "notes.txt")
    outside_git = cli("check", elsewhere / "link.txt", "--format", "text")
    assert outside_git.code == 1 and SECRET in outside_git.out  # no work tree to leave


def test_a_scan_of_the_work_tree_still_skips_the_links(cli, repo):
    run = cli("check", "decks", "--format", "json", "--verbose")
    assert run.code == 1 and SECRET not in run.out
    assert "decks/link.txt: a symbolic link to outside the folder checked" in run.err
