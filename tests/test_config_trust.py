"""Only the repository's own configuration applies, and it cannot weaken a check in silence
(issue 38 items 4, 5 and 7)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from conftest import SAMPLES, TEST_POOLS

FIVE = SAMPLES / "megaman" / "illegal-five-copies.toml"  # one `copies` error
ENV = {"GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent", "PATH": os.environ["PATH"]}


def git_repo(top):
    top.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "-C", str(top), "init", "-q"], check=True, env=ENV)
    return top


def git_add(top, *names):
    subprocess.run(["git", "-C", str(top), "add", *names], check=True, env=ENV)


@pytest.mark.parametrize("output", ["json", "github", "text", "sarif", "junit", "markdown"])
def test_a_configured_ignore_that_drops_an_error_is_announced(cli, tmp_path, monkeypatch,
                                                              output):
    top = git_repo(tmp_path / "repo")
    shutil.copy(FIVE, top / "five.toml")
    (top / "pyproject.toml").write_text('[tool.deckcli]\nignore = ["copies"]\n',
                                        encoding="utf-8")
    monkeypatch.chdir(top)
    run = cli("check", "five.toml", "--format", output)
    assert run.code == 0  # a notice, as the owner asked: the error itself is not reported
    assert "config-silenced" in run.out
    assert "1 problem (copies) not reported: the configuration" in run.out
    assert "--isolated" in run.out


def test_a_configured_select_is_announced_and_the_command_line_is_not(cli, tmp_path,
                                                                     monkeypatch):
    top = git_repo(tmp_path / "repo")
    shutil.copy(FIVE, top / "five.toml")
    (top / "deckcli.toml").write_text('select = ["deck-size"]\n', encoding="utf-8")
    monkeypatch.chdir(top)
    notices = cli("check", "five.toml", "--format", "json").json()["decks"][0]["problems"]
    assert [p["rule"] for p in notices] == ["config-silenced"]
    run = cli("check", "five.toml", "--format", "json", "--ignore", "copies", "--select",
              "copies,deck-size")
    assert run.json()["decks"][0]["problems"] == []  # the runner's own choice: no notice


def test_isolated_reads_no_configuration(cli, tmp_path, monkeypatch):
    top = git_repo(tmp_path / "repo")
    shutil.copy(FIVE, top / "five.toml")
    (top / "pyproject.toml").write_text('[tool.deckcli]\nignore = ["copies"]\n'
                                        'extend-exclude = ["*.toml"]\n', encoding="utf-8")
    (top / "cardpools").mkdir()
    shutil.copy(TEST_POOLS / "testgame.toml", top / "cardpools")
    monkeypatch.chdir(top)
    for argv in (("check", "--isolated", "five.toml"), ("--isolated", "check", "five.toml")):
        run = cli(*argv, "--format", "json")
        assert run.code == 1
        assert [p["rule"] for p in run.json()["decks"][0]["problems"]] == ["copies"]
    shown = cli("--isolated", "config", "--format", "json")
    assert shown.code == 0 and "none read: --isolated" in shown.out


def test_a_configured_exclusion_of_a_tracked_deck_is_announced(cli, tmp_path, monkeypatch):
    top = git_repo(tmp_path / "repo")
    (top / "decks" / "old").mkdir(parents=True)
    shutil.copy(FIVE, top / "decks" / "bad.toml")
    shutil.copy(FIVE, top / "decks" / "old" / "older.toml")
    git_add(top, ".")
    (top / "pyproject.toml").write_text(
        '[tool.deckcli]\nextend-exclude = ["bad.toml", "decks/old/"]\n', encoding="utf-8")
    monkeypatch.chdir(top)
    for output in ("json", "github", "sarif", "text"):
        run = cli("check", "decks", "--format", output)
        assert run.out.count("config-excluded") >= 2, (output, run.out)
        assert "a deck git tracks, not checked: excluded by" in run.out
    decks = cli("check", "decks", "--format", "json").json()["decks"]
    assert sorted(d["path"] for d in decks) == ["decks/bad.toml", "decks/old/older.toml"]
    isolated = cli("check", "decks", "--isolated", "--format", "json")
    assert isolated.code == 1 and len(isolated.json()["decks"]) == 2
    untracked = cli("check", "decks", "--format", "json", "--extend-exclude", "*.toml",
                    "--isolated")  # the runner's own exclusion: no notice
    assert "config-excluded" not in untracked.out


@pytest.fixture
def shared_tmp(tmp_path):
    """A repository inside a shared folder; above it, another user's configuration."""
    above = tmp_path / "shared"
    top = git_repo(above / "repo")
    shutil.copy(FIVE, top / "five.toml")
    (above / "deckcli.toml").write_text('ignore = ["copies"]\nextend-exclude = ["*.toml"]\n',
                                        encoding="utf-8")
    return above, top


def test_inside_a_work_tree_no_configuration_above_it_applies(cli, shared_tmp, monkeypatch):
    above, top = shared_tmp
    monkeypatch.chdir(top)
    run = cli("check", "five.toml", "--format", "json")
    assert run.code == 1
    assert [p["rule"] for p in run.json()["decks"][0]["problems"]] == ["copies"]
    monkeypatch.chdir(above)  # outside the work tree: the folder's own file applies
    assert cli("check", "repo/five.toml", "--format", "json").code == 0


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0,
                    reason="giving a file to another user needs root")
def test_outside_a_work_tree_another_users_configuration_is_refused(cli, tmp_path,
                                                                   monkeypatch):
    folder = tmp_path / "plain"
    folder.mkdir()
    shutil.copy(FIVE, folder / "five.toml")
    config = folder / "deckcli.toml"
    config.write_text('ignore = ["copies"]\n', encoding="utf-8")
    os.chown(config, 4242, 4242)
    monkeypatch.chdir(folder)
    run = cli("check", "five.toml", "--format", "json")
    assert run.code == 1 and "copies" in run.out
    assert f"deckcli: warning: configuration {config} not used: another user owns it" \
        in run.err
    os.chown(config, 0, 0)
    config.chmod(0o666)
    run = cli("check", "five.toml", "--format", "json")
    assert run.code == 1 and "other users may write to it" in run.err
    config.chmod(0o644)
    assert cli("check", "five.toml", "--format", "json").code == 0  # the user's own: used


def test_outside_a_work_tree_a_pool_folder_others_may_write_is_refused(cli, tmp_path,
                                                                      monkeypatch):
    folder = tmp_path / "plain"
    (folder / "cardpools").mkdir(parents=True)
    shutil.copy(TEST_POOLS / "testgame.toml", folder / "cardpools")
    (folder / "deckcli.toml").write_text("strict = false\n", encoding="utf-8")
    (folder / "cardpools").chmod(0o777)
    monkeypatch.chdir(folder)
    run = cli("config", "--format", "json")
    assert f"pool folder {folder / 'cardpools'} not used: other users may write to it" in run.err
    assert "cardpools" not in json.dumps(run.json())


def test_a_broken_repository_pool_breaks_only_its_game(cli, tmp_path, monkeypatch):
    top = git_repo(tmp_path / "repo")
    (top / "cardpools").mkdir()
    pool = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")
    cut = pool.index("[[formats.big.rules]]")
    (top / "cardpools" / "testgame.toml").write_text(
        pool[:cut].replace("[formats.big]\n", "[formats.big]\nrules = 5\n"), encoding="utf-8")
    (top / "pyproject.toml").write_text('[tool.deckcli]\nignore = ["copies"]\n',
                                        encoding="utf-8")
    shutil.copy(SAMPLES / "megaman" / "illegal-59-cards.toml", top / "m.toml")
    (top / "t.toml").write_text('game = "testgame"\n[cards]\n', encoding="utf-8")
    monkeypatch.chdir(top)
    run = cli("check", "m.toml", "t.toml", "--format", "json")
    assert run.code == 1 and "Traceback" not in run.err
    decks = {d["path"]: [p["rule"] for p in d["problems"]] for d in run.json()["decks"]}
    assert decks["m.toml"] == ["deck-size"]
    assert decks["t.toml"].count("broken-pool") == 1
