"""Where `python -m deckcli` and the `deckcli` script start: a plain `check` is run without
typer, everything else by typer (`cli.app.main`).

Typer and its bundled click cost a `check` a third of its start (importing them, building
the command from its signature, parsing): about 45 ms of CPU, more than a re-check from the
result cache spends on 2,000 decks. `check_values` reads the command lines typer would read
without a doubt (the global options `--pools`, `--allow-outside`, `--isolated`, then `check`
with its own options, each known, spelt out, with a value that cannot be taken for an
option) into the very values typer would give `check`; any other command line (help, a
typo, `--`, a short option cluster, a value starting with `-`, a number typer would have to
convert) goes to typer, which reads and refuses it as always. `tests/test_plain_check.py`
holds the two readings equal. Both ways end in `guard.guarded`, one handler for every
failure.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from deckcli.cli.guard import guarded, take_flag, tolerant_stdout
from deckcli.errors import UserError

# check's options: the keyword each sets, and how (`str`, `Path`, `int`: one value, the last
# one given; `list`, `paths`: every value given; True/False: a flag's value)
CHECK_OPTIONS: dict[str, tuple[str, object]] = {
    "--format": ("format_", str), "-f": ("format_", str),
    "--game": ("game", str), "-g": ("game", str),
    "--deck-format": ("deck_format", str),
    "--output": ("output", Path), "-o": ("output", Path),
    "--strict": ("strict", True), "--no-strict": ("strict", False),
    "--select": ("select", list), "--ignore": ("ignore", list),
    "--exclude": ("exclude", list), "--extend-exclude": ("extend_exclude", list),
    "--force-exclude": ("force_exclude", True),
    "--allow-outside": ("allow_outside", True),
    "--isolated": ("isolated", True),
    "--fix": ("fix", True), "--no-fix": ("fix", False),
    "--unsafe-fixes": ("unsafe_fixes", True), "--no-unsafe-fixes": ("unsafe_fixes", False),
    "--fix-only": ("fix_only", True), "--diff": ("diff", True),
    "--verbose": ("verbose", True), "--no-cache": ("no_cache", True),
    "--collection": ("collection", "paths"),
    "--jobs": ("jobs", int), "-j": ("jobs", int),
}
CHECK_DEFAULTS: dict[str, Any] = {
    "format_": None, "game": None, "deck_format": None, "output": None, "strict": None,
    "select": None, "ignore": None, "exclude": None, "extend_exclude": None,
    "force_exclude": False, "allow_outside": False, "isolated": False, "fix": None,
    "unsafe_fixes": None, "fix_only": False, "diff": False, "verbose": False,
    "no_cache": False, "collection": None, "jobs": 0,
}
GLOBAL_FLAGS = ("--allow-outside", "--isolated")  # before the command


def main(argv: list[str] | None = None) -> int:
    """Run the command line: a plain `check` here, anything else through typer."""
    words = list(sys.argv[1:] if argv is None else argv)
    debug = take_flag(words, "--debug")
    found = plain_check(words)
    if found is None:
        return _typer(argv)
    tolerant_stdout()
    global_options, values = found

    def run() -> int:
        from deckcli.cli.check_run import run_check
        from deckcli.cli.runopts import set_global_options

        set_global_options(*global_options)
        return run_check(**values)

    return guarded(run, debug)


def plain_check(words: list[str]
                ) -> tuple[tuple[list[Path], bool, bool], dict[str, Any]] | None:
    """For a plain `check` command line (`--debug` taken out), its language chosen and its
    values read (`check_values`); None for any other, which typer reads."""
    if os.environ.get("_DECKCLI_COMPLETE") or not _may_be_check(words):
        return None
    from deckcli.cli.language import set_language

    try:
        set_language(words)  # takes --lang and --card-lang out, wherever they are
    except UserError:
        return None  # said by typer's run, as always
    return check_values(words)


def _typer(argv: list[str] | None) -> int:
    from deckcli.cli.app import main as typer_main

    return typer_main(argv)


def _may_be_check(words: list[str]) -> bool:
    return "check" in words and not any(word in ("-h", "--help", "--") for word in words)


def check_values(words: list[str]
                 ) -> tuple[tuple[list[Path], bool, bool], dict[str, Any]] | None:
    """The global options (pools, allow outside, isolated) and `check`'s keyword values, as
    typer gives them, for a command line read without a doubt (`--debug`, `--lang` and
    `--card-lang` taken out); None for any other."""
    pools: list[Path] = []
    flags: set[str] = set()
    at = 0
    while at < len(words) and words[at] != "check":
        word = words[at]
        if word in GLOBAL_FLAGS:
            flags.add(word)
        elif word == "--pools" and at + 1 < len(words) and _plain_value(words[at + 1]):
            at += 1
            pools.append(Path(words[at]))
        elif word.startswith("--pools=") and _plain_value(word[len("--pools="):]):
            pools.append(Path(word[len("--pools="):]))
        else:
            return None
        at += 1
    values = dict(CHECK_DEFAULTS)
    paths: list[Path] = []
    words = words[at + 1:]
    at = 0
    while at < len(words):
        word = words[at]
        at += 1
        if not word.startswith("-"):
            if not word:
                return None
            paths.append(Path(word))
            continue
        name, equals, given = word.partition("=")
        if name not in CHECK_OPTIONS or (equals and not name.startswith("--")):
            return None  # click reads `-f=json` as "=json"
        keyword, kind = CHECK_OPTIONS[name]
        if kind is True or kind is False:
            if equals:
                return None
            values[keyword] = kind
            continue
        if not equals:
            if at >= len(words):
                return None
            given = words[at]
            at += 1
        if not _plain_value(given):
            return None
        if kind is int:
            if not (given.isascii() and given.isdigit()):
                return None
            values[keyword] = int(given)
        elif kind is list or kind == "paths":
            values[keyword] = [*(values[keyword] or ()),
                               given if kind is list else Path(given)]
        else:
            values[keyword] = Path(given) if kind is Path else given
    if not paths:
        return None
    values["paths"] = paths
    return (pools, "--allow-outside" in flags, "--isolated" in flags), values


def _plain_value(value: str) -> bool:
    """A value typer takes as it is: not empty (a path of it would be "."), and not one
    that could be read as an option."""
    return bool(value) and not value.startswith("-")
