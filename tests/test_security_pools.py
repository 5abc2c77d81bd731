"""Hostile pool caches and user pools (issue 13, items 1 and 4).

A planted cache entry (a pickle, garbage, the wrong shape, a FIFO) runs nothing and is a miss
that is rebuilt; a cache folder others may write is not used; a user pool that overrides a
built-in game says so in every output format; an id or alias another game holds breaks only
the pool that claims it.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SAMPLES, TEST_POOLS, toml_deck
from deckcli.io.stamps import sha256_hex
from deckcli.pools import cache
from deckcli.pools.registry import builtin_pool_dir

TESTGAME = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")
LEGAL_TESTGAME = {"T-01": 1, "T-02": 3, "T-03": 3, "T-04": 3}
MEGAMAN = (builtin_pool_dir() / "megaman.toml").read_text(encoding="utf-8")


class Planted:
    """Unpickling this creates a folder: proof that a cache entry ran code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple:
        return (os.mkdir, (str(self.marker),))


@pytest.fixture
def pool_setup(tmp_path, monkeypatch, write_deck):
    """(a user pool file, a legal deck of its game, its cache entry's path)."""
    monkeypatch.setenv("DECKCLI_CACHE", str(tmp_path / "cache"))
    pool = tmp_path / "pools" / "testgame.toml"
    pool.parent.mkdir()
    pool.write_text(TESTGAME, encoding="utf-8")
    deck = write_deck("t.toml", toml_deck("testgame", LEGAL_TESTGAME))
    folder = tmp_path / "cache" / "cards"
    folder.mkdir(parents=True, mode=0o700)
    return pool, deck, folder / cache.entry_name(pool, sha256_hex(pool.read_bytes()))


def legal(cli, pool: Path, deck: Path) -> bool:  # noqa: ANN001 - conftest's cli
    run = cli("--pools", pool.parent, "check", deck, "--format", "json", "--no-cache")
    assert run.code in (0, 1) and "Traceback" not in run.err, run.err
    return run.json()["decks"][0]["legal"]


PLANTED = {
    "pickle that runs code": lambda marker: pickle.dumps(Planted(marker)),
    "pickle of another type": lambda marker: pickle.dumps({"format": 2}),
    "not JSON": lambda marker: b"\x80\x04garbage{",
    "JSON of the wrong shape": lambda marker: b'{"format": 2, "header": {}, "cards": "x"}',
    "a card of the wrong shape": lambda marker: json.dumps(
        {"format": 2, "header": {"game": {"id": "testgame", "name": "T", "default_format": "s"},
                                 "formats": {"s": {}}}, "cards": [{"number": 5}]}).encode(),
    "a JSON list": lambda marker: b"[1, 2, 3]",
}


@pytest.mark.parametrize("case", sorted(PLANTED))
def test_a_planted_cache_entry_runs_nothing_and_is_rebuilt(cli, tmp_path, pool_setup, case):
    pool, deck, entry = pool_setup
    marker = tmp_path / "code-ran"
    entry.write_bytes(PLANTED[case](marker))
    assert legal(cli, pool, deck) is True
    assert not marker.exists()
    rebuilt = json.loads(entry.read_bytes())
    assert rebuilt["format"] == cache.CARDS.format and len(rebuilt["cards"]) == 14


def test_a_fifo_named_like_a_cache_entry_neither_hangs_nor_stays(tmp_path, pool_setup):
    pool, deck, entry = pool_setup
    os.mkfifo(entry)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-m", "deckcli", "--pools", str(pool.parent), "check",
                          str(deck), "--format", "json"], env=env, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0 and json.loads(run.stdout)["decks"][0]["legal"] is True
    assert entry.is_file()  # rebuilt as a regular file


def test_an_oversized_entry_is_a_miss(cli, pool_setup, monkeypatch):
    pool, deck, entry = pool_setup
    assert legal(cli, pool, deck) is True  # a real entry
    os.utime(entry, ns=(0, 0))
    monkeypatch.setattr(cache.CARDS, "max_bytes", 100)
    assert legal(cli, pool, deck) is True
    assert entry.stat().st_mtime_ns != 0  # not read: the pool was parsed and the entry rewritten


def test_the_key_is_the_pool_content_not_its_size_or_time(cli, pool_setup):
    pool, deck, _ = pool_setup
    assert legal(cli, pool, deck) is True
    info = pool.stat()
    pool.write_text(TESTGAME.replace("exactly = 10", "exactly = 11", 1), encoding="utf-8")
    os.utime(pool, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert pool.stat().st_size == info.st_size
    assert legal(cli, pool, deck) is False  # the new rule, not the cached one


def test_the_cache_folder_is_private(cli, tmp_path, monkeypatch):
    folder = tmp_path / "fresh" / "cache"
    monkeypatch.setenv("DECKCLI_CACHE", str(folder))
    assert cli("check", SAMPLES / "megaman" / "starter-megaman.toml").code == 0
    assert oct(folder.stat().st_mode & 0o777) == "0o700"
    assert all(oct(inner.stat().st_mode & 0o777) == "0o700" for inner in folder.iterdir())
    assert any(path.name.endswith(".json") for path in folder.rglob("*"))


@pytest.mark.parametrize("why", ["other users may write to it", "another user owns it"])
def test_a_cache_folder_others_control_is_not_used(cli, tmp_path, monkeypatch, why):
    folder = tmp_path / "shared"
    folder.mkdir()
    if why == "another user owns it":
        if not hasattr(os, "geteuid") or os.geteuid() != 0:
            pytest.skip("needs root to give the folder away")
        os.chown(folder, 65534, 65534)
        folder.chmod(0o755)
    else:
        folder.chmod(0o777)
    monkeypatch.setenv("DECKCLI_CACHE", str(folder))
    run = cli("check", SAMPLES / "megaman" / "starter-megaman.toml",
              SAMPLES / "orbs", "--format", "json")
    assert run.code == 1 and len(run.json()["decks"]) > 2
    assert run.err.splitlines() == [f"deckcli: warning: pool cache {folder} not used: {why}"]
    assert os.listdir(folder) == []


def override_pool(tmp_path: Path) -> Path:
    folder = tmp_path / "pools"
    folder.mkdir()
    (folder / "megaman.toml").write_text(MEGAMAN.replace("exactly = 60", "exactly = 59", 1),
                                         encoding="utf-8")
    return folder


@pytest.mark.parametrize("fmt", ["rich", "text", "json", "github", "sarif", "junit", "markdown"])
def test_an_override_of_a_builtin_game_is_announced_in_every_format(cli, tmp_path, fmt):
    folder = override_pool(tmp_path)
    deck = tmp_path / "59.toml"
    deck.write_bytes((SAMPLES / "megaman" / "starter-megaman.toml").read_bytes())
    assert cli("remove", deck, "AreaSteal").code == 0
    run = cli("--pools", folder, "check", deck, "--format", fmt)
    assert run.code == 0, run.out  # legal under the override: a warning only
    shown = run.out.replace("\\", "")  # markdown escapes '_' in paths
    assert "pool-override" in shown
    assert f"{folder / 'megaman.toml'}, which overrides the built-in megaman pool" in shown
    plain = cli("check", deck, "--format", fmt)
    assert plain.code == 1 and "pool-override" not in plain.out


def clashing_pool(tmp_path: Path) -> Path:
    folder = tmp_path / "pools"
    folder.mkdir()
    (folder / "testgame.toml").write_text(
        TESTGAME.replace('aliases = ["tg"]', 'aliases = ["tg", "MegaMan"]', 1), encoding="utf-8")
    return folder


def test_an_alias_clash_breaks_the_claiming_pool_and_the_holder_keeps_it(cli, tmp_path,
                                                                         write_deck):
    folder = clashing_pool(tmp_path)
    clash = (f"{folder / 'testgame.toml'}: game alias 'MegaMan' is already the id or an alias "
             "of game megaman")
    checked = cli("--pools", folder, "pool", "check")
    assert checked.code == 1 and f"✗ {clash}" in checked.out
    games = cli("--pools", folder, "games", "--format", "json")
    assert f"pool not loaded: {clash}" in games.err
    assert "testgame" not in {row["game"] for row in games.json()}
    megaman = SAMPLES / "megaman" / "starter-megaman.toml"
    mine = write_deck("t.toml", toml_deck("testgame", LEGAL_TESTGAME))
    run = cli("--pools", folder, "check", megaman, mine, "--format", "json")
    theirs, ours = run.json()["decks"]
    assert theirs["game"] == "megaman" and theirs["legal"] and theirs["problems"] == []
    assert [p["rule"] for p in ours["problems"]] == ["broken-pool"]
    assert clash in ours["problems"][0]["message"]


def test_an_id_clash_with_another_games_alias_is_an_error_of_the_later_pool(cli, tmp_path,
                                                                           write_deck):
    folder = tmp_path / "pools"
    folder.mkdir()
    (folder / "a-testgame.toml").write_text(TESTGAME, encoding="utf-8")
    (folder / "b-tg.toml").write_text(TESTGAME.replace('id = "testgame"', 'id = "tg"', 1)
                                      .replace('aliases = ["tg"]', "aliases = []", 1),
                                      encoding="utf-8")
    run = cli("--pools", folder, "pool", "check")
    assert run.code == 1
    assert (f"✗ {folder / 'b-tg.toml'}: game id 'tg' is already the id or an alias of game "
            "testgame") in run.out
    deck = write_deck("t.toml", toml_deck("tg", LEGAL_TESTGAME))
    [checked] = cli("--pools", folder, "check", deck, "--format", "json").json()["decks"]
    assert checked["game"] == "testgame" and checked["legal"] is True


@pytest.mark.parametrize("setting", ['ignore = ["pool-override"]', 'select = ["deck-size"]'])
@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif", "junit", "markdown"])
def test_a_repository_config_cannot_silence_the_override_notice(cli, tmp_path, setting, fmt):
    """A pull request weakens the pool and adds `ignore`/`select` to hide the notice."""
    folder = override_pool(tmp_path)
    (tmp_path / "deckcli.toml").write_text(setting + "\n", encoding="utf-8")
    deck = tmp_path / "59.toml"
    deck.write_bytes((SAMPLES / "megaman" / "starter-megaman.toml").read_bytes())
    assert cli("remove", deck, "AreaSteal").code == 0
    run = cli("--pools", folder, "check", deck, "--format", fmt)
    assert "pool-override" in run.out.replace("\\", "")
    flagged = cli("--pools", folder, "check", deck, "--ignore", "pool-override", "-f", fmt)
    assert "pool-override" in flagged.out.replace("\\", "")



def test_a_cache_entry_with_a_value_of_the_wrong_type_is_a_miss(cli, tmp_path, monkeypatch):
    """`power_cost` (declared int) set to "abc" in the entry: a miss, never a TypeError."""
    monkeypatch.setenv("DECKCLI_CACHE", str(tmp_path / "cache"))
    pools = tmp_path / "pools"  # a user pool: the shipped one reads its ready form
    pools.mkdir()
    source = pools / "megaman.toml"
    source.write_bytes((builtin_pool_dir() / "megaman.toml").read_bytes())
    query = ("--pools", pools, "cards", "megaman", "power_cost>=2", "--format", "json")
    first = cli(*query)
    assert first.code == 0 and first.json()
    entry = tmp_path / "cache" / "cards" / cache.entry_name(source,
                                                            sha256_hex(source.read_bytes()))
    data = json.loads(entry.read_bytes())
    column = data["fields"].index("power_cost")
    for row in data["cards"]:
        row[VALUES][column] = "abc"
    entry.write_text(json.dumps(data), encoding="utf-8")
    again = cli(*query)
    assert again.code == 0, again.err
    assert again.json() == first.json()


VALUES = 7  # a cards entry's row: number … source, the values of `fields`, then the folds


@pytest.mark.parametrize("folds", [[1, "x"], ["1c1"], "1c1 1c1", None])
def test_a_cache_entry_whose_folded_names_are_not_text_is_a_miss(cli, tmp_path, monkeypatch,
                                                                 folds):
    """A row's last item (the card's folded number and names) of another shape: a miss,
    read again from the pool file, never a crash or a card that no name finds."""
    monkeypatch.setenv("DECKCLI_CACHE", str(tmp_path / "cache"))
    pools = tmp_path / "pools"
    pools.mkdir()
    source = pools / "megaman.toml"
    source.write_bytes((builtin_pool_dir() / "megaman.toml").read_bytes())
    query = ("--pools", pools, "cards", "megaman", "CyberSword", "--format", "json")
    first = cli(*query)
    assert first.code == 0 and [card["number"] for card in first.json()] == ["1C12"]
    entry = tmp_path / "cache" / "cards" / cache.entry_name(source,
                                                            sha256_hex(source.read_bytes()))
    data = json.loads(entry.read_bytes())
    assert data["cards"][11][:2] == ["1C12", "CyberSword"]
    assert data["cards"][11][VALUES + 1] == ["1c12", "cybersword"]
    data["cards"][11][VALUES + 1] = folds
    entry.write_text(json.dumps(data), encoding="utf-8")
    again = cli(*query)
    assert again.code == 0, again.err
    assert again.json() == first.json()
