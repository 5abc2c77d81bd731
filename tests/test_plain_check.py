"""A plain `check` command line is read without typer (`cli.entry`), into the very values
typer gives the command; any other is read by typer, as always. Typer itself is never
imported by such a check."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import SAMPLES
from deckcli.cli import app as typer_app
from deckcli.cli import check_run, entry, runopts

DECK = str(SAMPLES / "megaman" / "illegal-five-copies.toml")


def typer_reading(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> Any:
    """What typer gives `check` for a command line: (global options, values), or the exit
    status of a command line it refuses."""
    seen: list[Any] = []

    def capture(paths: list[Path], **values: Any) -> int:
        seen.append(((runopts.global_pools(), runopts.global_allow_outside(),
                      runopts.global_isolated()), {**values, "paths": paths}))
        return 0

    with monkeypatch.context() as patch:
        patch.setattr(check_run, "run_check", capture)
        status = typer_app.main(list(args))
    return seen[0] if seen else status


def plain_reading(args: list[str]) -> Any:
    words = list(args)
    entry.take_flag(words, "--debug")
    return entry.plain_check(words)


VALUES = ["a.toml", "decks/", "json", "text", "~/x.toml", "3", "007", "0", "x=y", "say hi",
          "-v", "-", "", "--", "٣", "+2", "check", "d\\e.toml", "ドラゴン.toml"]
CHECK_WORDS = [*entry.CHECK_OPTIONS, "--format=json", "--jobs=2", "-j3", "-fjson", "-f=json",
               "--strict=true", "--nope", "-x", "-h", "--help", "--debug", "--lang", "en",
               "--pools", "--version", "--select=copies,deck-size", "--collection=c.csv"]
GLOBAL_WORDS = ["--pools", "--pools=p", "--allow-outside", "--isolated", "--debug", "--lang",
                "es", "-h", "--version", "x", "--nope"]


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.sampled_from([*GLOBAL_WORDS, *VALUES[:3]]), max_size=3),
       st.lists(st.sampled_from([*CHECK_WORDS, *VALUES]), max_size=8))
def test_a_plain_command_line_is_read_as_typer_reads_it(monkeypatch, before, after):
    args = [*before, "check", *after]
    plain = plain_reading(args)
    if plain is None:
        return  # typer reads it (or refuses it), as always
    assert typer_reading(monkeypatch, args) == plain


@pytest.mark.parametrize("args", [
    ["check", "a.toml"],
    ["check", "decks", "b.txt", "--format", "json", "--jobs", "1"],
    ["--pools", "p", "--pools=q", "--allow-outside", "--isolated", "check", "a.toml", "-f",
     "sarif", "-j", "0", "-o", "out.json", "--strict", "--no-strict", "--select", "copies",
     "--select=deck-size", "--ignore", "x", "--exclude", "e/", "--extend-exclude", "f",
     "--force-exclude", "--allow-outside", "--isolated", "--fix", "--no-fix",
     "--unsafe-fixes", "--no-unsafe-fixes", "--fix-only", "--diff", "--verbose",
     "--no-cache", "--collection", "c.csv", "--collection=d.csv", "--game", "megaman",
     "-g", "orbs", "--deck-format", "standard", "--output=o.txt", "--jobs=12"],
    ["--debug", "check", "--lang", "es", "a.toml", "--card-lang", "ja"],
])
def test_the_usual_command_lines_are_read_without_typer(monkeypatch, args):
    plain = plain_reading(args)
    assert plain is not None
    assert typer_reading(monkeypatch, args) == plain


def test_every_option_of_check_is_known_to_the_plain_reader():
    import typer.main

    from deckcli.cli import check  # noqa: F401  (registers the command)

    params = typer.main.get_command(typer_app.app).commands["check"].params  # type: ignore
    names = {name for param in params if param.name != "paths"
             for name in (*param.opts, *param.secondary_opts) if name not in ("-h", "--help")}
    assert names == set(entry.CHECK_OPTIONS)
    keywords = {param.name for param in params} - {"paths"}
    assert keywords == set(entry.CHECK_DEFAULTS)


def run_deckcli(*args: str, probe: bool = False) -> subprocess.CompletedProcess[str]:
    code = ("import runpy, sys; sys.argv[0] = 'deckcli'\n"
            "try:\n    runpy.run_module('deckcli', run_name='__main__')\n"
            "finally:\n    print(json.dumps(sorted(m for m in sys.modules if m.startswith("
            "('typer', 'click')))), file=sys.stderr)\n")
    argv = [sys.executable, "-c", "import json\n" + code, *args] if probe else \
        [sys.executable, "-m", "deckcli", *args]
    return subprocess.run(argv, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NO_COLOR": "1"})


def test_a_plain_check_imports_no_typer_and_reports_as_typer_does(cli, tmp_path):
    out = tmp_path / "report.json"
    plain = run_deckcli("check", DECK, "--format", "json", "-o", str(out), probe=True)
    assert json.loads(plain.stderr.strip().splitlines()[-1]) == []
    assert plain.returncode == 1
    written = out.read_text(encoding="utf-8")
    out.unlink()
    through_typer = cli("check", DECK, "--format", "json", "-o", out)
    assert through_typer.code == 1 and out.read_text(encoding="utf-8") == written


@pytest.mark.parametrize("args", [
    ["check", DECK, "--format", "nosuch"],  # a usage error of deckcli's own
    ["check", DECK, "--jobs", "-1"],  # one typer refuses
    ["check", "--help"],
    ["check"],
    ["check", str(Path("no") / "such.toml")],
    ["--lang", "xx", "check", DECK],
])
def test_any_other_command_line_ends_as_through_typer(cli, args):
    plain = run_deckcli(*args)
    through_typer = cli(*args)
    assert (plain.returncode, plain.stdout, plain.stderr) == (
        through_typer.code, through_typer.out, through_typer.err)
