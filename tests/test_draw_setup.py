"""The set-up as a procedure: phases per turn, cards set aside, and sample deals."""

from __future__ import annotations

import random

import pytest

from conftest import SAMPLES, toml_deck
from deckcli.draw.setup import Phase, Procedure, deal
from deckcli.model.poolspec import TurnDraws

DIGIMON = SAMPLES / "digimon-classic"


def procedure(library: int, face_down: int = 0, hand: int = 4, mill: int = 0,
              first_turn_draw: bool = True, on_play: bool = True) -> Procedure:
    turn = TurnDraws(mill=mill, draw=1, first_turn_draw=first_turn_draw)
    return Procedure(library, face_down, (hand,), "none", turn, on_play)


def test_megaman_turns_power_up_then_draw():
    steps = procedure(59, hand=4, mill=1)
    assert steps.phases(4, 2) == (Phase(0, 4), Phase(1, 1), Phase(1, 1))
    assert steps.seen(4, 3) == [4, 5, 6, 7]


def test_going_first_skips_the_first_draw_only_where_the_game_says():
    assert procedure(50, first_turn_draw=False).seen(7, 2) == [7, 7, 8]
    assert procedure(50, first_turn_draw=False, on_play=False).seen(7, 2) == [7, 8, 9]
    assert procedure(50).seen(7, 1) == [7, 8]


def test_a_small_pile_runs_out():
    assert procedure(6, face_down=1, mill=1).phases(4, 2) == (
        Phase(1, 4), Phase(1, 0), Phase(0, 0))


def test_deal_is_seeded_and_deals_the_hand_size():
    steps = procedure(29, face_down=1, hand=6)
    cards = list(range(29))
    hand = deal(steps, cards, random.Random(5))
    assert len(set(hand)) == 6 and hand == deal(steps, cards, random.Random(5))


def report(cli, deck, *args: str) -> str:
    run = cli("draw", deck, "--want", "type:Option", *args)
    assert run.code == 0, run.err
    return run.out


def test_default_start_is_the_level_iii_with_most_copies(cli, write_deck):
    deck = write_deck("deck.toml", toml_deck("digimon-classic", {
        "St-1": 1, "St-5": 2, "St-49": 3, "St-2": 24}))
    assert "Gabumon (St-5) set aside (placed face down in the Digimon Box)" in report(cli, deck)


def test_default_start_ties_go_to_the_card_listed_first(cli):
    # Piyomon and Tentomon: 3 copies each, Piyomon listed first
    out = report(cli, DIGIMON / "example-english-names.txt")
    assert "Piyomon (St-" in out and "set aside" in out


def test_start_option_picks_the_card(cli):
    out = report(cli, DIGIMON / "example-agumon-gabumon.toml", "--start", "Gabumon")
    assert "Gabumon (St-5) set aside" in out


@pytest.mark.parametrize(("start", "message"), [
    ("Greymon", "--start Greymon (St-2): the set-up sets aside type:Digimon level:III"),
    ("Tentomon", "--start 'Tentomon': that card is not in this deck"),
    ("Agumonn", "(デジタルモンスターカードゲーム) card — did you mean Agumon"),
])
def test_start_cards_that_cannot_start(cli, start, message):
    run = cli("draw", DIGIMON / "example-agumon-gabumon.toml", "--want", "type:Option",
              "--start", start)
    assert run.code == 2
    assert message in run.err


def test_start_in_a_game_that_sets_nothing_aside(cli):
    run = cli("draw", SAMPLES / "haikyu" / "starter-karasuno.toml", "--want", "type:event",
              "--start", "HV-D01-001")
    assert run.code == 2 and "the haikyu set-up sets no card aside" in run.err


def test_nothing_to_set_aside_is_a_warning(cli):
    run = cli("draw", DIGIMON / "illegal-no-level-iii.toml", "--want", "type:Option",
              "--format", "json")
    assert run.code == 0
    assert "set-up: no card left in the deck matches type:Digimon level:III" in run.err
