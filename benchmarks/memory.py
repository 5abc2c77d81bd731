"""Peak memory of `deckcli check` on 2,000 and on 20,000 generated decks (one process).

Each run is its own process, measured by its own peak resident size (`wait4`; this process
stays small, the decks written by another, since a child's peak counts what it shared with
its parent before it started deckcli). Target: the
20,000-deck run within 20 MB of the 2,000-deck one (reports are written deck by deck). Runs
`--format json` with the result cache off (`--no-cache`) and on (the second, all-hit run);
ranges over `--repeat` runs.

    python benchmarks/memory.py [--small 2000] [--large 20000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
# The decks are written by a process of their own: a child's peak (`ru_maxrss`) counts the
# pages it shared with this process before it ran deckcli, and writing them here would load
# every pool into this process (some 40 MB), a floor under every figure below.
GENERATE = """
import sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from check_repo import generate
generate(Path(sys.argv[2]), int(sys.argv[3]), seed=4, misspelt=0.05)
"""


def peak_mb(argv: list[str], env: dict[str, str]) -> float:
    """The peak resident size of one process, in MB (Linux reports ru_maxrss in KB)."""
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, env=env)
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_maxrss / 1024


def span(values: list[float]) -> str:
    return f"{min(values):6.1f}–{max(values):6.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=2_000)
    parser.add_argument("--large", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        env = {**os.environ, "DECKCLI_CACHE": str(Path(work) / "cache"),
               "PYTHONPATH": str(REPO)}
        peaks: dict[tuple[str, int], list[float]] = {}
        for count in (args.small, args.large):
            folder = Path(work) / f"decks{count}"
            subprocess.run([sys.executable, "-c", GENERATE, str(HERE), str(folder), str(count)],
                           check=True)
            # files changed under 2 s ago get no stamp in the result cache (racy): every "hit"
            # would hash its file and rewrite its line, which is not the re-check measured
            time.sleep(2.1)
            check = [sys.executable, "-m", "deckcli", "check", str(folder), "--format", "json",
                     "--jobs", "1"]
            peak_mb([*check], env)  # fills the pool and result caches
            for _ in range(args.repeat):
                peaks.setdefault(("no cache", count), []).append(
                    peak_mb([*check, "--no-cache"], env))
                peaks.setdefault(("result cache, all hits", count), []).append(
                    peak_mb(check, env))
    print(f"{'peak resident MB':<34} {args.small:>13,} {args.large:>13,}   growth (target ≤ 20)")
    for how in ("no cache", "result cache, all hits"):
        small, large = peaks[(how, args.small)], peaks[(how, args.large)]
        growth = [big - little for big in large for little in small]
        print(f"{how:<34} {span(small)} {span(large)}   {span(growth)} MB")


if __name__ == "__main__":
    main()
