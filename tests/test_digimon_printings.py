"""The original Digimon game's promo, giveaway and anniversary printings, against the reference.

Every one of the 579 DMHC rows the printings/ folder read from the card scans is a card of the
pool or (the eight `…r` rows) a printing of the original card; names are the scans' reading;
Ultimate Battle refuses privilege numbers, Hyper Colosseum counts them like any card.
"""

from __future__ import annotations

import csv
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from conftest import REFERENCE, SAMPLES, toml_deck
from deckcli.pools.registry import PoolRegistry
from deckcli.textnorm import fold

POOL = PoolRegistry([]).load("digimon-classic")
PRINTINGS = REFERENCE / "digimon" / "printings"
needs_reference = pytest.mark.skipif(not (PRINTINGS / "scans-read.tsv").is_file(),
                                     reason="../shared/reference absent")
REPRINTS = ("St-1r", "St-61r", "St-169r", "St-762r", "Bo-66r", "Bo-211r", "Bo-500r",
            "Bo-1207r")
SETS = {"PROM1": 47, "PROM2": 142, "EXP": 171, "NEW": 144, "NEW2": 7, "KIZU": 7, "20A": 61}


def tsv(name: str) -> list[dict[str, str]]:
    with (PRINTINGS / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def card(number: str):
    return POOL.by_number[fold(number)]


def deck_of(cli, path):
    run = cli("check", path, "--format", "json")
    return run.code, run.json()["decks"][0]


@needs_reference
def test_every_row_is_a_card_or_a_printing_of_one_counted_by_set():
    rows = tsv("promos-and-reprints.tsv") + tsv("exp-bandai-printed.tsv")
    assert len(rows) == 579
    by_set: Counter[str] = Counter()
    for row in rows:
        number = row["number"]
        dmhc_set = row["release_where"].split(";")[0].removeprefix("DMHC set ")
        by_set[dmhc_set] += 1
        if number in REPRINTS:
            original = card(number[:-1])
            assert original.attrs["reference_file"] != "printings"
            assert any(f"DMHC number {number}:" in text for text in original.attrs["printings"])
            assert fold(number) not in POOL.by_number
        else:
            found = card(number)
            assert found.attrs["reference_file"] == "printings"
            assert found.attrs["set"].startswith(f"DMHC set {dmhc_set} ")
            assert found.names["en"] == row["english_name"]
    assert dict(by_set) == SETS
    printed = [c for c in POOL.cards if c.attrs.get("reference_file") == "printings"]
    assert len(printed) == 579 - len(REPRINTS)


@needs_reference
def test_japanese_names_are_the_scans_reading():
    kept_apart = set()
    for row in tsv("scans-read.tsv"):
        if row["number"] in REPRINTS:
            continue
        found = card(row["number"])
        if "name_ja_printed" in found.attrs:  # a name that would join two species' counts
            kept_apart.add(found.number)
            assert "ja" not in found.names and "name_ja_printed" in found.note
        assert found.names.get("ja", found.attrs.get("name_ja_printed")) == \
            row["japanese_name_as_printed"]
    # the X-Antibody promos print the plain species name; the booster X-Antibody cards and the
    # plain ones stay two name groups
    assert kept_apart == {"Bx-3s", "BHK-4", "Bx-6s", "Bx-10s", "Sp-28"}
    assert POOL.name_groups["Bx-28"] != POOL.name_groups["St-61"]
    # where DMHC's English differs from the card, the scan wins
    assert card("Re-100").names["ja"] == "アルファモン"
    assert card("Re-129").names["ja"] == "オメガモンズワルトDEFEAT"


@needs_reference
def test_release_is_the_scans_with_its_source():
    rows = {r["number"]: r for r in tsv("promos-and-reprints.tsv")}
    fair = card("Ta-1")
    assert "東映アニメフェア" in fair.attrs["release"]
    assert fair.source.split(" | ")[0] == rows["Ta-1"]["source"]
    assert "sets/general/Ta-1.jpg" in fair.source
    for row in tsv("exp-bandai-printed.tsv"):
        assert "product unidentified" in card(row["number"]).attrs["release"]


def test_king_device_da_5_is_an_item_as_printed():
    king = card("Da-5")
    assert (king.name, king.attrs["type"], king.attrs["option_kind"]) == (
        "King Device", "Option", "Item")
    assert king.attrs["capacity"] == 50
    assert "DMHC types it Program" in king.note


def test_the_eight_r_rows_are_printings_of_the_original_numbers(cli):
    for number in REPRINTS:
        original = card(number[:-1])
        assert [t for t in original.attrs["printings"] if number in t], number
    shown = cli("cards", "digimon-classic", "St-169", "--format", "text").out
    assert "printings: 20A reprint, DMHC number St-169r: printed as インペリアルドラモン" in shown
    assert cli("cards", "digimon-classic", "St-1r").code == 1  # not a card of its own


def test_cards_shows_a_promos_release(cli):
    shown = cli("cards", "digimon-classic", "Bo-12j", "--format", "text").out
    assert "release: DMHC set PROM1; printed ©BANDAI 2014" in shown
    assert "printed year: 2014" in shown


def ultimate_battle_with(number: str) -> dict[str, int]:
    """The Ultimate Battle sample (60 cards, legal) with one Shellmon traded for `number`."""
    sample = SAMPLES / "digimon-classic" / "example-ultimate-battle.toml"
    cards = dict(tomllib.loads(sample.read_text(encoding="utf-8"))["cards"])
    cards["Bo-9"] -= 1
    return cards | {number: 1}


@pytest.mark.parametrize("number", ["Bo-12j", "Bo-3L", "Bo-1t", "Bo-1v", "Bo-1vj", "Bx-3s"])
def test_ultimate_battle_refuses_each_kind_of_privilege_number(cli, write_deck, number):
    deck = toml_deck("digimon-classic", ultimate_battle_with(number), "ultimate-battle")
    code, result = deck_of(cli, write_deck("d.toml", deck))
    refused = [p for p in result["problems"] if p["rule"] == "privilege-cards"]
    assert code == 1 and len(refused) == 1
    assert refused[0]["severity"] == "error"
    assert f"({number}) is not allowed" in refused[0]["message"]
    assert "privilege (promo) card" in refused[0]["message"]


def test_ultimate_battle_refuses_every_promo_with_a_bo_or_bx_number():
    rule = next(r for r in POOL.header.formats["ultimate-battle"].rules
                if r.id == "privilege-cards")
    from deckcli.engine.query import compile_query
    query = compile_query(rule.query, POOL.fields)
    promos = {c.number for c in POOL.cards if c.attrs.get("reference_file") == "printings"
              and c.number.startswith(("Bo-", "Bx-"))}
    refused = {c.number for c in POOL.cards if query.matches(c) is False}
    assert promos and refused == promos


def test_the_regular_ultimate_battle_sample_stays_legal(cli):
    code, deck = deck_of(cli, SAMPLES / "digimon-classic" / "example-ultimate-battle.toml")
    assert code == 0 and deck["legal"] and deck["problems"] == []


def hyper_colosseum_with(numbers: dict[str, int]) -> dict[str, int]:
    """The Agumon/Gabumon sample (30 cards, legal) with as many of its Plug-In and Program
    cards (St-49, St-50, St-56, St-59: 9 copies) traded for `numbers`."""
    sample = SAMPLES / "digimon-classic" / "example-agumon-gabumon.toml"
    cards = dict(tomllib.loads(sample.read_text(encoding="utf-8"))["cards"])
    owed = sum(numbers.values())
    for number in ("St-49", "St-50", "St-56", "St-59"):
        taken = min(owed, cards[number])
        cards[number] -= taken
        owed -= taken
    assert owed == 0
    return {ref: n for ref, n in cards.items() if n} | numbers


def test_hyper_colosseum_accepts_privilege_cards(cli, write_deck):
    cards = hyper_colosseum_with({"Bo-12j": 1, "Bo-3L": 1, "Bo-1t": 1, "Bo-1v": 1})
    code, deck = deck_of(cli, write_deck("d.toml", toml_deck("digimon-classic", cards)))
    assert code == 0 and deck["legal"], deck["problems"]


def test_hyper_colosseum_counts_a_promo_by_name(cli, write_deck):
    # Bo-1t prints ギルモン, as the booster Guilmon cards do: 4 by one name is one too many
    guilmon = [c.number for c in POOL.by_name[fold("ギルモン")]
               if c.attrs.get("level") == "III" and c.number != "Bo-1t"]
    cards = hyper_colosseum_with({"Bo-1t": 1, guilmon[0]: 3})
    code, deck = deck_of(cli, write_deck("d.toml", toml_deck("digimon-classic", cards)))
    assert code == 1 and [p["rule"] for p in deck["problems"]] == ["copies"]
    assert "4 × " in deck["problems"][0]["message"]
    assert "Bo-1t" in deck["problems"][0]["message"]


def test_the_device_cap_counts_a_promo_device(cli, write_deck):
    # Da-5 and Bo-642 are both King Device: at most 3 of them by the name rule
    legal = hyper_colosseum_with({"Bo-642": 2, "Da-5": 1, "Bo-693": 3})
    code, deck = deck_of(cli, write_deck("d.toml", toml_deck("digimon-classic", legal)))
    assert code == 0 and deck["legal"], deck["problems"]
    over = hyper_colosseum_with({"Bo-642": 2, "Da-5": 1, "Bo-693": 3, "Bo-68t": 1})
    code, deck = deck_of(cli, write_deck("d.toml", toml_deck("digimon-classic", over)))
    assert code == 1 and [p["rule"] for p in deck["problems"]] == ["device-limit"]
    assert "Da-5" in deck["problems"][0]["message"]


def test_builder_reproduces_the_pool(tmp_path: Path):
    if not (PRINTINGS / "scans-read.tsv").is_file():
        pytest.skip("../shared/reference absent")
    import subprocess
    import sys
    repo = Path(__file__).resolve().parents[1]
    out = tmp_path / "digimon-classic.toml"
    subprocess.run([sys.executable, str(repo / "tools" / "pools" / "build_digimon_classic.py"),
                    "--reference", str(REFERENCE / "digimon"), "--out", str(out)],
                   check=True, capture_output=True)
    assert out.read_bytes() == (repo / "cardpools" / "digimon-classic.toml").read_bytes()
