"""Edits that never lose an update and respect links and permissions (issue 13, items 2, 3).

Concurrent `deckcli add` commands queue on a per-file lock; a file changed by another program
since it was read is not overwritten; a symbolic link is written through and stays a link; a
file whose mode bits forbid writing is refused, root included; SIGTERM mid-write leaves no
temporary or lock file.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO, SAMPLES
from deckcli.formats import edit as deck_edit
from deckcli.io import files as fileio

DECK = SAMPLES / "megaman" / "starter-megaman.toml"
TEXT_LIST = SAMPLES / "megaman" / "starter-torchman.txt"
EMPTY = 'game = "megaman"\n[cards]\n'
PARALLEL = 24


def deckcli_env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    env["DECKCLI_CACHE"] = os.environ["DECKCLI_CACHE"]
    return env


@pytest.mark.slow
def test_concurrent_adds_to_one_deck_all_survive(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(EMPTY, encoding="utf-8")
    numbers = [f"1C{index}" for index in range(1, PARALLEL + 1)]
    env = deckcli_env(tmp_path)
    subprocess.run([sys.executable, "-m", "deckcli", "cards", "megaman", "1C1"], env=env,
                   capture_output=True, check=True)  # the pool cache, built once
    started = time.monotonic()
    runs = [subprocess.Popen([sys.executable, "-m", "deckcli", "add", str(deck), number, "1"],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for number in numbers]
    results = [(run.wait(timeout=120), *run.communicate()) for run in runs]
    assert time.monotonic() - started < 120
    shown = subprocess.run([sys.executable, "-m", "deckcli", "show", str(deck), "-f", "json"],
                           env=env, capture_output=True, text=True, check=True).stdout
    in_deck = {row["number"]: row["count"] for group in json.loads(shown)["groups"]
               for row in group["cards"]}
    for number, (code, out, err) in zip(numbers, results, strict=True):
        assert "Traceback" not in err
        if code == 0:
            assert f"({number}): 0 → 1" in out and in_deck.get(number) == 1
        else:  # a clear refusal, and then the card is not in the deck
            assert code == 1 and "being edited by another deckcli command" in err, err
            assert number not in in_deck
    assert sorted(in_deck) == sorted(numbers)  # the lock waits long enough for all of them
    assert sorted(os.listdir(tmp_path)) == ["deck.toml"]  # no lock or temporary file left


def test_a_held_lock_makes_an_edit_wait_then_fail_clearly(cli, tmp_path, monkeypatch):
    deck = tmp_path / "deck.toml"
    deck.write_bytes(DECK.read_bytes())
    monkeypatch.setattr(fileio, "LOCK_TIMEOUT", 0.3)
    fd = os.open(tmp_path / ".deck.toml.lock", os.O_RDONLY | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        started = time.monotonic()
        run = cli("add", deck, "1C12")
        assert time.monotonic() - started >= 0.3
    finally:
        os.close(fd)
    assert run.code == 1
    assert "deck.toml is being edited by another deckcli command (still being edited after " \
           "0.3 s); nothing was written — try again" in run.err
    assert deck.read_bytes() == DECK.read_bytes()
    assert cli("add", deck, "1C12").code == 0  # released: the next edit goes through


def test_a_change_made_by_another_program_meanwhile_is_not_overwritten(cli, tmp_path,
                                                                      monkeypatch):
    deck = tmp_path / "deck.toml"
    deck.write_bytes(DECK.read_bytes())
    theirs = DECK.read_bytes() + b'"1C40" = 1\n'
    real_apply = deck_edit.apply_edit
    calls = []

    def apply_while_an_editor_saves(data, deck_model, edit):  # noqa: ANN001, ANN202
        calls.append(1)
        if len(calls) == 2:  # the real edit, under the lock: an editor saves meanwhile
            deck.write_bytes(theirs)
        return real_apply(data, deck_model, edit)

    monkeypatch.setattr(deck_edit, "apply_edit", apply_while_an_editor_saves)
    run = cli("add", deck, "1C12")
    assert run.code == 1
    assert "changed on disk while deckcli was editing it (another program wrote it); nothing " \
           "was written — run the command again" in run.err
    assert deck.read_bytes() == theirs
    assert sorted(os.listdir(tmp_path)) == ["deck.toml"]


def link_to(tmp_path: Path, data: bytes) -> tuple[Path, Path]:
    real = tmp_path / "real" / "deck.toml"
    real.parent.mkdir()
    real.write_bytes(data)
    link = tmp_path / "link.toml"
    link.symlink_to(Path("real") / "deck.toml")
    return real, link


@pytest.mark.parametrize("command", [["add", "{link}", "1C12"], ["remove", "{link}", "1C8"],
                                     ["fmt", "{link}"]])
def test_an_edit_through_a_link_writes_its_target_and_keeps_the_link(cli, tmp_path, command):
    data = DECK.read_bytes() if command[0] != "fmt" else EMPTY.encode() + b'"cybersword" = 4\n'
    real, link = link_to(tmp_path, data)
    run = cli(*[part.format(link=link) for part in command])
    assert run.code == 0, run.err
    assert link.is_symlink() and os.readlink(link) == str(Path("real") / "deck.toml")
    assert real.read_bytes() != data and link.read_bytes() == real.read_bytes()


@pytest.mark.parametrize("command", [["check", str(DECK), "-f", "json", "-o", "{link}"],
                                     ["check", str(DECK), "-f", "sarif", "-o", "{link}"],
                                     ["export", str(DECK), "-o", "{link}"],
                                     ["import", "megaman", str(TEXT_LIST), "-o", "{link}",
                                      "--force"]])
def test_an_output_file_that_is_a_link_is_replaced_never_written_through(cli, tmp_path, command):
    """A pull request commits `report.sarif -> ~/bin/tool`; the workflow writes its report
    there. The tool stays as it was; the link becomes an ordinary file holding the report."""
    tool = tmp_path / "bin" / "tool"
    tool.parent.mkdir()
    tool.write_bytes(b"#!/bin/sh\necho the real tool\n")
    tool.chmod(0o755)
    link = tmp_path / "repo" / "report.out"
    link.parent.mkdir()
    link.symlink_to(tool)
    run = cli(*[part.format(link=link) for part in command])
    assert run.code == 0, run.err
    assert tool.read_bytes() == b"#!/bin/sh\necho the real tool\n"
    assert stat.S_IMODE(tool.stat().st_mode) == 0o755
    assert not link.is_symlink() and link.read_bytes().startswith((b"{", b"game = ", b"# game:"))
    assert not stat.S_IMODE(link.stat().st_mode) & 0o111  # a new file's mode, not the tool's


def test_a_loop_of_links_is_a_clear_error_for_an_edit(cli, tmp_path):
    (tmp_path / "a.toml").symlink_to("b.toml")
    (tmp_path / "b.toml").symlink_to("a.toml")
    run = cli("new", "megaman", tmp_path / "a.toml")
    assert run.code == 1
    assert "cannot write" in run.err and "symbolic links; the file is unchanged" in run.err


def test_a_report_replaces_a_loop_of_links(cli, tmp_path):
    (tmp_path / "a.json").symlink_to("b.json")
    (tmp_path / "b.json").symlink_to("a.json")
    run = cli("check", DECK, "-f", "json", "-o", tmp_path / "a.json")
    assert run.code == 0, run.err
    assert not (tmp_path / "a.json").is_symlink() and (tmp_path / "b.json").is_symlink()


READ_ONLY_COMMANDS = {
    "add": ["add", "{deck}", "1C12"],
    "remove": ["remove", "{deck}", "1C8"],
    "fmt": ["fmt", "{deck}"],
    "new --force": ["new", "megaman", "{deck}", "--force"],
    "check -o": ["check", str(DECK), "-f", "json", "-o", "{deck}"],
}


@pytest.mark.parametrize("name", sorted(READ_ONLY_COMMANDS))
def test_a_read_only_file_is_refused_whoever_runs_deckcli(cli, tmp_path, name):
    deck = tmp_path / "deck.toml"
    data = (DECK.read_bytes() if name != "fmt"
            else EMPTY.encode() + b'"cybersword" = 4\n"1C8" = 2\n')
    deck.write_bytes(data)
    deck.chmod(0o444)
    run = cli(*[part.format(deck=deck) for part in READ_ONLY_COMMANDS[name]])
    assert run.code == 1
    assert "deck.toml is read-only (mode 0444); deckcli does not write a file its permissions " \
           "protect — make it writable (chmod u+w) to edit it" in run.err
    assert deck.read_bytes() == data and oct(deck.stat().st_mode & 0o777) == "0o444"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_root_editing_another_users_deck_keeps_its_owner(cli, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_bytes(DECK.read_bytes())
    os.chown(deck, 65534, 65534)
    assert cli("add", deck, "1C12").code == 0
    assert (deck.stat().st_uid, deck.stat().st_gid) == (65534, 65534)


def test_sigterm_during_a_write_leaves_no_temporary_or_lock_file(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_bytes(DECK.read_bytes())
    stalled = ("import os, sys, time; os.fsync = lambda fd: time.sleep(60); "
               "from deckcli.cli.app import main; sys.exit(main(sys.argv[1:]))")
    run = subprocess.Popen([sys.executable, "-c", stalled, "add", str(deck), "1C12"],
                           env=deckcli_env(tmp_path), stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not any(name.endswith(".tmp") for name in os.listdir(tmp_path)):
        assert time.monotonic() < deadline and run.poll() is None
        time.sleep(0.02)
    run.send_signal(signal.SIGTERM)
    _, err = run.communicate(timeout=30)
    assert run.returncode == 128 + signal.SIGTERM
    assert "stopped by signal 15" in err and "Traceback" not in err
    assert sorted(os.listdir(tmp_path)) == ["deck.toml"]
    assert deck.read_bytes() == DECK.read_bytes()
