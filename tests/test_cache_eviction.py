"""Old pool-cache entries are evicted (issue 22, item 11): one entry per pool file, the
folder bounded, temporary files of killed runs removed; two pools of one name never evict
each other."""

from __future__ import annotations

import os
import time

import pytest

from conftest import TEST_POOLS, toml_deck
from deckcli.io.cachestore import STALE_TEMP_SECONDS
from deckcli.io.stamps import sha256_hex
from deckcli.pools import cache

TESTGAME = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")
LEGAL = {"T-01": 1, "T-02": 3, "T-03": 3, "T-04": 3}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCLI_CACHE", str(tmp_path / "cache"))
    assert cache.CARDS.usable()
    return tmp_path / "cache" / cache.CARDS.name


def entries(folder):
    return sorted(name for name in os.listdir(folder) if name.endswith(".json"))


def pool_in(tmp_path, name: str, text: str = TESTGAME):
    pools = tmp_path / name
    pools.mkdir(exist_ok=True)
    (pools / "testgame.toml").write_text(text, encoding="utf-8")
    return pools


def test_a_pool_edited_many_times_keeps_one_entry(cli, tmp_path, folder, write_deck):
    deck = write_deck("t.toml", toml_deck("testgame", LEGAL))
    pools = pool_in(tmp_path, "pools")
    for edit in range(4):
        pool_in(tmp_path, "pools", TESTGAME.replace('name = "Test Game"',
                                                    f'name = "Test Game {edit}"', 1))
        assert cli("--pools", pools, "check", deck).code == 0
    pool = pools / "testgame.toml"
    assert entries(folder) == [cache.entry_name(pool, sha256_hex(pool.read_bytes()))]


def test_two_pools_of_one_name_keep_an_entry_each(cli, tmp_path, folder, write_deck):
    deck = write_deck("t.toml", toml_deck("testgame", LEGAL))
    first = pool_in(tmp_path, "first")
    second = pool_in(tmp_path, "second", TESTGAME + "\n# the second\n")
    for pools in (first, second):
        assert cli("--pools", pools, "check", deck).code == 0
    assert len(entries(folder)) == 2
    entry = folder / cache.entry_name(first / "testgame.toml",
                                      sha256_hex((first / "testgame.toml").read_bytes()))
    os.utime(entry, ns=(0, 0))
    assert cli("--pools", first, "check", deck).code == 0
    assert entry.stat().st_mtime_ns == 0  # still there, read: no thrashing


def test_the_folder_is_bounded_and_old_temporary_files_go(cli, tmp_path, folder, write_deck,
                                                          monkeypatch):
    monkeypatch.setattr(cache.CARDS, "bound", 3)
    old_tmp, new_tmp = folder / ".pool-killed.tmp", folder / ".pool-writing.tmp"
    old_tmp.write_text("{", encoding="utf-8")
    new_tmp.write_text("{", encoding="utf-8")
    past = time.time() - 2 * STALE_TEMP_SECONDS
    os.utime(old_tmp, (past, past))
    deck = write_deck("t.toml", toml_deck("testgame", LEGAL))
    made = []
    for number in range(5):
        pools = pool_in(tmp_path, f"pools{number}", TESTGAME + f"\n# {number}\n")
        assert cli("--pools", pools, "check", deck).code == 0
        pool = pools / "testgame.toml"
        made.append(cache.entry_name(pool, sha256_hex(pool.read_bytes())))
        os.utime(folder / made[-1], (past + number, past + number))  # in order of writing
    assert entries(folder) == sorted(made[-3:])
    assert not old_tmp.exists() and new_tmp.exists()
