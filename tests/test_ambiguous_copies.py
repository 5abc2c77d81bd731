"""A definite copies error is still reported when another line of the deck is ambiguous."""

from __future__ import annotations

from conftest import toml_deck


def problems(cli, write_deck, cards: dict[str, int]) -> list[dict[str, object]]:
    deck = write_deck("rapid.toml", toml_deck("digimon-classic", cards))
    run = cli("check", deck, "--format", "json")
    assert run.code == 1, run.err
    return run.json()["decks"][0]["problems"]


def test_copies_error_alone(cli, write_deck):
    found = problems(cli, write_deck, {"St-348": 2, "St-829": 2, "St-1": 1})
    copies = [p for p in found if p["rule"] == "copies"]
    assert len(copies) == 1 and "4 × Rapidmon" in copies[0]["message"]


def test_copies_error_with_an_ambiguous_line(cli, write_deck):
    found = problems(cli, write_deck, {"St-348": 2, "St-829": 2, "St-1": 1, "Rapidmon": 1})
    copies = [p for p in found if p["rule"] == "copies"]
    assert len(copies) == 1, found
    assert copies[0]["severity"] == "error"
    assert copies[0]["message"].startswith("if Rapidmon is ")
    assert "5 × Rapidmon" in copies[0]["message"]
    assert any(p["rule"] == "ambiguous-card" for p in found)


def test_a_copies_error_only_some_readings_break_is_not_shown_as_definite(cli, write_deck):
    # 2 + 1 Rapidmon is within the cap of 3 however the ambiguous line reads.
    found = problems(cli, write_deck, {"St-348": 2, "St-1": 1, "Rapidmon": 1})
    assert not [p for p in found if p["rule"] == "copies"]
