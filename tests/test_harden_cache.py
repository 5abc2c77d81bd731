"""The result cache against a tampered entry: a cached deck's JSON line is written to the
report as it is, so a line that names another deck than its entry's must be a miss.

`from_entry` refuses a line whose path is not the deck's, as `check_deck` names it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from conftest import SAMPLES


def _entries_naming(cache: Path, shown: str) -> list[Path]:
    """The cache files holding a deck's line (whatever the store's layout)."""
    mark = f'{{"path": "{shown}"'.encode()
    return [path for path in cache.rglob("*") if path.is_file() and mark in path.read_bytes()]


def test_a_cached_line_naming_another_deck_is_a_miss(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("starter-torchman.txt", "illegal-five-copies.toml"):
        shutil.copy(SAMPLES / "megaman" / name, tmp_path / name)
    decks = ["illegal-five-copies.toml", "starter-torchman.txt"]
    expected = cli("check", *decks, "--format", "json")
    assert [d["path"] for d in expected.json()["decks"]] == decks
    cache = Path(os.environ["DECKCLI_CACHE"])
    [results] = _entries_naming(cache, "starter-torchman.txt")
    results.write_bytes(results.read_bytes().replace(
        b'{"path": "starter-torchman.txt"', b'{"path": "illegal-five-copies.toml"'))
    again = cli("check", *decks, "--format", "json")
    assert [d["path"] for d in again.json()["decks"]] == decks
    assert again.out == expected.out
