"""The classic Digimon pool in Japanese and Chinese: search, decks and the copy rule."""

from __future__ import annotations

import csv
import re

import pytest

from conftest import REFERENCE, SAMPLES, toml_deck
from deckcli.pools.registry import PoolRegistry
from deckcli.textnorm import fold

POOL = PoolRegistry([]).load("digimon-classic")
NAMES = REFERENCE / "digimon" / "names" / "cards_names.csv"
needs_reference = pytest.mark.skipif(not NAMES.is_file(), reason="../shared/reference absent")
BY_NUMBER = SAMPLES / "digimon-classic" / "example-names-by-number.toml"
SCRIPTS = {
    "ja": "example-japanese-species-names.toml",
    "zh-Hans": "example-simplified-chinese-names.toml",
    "zh-Hant": "example-traditional-chinese-names.toml",
}


def verdict(cli, path):
    run = cli("check", path, "--format", "json")
    deck = run.json()["decks"][0]
    return run.code, deck["legal"], deck["cards"], [(p["rule"], p["severity"]) for p in
                                                    deck["problems"]]


def numbers_of(path) -> dict[str, int]:
    import tomllib

    return tomllib.loads(path.read_text(encoding="utf-8"))["cards"]


@pytest.mark.parametrize("name", ["亚古兽", "亞古獸", "アグモン"])
def test_search_by_chinese_and_japanese_name_lists_the_agumon_cards(cli, name):
    found = cli("cards", "digimon-classic", name, "--format", "json").json()
    numbers = {card["number"] for card in found}
    exact = {c.number for c in POOL.by_name[fold(name)]}
    assert "St-1" in exact and len(exact) >= 10 and exact <= numbers
    assert {c.names["en"] for c in POOL.by_name[fold(name)]} == {"Agumon", "Agumon (1)"}
    assert all("Agumon" in card["names"]["en"] for card in found)  # and Toy Agumon, Agumon (1)


@pytest.mark.parametrize("lang", sorted(SCRIPTS))
def test_a_deck_in_one_script_checks_as_by_number(cli, write_deck, lang):
    cards = numbers_of(BY_NUMBER)
    named = {POOL.by_number[fold(n)].names[lang]: k for n, k in cards.items()}
    assert len(named) == len(cards)  # one name per card number: the deck says the same
    by_number = verdict(cli, BY_NUMBER)
    assert by_number == (0, True, 30, [])
    assert verdict(cli, write_deck("d.toml", toml_deck("digimon-classic", named))) == by_number
    assert verdict(cli, SAMPLES / "digimon-classic" / SCRIPTS[lang]) == by_number


@pytest.mark.parametrize("lang", sorted(SCRIPTS))
def test_four_of_one_name_in_any_script_breaks_the_copy_rule(cli, write_deck, lang):
    cards = numbers_of(BY_NUMBER) | {"St-1": 4, "St-2": 2}
    named = {POOL.by_number[fold(n)].names[lang]: k for n, k in cards.items()}
    code, legal, _, problems = verdict(cli, write_deck("d.toml", toml_deck("digimon-classic",
                                                                          named)))
    assert (code, legal, problems) == (1, False, [("copies", "error")])
    sample = SAMPLES / "digimon-classic" / "illegal-four-agumon-chinese.toml"
    assert verdict(cli, sample)[3] == [("copies", "error")]


def test_cards_of_one_species_count_together_across_romanisations(cli, write_deck):
    # Tyranomon (fuzzy match to Tyrannomon): every card shares its Japanese name
    tyrano = [c for c in POOL.cards if c.names.get("en") == "Tyranomon"]
    groups = {POOL.name_groups[c.number] for c in tyrano}
    assert len(tyrano) > 1 and len(groups) == 1


@needs_reference
def test_no_name_group_holds_two_species():
    species: dict[str, str] = {}
    with NAMES.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            found = re.match(r"^char_\S+ \(= (.+)\)$", row["matched_species_name_en"])
            species[row["number"]] = found.group(1) if found else row["matched_species_name_en"]
    kinds: dict[str, set[str]] = {}
    for card in POOL.cards:
        if card.number in species:
            kinds.setdefault(POOL.name_groups[card.number], set()).add(species[card.number])
    assert kinds and all(len(found) == 1 for found in kinds.values())


def test_a_name_species_csv_gives_two_species_is_noted():
    loader = [c for c in POOL.cards if c.names.get("zh-Hans") == "装载狮子兽"]
    assert loader and all("more than one species" in c.note for c in loader)


def test_fuzzy_match_is_shown_by_cards_number(cli):
    card = next(c for c in POOL.cards if c.attrs.get("name_match") == "fuzzy")
    shown = cli("cards", "digimon-classic", card.number).out
    assert "romanisation" in " ".join(shown.split())


def test_alternative_official_spelling_is_an_alias(cli):
    found = cli("cards", "digimon-classic", "金属暴龙兽", "--format", "json").json()
    assert found and {c["names"]["zh-Hans"] for c in found} == {"机械暴龙兽"}


@pytest.mark.parametrize(("lang", "expected"), [(None, "亚古兽"), ("ja", "アグモン"),
                                                ("zh-Hant", "亞古獸"), ("en", "Agumon")])
def test_show_names_cards_in_a_chosen_language(cli, lang, expected):
    sample = SAMPLES / "digimon-classic" / SCRIPTS["zh-Hans"]
    run = cli("show", sample, "--format", "json", *(["--card-lang", lang] if lang else []))
    names = {row["number"]: row["name"] for group in run.json()["groups"]
             for row in group["cards"]}
    assert run.code == 0 and names["St-1"] == expected
    by_number = cli("show", BY_NUMBER, "--format", "json").json()["groups"][0]["cards"]
    assert {row["name"] for row in by_number} >= {"Agumon"}  # a number shows the pool's name
