"""`deckcli build` in a real terminal: tmux runs it on a copy of a sample deck, keys are sent as
a player types them, the screen is read back with `capture-pane`, and the saved file is
judged by `deckcli check`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import SAMPLES

pytest.importorskip("textual", reason="deckcli build needs Textual (pip install deckcli[tui])")

TMUX = shutil.which("tmux")
WAIT_SECONDS = 30.0


class Terminal:
    """One tmux session on a private server socket, 80×24."""

    def __init__(self, socket: str) -> None:
        assert TMUX is not None
        self.base = [TMUX, "-L", socket]

    def run(self, *args: str) -> str:
        done = subprocess.run([*self.base, *args], capture_output=True, text=True, timeout=30)
        return done.stdout

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "build")

    def wait_for(self, *words: str) -> str:
        """The screen once it shows every word; fails with the screen after WAIT_SECONDS."""
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            shown = self.screen()
            if all(word in shown for word in words):
                return shown
            if time.monotonic() > deadline:
                pytest.fail(f"the screen never showed {words}:\n{shown}")
            time.sleep(0.2)

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "build", *keys)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    if TMUX is None:
        pytest.skip("tmux is not installed: the real-terminal test of deckcli build needs it")
    term = Terminal(f"deckcli-test-{os.getpid()}-{tmp_path.name}")
    try:
        yield term
    finally:
        term.run("kill-server")


@pytest.mark.slow
def test_build_in_a_real_terminal(terminal: Terminal, tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    shutil.copyfile(SAMPLES / "megaman" / "starter-megaman.toml", deck)
    command = f"{sys.executable} -m deckcli build deck.toml; echo BUILD-EXIT=$?; sleep 30"
    env = {**os.environ, "TERM": "xterm-256color"}
    subprocess.run([*terminal.base, "new-session", "-d", "-s", "build", "-x", "80", "-y", "24",
                    "-c", str(tmp_path), command], check=True, env=env, timeout=30)
    first = terminal.wait_for("60/60", "✓ legal")
    assert "MegaMan starter" in first.splitlines()[0]
    terminal.keys("CyberSword")
    shown = terminal.wait_for("1C12", "CyberSword", "1 card")
    assert "1C40" not in shown  # only the card typed
    terminal.keys("Enter")
    shown = terminal.wait_for("61/60", "✗ illegal", "unsaved")
    assert "deck-size" in shown
    terminal.keys("C-s")
    terminal.wait_for("saved")
    terminal.keys("C-q")
    terminal.wait_for("BUILD-EXIT=0")
    check = subprocess.run([sys.executable, "-m", "deckcli", "check", str(deck), "--format",
                            "text", "--no-cache"], capture_output=True, text=True, timeout=60)
    assert check.returncode == 1
    assert "deck-size" in check.stdout and "61 cards" in check.stdout
    assert "CyberSword = 1" in deck.read_text(encoding="utf-8")
    assert "# Resource (29)" in deck.read_text(encoding="utf-8")  # comments kept
