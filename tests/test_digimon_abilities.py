"""Digimon classic `ability` is a list, each Digimon's own abilities as its DMHC text states."""

from __future__ import annotations

import re

import pytest

from conftest import REFERENCE
from deckcli.pools.registry import PoolRegistry
from deckcli.textnorm import fold

pytestmark = pytest.mark.skipif(not REFERENCE.is_dir(), reason="../shared/reference absent")
REGISTRY = PoolRegistry([])


def dmhc_abilities_cells() -> dict[str, str]:
    """Card number -> the Abilities cell of the DMHC card data, read independently."""
    cells: dict[str, str] = {}
    for path in (REFERENCE / "digimon/dmhc-sets").glob("CardData*.txt"):
        for raw in path.read_bytes().split(b"\n")[1:]:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                line = raw.decode("cp1252")
            row = [cell.strip() for cell in line.rstrip("\r").split("\t")]
            if len(row) == 17:
                cells.setdefault(row[3], row[15])
    return cells


def stated(text: str) -> list[str]:
    """Abilities named by 'Has the ability …' sentences that are not support (S) effects."""
    found: list[str] = []
    for sentence in re.split(r"(?<=\.)\s+|\s*(?=\((?:O|S)\))", text):
        if re.match(r"(\(O\))?\s*Has the abilit(y|ies|es) ", sentence):
            found += re.findall(r'(?:"|abilities )([a-z]+)"', sentence)
    return found


@pytest.mark.parametrize(
    ("number", "abilities"),
    [
        ("St-287", ["underwater", "grappling"]),
        ("St-353", ["underground", "grappling"]),
        ("Bo-1163", ["gale", "proud"]),
        ("St-177", []),
        ("St-179", []),
        ("St-180", []),
        ("St-242", []),
        ("St-4", ["sky"]),
        ("St-521", ["underground", "flame"]),  # printed 'abilities underground" and "flame"'
        ("St-761", ["flame", "hungry"]),  # printed "abilites"
        ("Sx-89", []),  # a support (S) effect
    ],
)
def test_named_cards(number, abilities):
    card = REGISTRY.load("digimon-classic").by_number[fold(number)]
    assert card.attrs["ability"] == abilities


def test_st_24_conflict_is_noted():
    card = REGISTRY.load("digimon-classic").by_number[fold("St-24")]
    assert card.attrs["ability"] == ["underwater"]
    assert "underground" in (card.note or "") and "cards.csv" in (card.note or "")


def test_every_digimon_ability_list_is_what_its_text_states():
    cells = dmhc_abilities_cells()
    digimon = [c for c in REGISTRY.load("digimon-classic").cards
               if c.attrs.get("type") == "Digimon"]
    assert len(digimon) == 1944 + 420  # the printings add 420 Digimon
    for card in digimon:
        if card.number == "St-24":
            continue
        assert card.attrs["ability"] == stated(cells[card.number]), card.number


def test_ability_query_matches_any_element(cli):
    run = cli("cards", "digimon-classic", "ability:grappling ability:underwater", "-f", "json")
    numbers = {card["number"] for card in run.json()}
    assert "St-287" in numbers and "St-177" not in numbers
    run = cli("cards", "digimon-classic", "ability:sky", "-f", "json")
    assert "St-4" in {card["number"] for card in run.json()}
