"""Exact draw odds of every game against scipy.stats, through `deckcli draw --format json`.

Group sizes are counted by hand from the sample decks (see the comments), so the checks do
not go through deckcli's own grouping.
"""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import hypergeom, multivariate_hypergeom

from conftest import SAMPLES
from deckcli.draw.exact import HandOdds
from deckcli.draw.wants import Group, Partition, Want

MEGAMAN = SAMPLES / "megaman" / "starter-megaman.toml"  # 59 after the NetNavi
HAIKYU = SAMPLES / "haikyu" / "starter-karasuno.toml"  # 40 cards, 8 events (HV-D01-011, -012)
ORBS = SAMPLES / "orbs" / "example-old-era.toml"  # 50 cards, 4 old-ghoul-lord
DIGIMON = SAMPLES / "digimon-classic" / "example-agumon-gabumon.toml"  # Agumon 3, Gabumon 3
DIGI_BATTLE = SAMPLES / "digi-battle" / "ccgreplays-biyomon-deck.toml"  # 3 Rookies, 6 Champions


def at_least(population: int, successes: int, draws: int, need: int = 1) -> float:
    return float(hypergeom(population, successes, draws).sf(need - 1))


def odds(cli, deck, *args: str) -> dict:
    run = cli("draw", deck, *args, "--format", "json")
    assert run.code == 0, run.err
    return run.json()


def by_turn(document: dict) -> list[float]:
    return [item["probability"] for item in document["by_turn"]]


def test_megaman_power_up_leaves_the_hand_a_uniform_subset(cli):
    # turn t: 4 + t cards in hand while t went face down to the power gauge
    document = odds(cli, MEGAMAN, "--want", "CannonBall", "--turns", "6")
    assert document["method"] == "exact" and document["ci95"] is None
    expected = [at_least(59, 4, 4 + turn) for turn in range(7)]
    assert by_turn(document) == pytest.approx(expected, abs=1e-12)
    assert document["probability"] == pytest.approx(expected[0], abs=1e-12)


def test_megaman_two_wants_multivariate(cli):
    # CannonBall 1C11 ×4; events 1C30 ×2 + 1C25 ×4 + 1C31 ×3 = 9; the other 46
    document = odds(cli, MEGAMAN, "--want", "CannonBall", "--want", "2 type:Event",
                    "--turns", "3")
    for turn, probability in enumerate(by_turn(document)):
        n = 4 + turn
        expected = sum(multivariate_hypergeom.pmf([a, b, n - a - b], [4, 9, 46], n)
                       for a in range(1, 5) for b in range(2, 10) if a + b <= n)
        assert probability == pytest.approx(expected, abs=1e-12)


def test_haikyu_opening_and_no_draw_on_the_serve_turn(cli):
    document = odds(cli, HAIKYU, "--want", "2 type:event", "--turns", "2")
    assert by_turn(document) == pytest.approx(
        [at_least(40, 8, 6, 2), at_least(40, 8, 6, 2), at_least(40, 8, 7, 2)], abs=1e-12)


def test_haikyu_partial_mulligan_keeps_the_events(cli):
    # a miss keeps its k < 2 events, returns 6 - k and draws 6 - k from the 40 - k left
    miss = sum(hypergeom(40, 8, 6).pmf(k) * at_least(40 - k, 8 - k, 6 - k, 2 - k)
               for k in range(2))
    document = odds(cli, HAIKYU, "--want", "2 type:event", "--mulligan", "default")
    assert document["probability"] == pytest.approx(at_least(40, 8, 6, 2) + miss, abs=1e-12)


def test_orbs_seven_or_eight_evenly(cli):
    def mixture(extra: int) -> float:
        return 0.5 * at_least(50, 4, 7 + extra) + 0.5 * at_least(50, 4, 8 + extra)

    first = odds(cli, ORBS, "--want", "old-ghoul-lord", "--turns", "2", "--play")
    assert by_turn(first) == pytest.approx([mixture(0), mixture(0), mixture(1)], abs=1e-12)
    second = odds(cli, ORBS, "--want", "old-ghoul-lord", "--turns", "2", "--draw")
    assert by_turn(second) == pytest.approx([mixture(0), mixture(1), mixture(2)], abs=1e-12)


def test_digimon_start_card_and_point_gauge(cli):
    # default start: Agumon (3 copies, listed before Gabumon's 3); 29 left, 1 face down, hand 6
    assert odds(cli, DIGIMON, "--want", "Agumon")["probability"] == pytest.approx(
        at_least(29, 2, 6), abs=1e-12)
    assert odds(cli, DIGIMON, "--want", "level:III")["probability"] == pytest.approx(
        at_least(29, 5, 6), abs=1e-12)
    chosen = odds(cli, DIGIMON, "--want", "Agumon", "--start", "Gabumon")
    assert chosen["probability"] == pytest.approx(at_least(29, 3, 6), abs=1e-12)


def test_digi_battle_rookie_set_aside_hand_of_ten(cli):
    # Biyomon ST-03 is set aside (first of three single Rookies): 2 Rookies, 6 Champions in 29
    document = odds(cli, DIGI_BATTLE, "--want", "level:Rookie", "--want", "level:Champion")
    expected = sum(multivariate_hypergeom.pmf([a, b, 10 - a - b], [2, 6, 21], 10)
                   for a in range(1, 3) for b in range(1, 7))
    assert document["probability"] == pytest.approx(expected, abs=1e-12)


def test_any_exactly_and_at_most_forms(cli):
    document = odds(cli, MEGAMAN, "--want", "exactly 1 CannonBall", "--want",
                    "at most 0 type:Event", "--any")
    only_one = float(hypergeom(59, 4, 4).pmf(1))
    no_event = float(hypergeom(59, 9, 4).pmf(0))
    both = float(multivariate_hypergeom.pmf([1, 0, 3], [4, 9, 46], 4))
    assert document["probability"] == pytest.approx(only_one + no_event - both, abs=1e-12)


@st.composite
def drawing(draw: st.DrawFn) -> tuple[Partition, int]:
    """A small pile cut by 1-3 wants of every form, and a hand size."""
    wants = []
    for index in range(draw(st.integers(1, 3))):
        form = draw(st.sampled_from(["at least", "exactly", "at most"]))
        number = draw(st.integers(1 if form == "at least" else 0, 3))
        low, high = {"at least": (number, None), "exactly": (number, number),
                     "at most": (0, number)}[form]
        wants.append(Want(f"{form} {number} q{index}", f"q{index}", low, high))
    signatures = draw(st.lists(st.tuples(*[st.booleans()] * len(wants)), min_size=1,
                               max_size=4, unique=True))
    signatures = [sig for sig in signatures if any(sig)]
    groups = [Group(sig, draw(st.integers(0, 6)), ()) for sig in signatures]
    groups.append(Group((False,) * len(wants), draw(st.integers(0, 8)), ()))
    partition = Partition(tuple(wants), draw(st.booleans()), tuple(groups))
    return partition, draw(st.integers(0, sum(partition.counts)))


@settings(max_examples=80, deadline=None)
@given(drawing())
def test_dynamic_programme_equals_the_plain_sum(case):
    """Every hand vector summed with scipy's pmf, against the capped-count tables."""
    partition, n = case
    counts = list(partition.counts)
    expected = 0.0
    for vector in product(*(range(count + 1) for count in counts)):
        if sum(vector) == n and partition.holds(vector):
            expected += multivariate_hypergeom.pmf(list(vector), counts, n) if n else 1.0
    exact = HandOdds(partition).fresh(partition.counts, [n])[0]
    assert float(exact) == pytest.approx(expected, abs=1e-12)
