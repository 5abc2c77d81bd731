"""Card text: every pool's text equals its source's, and `text:` searches it in every game."""

from __future__ import annotations

import csv
import json

import pytest

from conftest import REFERENCE
from deckcli.pools.registry import PoolRegistry
from deckcli.textnorm import fold

pytestmark = pytest.mark.skipif(not REFERENCE.is_dir(), reason="../shared/reference absent")
REGISTRY = PoolRegistry([])


def test_megaman_text_and_tags_are_the_lackey_cells():
    lines = (REFERENCE / "megaman/lackey/carddata.txt").read_bytes().decode("cp1252")
    lackey = list(csv.DictReader(lines.splitlines(), delimiter="\t", quoting=csv.QUOTE_NONE))
    pool = REGISTRY.load("megaman")
    by_number: dict[str, list[dict[str, str]]] = {}
    for row in lackey:
        by_number.setdefault(row["Number"], []).append(row)
    for card in pool.cards:
        rows = by_number[card.number]
        texts = {row["Text"] or None for row in rows}
        assert card.attrs.get("text") in texts, card.number
        if len(rows) == 1:
            row = rows[0]
            assert card.attrs.get("text") == (row["Text"] or None)
            assert card.attrs.get("help") == (row["Help"] or None)
            assert card.attrs.get("tags", []) == [t for t in [row["Tags"]] if t]
    assert pool.by_number[fold("2C1")].attrs["text"].startswith("Whenever you play a BattleChip,"
                                                                " you may return up to 2")
    assert "text" not in pool.by_number[fold("3P1")].attrs  # the 3p1mmx.jpg row prints none


def test_haikyu_text_is_the_official_skill_of_every_card():
    printings = json.loads((REFERENCE / "haikyu/official/official_cards.json").read_text("utf-8"))
    pool = REGISTRY.load("haikyu")
    seen: set[str] = set()
    for printing in printings:
        card = pool.by_number[fold(printing["card_no"])]
        skill = " ".join(line.strip() for line in printing["skill"].splitlines()).strip()
        if printing["card_no"] in seen or skill == "-":
            continue
        seen.add(printing["card_no"])
        assert card.attrs["text"] == skill, printing["card_no"]
        reading = printing["name_ruby"].strip()
        if reading not in ("", "-"):
            assert card.attrs["name_reading"] == reading or "name_ruby" in (card.note or "")
        assert printing["illustrator"] in card.attrs["illustrator"]
    assert len(seen) == len(pool.cards) - sum(1 for c in pool.cards if "text" not in c.attrs)
    assert pool.by_number[fold("HV-P01-001")].attrs["position"] == ["MB"]


def no_none(cell: str) -> str | None:
    return None if cell in ("", "None") else cell


def test_no_card_of_any_pool_has_the_word_none_for_its_text(cli):
    for game in REGISTRY.game_ids():
        for card in REGISTRY.load(game).cards:
            assert "None" not in (card.attrs.get(key) for key in ("text", "evolution", "group"))
    shown = cli("cards", "digimon-classic", "St-1")
    assert shown.code == 0 and "Agumon" in shown.out
    assert "None" not in shown.out and "text" not in shown.out


def test_digimon_classic_text_is_the_dmhc_abilities_cell():
    pool = REGISTRY.load("digimon-classic")
    checked = 0
    for path in sorted((REFERENCE / "digimon/dmhc-sets").glob("CardData*.txt")):
        for raw in path.read_bytes().split(b"\n")[1:]:
            if not raw.strip():
                continue
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                line = raw.decode("cp1252")
            cells = [cell.strip() for cell in line.rstrip("\r").split("\t")]
            card = pool.by_number.get(fold(cells[3]))
            if card is None:
                continue
            checked += 1
            # "None" is the source's word for a card with no such text: no text, not a word
            assert card.attrs.get("text") == no_none(cells[15]), cells[3]
            assert card.attrs.get("evolution") == no_none(cells[4]), cells[3]
            assert card.attrs.get("group") == no_none(cells[7]), cells[3]
    assert checked == len(pool.cards)
    craniummon = pool.by_number[fold("Bo-1163")]
    assert craniummon.attrs["group"] == "Royal Knights"


@pytest.mark.parametrize(
    ("game", "query", "number"),
    [
        ("megaman", "text:*draw*", "1C32"),
        ("megaman", "tags:NetOp", None),
        ("haikyu", "text:*ブロック*", "HV-P01-003"),
        ("digimon-classic", "text:*grappling*", "St-287"),
        ("digimon-classic", "evolution:*Device*", "Bo-642"),
        ("digi-battle", "text:*score*", "BO-59"),
    ],
)
def test_text_search_per_game(cli, game, query, number):
    result = cli("cards", game, query, "--format", "json")
    assert result.code == 0, result.err
    cards = result.json()
    assert cards
    assert all("text" in card or "tags" in card or "evolution" in card for card in cards)
    if number:
        assert number in {card["number"] for card in cards}


def test_haikyu_search_finds_real_skill_text(cli):
    result = cli("cards", "haikyu", "text:*レシーブポイントが6以上*", "--format", "json")
    numbers = {card["number"] for card in result.json()}
    assert "HV-P01-002" in numbers


def test_card_number_shows_its_text(cli):
    result = cli("cards", "digimon-classic", "St-287")
    assert result.code == 0
    assert 'Has the abilities "underwater" and "grappling".' in result.out
    shown = cli("cards", "megaman", "2C1", "--format", "json").json()
    assert shown[0]["text"].startswith("Whenever you play a BattleChip")


@pytest.mark.parametrize("keep", ["", "-'", "]^\\-_", "ー·"])
def test_squash_keeps_exactly_the_alphanumerics_and_keep_of_every_code_point(keep):
    """`squash` drops with one regex what is not `str.isalnum()` nor in `keep`: the same as
    testing each character, for every code point (folded first, as names are)."""
    import sys

    from deckcli.textnorm import fold, squash

    points = [chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF]
    for start in range(0, len(points), 8192):
        text = "".join(points[start:start + 8192])
        expected = "".join(char for char in fold(text) if char.isalnum() or char in keep)
        assert squash(text, keep) == expected
