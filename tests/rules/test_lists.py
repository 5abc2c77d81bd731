"""banned and restricted (engine/rules/kinds/lists.py): the cards a format lists; on the test
game (Forbidden Tome banned, Wish restricted to 1) and a copy of it banning a name that two
printings share."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import TEST_POOLS
from rulecheck import assert_problems, judge


@pytest.fixture(scope="module")
def bolt_banned(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pool folder with the test game banning Bolt (T-02 and its reprint T-12) by name."""
    folder = tmp_path_factory.mktemp("pools")
    text = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")
    assert 'cards = ["Forbidden Tome"]' in text
    (folder / "testgame.toml").write_text(text.replace('cards = ["Forbidden Tome"]',
                                                       'cards = ["Bolt"]'), encoding="utf-8")
    return folder


def test_banned_and_restricted():
    result = judge({"Ada, Knight": 1, "Forbidden Tome": 1, "Wish": 2, "Bolt": 3, "Fireball": 3})
    assert [p.rule for p in result.problems if p.severity == "error"] == ["banned", "restricted"]
    restricted = next(p for p in result.problems if p.rule == "restricted")
    assert restricted.message == "2 × Wish (T-07); restricted to 1 in testgame decks — cut 1"


def test_a_restricted_card_at_its_limit_is_legal():
    assert_problems({"Ada, Knight": 1, "Wish": 1, "Bolt": 2, "Fireball": 3, "Shield": 3}, [])


def test_one_banned_copy_is_one_too_many_and_its_removal_is_offered():
    [banned] = assert_problems(
        {"Ada, Knight": 1, "Bolt": 3, "Fireball": 3, "Shield": 2, "Forbidden Tome": 1},
        [("banned", "error", 7, "Forbidden Tome (T-08) is banned in testgame decks — cut 1")],
    ).problems
    assert banned.fix is not None
    assert (banned.fix.applicability, banned.fix.title) == ("unsafe",
                                                            "Cut 1 × Forbidden Tome (T-08)")


def test_restricted_offers_the_cut_down_to_the_limit():
    [restricted] = [p for p in judge({"Ada, Knight": 1, "Wish": 3, "Bolt": 3, "Fireball": 3}
                                     ).problems if p.rule == "restricted"]
    assert restricted.fix is not None and restricted.fix.title == "Cut 2 × Wish (T-07)"
    assert restricted.line == 4


def test_a_name_on_the_list_bans_every_printing_of_it(bolt_banned):
    assert_problems({"Ada, Knight": 1, "T-02": 1, "T-12": 1, "Fireball": 3, "Shield": 3,
                     "Rat": 1}, [
        ("banned", "error", 4, "Bolt (T-02) is banned in testgame decks — cut 1"),
        ("banned", "error", 5, "Bolt (T-12) is banned in testgame decks — cut 1")],
        pools=bolt_banned)


def test_an_empty_deck_holds_nothing_listed():
    assert [p for p in judge({}).problems if p.rule in ("banned", "restricted")] == []


@pytest.fixture(scope="module")
def bolt_restricted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pool folder with the test game restricting Bolt (T-02 and its reprint T-12) to one
    copy, by name."""
    folder = tmp_path_factory.mktemp("pools")
    text = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")
    assert text.count('cards = ["T-07"]') == 1  # Wish, restricted to 1
    (folder / "testgame.toml").write_text(text.replace('cards = ["T-07"]', 'cards = ["Bolt"]'),
                                          encoding="utf-8")
    return folder


def test_a_restricted_name_counts_every_printing_together(bolt_restricted):
    """One copy of each of two printings is two copies of the name: over a limit of one."""
    [restricted] = [p for p in judge({"Ada, Knight": 1, "T-02": 1, "T-12": 1, "Fireball": 3},
                                     pools=bolt_restricted).problems if p.rule == "restricted"]
    assert restricted.message == ("2 × Bolt (T-02, T-12); restricted to 1 in testgame decks "
                                  "— cut 1")
    assert restricted.line == 5 and restricted.card == "T-12"  # the last line holding it
    assert restricted.fix is not None and restricted.fix.title == "Cut 1 × Bolt (T-02, T-12)"
    assert restricted.fix.changes[0].refs == ("T-02", "T-12")


def test_a_restricted_name_at_its_limit_over_two_printings_is_legal(bolt_restricted):
    result = judge({"Ada, Knight": 1, "T-12": 1, "Fireball": 3}, pools=bolt_restricted)
    assert [p for p in result.problems if p.rule == "restricted"] == []


def test_the_hover_says_a_card_is_banned_or_how_many_of_a_restricted_name_the_deck_holds(
        bolt_restricted):
    from rulecheck import hovers

    deck = {"Ada, Knight": 1, "Wish": 2, "Forbidden Tome": 1, "Bolt": 3}

    def listed(cards: dict[str, int], ref: str, **where: object) -> list[str]:
        return [line for line in hovers(cards, ref, **where)  # banned and restricted's
                if line.startswith(("banned", "restricted"))]

    assert listed(deck, "Forbidden Tome") == ["banned in testgame decks (rule banned)"]
    assert listed(deck, "Wish") == [
        "restricted in testgame decks: 2 in the deck, at most 1 (rule restricted)"]
    assert listed({"Ada, Knight": 1}, "T-07") == [
        "restricted in testgame decks: 0 in the deck, at most 1 (rule restricted)"]
    assert listed(deck, "Fireball") == []
    both = {"Ada, Knight": 1, "T-02": 1, "T-12": 1}  # two printings of the restricted name
    assert listed(both, "T-12", pools=bolt_restricted) == [
        "restricted in testgame decks: 2 in the deck, at most 1 (rule restricted)"]
