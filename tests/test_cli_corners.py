"""Odd corners of the command line: each one a clear error or the obvious behaviour."""

from __future__ import annotations

import pytest

from conftest import SAMPLES

MEGAMAN = SAMPLES / "megaman" / "starter-megaman.toml"


@pytest.mark.parametrize(("query", "message"), [
    ("type:", "'type:': a value must follow type: (position 6 has nothing); e.g. type:NetNavi"),
    ("power_cost>=", "a value must follow power_cost>= (position 13 has nothing)"),
    ("type::NetNavi", "a value must follow type: (position 6 has ':')"),
])
def test_a_field_without_a_value_is_a_query_error(cli, query, message):
    run = cli("cards", "megaman", query)
    assert run.code == 2 and run.out == ""
    assert message in run.err


def test_an_unknown_value_of_a_declared_field_lists_the_values(cli):
    run = cli("cards", "orbs", "type:creature")
    assert run.code == 2
    assert "'creature' is not a type; type is one of ally, action, minion, object, location" \
        in run.err
    assert cli("cards", "orbs", "type:ally", "--format", "json").code == 0


def test_sample_hands_need_no_want(cli):
    run = cli("draw", MEGAMAN, "--show", "2", "--format", "text")
    assert run.code == 0, run.err
    assert "sample opening hands (seed 1, before any mulligan):" in run.out
    assert len([line for line in run.out.splitlines() if line.startswith("   ")]) >= 2
    hands = cli("draw", MEGAMAN, "--show", "3", "--format", "json").json()["sample_hands"]
    assert len(hands) == 3 and all(hands)


@pytest.mark.parametrize("name", ["n.xml", "deck"])
def test_new_refuses_an_extension_it_does_not_write(cli, tmp_path, name):
    run = cli("new", "megaman", tmp_path / name)
    assert run.code == 2 and not (tmp_path / name).exists()
    assert "new writes deck files (.toml, .txt, .list, .dek, .csv, .json)" in run.err


@pytest.mark.parametrize("digits", ["４", "٤", "4"])
def test_a_count_in_any_digits(cli, tmp_path, digits):
    deck = tmp_path / "d.toml"
    assert cli("new", "megaman", deck).code == 0
    run = cli("add", deck, "cybersword", digits)
    assert run.code == 0 and "CyberSword (1C12): 0 → 4" in run.out
    assert '"CyberSword" = 4' in deck.read_text() or "= 4" in deck.read_text()
    assert cli("remove", deck, "cybersword", digits.replace("4", "2").replace("４", "２")
               .replace("٤", "٢")).out.startswith("CyberSword (1C12): 4 → 2")


@pytest.mark.parametrize("count", ["x", "0", "-1", "1.5"])
def test_a_count_that_is_no_count(cli, tmp_path, count):
    deck = tmp_path / "d.toml"
    cli("new", "megaman", deck)
    before = deck.read_bytes()
    run = cli("add", deck, "cybersword", "--", count) if count.startswith("-") else \
        cli("add", deck, "cybersword", count)
    assert run.code == 2 and deck.read_bytes() == before
    assert f"COUNT must be a whole number of 1 or more, not {count!r}" in run.err


def test_an_empty_folder_is_no_deck(cli, tmp_path):
    run = cli("check", tmp_path)
    assert run.code == 1
    assert f"deckcli: error: no deck files (*.toml, *.txt, *.list, *.dek, *.csv, *.json) under " \
        f"{tmp_path}" in run.err
    assert "✗ illegal" not in run.out and "0 decks" in run.out


def test_plain_text_formats(cli):
    shown = cli("show", MEGAMAN, "--format", "text")
    assert shown.code == 0
    assert any(line.split()[:3] == ["4", "1C8", "AreaSteal"] for line in shown.out.splitlines())
    assert "✓ legal · 60 cards" in shown.out
    found = cli("cards", "megaman", "CyberSword", "--format", "text").out.splitlines()
    assert found[0].split()[:3] == ["number", "name", "type"]
    assert found[1].split()[:2] == ["1C12", "CyberSword"]
    games = cli("games", "--format", "text").out.splitlines()
    assert any(line.startswith("megaman/standard (default)") and
               line.split(")", 1)[1].strip().startswith("exactly 60 cards") for line in games)
    rules = cli("rules", "megaman", "--format", "text").out
    assert any(line.split()[:3] == ["copies", "copies", "error"] for line in rules.splitlines())
    assert cli("games", "--format", "xml").code == 2
