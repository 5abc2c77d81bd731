"""The goldfish simulator against the 20-line numpy script a player would write.

The script (`SCRIPT` below, run as its own file) deals one card at a time into int16 counts
per group, keeping running totals over groups so that a draw is one comparison per group, and
tests "at least k" wants at the end of each turn. Both deal the MegaMan starter after its
NetNavi is set aside, for the same wants. Two ratios (above 1: deckcli is slower):

- in one process: seconds per hand of deckcli's `Simulation` / the script's loop;
- whole command: `deckcli draw … --hands 10000000` / `python script.py` as processes
  (start-up, deck and pool loading included).

    python benchmarks/goldfish.py
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from deckcli.cli.draw import deck_library  # noqa: E402
from deckcli.draw import goldfish as gf  # noqa: E402
from deckcli.draw.goldfish import Goldfish  # noqa: E402
from deckcli.pools.registry import PoolRegistry  # noqa: E402

DECK = ROOT / "samples" / "megaman" / "starter-megaman.toml"
WANTS = ["CannonBall", "2 type:Event"]
IN_PROCESS_HANDS = 4_000_000
COMMAND_HANDS = 10_000_000
TURNS = 10
REPEATS = 3

SCRIPT = '''\
import sys, numpy as np
counts = [int(c) for c in sys.argv[1].split(",")]  # cards per group; the last matches no want
lows = [int(c) for c in sys.argv[2].split(",")]    # the hand needs lows[g] of group g
hand, turns, hands, seed = (int(a) for a in sys.argv[3:7])
rng = np.random.default_rng(seed)
met = np.zeros(turns + 1, dtype=np.int64)
for start in range(0, hands, 1 << 17):
    n = min(1 << 17, hands - start)
    left = np.repeat(np.cumsum(counts[:-1], dtype=np.int16)[:, None], n, axis=1)
    held = np.zeros_like(left)
    pile = sum(counts)
    for turn in range(turns + 1):
        for k in range(hand if turn == 0 else 2):  # each turn: 1 power-up, then draw 1
            lower = rng.integers(0, pile, size=n, dtype=np.int16) < left
            left -= lower
            if turn == 0 or k == 1:
                held += lower
            pile -= 1
        each = np.diff(held, axis=0, prepend=0)
        met[turn] += np.count_nonzero(np.all([each[g] >= lows[g] for g in range(len(lows))], 0))
print(" ".join(f"{m / hands:.6f}" for m in met))
'''


def prepare(turns: int) -> Goldfish:
    resolver, library, _ = deck_library(PoolRegistry([]), DECK, None, None)
    setup = resolver.pool.header.setup_for(resolver.format_id)
    return gf.prepare(resolver, setup, library, WANTS, turns=turns)


def script_args(fish: Goldfish, hands: int) -> list[str]:
    """The script's arguments: groups ordered so that each want is one group."""
    groups = fish.partition.groups
    assert all(sum(g.signature) <= 1 for g in groups), "the script needs disjoint wants"
    per_want = [next(g.count for g in groups if g.signature[j])
                for j in range(len(fish.partition.wants))]
    counts = [*per_want, groups[-1].count]
    lows = [want.low for want in fish.partition.wants]
    return [",".join(map(str, counts)), ",".join(map(str, lows)),
            str(fish.procedure.hand_sizes[0]), str(fish.turns), str(hands), "1"]


def seconds(command: list[str]) -> float:
    """Best wall time of REPEATS runs of a process."""
    best = float("inf")
    for _ in range(REPEATS):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
        best = min(best, time.perf_counter() - started)
    return best


def in_process(fish: Goldfish, script: Path) -> tuple[float, float]:
    """Best of REPEATS for each, the script's printing silenced."""
    ours = theirs = float("inf")
    code = compile(SCRIPT, str(script), "exec")
    for _ in range(REPEATS):
        run = gf.simulation(fish, IN_PROCESS_HANDS, seed=1)
        started = time.perf_counter()
        for _ in run.run():
            pass
        ours = min(ours, time.perf_counter() - started)
        argv = sys.argv
        sys.argv = [str(script), *script_args(fish, IN_PROCESS_HANDS)]
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                started = time.perf_counter()
                exec(code, {"__name__": "script"})  # noqa: S102
                theirs = min(theirs, time.perf_counter() - started)
        finally:
            sys.argv = argv
    return ours, theirs


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "goldfish_script.py"
        script.write_text(SCRIPT, encoding="utf-8")
        print("what | deckcli s | script s | ratio (≤ 1: deckcli at least as fast)")
        for turns in (0, TURNS):
            fish = prepare(turns)
            ours, theirs = in_process(fish, script)
            print(f"in one process, {IN_PROCESS_HANDS:,} hands, {turns} turns | {ours:.2f} | "
                  f"{theirs:.2f} | {ours / theirs:.2f}")
        fish = prepare(TURNS)
        command = [sys.executable, "-m", "deckcli", "draw", str(DECK),
                   *(arg for want in WANTS for arg in ("--want", want)),
                   "--turns", str(TURNS), "--hands", str(COMMAND_HANDS), "--format", "json"]
        ours = seconds(command)
        theirs = seconds([sys.executable, str(script), *script_args(fish, COMMAND_HANDS)])
        print(f"whole command, {COMMAND_HANDS:,} hands, {TURNS} turns | {ours:.2f} | "
              f"{theirs:.2f} | {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
