"""The pre-commit hook, installed by pre-commit itself from a copy of this checkout.

Slow (pre-commit builds the hook's virtualenv from PyPI once, about 30 s), so one
environment serves both runs: a copy of the checkout is committed, and `try-repo` at that
commit reuses what the first run installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SAMPLES

# on PATH, or beside the interpreter running the tests (a virtualenv not activated)
PRE_COMMIT = shutil.which("pre-commit", path=os.path.dirname(sys.executable)) or shutil.which(
    "pre-commit")
pytestmark = [
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
    pytest.mark.skipif(PRE_COMMIT is None,
                       reason="pre-commit is not installed (pip install '.[test]')"),
]
HOOK_FILES = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "hatch_build.py")
GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True,
                   env={**os.environ, **GIT_ENV})


def hook_repository(folder: Path) -> Path:
    """The files pip needs to install deckcli, and the hook definition, committed."""
    for name in HOOK_FILES:
        shutil.copy(REPO / name, folder / name)
    for tree in ("deckcli", "cardpools"):
        shutil.copytree(REPO / tree, folder / tree,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo"))
    git(folder, "init", "-q")
    git(folder, "add", ".")
    git(folder, "commit", "-q", "-m", "hook")
    return folder


def try_repo(hooks: Path, decks: Path, home: Path, *files: str, hook: str = "deckcli-check"
             ) -> subprocess.CompletedProcess:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "DECKCLI_CACHE": str(home / "deckcli")}
    return subprocess.run([PRE_COMMIT, "try-repo", str(hooks), hook, "--ref", "HEAD",
                           "--files", *files], cwd=decks, env=env, text=True,
                          capture_output=True, timeout=600)


@pytest.mark.slow  # pre-commit builds a virtualenv: about 110 s
def test_the_hook_fails_on_an_illegal_deck_and_passes_a_legal_one(tmp_path):
    (tmp_path / "hooks").mkdir()
    hooks = hook_repository(tmp_path / "hooks")
    decks = tmp_path / "decks"
    decks.mkdir()
    shutil.copy(SAMPLES / "megaman" / "starter-megaman.toml", decks / "legal.toml")
    shutil.copy(SAMPLES / "megaman" / "illegal-59-cards.toml", decks / "illegal.toml")
    (decks / "LICENSE.txt").write_text("MIT License\n", encoding="utf-8")
    (decks / "package.json").write_text('{"name": "decks"}\n', encoding="utf-8")
    git(decks, "init", "-q")
    git(decks, "add", ".")
    home = tmp_path / "pre-commit-home"
    failed = try_repo(hooks, decks, home, "illegal.toml", "legal.toml")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "deckcli check" in failed.stdout and "Failed" in failed.stdout
    assert "deck-size  59 cards; megaman decks have exactly 60 — add 1" in failed.stdout
    passed = try_repo(hooks, decks, home, "legal.toml", "LICENSE.txt", "package.json")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Passed" in passed.stdout
    (decks / "list.txt").write_text(gameless_list(), encoding="utf-8")
    git(decks, "add", "list.txt")
    gameless = try_repo(hooks, decks, home, "list.txt")
    assert gameless.returncode == 1, gameless.stdout + gameless.stderr
    assert "Failed" in gameless.stdout  # its cards name haikyu, which has exactly 40
    assert "game-inferred" in gameless.stdout and "judged as haikyu" in gameless.stdout
    assert "deck-size  41 cards; haikyu decks have exactly 40 — cut 1" in gameless.stdout


def gameless_list() -> str:
    """A 41-card Haikyu list, written by numbers, with no `# game:` line."""
    import tomllib

    cards = tomllib.loads((SAMPLES / "haikyu" / "starter-karasuno.toml").read_text(
        encoding="utf-8"))["cards"]
    lines = [f"{count} {ref}" for ref, count in cards.items()]
    first = next(iter(cards))
    lines.append(f"1 {first}")
    assert sum(cards.values()) + 1 == 41
    return "\n".join(lines) + "\n"


@pytest.mark.slow
def test_the_fix_hook_fixes_safely_and_fails_the_commit_to_be_reviewed(tmp_path):
    (tmp_path / "hooks").mkdir()
    hooks = hook_repository(tmp_path / "hooks")
    decks = tmp_path / "decks"
    decks.mkdir()
    messy = 'game = "megaman"\n\n[cards]\n"areasteal" = 2  # kept\n"1C8" = 2\n'
    (decks / "messy.toml").write_text(messy, encoding="utf-8")
    shutil.copy(SAMPLES / "megaman" / "illegal-59-cards.toml", decks / "illegal.toml")
    git(decks, "init", "-q")
    git(decks, "add", ".")
    home = tmp_path / "pre-commit-home"
    first = try_repo(hooks, decks, home, "messy.toml", "illegal.toml", hook="deckcli-fix")
    assert first.returncode == 1, first.stdout + first.stderr
    assert "files were modified by this hook" in first.stdout
    assert (decks / "messy.toml").read_text(encoding="utf-8") == (
        'game = "megaman"\n\n[cards]\n"AreaSteal" = 4  # kept\n')
    assert (decks / "illegal.toml").read_bytes() == (
        SAMPLES / "megaman" / "illegal-59-cards.toml").read_bytes()  # illegal: not its job
    git(decks, "add", ".")
    second = try_repo(hooks, decks, home, "messy.toml", "illegal.toml", hook="deckcli-fix")
    assert second.returncode == 0, second.stdout + second.stderr
    assert "Passed" in second.stdout
