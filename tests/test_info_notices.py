"""The information severity (issue 22, item 4): a user pool that adds a game says so.

A repository pool adding a game deckcli does not ship is a `pool-added` notice on every deck
it judges, in every output format, whatever `select` and `ignore` say; a notice never fails a
deck (exit 0, also with --strict) and every renderer shows it in its own words.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from conftest import TEST_POOLS, toml_deck

LEGAL_TESTGAME = {"T-01": 1, "T-02": 3, "T-03": 3, "T-04": 3}
POOL = TEST_POOLS / "testgame.toml"
SAID = f"judged by the user pool {POOL}, which adds the game testgame (not shipped with deckcli)"

# how each format writes the notice's severity
SEVERITY_WORD = {"rich": "info", "text": "[info] pool-added", "json": '"severity": "info"',
                 "github": "::notice file=", "sarif": '"level": "note"',
                 "junit": "[info] pool-added", "markdown": "**info** `pool-added`"}


def repository(tmp_path, write_deck, setting: str = ""):
    """A repository whose configuration names its own pool folder (and maybe hides rules)."""
    (tmp_path / "deckcli.toml").write_text(f'pools = ["{TEST_POOLS}"]\n{setting}\n',
                                           encoding="utf-8")
    return write_deck("deck.toml", toml_deck("testgame", LEGAL_TESTGAME))


@pytest.mark.parametrize("fmt", sorted(SEVERITY_WORD))
@pytest.mark.parametrize("setting", ["", 'ignore = ["pool-added"]', 'select = ["deck-size"]'])
def test_a_repository_pool_adding_a_game_is_a_notice_in_every_format(cli, tmp_path, write_deck,
                                                                     fmt, setting):
    deck = repository(tmp_path, write_deck, setting)
    run = cli("check", deck, "--format", fmt, "--strict")
    assert run.code == 0, run.out + run.err  # a notice never fails, not even with --strict
    shown = " ".join(run.out.replace("\\", "").split())  # markdown escapes, rich wraps
    assert SAID in shown and SEVERITY_WORD[fmt] in shown, run.out
    flagged = cli("check", deck, "--format", fmt, "--ignore", "pool-added")
    assert "pool-added" in flagged.out.replace("\\", "")


def test_a_notice_is_counted_apart_and_kept_out_of_failures(cli, tmp_path, write_deck):
    deck = repository(tmp_path, write_deck)
    github = cli("check", deck, "--format", "github").out.splitlines()
    assert github[-1] == "deckcli: 1 deck, 1 legal, 0 illegal; 0 errors, 0 warnings, 1 notice"
    junit = ET.fromstring(cli("check", deck, "--format", "junit", "--strict").out)
    assert junit.get("failures") == "0" and junit.find("testcase/failure") is None
    assert SAID in (junit.findtext("testcase/system-out") or "")
    sarif = json.loads(cli("check", deck, "--format", "sarif").out)
    [rule] = sarif["runs"][0]["tool"]["driver"]["rules"]
    assert (rule["id"], rule["defaultConfiguration"]["level"]) == ("pool-added", "note")
    assert "1 notice" in cli("check", deck, "--format", "markdown").out


def test_a_builtin_game_and_an_override_are_no_additions(cli, tmp_path, write_deck):
    megaman = write_deck("m.toml", toml_deck("megaman", {"AreaSteal": 1}))
    run = cli("--pools", TEST_POOLS, "check", megaman, "--format", "json")
    assert "pool-added" not in run.out
    second = tmp_path / "more"
    second.mkdir()
    (second / "testgame.toml").write_bytes(POOL.read_bytes())  # a user pool over a user pool
    deck = write_deck("t.toml", toml_deck("testgame", LEGAL_TESTGAME))
    [checked] = cli("--pools", TEST_POOLS, "--pools", second, "check", deck,
                    "--format", "json").json()["decks"]
    assert [p["rule"] for p in checked["problems"]] == ["pool-added"]
    assert str(second / "testgame.toml") in checked["problems"][0]["message"]
