"""size (engine/rules/kinds/size.py): the number of cards, on the test game (exactly 10 in
`standard`, 20 to 30 in `big`)."""

from __future__ import annotations

import pytest

from rulecheck import assert_problems, judge

LEGAL = {"Ada, Knight": 1, "Bolt": 3, "Fireball": 3, "Shield": 3}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"Shield": 2}, [("deck-size", "error", None,
                          "9 cards; testgame decks have exactly 10 — add 1")]),
        ({"Shield": 4}, [("deck-size", "error", None,
                          "11 cards; testgame decks have exactly 10 — cut 1"),
                         ("copies", "error", 6)]),  # a fourth Shield is over its cap too
    ],
)
def test_size_exactly(change, expected):
    assert not assert_problems({**LEGAL, **change}, expected).legal


def test_size_range_in_other_format():
    result = assert_problems(LEGAL, [
        ("deck-size", "error", None, "10 cards; testgame big decks have 20 to 30 — add 10")],
        fmt="big")
    assert result.format == "big"


@pytest.mark.parametrize("count", [20, 30])
def test_at_either_bound_of_a_range_is_legal(count):
    result = assert_problems({"Shield": count}, [], fmt="big")
    assert result.legal and result.cards == count


@pytest.mark.parametrize(("count", "message"), [
    (19, "19 cards; testgame big decks have 20 to 30 — add 1"),
    (31, "31 cards; testgame big decks have 20 to 30 — cut 1"),
])
def test_one_past_either_bound_is_one_to_add_or_cut(count, message):
    assert_problems({"Shield": count}, [("deck-size", "error", None, message)], fmt="big")


def test_an_empty_deck_is_short_of_every_card():
    result = assert_problems({}, [
        ("deck-size", "error", None, "0 cards; testgame decks have exactly 10 — add 10"),
        ("hero-count", "error", None, "no Hero cards; exactly 1 needed — add 1"),
        ("level-one", "error", None, "no level I spell cards; at least 1 needed — add 1")])
    assert result.cards == 0 and not result.legal


def test_a_card_the_pool_does_not_know_still_counts():
    # 9 known cards and a misspelling: 10 cards, so fixing the spelling cannot change the size
    result = assert_problems({**LEGAL, "Shield": 2, "Sheild": 1}, [("unknown-card", "error", 7)])
    assert result.cards == 10


def test_printings_and_spellings_of_one_card_count_each_copy():
    text = "# game: testgame\n1 Ada, Knight\n2 Bolt\n1 Lightning Bolt\n3 Fireball\n3 Shield\n"
    result = assert_problems(text, [("duplicate-card", "warning", 4)], name="d.txt")
    assert result.cards == 10 and result.legal


def test_over_the_size_the_player_chooses_the_cut_and_under_it_nothing_is_offered():
    [over] = judge({"Shield": 31}, fmt="big").problems
    assert over.fix is not None
    assert (over.fix.applicability, over.fix.title) == ("display-only",
                                                        "Cut 1 card of your choice")
    assert not over.fix.applicable
    [under] = judge({"Shield": 19}, fmt="big").problems
    assert under.fix is None
