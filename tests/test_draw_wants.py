"""`--want` specs: their forms, what they match, and the messages for wants that cannot work."""

from __future__ import annotations

import pytest
from scipy.stats import hypergeom

from conftest import SAMPLES
from deckcli.draw import DrawError
from deckcli.draw.wants import parse_want

MEGAMAN = SAMPLES / "megaman" / "starter-megaman.toml"
DIGIMON = SAMPLES / "digimon-classic" / "example-agumon-gabumon.toml"


@pytest.mark.parametrize(("spec", "query", "low", "high"), [
    ("CyberSword", "CyberSword", 1, None),
    ("1C12", "1C12", 1, None),  # a card number starting with a digit is not a count
    ("2 CyberSword", "CyberSword", 2, None),
    ("at least 3  type:Event", "type:Event", 3, None),
    ("Exactly 1 type:NetNavi", "type:NetNavi", 1, 1),
    ("at most 0 level:究極体", "level:究極体", 0, 0),
    ('2 "It\'s Not Over Yet"', '"It\'s Not Over Yet"', 2, None),
])
def test_want_forms(spec, query, low, high):
    want = parse_want(spec)
    assert (want.query, want.low, want.high) == (query, low, high)


@pytest.mark.parametrize(("spec", "message"), [
    ("0 CyberSword", "always holds; for none, write 'at most 0 CyberSword'"),
    ("   ", "an empty --want"),
])
def test_wants_that_mean_nothing(spec, message):
    with pytest.raises(DrawError, match=message):
        parse_want(spec)


def test_a_card_name_is_the_whole_name_not_a_substring(cli):
    # Greymon St-2 ×2 + St-91 ×1; Skull Greymon and War Greymon do not count
    run = cli("draw", DIGIMON, "--want", "Greymon", "--format", "json")
    assert run.json()["probability"] == pytest.approx(hypergeom(29, 3, 6).sf(0), abs=1e-12)


def test_unknown_card_suggests_the_right_one(cli):
    run = cli("draw", MEGAMAN, "--want", "Cyber Swordd")
    assert run.code == 2
    assert "is not a MegaMan NT Warrior Trading Card Game card — did you mean CyberSword (1C12)" \
        in run.err


def test_query_error_lists_the_fields(cli):
    run = cli("draw", MEGAMAN, "--want", "colr:Red")
    assert run.code == 2
    assert "unknown field 'colr'" in run.err and "power_cost" in run.err


@pytest.mark.parametrize(("spec", "message"), [
    ("type:NetNavi", "the shuffled pile holds no card matching type:NetNavi, so 1 can never be "
                     "drawn (59 cards after the set-up; set aside: MegaMan, NetWarrior (1St101))"),
    ("5 CannonBall", "holds only 4 cards matching CannonBall, so 5 can never be drawn"),
    ("CyberSword", "holds no card matching CyberSword"),
])
def test_wants_the_pile_cannot_satisfy(cli, spec, message):
    run = cli("draw", MEGAMAN, "--want", spec)
    assert run.code == 2
    assert message in run.err


def test_cards_a_want_cannot_judge_are_named(cli):
    run = cli("draw", DIGIMON, "--want", "level:III", "--format", "json")
    assert run.code == 0
    assert "6 cards with no level count as not matching: " in run.err
    assert "Offense Plug-In A (St-49)" in run.err
    assert run.json()["probability"] == pytest.approx(hypergeom(29, 5, 6).sf(0), abs=1e-12)
