"""The whole original Digimon game: every card, both formats, Hybrids, Mushmon, US levels."""

from __future__ import annotations

import tomllib
from pathlib import Path

from conftest import SAMPLES, query_of, toml_deck
from deckcli.pools.registry import PoolRegistry

POOL = PoolRegistry([]).load("digimon-classic")
POOL_FILE = Path(__file__).parents[1] / "cardpools" / "digimon-classic.toml"
BOOSTER_DECK = SAMPLES / "digimon-classic" / "example-booster-mushmon.toml"


def deck_of(cli, path):
    run = cli("check", path, "--format", "json")
    return run.code, run.json()["decks"][0]


def test_cards_json_lists_every_card(cli):
    cards = cli("cards", "digimon-classic", "--format", "json").json()
    # 2,499 from cards.csv and cards_more.csv, 571 promo and anniversary printings
    assert len(cards) == len(POOL.cards) == 2499 + 571
    assert {"number", "name", "type"} <= set(cards[0])
    prefixes = {card["number"].split("-")[0] for card in cards
                if card["reference_file"] != "printings"}
    assert prefixes == {"St", "Sx", "Bo", "Bx"}


def test_all_419_ultimate_level_cards(cli):
    found = cli("cards", "digimon-classic", "level:究極体 -reference_file:printings", "--format",
                "json").json()
    assert len(found) == 419
    # the printings add 197 究極体 and 5 Xros-era "Xros (Ultimate)" cards
    assert len(cli("cards", "digimon-classic", "level:究極体", "--format", "json").json()) == 621


def test_booster_deck_with_four_mushmon_is_legal(cli):
    cards = tomllib.loads(BOOSTER_DECK.read_text(encoding="utf-8"))["cards"]
    assert cards["Bo-1154"] == 4
    code, deck = deck_of(cli, BOOSTER_DECK)
    assert code == 0 and deck["legal"] and all(p["rule"] != "copies" for p in deck["problems"])


def test_other_mushmon_numbers_keep_the_cap(cli, write_deck):
    cards = tomllib.loads(BOOSTER_DECK.read_text(encoding="utf-8"))["cards"]
    del cards["Bo-1154"]
    cards["Bo-82"] = 4
    code, deck = deck_of(cli, write_deck("d.toml", toml_deck("digimon-classic", cards)))
    assert code == 1 and [p["rule"] for p in deck["problems"]] == ["copies"]


def test_ultimate_battle_format_rules(cli, write_deck):
    cards = tomllib.loads(BOOSTER_DECK.read_text(encoding="utf-8"))["cards"]
    code, deck = deck_of(
        cli, write_deck("d.toml", toml_deck("digimon-classic", cards, "ultimate-battle"))
    )
    assert code == 1 and deck["format"] == "ultimate-battle"
    assert deck["problems"][0]["message"] == (
        "30 cards; digimon-classic ultimate-battle decks have at least 60 — add 30"
    )
    legal_sample = SAMPLES / "digimon-classic" / "example-ultimate-battle.toml"
    code, deck = deck_of(cli, legal_sample)
    assert (code, deck["format"], deck["cards"]) == (0, "ultimate-battle", 60)


def test_ultimate_battle_allows_only_st_and_bo_numbers(cli, write_deck):
    sample = SAMPLES / "digimon-classic" / "example-ultimate-battle.toml"
    cards = tomllib.loads(sample.read_text(encoding="utf-8"))["cards"]
    option = next(c.number for c in query_of(POOL, "type:Option number:Bx-*").select(POOL.cards))
    first = next(iter(cards))
    cards[first] -= 1
    cards = {ref: n for ref, n in cards.items() if n} | {option: 1}
    _, deck = deck_of(
        cli, write_deck("d.toml", toml_deck("digimon-classic", cards, "ultimate-battle"))
    )
    card_pool = [p for p in deck["problems"] if p["rule"] == "card-pool"]
    assert card_pool and card_pool[0]["card"] == option


def test_hybrids_warn_under_the_ultimate_limit(cli, write_deck):
    hybrid = next(c.number for c in query_of(POOL, "level:Hybrid").select(POOL.cards))
    cards = tomllib.loads(BOOSTER_DECK.read_text(encoding="utf-8"))["cards"]
    first = next(ref for ref, n in cards.items() if ref != "Bo-1154")
    cards[first] -= 1
    cards = {ref: n for ref, n in cards.items() if n} | {hybrid: 1}
    _, deck = deck_of(cli, write_deck("d.toml", toml_deck("digimon-classic", cards)))
    warning = next(p for p in deck["problems"] if p["rule"] == "ultimate-limit")
    assert warning["severity"] == "warning" and warning["card"] == hybrid
    assert warning["message"].startswith("cannot verify") and "Hybrid" in warning["message"]


def distinct_champions(pool) -> list[str]:
    """Champion card numbers, one per name (so the copies-by-name warning stays quiet)."""
    by_group = {}
    for card in query_of(pool, "type:Digimon level:Champion").select(pool.cards):
        by_group.setdefault(pool.name_groups[card.number], card.number)
    return list(by_group.values())


def test_digi_battle_rookie_rule_uses_us_levels(cli, write_deck):
    pool = PoolRegistry([]).load("digi-battle")
    champions = distinct_champions(pool)
    code, deck = deck_of(
        cli, write_deck("d.toml", toml_deck("digi-battle", dict.fromkeys(champions[:30], 1)))
    )
    assert code == 1 and [p["rule"] for p in deck["problems"]] == ["rookie"]
    assert deck["problems"][0]["message"] == "no Rookie cards; at least 1 needed — add 1"


def test_digi_battle_unknown_level_cannot_be_verified(cli, tmp_path, write_deck):
    from deckcli.pools.registry import builtin_pool_dir

    text = (builtin_pool_dir() / "digi-battle.toml").read_text(encoding="utf-8")
    start = text.index('number = "ST-01"')
    level_at = text.index('level = "Rookie"', start)
    (tmp_path / "digi-battle.toml").write_text(
        text[:level_at] + text[level_at + 17 :], encoding="utf-8"
    )
    champions = distinct_champions(PoolRegistry([]).load("digi-battle"))
    cards = dict.fromkeys(["ST-01", *champions[:29]], 1)
    run = cli(
        "--pools",
        tmp_path,
        "check",
        write_deck("d.toml", toml_deck("digi-battle", cards)),
        "--format",
        "json",
    )
    deck = run.json()["decks"][0]
    assert run.code == 0 and [p["rule"] for p in deck["problems"]] == ["pool-override", "rookie"]
    assert deck["problems"][1]["message"].startswith("cannot verify Agumon (ST-01): its level")


def device_deck(devices: dict[str, int]) -> dict[str, int]:
    """The Agumon/Gabumon sample with its 7 Plug-In A, Plug-In C and Program St-56 copies
    traded for Device cards (and, when fewer than 7, more copies of St-59)."""
    legal = SAMPLES / "digimon-classic" / "example-agumon-gabumon.toml"
    cards = dict(tomllib.loads(legal.read_text(encoding="utf-8"))["cards"])
    for number in ("St-49", "St-50", "St-56"):
        del cards[number]
    cards.update(devices)
    cards["St-59"] += 7 - sum(devices.values())
    assert sum(cards.values()) == 30
    return cards


def test_six_device_cards_are_legal(cli, write_deck):
    cards = device_deck({"Bo-642": 3, "Bo-693": 3})  # King Device, Queen Device
    code, deck = deck_of(cli, write_deck("d.toml", toml_deck("digimon-classic", cards)))
    assert code == 0 and deck["legal"], deck["problems"]


def test_a_seventh_device_card_breaks_the_limit_printed_on_them(cli, write_deck):
    cards = device_deck({"Bo-642": 3, "Bo-693": 3, "Bo-697": 1})  # King, Queen, Pawn
    for fmt in ("hyper-colosseum", "ultimate-battle"):
        code, deck = deck_of(cli, write_deck("d.toml", toml_deck("digimon-classic", cards, fmt)))
        assert code == 1
        limit = [p for p in deck["problems"] if p["rule"] == "device-limit"]
        assert len(limit) == 1 and limit[0]["severity"] == "error"
        assert "7" in limit[0]["message"] and "6" in limit[0]["message"]


def test_every_card_named_device_is_counted_and_nothing_else(cli):
    pool = tomllib.loads((POOL_FILE).read_text(encoding="utf-8"))
    for fmt in ("hyper-colosseum", "ultimate-battle"):
        rule = next(r for r in pool["formats"][fmt]["rules"] if r["id"] == "device-limit")
        found = cli("cards", "digimon-classic", rule["query"], "--format", "json").json()
        assert {card["number"] for card in found} == {
            "St-582", "St-598", "Bo-642", "Bo-693", "Bo-697", "Bo-743", "Bo-744",
            "Da-5", "Bo-68t"}  # the last two: a giveaway and an EXP printing
