"""The digimon-classic pool's preamble states true counts and lists the sets it leaves out."""

from __future__ import annotations

import re

from conftest import REPO, toml_deck
from deckcli.pools.registry import PoolRegistry

POOL = REPO / "cardpools" / "digimon-classic.toml"


def preamble() -> str:
    lines = POOL.read_text(encoding="utf-8").split("\nschema")[0].splitlines()
    return " ".join(line.removeprefix("#").strip() for line in lines)


def number(text: str) -> int:
    return int(text.replace(",", ""))


def test_counts_are_the_pools():
    cards = PoolRegistry([]).load("digimon-classic").cards
    digimon = [c for c in cards if c.attrs.get("type") == "Digimon"]
    options = [c for c in cards if c.attrs.get("type") == "Option"]
    found = re.search(r"([\d,]+) of the ([\d,]+) Digimon cards are matched; no Option card is\. "
                      r"([\d,]+) Options have a Japanese name", preamble())
    assert found, preamble()[:400]
    assert number(found[1]) == sum(1 for c in digimon if "name_match" in c.attrs)
    assert number(found[2]) == len(digimon)
    assert number(found[3]) == sum(1 for c in options if c.names.get("ja"))
    assert not any("name_match" in c.attrs for c in options)


def test_printed_sets_are_listed_with_their_counts():
    text = preamble()
    assert "printings: the 579 rows of the DMHC sets" in text
    for name, count in (("PROM1", 47), ("PROM2", 142), ("EXP", 171), ("NEW", 144),
                        ("NEW2", 7), ("KIZU", 7), ("20A", 61)):
        assert f"{name}: {count} (" in text
    assert "(571 cards from 579 rows)" in text


def test_a_promo_is_a_card_as_the_preamble_says(cli, write_deck):
    # before the printings were added, Da-5 was unknown-card
    deck = write_deck("promo.toml", toml_deck("digimon-classic", {"Da-5": 1, "St-1": 29}))
    run = cli("check", deck, "--format", "json")
    rules = {p["rule"] for p in run.json()["decks"][0]["problems"]}
    assert "unknown-card" not in rules


def test_no_digi_battle_note_calls_bandai_sets_japanese_made():
    cards = PoolRegistry([]).load("digi-battle").cards
    bandai = [c for c in cards if "Bandai's later booster sets" in (c.note or "")]
    assert len(bandai) == 45
    assert not any("Japanese-made" in (c.note or "") for c in cards)


def test_liollmon_chinese_name_is_the_references_with_a_note():
    card = PoolRegistry([]).load("digimon-classic").by_number["bo-1172"]
    assert card.names["zh-Hans"] == "幼师兽"
    assert "幼狮兽" in (card.note or "")
