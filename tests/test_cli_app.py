"""The top-level handler: a bug deep inside becomes one line and exit 3; --debug shows it."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap

import pytest

from conftest import REPO, SAMPLES
from deckcli.cli import app
from deckcli.engine import check as checker

DECK = SAMPLES / "megaman" / "starter-megaman.toml"


def explode(*args: object, **kwargs: object) -> None:
    raise ValueError("boom\nsecond line of the message")


def test_an_unexpected_error_is_one_line_and_exit_3(cli, monkeypatch):
    monkeypatch.setattr(checker, "run_rules", explode)
    run = cli("check", DECK)
    assert run.code == 3 and run.out == ""
    assert run.err == ("deckcli: error: internal error: ValueError: boom — this is a bug; rerun "
                       "with --debug and report the traceback\n")


@pytest.mark.parametrize("args", [("--debug", "check", DECK), ("check", "--debug", DECK),
                                  ("check", DECK, "--debug")])
def test_debug_lets_the_traceback_through_before_or_after_the_command(cli, monkeypatch, args):
    monkeypatch.setattr(checker, "run_rules", explode)
    with pytest.raises(ValueError, match="boom"):
        cli(*args)


def test_debug_after_a_double_dash_is_an_argument_not_the_option(cli):
    run = cli("check", DECK, "--", "--debug")
    assert run.code == 2 and "--debug" in run.err


def test_debug_prints_the_traceback_from_the_command_line():
    script = textwrap.dedent("""
        import sys
        from deckcli.engine import check as checker
        from deckcli.cli.app import main
        def explode(*args, **kwargs):
            raise ValueError("boom")
        checker.run_rules = explode
        sys.exit(main(sys.argv[1:]))
    """)
    base = [sys.executable, "-c", script]
    # --no-cache: a verdict cached by an earlier test would skip the rules that explode
    quiet = subprocess.run([*base, "check", "--no-cache", str(DECK)], capture_output=True,
                           text=True, cwd=REPO)
    loud = subprocess.run([*base, "--debug", "check", "--no-cache", str(DECK)],
                          capture_output=True, text=True, cwd=REPO)
    assert quiet.returncode == 3 and "Traceback" not in quiet.stderr
    assert loud.returncode == 1 and "Traceback (most recent call last)" in loud.stderr
    assert "ValueError: boom" in loud.stderr


def test_a_broken_command_module_is_an_internal_error_too(cli, monkeypatch):
    def broken_import(args: object) -> None:
        raise ImportError("cannot import name 'x'")

    monkeypatch.setattr(app, "_register_commands", broken_import)
    run = cli("check", DECK)
    assert run.code == 3 and run.err.count("\n") == 1 and "ImportError" in run.err


def test_output_never_fails_on_a_console_that_cannot_show_it(monkeypatch):
    """A strict ASCII console (legacy Windows, PYTHONIOENCODING=ascii) still gets the report."""
    raw = io.BytesIO()
    console = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    monkeypatch.setattr(sys, "stdout", console)
    code = app.main(["check", str(SAMPLES / "megaman" / "illegal-59-cards.toml"), "-f", "rich"])
    console.flush()
    assert code == 1 and b"\\u2717 illegal" in raw.getvalue()
