"""copies (engine/rules/kinds/copies.py): copies of one card, counted by the rule's key; on
the test game (at most 3 per name, `max_copies` overrides, an exempt tag), Digi-Battle (1 per
number as an error, 1 per name as a warning) and Digimon (3 per name, ambiguous names)."""

from __future__ import annotations

import pytest

from rulecheck import assert_problems, hovers, judge

LEGAL = {"Ada, Knight": 1, "Bolt": 3, "Fireball": 3, "Shield": 3}
SHORT = ("deck-size", "error", None)  # a Digi-Battle deck of a few cards: 30 are needed
NO_ROOKIE = ("rookie", "error", None, "no Rookie cards; at least 1 needed — add 1")


def copies_of(result, rule: str = "copies"):
    return [p for p in result.problems if p.rule == rule]


def test_copies_counts_by_name_across_numbers():
    result = judge({"Ada, Knight": 1, "T-02": 2, "T-12": 2, "Shield": 3, "Fireball": 2})
    problem = next(p for p in result.problems if p.rule == "copies")
    assert problem.message == "4 × Bolt (T-02 ×2, T-12 ×2); at most 3 per name — cut 1"
    assert problem.card == "T-02" and problem.line == 4


@pytest.mark.parametrize(
    ("card", "count", "ok"),
    [
        ("Giant", 2, False),  # max_copies = 1 lowers the cap
        ("Rat", 5, True),  # max_copies = 5 raises it
        ("Rat", 6, False),
        ("Swarm", 9, True),  # exempt by the rule's query
        ("Ｆｕｌｌ Ｗｉｄｔｈ", 9, True),  # max_copies = "unlimited"
    ],
)
def test_copies_overrides(card, count, ok):
    result = judge({"Ada, Knight": 1, card: count})
    errors = [p.rule for p in result.problems if p.severity == "error"]
    assert ("copies" not in errors) is ok


def test_at_the_cap_and_one_over_with_the_cut_offered():
    assert_problems(LEGAL, [])
    [over] = assert_problems({**LEGAL, "Bolt": 4, "Shield": 2}, [
        ("copies", "error", 4, "4 × Bolt (T-02); at most 3 per name — cut 1")]).problems
    assert over.fix is not None
    assert (over.fix.applicability, over.fix.title) == ("unsafe", "Cut 1 × Bolt (T-02)")


def test_a_lowered_cap_of_one_card_at_its_limit_and_one_over():
    # Giant's own max_copies = 1 (the rule says 3)
    assert copies_of(judge({"Ada, Knight": 1, "Giant": 1})) == []
    [over] = copies_of(judge({"Ada, Knight": 1, "Giant": 2}))
    assert over.message == "2 × Giant (T-06); at most 1 per name — cut 1"


def test_an_empty_deck_breaks_no_cap():
    assert copies_of(judge({})) == []


def test_by_number_two_printings_of_a_name_are_two_cards_and_the_name_rule_warns():
    assert_problems({"ST-36": 1, "ST-36S": 1}, [
        SHORT,
        ("copies-by-name", "warning", 3, "2 × Coelamon (ST-36 ×1, ST-36S ×1); at most 1 per "
         "name — consider cutting 1"),
        NO_ROOKIE], game="digi-battle", pools=None)


def test_by_number_one_card_twice_is_an_error_the_name_warning_does_not_repeat():
    assert_problems({"ST-36": 2}, [
        SHORT, ("copies", "error", 3, "2 × Coelamon (ST-36); at most 1 per card number — cut 1"),
        NO_ROOKIE], game="digi-battle", pools=None)


def test_a_name_warning_stays_when_it_counts_more_cards_than_the_number_error():
    result = assert_problems({"ST-36": 2, "ST-36S": 1}, [
        SHORT, ("copies", "error", 3, "2 × Coelamon (ST-36); at most 1 per card number — cut 1"),
        ("copies-by-name", "warning", 3, "3 × Coelamon (ST-36 ×2, ST-36S ×1); at most 1 per "
         "name — consider cutting 2"),
        NO_ROOKIE], game="digi-battle", pools=None)
    assert [p.fix.title for p in result.problems if p.fix] == ["Cut 1 × Coelamon (ST-36)",
                                                               "Cut 2 × Coelamon"]


def test_the_hover_says_the_copies_held_of_the_name_and_the_cap_or_none():
    deck = {"Ada, Knight": 1, "T-02": 2, "T-12": 2, "Swarm": 4, "Shield": 1}

    def copies(ref: str) -> list[str]:  # the copies rule's line (count rules add their own)
        return [line for line in hovers(deck, ref) if line.startswith("copies in the deck")]

    # both printings of Bolt are counted together, under the rule's cap
    assert copies("T-12") == ["copies in the deck: 4 (at most 3 per name; rule copies)"]
    assert copies("Swarm") == ["copies in the deck: 4 (no cap; rule copies)"]  # exempt
    assert copies("Rat") == ["copies in the deck: 0 (at most 5 per name; rule copies)"]
    assert len(hovers(deck, "Shield")) == 1  # an item: only the copies rule speaks of it


# A definite copies error is still reported when another line of the deck is ambiguous
# (Digimon: St-348 and St-829 are both Rapidmon, and "Rapidmon" names more than one card).

def rapidmon(cards: dict[str, int]):
    result = judge(cards, game="digimon-classic", pools=None, name="rapid.toml")
    assert not result.legal
    return [(p.rule, p.severity, p.message) for p in result.problems]


def test_copies_error_alone():
    found = rapidmon({"St-348": 2, "St-829": 2, "St-1": 1})
    copies = [p for p in found if p[0] == "copies"]
    assert len(copies) == 1 and "4 × Rapidmon" in copies[0][2]


def test_copies_error_with_an_ambiguous_line():
    found = rapidmon({"St-348": 2, "St-829": 2, "St-1": 1, "Rapidmon": 1})
    copies = [p for p in found if p[0] == "copies"]
    assert len(copies) == 1, found
    assert copies[0][1] == "error"
    assert copies[0][2].startswith("if Rapidmon is ")
    assert "5 × Rapidmon" in copies[0][2]
    assert any(p[0] == "ambiguous-card" for p in found)


def test_a_copies_error_only_some_readings_break_is_not_shown_as_definite():
    # 2 + 1 Rapidmon is within the cap of 3 however the ambiguous line reads.
    found = rapidmon({"St-348": 2, "St-1": 1, "Rapidmon": 1})
    assert not [p for p in found if p[0] == "copies"]
