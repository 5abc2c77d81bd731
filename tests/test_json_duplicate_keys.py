"""A JSON deck that names a key twice is an error at the second one: never last-wins."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("text", "key", "line"), [
    ('{"game": "haikyu",\n "cards": {"HV-P01-006": 2},\n "game": "megaman"}\n', "game", 3),
    ('{"game": "megaman",\n "cards": {\n  "AreaSteal": 2,\n  "AreaSteal": 4}}\n', "AreaSteal", 4),
])
def test_a_duplicate_key_is_an_error_with_its_line(cli, write_deck, text, key, line):
    run = cli("check", write_deck("deck.json", text), "--format", "json")
    assert run.code == 1
    found = [p for p in run.json()["decks"][0]["problems"] if p["rule"] == "json-syntax"]
    assert len(found) == 1 and found[0]["line"] == line
    assert f'"{key}" appears twice' in found[0]["message"]
