"""Search across scripts (issue 36): romaji and kana for Japanese names, pinyin and the other
character set for Chinese ones, Latin without accents; in `cards`, deck lines and completion.
Exact matches always come first; results say which name matched."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from conftest import REFERENCE, REPO, SAMPLES, toml_deck
from deckcli.pools.registry import PoolRegistry

REGISTRY = PoolRegistry([])
NAMES = REFERENCE / "digimon" / "names" / "cards_names.csv"


def found(cli, game: str, *words: str) -> list[dict[str, object]]:
    run = cli("cards", game, *words, "--format", "json")
    assert run.code in (0, 1), run.err
    result: list[dict[str, object]] = json.loads(run.out)
    return result


@pytest.mark.parametrize(("query", "name"), [("hinata", "日向 翔陽"), ("Hinata", "日向 翔陽"),
                                             ("kageyama tobio", "影山 飛雄"),
                                             ("ひなた", "日向 翔陽"), ("Hinata Shōyō", "日向 翔陽"),
                                             ("hinata shoyo", "日向 翔陽")])
def test_haikyu_names_by_romaji_and_kana(cli, query, name):
    cards = found(cli, "haikyu", query)
    same = [card for card in cards if card["name"] == name]
    assert same and all("matched" in card for card in same)
    assert name in str(same[0]["matched"])
    readings = {c.attrs["name_reading"] for c in REGISTRY.load("haikyu").cards if c.name == name}
    assert len(same) == sum(1 for c in REGISTRY.load("haikyu").cards if c.name == name)
    assert readings  # the romaji comes from the pool's own reading


def test_the_table_says_which_name_matched(cli):
    run = cli("cards", "haikyu", "kageyama tobio", "--format", "text")
    assert run.code == 0
    rows = [line for line in run.out.splitlines() if line.startswith("HV-")]
    assert rows and all("kageyama tobio (romaji of 影山 飛雄)" in row for row in rows)


def test_pinyin_finds_agumon(cli):
    # 亚古兽 (names/cards_names.csv, St-1's zh-Hans) is yà gǔ shòu
    cards = found(cli, "digimon-classic", "yagushou")
    agumon = next(card for card in cards if card["number"] == "St-1")
    assert "pinyin" in str(agumon["matched"])
    assert {card["number"] for card in cards} >= {"St-1", "St-136"}


def test_hiragana_finds_a_katakana_digimon_name(cli):
    cards = found(cli, "digimon-classic", "がぶもん")
    assert "St-5" in {card["number"] for card in cards}
    assert all(card["names"]["ja"].startswith("ガブモン") or "ガブモン" in card["names"]["ja"]
               for card in cards if "matched" in card)


def test_agumon_still_finds_agumon_first_without_a_match_note(cli):
    cards = found(cli, "digimon-classic", "agumon")
    assert cards[0]["number"] == "St-1" and "matched" not in cards[0]
    exact = [card for card in cards if "matched" not in card]
    assert all("agumon" in str(card["name"]).lower() for card in exact)


def test_a_query_in_one_script_never_hides_exact_matches(cli):
    cards = found(cli, "haikyu", "日向")
    exact = [card for card in cards if "matched" not in card]
    assert exact and all("日向" in str(card["name"]) for card in exact)
    assert cards[:len(exact)] == exact  # exact matches come first


def test_accents_are_folded(cli):
    cards = found(cli, "megaman", "Área")
    assert "1C8" in {card["number"] for card in cards}
    area = next(card for card in cards if card["number"] == "1C8")
    assert area["name"] == "AreaSteal" and area["matched"] == "AreaSteal"


def test_a_field_query_is_not_searched_across_scripts(cli):
    assert found(cli, "haikyu", "name:hinata") == []


def opencc(config: str):
    import opencc as library

    return library.OpenCC(config)


@pytest.mark.parametrize(("held", "config"), [("zh-Hans", "s2t"), ("zh-Hant", "t2s")])
def test_a_chinese_name_is_found_in_the_other_script(held, config):
    """Every card whose pool holds a name in one script (Simplified only: 1,641 - 1,505
    Digimon cards hold no Traditional name) is found by that name in the other script; a
    Traditional name is found by its Simplified spelling (红莲骑士兽 for 紅蓮騎士獸, where the
    pool's Simplified name is another: 公爵兽)."""
    convert = opencc(config)
    pool = REGISTRY.load("digimon-classic")
    index = REGISTRY.resolver("digimon-classic", "hyper-colosseum").scripts()
    cards = [card for card in pool.cards if held in card.names]
    other = "zh-Hant" if held == "zh-Hans" else "zh-Hans"
    assert any(other not in card.names for card in cards) or held == "zh-Hant"
    tried = 0
    for card in cards:
        spelled = convert.convert(card.names[held])
        if spelled in card.names.values():
            continue  # the pool holds that spelling itself: found as written
        tried += 1
        assert card.number in {item.card.number for item in index.containing(spelled)}, card
    assert tried > 100


def test_a_deck_line_in_romaji_is_read_as_the_card_with_a_notice(cli, write_deck):
    deck = SAMPLES / "haikyu" / "starter-karasuno.toml"
    cards = dict(tomllib.loads(deck.read_text(encoding="utf-8"))["cards"])
    assert REGISTRY.load("haikyu").by_number["hv-d01-002"].name == "影山 飛雄"
    cards["kageyama tobio"] = cards.pop("HV-D01-002")
    run = cli("check", write_deck("d.toml", toml_deck("haikyu", cards)), "--format", "json")
    result = run.json()["decks"][0]
    notices = [p for p in result["problems"] if p["rule"] == "read-as"]
    assert len(notices) == 1 and notices[0]["severity"] == "info"
    assert "kageyama tobio" in notices[0]["message"] and "影山 飛雄" in notices[0]["message"]
    assert "unknown-card" not in {p["rule"] for p in result["problems"]}
    assert result["cards"] == sum(cards.values())


def test_a_pinyin_deck_line_names_agumon(cli, write_deck):
    legal = SAMPLES / "digimon-classic" / "example-agumon-gabumon.toml"
    cards = dict(tomllib.loads(legal.read_text(encoding="utf-8"))["cards"])
    cards["yagushou"] = cards.pop("St-1")
    run = cli("check", write_deck("d.toml", toml_deck("digimon-classic", cards)), "--format",
              "json")
    result = run.json()["decks"][0]
    assert run.code == 0 and result["legal"]
    assert [p["rule"] for p in result["problems"]] == ["read-as"]
    assert "Agumon (St-1)" in result["problems"][0]["message"]


def test_a_script_name_of_several_names_stays_unknown(cli, write_deck):
    # 'hinata' alone is a word of several cards' names, not one name
    deck = write_deck("d.toml", toml_deck("haikyu", {"hinata": 1}))
    rules = {p["rule"] for p in cli("check", deck, "--format", "json").json()["decks"][0][
        "problems"]}
    assert "unknown-card" in rules and "read-as" not in rules


HEAVY = ("pykakasi", "pypinyin", "opencc")
PROBE = """
import sys
from deckcli.cli.app import main
try:
    main(sys.argv[1:])
finally:
    sys.stderr.write("HEAVY=" + ",".join(n for n in {heavy!r} if n in sys.modules) + "\\n")
"""


def probe(tmp_path: Path, *argv: str, env: dict[str, str] | None = None) -> tuple[str, str]:
    """Run deckcli in a fresh interpreter: the heavy libraries it imported, and its output."""
    env = {**os.environ, "DECKCLI_CACHE": str(tmp_path / "cache"), "PYTHONPATH": str(REPO),
           **(env or {})}
    run = subprocess.run([sys.executable, "-c", PROBE.format(heavy=HEAVY), *argv],
                         capture_output=True, text=True, env=env, timeout=300)
    said = [line for line in run.stderr.splitlines() if line.startswith("HEAVY=")]
    assert said, run.stderr
    return said[-1].removeprefix("HEAVY="), run.stdout


@pytest.mark.slow
def test_checking_an_ordinary_deck_imports_no_script_library(tmp_path):
    for deck in (SAMPLES / "haikyu", SAMPLES / "digimon-classic" / "example-japanese-names.toml"):
        imported, _ = probe(tmp_path, "check", str(deck), "--format", "json")
        assert imported == "", deck


@pytest.mark.slow
def test_script_forms_are_shipped_or_made_once_and_cached(tmp_path):
    shipped, out = probe(tmp_path, "cards", "haikyu", "hinata", "--format", "json")
    assert shipped == "" and "日向 翔陽" in out  # the shipped pool's rows: nothing imported
    own = tmp_path / "pools"
    own.mkdir()
    shutil.copy(REPO / "cardpools" / "haikyu.toml", own / "haikyu.toml")  # a user's pool
    env = {"DECKCLI_POOLS": str(own)}
    first, out = probe(tmp_path, "cards", "haikyu", "hinata", "--format", "json", env=env)
    assert "pykakasi" in first and "日向 翔陽" in out
    again, out = probe(tmp_path, "cards", "haikyu", "hinata", "--format", "json", env=env)
    assert again == "" and "日向 翔陽" in out  # read back from the cache folder
    assert list((tmp_path / "cache" / "scripts").glob("haikyu-*.json"))


def test_every_shipped_pool_ships_its_current_script_forms():
    from deckcli.pools.scriptcache import makings, shipped_rows

    for game_id in REGISTRY.game_ids():
        pool = REGISTRY.load(game_id)
        assert shipped_rows(pool, makings(pool)) is not None, (
            f"{game_id}: run python tools/pools/build_scripts.py")


@pytest.mark.slow
def test_the_shipped_script_forms_are_what_the_libraries_make():
    from deckcli.engine.scripts import build_rows
    from deckcli.pools.scriptcache import makings, shipped_rows

    for game_id in REGISTRY.game_ids():
        pool = REGISTRY.load(game_id)
        assert shipped_rows(pool, makings(pool)) == build_rows(pool), game_id


def test_shipped_rows_are_taken_by_the_pool_files_hash_without_hashing_its_names(monkeypatch):
    from deckcli.pools import scriptcache

    pool = REGISTRY.load("digimon-classic")
    assert pool.digest is not None

    def no_makings(_pool):
        raise AssertionError("the names were hashed although the pool's bytes are the shipped ones")

    monkeypatch.setattr(scriptcache, "makings", no_makings)
    rows = scriptcache.shipped_rows(pool)
    assert rows is not None and ("あぐもん", "St-1", "アグモン", "アグモン", "name") in rows

    monkeypatch.setattr(pool, "digest", "0" * 64)  # other bytes: the names decide
    with pytest.raises(AssertionError, match="hashed"):
        scriptcache.shipped_rows(pool)


def test_kept_rows_read_back_as_made_and_a_malformed_row_is_a_miss():
    from deckcli.pools.scriptcache import compact, rows_of

    rows = [("agumon", "St-1", "Agumon", "Agumon", "name"),
            ("agumon", "St-1", "アグモン", "agumon", "romaji"),
            ("x", "St-2", "Greymon", "Grey", "name")]  # a name row whose form is not the name
    kept = compact(rows)
    assert kept[0] == ["agumon", "St-1", "Agumon"] and len(kept[2]) == 5
    assert rows_of(kept) == rows
    for bad in ([["a", "b"]], [["a", "b", 3]], [["a", "b", "c", "d"]], {"rows": []}, [None]):
        assert rows_of(bad) is None
