"""What a scan passes over is said, each file is judged once, and no output line is a workflow
command (issue 38 items 12, 14 and 16; issue 40 item 6)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from conftest import SAMPLES
from deckcli.app.gitindex import tracked_under

ILLEGAL = SAMPLES / "megaman" / "illegal-five-copies.toml"
LEGAL = SAMPLES / "megaman" / "starter-megaman.toml"
FORGED = "::error title=forged::all decks legal.toml"


@pytest.mark.parametrize("output", ["text", "rich", None])
def test_a_file_name_forges_no_workflow_command(cli, tmp_path, monkeypatch, output):
    shutil.copy(ILLEGAL, tmp_path / FORGED)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    run = cli("check", ".", *(("--format", output) if output else ()))
    assert run.code == 1
    assert FORGED.removesuffix(".toml") in run.out  # the file is reported...
    assert not [line for line in run.out.splitlines() if line.lstrip().startswith("::")]
    report = tmp_path / "report.txt"
    cli("check", ".", "--format", output or "text", "-o", report)
    assert not [line for line in report.read_text(encoding="utf-8").splitlines()
                if line.lstrip().startswith("::")]


def test_the_github_format_still_writes_its_own_commands(cli, tmp_path, monkeypatch):
    shutil.copy(ILLEGAL, tmp_path / FORGED)
    monkeypatch.chdir(tmp_path)
    run = cli("check", ".", "--format", "github")
    commands = [line for line in run.out.splitlines() if line.startswith("::")]
    assert any(line.startswith("::error file=%3A%3Aerror title=forged%3A%3A") for line in commands)
    assert not any(line.startswith("::error title=forged") for line in commands)


def test_verbose_lists_every_file_a_scan_passes_over(cli, tmp_path):
    shutil.copy(ILLEGAL, tmp_path / "deck.toml")
    (tmp_path / "deck.html").write_text("<html>4 AreaSteal</html>\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("# notes\n", encoding="utf-8")
    run = cli("check", tmp_path, "--verbose", "--format", "json")
    assert run.code == 1 and len(run.json()["decks"]) == 1
    reads = "deckcli reads .toml, .txt, .list, .dek, .csv, .json"
    for name in ("deck.html", "notes.md"):
        assert f"skipped {tmp_path / name}: no deck format reads this suffix; {reads}" in run.err
    quiet = cli("check", tmp_path, "--format", "json")
    assert "notes.md" not in quiet.out + quiet.err  # only --verbose lists them


def test_a_named_file_of_another_format_is_named_as_such(cli, tmp_path):
    page = tmp_path / "deck.html"
    page.write_text("<html><body>4 AreaSteal</body></html>\n", encoding="utf-8")
    run = cli("check", page, "--format", "json")
    assert run.code == 1
    (problem,) = run.json()["decks"][0]["problems"]
    assert problem["message"] == ("deckcli does not read .html files; it reads .toml, .txt, "
                                  ".list, .dek, .csv, .json")
    assert "invalid TOML" not in run.out
    toml_inside = tmp_path / "deck.conf"  # TOML under another suffix is still read as TOML
    shutil.copy(LEGAL, toml_inside)
    assert cli("check", toml_inside, "--format", "json").code == 0


@pytest.mark.parametrize("output", ["json", "sarif", "github", "text", "junit"])
def test_a_file_named_twice_is_reported_once(cli, tmp_path, monkeypatch, output):
    shutil.copy(LEGAL, tmp_path / "legal.toml")
    shutil.copy(ILLEGAL, tmp_path / "bad.toml")
    shutil.copy(ILLEGAL, tmp_path / "worse.toml")
    monkeypatch.chdir(tmp_path)
    run = cli("check", ".", "legal.toml", "./bad.toml", str(tmp_path / "bad.toml"),
              "--format", output)
    assert run.code == 1
    if output == "json":
        assert sorted(deck["path"].removeprefix("./") for deck in run.json()["decks"]) == \
            ["bad.toml", "legal.toml", "worse.toml"]
    elif output == "sarif":
        results = json.loads(run.out)["runs"][0]["results"]
        assert len(results) == 2  # one copies error in each illegal deck
    else:  # as often as when each file is named once
        once = cli("check", ".", "--format", output)
        assert run.out.count("copies") == once.out.count("copies") > 0
        assert run.out.count("legal.toml") == once.out.count("legal.toml")


def test_a_truncated_git_index_warns_and_falls_back(cli, tmp_path):
    top = tmp_path / "r"
    top.mkdir()
    env = {"GIT_CONFIG_NOSYSTEM": "1", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", "-C", str(top), "init", "-q"], check=True, env=env)
    shutil.copy(ILLEGAL, top / "deck.toml")
    subprocess.run(["git", "-C", str(top), "add", "deck.toml"], check=True, env=env)
    index = top / ".git" / "index"
    data = index.read_bytes()
    index.write_bytes(data[:data.index(b"deck.toml") + 4])  # an entry whose path has no NUL
    assert tracked_under(top) is None
    run = cli("check", top, "--format", "json")
    assert run.code == 1 and "cannot read git's index" in run.err
    assert len(run.json()["decks"]) == 1
