"""The cache folder is a closed box (issue 38, items 1, 10, 11 at the command line, 13 and 15):
nothing outside it is ever written or removed, whatever links a restored or planted folder
holds; a verdict is kept only against the bytes that were judged; a results entry naming a
format the pool lacks is a miss; a relative XDG_CACHE_HOME is refused. Each test here drives
only the command line, so it fails against the code before the fixes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import SAMPLES
from deckcli.app import judge
from deckcli.io import stamps

MEGAMAN = SAMPLES / "megaman"


def outside_folder(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    """A folder outside the cache holding files named like cache entries, and its contents."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    for number in range(80):
        (outside / f"precious-{number:02}.json").write_text('{"keep": true}', encoding="utf-8")
    (outside / ".old.json.123.tmp").write_text("x", encoding="utf-8")
    os.utime(outside / ".old.json.123.tmp", (0, 0))
    (outside / "notes.txt").write_text("mine", encoding="utf-8")
    return outside, snapshot(outside)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.mark.parametrize("name", ["results", "headers", "catalogue", "cards"])
@pytest.mark.parametrize("no_cache", [False, True])
def test_a_linked_folder_inside_the_cache_is_never_followed(cli, cache, tmp_path, testgame,
                                                            name, no_cache):
    pools, pool, deck = testgame
    cache.mkdir(mode=0o700)
    outside, before = outside_folder(tmp_path)
    (cache / name).symlink_to(outside, target_is_directory=True)
    flag = ["--no-cache"] if no_cache else []
    for edit in range(3):  # pool misses: entries written, old ones evicted
        pool.write_text(pool.read_text(encoding="utf-8") + f"\n# edit {edit}\n",
                        encoding="utf-8")
        assert cli("--pools", pools, "check", deck, *flag).code == 0
        assert cli("check", MEGAMAN / "starter-megaman.toml", *flag).code == 0
    assert snapshot(outside) == before
    assert (cache / name).is_symlink()


def test_a_linked_entry_is_neither_followed_nor_its_target_changed(cli, tmp_path, monkeypatch,
                                                                   testgame):
    pools, pool, deck = testgame
    cache = tmp_path / "cache"
    monkeypatch.setenv("DECKCLI_CACHE", str(cache))
    assert cli("--pools", pools, "check", deck).code == 0
    outside, _ = outside_folder(tmp_path)
    target = outside / "precious-00.json"
    entries = [path for path in cache.rglob("*.json") if path.is_file()]
    assert entries
    for entry in entries:  # every entry replaced by a link to a file outside
        entry.unlink()
        entry.symlink_to(target)
    before = snapshot(outside)
    pool.write_text(pool.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    for _ in range(2):
        assert cli("--pools", pools, "check", deck).code == 0
    assert snapshot(outside) == before


def test_a_linked_cache_root_is_not_used(cli, tmp_path, monkeypatch):
    outside, before = outside_folder(tmp_path)
    link = tmp_path / "cache"
    link.symlink_to(outside, target_is_directory=True)
    monkeypatch.setenv("DECKCLI_CACHE", str(link))
    assert cli("check", MEGAMAN / "starter-megaman.toml").code == 0
    assert snapshot(outside) == before


@pytest.mark.parametrize("value", ["cache", "./x/cache", "rel"])
def test_a_relative_xdg_cache_home_is_a_usage_error(cli, tmp_path, monkeypatch, value):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DECKCLI_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", value)
    run = cli("check", MEGAMAN / "starter-megaman.toml", "--format", "json")
    assert run.code == 2
    assert "XDG_CACHE_HOME=" in run.err and "relative" in run.err
    assert list(tmp_path.iterdir()) == []


def test_an_absolute_xdg_cache_home_is_used(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("DECKCLI_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cli("check", MEGAMAN / "starter-megaman.toml").code == 0
    assert (tmp_path / "xdg" / "deckcli").is_dir()


def results_file(cache: Path) -> Path:
    [found] = sorted((cache / "results").glob("*.json"))
    return found


def test_a_results_entry_naming_an_unknown_format_is_a_miss(cli, cache, tmp_path):
    deck = tmp_path / "five.toml"
    deck.write_bytes((MEGAMAN / "illegal-five-copies.toml").read_bytes())
    expected = cli("check", deck, "--format", "sarif")
    assert expected.code == 1
    path = results_file(cache)
    text = path.read_text(encoding="utf-8")
    assert '"standard"' in text
    path.write_text(text.replace('"standard"', '"nosuch"'), encoding="utf-8")
    run = cli("check", deck, "--format", "sarif")
    assert run.code == 1 and "Traceback" not in run.err
    assert run.out == expected.out


def test_a_results_entry_naming_an_unknown_game_is_a_miss(cli, cache, tmp_path):
    deck = tmp_path / "five.toml"
    deck.write_bytes((MEGAMAN / "illegal-five-copies.toml").read_bytes())
    expected = cli("check", deck, "--format", "sarif")
    path = results_file(cache)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"megaman"', '"nosuchgame"'), encoding="utf-8")
    run = cli("check", deck, "--format", "sarif")
    assert run.code == 1 and run.out == expected.out


LEGAL = (MEGAMAN / "starter-megaman.toml").read_bytes()
ILLEGAL = (MEGAMAN / "illegal-five-copies.toml").read_bytes()


@pytest.mark.parametrize("settled", [False, True])
def test_a_verdict_is_kept_only_against_the_bytes_judged(cli, cache, tmp_path, monkeypatch,
                                                         settled):
    """An editor saving during the run, then reverting: the verdict on the saved bytes must
    never be served for the reverted ones."""
    if settled:
        monkeypatch.setattr(stamps, "RACY_SECONDS", 0)
    deck = tmp_path / "deck.toml"
    deck.write_bytes(LEGAL)
    assert cli("check", deck).code == 0  # its stamp known when settled
    deck.write_bytes(LEGAL + b"\n")  # a miss on the next run
    real = judge.check_target

    def saving_meanwhile(target, registry, settings):
        deck.write_bytes(ILLEGAL)
        try:
            return real(target, registry, settings)
        finally:
            deck.write_bytes(LEGAL + b"\n")

    monkeypatch.setattr(judge, "check_target", saving_meanwhile)
    assert cli("check", deck).code == 1  # the illegal bytes were judged
    monkeypatch.setattr(judge, "check_target", real)
    assert cli("check", deck).code == 0  # never the illegal verdict for the legal bytes


def test_a_verdict_is_kept_only_against_the_pool_bytes_used(cli, cache, testgame, monkeypatch):
    monkeypatch.setattr(stamps, "RACY_SECONDS", 0)
    pools, pool, deck = testgame
    text = pool.read_text(encoding="utf-8")
    assert cli("--pools", pools, "check", deck).code == 0
    deck.write_text(deck.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # a miss
    real = judge.check_target

    def pool_edited_meanwhile(target, registry, settings):
        pool.write_text(text.replace("exactly = 10", "exactly = 11", 1), encoding="utf-8")
        try:
            return real(target, registry, settings)
        finally:
            pool.write_text(text, encoding="utf-8")

    monkeypatch.setattr(judge, "check_target", pool_edited_meanwhile)
    cli("--pools", pools, "check", deck)
    monkeypatch.setattr(judge, "check_target", real)
    fresh = cli("--pools", pools, "check", deck, "--no-cache", "--format", "json")
    again = cli("--pools", pools, "check", deck, "--format", "json")
    assert json.loads(again.out) == json.loads(fresh.out) and again.code == fresh.code == 0


def test_the_header_is_keyed_on_the_bytes_at_the_command_line(cli, cache, testgame):
    """Item 11 again, through `games` alone: swapping two formats of a pool file is seen."""
    pools, pool, deck = testgame
    text = pool.read_text(encoding="utf-8")
    first = [row["format"] for row in cli("--pools", pools, "games", "--format", "json").json()
             if row["game"] == "testgame"]
    head, rest = text.split("[formats.standard]", 1)
    standard, rest = rest.split("[formats.big]", 1)
    big, cards = rest.split("[[cards]]", 1)
    pool.write_text(f"{head}[formats.big]{big}[formats.standard]{standard}[[cards]]{cards}",
                    encoding="utf-8")
    second = [row["format"] for row in cli("--pools", pools, "games", "--format", "json").json()
              if row["game"] == "testgame"]
    assert first == ["standard", "big"] and second == ["big", "standard"]
