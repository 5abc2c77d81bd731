"""What an earlier deckcli left in the cache folder (before `io/cachestore`: pool entries and
the stamp memo at its top, validated headers in `headers/`) is removed the next time a store
opens its folder to write; nothing else is: not a file deckcli did not name so, not a link
or what it leads to, not a temporary file a running deckcli may still be writing."""

from __future__ import annotations

import os
from pathlib import Path

from conftest import SAMPLES

DECK = SAMPLES / "megaman" / "starter-megaman.toml"
HASH = "0123456789abcdef0123456789abcdef"


def planted(cache: Path) -> tuple[list[str], list[str]]:
    """The old layout's files (to go) and files that are not deckcli's, or not old enough
    (to stay), written into a fresh cache folder; their paths relative to it."""
    cache.mkdir(mode=0o700)
    (cache / "headers").mkdir(mode=0o700)
    old = [f"megaman-{HASH}.json", f"megaman-1a2b3c4d-{HASH}.json",
           f"my pool (v2)-9f8e7d6c-{HASH}.json", "pool-stamps",
           f".pool-stamps.{HASH[:12]}.tmp", f".orbs-1a2b3c4d-{HASH}.json.{HASH[:12]}.tmp",
           f"headers/{HASH}.json", f"headers/raw-{HASH}.json",
           f"headers/.{HASH}.json.{HASH[:12]}.tmp"]
    kept = ["notes.txt", "precious.json", f"megaman-{HASH[:31]}.json",
            f".pool-stamps.{HASH[:12]}.tmp.fresh", f"pool-stamps-{HASH[:8]}"]
    for name in old + kept:
        (cache / name).write_text("{}", encoding="utf-8")
        if name.endswith(".tmp"):
            os.utime(cache / name, (0, 0))  # left by a run killed long ago
    fresh_temp = f".megaman-1a2b3c4d-{HASH}.json.{HASH[12:24]}.tmp"  # a run writing now
    (cache / fresh_temp).write_text("{", encoding="utf-8")
    return old, [*kept, fresh_temp]


def test_the_old_layout_goes_and_nothing_else(cli, cache):
    old, kept = planted(cache)
    assert cli("check", DECK).code == 0  # a miss: the results store writes
    left = {str(path.relative_to(cache)) for path in cache.rglob("*")}
    assert not left & set(old)
    assert set(kept) <= left
    assert "headers" not in left  # emptied, then removed
    assert {"results", "catalogue"} <= left  # today's stores untouched


def test_an_old_folder_holding_other_files_is_emptied_of_deckcli_s_only(cli, cache):
    planted(cache)
    (cache / "headers" / "mine.txt").write_text("keep", encoding="utf-8")
    assert cli("check", DECK).code == 0
    assert sorted(path.name for path in (cache / "headers").iterdir()) == ["mine.txt"]


def test_links_are_neither_followed_nor_removed(cli, cache, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    for name in (f"{HASH}.json", f"raw-{HASH}.json", "pool-stamps", f"x-{HASH}.json"):
        (outside / name).write_text("precious", encoding="utf-8")
    cache.mkdir(mode=0o700)
    (cache / "headers").symlink_to(outside, target_is_directory=True)
    (cache / "pool-stamps").symlink_to(outside / "pool-stamps")
    (cache / f"x-{HASH}.json").symlink_to(outside / f"x-{HASH}.json")
    (cache / f"folder-{HASH}.json").mkdir()
    assert cli("check", DECK).code == 0
    assert sorted(path.name for path in outside.iterdir()) == sorted(
        [f"{HASH}.json", f"raw-{HASH}.json", "pool-stamps", f"x-{HASH}.json"])
    assert all(path.read_text(encoding="utf-8") == "precious" for path in outside.iterdir())
    assert (cache / "headers").is_symlink() and (cache / "pool-stamps").is_symlink()
    assert (cache / f"x-{HASH}.json").is_symlink()
    assert (cache / f"folder-{HASH}.json").is_dir()
