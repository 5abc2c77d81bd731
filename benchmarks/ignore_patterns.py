"""Ignore patterns: adversarial patterns against a trivial one, and a scan against `os.walk`.

Each adversarial pattern (the `**********x` of issue 22, many stars, many `**`) is matched
against a path made to make a backtracking matcher blow up, and timed beside the trivial
pattern `*.toml` against the same path, in the same run; with git installed, `git
check-ignore` answers the same question as a third column (one process: it includes git's
start-up; given up after GIT_TIMEOUT seconds: git's own matcher backtracks on some of them).
Target: no match above 10 ms, whatever the pattern. The last line times a scan of N files
(default 5,000) under a `.gitignore` of common patterns beside a bare `os.walk` of the tree.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import best_of, report

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from deckcli.app.scan import find_deck_files  # noqa: E402
from deckcli.app.wildmatch import parse_pattern  # noqa: E402

ADVERSARIAL = [
    ("**********x", b"a" * 40),
    ("**********x", b"a" * 4000),
    ("*a*a*a*a*a*a*a*a*a*a*b", b"a" * 4000),
    ("*?*?*?*?*?*?*?*?*?*?*?*?*?x", b"a" * 4000),
    ("**/a/**/a/**/a/**/a/**/b", b"/".join([b"a"] * 2000)),
    ("[a]*[a]*[a]*[a]*[a]*[a]*b", b"a" * 4000),
]
GIT_TIMEOUT = 10.0
COMMON = "build/\n*.bak\n/dist\n**/tmp/**\n!keep.bak\n*-final.toml\n.*/\n"


def match_time(pattern: str, path: bytes) -> float:
    parsed = parse_pattern(pattern)
    assert parsed is not None
    return best_of(lambda: parsed.matches(path, False), repeat=20)


def git_time(pattern: str, path: bytes) -> float | None:
    if shutil.which("git") is None:
        return None
    with tempfile.TemporaryDirectory() as top:
        subprocess.run(["git", "init", "-q", top], check=True)
        Path(top, ".gitignore").write_text(pattern + "\n", encoding="utf-8")
        argv = ["git", "-C", top, "check-ignore", "--no-index", "-q", "--",
                os.fsdecode(path)[:4000]]
        try:
            return best_of(lambda: subprocess.run(argv, check=False, timeout=GIT_TIMEOUT),
                           repeat=1)
        except subprocess.TimeoutExpired:
            return float("inf")


def scan_times(count: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as top:
        Path(top, ".git").mkdir()
        Path(top, ".gitignore").write_text(COMMON, encoding="utf-8")
        for number in range(count):
            folder = Path(top, f"decks{number % 50}", f"sub{number % 7}")
            folder.mkdir(parents=True, exist_ok=True)
            name = f"deck{number}{'-final' if number % 10 == 0 else ''}.toml"
            (folder / name).write_text("game = 'megaman'\n", encoding="utf-8")
        walked = best_of(lambda: [files for _, _, files in os.walk(top)], repeat=3)
        scanned = best_of(lambda: find_deck_files(Path(top)), repeat=3)
        return scanned, walked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=5_000)
    args = parser.parse_args()
    for pattern, path in ADVERSARIAL:
        label = f"{pattern[:24]} vs {len(path)} bytes"
        spent, trivial = match_time(pattern, path), match_time("*.toml", path)
        report(label, spent, trivial, "*.toml, same path")
        by_git = git_time(pattern, path)
        if by_git is not None:
            shown = (f"{by_git * 1000:9.1f} ms" if by_git != float("inf")
                     else f"> {GIT_TIMEOUT:g} s (given up)")
            print(f"{'':<44} git check-ignore (process) {shown}")
    scanned, walked = scan_times(args.files)
    report(f"scan of {args.files:,} files, .gitignore", scanned, walked, "os.walk")


if __name__ == "__main__":
    main()
