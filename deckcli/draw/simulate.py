"""Dealt hands in bulk: a seeded, vectorised run of the set-up, one card at a time.

The simulation follows the procedure literally (face-down cards, power-ups, the mulligan) so
that it checks the exact sums instead of sharing their shortcuts. A batch of hands is held as
running totals: `left[i]` is how many cards of groups 0..i are still in each hand's pile and
`held[i]` how many are in its hand. Taking the card at a uniformly random position p of a pile
of n is one comparison, p < left[i] meaning the card belongs to group i or lower, so a draw is
a few array operations whatever the size of the deck, and no pile is ever shuffled in memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import sqrt

import numpy as np

from deckcli.draw.mulligan import kept
from deckcli.draw.policies import keep_tables
from deckcli.draw.setup import Phase, Procedure
from deckcli.draw.wants import Partition

CHUNK = 1 << 17  # hands per batch: a few MB of int16 state
Z95 = 1.959963984540054


def wilson(met: int, hands: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval: unlike p ± z·se it stays inside [0, 1] and is fair near 0%."""
    if hands == 0:
        return 0.0, 1.0
    share = met / hands
    spread = z * z / hands
    centre = (share + spread / 2) / (1 + spread)
    half = z * sqrt(share * (1 - share) / hands + spread / (4 * hands)) / (1 + spread)
    low = 0.0 if met == 0 else max(0.0, centre - half)  # exact bounds, not rounding noise
    high = 1.0 if met == hands else min(1.0, centre + half)
    return low, high


class Simulation:
    """`run()` deals the hands chunk by chunk, yielding how many are done (for a progress bar)."""

    def __init__(self, partition: Partition, procedure: Procedure, turns: int,
                 mulligan: bool | str, hands: int, seed: int) -> None:
        self.partition = partition
        self.procedure = procedure
        self.turns = turns
        self.policy = "default" if mulligan is True else (mulligan or "none")
        self.rule = procedure.mulligan if self.policy != "none" else "none"
        self.tables = keep_tables(self.policy, partition, procedure) if (
            self.policy == "best" and self.rule != "none") else {}
        self.hands = hands
        self.seed = seed
        self.met = [0] * (turns + 1)

    def run(self) -> Iterator[int]:
        rng = np.random.default_rng(self.seed)
        sizes = self.procedure.hand_sizes
        done = 0
        while done < self.hands:
            batch = min(CHUNK, self.hands - done)
            for hand, share in zip(sizes, rng.multinomial(batch, [1 / len(sizes)] * len(sizes)),
                                   strict=True):
                if share:
                    phases = self.procedure.phases(hand, self.turns)
                    for turn, met in enumerate(self._deal(rng, phases, int(share))):
                        self.met[turn] += met
            done += batch
            yield done

    def probabilities(self) -> list[float]:
        return [met / self.hands for met in self.met]

    def intervals(self) -> list[tuple[float, float]]:
        return [wilson(met, self.hands) for met in self.met]

    def _deal(self, rng: np.random.Generator, phases: tuple[Phase, ...], size: int) -> list[int]:
        """Hands meeting the wants at the end of each turn, out of `size` dealt."""
        counts = self.partition.counts
        below = np.cumsum(counts[:-1], dtype=np.int16)
        left = np.repeat(below[:, None], size, axis=1)
        held = np.zeros_like(left)
        pile, in_hand = sum(counts), 0
        met = []
        for turn, phase in enumerate(phases):
            for taken in range(phase.hidden + phase.drawn):
                position = rng.integers(0, pile - taken, size=size, dtype=np.int16)
                lower = position < left
                left -= lower
                if taken >= phase.hidden:
                    held += lower
            pile -= phase.hidden + phase.drawn
            in_hand += phase.drawn
            if turn == 0 and self.rule != "none":
                self._mulligan(rng, left, held, pile, in_hand, phase.drawn)
            verdict = self.partition.holds(per_group(held, in_hand))
            met.append(int(np.count_nonzero(np.broadcast_to(verdict, (size,)))))
        return met

    def _mulligan(self, rng: np.random.Generator, left: np.ndarray, held: np.ndarray,
                  pile: int, in_hand: int, dealt: int) -> None:
        """Hands that miss send cards back (per the policy) and draw as many, in place."""
        hand = per_group(held, in_hand)
        missing = ~np.broadcast_to(self.partition.holds(hand), held.shape[1:])
        if self.tables:
            radices, table = self.tables[dealt]
            index = np.zeros(held.shape[1:], dtype=np.int64)
            for held_g, radix in zip(hand, radices, strict=True):
                index = index * radix + held_g
            lookup = np.asarray(table, dtype=np.int16)[index]
            keep = [lookup[:, g] for g in range(len(hand))]
        else:
            keep = kept(self.rule, self.partition, hand, np.minimum, np.maximum)
        keep = [np.where(missing, kept_g, hand_g) for kept_g, hand_g in zip(keep, hand,
                                                                            strict=True)]
        keep_below = np.cumsum(np.stack(keep), axis=0, dtype=np.int16)[:-1]
        left += held - keep_below
        held[...] = keep_below
        back = in_hand - sum(keep)
        for step in range(int(np.max(back, initial=0))):
            drawing = step < back
            room = np.maximum(pile + back - step, 1)
            lower = (rng.integers(0, room, dtype=np.int16) < left) & drawing
            left -= lower
            held += lower


def per_group(held: np.ndarray, in_hand: int) -> list[np.ndarray]:
    """Cards in hand per group, from the running totals over groups 0..i."""
    if len(held) == 0:
        return [np.full(held.shape[1:], in_hand, dtype=np.int16)]
    return [held[0], *(held[1:] - held[:-1]), in_hand - held[-1]]
