"""Counts above what any game allows are refused on reading (with the bound), so no writer is
asked for 10^18 copies; an export never drops a line it could not read."""

from __future__ import annotations

import pytest

from conftest import toml_deck
from deckcli.formats.entries import MAX_COUNT

HUGE = 10**18


@pytest.mark.parametrize(("name", "text"), [
    ("d.txt", f"# game: megaman\n{HUGE} AreaSteal\n"),
    ("d.toml", toml_deck("megaman", {"AreaSteal": HUGE})),
    ("d.json", f'{{"game": "megaman", "cards": {{"AreaSteal": {HUGE}}}}}\n'),
    ("d.txt", f"# game: megaman\n{MAX_COUNT} AreaSteal\n1 AreaSteal\n"),
])
def test_a_count_beyond_the_bound_is_refused_with_the_bound(cli, write_deck, name, text):
    deck = write_deck(name, text)
    run = cli("check", deck, "--format", "json")
    assert run.code == 1
    found = [p for p in run.json()["decks"][0]["problems"] if p["rule"] == "invalid-count"]
    assert len(found) == 1 and f"{MAX_COUNT:,}" in found[0]["message"]
    for fmt in ("lackey", "text", "csv", "json"):
        exported = cli("export", deck, "--format", fmt)
        assert exported.code == 1 and exported.out == ""
        assert "more than any game allows" in exported.err


def test_the_bound_itself_is_read(cli, write_deck):
    deck = write_deck("d.txt", f"# game: megaman\n{MAX_COUNT} AreaSteal\n")
    run = cli("check", deck, "--format", "json")
    assert run.json()["decks"][0]["cards"] == MAX_COUNT
