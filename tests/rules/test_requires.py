"""requires (engine/rules/kinds/requires.py): needs parsed from card text, met only by
playable suppliers; on the made-up relics game (tests/data/requires) and MegaMan's emblems."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from conftest import SAMPLES, judged, toml_deck
from deckcli.engine.rules.kinds.requires import (
    Need,
    RequiresRule,
    compile_pattern,
    parse_needs,
    playable,
)
from deckcli.pools.schema import models
from rulecheck import assert_problems, judge, rows

RELICS = Path(__file__).parent.parent / "data" / "requires"
EMBLEMS = RequiresRule(id="emblem-supply", kind="requires", requirement="resource_cost",
                       pattern="{name} emblem x{count}", supplied_by="emblem")


def check(cards: dict[str, int]):
    """(legal, problems) of a relics deck, judged in-process."""
    result = judge(cards, game="relics", pools=RELICS)
    return result.legal, result.problems


def quiet(cards: dict[str, int]) -> None:
    """The relics deck is legal with no problem at all."""
    assert assert_problems(cards, [], game="relics", pools=RELICS).legal


def check_cli(cli, write_deck, cards: dict[str, int], *options: str):
    path = write_deck("deck.toml", toml_deck("relics", cards))
    run = cli("--pools", RELICS, "check", path, "--format", "json", *options)
    return run.code, judged(run.json()["decks"][0]["problems"])


@pytest.mark.parametrize(("text", "needs"), [
    ("IceMan emblem x3", [("iceman", 3)]),
    ("Yellow x2; IceMan emblem x3", [("iceman", 3)]),
    ("Red x1; Bass emblem x2; MegaMan emblem x1", [("bass", 2), ("megaman", 1)]),
    ("  megaman   EMBLEM ×2 ", [("megaman", 2)]),
    ("Mega Man X emblem x1", [("megamanx", 1)]),
    ("ＩｃｅＭａｎ emblem x１", [("iceman", 1)]),
    ("IceMan emblem x 3", [("iceman", 3)]),
    ("Red x2", []),
    ("emblem x2", []),
    ("IceMan emblem x0", []),
    ("", []),
    (None, []),
    (3, []),
])
def test_emblem_needs_parse_robustly(text, needs):
    assert [(need.key, need.count) for need in parse_needs(text, EMBLEMS)] == needs


def test_need_keeps_the_name_as_written():
    assert parse_needs("Blue x1; Mega Man X emblem x2", EMBLEMS) == (Need("megamanx", 2,
                                                                          "Mega Man X"),)


def test_pattern_with_count_first_and_no_count():
    assert compile_pattern("{count}x {name} token").fullmatch("2X Goblin token")["name"] == "Goblin"
    rule = EMBLEMS.replaced(pattern="needs {name}")
    assert parse_needs("needs Forest", rule) == (Need("forest", 1, "Forest"),)


@pytest.mark.parametrize("pattern", ["{count} emblems", "{name} {name}", "{name} {count}{count}"])
def test_pattern_must_name_once(pattern):
    with pytest.raises(ValidationError, match="pattern needs"):  # the pool schema's check
        models()["RequiresRule"].model_validate(
            {"id": "r", "kind": "requires", "requirement": "a", "supplied_by": "b",
             "pattern": pattern})
    assert RequiresRule.check_pattern(pattern) is not None  # the record's own words


def test_playable_grows_through_chains():
    fire, ice = Need("fire", 1, "Fire"), Need("ice", 2, "Ice")
    # altar (bears fire) -> pillar (needs fire, bears ice) x2 -> nova (needs 2 ice)
    assert playable([(), (fire,), (ice,)], [{"fire"}, {"ice"}, set()], [1, 2, 1]) == [
        True, True, True]
    assert playable([(), (fire,), (ice,)], [{"fire"}, {"ice"}, set()], [1, 1, 1]) == [
        True, True, False]


def test_missing_supplier_is_a_warning_not_illegal():
    legal, problems = check({"Flame Bolt": 4})
    assert legal
    assert [(p.rule, p.severity, p.card, p.line) for p in problems] == [
        ("rune-supply", "warning", "R-02", 3)]
    assert problems[0].message == (
        "Flame Bolt (R-02) can never be played: it needs 1 Fire rune but no playable card in "
        "the deck bears one — consider adding 1 Fire rune card, or cutting 4")


def test_strict_fails_and_ignore_drops_the_lint(cli, write_deck):
    assert check_cli(cli, write_deck, {"Flame Bolt": 4}, "--strict")[0] == 1
    assert check_cli(cli, write_deck, {"Flame Bolt": 4}, "--strict", "--ignore",
                     "rune-supply") == (0, [])


def test_supplied_need_is_quiet():
    quiet({"Fire Altar": 1, "Flame Bolt": 4})
    quiet({"Dual Gate": 2, "Frost Nova": 1})


def test_too_few_suppliers_says_how_many_to_add():
    _, problems = check({"Fire Altar": 2, "Inferno": 1})
    assert problems[0].message == (
        "Inferno (R-03) can never be played: it needs 3 Fire runes but the deck's playable "
        "cards bear only 2 — consider adding 1 Fire rune card, or cutting 1")


def test_a_card_never_supplies_its_own_need():
    _, problems = check({"Ember Shrine": 4})
    assert [p.card for p in problems] == ["R-04"]
    # once one altar is in play every shrine can follow, and all of them count for Inferno
    quiet({"Fire Altar": 1, "Ember Shrine": 2, "Inferno": 1})


def test_unplayable_suppliers_do_not_count():
    _, problems = check({"Ice Pillar": 2, "Frost Nova": 1})
    assert [p.card for p in problems] == ["R-07", "R-06"]
    quiet({"Fire Altar": 1, "Ice Pillar": 2, "Frost Nova": 1})


def test_names_compare_without_case_spaces_or_punctuation():
    quiet({"Thunder Clap": 1, "Thunder Totem": 1})
    _, problems = check({"Thunder Clap": 1})
    assert "needs 1 thunder rune" in problems[0].message


def test_undeclared_field_is_a_broken_pool(cli, write_deck, tmp_path):
    pools = tmp_path / "pools"
    pools.mkdir()
    text = (RELICS / "relics.toml").read_text(encoding="utf-8")
    (pools / "relics.toml").write_text(text.replace('supplied_by = "bears"',
                                                    'supplied_by = "runes"'), encoding="utf-8")
    path = write_deck("deck.toml", toml_deck("relics", {"Flame Bolt": 1}))
    run = cli("--pools", pools, "check", path, "--format", "json")
    assert [p["rule"] for p in judged(run.json()["decks"][0]["problems"])] == ["broken-pool"]
    pool_run = cli("--pools", pools, "pool", "check", "relics")
    assert pool_run.code == 1 and "field 'runes' is not declared" in pool_run.out


def test_megaman_emblem_lint_on_a_starter_deck():
    starter = (SAMPLES / "megaman" / "starter-megaman.toml").read_text(encoding="utf-8")
    lines = starter.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith('1C32 '))
    lines[index] = '"2R62" = 1  # Friendly Rivals: needs 3 IceMan emblems'
    result = judge("\n".join(lines) + "\n", game="megaman", pools=None, name="iceman.toml")
    assert result.legal
    assert [row[:3] for row in rows(result.problems)] == [("emblem-supply", "warning", index + 1)]
    assert "needs 3 IceMan emblems but no playable card in the deck bears one" in (
        result.problems[0].message)


def test_megaman_samples_have_no_emblem_warnings(cli):
    decks = cli("check", SAMPLES / "megaman", "--format", "json").json()["decks"]
    assert not [p for d in decks for p in d["problems"] if p["rule"] == "emblem-supply"]


def test_exactly_as_many_suppliers_as_needed_is_quiet_and_one_fewer_is_not():
    quiet({"Fire Altar": 3, "Inferno": 1})  # Inferno needs 3 Fire runes
    assert_problems({"Fire Altar": 2, "Inferno": 1}, [("rune-supply", "warning", 4)],
                    game="relics", pools=RELICS)


def test_an_empty_deck_needs_nothing():
    result = judge({}, game="relics", pools=RELICS)
    assert result.legal and [p.rule for p in result.problems] == []


def test_a_need_is_a_warning_that_offers_no_fix():
    [problem] = check({"Flame Bolt": 1})[1]
    assert problem.severity == "warning" and problem.fix is None
