"""GitHub Actions: detected by `check`, and the repository's own composite action."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SAMPLES

yaml = pytest.importorskip("yaml", reason="PyYAML comes with pre-commit (the test extra)")

LEGAL = SAMPLES / "megaman" / "starter-megaman.toml"
ILLEGAL = SAMPLES / "megaman" / "illegal-59-cards.toml"
needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")


@pytest.fixture
def actions(monkeypatch, tmp_path) -> Path:
    """A GitHub Actions job: GITHUB_ACTIONS=true and a step summary file with earlier text."""
    summary = tmp_path / "summary.md"
    summary.write_text("# Earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    return summary


def test_under_actions_check_annotates_and_appends_the_summary(cli, actions):
    run = cli("check", ILLEGAL)
    assert run.code == 1
    assert "::error file=" in run.out and "title=deck-size::" in run.out
    summary = actions.read_text(encoding="utf-8")
    assert summary.startswith("# Earlier step\n## deckcli check\n")
    assert "1 deck: 0 legal, 1 illegal" in summary and "deck-size" in summary


@pytest.mark.parametrize("how", ["option", "config", "environment"])
def test_a_format_given_wins_over_detection(cli, actions, tmp_path, monkeypatch, how):
    deck = tmp_path / "d.toml"
    shutil.copy(ILLEGAL, deck)
    args = ["check", deck]
    if how == "option":
        args += ["--format", "json"]
    elif how == "config":
        (tmp_path / "deckcli.toml").write_text('format = "json"\n', encoding="utf-8")
    else:
        monkeypatch.setenv("DECKCLI_FORMAT", "json")
    run = cli(*args)
    assert run.code == 1 and run.json()["decks"][0]["legal"] is False
    assert actions.read_text(encoding="utf-8") == "# Earlier step\n"  # no summary either


def test_outside_actions_the_default_is_rich(cli, monkeypatch):
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    assert cli("check", LEGAL).out.startswith("✓ legal")


def action_steps() -> dict[str, dict]:
    action = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    return {step["name"]: step for step in action["runs"]["steps"]}


def run_step(step: dict, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    """A step's script as the runner runs it: bash, with the step's env (inputs filled in)."""
    assert step["shell"] == "bash"
    return subprocess.run(["bash", "-c", step["run"]], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=60)


def fake_bin(folder: Path, name: str, script: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"#!/bin/sh\n{script}\n", encoding="utf-8")
    path.chmod(0o755)
    return folder


@needs_bash
@pytest.mark.parametrize(("version", "installed"), [("", "ACTION"), ("1.2.3", "deckcli==1.2.3")])
def test_the_install_step_installs_the_action_ref_or_a_version(tmp_path, version, installed):
    log = tmp_path / "pip.log"
    # a stand-in python: `-m venv DIR` makes DIR/bin/python, which logs its pip arguments
    python = fake_bin(tmp_path / "fake", "python", f"""mkdir -p "$3/bin"
printf '#!/bin/sh\\necho "$@" >> {log}\\n' > "$3/bin/python"; chmod +x "$3/bin/python\"""")
    github_path = tmp_path / "github_path"
    env = {"PATH": os.environ["PATH"], "RUNNER_TEMP": str(tmp_path / "runner"),
           "GITHUB_PATH": str(github_path), "DECKCLI_VERSION": version,
           "DECKCLI_PYTHON": str(python / "python"), "DECKCLI_SOURCE": str(tmp_path / "ACTION")}
    (tmp_path / "runner").mkdir()
    done = run_step(action_steps()["Install deckcli"], env, tmp_path)
    assert done.returncode == 0, done.stderr
    expected = installed.replace("ACTION", str(tmp_path / "ACTION"))
    assert log.read_text().split()[-1] == expected
    assert github_path.read_text() == f"{tmp_path / 'runner' / 'deckcli-venv' / 'bin'}\n"


@needs_bash
def test_the_check_step_annotates_fails_and_writes_the_summary(tmp_path):
    repo = tmp_path / "repo"
    (repo / "decks" / "more").mkdir(parents=True)
    shutil.copy(LEGAL, repo / "decks" / "legal.toml")
    shutil.copy(ILLEGAL, repo / "decks" / "more" / "illegal.toml")
    (repo / "LICENSE.txt").write_text("MIT License\n", encoding="utf-8")
    # `deckcli` on PATH: this checkout, run by the test's interpreter
    bin_dir = fake_bin(tmp_path / "bin", "deckcli",
                       f'PYTHONPATH="{REPO}" exec "{sys.executable}" -m deckcli "$@"')
    summary = tmp_path / "summary.md"
    env = {"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "GITHUB_ACTIONS": "true",
           "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_WORKSPACE": str(repo),
           "DECKCLI_CACHE": str(tmp_path / "cache"), "DECKCLI_PATHS": ". ", "DECKCLI_ARGS": ""}
    step = action_steps()["Check decks"]
    failed = run_step(step, env, repo)
    assert failed.returncode == 1, failed.stderr
    assert "::error file=decks/more/illegal.toml,line=1,title=deck-size::" in failed.stdout
    assert "2 decks: 1 legal, 1 illegal; 1 file skipped" in summary.read_text(encoding="utf-8")
    passed = run_step(step, {**env, "DECKCLI_PATHS": "decks/legal.toml\nLICENSE.txt",
                             "DECKCLI_ARGS": "--strict --force-exclude"}, repo)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert summary.read_text(encoding="utf-8").count("## deckcli check") == 2
