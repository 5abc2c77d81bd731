"""CSV export never writes a cell a spreadsheet would run as a formula, and reads back the same."""

from __future__ import annotations

import csv
import io

import pytest

from conftest import toml_deck
from deckcli.formats.csvlist import FORMULA_START, csv_text, parse_csv_deck
from deckcli.model.card import Card
from deckcli.model.deck import Deck

HOSTILE = ['=HYPERLINK("http://example.invalid","x")', "+1+1", "-2+3", "@SUM(A1)",
           "Fire It Up"]


def cells_of(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text, newline="")) for cell in row]


@pytest.mark.parametrize("name", HOSTILE)
def test_card_cells_are_neutralised_and_read_back(name):
    text = csv_text({"game": "megaman"}, [(Card("1C8", name), 2), (Card(name, "x"), 1)])
    assert not any(cell.startswith(FORMULA_START) for cell in cells_of(text))
    deck, problems = parse_csv_deck(text, Deck(path="d.csv", kind="csv"))
    assert problems == []
    assert [(entry.ref, entry.count) for entry in deck.entries] == [
        (f"{name} (1C8)", 2), (f"x ({name})", 1)]


def test_a_deck_name_with_a_comma_never_starts_a_cell(cli, write_deck):
    deck = write_deck("d.toml", 'name = "Burn,=HYPERLINK(\\"http://example.invalid\\")"\n'
                      + toml_deck("megaman", {"AreaSteal": 2}))
    run = cli("export", deck, "--format", "csv")
    assert run.code == 0, run.err
    assert not any(cell.startswith(FORMULA_START) for cell in cells_of(run.out))
    back = write_deck("back.csv", run.out)
    shown = cli("show", back, "--format", "json").json()
    assert shown["name"] == 'Burn,=HYPERLINK("http://example.invalid")'
