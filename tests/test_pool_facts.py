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


def test_digi_battle_levels_from_levels_us():
    pool = REGISTRY.load("digi-battle")
    for row in rows("digimon", "levels_us.csv"):
        card = pool.by_number.get(fold(row["number"]))
        if card is not None:
            assert card.attrs["level"] == row["level"], row["number"]
