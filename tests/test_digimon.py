"""The whole original Digimon game: every card, both formats, Hybrids, Mushmon, US levels."""

from __future__ import annotations

import tomllib

from conftest import SAMPLES, query_of, toml_deck
from deckcli.pools.registry import PoolRegistry

POOL = PoolRegistry([]).load("digimon-classic")
BOOSTER_DECK = SAMPLES / "digimon-classic" / "example-booster-mushmon.toml"


def deck_of(cli, path):
    run = cli("check", path, "--format", "json")
    return run.code, run.json()["decks"][0]


def test_cards_json_lists_every_card(cli):
    cards = cli("cards", "digimon-classic", "--format", "json").json()
    assert len(cards) == len(POOL.cards) == 2499
    assert {"number", "name", "type"} <= set(cards[0])
    prefixes = {card["number"].split("-")[0] for card in cards}
    assert prefixes == {"St", "Sx", "Bo", "Bx"}


def test_all_419_ultimate_level_cards(cli):
    assert len(cli("cards", "digimon-classic", "level:究極体", "--format", "json").json()) == 419


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
