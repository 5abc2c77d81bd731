"""Configuration files are read as deck files are: regular files only, without blocking, size
capped. A `pyproject.toml` that is a FIFO (or a link to /dev/stdin) never hangs a run."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import REPO, SAMPLES


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("name", ["pyproject.toml", "deckcli.toml"])
def test_a_fifo_named_like_a_config_file_never_hangs_the_run(tmp_path, name):
    os.mkfifo(tmp_path / name)
    deck = tmp_path / "d.toml"
    deck.write_bytes((SAMPLES / "megaman" / "starter-megaman.toml").read_bytes())
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-m", "deckcli", "check", str(deck), "--format",
                          "json"], env=env, capture_output=True, text=True, timeout=60,
                         stdin=subprocess.PIPE)  # stdin held open, as in the issue
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr


def test_a_config_larger_than_the_cap_is_a_usage_error_naming_it(cli, tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.deckcli]\n" + "#" * 1_000_001 + "\n",
                                             encoding="utf-8")
    deck = tmp_path / "d.toml"
    deck.write_bytes((SAMPLES / "megaman" / "starter-megaman.toml").read_bytes())
    run = cli("check", deck)
    assert run.code == 2 and "pyproject.toml" in run.err and "1,000,000 bytes" in run.err
