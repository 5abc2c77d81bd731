"""The numpy simulation deals the set-up literally (face-down cards, power-ups, mulligans);
its estimates must agree with the exact sums. Seeded, a few hundred thousand hands each.

The opening hand's exact value must lie in the reported 95% interval; later turns are held to
a 99.999% Wilson interval, so a dozen comparisons per test do not fail by chance.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SAMPLES
from deckcli.draw import exact, mulligan
from deckcli.draw.setup import Procedure
from deckcli.draw.simulate import Simulation, wilson
from deckcli.draw.wants import Group, Partition, Want
from deckcli.model.poolspec import TurnDraws

HANDS = "300000"
CASES = {
    "megaman power-ups": (SAMPLES / "megaman" / "starter-megaman.toml",
                          ["--want", "CannonBall", "--want", "2 type:Event", "--turns", "6"]),
    "haikyu mulligan": (SAMPLES / "haikyu" / "starter-karasuno.toml",
                        ["--want", "2 type:event", "--want", "attack>=3", "--mulligan", "default",
                         "--turns", "3"]),
    "orbs 7 or 8, going second": (SAMPLES / "orbs" / "example-old-era.toml",
                                  ["--want", "2 old-ghoul-lord", "--turns", "3", "--draw"]),
    "digimon point gauge": (SAMPLES / "digimon-classic" / "example-agumon-gabumon.toml",
                            ["--want", "2 level:III", "--want", "type:Option"]),
    "digi-battle hand of ten": (SAMPLES / "digi-battle" / "ccgreplays-biyomon-deck.toml",
                                ["--want", "level:Rookie", "--want", "at most 1 level:Mega"]),
}


def json_odds(cli, deck, *args: str) -> dict:
    run = cli("draw", deck, *args, "--format", "json")
    assert run.code == 0, run.err
    return run.json()


@pytest.mark.parametrize("case", CASES)
def test_simulation_agrees_with_exact(cli, case):
    deck, args = CASES[case]
    exact = json_odds(cli, deck, *args)
    simulated = json_odds(cli, deck, *args, "--hands", HANDS, "--seed", "7")
    assert exact["method"] == "exact" and simulated["method"] == "simulation"
    assert simulated["hands"] == int(HANDS)
    low, high = simulated["ci95"]
    assert low <= exact["probability"] <= high
    for sure, estimate in zip(exact["by_turn"], simulated["by_turn"], strict=True):
        met = round(estimate["probability"] * simulated["hands"])
        low, high = wilson(met, simulated["hands"], z=4.42)
        assert low <= sure["probability"] <= high, (sure, estimate)


def test_same_seed_same_estimate(cli):
    deck, args = CASES["orbs 7 or 8, going second"]
    first = json_odds(cli, deck, *args, "--hands", "50000", "--seed", "3")
    again = json_odds(cli, deck, *args, "--hands", "50000", "--seed", "3")
    other = json_odds(cli, deck, *args, "--hands", "50000", "--seed", "4")
    assert first == again and first["by_turn"] != other["by_turn"]


def test_wilson_interval_stays_in_bounds():
    assert wilson(0, 100)[0] == 0.0 and 0 < wilson(0, 100)[1] < 0.05
    assert wilson(100, 100)[1] == 1.0
    low, high = wilson(500, 1000)
    assert low == pytest.approx(0.4691, abs=1e-4) and high == pytest.approx(0.5309, abs=1e-4)


@st.composite
def games(draw: st.DrawFn) -> tuple[Partition, Procedure, int]:
    """A small pile cut by two wants, under any set-up the pool format can state."""
    wants = (Want("a", "a", draw(st.integers(0, 2)), draw(st.sampled_from([None, 1, 2]))),
             Want("b", "b", 1, None))
    wants = tuple(want if want.high is None or want.low <= want.high
                  else Want(want.spec, want.query, want.low, None) for want in wants)
    signatures = draw(st.lists(st.sampled_from([(True, False), (True, True), (False, True)]),
                               max_size=3, unique=True))
    groups = tuple(Group(sig, draw(st.integers(0, 5)), ()) for sig in signatures)
    rest = Group((False, False), draw(st.integers(0, 5)), ())
    partition = Partition(wants, draw(st.booleans()), (*groups, rest))
    turn = TurnDraws(mill=draw(st.integers(0, 1)), draw=draw(st.integers(0, 2)),
                     first_turn_draw=draw(st.booleans()))
    steps = Procedure(sum(partition.counts), draw(st.integers(0, 2)),
                      tuple(draw(st.lists(st.integers(1, 6), min_size=1, max_size=2))),
                      draw(st.sampled_from(["none", "partial", "full"])), turn,
                      draw(st.booleans()))
    return partition, steps, draw(st.integers(0, 3))


@settings(max_examples=30, deadline=None, derandomize=True)
@given(games())
def test_simulation_agrees_with_exact_on_any_set_up(case):
    partition, steps, turns = case
    use_mulligan = steps.mulligan != "none"
    method = mulligan.by_turn if use_mulligan else exact.by_turn
    sure = method(exact.HandOdds(partition), steps, turns)
    run = Simulation(partition, steps, turns, use_mulligan, hands=20_000, seed=2)
    for _ in run.run():
        pass
    for value, met in zip(sure, run.met, strict=True):
        low, high = wilson(met, run.hands, z=4.42)
        assert low <= float(value) <= high
