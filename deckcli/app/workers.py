"""Sharing a long list of work among forked worker processes, results kept in order.

Workers are forked, so they start with the parent's imports and loaded pools and cost a few
milliseconds each; each takes a contiguous slice and sends back its results. Where fork is
not available, the work runs in this process.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

_TASK: Callable[[Any], Any] | None = None  # what forked workers inherit


def _run_slice(items: Sequence[Any]) -> list[Any]:
    assert _TASK is not None
    return [_TASK(item) for item in items]


def map_in_workers(task: Callable[[T], R], items: Sequence[T], jobs: int) -> list[R]:
    """`[task(item) for item in items]`, computed in `jobs` forked processes."""
    global _TASK
    if jobs <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [task(item) for item in items]
    size = -(-len(items) // (jobs * 4))  # a few slices per worker evens out slow files
    slices = [items[start : start + size] for start in range(0, len(items), size)]
    _TASK = task
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_run_slice, slices)
    finally:
        _TASK = None
    return [result for part in parts for result in part]
