"""Every fact of the reference CSVs is in the pools, typed: numbers as numbers, lists as lists."""

from __future__ import annotations

import csv

import pytest

from conftest import REFERENCE
from deckcli.pools.registry import PoolRegistry
from deckcli.textnorm import fold

pytestmark = pytest.mark.skipif(not REFERENCE.is_dir(), reason="../shared/reference absent")
REGISTRY = PoolRegistry([])


def rows(*parts: str) -> list[dict[str, str]]:
    with REFERENCE.joinpath(*parts).open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def typed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def assert_columns(game: str, number: str, row: dict[str, str], columns: dict[str, str]) -> None:
    card = REGISTRY.load(game).by_number[fold(number)]
    for column, field in columns.items():
        value = row[column]
        if value == "":
            assert card.attrs.get(field) is None, (number, field)
        else:
            assert card.attrs.get(field) == typed(value), (number, field, value)


def test_megaman_every_column():
    columns = {
        c: c
        for c in (
            "set",
            "type",
            "color",
            "destiny",
            "power_cost",
            "resource_cost",
            "strength",
            "defense",
            "blast",
            "emblem",
        )
    }
    pool = REGISTRY.load("megaman")
    for row in rows("megaman", "cards.csv"):
        assert_columns("megaman", row["number"], row, columns)
        card = pool.by_number[fold(row["number"])]
        assert card.name == row["name"]
        expected_unique = {"yes": True, "no": False, "": None}[row["unique"]]
        assert card.attrs.get("unique") == expected_unique


def test_haikyu_every_column():
    pool = REGISTRY.load("haikyu")
    for row in rows("haikyu", "cards.csv"):
        card = pool.by_number[fold(row["number"])]
        assert (card.name, card.names["ja"], card.type) == (row["name_ja"],) * 2 + (row["type"],)
        assert card.attrs.get("school") == (row["school"].split("/") if row["school"] else None)
        assert card.attrs["rarity"] == row["rarity"].split("/")
        for stat in ("serve", "receive", "toss", "attack", "block"):
            if row[stat] == "-":
                assert stat in card.attrs["no_stat"] and stat not in card.attrs
            elif row[stat]:
                assert card.attrs[stat] == int(row[stat]), (row["number"], stat)
            else:
                assert stat not in card.attrs


def test_orbs_every_column():
    pool = REGISTRY.load("orbs")
    by_key = {(card.attrs["era"], card.name): card for card in pool.cards}
    for row in rows("orbs", "cards.csv"):
        card = by_key[(row["era"], row["name"])]
        for field in ("cost", "ap", "hp"):
            assert card.attrs.get(field) == (int(row[field]) if row[field] else None)
        for field in ("color", "subtype"):
            assert card.attrs.get(field) == (row[field].split(";") if row[field] else None)
        assert card.attrs.get("type") == (row["type"] or None)
        assert card.attrs.get("rarity") == (row["rarity"] or None)


def test_digimon_attacks_levels_and_names():
    pool = REGISTRY.load("digimon-classic")
    reference = {r["number"]: r for r in rows("digimon", "cards_more.csv")}
    reference.update(
        {r["number"]: r for r in rows("digimon", "cards.csv") if r["number"].startswith("St-")}
    )
    for number, row in reference.items():
        card = pool.by_number[fold(number)]
        for field in ("circle_attack", "triangle_attack", "cross_attack"):
            assert card.attrs.get(field) == (int(row[field]) if row[field] else None), number
        if row["name_ja"]:
            assert card.names["ja"] == row["name_ja"]
        if row["name_en"]:
            assert card.names["en"] == row["name_en"]
        if number != "St-27" and row["level"]:
            assert card.attrs["level"] == row["level"], number
    assert pool.by_number["st-27"].attrs["level"] == "IV"  # more.md: cards_more settles St-27
    assert pool.by_number["st-27"].note  # the earlier crawl said III: the doubt is recorded


DIGI_BATTLE_TEXT = {"set": "set", "rarity": "rarity", "finish": "finish", "card_kind": "type",
                    "level": "level", "battle_type": "battle_type", "species": "species",
                    "attribute": "attribute", "special_effect": "effect",
                    "power_option_type": "power_option_type"}
DIGI_BATTLE_INTS = {f"attack_{c}_power": f"attack_{c}" for c in ("red", "green", "yellow")} | {
    f"score_vs_{level}": f"score_vs_{level}" for level in ("rookie", "champion", "ultimate", "mega")
} | {"set_sort_order": "set_sort_order"}
DIGI_BATTLE_LISTS = {"previous_digivolutions": ("; ", "previous_digivolutions"),
                     "next_digivolutions": ("; ", "next_digivolutions"),
                     "related_cards": ("; ", "related_cards"),
                     "languages": ("; ", "languages"),
                     "digivolution_requirements": (" || ", "digivolution_requirements"),
                     "power_option_restrictions": (" | ", "restrictions"),
                     "special_ability": (", ", "ability")}


def test_digi_battle_every_column():
    pool = REGISTRY.load("digi-battle")
    for row in rows("digi-battle", "cards.csv"):
        number = row["card_id"]
        card = pool.by_number[fold(number)]
        assert (card.name, card.names["en"]) == (row["name"], row["name"])
        assert card.attrs.get("serial", number) == row["card_number"]
        for column, field in DIGI_BATTLE_TEXT.items():
            assert card.attrs.get(field) == (row[column] or None), (number, field)
        for column, field in DIGI_BATTLE_INTS.items():
            assert card.attrs.get(field) == (int(row[column]) if row[column] else None), number
        for column, (separator, field) in DIGI_BATTLE_LISTS.items():
            expected = row[column].split(separator) if row[column] else None
            assert card.attrs.get(field) == expected, (number, field)
        for colour in ("red", "green", "yellow"):
            assert card.attrs.get(f"attack_{colour}_name") == (row[f"attack_{colour}"] or None)
        if row["original_language_name"]:
            assert row["original_language_name"] in card.names.values()
        for finding in filter(None, row["note"].split(" ## ")):
            assert finding.strip() in card.note, number


def test_digi_battle_missing_numbers_hold_only_the_evidence():
    pool = REGISTRY.load("digi-battle")
    missing = [r for r in rows("digi-battle", "missing_cards.csv") if "-" in r["card_number"]]
    assert len(missing) == 27
    for row in missing:
        card = pool.by_number[fold(row["card_number"])]
        assert card.name == card.number and not card.names  # never a guessed name
        assert card.attrs == {"set": row["set_by_numbering"]}
        assert row["evidence_it_exists"] in card.note


def test_digi_battle_french_booster_set_3_and_bandai_numbers():
    pool = REGISTRY.load("digi-battle")
    french = [f"BO-{n}" for n in (126, 132, 133, 135, 143, 144, 145, 146, 150, 151, 153)]
    for number in french:
        card = pool.by_number[fold(number)]
        assert card.attrs["set"] == "French Booster Set 3"
        assert "Bandai" in card.note and "reused BO-1xx" in card.note
    assert pool.by_number[fold("BO-135")].name == "Preciomon"


def test_digi_battle_holo_twins_are_cards_with_their_difference_noted():
    pool = REGISTRY.load("digi-battle")
    twins = [c for c in pool.cards if c.number.endswith("S") and c.number.startswith("ST-")]
    assert len(twins) == 30
    for twin in twins:
        base = pool.by_number[fold(twin.number[:-1])]
        assert twin.name == base.name and twin.attrs["finish"] == "HOLO"
        assert f"Holo twin of {base.number}" in twin.note and "differs" in twin.note
        assert any(twin.attrs.get(k) != base.attrs.get(k) for k in twin.attrs
                   if k not in {"set", "rarity", "finish", "set_sort_order", "related_cards"})


def test_digimon_names_in_every_script():
    pool = REGISTRY.load("digimon-classic")
    matched = 0
    for row in rows("digimon", "names", "cards_names.csv"):
        if row["number"][:2].isupper():  # a US number (ST-10): those cards are in digi-battle
            continue
        card = pool.by_number[fold(row["number"])]
        matched += 1
        for column, lang in (("name_ja", "ja"), ("name_zh_hans", "zh-Hans"),
                             ("name_zh_hant", "zh-Hant")):
            assert card.names.get(lang) == (row[column] or None), (row["number"], lang)
        assert card.attrs["name_match"] == row["match"]
        if not row["ref_name_ja"] and row["name_ja"]:
            assert card.attrs["ja_name_derived"] is True
        if row["match"] == "fuzzy":
            assert "romanisation" in card.note, row["number"]
    assert matched == sum(1 for c in pool.cards if "name_match" in c.attrs
                          and c.attrs["reference_file"] != "printings") == 1777
    # the printings match a species by their printed Japanese name only
    printed = [c for c in pool.cards if c.attrs["reference_file"] == "printings"]
    assert {c.attrs.get("name_match") for c in printed} == {"ja", None}
    assert all(c.attrs["type"] == "Digimon" for c in pool.cards if "zh-Hans" in c.names)
