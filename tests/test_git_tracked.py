"""Git semantics in a scan: a tracked deck is always checked, whatever a `.gitignore`, a
planted `pyvenv.cfg` or a default skip says; the owner's `--exclude` still applies. The index
is read by deckcli itself (`app/gitindex.py`), compared here with `git ls-files`."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import SAMPLES
from deckcli.app.gitindex import tracked_under

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
ILLEGAL = SAMPLES / "megaman" / "illegal-59-cards.toml"
LEGAL = SAMPLES / "megaman" / "starter-megaman.toml"
ENV = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t",
       "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
       "GIT_COMMITTER_EMAIL": "t@example.org"}


def git(top: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(top), *args], check=True, capture_output=True,
                          env=ENV).stdout.decode("utf-8", "surrogateescape")


def listed(top: Path) -> set[str]:
    return {os.path.join(str(top), name) for name in git(top, "ls-files", "-z").split("\0")
            if name}


def repo(top: Path, *init: str) -> Path:
    top.mkdir(parents=True, exist_ok=True)
    git(top, "init", "-q", *init)
    return top


@pytest.mark.parametrize("setup", ["v2", "v3", "v4", "sha256", "conflict"])
def test_the_index_reader_agrees_with_git_ls_files(tmp_path, setup):
    top = repo(tmp_path / "r", *(["--object-format=sha256"] if setup == "sha256" else []))
    names = ["a.toml", "decks/b.txt", "decks/deep/er/c.json", "日本/デッキ.toml",
             "decks/shared-prefix-" + "x" * 200 + ".toml", "decks/shared-prefix-y.toml"]
    for name in names:
        (top / name).parent.mkdir(parents=True, exist_ok=True)
        (top / name).write_text(name, encoding="utf-8")
    git(top, "add", ".")
    if setup == "v3":  # intent-to-add sets an entry's extended flags (index version 3)
        (top / "later.toml").write_text("x")
        git(top, "add", "-N", "later.toml")
    if setup == "v4":
        git(top, "update-index", "--index-version", "4")
    if setup == "conflict":
        git(top, "commit", "-qm", "one")
        git(top, "checkout", "-qb", "other")
        (top / "a.toml").write_text("other")
        git(top, "commit", "-qam", "other")
        git(top, "checkout", "-q", "-")
        (top / "a.toml").write_text("mine")
        git(top, "commit", "-qam", "mine")
        subprocess.run(["git", "-C", str(top), "merge", "-q", "other"], capture_output=True,
                       env=ENV)
    tracked = tracked_under(top)
    assert tracked is not None and tracked.files == listed(top)
    assert str(top / "decks" / "deep") in tracked.folders


def test_a_damaged_index_is_said_and_the_scan_goes_on(cli, tmp_path):
    top = repo(tmp_path / "r")
    shutil.copy(ILLEGAL, top / "d.toml")
    (top / ".git" / "index").write_bytes(b"DIRC\x00\x00\x00\x02\xff\xff\xff\xff" + b"\0" * 64)
    assert tracked_under(top) is None
    run = cli("check", top, "--format", "json")
    assert run.code == 1 and "cannot read git's index" in run.err


def tracked_repo(tmp_path: Path) -> Path:
    """The issue's repository: decks tracked, then a pull request adds ignores."""
    top = repo(tmp_path / "r")
    (top / "decks").mkdir()
    shutil.copy(ILLEGAL, top / "decks" / "burn-final.toml")
    shutil.copy(LEGAL, top / "decks" / "ok.toml")
    (top / ".hidden").mkdir()
    shutil.copy(ILLEGAL, top / ".hidden" / "secret.toml")
    git(top, "add", ".")
    git(top, "commit", "-qm", "decks")
    (top / "decks" / ".gitignore").write_text("*-final.toml\n")
    (top / "decks" / "pyvenv.cfg").write_text("")
    (top / ".gitignore").write_text(".hidden/\n")
    shutil.copy(ILLEGAL, top / "decks" / "untracked-final.toml")  # ignored, never added
    return top


def test_a_tracked_deck_is_never_hidden_by_the_pull_request(cli, tmp_path):
    top = tracked_repo(tmp_path)
    for output in ("json", "github"):
        run = cli("check", top, "--format", output)
        assert run.code == 1, run.out
    decks = {Path(deck["path"]).name: deck for deck in
             cli("check", top, "--format", "json").json()["decks"]}
    assert set(decks) == {"burn-final.toml", "ok.toml", "secret.toml"}
    assert not decks["burn-final.toml"]["legal"] and not decks["secret.toml"]["legal"]
    skipped = cli("check", top, "--format", "json", "--verbose").json()
    assert skipped["skipped"] >= 1  # the untracked ignored deck, still skipped


def test_a_named_tracked_deck_is_checked_under_force_exclude(cli, tmp_path):
    top = tracked_repo(tmp_path)
    run = cli("check", "--force-exclude", top / "decks" / "burn-final.toml", "--format", "json")
    assert run.code == 1 and len(run.json()["decks"]) == 1


def test_the_owners_exclusions_still_hide_tracked_decks(cli, tmp_path):
    top = tracked_repo(tmp_path)
    run = cli("check", top, "--exclude", "decks/", "--format", "json")
    assert [Path(deck["path"]).name for deck in run.json()["decks"]] == ["secret.toml"]
    run = cli("check", top, "--extend-exclude", "*-final.toml", "--exclude", ".hidden/",
              "--format", "json")
    assert [Path(deck["path"]).name for deck in run.json()["decks"]] == ["ok.toml"]
