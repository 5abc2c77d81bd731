"""The five games end to end: real decks check legal, and their mutations fail by the right rule."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from conftest import SAMPLES, query_of, toml_deck
from deckcli.pools.registry import PoolRegistry

REGISTRY = PoolRegistry([])
STARTERS = {
    "megaman": SAMPLES / "megaman" / "starter-megaman.toml",
    "haikyu": SAMPLES / "haikyu" / "starter-karasuno.toml",
    "digimon-classic": SAMPLES / "digimon-classic" / "example-agumon-gabumon.toml",
    "orbs": SAMPLES / "orbs" / "example-old-era.toml",
    "digi-battle": SAMPLES / "digi-battle" / "starter-set-battle-deck-hand-1.toml",
}


def cards_of(path: Path) -> dict[str, int]:
    return dict(tomllib.loads(path.read_text(encoding="utf-8"))["cards"])


def check_cards(cli, write_deck, game: str, cards: dict[str, int], fmt: str | None = None):
    path = write_deck("mutant.toml", toml_deck(game, cards, fmt))
    run = cli("check", path, "--format", "json")
    return run.code, run.json()["decks"][0]


def errors(deck: dict) -> list[str]:
    return [p["rule"] for p in deck["problems"] if p["severity"] == "error"]


def card_matching(game: str, query: str, exclude: set[str] = frozenset()) -> str:
    pool = REGISTRY.load(game)
    return next(c.number for c in query_of(pool, query).select(pool.cards)
                if c.number not in exclude)


def matches(game: str, ref: str, query: str) -> bool:
    pool = REGISTRY.load(game)
    card = pool.by_number.get(ref.casefold()) or pool.by_name[ref.casefold()][0]
    return query_of(pool, query).matches(card) is True


@pytest.mark.parametrize("game", sorted(STARTERS))
def test_real_deck_is_legal(cli, game):
    run = cli("check", STARTERS[game], "--format", "json")
    deck = run.json()["decks"][0]
    assert (run.code, deck["game"], deck["legal"], errors(deck)) == (0, game, True, [])


@pytest.mark.parametrize("game", sorted(STARTERS))
def test_one_card_short(cli, write_deck, game):
    cards = cards_of(STARTERS[game])
    first = next(iter(cards))
    cards[first] -= 1
    if cards[first] == 0:
        del cards[first]
    code, deck = check_cards(cli, write_deck, game, cards)
    assert (
        code == 1 and errors(deck)[0] == "deck-size" and "— add 1" in deck["problems"][0]["message"]
    )


@pytest.mark.parametrize(
    ("game", "rule"), [("megaman", "copies"), ("orbs", "copies"), ("digimon-classic", "copies")]
)
def test_one_copy_too_many(cli, write_deck, game, rule):
    cards = cards_of(STARTERS[game])
    limit = {"megaman": 4, "orbs": 4, "digimon-classic": 3}[game]
    target = next(ref for ref, count in cards.items() if count == limit)
    other = next(ref for ref, count in cards.items() if ref != target and count > 1)
    cards[target] += 1
    cards[other] -= 1
    code, deck = check_cards(cli, write_deck, game, cards)
    assert code == 1 and errors(deck) == [rule]
    problem = deck["problems"][0]
    assert problem["message"].endswith("— cut 1") and problem["line"] is not None


def test_megaman_second_netnavi(cli, write_deck):
    cards = cards_of(STARTERS["megaman"])
    navi = next(ref for ref in cards if matches("megaman", ref, "type:NetNavi"))
    other = next(ref for ref, count in cards.items() if count > 1 and ref != navi)
    cards[other] -= 1
    second = card_matching("megaman", "type:NetNavi", {navi})
    cards[second] = 1
    code, deck = check_cards(cli, write_deck, "megaman", cards)
    assert code == 1 and errors(deck) == ["netnavi-count"]
    assert second in deck["problems"][0]["message"] and "cut 1" in deck["problems"][0]["message"]


def test_megaman_misspelt_card_suggests_the_real_one(cli, write_deck):
    cards = cards_of(STARTERS["megaman"])
    cards["1C8"] -= 1
    cards["AreaStael"] = 1
    code, deck = check_cards(cli, write_deck, "megaman", cards)
    problem = next(p for p in deck["problems"] if p["rule"] == "unknown-card")
    assert code == 1 and problem["card"] == "AreaStael" and problem["line"] is not None
    assert problem["message"] == (
        '"AreaStael" is not a MegaMan NT Warrior Trading Card Game card'
        " — did you mean AreaSteal (1C8)?"
    )


def test_haikyu_ninth_event(cli, write_deck):
    cards = cards_of(STARTERS["haikyu"])
    character = next(
        ref
        for ref, count in cards.items()
        if count > 1 and matches("haikyu", ref, "type:character")
    )
    cards[character] -= 1
    cards[card_matching("haikyu", "type:event", set(cards))] = 1
    code, deck = check_cards(cli, write_deck, "haikyu", cards)
    assert code == 1 and errors(deck) == ["event-limit"]
    assert deck["problems"][0]["message"].startswith("9 event cards")


def test_haikyu_has_no_copy_limit(cli, write_deck):
    character = card_matching("haikyu", "type:character")
    code, deck = check_cards(cli, write_deck, "haikyu", {character: 40})
    assert (code, errors(deck)) == (0, [])


def test_digimon_four_of_one_name_over_two_numbers(cli, write_deck):
    cards = cards_of(STARTERS["digimon-classic"])
    for ref in list(cards)[:2]:
        cards[ref] -= 1
        if cards[ref] == 0:
            del cards[ref]
    for ref in ("St-2", "St-91"):  # both Greymon
        cards[ref] = cards.get(ref, 0) + 2
    cards = _fit(cards, 30)
    code, deck = check_cards(cli, write_deck, "digimon-classic", cards)
    problem = next(p for p in deck["problems"] if p["rule"] == "copies")
    assert code == 1 and "Greymon" in problem["message"] and "St-2" in problem["message"]
    assert "St-91" in problem["message"]


def test_digimon_six_ultimates(cli, write_deck):
    pool = REGISTRY.load("digimon-classic")
    ultimates = [c.number for c in query_of(pool, "level:究極体").select(pool.cards)]
    cards = {number: 1 for number in ultimates[:6]}
    cards.update({"St-1": 3, "St-3": 3, "St-5": 3})
    cards = _fit(cards, 30, filler="level:IV")
    code, deck = check_cards(cli, write_deck, "digimon-classic", cards)
    assert code == 1 and "ultimate-limit" in errors(deck)
    limit = next(p for p in deck["problems"] if p["rule"] == "ultimate-limit")
    assert limit["message"].startswith("6 究極体") and limit["message"].endswith("cut 1")


def test_digimon_simplified_chinese_level_is_the_same_query(cli):
    simplified = cli("cards", "digimon-classic", "level:究极体", "--format", "json").json()
    japanese = cli("cards", "digimon-classic", "level:究極体", "--format", "json").json()
    assert len(simplified) == len(japanese) > 0


def test_orbs_49_cards(cli):
    run = cli("check", SAMPLES / "orbs" / "illegal-49-cards.toml", "--format", "json")
    deck = run.json()["decks"][0]
    assert run.code == 1 and errors(deck) == ["deck-size"]
    assert deck["problems"][0]["message"] == "49 cards; orbs decks have at least 50 — add 1"


def test_japanese_and_english_names_give_the_same_result(cli, write_deck):
    pool = REGISTRY.load("digimon-classic")
    cards = cards_of(STARTERS["digimon-classic"])
    resolved = [pool.by_number[ref.casefold()] for ref in cards]
    with_ja = {card.names.get("ja", card.number): cards[card.number] for card in resolved}
    with_en = {card.names.get("en", card.number): cards[card.number] for card in resolved}
    assert with_ja != with_en
    ja = check_cards(cli, write_deck, "digimon-classic", with_ja)[1]
    en = check_cards(cli, write_deck, "digimon-classic", with_en)[1]
    assert (ja["legal"], ja["cards"], errors(ja)) == (en["legal"], en["cards"], errors(en))


def _fit(cards: dict[str, int], size: int, filler: str = "level:IV") -> dict[str, int]:
    """Pad a Digimon deck to `size` with distinct-name filler cards (one copy each)."""
    pool = REGISTRY.load("digimon-classic")
    used = {pool.name_groups[pool.by_number[r.casefold()].number] for r in cards}
    for card in query_of(pool, f"type:Digimon {filler}").select(pool.cards):
        if sum(cards.values()) >= size:
            break
        group = pool.name_groups[card.number]
        if group not in used and card.max_copies is None:
            cards[card.number] = 1
            used.add(group)
    return cards
