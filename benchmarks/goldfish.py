"""Hands per second of the numpy simulator against a plain-Python `random.sample` loop.

Both deal from the same pile (the MegaMan starter after its NetNavi is set aside) and test the
same wants with the same `Partition`; the baseline is the loop a player would write. Each line:
what was measured, the simulator's figure, the baseline's, and their ratio.

    python benchmarks/goldfish.py
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from deckcli.cli.draw import load_deck
from deckcli.draw import goldfish as gf
from deckcli.draw.goldfish import Goldfish
from deckcli.pools.registry import PoolRegistry

DECK = Path(__file__).resolve().parent.parent / "samples" / "megaman" / "starter-megaman.toml"
WANTS = ["CannonBall", "2 type:Event"]
SIMULATED_HANDS = 4_000_000
BASELINE_HANDS = 200_000


def prepare(turns: int) -> Goldfish:
    pool, format_id, library, _ = load_deck(PoolRegistry([]), DECK, None)
    return gf.prepare(pool, pool.header.setup_for(format_id), library, WANTS, turns=turns)


def simulator_rate(fish: Goldfish) -> float:
    run = gf.simulation(fish, SIMULATED_HANDS, seed=1)
    started = time.perf_counter()
    for _ in run.run():
        pass
    return SIMULATED_HANDS / (time.perf_counter() - started)


def baseline_rate(fish: Goldfish) -> float:
    """Deal the whole procedure with random.sample, testing the wants at the end of each turn."""
    partition, procedure = fish.partition, fish.procedure
    pile = [g for g, group in enumerate(partition.groups) for _ in range(group.count)]
    phases = procedure.phases(procedure.hand_sizes[0], fish.turns)
    dealt = sum(phase.hidden + phase.drawn for phase in phases)
    rng = random.Random(1)
    met = [0] * len(phases)
    started = time.perf_counter()
    for _ in range(BASELINE_HANDS):
        cards = rng.sample(pile, dealt)
        hand = [0] * len(partition.groups)
        at = 0
        for turn, phase in enumerate(phases):
            for group in cards[at + phase.hidden : at + phase.hidden + phase.drawn]:
                hand[group] += 1
            at += phase.hidden + phase.drawn
            met[turn] += bool(partition.holds(hand))
    return BASELINE_HANDS / (time.perf_counter() - started)


def sample_only_rate(fish: Goldfish) -> float:
    """The floor of any Python loop: random.sample of the opening hand, no test at all."""
    pile = list(range(fish.library.size))
    hand = fish.procedure.hand_sizes[0]
    rng = random.Random(1)
    started = time.perf_counter()
    for _ in range(BASELINE_HANDS):
        rng.sample(pile, hand)
    return BASELINE_HANDS / (time.perf_counter() - started)


def main() -> None:
    print("what | simulator hands/s | baseline hands/s | ratio")
    rows = []
    for turns, label in ((0, "opening hand"), (10, "by turn, 10 turns with power-ups")):
        fish = prepare(turns)
        rows.append((f"{label} vs a random.sample loop", simulator_rate(fish),
                     baseline_rate(fish)))
    fish = prepare(0)
    rows.append(("opening hand vs random.sample alone (no wants tested)", rows[0][1],
                 sample_only_rate(fish)))
    for label, value, baseline in rows:
        print(f"megaman starter, {len(WANTS)} wants, {label} | {value:,.0f} | {baseline:,.0f} | "
              f"{value / baseline:.1f}x")


if __name__ == "__main__":
    main()
