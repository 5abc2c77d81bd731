"""The seeded simulation behind `--playable` when the exact sums have too many terms.

Each hand's pile is a random permutation of line ids; the procedure is dealt literally (face-
down cards skipped, the hand growing turn by turn), each hand is described by its capped
copies per line, and each distinct description is judged once.
"""

from __future__ import annotations

import numpy as np

from deckcli.draw.playquestion import PlayQuestion
from deckcli.draw.setup import Phase, Procedure
from deckcli.draw.simulate import wilson

CHUNK = 20_000


def simulate(prob: PlayQuestion, steps: Procedure, turns: int, hands: int, seed: int
             ) -> tuple[list[float], list[tuple[float, float]]]:
    """P(playable) on turns 1..T and their 95% Wilson intervals."""
    rng = np.random.default_rng(seed)
    counts, caps = prob.counts, np.array(prob.caps)
    ids = np.repeat(np.arange(len(counts) + 1), [*counts, prob.pile - sum(counts)])
    radix = np.cumprod([1, *(caps[:-1] + 1)])
    met = [0] * turns
    done = 0
    while done < hands:
        size = min(CHUNK, hands - done)
        which = rng.integers(len(steps.hand_sizes), size=size)
        for k, hand_size in enumerate(steps.hand_sizes):
            share = int(np.count_nonzero(which == k))
            if share:
                _deal(prob, steps.phases(hand_size, turns), rng, ids, caps, radix, share, met)
        done += size
    return [m / hands for m in met], [wilson(m, hands) for m in met]


def _deal(prob: PlayQuestion, phases: tuple[Phase, ...], rng: np.random.Generator, ids: np.ndarray,
          caps: np.ndarray, radix: np.ndarray, size: int, met: list[int]) -> None:
    dealt = ids[rng.random((size, len(ids))).argsort(axis=1)]
    held = np.zeros((size, len(caps)), dtype=np.int64)
    at = 0
    for turn, phase in enumerate(phases):
        cards = dealt[:, at + phase.hidden : at + phase.hidden + phase.drawn]
        at += phase.hidden + phase.drawn
        for line in range(len(caps)):
            held[:, line] += np.count_nonzero(cards == line, axis=1)
        if turn == 0:
            continue
        codes = (np.minimum(held, caps) * radix).sum(axis=1)
        distinct, inverse = np.unique(codes, return_inverse=True)
        gauge = prob.model.gauge(turn)
        verdict = np.array([prob.playable(tuple(int(c) // int(r) % int(k + 1) for r, k in
                                                zip(radix, caps, strict=True)), gauge)
                            for c in distinct], dtype=bool)
        met[turn - 1] += int(np.count_nonzero(verdict[inverse]))
