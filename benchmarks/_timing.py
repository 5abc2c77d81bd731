"""Shared timing helpers for the benchmark scripts (best-of-N wall clock, result lines)."""

from __future__ import annotations

import compileall
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

# Timed as installed: pip compiles every module to bytecode. Without this, a shell with
# PYTHONDONTWRITEBYTECODE=1 (or a checkout whose sources changed since their last run) times
# the compiler too, on every run of every edited module.
compileall.compile_dir(Path(__file__).resolve().parent.parent / "deckcli", quiet=1)
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def best_of(run: Callable[[], object], repeat: int = 5, cpu: bool = False) -> float:
    """The fastest of `repeat` runs, in seconds (the least disturbed by a noisy machine);
    with `cpu`, this process's CPU time, comparable with `command_time`."""
    clock = time.process_time if cpu else time.perf_counter
    times = []
    for _ in range(repeat):
        start = clock()
        run()
        times.append(clock() - start)
    return min(times)


def command_time(argv: Sequence[str], repeat: int = 5, env: dict | None = None,
                 prepare: Callable[[], object] | None = None) -> float:
    """Best CPU time (user + system) of a subprocess, output discarded (`prepare`: run before
    each, untimed: emptying a cache folder).

    CPU time rather than wall time: on a shared machine a process waiting for a core is not
    slower code, and wall times of a few hundred milliseconds move by half between runs.
    """
    times = []
    for _ in range(repeat):
        if prepare is not None:
            prepare()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, stdout=subprocess.DEVNULL, check=False, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(times)


def python(*args: str) -> list[str]:
    return [sys.executable, *args]


def report(what: str, value: float, baseline: float, baseline_name: str) -> None:
    """One line per figure: what, value, baseline, ratio."""
    print(f"{what:<44} {value * 1000:9.1f} ms   {baseline_name:<28} {baseline * 1000:9.1f} ms"
          f"   ratio {value / baseline:6.2f}")


def report_range(what: str, values: list[float], baselines: list[float], baseline_name: str
                 ) -> None:
    """One line per figure over several rounds: the ranges of the value, of the baseline and
    of their ratio, each ratio taken within one round (the machine's load changes between
    rounds, and a ratio of two figures measured far apart means little)."""
    ratios = [value / base for value, base in zip(values, baselines, strict=True)]
    print(f"{what:<52} {min(values) * 1000:7.1f}–{max(values) * 1000:7.1f} ms   "
          f"{baseline_name:<28} {min(baselines) * 1000:7.1f}–{max(baselines) * 1000:7.1f} ms"
          f"   ratio {min(ratios):5.2f}–{max(ratios):5.2f}")
