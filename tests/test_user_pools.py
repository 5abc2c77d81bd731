"""User pools (`--pools DIR`, DECKCLI_POOLS) that are broken or hostile.

A broken user pool is an error naming its file and field, shown when its game is used and by
`deckcli games` / `deckcli pool check`; it never breaks the other games, and a broken override
of a built-in game is never silently replaced by the built-in pool. (tests/test_pools.py covers
the pool schema and a working user pool.)
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from conftest import TEST_POOLS, toml_deck
from deckcli.pools.registry import builtin_pool_dir

TESTGAME = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")
MEGAMAN = (builtin_pool_dir() / "megaman.toml").read_text(encoding="utf-8")
LEGAL_TESTGAME = {"T-01": 1, "T-02": 3, "T-03": 3, "T-04": 3}

# name -> (pool file text, a fragment of the error that names the file's fault)
BROKEN_HEADERS = {
    "invalid TOML": ("[game\nid = 'x'\n", "invalid TOML: Expected ']' at the end of a table"),
    "schema": (TESTGAME.replace("exactly = 10", 'exactly = "ten"', 1),
               "formats.standard.rules.0.size.exactly"),
    "missing formats": ("[game]\nid = 'testgame'\nname = 'T'\ndefault_format = 's'\n",
                        "formats: Field required"),
    "deep nesting": ("x = " + "[" * 3000 + "]" * 3000 + "\n", "nested too deeply"),
    "huge integer": ("x = " + "9" * 5000 + "\n", "a number with thousands of digits"),
    "not UTF-8": (b"[game]\nname = '\xe9'\n", "cannot read pool"),
}


def write_pool(folder: Path, name: str, text: str | bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def only_deck(run) -> dict:  # noqa: ANN001 - conftest's Run
    [deck] = run.json()["decks"]
    return deck


@pytest.mark.parametrize("case", sorted(BROKEN_HEADERS))
def test_a_broken_pool_is_named_and_breaks_no_other_game(cli, tmp_path, write_deck, case):
    text, fragment = BROKEN_HEADERS[case]
    pool = write_pool(tmp_path / "pools", "testgame.toml", text)
    megaman = write_deck("m.toml", toml_deck("megaman", {"1C12": 4}))
    mine = write_deck("t.toml", toml_deck("testgame", LEGAL_TESTGAME))
    games = cli("--pools", pool.parent, "games", "--format", "json")
    assert games.code == 0 and "megaman" in {row["game"] for row in games.json()}
    assert f"pool not loaded: {pool}" in games.err and fragment in games.err
    checked = cli("--pools", pool.parent, "check", megaman, "--format", "json")
    assert only_deck(checked)["game"] == "megaman" and "Traceback" not in checked.err
    used = only_deck(cli("--pools", pool.parent, "check", mine, "--format", "json"))
    assert used["problems"][0]["rule"] == "broken-pool"  # not "unknown-game"
    assert str(pool) in used["problems"][0]["message"]
    listed = cli("--pools", pool.parent, "pool", "check")
    assert listed.code == 1 and f"✗ {pool}" in listed.out and "✓" in listed.out


def test_a_bad_card_field_names_file_line_and_field_when_the_game_is_used(cli, tmp_path,
                                                                          write_deck):
    pool = write_pool(tmp_path, "testgame.toml", TESTGAME.replace("cost = 3", 'cost = "three"'))
    deck = write_deck("t.toml", toml_deck("testgame", LEGAL_TESTGAME))
    problem = only_deck(cli("--pools", tmp_path, "check", deck, "--format", "json"))["problems"][0]
    line = TESTGAME.splitlines().index('number = "T-03"')  # the [[cards]] line above it
    assert problem["rule"] == "broken-pool"
    assert problem["message"] == (f"{pool}:{line}: card T-03: field 'cost' must be int, "
                                  "got 'three'")
    other = write_deck("m.toml", toml_deck("megaman", {"1C12": 4}))
    assert only_deck(cli("--pools", tmp_path, "check", other, "--format", "json"))["format"]
    checked = cli("--pools", tmp_path, "pool", "check", "testgame")
    assert checked.code == 1 and "card T-03: field 'cost' must be int" in checked.out


def test_a_broken_override_is_not_replaced_by_the_builtin_pool(cli, tmp_path, write_deck):
    pool = write_pool(tmp_path, "megaman.toml", MEGAMAN.replace("[game]", "[game", 1))
    deck = write_deck("m.toml", toml_deck("megaman", {"1C12": 4}))
    problem = only_deck(cli("--pools", tmp_path, "check", deck, "--format", "json"))["problems"][0]
    assert problem["rule"] == "broken-pool" and str(pool) in problem["message"]
    assert "invalid TOML" in problem["message"]
    haikyu = write_deck("h.toml", toml_deck("haikyu", {"x": 1}))
    assert only_deck(cli("--pools", tmp_path, "check", haikyu, "--format", "json"))["format"]


def test_a_later_pool_folder_wins_and_repairs_an_earlier_broken_one(cli, tmp_path, write_deck,
                                                                      monkeypatch):
    write_pool(tmp_path / "first", "megaman.toml", "[game\n")
    write_pool(tmp_path / "second", "megaman.toml", MEGAMAN.replace("exactly = 60",
                                                                   "exactly = 40", 1))
    monkeypatch.setenv("DECKCLI_POOLS", str(tmp_path / "first"))
    deck = write_deck("m.toml", toml_deck("megaman", {"1C12": 4}))
    run = cli("--pools", tmp_path / "second", "check", deck, "--format", "json")
    messages = [p["message"] for p in only_deck(run)["problems"]]
    assert "4 cards; megaman decks have exactly 40 — add 36" in messages


def test_pool_folders_and_files_that_cannot_be_read(cli, tmp_path, write_deck):
    folder = tmp_path / "pools"
    (folder / "folder.toml").mkdir(parents=True)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.toml")  # would block a plain read
    write_pool(folder, "binary.toml", bytes(range(256)))
    deck = write_deck("m.toml", toml_deck("megaman", {"1C12": 4}))
    missing = tmp_path / "nowhere"
    games = cli("--pools", folder, "games")
    assert games.code == 0
    assert f"{folder / 'folder.toml'}: cannot read pool: not a regular file" in games.err
    assert f"{folder / 'binary.toml'}: cannot read pool" in games.err
    run = cli("--pools", folder, "check", deck, "--format", "json")
    assert run.code == 1 and only_deck(run)["game"] == "megaman"
    for command in (["games"], ["check", deck]):  # a folder that does not exist: a usage error
        run = cli("--pools", folder, "--pools", missing, *command)
        assert run.code == 2 and run.out == ""
        assert f"--pools names {missing}, which does not exist" in run.err


def test_a_user_pool_adds_a_game_by_environment_and_option(cli, tmp_path, write_deck,
                                                           monkeypatch):
    shutil.copy(TEST_POOLS / "testgame.toml", write_pool(tmp_path / "env", "x.toml", ""))
    deck = write_deck("t.toml", toml_deck("tg", LEGAL_TESTGAME))  # by its alias
    monkeypatch.setenv("DECKCLI_POOLS", os.pathsep.join([str(tmp_path / "env"), ""]))
    assert cli("check", deck).code == 0
    monkeypatch.delenv("DECKCLI_POOLS")
    assert cli("--pools", tmp_path / "env", "check", deck).code == 0
    assert only_deck(cli("check", deck, "--format", "json"))["problems"][0]["rule"] == (
        "unknown-game")
