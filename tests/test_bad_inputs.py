"""The catalogue of bad input: every file in tests/bad_inputs/ gets its rule, message and exit.

The expectations live beside the files in `bad_inputs/expected.toml`; the cases that are not
files (missing paths, folders, permissions, FIFOs, symbolic links, odd file names) follow.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
import tomllib
from pathlib import Path

import pytest

from conftest import SAMPLES, toml_deck
from deckcli.formats import read
from deckcli.formats.entries import MAX_ENTRIES
from deckcli.formats.textread import parse_text_deck
from deckcli.model.deck import Deck

BAD_INPUTS = Path(__file__).parent / "bad_inputs"
EXPECTED = tomllib.loads((BAD_INPUTS / "expected.toml").read_text(encoding="utf-8"))
LEGAL_DECK = SAMPLES / "megaman" / "starter-megaman.toml"
# a guard against a hang or a blow-up, in CPU seconds of this process (commands run in it):
# generous (the slowest case takes about one), and blind to other jobs sharing the machine,
# which made a wall-clock bound fail under load
SECONDS_PER_FILE = 5
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file system features")


def test_every_file_has_an_expectation():
    files = {path.name for path in BAD_INPUTS.iterdir()} - {"expected.toml"}
    assert files == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_input(cli, name):
    expected = EXPECTED[name]
    started = time.process_time()
    run = cli("check", BAD_INPUTS / name, "--format", "json")
    assert time.process_time() - started < SECONDS_PER_FILE
    assert "Traceback" not in run.err and run.err == ""
    assert run.code == expected["exit"], run.out
    [deck] = run.json()["decks"]
    if "rule" not in expected:
        assert deck["legal"] and deck["problems"] == [], deck["problems"]
        return
    found = [p for p in deck["problems"]
             if p["rule"] == expected["rule"] and expected["message"] in p["message"]]
    assert found, deck["problems"]
    assert found[0]["line"] == expected.get("line")


def test_a_path_that_does_not_exist(cli, tmp_path):
    run = cli("check", tmp_path / "nowhere.toml")
    assert run.code == 2 and run.out == ""
    assert run.err == f"deckcli: error: no such file or folder: {tmp_path / 'nowhere.toml'}\n"


def test_a_folder_without_decks(cli, tmp_path):
    (tmp_path / "notes.md").write_text("not a deck\n")
    run = cli("check", tmp_path, "--format", "json")
    [note] = run.json()["notes"]
    assert run.code == 1 and run.json()["decks"] == [] and note["rule"] == "no-decks"
    assert f"no deck files (*.toml, *.txt, *.list, *.dek, *.csv, *.json) under {tmp_path}" \
        in note["message"]
    assert "deckcli: error: no deck files (*.toml, *.txt, *.list" in run.err


def test_a_file_over_the_size_limit(cli, tmp_path):
    path = tmp_path / "huge.toml"
    path.write_bytes(b"# padding\n" * (read.MAX_FILE_BYTES // 10 + 1))
    [problem] = cli("check", path, "--format", "json").json()["decks"][0]["problems"]
    assert problem["rule"] == "file-too-large"
    assert problem["message"].startswith("more than 2,000,000 bytes; deck files are at most")


def test_an_unreadable_file_simulated(cli, write_deck, monkeypatch):
    """CI runs as root, where chmod 000 does not stop reading: the refusal is simulated."""
    path = write_deck("locked.toml", toml_deck("megaman", {"1C12": 4}))
    real_open = os.open

    def refuse(target, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202 - os.open's own
        if Path(target) == path:
            raise PermissionError(13, "Permission denied", str(target))
        return real_open(target, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    run = cli("check", path, "--format", "json")
    [problem] = run.json()["decks"][0]["problems"]
    assert run.code == 1 and problem["rule"] == "unreadable"
    assert problem["message"] == "cannot read the file: Permission denied"


@posix_only
@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads anything")
def test_an_unreadable_file_for_real(cli, write_deck):
    path = write_deck("locked.toml", toml_deck("megaman", {"1C12": 4}))
    path.chmod(0)
    try:
        problem = cli("check", path, "--format", "json").json()["decks"][0]["problems"][0]
    finally:
        path.chmod(0o644)
    assert (problem["rule"], problem["message"]) == (
        "unreadable", "cannot read the file: Permission denied")


@posix_only
def test_a_fifo_named_like_a_deck_does_not_block(cli, tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    shutil.copy(LEGAL_DECK, tmp_path / "deck.toml")
    for target in (fifo, tmp_path):  # named, and found in a folder scan
        decks = cli("check", target, "--format", "json").json()["decks"]
        pipe = next(deck for deck in decks if deck["path"].endswith("pipe.toml"))
        assert pipe["problems"][0]["message"] == "cannot read the file: not a regular file"


@posix_only
def test_a_symlink_loop_in_a_folder_scan_ends_and_lists_each_deck_once(cli, tmp_path):
    (tmp_path / "decks" / "sub").mkdir(parents=True)
    shutil.copy(LEGAL_DECK, tmp_path / "decks" / "a.toml")
    shutil.copy(LEGAL_DECK, tmp_path / "decks" / "sub" / "b.toml")
    os.symlink(tmp_path / "decks", tmp_path / "decks" / "sub" / "up")  # a folder to its parent
    os.symlink("self.toml", tmp_path / "decks" / "self.toml")  # a link to itself
    run = cli("check", tmp_path / "decks", "--format", "json")
    paths = sorted(Path(deck["path"]).name for deck in run.json()["decks"])
    assert run.code == 0 and paths == ["a.toml", "b.toml"]


@posix_only
def test_a_folder_scan_does_not_follow_links_out_of_the_folder(cli, tmp_path):
    outside = tmp_path / "secrets"
    outside.mkdir()
    (outside / "passwords.txt").write_text("root:hunter2\n")
    decks = tmp_path / "decks"
    decks.mkdir()
    shutil.copy(LEGAL_DECK, decks / "a.toml")
    os.symlink(outside, decks / "elsewhere")
    os.symlink(outside / "passwords.txt", decks / "list.txt")
    run = cli("check", decks, "--format", "json")
    assert [Path(deck["path"]).name for deck in run.json()["decks"]] == ["a.toml"]
    assert "hunter2" not in run.out
    named = cli("check", decks / "list.txt", "--game", "megaman", "--format", "json")
    assert named.json()["decks"][0]["problems"][0]["rule"] == "text-syntax"  # named: read


@posix_only
@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses names that are not UTF-8")
def test_file_names_that_are_not_utf8_or_hold_control_characters(cli, tmp_path):
    folder = os.fsencode(tmp_path)
    for name in (b"\xff\xfe.toml", b"new\nline\x1b[2J.toml"):
        with open(os.path.join(folder, name), "wb") as handle:
            handle.write(LEGAL_DECK.read_bytes())
    for output_format in ("json", "rich", "github", "sarif", "junit", "markdown", "text"):
        run = cli("check", tmp_path, "--format", output_format, "-o", tmp_path / "report")
        assert run.code == 0, (output_format, run.err)
    paths = sorted(deck["path"] for deck in cli("check", tmp_path, "--format", "json").json()
                   ["decks"])
    assert [Path(path).name for path in paths] == ["new\\x0aline\\x1b[2J.toml", "\ufffd\ufffd.toml"]


def test_a_million_entries_stay_bounded(cli, tmp_path):
    lines = "".join(f"1 card {number}\n" for number in range(10**6))
    started = time.process_time()
    deck, problems = parse_text_deck("# game: megaman\n" + lines, Deck(path="x"))
    assert len(deck.entries) == MAX_ENTRIES and problems[-1].rule == "too-many-entries"
    path = tmp_path / "million.toml"
    path.write_text('game = "megaman"\n[cards]\n' + lines.replace("1 card ", '"c').replace(
        "\n", '" = 1\n'))
    [problem] = cli("check", path, "--format", "json").json()["decks"][0]["problems"]
    assert problem["rule"] == "file-too-large"
    assert time.process_time() - started < SECONDS_PER_FILE


# Every command that reads a deck answers the same files without a traceback or exit 3.
OTHER_COMMANDS = {
    "show": ["show", "{deck}"],
    "add": ["add", "{deck}", "1C12"],
    "remove": ["remove", "{deck}", "1C12"],
    "fmt": ["fmt", "{deck}"],
    "export": ["export", "{deck}", "-f", "json"],
    "diff": ["diff", str(LEGAL_DECK), "{deck}"],
    "import": ["import", "megaman", "{deck}", "-o", "{out}", "--force"],
    "draw": ["draw", "{deck}", "-w", "1C12", "-t", "2"],
}
KNOWN_BUGS: set[tuple[str, str]] = set()  # (command, file) pairs that still fail
NOT_RUN = {
    *((command, name) for command in OTHER_COMMANDS  # 5,000 unknown cards: covered by check
      for name in ("too-many-entries.toml", "too-many-entries.txt")),
}


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(OTHER_COMMANDS))
def test_other_commands_answer_bad_input(cli, tmp_path, command):
    failing = set()
    for name in sorted(set(EXPECTED) - {name for cmd, name in NOT_RUN if cmd == command}):
        deck = tmp_path / name
        shutil.copy(BAD_INPUTS / name, deck)
        argv = [part.format(deck=deck, out=tmp_path / "out.toml")
                for part in OTHER_COMMANDS[command]]
        started = time.process_time()
        run = cli(*argv)
        assert time.process_time() - started < SECONDS_PER_FILE, name
        if run.code not in (0, 1, 2) or "Traceback" in run.err:
            failing.add((command, name))
    assert failing == {case for case in KNOWN_BUGS if case[0] == command}
