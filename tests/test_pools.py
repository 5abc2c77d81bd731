"""Card pools: counts against the reference, schema errors, user pools, lazy loading, cache."""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest

from conftest import REFERENCE, TEST_POOLS, toml_deck
from deckcli.pools.load import load_pool, read_header
from deckcli.pools.poolfile import PoolError
from deckcli.pools.registry import PoolRegistry, builtin_pool_dir

needs_reference = pytest.mark.skipif(not REFERENCE.is_dir(), reason="../shared/reference absent")


def csv_rows(*parts: str) -> list[dict[str, str]]:
    with (REFERENCE.joinpath(*parts)).open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def pool_numbers(game: str) -> set[str]:
    return {card.number for card in PoolRegistry([]).load(game).cards}


@needs_reference
def test_megaman_has_every_reference_card():
    assert pool_numbers("megaman") == {row["number"] for row in csv_rows("megaman", "cards.csv")}


@needs_reference
def test_haikyu_has_every_card_number():
    numbers = {row["number"] for row in csv_rows("haikyu", "cards.csv")}
    assert len(numbers) == 402 and pool_numbers("haikyu") == numbers


@needs_reference
def test_orbs_has_every_row():
    assert len(pool_numbers("orbs")) == len(csv_rows("orbs", "cards.csv")) == 155


@needs_reference
def test_digimon_pools_split_the_reference_by_country():
    jp = {r["number"] for r in csv_rows("digimon", "cards.csv") if r["number"].startswith("St-")}
    jp |= {r["number"] for r in csv_rows("digimon", "cards_more.csv")}
    # and the promo and anniversary printings (DMHC's eight "…r" rows are not cards of their own)
    for name in ("promos-and-reprints.tsv", "exp-bandai-printed.tsv"):
        with (REFERENCE / "digimon" / "printings" / name).open(encoding="utf-8") as handle:
            jp |= {r["number"] for r in csv.DictReader(handle, delimiter="\t")
                   if not re.fullmatch(r"(St|Bo)-\d+r", r["number"])}
    assert pool_numbers("digimon-classic") == jp
    us = {r["card_id"] for r in csv_rows("digi-battle", "cards.csv")}
    us |= {r["card_number"] for r in csv_rows("digi-battle", "missing_cards.csv")
           if "-" in r["card_number"]}
    assert pool_numbers("digi-battle") == us


@needs_reference
def test_megaman_facts_are_typed():
    pool = PoolRegistry([]).load("megaman")
    row = next(r for r in csv_rows("megaman", "cards.csv") if r["number"] == "1C14")
    card = pool.by_number["1c14"]
    assert card.name == row["name"] == "LaserBlast"
    assert card.attrs["destiny"] == int(row["destiny"]) and card.attrs["power_cost"] == 3


def test_every_builtin_pool_passes_pool_check(cli):
    run = cli("pool", "check")
    assert run.code == 0, run.out


def test_pool_check_of_a_file(cli):
    run = cli("pool", "check", TEST_POOLS / "testgame.toml")
    assert run.code == 0 and "testgame, 14 cards" in run.out


def test_pool_check_reports_a_query_matching_nothing(cli, tmp_path):
    text = (
        (TEST_POOLS / "testgame.toml")
        .read_text()
        .replace('query = "type:Hero"', 'query = "type:Hero cost>=99"')
    )
    path = tmp_path / "testgame.toml"
    path.write_text(text)
    run = cli("pool", "check", path)
    assert (
        run.code == 1 and "rule hero-count: query 'type:Hero cost>=99' matches no card" in run.out
    )


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (("exactly = 10", 'exactly = "ten"'), "formats.standard.rules.0.size.exactly"),
        (("cost = 3", 'cost = "three"'), "card T-03: field 'cost' must be int"),
        (('number = "T-03"', 'number = "T-02"'), "card number 'T-02' appears twice"),
        (
            ('type = "Item"\ncost = 2', 'type = "Item"\ncolour = "red"'),
            "field 'colour' is not declared",
        ),
        (('default_format = "standard"', 'default_format = "modern"'), "'modern' is not one of"),
    ],
)
def test_malformed_pool_names_file_and_field(tmp_path, edit, fragment):
    text = (TEST_POOLS / "testgame.toml").read_text()
    assert edit[0] in text
    path = tmp_path / "testgame.toml"
    path.write_text(text.replace(edit[0], edit[1], 1))
    with pytest.raises(PoolError) as caught:
        load_pool(path)
    assert str(path) in str(caught.value) and fragment in str(caught.value)


def test_card_errors_carry_the_line(tmp_path):
    text = (TEST_POOLS / "testgame.toml").read_text().replace("cost = 3", 'cost = "three"')
    path = tmp_path / "testgame.toml"
    path.write_text(text)
    with pytest.raises(PoolError) as caught:
        load_pool(path)
    lines = text.splitlines()
    assert caught.value.line is not None and lines[caught.value.line - 1] == "[[cards]]"
    assert 'number = "T-03"' in lines[caught.value.line]


def test_user_pool_adds_a_game_and_a_broken_one_breaks_nothing(cli, tmp_path, write_deck):
    shutil.copy(TEST_POOLS / "testgame.toml", tmp_path / "testgame.toml")
    (tmp_path / "broken.toml").write_text("[game]\nid = 'broken'\n")
    deck = write_deck("d.toml", toml_deck("megaman", {"1C12": 1}))
    run = cli("--pools", tmp_path, "check", deck, "--format", "json")
    assert run.json()["decks"][0]["game"] == "megaman"
    games = cli("--pools", tmp_path, "games", "--format", "json")
    assert "testgame" in {row["game"] for row in games.json()}
    assert "broken.toml" in games.err and "formats" in games.err


def test_user_pool_from_environment_overrides_builtin(cli, tmp_path, monkeypatch, write_deck):
    text = (builtin_pool_dir() / "megaman.toml").read_text(encoding="utf-8")
    (tmp_path / "megaman.toml").write_text(
        text.replace("exactly = 60", "exactly = 40", 1), encoding="utf-8"
    )
    monkeypatch.setenv("DECKCLI_POOLS", str(tmp_path))
    deck = write_deck("d.toml", toml_deck("megaman", {"1C12": 1}))
    override, problem, *_ = cli("check", deck, "--format", "json").json()["decks"][0]["problems"]
    assert problem["message"] == "1 card; megaman decks have exactly 40 — add 39"
    assert override["rule"] == "pool-override" and override["severity"] == "warning"
    assert str(tmp_path / "megaman.toml") in override["message"]


def test_checking_one_game_loads_only_that_pool(write_deck):
    from deckcli.app.run import check_paths
    from deckcli.app.settings import Settings

    registry = PoolRegistry([])
    check_paths([write_deck("d.toml", toml_deck("megaman", {"1C12": 1}))], registry, Settings())
    assert set(registry._loaded) == {"megaman"}


def test_disk_cache_is_used_and_invalidated(tmp_path, monkeypatch):
    from deckcli.engine.resolver import Resolver
    from deckcli.pools import cache, load

    monkeypatch.setenv("DECKCLI_CACHE", str(tmp_path / "cache"))
    pool_file = tmp_path / "testgame.toml"
    shutil.copy(TEST_POOLS / "testgame.toml", pool_file)
    calls: list[Path] = []

    def counting_load(path: Path, data: bytes | None = None, header=None):
        calls.append(path)
        return load_pool(path, data, header)

    monkeypatch.setattr(load, "load_pool", counting_load)
    header = read_header(pool_file)
    first = cache.load_cached(pool_file, header)
    second = cache.load_cached(pool_file, header)
    assert len(calls) == 1 and [c.number for c in second.cards] == [c.number for c in first.cards]
    resolver = Resolver(second, second.header.game.default_format)
    assert resolver.query("type:Hero").select(second.cards)[0].number == "T-01"
    pool_file.write_text(pool_file.read_text().replace('name = "Bolt"', 'name = "Zap"', 1))
    third = cache.load_cached(pool_file, header)
    assert len(calls) == 2 and third.by_number["t-02"].name == "Zap"
