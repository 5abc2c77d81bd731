"""A run imports only the module of the command it invokes; help, a mistyped command and
shell completion still see every command."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import SAMPLES
from deckcli.cli.app import COMMAND_MODULES, MODULE_OF

DECK = str(SAMPLES / "megaman" / "starter-megaman.toml")
PROBE = """
import json, sys
from deckcli.cli.app import main
code = main(sys.argv[1:])
loaded = sorted(m.rsplit(".", 1)[1] for m in sys.modules if m.startswith("deckcli.cli."))
textual = sorted(m for m in sys.modules if m == "textual" or m.startswith(("textual.",
                                                                           "deckcli.tui")))
print(json.dumps({"code": code, "loaded": loaded, "textual": textual}), file=sys.stderr)
"""


def probe(*args: str, env: dict[str, str] | None = None) -> tuple[dict[str, object], str]:
    run = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                         env={**os.environ, **(env or {})}, timeout=120)
    return json.loads(run.stderr.strip().splitlines()[-1]), run.stdout


def test_every_command_is_mapped_to_its_module():
    assert set(MODULE_OF.values()) == set(COMMAND_MODULES)


@pytest.mark.parametrize("args", [["check", DECK, "--format", "text", "--no-cache"],
                                  ["--pools", str(SAMPLES), "games", "--format", "json"],
                                  ["cards", "megaman", "type:NetNavi", "--format", "json"]])
def test_a_command_imports_its_own_module_only(args):
    found, _ = probe(*args)
    command = next(arg for arg in args if not arg.startswith("-") and arg != str(SAMPLES))
    commands = set(found["loaded"]) & set(COMMAND_MODULES)
    assert commands == {MODULE_OF[command]}


def test_help_lists_every_command():
    found, out = probe("--help")
    assert set(COMMAND_MODULES) <= set(found["loaded"])
    for command in MODULE_OF:
        assert command in out


def test_a_typo_is_still_answered_with_the_command_meant():
    run = subprocess.run([sys.executable, "-m", "deckcli", "chek", DECK], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 2 and "check" in run.stderr


def test_completion_sees_every_command():
    found, out = probe(env={"_DECKCLI_COMPLETE": "complete_bash", "COMP_WORDS": "deckcli d",
                            "COMP_CWORD": "1"})
    assert set(COMMAND_MODULES) <= set(found["loaded"])
    assert "draw" in out and "diff" in out


@pytest.mark.parametrize("args", [["check", DECK, "--format", "text", "--no-cache"],
                                  ["show", DECK, "--format", "text"],
                                  ["build", "--help"], ["--help"]])
def test_textual_is_imported_by_build_alone(args):
    """Textual (the builder's screen) costs start-up time: no other command imports it, nor
    does build's help; only running the builder does."""
    found, _ = probe(*args)
    assert found["code"] == 0
    assert found["textual"] == []
