"""Paths stay physical and writes stay in the work tree (issue 38, items 2, 3 and 15).

A repository under review commits links. `decks/link/../secret.toml` with
`decks/link -> /outside/sub` reads as a file of `decks/` but the kernel opens
`/outside/secret.toml`; `reports -> /outside` turns `-o reports/report.sarif` into a write
outside. Every path is walked as the kernel walks it (`deckcli.io.confine`), reads and writes
alike, and nothing leaves the work tree of the command's own repository without
`--allow-outside`.
"""

from __future__ import annotations

import pytest

from deckcli.io.confine import OutsideWorkTree, confine, escape_of
from deckcli.io.files import LOCK_MARK, atomic_write_bytes, edit_lock

SECRET = "token ghp_outside_line"
DECK = 'game = "megaman"\nname = "x"\n[cards]\n"AreaSteal" = 4\n'


@pytest.fixture
def world(tmp_path, monkeypatch):
    """repo/ (a work tree) beside outside/ (sub/, secret.toml, another repository)."""
    outside = tmp_path / "outside"
    (outside / "sub").mkdir(parents=True)
    (outside / "secret.toml").write_text(
        f'game = "megaman"\nname = "{SECRET}"\n[cards]\n"AreaSteal" = 4\n', encoding="utf-8")
    (outside / "other" / ".git").mkdir(parents=True)
    (outside / "other" / "theirs.toml").write_text(DECK.replace('"x"', f'"{SECRET}"'),
                                                  encoding="utf-8")
    top = tmp_path / "repo"
    (top / ".git").mkdir(parents=True)
    (top / "decks").mkdir()
    (top / "decks" / "mine.toml").write_text(DECK, encoding="utf-8")
    (top / "decks" / "link").symlink_to(outside / "sub")
    (top / "decks" / "other").symlink_to(outside / "other")
    (top / "reports").symlink_to(outside)
    monkeypatch.chdir(top)
    return top


def test_dotdot_after_a_link_is_taken_from_where_the_link_leads(world, tmp_path):
    escape = escape_of(world / "decks" / "link" / ".." / "secret.toml")
    assert escape is not None and escape.root == world
    assert escape_of(world / "decks" / ".." / "decks" / "mine.toml") is None  # no link
    assert escape_of(world / ".." / "outside" / "secret.toml") is None  # names it plainly


@pytest.mark.parametrize("named", ["decks/link/../secret.toml", "decks/link/..",
                                   "decks/other/theirs.toml", "decks/other"])
def test_check_refuses_a_path_a_link_leads_outside(cli, world, named):
    run = cli("check", named, "--format", "json")
    assert run.code == 2, run.err
    assert SECRET not in run.out + run.err
    assert f"{named} leads outside the git work tree {world} (through a symbolic link)" in run.err
    assert cli("check", named, "--allow-outside", "--format", "json").code != 2


@pytest.mark.parametrize("argv", [("add", "decks/link/../secret.toml", "AreaSteal"),
                                  ("remove", "decks/link/../secret.toml", "AreaSteal"),
                                  ("fmt", "decks/link/../secret.toml"),
                                  ("fmt", "decks/link/.."),
                                  ("add", "decks/other/theirs.toml", "AreaSteal")])
def test_edits_through_such_paths_change_nothing_outside(cli, world, tmp_path, argv):
    before = {p: p.read_bytes() for p in (tmp_path / "outside").rglob("*.toml")}
    run = cli(*argv)
    assert run.code in (1, 2) and "leads outside the git work tree" in run.err
    assert {p: p.read_bytes() for p in (tmp_path / "outside").rglob("*.toml")} == before
    assert not list((tmp_path / "outside").rglob(".*.lock"))


@pytest.mark.parametrize("argv", [
    ("check", "decks/mine.toml", "-f", "sarif", "-o", "reports/report.sarif"),
    ("check", "decks/mine.toml", "-o", "decks/link/report.txt"),
    ("new", "megaman", "reports/x.toml"),
    ("new", "megaman", "decks/link/../x.toml"),
    ("export", "decks/mine.toml", "-o", "reports/x.txt"),
    ("import", "megaman", "list.txt", "-o", "reports/x.toml"),
])
def test_no_writing_command_creates_a_file_outside(cli, world, tmp_path, argv):
    (world / "list.txt").write_text("4 AreaSteal\n", encoding="utf-8")
    run = cli(*argv)
    assert run.code == 2, (run.out, run.err)
    assert "deckcli writes nothing outside the repository it works in unless --allow-outside" \
        in run.err
    written = [p for p in (tmp_path / "outside").rglob("*")
               if p.is_file() and p.suffix in (".sarif", ".txt", ".toml")
               and p.name not in ("secret.toml", "theirs.toml")]
    assert written == []
    allowed = cli("--allow-outside", *argv)
    assert allowed.code in (0, 1), allowed.err
    assert any(p.is_file() for p in (tmp_path / "outside").rglob("*")
               if p.name in ("report.sarif", "report.txt", "x.toml", "x.txt"))


def test_new_force_does_not_overwrite_a_linked_home_file(cli, world, tmp_path):
    home_file = tmp_path / "outside" / "notes.txt"
    home_file.write_text("my notes\n", encoding="utf-8")
    (world / "decks" / "notes.txt").symlink_to(home_file)
    run = cli("new", "megaman", "decks/notes.txt", "--force")
    assert run.code == 2 and "leads outside the git work tree" in run.err
    assert home_file.read_text(encoding="utf-8") == "my notes\n"


def test_the_io_guard_holds_for_any_writer(world, tmp_path):
    """The fixes and every later writer call io.files: the guard is there, not in the CLI."""
    with pytest.raises(OutsideWorkTree):
        atomic_write_bytes(world / "reports" / "fix.toml", b"x")
    with pytest.raises(OutsideWorkTree), edit_lock(world / "decks" / "link" / "x.toml"):
        pass
    assert not (tmp_path / "outside" / "fix.toml").exists()
    confine(world / "reports" / "fix.toml", allow_outside=True)  # allowed: no error
    atomic_write_bytes(world / "decks" / "fine.toml", b"x")  # inside: written
    assert (world / "decks" / "fine.toml").read_bytes() == b"x"


def test_a_report_over_a_link_still_replaces_the_link(cli, world, tmp_path):
    """`-o` replaces its last name (never follows it): only its folders must stay inside."""
    (world / "report.txt").symlink_to(tmp_path / "outside" / "secret.toml")
    run = cli("check", "decks/mine.toml", "-o", "report.txt")
    assert run.code == 1 and not (world / "report.txt").is_symlink()  # 1: an illegal deck
    assert SECRET in (tmp_path / "outside" / "secret.toml").read_text(encoding="utf-8")


def test_outside_any_work_tree_writes_go_where_named(cli, tmp_path, monkeypatch):
    (tmp_path / "out").mkdir()
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "reports").symlink_to(tmp_path / "out")
    monkeypatch.chdir(tmp_path / "plain")
    assert cli("new", "megaman", "reports/x.toml").code == 0
    assert (tmp_path / "out" / "x.toml").exists()


def test_a_committed_lock_file_is_not_removed(cli, world):
    """A `.e.toml.lock` deckcli did not create is not deckcli's to remove (item 15)."""
    (world / "e.toml").write_text(DECK, encoding="utf-8")
    theirs = world / ".e.toml.lock"
    theirs.write_text("committed by someone\n", encoding="utf-8")
    assert cli("add", "e.toml", "AreaSteal").code in (0, 1)
    assert theirs.read_text(encoding="utf-8") == "committed by someone\n"
    assert '"AreaSteal" = 5' in (world / "e.toml").read_text(encoding="utf-8")
    theirs.unlink()
    assert cli("add", "e.toml", "AreaSteal").code in (0, 1)
    assert not theirs.exists()  # one deckcli made is removed as before


def test_a_lock_a_killed_run_left_is_removed(world):
    (world / "e.toml").write_text(DECK, encoding="utf-8")
    left = world / ".e.toml.lock"
    left.write_bytes(LOCK_MARK)
    with edit_lock(world / "e.toml"):
        assert left.exists()
    assert not left.exists()
