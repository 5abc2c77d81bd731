"""`deckcli cards` and `deckcli games`: the search command users see."""

from __future__ import annotations

import pytest


def test_all_23_netnavis(cli):
    run = cli("cards", "megaman", "type:NetNavi", "--format", "json")
    cards = run.json()
    assert run.code == 0 and len(cards) == 23
    assert all(card["type"] == "NetNavi" for card in cards)
    assert {"number", "name", "type", "strength", "defense", "blast"} <= set(cards[0])


def test_rich_table_counts_the_matches(cli):
    run = cli("cards", "megaman", "type:NetNavi")
    assert run.code == 0 and "23 megaman cards" in run.out and "MegaMan, NetWarrior" in run.out


def test_one_card_in_full(cli):
    run = cli("cards", "megaman", "1c12")
    assert run.code == 0 and "CyberSword" in run.out and "Blue x1" in run.out


def test_query_with_several_words_and_japanese_field_values(cli):
    cards = cli("cards", "haikyu", "school:烏野", "type:event", "--format", "json").json()
    assert cards and all("烏野" in card["school"] and card["type"] == "event" for card in cards)


def test_no_match_exits_1_and_bad_query_exits_2(cli):
    assert cli("cards", "megaman", "Dragonzzz").code == 1
    assert cli("cards", "megaman", "type:Dragon").code == 2  # not a declared type
    run = cli("cards", "megaman", "colour:red")
    assert run.code == 2 and "unknown field 'colour'" in run.err and "color" in run.err
    assert cli("cards", "pokemon").code == 2


def test_limit(cli):
    assert len(cli("cards", "digimon-classic", "--limit", "5", "--format", "json").json()) == 5


def test_games_lists_every_format_on_one_line(cli):
    run = cli("games", "--format", "text")
    lines = run.out.splitlines()
    assert run.code == 0 and len(lines) == 8
    megaman = next(line for line in lines if line.startswith("megaman/standard"))
    assert "exactly 60 cards; exactly 1 NetNavi card; ≤4 per name" in megaman
    assert "(default)" in megaman


@pytest.mark.parametrize("args", [
    ("type:Resource", "-color:Red"),
    ("type:Resource", "-color:Red", "--limit", "500"),
    ("-f", "json", "type:Resource", "-color:Red"),
    ("type:Resource", "--format=json", "-color:Red"),
    ("type:Resource", "not", "color:Red"),
])
def test_negated_terms_after_the_game_are_query_words(cli, args):
    run = cli("cards", "megaman", *args, *(() if "json" in " ".join(args) else ("-f", "json")))
    assert run.code == 0, run.err
    found = run.json()
    assert found and all(card["type"] == "Resource" and card.get("color") != "Red"
                         for card in found)
    everything = cli("cards", "megaman", "type:Resource", "-f", "json").json()
    assert 0 < len(found) < len(everything)


def test_an_unknown_option_before_the_game_is_still_an_error(cli):
    run = cli("cards", "-x", "megaman")
    assert run.code == 2 and "No such option: -x" in run.err
    assert cli("cards", "megaman", "--limit").code == 2
