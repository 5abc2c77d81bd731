"""Every --help at 80 columns: examples, no type tags; shell completion through typer's script."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SAMPLES
from deckcli.cli.app import main

COMMANDS = ["", "check", "cards", "games", "rules", "new", "add", "remove", "fmt", "schema",
            "show", "import", "export", "diff", "draw", "pool", "pool check", "lsp", "config"]
TYPE_TAG = re.compile(r"<(bool|str|int|float|path|list\[[^\]]*\])[^>]*>|\{[a-z_]+\}")


@pytest.mark.parametrize("command", COMMANDS)
def test_help_has_examples_and_no_type_tags(cli, monkeypatch, command):
    monkeypatch.setenv("COLUMNS", "80")
    run = cli(*command.split(), "--help")
    assert run.code == 0
    assert "Examples:" in run.out
    assert any(line.strip().startswith("deckcli ") for line in run.out.splitlines()
               if "Usage" not in line)
    assert not TYPE_TAG.search(run.out), TYPE_TAG.search(run.out)
    assert max(len(line) for line in run.out.splitlines()) <= 80


def test_check_help_names_every_exit_status(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    text = " ".join(cli("check", "--help").out.split())
    for status in ("0 every deck legal", "1 a deck is illegal", "2 usage error",
                   "3 internal error"):
        assert status in text


def test_usage_line_names_arguments_in_capitals(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    assert "Usage: deckcli add [OPTIONS] PATH CARD [COUNT]" in cli("add", "--help").out
    assert "Usage: deckcli draw [OPTIONS] DECK..." in cli("draw", "--help").out


def complete(words: str, env: dict[str, str] | None = None) -> list[str]:
    """What bash completion offers for `words` (the last word is being typed), asked of
    `main` in this process as the shell asks it of `deckcli` (through the environment)."""
    parts = re.findall(r"'[^']*'?|\S+", words)  # as the shell splits them
    cword = len(parts) - (0 if words.endswith(" ") else 1)
    asked = {"COMP_WORDS": words, "COMP_CWORD": str(cword),
             "_DECKCLI_COMPLETE": "complete_bash", **(env or {})}
    saved = {key: os.environ.get(key) for key in asked}
    os.environ.update(asked)
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            code = main([])
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    assert code == 0, code
    return [line for line in out.getvalue().splitlines() if line]


def test_completion_of_game_format_and_rule_ids():
    assert complete("deckcli check --game d") == ["digi-battle", "digimon-classic"]
    assert complete("deckcli check -g haikyu --deck-format ") == ["break"]
    assert "ultimate-battle" in complete("deckcli check --deck-format ")
    assert complete("deckcli check x --select deck-size,netn") == ["deck-size,netnavi-count"]


def test_completion_of_card_names_of_the_decks_game():
    deck = SAMPLES / "megaman" / "starter-megaman.toml"
    assert complete(f"deckcli add {deck} CyberS") == ["CyberSword"]
    offered = complete(f"deckcli draw {deck} --want Cyber")
    assert "CyberSword" in offered and 0 < len(offered) <= 50
    assert complete(f"deckcli draw {deck} -w '2 CyberS") == ["'2 CyberSword'"]  # quote closed
    assert complete(f"deckcli draw {deck} --playable CyberS") == ["CyberSword"]
    assert complete(f"deckcli remove {Path('no-such.toml')} Cyber") == []


def test_completion_script_is_on(tmp_path):
    done = subprocess.run([sys.executable, "-m", "deckcli", "--show-completion", "bash"],
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True,
                          text=True, timeout=60)
    assert "_DECKCLI_COMPLETE=complete_bash" in done.stdout


def click_commands() -> list[tuple[str, object]]:
    import typer

    from deckcli.cli.app import _register_commands, app

    _register_commands([])
    found = []

    def walk(command: object, path: str) -> None:
        found.append((path, command))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}")

    walk(typer.main.get_command(app), "deckcli")
    return found


def test_every_value_has_a_metavar():
    for path, command in click_commands():
        for param in command.params:
            if param.param_type_name == "argument" or not param.is_flag:
                assert param.metavar, (path, param.name)


def test_help_does_not_patch_typer(cli):
    from typer import core

    assert cli("check", "--help").code == 0
    for kind in (core.TyperArgument, core.TyperOption):
        for name in ("display_type_rich", "_get_number_range_help_str"):
            assert getattr(kind, name).__module__ == "typer.core", (kind, name)
    assert core.TyperArgument._usage_display_name.__module__ == "typer.core"


def test_typer_and_rich_within_the_pins():
    import tomllib
    from importlib.metadata import version

    from packaging.requirements import Requirement

    pins = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    for line in pins["project"]["dependencies"]:
        requirement = Requirement(line)
        if requirement.name in ("typer", "rich"):
            assert "<" in str(requirement.specifier), line  # an upper bound
            assert requirement.specifier.contains(version(requirement.name)), line


@pytest.mark.parametrize("command", ["check", "config"])
def test_tool_deckcli_is_printed_not_taken_for_markup(cli, monkeypatch, command):
    monkeypatch.setenv("COLUMNS", "80")
    assert "[tool.deckcli]" in " ".join(cli(command, "--help").out.split())


@pytest.mark.parametrize("width", [40, 80])
@pytest.mark.parametrize("command", COMMANDS)
def test_help_never_cuts_an_option_name(cli, monkeypatch, command, width):
    monkeypatch.setenv("COLUMNS", str(width))
    out = cli(*command.split(), "--help").out
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= width
    words = {word.strip(",") for line in out.splitlines() for word in line.split()}
    for path, click_command in click_commands():
        if path.removeprefix("deckcli").strip() == command:
            for param in click_command.params:
                for name in (*getattr(param, "opts", ()), *getattr(param, "secondary_opts", ())):
                    assert param.param_type_name == "argument" or name in words, name


def test_command_summaries_are_one_line_each(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    lines = cli("--help").out.splitlines()
    row = next(line for line in lines if line.startswith("│ import "))
    assert row.rstrip(" │").endswith("into a TOML deck with cards resolved.")
