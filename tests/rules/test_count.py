"""count (engine/rules/kinds/count.py): how many cards matching a query, on the test game
(exactly 1 Hero and at least 1 level I spell in `standard`; at most 2 level III spells in
`big`, hybrids unsettled)."""

from __future__ import annotations

from rulecheck import assert_problems, judge, rows

LEGAL = {"Ada, Knight": 1, "Bolt": 3, "Fireball": 3, "Shield": 3}


def of_rule(result, rule: str):
    return [p for p in result.problems if p.rule == rule]


def test_same_card_under_two_references_is_merged_with_a_warning():
    result = judge({**LEGAL, "Shield": 2, "エイダ": 1})
    assert [p.rule for p in result.problems if p.severity == "warning"] == ["duplicate-card"]
    [hero] = of_rule(result, "hero-count")
    assert hero.message == "2 Hero cards (Ada, Knight (T-01) ×2); exactly 1 allowed — cut 1"


def test_count_missing_hero():
    cards = {**LEGAL, "Ada, Knight": 0}
    del cards["Ada, Knight"]
    hero = of_rule(judge({**cards, "Shield": 4}), "hero-count")
    assert hero[0].message == "no Hero cards; exactly 1 needed — add 1"


def test_count_min_satisfied_by_either_printing():
    result = judge({"Ada, Knight": 1, "T-12": 1, "Fireball": 3, "Shield": 3, "Mystery": 2})
    assert "level-one" not in [p.rule for p in result.problems if p.severity == "error"]


def test_unknown_value_is_cannot_verify_not_a_guess():
    # Mystery has no level: the level-I rule cannot tell whether it counts.
    result = judge({"Ada, Knight": 1, "Fireball": 3, "Shield": 3, "Mystery": 3})
    warnings = of_rule(result, "level-one")
    assert [w.severity for w in warnings] == ["warning"]
    assert warnings[0].message.startswith("cannot verify Mystery (T-10): its level")
    assert result.legal is True


def test_count_min_fails_when_no_card_could_match():
    result = judge({"Ada, Knight": 1, "Fireball": 3, "Shield": 6})
    problem = next(p for p in result.problems if p.rule == "level-one")
    assert problem.message == "no level I spell cards; at least 1 needed — add 1"


def test_unsettled_cards_warn_and_do_not_fail():
    cards = {
        "Ada, Knight": 1,
        "Bolt": 3,
        "Wish": 1,
        "Giant": 1,
        "Chimera": 3,
        "Shield": 3,
        "Fireball": 3,
        "Swarm": 5,
    }
    result = judge(cards, fmt="big")
    top = of_rule(result, "top-level")
    assert [p.severity for p in top] == ["warning"]
    assert "whether hybrids count is not settled" in top[0].message
    assert result.legal is True


def test_unsettled_cannot_hide_a_certain_breach():
    result = judge({"Wish": 3, "Chimera": 1, "Swarm": 16}, fmt="big")
    top = [p for p in of_rule(result, "top-level") if p.severity == "error"]
    assert top and "3 type:Spell level:III cards" in top[0].message and "cut 1" in top[0].message


def test_exactly_at_the_count_and_one_over():
    assert_problems(LEGAL, [])
    assert_problems({**LEGAL, "Shield": 2, "T-01": 1}, [
        ("duplicate-card", "warning", 7),
        ("hero-count", "error", 3,
         "2 Hero cards (Ada, Knight (T-01) ×2); exactly 1 allowed — cut 1")])


def test_at_most_at_the_limit_and_one_over_with_the_fix_left_to_the_player():
    # Wish and Giant are level III spells: 2 are allowed in big, the third is one too many
    assert_problems({"Wish": 1, "Giant": 1, "Shield": 18}, [], fmt="big")
    [over] = assert_problems({"Wish": 2, "Giant": 1, "Shield": 17}, [
        ("top-level", "error", 5, "3 type:Spell level:III cards (Wish (T-07) ×2, Giant (T-06)); "
         "at most 2 allowed — cut 1")], fmt="big").problems
    assert over.fix is not None
    assert (over.fix.applicability, over.fix.title) == (
        "display-only", "Cut 1 type:Spell level:III card of your choice")


def test_at_least_is_met_by_one_card_and_its_other_printing_counts_too():
    # Bolt T-02 and its reprint T-12: each is a level I spell on its own
    for bolt in ("T-02", "T-12"):
        assert_problems({"Ada, Knight": 1, bolt: 1, "Fireball": 3, "Shield": 3, "Rat": 2}, [])
    assert rows(judge({"Ada, Knight": 1, "Fireball": 3, "Shield": 3, "Swarm": 3}).problems) == []


def test_an_empty_deck_needs_each_minimum():
    assert [p.rule for p in judge({}).problems if p.rule != "deck-size"] == [
        "hero-count", "level-one"]


def test_a_missing_minimum_offers_no_fix():
    [problem] = of_rule(judge({"Ada, Knight": 1, "Fireball": 3, "Shield": 6}), "level-one")
    assert problem.fix is None


def test_the_hover_over_a_counted_card_says_how_many_the_deck_holds_against_the_bounds():
    from rulecheck import hovers

    def counted(cards, ref, **where):
        return [line for line in hovers(cards, ref, **where) if " cards in the deck: " in line]

    assert counted(LEGAL, "Ada, Knight") == [
        "Hero cards in the deck: 1 (exactly 1; rule hero-count)"]
    assert counted(LEGAL, "T-12") == [  # not in the deck: the other printing counts
        "level I spell cards in the deck: 3 (at least 1; rule level-one)"]
    assert counted(LEGAL, "Shield") == []  # an item: no count rule counts it
    assert counted({"Ada, Knight": 1}, "Fireball") == []  # a level II spell
    big = {"Ada, Knight": 1, "Giant": 1}
    assert counted(big, "Giant", fmt="big") == [
        "type:Spell level:III cards in the deck: 1 (at most 2; rule top-level)"]
    assert counted({**big, "Chimera": 2}, "Chimera", fmt="big") == []  # unsettled: not said
    assert counted({**big, "Chimera": 2}, "Giant", fmt="big") == [
        "type:Spell level:III cards in the deck: 1 (at most 2; rule top-level)"]
