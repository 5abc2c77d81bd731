"""The result cache's stamps: an unchanged deck or pool whose size, times, inode and device are
those remembered is not read again; any change of its bytes is still a miss, also one that
keeps the size and puts the modification time back; a file changed within the last moments is
always hashed (its stamp could stay the same through a second change)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from deckcli.app import judge, resultcache
from deckcli.io import stamps
from deckcli.pools import catalogue


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files written by the test count as settled at once (else only after RACY_SECONDS)."""
    monkeypatch.setattr(stamps, "RACY_SECONDS", 0)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """The deck files hashed, the pool files hashed and the decks judged."""
    seen: dict[str, list[str]] = {"decks": [], "pools": [], "judged": []}
    digest, pool_bytes, check_target = (resultcache.file_digest, catalogue.read_pool_bytes,
                                        judge.check_target)

    def deck_digest(path: Path) -> str | None:
        seen["decks"].append(path.name)
        return digest(path)

    def pool_read(path: Path, head_only: bool = False) -> bytes:
        seen["pools"].append(path.name)
        return pool_bytes(path, head_only)

    def judging(target, registry, settings):
        seen["judged"].append(target.path.name)
        return check_target(target, registry, settings)

    monkeypatch.setattr(resultcache, "file_digest", deck_digest)
    monkeypatch.setattr(catalogue, "read_pool_bytes", pool_read)
    monkeypatch.setattr(judge, "check_target", judging)
    return seen


def clear(reads: dict[str, list[str]]) -> None:
    for seen in reads.values():
        seen.clear()


def test_a_settled_unchanged_repository_is_answered_without_reading_a_file(
        cli, cache, settled, decks, reads):
    first = cli("check", decks, "--format", "json")
    assert len(reads["judged"]) == 3 and reads["pools"]
    clear(reads)
    again = cli("check", decks, "--format", "json")
    assert again.out == first.out and again.code == first.code == 1
    assert reads == {"decks": [], "pools": [], "judged": []}


def test_a_same_size_edit_with_its_old_time_put_back_is_still_a_miss(
        cli, cache, settled, decks, reads):
    deck = decks / "starter-megaman.toml"
    cli("check", decks)
    clear(reads)
    info = deck.stat()
    text = deck.read_text(encoding="utf-8")
    edited = text.replace("= 4", "= 5", 1)
    assert len(edited) == len(text) and edited != text
    deck.write_text(edited, encoding="utf-8")
    os.utime(deck, ns=(info.st_atime_ns, info.st_mtime_ns))  # the change time moves anyway
    run = cli("check", decks, "--format", "json")
    assert reads["judged"] == ["starter-megaman.toml"]
    verdicts = {Path(d["path"]).name: d["legal"] for d in run.json()["decks"]}
    assert verdicts["starter-megaman.toml"] is False


def test_a_changed_pool_is_hashed_again_and_is_a_miss(cli, cache, settled, testgame, reads):
    pools, pool, deck = testgame
    assert cli("--pools", pools, "check", deck).code == 0
    clear(reads)
    assert cli("--pools", pools, "check", deck).code == 0
    assert reads["pools"] == [] and reads["judged"] == []
    info = pool.stat()
    text = pool.read_text(encoding="utf-8")
    pool.write_text(text.replace("exactly = 10", "exactly = 11", 1), encoding="utf-8")
    os.utime(pool, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert cli("--pools", pools, "check", deck).code == 1
    assert "testgame.toml" in reads["pools"] and reads["judged"] == ["t.toml"]


def test_a_file_changed_moments_ago_has_no_stamp_until_it_settles(tmp_path):
    deck = tmp_path / "d.toml"
    deck.write_text('game = "megaman"\n', encoding="utf-8")
    now = time.time_ns()
    assert stamps.file_stamp(deck, now) == stamps.UNSETTLED
    later = now + (stamps.RACY_SECONDS + 1) * 1_000_000_000
    stamp = stamps.file_stamp(deck, later)
    info = deck.stat()
    assert stamp == (f"{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}:{info.st_ino}:"
                     f"{info.st_dev}")
    assert stamps.file_stamp(tmp_path, later) is None  # a folder is no file
    assert stamps.file_stamp(tmp_path / "missing.toml", later) is None


def test_an_unsettled_deck_is_hashed_each_run_and_its_stamp_kept_once_settled(
        cli, cache, decks, reads, monkeypatch):
    cli("check", decks)
    clear(reads)
    cli("check", decks)  # written moments ago: every deck hashed, none judged
    assert sorted(reads["decks"]) == sorted(p.name for p in decks.iterdir())
    assert reads["judged"] == []
    monkeypatch.setattr(stamps, "RACY_SECONDS", 0)
    cli("check", decks)  # now settled: hashed once more, and the stamps are written
    clear(reads)
    cli("check", decks)
    assert reads["decks"] == [] and reads["judged"] == []


@pytest.mark.parametrize("memo", [b"[]", b'{"x": 1}', b"not json", b"{" * 50_000])
def test_a_tampered_pool_memo_is_ignored(cli, cache, settled, decks, reads, memo):
    expected = cli("check", decks, "--format", "json").out
    memo_files = sorted((cache / "catalogue").glob("*.json"))  # a pool's stamp and hash
    assert memo_files and all(json.loads(memo.read_text()) for memo in memo_files)
    for memo_file in memo_files:
        memo_file.write_bytes(memo)
    clear(reads)
    run = cli("check", decks, "--format", "json")
    assert run.out == expected and "Traceback" not in run.err
    assert reads["pools"]  # hashed again, the memo written anew
    assert all(isinstance(json.loads(memo.read_text()), dict) for memo in memo_files)


def test_a_settled_pool_is_not_read_to_find_its_cached_cards(cli, cache, settled, testgame,
                                                               monkeypatch):
    pools, pool, deck = testgame
    read: list[str] = []
    real = catalogue.read_pool_bytes

    def counting(path: Path, head_only: bool = False) -> bytes:
        if path.name == "testgame.toml":  # the shipped pools are read once to be hashed
            read.append(path.name)
        return real(path, head_only)

    monkeypatch.setattr(catalogue, "read_pool_bytes", counting)
    assert cli("--pools", pools, "check", deck, "--no-cache").code == 0
    assert read == ["testgame.toml"]
    assert cli("--pools", pools, "check", deck, "--no-cache").code == 0
    assert read == ["testgame.toml"]  # the stamp named the entry
    info = pool.stat()
    text = pool.read_text(encoding="utf-8")
    pool.write_text(text.replace('name = "Bolt"', 'name = "Zapp"', 1), encoding="utf-8")
    os.utime(pool, ns=(info.st_atime_ns, info.st_mtime_ns))
    shown = cli("--pools", pools, "cards", "testgame", "--format", "json")
    assert "Zapp" in shown.out and read == ["testgame.toml"] * 2
