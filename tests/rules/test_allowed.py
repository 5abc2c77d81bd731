"""allowed (engine/rules/kinds/allowed.py): every card matches a query; on the test game (no
tokens) and Digimon's `ultimate-battle` (St-/Bo- numbers only)."""

from __future__ import annotations

from rulecheck import assert_problems, judge

LEGAL = {"Ada, Knight": 1, "Bolt": 3, "Fireball": 3, "Shield": 3}


def test_allowed_rejects_tokens():
    result = judge({**LEGAL, "Shield": 2, "Spark Token": 1})
    problem = next(p for p in result.problems if p.rule == "no-tokens")
    assert problem.message == (
        "Spark Token (T-09) is not allowed: testgame decks take only non-token cards — cut 1"
    )


def test_each_card_out_of_the_format_is_named_on_its_line_with_every_copy_to_cut():
    result = assert_problems({**LEGAL, "Shield": 1, "Spark Token": 2}, [
        ("no-tokens", "error", 7, "Spark Token (T-09) is not allowed: testgame decks take only "
         "non-token cards — cut 2")])
    [problem] = result.problems
    assert problem.card == "T-09" and problem.fix is not None
    assert (problem.fix.applicability, problem.fix.title) == ("unsafe",
                                                              "Cut 2 × Spark Token (T-09)")


def test_a_deck_of_allowed_cards_only_and_an_empty_deck_break_nothing():
    assert_problems(LEGAL, [])
    assert [p.rule for p in judge({}).problems if p.rule == "no-tokens"] == []
