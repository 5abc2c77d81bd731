"""Tab completion as each shell runs it: candidates escaped for bash, zsh and fish, through
the variables typer's scripts set, and each shell's own script from `--show-completion`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from conftest import REPO, SAMPLES
from deckcli.cli.shells import bash_word, open_quote

DECK = SAMPLES / "megaman" / "starter-megaman.toml"


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "deckcli", *args], capture_output=True,
                          text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(REPO), **env})


def bash(words: str, cword: int) -> list[str]:
    done = run({"COMP_WORDS": words, "COMP_CWORD": str(cword),
                "_DECKCLI_COMPLETE": "complete_bash"})
    return [line for line in done.stdout.splitlines() if line]


def args_of(shell: str, line: str) -> str:
    return run({"_TYPER_COMPLETE_ARGS": line, "_DECKCLI_COMPLETE": f"complete_{shell}",
                "_TYPER_COMPLETE_FISH_ACTION": "get-args"}).stdout


@pytest.mark.slow
def test_bash_escapes_spaces_and_quotes():
    assert bash(f"deckcli add {DECK} Fire", 3) == ["Fire\\ It\\ Up", "Fire\\ Factory"]
    assert bash(f"deckcli add {DECK} That", 3) == ["That\\'s\\ Too\\ Easy"]
    assert bash(f"deckcli add {DECK} 'That", 3) == ["'That'\\''s Too Easy'"]
    assert bash(f'deckcli add {DECK} "Fire It', 3) == ['"Fire It Up"']
    assert bash(f"deckcli add {DECK} Fire\\ It", 3) == ["Fire\\ It\\ Up"]  # as typed so far


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_bash_reads_each_candidate_back_as_one_word():
    raw = args_of("fish", f"deckcli add {DECK} It").splitlines()  # fish: names as they are
    escaped = bash(f"deckcli add {DECK} It", 3) + bash(f"deckcli add {DECK} 'It", 3)
    assert "It's Not Over Yet" in raw and len(escaped) == 2 * len(raw)
    for candidate in escaped:
        words = subprocess.run(["bash", "--norc", "-c", f"printf '%s\\n' {candidate}"],
                               capture_output=True, text=True, check=True).stdout
        assert len(words.splitlines()) == 1 and words.splitlines()[0] in raw, candidate


@pytest.mark.slow
def test_zsh_candidates_are_single_quoted_words():
    out = args_of("zsh", f"deckcli add {DECK} That")
    assert out.startswith("local -a deckcli_values; deckcli_values=('That'\\''s Too Easy')")
    assert out.strip().endswith("_describe value deckcli_values")
    assert args_of("zsh", "deckcli check --game d") == \
        "local -a deckcli_values; deckcli_values=('digi-battle' 'digimon-classic'); " \
        "_describe value deckcli_values\n"
    assert args_of("zsh", f"deckcli add {DECK} Zzzz").strip() == "_files"


@pytest.mark.skipif(shutil.which("zsh") is None, reason="no zsh here")
def test_zsh_evaluates_them_as_the_script_does():
    env = {**os.environ, "PYTHONPATH": str(REPO), "_DECKCLI_COMPLETE": "complete_zsh",
           "_TYPER_COMPLETE_ARGS": f"deckcli add {DECK} Fire"}
    script = (f"_describe() {{ print -rl -- ${{(P)2}} }}; eval $({sys.executable} -m deckcli)")
    done = subprocess.run(["zsh", "-f", "-c", script], env=env, capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.splitlines() == ["Fire It Up", "Fire Factory"]


@pytest.mark.slow
def test_fish_gets_one_raw_candidate_per_line():
    assert args_of("fish", f"deckcli add {DECK} Fire").splitlines() == ["Fire It Up",
                                                                         "Fire Factory"]
    assert "That's Too Easy" in args_of("fish", f"deckcli add {DECK} 'That")


@pytest.mark.parametrize(("shell", "mark"), [
    ("bash", "complete -o default -F _deckcli_completion deckcli"),
    ("zsh", "#compdef deckcli"),
    ("fish", "complete --command deckcli"),
])
def test_show_completion_prints_the_named_shells_script(shell, mark):
    for args in (("--show-completion", shell), (f"--show-completion={shell}",)):
        done = run({}, *args)
        assert done.returncode == 0 and mark in done.stdout
        assert f"complete_{shell}" in done.stdout


def test_show_completion_of_an_unknown_shell_is_a_usage_error():
    done = run({}, "--show-completion", "tcsh")
    assert done.returncode == 2 and "tcsh" in done.stderr


def test_quote_state_and_words():
    assert open_quote("deckcli add d.toml 'Fire") == "'"
    assert open_quote("deckcli add d.toml 'Fire It' x") == ""
    assert open_quote('deckcli add "a\\"b') == '"'
    assert bash_word('a"$`\\b', '"') == '"a\\"\\$\\`\\\\b"'
    assert bash_word("グレイモン (St-1)", "") == "グレイモン\\ \\(St-1\\)"
