"""`deckcli build`: time to the first screen, and `deckcli check`'s start-up beside it.

The first screen is timed in a fresh interpreter, from before deckcli is imported to the
moment the builder has drawn its first frame at 80×24 (headless: the same app, without a
terminal to wait for): imports (Textual included), the pool, the deck judged, every pane
filled. Target: at most 1 s of wall time. Beside it, `deckcli show --format text` on the same
deck (read, placed, judged and grouped, without Textual) as the baseline of the ratio.

`deckcli check` must not pay for the builder: its CPU time is printed against importing
typer, rich and pydantic (as in startup.py), and the run says whether Textual was imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import command_time, python, report_range

REPO = Path(__file__).resolve().parent.parent
DECKS = {"megaman": REPO / "samples" / "megaman" / "starter-megaman.toml",
         "digimon-classic": REPO / "samples" / "digimon-classic" / "example-agumon-gabumon.toml"}
FIRST_SCREEN = '''
import json, sys, time
start, cpu = time.perf_counter(), time.process_time()
from pathlib import Path
from deckcli.app.config import load_settings
from deckcli.tui.app import BuildApp
from deckcli.tui.session import BuildSession
path = Path(sys.argv[1])
settings = load_settings([path])
app = BuildApp(BuildSession.open(path, settings, settings.registry()))
took = {}
async def first_screen(pilot):
    await pilot.pause()
    took["wall"], took["cpu"] = time.perf_counter() - start, time.process_time() - cpu
    app.exit(0)
app.run(headless=True, size=(80, 24), auto_pilot=first_screen)
print(json.dumps(took))
'''
CHECK_IMPORTS = '''
import sys
from deckcli.cli.app import main
code = main(sys.argv[1:])
print(int(any(m == "textual" or m.startswith("textual.") for m in sys.modules)))
'''


def first_screen(deck: Path, env: dict[str, str]) -> dict[str, float]:
    run = subprocess.run(python("-c", FIRST_SCREEN, str(deck)), capture_output=True, text=True,
                         env=env, check=True, timeout=120)
    took: dict[str, float] = json.loads(run.stdout.strip().splitlines()[-1])
    return took


def main(rounds: int = 3) -> None:
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "DECKCLI_CACHE": cache}
        for deck in DECKS.values():  # fill the pool caches, as after a first run
            first_screen(deck, env)
        figures: dict[str, list[float]] = {}
        for _ in range(rounds):
            for game, deck in DECKS.items():
                best = min((first_screen(deck, env) for _ in range(3)),
                           key=lambda took: took["wall"])
                figures.setdefault(f"{game} wall", []).append(best["wall"])
                figures.setdefault(f"{game} cpu", []).append(best["cpu"])
                figures.setdefault(f"{game} show", []).append(command_time(python(
                    "-m", "deckcli", "show", str(deck), "--format", "text"), 3, env))
            figures.setdefault("check", []).append(command_time(python(
                "-m", "deckcli", "check", str(DECKS["megaman"]), "--format", "json"), 5, env))
            figures.setdefault("imports", []).append(
                command_time(python("-c", "import typer, rich, pydantic"), 5))
        textual = subprocess.run(python("-c", CHECK_IMPORTS, "check", str(DECKS["megaman"]),
                                        "--format", "json"), capture_output=True, text=True,
                                 env=env, timeout=120).stdout.strip().splitlines()[-1]
    print(f"best of 3, {rounds} rounds (ranges); target: first screen at most 1000 ms wall")
    for game in DECKS:
        report_range(f"build {game}: first screen, wall", figures[f"{game} wall"],
                     figures[f"{game} show"], "show --format text (CPU)")
        report_range(f"build {game}: first screen, CPU", figures[f"{game} cpu"],
                     figures[f"{game} show"], "show --format text (CPU)")
    report_range("check, one deck (result cache hit), CPU", figures["check"],
                 figures["imports"], "import typer+rich+pydantic")
    print(f"check imports Textual: {'yes' if textual == '1' else 'no'}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:]))
