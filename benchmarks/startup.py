"""Start-up cost: `deckcli check` on one MegaMan deck against the import floor.

Prints the CPU time of a `deckcli check` (cache folder warm, as after the first run, with the
result cache hit and with `--no-cache`; with an EMPTY cache folder, as on every fresh CI
runner; with the cache off; and in the default format, whose report off a terminal is written
without importing rich, against the same through rich, as FORCE_COLOR asks) beside two
baselines measured in the same round, as ranges over rounds: importing typer, rich and
pydantic, and a two-command typer app with the same kind of options that parses the deck's
TOML and prints a line (typer builds its parameters with pydantic, which `import typer` alone
does not pay; deckcli coerces plain values itself, `cli/coerce.py`). Targets against the typer
app: result cache hit ≤ 1.1×, `--no-cache` ≤ 1.2×, empty cache folder ≤ 1.3×.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from _timing import command_time, python, report_range

REPO = Path(__file__).resolve().parent.parent
DECK = REPO / "samples" / "megaman" / "starter-megaman.toml"
TYPER_APP = '''
import tomllib
from pathlib import Path
from typing import Annotated
import typer
app = typer.Typer()
@app.command()
def check(paths: list[Path], fmt: Annotated[str, typer.Option("--format", "-f")] = "rich",
          strict: bool = False) -> None:
    data = tomllib.loads(paths[0].read_text(encoding="utf-8"))
    print(f"{paths[0]}: {len(data.get('cards', {}))} entries")
@app.command()
def other() -> None:
    pass
app()
'''


def main(rounds: int = 3) -> None:
    figures: dict[str, list[float]] = {}
    json_check = python("-m", "deckcli", "check", str(DECK), "--format", "json")
    rich_check = python("-m", "deckcli", "check", str(DECK))  # the default format, rich
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "DECKCLI_CACHE": cache}
        command_time(json_check, 1, env)  # fill the pool and result caches
        runs = {
            "deckcli check, one deck (result cache hit)": (json_check, env),
            "deckcli check, one deck (--no-cache)": ([*json_check, "--no-cache"], env),
            "deckcli check, empty cache folder": (
                json_check, {**os.environ, "DECKCLI_CACHE": os.path.join(cache, "empty")}),
            "deckcli check, caches off": (json_check, {**os.environ, "DECKCLI_CACHE": "off"}),
            "deckcli check, default format to a pipe (hit)": (rich_check, env),
            # the same report through rich, as every pipe paid before the plain writer
            "deckcli check, default format, FORCE_COLOR=1 (hit)": (
                rich_check, {**env, "FORCE_COLOR": "1"}),
        }
        for _ in range(rounds):
            figures.setdefault("app", []).append(
                command_time(python("-c", TYPER_APP, "check", str(DECK)), 7))
            figures.setdefault("imports", []).append(
                command_time(python("-c", "import typer, rich, pydantic"), 7))
            figures.setdefault("bare", []).append(command_time(python("-c", "pass"), 7))
            for name, (argv, run_env) in runs.items():
                empty = os.path.join(cache, "empty")
                figures.setdefault(name, []).append(command_time(
                    argv, 7, run_env, lambda: shutil.rmtree(empty, ignore_errors=True)))
    print(f"CPU time, best of 7, {rounds} rounds (ranges)")
    for name in runs:
        report_range(name, figures[name], figures["app"], "two-command typer app + TOML")
    report_range("deckcli check, one deck (result cache hit)",
                 figures["deckcli check, one deck (result cache hit)"], figures["imports"],
                 "import typer+rich+pydantic")
    report_range("deckcli check, default format to a pipe (hit)",
                 figures["deckcli check, default format to a pipe (hit)"],
                 figures["deckcli check, default format, FORCE_COLOR=1 (hit)"],
                 "the same through rich")
    report_range("python -c pass (interpreter)", figures["bare"], figures["imports"],
                 "import typer+rich+pydantic")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:]))
