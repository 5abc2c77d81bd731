"""Each rule kind, on the made-up test game (tests/data/pools/testgame.toml)."""

from __future__ import annotations

import pytest

from conftest import TEST_POOLS, judged, toml_deck

LEGAL = {"Ada, Knight": 1, "Bolt": 3, "Fireball": 3, "Shield": 3}


def check(cli, write_deck, cards: dict[str, int], fmt: str | None = None):
    path = write_deck("deck.toml", toml_deck("testgame", cards, fmt))
    run = cli("--pools", TEST_POOLS, "check", path, "--format", "json")
    deck = run.json()["decks"][0]
    deck["problems"] = judged(deck["problems"])
    return run.code, deck


def rules_of(deck: dict, severity: str = "error") -> list[str]:
    return [p["rule"] for p in deck["problems"] if p["severity"] == severity]


def test_legal_deck_has_no_problems(cli, write_deck):
    code, deck = check(cli, write_deck, LEGAL)
    assert (code, deck["legal"], deck["cards"], deck["problems"]) == (0, True, 10, [])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"Shield": 2}, "9 cards; testgame decks have exactly 10 — add 1"),
        ({"Shield": 4}, "11 cards; testgame decks have exactly 10 — cut 1"),
    ],
)
def test_size_exactly(cli, write_deck, change, message):
    code, deck = check(cli, write_deck, {**LEGAL, **change})
    problems = [p for p in deck["problems"] if p["rule"] == "deck-size"]
    assert code == 1 and problems[0]["message"] == message and problems[0]["line"] is None


def test_size_range_in_other_format(cli, write_deck):
    _, deck = check(cli, write_deck, LEGAL, fmt="big")
    assert deck["format"] == "big"
    assert deck["problems"][0]["message"] == ("10 cards; testgame big decks have 20 to 30 — add 10")


def test_same_card_under_two_references_is_merged_with_a_warning(cli, write_deck):
    _, deck = check(cli, write_deck, {**LEGAL, "Shield": 2, "エイダ": 1})
    assert rules_of(deck, "warning") == ["duplicate-card"]
    hero = next(p for p in deck["problems"] if p["rule"] == "hero-count")
    assert hero["message"] == "2 Hero cards (Ada, Knight (T-01) ×2); exactly 1 allowed — cut 1"


def test_count_missing_hero(cli, write_deck):
    cards = {**LEGAL, "Ada, Knight": 0}
    del cards["Ada, Knight"]
    _, deck = check(cli, write_deck, {**cards, "Shield": 4})
    hero = [p for p in deck["problems"] if p["rule"] == "hero-count"]
    assert hero[0]["message"] == "no Hero cards; exactly 1 needed — add 1"


def test_count_min_satisfied_by_either_printing(cli, write_deck):
    _, deck = check(
        cli, write_deck, {"Ada, Knight": 1, "T-12": 1, "Fireball": 3, "Shield": 3, "Mystery": 2}
    )
    assert "level-one" not in rules_of(deck)


def test_unknown_value_is_cannot_verify_not_a_guess(cli, write_deck):
    # Mystery has no level: the level-I rule cannot tell whether it counts.
    _, deck = check(cli, write_deck, {"Ada, Knight": 1, "Fireball": 3, "Shield": 3, "Mystery": 3})
    warnings = [p for p in deck["problems"] if p["rule"] == "level-one"]
    assert [w["severity"] for w in warnings] == ["warning"]
    assert warnings[0]["message"].startswith("cannot verify Mystery (T-10): its level")
    assert deck["legal"] is True


def test_count_min_fails_when_no_card_could_match(cli, write_deck):
    _, deck = check(cli, write_deck, {"Ada, Knight": 1, "Fireball": 3, "Shield": 6})
    problem = next(p for p in deck["problems"] if p["rule"] == "level-one")
    assert problem["message"] == "no level I spell cards; at least 1 needed — add 1"


def test_unsettled_cards_warn_and_do_not_fail(cli, write_deck):
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
    _, deck = check(cli, write_deck, cards, fmt="big")
    top = [p for p in deck["problems"] if p["rule"] == "top-level"]
    assert [p["severity"] for p in top] == ["warning"]
    assert "whether hybrids count is not settled" in top[0]["message"]
    assert deck["legal"] is True


def test_unsettled_cannot_hide_a_certain_breach(cli, write_deck):
    cards = {"Wish": 3, "Chimera": 1, "Swarm": 16}
    _, deck = check(cli, write_deck, cards, fmt="big")
    top = [p for p in deck["problems"] if p["rule"] == "top-level" and p["severity"] == "error"]
    assert (
        top and "3 type:Spell level:III cards" in top[0]["message"] and "cut 1" in top[0]["message"]
    )


def test_copies_counts_by_name_across_numbers(cli, write_deck):
    _, deck = check(
        cli, write_deck, {"Ada, Knight": 1, "T-02": 2, "T-12": 2, "Shield": 3, "Fireball": 2}
    )
    problem = next(p for p in deck["problems"] if p["rule"] == "copies")
    assert problem["message"] == "4 × Bolt (T-02 ×2, T-12 ×2); at most 3 per name — cut 1"
    assert problem["card"] == "T-02" and problem["line"] == 4


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
def test_copies_overrides(cli, write_deck, card, count, ok):
    _, deck = check(cli, write_deck, {"Ada, Knight": 1, card: count})
    assert ("copies" not in rules_of(deck)) is ok


def test_allowed_rejects_tokens(cli, write_deck):
    _, deck = check(cli, write_deck, {**LEGAL, "Shield": 2, "Spark Token": 1})
    problem = next(p for p in deck["problems"] if p["rule"] == "no-tokens")
    assert problem["message"] == (
        "Spark Token (T-09) is not allowed: testgame decks take only non-token cards — cut 1"
    )


def test_banned_and_restricted(cli, write_deck):
    _, deck = check(
        cli,
        write_deck,
        {"Ada, Knight": 1, "Forbidden Tome": 1, "Wish": 2, "Bolt": 3, "Fireball": 3},
    )
    assert rules_of(deck) == ["banned", "restricted"]
    restricted = next(p for p in deck["problems"] if p["rule"] == "restricted")
    assert restricted["message"] == "2 × Wish (T-07); restricted to 1 in testgame decks — cut 1"


def test_every_problem_is_reported_not_only_the_first(cli, write_deck):
    _, deck = check(cli, write_deck, {"Forbidden Tome": 4, "Spark Token": 1, "Giant": 2})
    assert set(rules_of(deck)) >= {
        "deck-size",
        "hero-count",
        "copies",
        "level-one",
        "no-tokens",
        "banned",
    }
