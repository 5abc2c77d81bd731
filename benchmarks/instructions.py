"""Start-up and re-check costs counted in instructions (valgrind's callgrind), not seconds.

CPU times on a shared machine move by a quarter between rounds; the instructions a process
executes do not (the same count twice, whatever else runs). Prints, for each figure of
`startup.py` and `check_repo.py` that has a target, the instructions of deckcli's command and
of its floor, run once each under callgrind, and their ratio. Instructions are not cycles (a
cache miss costs more than an add), so this is a steady companion to the CPU-time figures,
not a replacement. Needs `valgrind` on PATH; about a minute.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _timing import python
from check_repo import PARSE_ONLY, generate
from startup import DECK, TYPER_APP

COLLECTED = re.compile(rb"Collected : (\d+)")


def instructions(argv: list[str], env: dict[str, str]) -> int:
    """Instructions the command executed, by callgrind."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                         check=False)
    found = COLLECTED.search(run.stderr)
    if found is None:
        sys.exit(f"callgrind printed no count: {run.stderr[-500:].decode(errors='replace')}")
    return int(found.group(1))


def line(what: str, value: int, floor: int, floor_name: str) -> None:
    print(f"{what:<48} {value / 1e6:8.1f} M   {floor_name:<30} {floor / 1e6:8.1f} M   "
          f"ratio {value / floor:5.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=5_000)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed")
    with tempfile.TemporaryDirectory() as work:
        env = {**os.environ, "DECKCLI_CACHE": str(Path(work) / "cache")}
        one = python("-m", "deckcli", "check", str(DECK), "--format", "json")
        subprocess.run(one, stdout=subprocess.DEVNULL, env=env, check=False)  # fill the caches
        floor = instructions(python("-c", TYPER_APP, "check", str(DECK)), env)
        line("check of one deck, result cache hit", instructions(one, env), floor,
             "two-command typer app + TOML")
        line("check of one deck, --no-cache", instructions([*one, "--no-cache"], env), floor,
             "two-command typer app + TOML")
        decks = Path(work) / "decks"
        generate(decks, args.decks, 4, 0.05)
        time.sleep(2.1)  # settled: the result cache keeps the stamps of files older than 2 s
        check = python("-m", "deckcli", "check", str(decks), "--format", "json", "--jobs", "1")
        parse = instructions(python("-c", PARSE_ONLY, str(decks)), env)
        subprocess.run(check, stdout=subprocess.DEVNULL, env=env, check=False)  # every cache
        line(f"check of {args.decks:,} decks, --no-cache", instructions([*check, "--no-cache"],
                                                                        env),
             parse, "parse only (tomllib)")
        line(f"re-check of {args.decks:,} unchanged decks", instructions(check, env), parse,
             "parse only (tomllib)")


if __name__ == "__main__":
    main()
