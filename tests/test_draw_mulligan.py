"""Mulligans: the cards the policy keeps, and a full mulligan over a face-down card."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy.stats import hypergeom

from conftest import SAMPLES
from deckcli.draw.mulligan import kept
from deckcli.draw.simulate import wilson
from deckcli.draw.wants import Group, Partition, Want

FISH = Path(__file__).parent / "data" / "draw"
FISH_DECK = FISH / "fish-deck.toml"  # 20 shuffled: 4 Ace, 6 Spark, 10 Blank; 1 face down


def two_wants(first: Want) -> Partition:
    """Groups: A only, A and B, B only, neither."""
    second = Want("B", "B", 1, None)
    signatures = [(True, False), (True, True), (False, True), (False, False)]
    return Partition((first, second), False,
                     tuple(Group(sig, 5, ()) for sig in signatures))


def test_partial_keeps_up_to_what_each_want_asks():
    partition = two_wants(Want("2 A", "A", 2, None))
    assert kept("partial", partition, [1, 0, 0, 5]) == [1, 0, 0, 0]
    assert kept("partial", partition, [3, 0, 2, 1]) == [2, 0, 1, 0]
    # a card kept for A also serves B
    assert kept("partial", partition, [0, 2, 1, 3]) == [0, 2, 0, 0]


def test_partial_returns_surplus_of_an_exact_want_and_full_returns_all():
    partition = two_wants(Want("exactly 1 A", "A", 1, 1))
    assert kept("partial", partition, [3, 0, 0, 3]) == [1, 0, 0, 0]
    assert kept("full", partition, [3, 0, 1, 2]) == [0, 0, 0, 0]


def test_policy_on_arrays_matches_the_policy_on_ints():
    partition = two_wants(Want("2 A", "A", 2, None))
    hands = [[1, 0, 0, 5], [3, 0, 2, 1], [0, 2, 1, 3], [0, 0, 0, 6]]
    columns = [np.array(column, dtype=np.int16) for column in zip(*hands, strict=True)]
    together = kept("partial", partition, columns, np.minimum, np.maximum)
    for row, hand in enumerate(hands):
        assert [int(group[row]) for group in together] == kept("partial", partition, hand)


def full_mulligan_opening(aces: int = 4, pile: int = 20, hand: int = 5) -> float:
    """Sum over the face-down card: an Ace (aces/pile) or not; a miss redraws once."""
    total = 0.0
    for face_down_ace, chance in ((1, aces / pile), (0, 1 - aces / pile)):
        hit = float(hypergeom(pile - 1, aces - face_down_ace, hand).sf(0))
        total += chance * (hit + (1 - hit) * hit)
    return total


def test_full_mulligan_sums_over_the_face_down_card(cli):
    run = cli("--pools", FISH, "draw", FISH_DECK, "--want", "Ace", "--mulligan", "default",
              "--format", "json")
    assert run.code == 0, run.err
    assert run.json()["probability"] == pytest.approx(full_mulligan_opening(), abs=1e-12)


def test_full_mulligan_with_power_ups_simulated(cli):
    args = ("--pools", FISH, "draw", FISH_DECK, "--want", "Ace", "--want", "2 Spark",
            "--mulligan", "default", "--turns", "4", "--format", "json")
    exact = cli(*args).json()
    simulated = cli(*args, "--hands", "300000", "--seed", "11").json()
    low, high = simulated["ci95"]
    assert low <= exact["probability"] <= high
    for sure, estimate in zip(exact["by_turn"], simulated["by_turn"], strict=True):
        met = round(estimate["probability"] * simulated["hands"])
        low, high = wilson(met, simulated["hands"], z=4.42)
        assert low <= sure["probability"] <= high


def test_game_without_a_mulligan_says_so(cli):
    run = cli("draw", SAMPLES / "megaman" / "starter-megaman.toml", "--want", "CannonBall",
              "--mulligan", "default")
    assert run.code == 2
    assert "the megaman set-up has no mulligan" in run.err
