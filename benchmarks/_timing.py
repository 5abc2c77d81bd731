"""Shared timing helpers for the benchmark scripts (best-of-N wall clock, result lines)."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Sequence


def best_of(run: Callable[[], object], repeat: int = 5) -> float:
    """The fastest of `repeat` runs, in seconds (the least disturbed by a noisy machine)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def command_time(argv: Sequence[str], repeat: int = 5, env: dict | None = None) -> float:
    """Best wall time of a subprocess, output discarded."""
    return best_of(lambda: subprocess.run(argv, stdout=subprocess.DEVNULL, check=False, env=env),
                   repeat)


def python(*args: str) -> list[str]:
    return [sys.executable, *args]


def report(what: str, value: float, baseline: float, baseline_name: str) -> None:
    """One line per figure: what, value, baseline, ratio."""
    print(f"{what:<44} {value * 1000:9.1f} ms   {baseline_name:<28} {baseline * 1000:9.1f} ms"
          f"   ratio {value / baseline:6.2f}")
