"""The pattern matcher: git's answers, in time linear in the path whatever the pattern."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from deckcli.app.ignore import Rules
from deckcli.app.wildmatch import parse_pattern

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

# (pattern, path, is a folder, matches?) as git's documentation and wildmatch define them
CASES = [
    ("*.toml", "a.toml", False, True),
    ("*.toml", "d/e/a.toml", False, True),  # no slash: the name at any depth
    ("/a.toml", "d/a.toml", False, False),  # a leading slash anchors
    ("d/*.toml", "d/a.toml", False, True),
    ("d/*.toml", "d/e/a.toml", False, False),  # `*` stops at a slash
    ("**/a.toml", "a.toml", False, True),
    ("**/a.toml", "d/e/a.toml", False, True),
    ("d/**/a", "d/a", False, True),  # `/**/`: zero folders or more
    ("d/**/a", "d/x/y/a", False, True),
    ("d/**", "d", True, False),  # `/**`: everything inside, not the folder
    ("d/**", "d/x/y", False, True),
    ("build/", "build", False, False),  # a trailing slash: folders only
    ("build/", "build", True, True),
    ("[z-a].toml", "z.toml", False, True),  # git reads the first bound as a member
    ("[z-a].toml", "a.toml", False, False),
    ("[!a]x", "bx", False, True),
    ("[^a]x", "ax", False, False),
    ("[[:digit:]]*", "7up", False, True),
    ("[]]", "]", False, True),
    ("a\\*b", "a*b", False, True),
    ("a\\*b", "aXb", False, False),
    ("\\#x", "#x", False, True),
    ("\\!x", "!x", False, True),
    ("x\\ ", "x ", False, True),  # an escaped trailing space stays
    ("x  ", "x", False, True),  # unescaped trailing spaces go
    ("?", "/", False, False),
    ("*-final.toml", "decks/x-final.toml", False, True),
]


@pytest.mark.parametrize(("pattern", "path", "is_dir", "expected"), CASES)
def test_git_semantics(pattern, path, is_dir, expected):
    parsed = parse_pattern(pattern)
    assert parsed is not None and parsed.matches(path.encode(), is_dir) is expected


@pytest.mark.parametrize(("pattern", "why"), [
    ("[a", "a '[' is never closed"), ("x\\", "it ends with a lone '\\'"),
    ("[[:word:]]", "[:word:] is no class"), ("!", "it is empty"), ("[/]", "[/] matches no char"),
])
def test_a_pattern_git_never_matches_says_why(pattern, why):
    parsed = parse_pattern(pattern)
    assert parsed is not None and parsed.never is not None and parsed.never.startswith(why)
    assert not parsed.matches(pattern.encode(), False)


ADVERSARIAL = [
    ("**********x", b"a" * 40),  # the pattern of the issue: 100 s with the regex matcher
    ("*a*a*a*a*a*a*a*a*a*a*b", b"a" * 4000),
    ("[a]*[a]*[a]*[a]*[a]*[a]*b", b"a" * 4000),
    ("**/a/**/a/**/a/**/a/**/b", b"/".join([b"a"] * 2000)),
    ("a/**/**/**/**/**/**/**/**/b", b"a/" * 2000 + b"c"),
    ("*?*?*?*?*?*?*?*?*?*?*?*?*?x", b"a" * 4000),
]


@pytest.mark.parametrize(("pattern", "path"), ADVERSARIAL)
def test_adversarial_patterns_are_answered_fast(pattern, path):
    parsed = parse_pattern(pattern)
    assert parsed is not None
    started = time.process_time()
    assert not parsed.matches(path, False)
    assert time.process_time() - started < 0.5  # microseconds to milliseconds in fact


def test_a_gitignore_that_took_100_seconds_scans_at_once(cli, tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=False, capture_output=True)
    (tmp_path / ".git").mkdir(exist_ok=True)
    (tmp_path / ".gitignore").write_text("**********x\n[z-a].toml\n[a\n", encoding="utf-8")
    (tmp_path / ("a" * 40 + ".toml")).write_text('game = "megaman"\n', encoding="utf-8")
    (tmp_path / "z.toml").write_text('game = "megaman"\n', encoding="utf-8")
    started = time.process_time()
    run = cli("check", tmp_path, "--format", "json", "--verbose")
    assert time.process_time() - started < 10
    assert run.code == 1 and len(run.json()["decks"]) == 1  # z.toml ignored, as by git
    assert "ignored by .gitignore: [z-a].toml" in run.err
    assert ".gitignore:3: '[a' never matches (a '[' is never closed)" in run.err


def test_an_invalid_glob_on_the_command_line_is_a_usage_error(cli, tmp_path):
    run = cli("check", tmp_path, "--extend-exclude", "decks/[a")
    assert run.code == 2 and "--extend-exclude: 'decks/[a' is not a valid glob (a '[' is " \
        "never closed)" in run.err


# --- against git itself ---------------------------------------------------------------

PATHS = ["a", "b", "ab", "aab", "a.toml", "b.toml", "z.toml", "x-final.toml", ".hidden",
         "a b", "[x]", "7up", "d/a", "d/a.toml", "d/ab", "d/e/a", "d/e/a.toml", "d/e/f/b.toml",
         "c/b/c", "c/a/a.toml", "e/d/a", "ac/x.toml", "deck/s/x.toml"]
PIECES = ["a", "b", "d", "e", ".toml", "*", "*", "**", "?", "/", "/", "[a-c]", "[!a]",
          "[^b]", "[z-a]", "[[:alpha:]]", "\\*", "x", "-final", "[]a]", "\\a", " "]


def random_pattern(chooser: random.Random) -> str:
    body = "".join(chooser.choice(PIECES) for _ in range(chooser.randint(1, 5)))
    if chooser.random() < 0.15:
        body = "/" + body
    if chooser.random() < 0.1:
        body += "/"
    if chooser.random() < 0.1:
        body = "!" + body
    return body


def ours(lines: list[str], top: Path, path: str, is_dir: bool) -> bool:
    """A path is ignored when a folder above it is, else by its own verdict (as a walk)."""
    rules = Rules(top, lines, ".gitignore")
    parts = path.split("/")
    for depth in range(1, len(parts) + 1):
        verdict = rules.verdict(os.path.join(top, *parts[:depth]),
                                depth < len(parts) or is_dir)
        if verdict is not None and verdict[0]:
            return True
    return False


@pytest.mark.slow
@needs_git
def test_the_matcher_agrees_with_git_check_ignore(tmp_path):
    top = tmp_path / "repo"
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path),
           "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", "init", "-q", str(top)], check=True, env=env)
    for path in PATHS:
        (top / path).parent.mkdir(parents=True, exist_ok=True)
        (top / path).write_text("x\n", encoding="utf-8")
    queried = sorted({*PATHS, *(str(Path(p).parent) for p in PATHS if "/" in p), "d/e/f"})
    chooser = random.Random(22)
    gitignores = [[random_pattern(chooser) for _ in range(chooser.randint(1, 3))]
                  for _ in range(300)]
    gitignores += [[pattern] for pattern, *_ in CASES]
    disagreements = []
    for lines in gitignores:
        (top / ".gitignore").write_text("\n".join(lines) + "\n", encoding="utf-8")
        answer = subprocess.run(
            ["git", "-C", str(top), "check-ignore", "--no-index", "-v", "-n", "-z", "--stdin"],
            input="\0".join(queried).encode() + b"\0", capture_output=True, env=env)
        fields = answer.stdout.split(b"\0")
        by_git = {fields[at + 3].decode(): bool(fields[at + 2]) and not
                  fields[at + 2].startswith(b"!") for at in range(0, len(fields) - 1, 4)}
        for path in queried:
            mine = ours(lines, top, path, (top / path).is_dir())
            if mine != by_git[path]:
                disagreements.append((lines, path, by_git[path]))
    assert not disagreements, disagreements[:10]
