"""The default (rich) format off a terminal is written without rich, byte for byte as rich
writes it: every sample, hostile and odd decks, and generated text are rendered by both
writers and compared; subprocesses show that a pipe imports no rich module and that a
terminal, FORCE_COLOR or TTY_COMPATIBLE=1 still get rich's styles."""

from __future__ import annotations

import io
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SAMPLES, TEST_POOLS, toml_deck
from deckcli.model.problem import Problem
from deckcli.model.result import CheckResult, DeckResult
from deckcli.report import plain_report, rich_report

SAMPLE_FILES = sorted(path for path in SAMPLES.rglob("*") if path.is_file())
ODD = ("[bold]x[/bold] [/] \\[red] :smile: 日本語のデッキ 카드 🃏 👨‍👩‍👧 🇯🇵 e\u0301 "
       "\u200b\u200d\ufe0f ｆｕｌｌ ½ \u00ad \x1b[31m \x9b \t \r \x07 \x08 \x0b \x0c "
       "\u2028 \x7f trailing   ")


def both(result: CheckResult) -> tuple[str, str]:
    """(what rich writes to a pipe, what the plain writer writes) for one result."""
    rich_out, plain_out = io.StringIO(), io.StringIO()
    rich_report.render(result, rich_out, False)
    plain_report.render(result, plain_out, False)
    return rich_out.getvalue(), plain_out.getvalue()


def check_both(cli, monkeypatch, *args: str | Path) -> str:
    """`deckcli check ARGS` with the plain writer and with rich's renderer in its place:
    the same exit code, stderr and stdout bytes; returns the output."""
    plain = cli("check", *args)
    with monkeypatch.context() as patch:
        patch.setattr("deckcli.report.PLAIN", "deckcli.report.rich_report")
        rich = cli("check", *args)
    assert (plain.code, plain.err) == (rich.code, rich.err)
    assert plain.out.encode("utf-8") == rich.out.encode("utf-8")
    return plain.out


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda path: path.name)
def test_every_sample_deck_is_written_as_rich_writes_it(cli, monkeypatch, sample):
    assert check_both(cli, monkeypatch, sample, "--no-cache")


@pytest.mark.parametrize("columns", [None, "20", "80", "300"])
def test_the_samples_folder_at_any_width(cli, monkeypatch, columns):
    if columns:
        monkeypatch.setenv("COLUMNS", columns)
    out = check_both(cli, monkeypatch, SAMPLES, "--strict")
    assert "decks: " in out.splitlines()[-1]
    assert max(len(line) for line in out.splitlines()) > 100  # nothing wrapped off a terminal


def test_a_folder_with_skipped_files_hostile_names_and_notices(cli, monkeypatch, tmp_path,
                                                             write_deck):
    (tmp_path / "deckcli.toml").write_text(f'pools = ["{TEST_POOLS}"]\n', encoding="utf-8")
    write_deck("notice.toml", toml_deck("testgame", {"T-01": 1, "T-02": 3}))  # info, warnings
    cards = {ODD: 3, "[red]" + "very long name " * 12: 9, "x\\": 1}
    for name in ("[bold]red[", "日本語 🃏 deck", "e\u0301\u200d", ":smile:", "tab\there",
                 "esc\x1b[31m", "cr\rlf\nend", "trailing   "):
        write_deck(f"{name}.toml", toml_deck("megaman", cards))
    write_deck("notes.md", "not a deck\n")
    write_deck("data.json", '{"not": "a deck"}\n')
    (tmp_path / "broken.toml").write_bytes(b'game = "megaman"\n[cards\n\xff\n')
    out = check_both(cli, monkeypatch, tmp_path, "--no-cache")
    assert "files skipped" in out and "notice" in out and "[bold]red[" in out
    assert "\x1b" not in out and "\r" not in out
    check_both(cli, monkeypatch, tmp_path / "[bold]red[.toml", "-g", "megaman")


def test_an_output_file_is_the_same_bytes(cli, monkeypatch, tmp_path):
    written = {}
    for writer in ("deckcli.report.plain_report", "deckcli.report.rich_report"):
        monkeypatch.setattr("deckcli.report.PLAIN", writer)
        target = tmp_path / f"{writer}.txt"
        assert cli("check", SAMPLES / "haikyu", "-o", target).code == 1
        written[writer] = target.read_bytes()
    assert written["deckcli.report.plain_report"] == written["deckcli.report.rich_report"]


def odd_result(texts: list[str], skipped: int) -> CheckResult:
    """Decks and problems whose every field holds one of `texts`."""
    decks = []
    for index, text in enumerate(texts):
        problems = [Problem(rule=text, message=f"{text} " * (index % 4), severity=severity,
                            line=line)
                    for severity, line in zip(("error", "warning", "info"), (None, 0, index),
                                              strict=True)][: index % 4]
        decks.append(DeckResult(path=text, game=text or None, format=texts[-index - 1] or None,
                                cards=index * 1001, problems=problems))
    return CheckResult(decks=decks, skipped=skipped)


def test_odd_text_in_every_field(monkeypatch):
    monkeypatch.setenv("COLUMNS", "20")
    texts = [ODD, "", " ", "  lead", "[", "]", "[/]", "[bold]", "\\", "a" * 500,
             "全角" * 60, "🃏" * 70, "e\u0301" * 90, ":thumbs_up: :x:", "\t\t", "\x00\x1f\x9f"]
    for skipped in (0, 1, 1234):
        rich_text, plain_text = both(odd_result(texts, skipped))
        assert plain_text == rich_text
    assert "[bold]" in plain_text and ":thumbs_up:" in plain_text and "1,234 files" in plain_text


CHARACTERS = st.characters(codec="utf-8")  # every code point but lone surrogates


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(CHARACTERS, max_size=40), min_size=1, max_size=6),
       st.integers(0, 3))
def test_generated_text_is_written_as_rich_writes_it(texts, skipped):
    rich_text, plain_text = both(odd_result(texts, skipped))
    assert plain_text == rich_text


PROBE = """
import json, sys
from deckcli.cli.app import main
code = main(sys.argv[1:])
print(json.dumps({"code": code, "rich": sorted(m for m in sys.modules
                                                 if m.split(".")[0] == "rich")}), file=sys.stderr)
"""
DECK = str(SAMPLES / "megaman" / "illegal-59-cards.toml")
COLOUR_ENV = ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE")


def probe(*args: str, env: dict[str, str] | None = None, stdout: int | None = None
          ) -> tuple[list[str], bytes]:
    """(rich modules imported, stdout) of `deckcli ARGS` in a fresh interpreter."""
    clean = {key: value for key, value in os.environ.items() if key not in COLOUR_ENV}
    run = subprocess.run([sys.executable, "-c", PROBE, *args], env={**clean, **(env or {})},
                         stdout=stdout if stdout is not None else subprocess.PIPE,
                         stderr=subprocess.PIPE, timeout=120, check=False)
    found = json.loads(run.stderr.decode().strip().splitlines()[-1])
    assert found["code"] == 1
    return found["rich"], run.stdout or b""


@pytest.mark.parametrize("args", [[], ["--format", "rich"], ["-o", "{file}"]])
def test_a_pipe_or_a_file_imports_no_rich(args, tmp_path):
    report = tmp_path / "report.txt"
    loaded, out = probe("check", DECK, *(arg.format(file=report) for arg in args))
    assert loaded == []
    written = report.read_bytes() if report.exists() else out
    assert written.startswith("✗ illegal ".encode()) and b"\x1b" not in written


class Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(("env", "tty", "colour"), [
    ({}, False, False), ({}, True, True), ({"NO_COLOR": ""}, True, True),
    ({"FORCE_COLOR": "1"}, False, True), ({"FORCE_COLOR": "0"}, False, True),
    ({"FORCE_COLOR": ""}, True, False), ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, False),
    ({"TTY_COMPATIBLE": "1"}, False, True), ({"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
                                             True, False),
    ({"TTY_COMPATIBLE": "2"}, True, True)])
def test_colour_follows_rich_and_no_color(monkeypatch, env, tty, colour):
    from rich.console import Console

    from deckcli.cli.output import color_for

    for name in COLOUR_ENV:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert color_for(Stream(tty)) is colour
    if "NO_COLOR" not in env:  # rich decides a terminal as deckcli decides colour
        assert Console(file=Stream(tty)).is_terminal is colour


@pytest.mark.parametrize("env", [{"FORCE_COLOR": "1"}, {"TTY_COMPATIBLE": "1"}])
def test_forced_colour_in_a_pipe_still_gets_rich(env):
    loaded, out = probe("check", DECK, env=env)
    assert "rich.console" in loaded and b"\x1b[1;31m" in out
    assert b"exactly 60 \xe2\x80\x94 add 1\n" in out  # one line per problem, as in a pipe
    loaded, out = probe("check", DECK, env={**env, "NO_COLOR": "1"})  # NO_COLOR wins
    assert loaded == [] and b"\x1b" not in out


@pytest.mark.parametrize("env", [{}, {"NO_COLOR": "1"}])
def test_a_terminal_still_gets_rich(env):
    leader, follower = pty.openpty()
    try:
        loaded, _ = probe("check", DECK, env={"COLUMNS": "50", **env}, stdout=follower)
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal's other end is closed: all is read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
    assert "rich.console" in loaded
    assert (b"\x1b[1;31m" in shown) is not bool(env)  # coloured unless NO_COLOR
    lines = shown.decode().replace("\r\n", "\n").splitlines()
    if env:  # wrapped at spaces to the terminal's width, the message under its rule
        # the deck's path is never cut (issue 40): only its line may be wider
        assert all(len(line) <= 50 or DECK in line for line in lines), lines
        assert any(line.strip() == "exactly 60 — add 1" for line in lines), lines
