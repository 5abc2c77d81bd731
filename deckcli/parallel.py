"""Checking a large deck repository on every core: the files are split among forked workers.

Workers are forked, so they start with the parent's imports and pool registry and cost a few
milliseconds each; each checks a contiguous slice of the files and sends back its results,
which are joined in the original order. Where fork is not available, the check runs in one
process.
"""

from __future__ import annotations

import multiprocessing

from deckcli.checker import DeckResult, Options, Target, check_target
from deckcli.pools import PoolRegistry

_WORK: tuple[PoolRegistry, Options] | None = None  # what forked workers inherit


def _check_slice(targets: list[Target]) -> list[DeckResult | None]:
    assert _WORK is not None
    registry, options = _WORK
    return [check_target(target, registry, options) for target in targets]


def check_in_workers(
    targets: list[Target], registry: PoolRegistry, options: Options, jobs: int
) -> list[DeckResult | None]:
    """`check_target` over every target, in `jobs` processes; results in target order."""
    global _WORK
    if "fork" not in multiprocessing.get_all_start_methods():
        return [check_target(target, registry, options) for target in targets]
    size = -(-len(targets) // (jobs * 4))  # a few slices per worker evens out slow files
    slices = [targets[start : start + size] for start in range(0, len(targets), size)]
    _WORK = (registry, options)
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as workers:
            parts = workers.map(_check_slice, slices)
    finally:
        _WORK = None
    return [deck for part in parts for deck in part]
