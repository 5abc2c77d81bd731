"""Writes that fail half-way: the old file survives byte for byte and no temporary file stays.

Every command that writes a file (add, remove, fmt, new --force, import -o, export -o,
check -o) is run while the disk "fills up" in the middle of the temporary file, while the
final rename fails, and while an interrupt arrives mid-write.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from conftest import SAMPLES
from deckcli.io import files as fileio

TOML_DECK = SAMPLES / "megaman" / "starter-megaman.toml"
TEXT_DECK = SAMPLES / "megaman" / "starter-torchman.txt"
UNFORMATTED = 'game = "megaman"\n[cards]\n"cybersword" = 4\n"1C8" = 2\n'


class HalfWrittenFile:
    """A file object that writes half of what it is given, then reports a full disk."""

    def __init__(self, handle, interrupt: bool) -> None:  # noqa: ANN001 - a binary file
        self._handle = handle
        self._interrupt = interrupt

    def __enter__(self) -> HalfWrittenFile:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._handle.close()

    def write(self, data: bytes) -> int:
        self._handle.write(data[: len(data) // 2])
        self._handle.flush()
        if self._interrupt:
            raise KeyboardInterrupt
        raise OSError(errno.ENOSPC, "No space left on device")


def fail_half_way(monkeypatch: pytest.MonkeyPatch, interrupt: bool = False) -> None:
    real_fdopen = os.fdopen
    monkeypatch.setattr(fileio.os, "fdopen", lambda fd, mode: HalfWrittenFile(
        real_fdopen(fd, mode), interrupt))


def fail_rename(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(source: str, target: str) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(fileio.os, "replace", refuse)


FAILURES = {"disk full half-way": fail_half_way, "rename fails": fail_rename}


def commands(folder: Path) -> dict[str, tuple[Path, bytes, list[str]]]:
    """name -> (the file that must survive, its bytes, the command that would rewrite it)."""
    deck = folder / "deck.toml"
    text = folder / "list.txt"
    messy = folder / "messy.toml"
    target = folder / "existing.txt"
    files = {deck: TOML_DECK.read_bytes(), text: TEXT_DECK.read_bytes(),
             messy: UNFORMATTED.encode(), target: b"an earlier report\n"}
    for path, data in files.items():
        path.write_bytes(data)
    return {
        "add to TOML": (deck, files[deck], ["add", str(deck), "1C12", "1"]),
        "remove from TOML": (deck, files[deck], ["remove", str(deck), "1C8", "1"]),
        "add to a text list": (text, files[text], ["add", str(text), "CyberSword", "1"]),
        "fmt": (messy, files[messy], ["fmt", str(messy)]),
        "new --force": (deck, files[deck], ["new", "megaman", str(deck), "--force"]),
        "import -o --force": (target, files[target],
                              ["import", "megaman", str(text), "-o", str(target), "--force"]),
        "export -o": (target, files[target], ["export", str(deck), "-o", str(target)]),
        "check -o": (target, files[target], ["check", str(deck), "-f", "json", "-o", str(target)]),
    }


COMMANDS = [
    "add to TOML", "remove from TOML", "add to a text list", "fmt", "new --force",
    "import -o --force", "export -o", "check -o",
]


@pytest.mark.parametrize("failure", sorted(FAILURES))
@pytest.mark.parametrize("command", COMMANDS)
def test_a_failed_write_changes_nothing(cli, tmp_path, monkeypatch, command, failure):
    survivor, before, argv = commands(tmp_path)[command]
    listing = sorted(path.name for path in tmp_path.iterdir())
    FAILURES[failure](monkeypatch)
    run = cli(*argv)
    assert run.code == 1, (run.out, run.err)
    assert "Traceback" not in run.err and f"cannot write {survivor}" in run.err
    assert survivor.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == listing  # no temporary file


def test_an_interrupt_half_way_leaves_the_old_file(cli, tmp_path, monkeypatch):
    survivor, before, argv = commands(tmp_path)["add to TOML"]
    listing = sorted(path.name for path in tmp_path.iterdir())
    fail_half_way(monkeypatch, interrupt=True)
    run = cli(*argv)
    assert run.code == 130 and survivor.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == listing


def test_the_same_commands_write_when_the_disk_is_fine(cli, tmp_path):
    for name, (survivor, before, argv) in commands(tmp_path).items():
        run = cli(*argv)
        assert run.code in (0, 1) and "Traceback" not in run.err, name
        if run.code == 0 and name != "check -o":
            assert survivor.read_bytes() != before, name
