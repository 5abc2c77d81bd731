"""Deck lists as people write them: LackeyCCG, CSV and JSON decks, text lists with headers
and numbers, Digi-Battle decks by name, and every line of every fixture counted or reported."""

from __future__ import annotations

import csv
import io
import json
import re
import time
from pathlib import Path

import pytest

from conftest import SAMPLES
from deckcli.formats.read import read_deck_file
from deckcli.formats.textread import text_lines

DECKS = Path(__file__).parent / "data" / "decks"
MEGAMAN = SAMPLES / "megaman" / "starter-megaman.toml"
DIGI_BATTLE = sorted((DECKS / "digi-battle").glob("*.txt"))
# The two Nightmare Soldier/DeviDude lists write Myotismon (BO-38 and BO-76) twice by name: a
# list by name cannot say they are different printings, so deckcli names the legal reading.
NEEDS_NUMBERS = {"the-digi-dudes-devidudes-deck", "the-digi-dudes-nightmare-soldier-deck"}


def check_json(cli, *argv):
    run = cli("check", *argv, "--format", "json")
    assert "Traceback" not in run.err
    return run, run.json()["decks"][0]


@pytest.mark.parametrize("path", DIGI_BATTLE, ids=lambda path: path.stem)
def test_published_digi_battle_decks_by_name_get_their_verdict(cli, path):
    run, deck = check_json(cli, path)
    assert deck["cards"] == 30
    rules = {p["rule"] for p in deck["problems"] if p["severity"] == "error"}
    if path.stem.startswith("queenroadkillcandy"):  # the page: BO-12 Monochromon is in twice
        assert not deck["legal"] and rules == {"copies"} and run.code == 1
        assert any("Monochromon (BO-12)" in p["message"] for p in deck["problems"])
    elif path.stem in NEEDS_NUMBERS:
        assert rules == {"ambiguous-card"}
        assert any(p["message"].startswith("legal if ")
                   and "Myotismon is 1 × BO-38 and 1 × BO-76" in p["message"]
                   for p in deck["problems"])
    else:
        assert deck["legal"] and run.code == 0, deck["problems"]


def test_ambiguous_name_legal_under_every_reading_is_a_warning(cli):
    run, deck = check_json(cli, DECKS / "digi-battle" / "pannabakers-swimming-deck.txt")
    coelamon = next(p for p in deck["problems"] if p["card"] == "Coelamon")
    assert coelamon["severity"] == "warning" and "ST-36, ST-36S" in coelamon["message"]
    assert "the verdict does not depend on it" in coelamon["message"]


def test_ambiguous_name_legal_under_one_reading_says_which(cli, write_deck):
    text = (DECKS / "digi-battle" / "pannabakers-swimming-deck.txt").read_text()
    path = write_deck("db.txt", text.replace("1 Ikkakumon\n", "1 ST-36\n"))
    run, deck = check_json(cli, path)
    [error] = [p for p in deck["problems"] if p["severity"] == "error"]
    assert run.code == 1 and error["rule"] == "ambiguous-card"
    assert error["message"].startswith("legal if Coelamon is ST-36S, not if Coelamon is ST-36")


def test_add_an_ambiguous_name_lists_the_numbers(cli, write_deck):
    path = write_deck("db.txt", "# game: digi-battle\n1 Agumon\n")
    run = cli("add", path, "Coelamon")
    assert run.code == 2 and "ST-36, ST-36S" in run.err


# -- real published lists in the new formats ---------------------------------------------

def _list_total(path: Path) -> int:
    """The cards a published list holds, counted without deckcli."""
    text = path.read_text(encoding="utf-8-sig")
    if path.suffix == ".dek":
        return len(re.findall(r"<card>", text))
    if path.suffix == ".csv":
        rows = csv.reader(io.StringIO(text))
        next(rows)
        return sum(int(row[2]) for row in rows if row)
    data = json.loads(text)
    cards = data.get("cards", data)
    return sum(cards.values()) if isinstance(cards, dict) else sum(c["count"] for c in cards)


REAL_LISTS = sorted([*DECKS.glob("lackey/*.dek"), *DECKS.glob("csv/*.csv"),
                     *DECKS.glob("json/*.json")])


@pytest.mark.parametrize("path", REAL_LISTS, ids=lambda path: path.name)
def test_real_lists_are_judged_with_every_card_counted(cli, path):
    run, deck = check_json(cli, path, "--game", "haikyu")  # the .dek files name their game
    assert deck["game"] == ("megaman" if path.suffix == ".dek" else "haikyu")
    assert deck["cards"] == _list_total(path) and deck["legal"] and run.code == 0


def test_csv_glosses_and_variant_spellings_warn_and_count_by_number(cli):
    run, deck = check_json(cli, DECKS / "csv" / "nekoma-third-official.csv", "--game", "haikyu")
    [note] = deck["problems"]
    assert note["rule"] == "unmatched-name" and note["line"] == 11
    assert "黒尾 鉄朗 (HV-P01-021)" in note["message"]


def test_csv_with_bom_spaced_header_quotes_and_gloss(cli, write_deck):
    path = write_deck("d.csv", "\ufeffカード名 ,番号,枚数\n"
                      '"ブロード攻撃 (Broad Attack / 廣域攻擊)",HV-D01-012,2\n'
                      "日向 翔陽,HV-D01-001,0\n"
                      '"これが""繋ぐ""ということだ",HV-P01-082,1\n')
    run, deck = check_json(cli, path, "--game", "haikyu")
    assert deck["cards"] == 3
    assert [p["rule"] for p in deck["problems"]] == ["deck-size"]


@pytest.mark.parametrize(("name", "text", "rule", "line"), [
    ("nohead.csv", "HV-D01-001,3\n", "csv-header", 1),
    ("badcount.csv", "number,count\nHV-D01-001,three\n", "invalid-count", 2),
    ("mismatch.csv", "name,number,count\n及川 徹,HV-D01-001,3\n", "name-number-mismatch", 2),
    ("bad.json", '{"cards": "HV-D01-001"}', "json-syntax", 1),
    ("element.json", '{"cards": [\n  {"id": "HV-D01-001", "count": 2},\n  {"count": 1}\n]}',
     "json-syntax", None),
    ("cut.json", '{"HV-D01-001": 3,\n', "json-syntax", 2),
    ("zero.json", '{\n"HV-D01-001": 0\n}', "invalid-count", 2),
    ("cut.dek", "<deck>\n<superzone name='Deck'>\n<card>", "xml-syntax", 3),
    ("side.dek", "<deck><superzone name='Sideboard'><card><name>AirShot</name></card>"
     "</superzone></deck>", "deck-zone", 1),
])
def test_bad_rows_and_elements_are_reported(cli, write_deck, name, text, rule, line):
    run, deck = check_json(cli, write_deck(name, text), "--game", "haikyu")
    found = [p for p in deck["problems"] if p["rule"] == rule]
    assert found and found[0]["line"] == line, deck["problems"]


def test_xml_bomb_is_refused_at_once(cli, write_deck):
    entities = "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10))
    bomb = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol0 "lol">' + entities
            + ']>\n<deck><meta><game>MMTCG</game></meta><superzone name="Deck"><card><name>'
            "&lol9;</name></card></superzone></deck>")
    started = time.process_time()
    run, deck = check_json(cli, write_deck("bomb.dek", bomb))
    assert time.process_time() - started < 2 and run.code == 1
    [refused] = [p for p in deck["problems"] if p["rule"] == "xml-syntax"]
    assert "document type or entities" in refused["message"]


@pytest.mark.parametrize("format_", ["text", "csv", "json", "lackey"])
def test_export_then_import_gives_the_same_deck(cli, tmp_path, format_):
    suffix = {"text": "txt", "csv": "csv", "json": "json", "lackey": "dek"}[format_]
    exported = tmp_path / f"deck.{suffix}"
    assert cli("export", MEGAMAN, "--format", format_, "-o", exported).code == 0
    assert cli("diff", MEGAMAN, exported).code == 0
    run = cli("import", "megaman", exported, "-o", tmp_path / "back.toml")
    assert run.code == 0 and cli("diff", MEGAMAN, tmp_path / "back.toml").code == 0
    assert cli("show", exported).code == 0


def test_export_refuses_an_unknown_format(cli):
    run = cli("export", MEGAMAN, "--format", "xml")
    assert run.code == 2 and "toml, text, lackey, csv, json" in run.err


def test_add_refuses_to_edit_a_lackey_deck(cli, tmp_path):
    path = tmp_path / "d.dek"
    path.write_bytes((DECKS / "lackey" / "TorchMan_Starter_Deck.dek").read_bytes())
    before = path.read_bytes()
    run = cli("add", path, "AirShot")
    assert run.code == 1 and "convert it first" in run.err and path.read_bytes() == before


# -- text lists: headers by content, numbers beside names ---------------------------------

def test_text_list_headers_counts_in_brackets_and_numbers(cli, write_deck):
    path = write_deck("d.txt", "# game: megaman\nNetNavi:\n1 TorchMan, Hothead\nBattleChips (12)\n"
                      "AirShot (4)\n4 CyberSword (1C12)\nGuard1 [1C13]\nVulcan1 [4]\n"
                      "Events:\nFoo:\n4x AreaSteal\n")
    run, deck = check_json(cli, path)
    assert deck["cards"] == 1 + 4 + 4 + 1 + 4 + 4
    problems = [(p["rule"], p["line"]) for p in deck["problems"]]
    assert ("text-syntax", 10) in problems and ("deck-size", None) in problems


def test_name_naming_another_card_than_the_number_is_an_error(cli, write_deck):
    path = write_deck("d.txt", "# game: megaman\n4 AreaSteal (1C12)\n")
    run, deck = check_json(cli, path)
    mismatch = next(p for p in deck["problems"] if p["rule"] == "name-number-mismatch")
    assert mismatch["line"] == 2 and "1C12 is CyberSword" in mismatch["message"]


def test_display_form_is_accepted(cli, write_deck):
    path = write_deck("d.toml", 'game = "megaman"\n[cards]\n"CyberSword (1C12)" = 4\n')
    run, deck = check_json(cli, path)
    assert not any(p["rule"] == "unknown-card" for p in deck["problems"])


# -- one folding everywhere ----------------------------------------------------------------

def test_check_folds_quotes_dashes_spaces_and_full_width(cli, write_deck):
    path = write_deck("d.txt", "# game: megaman\n4 That’s Too Easy\n4 Cyber Sword\n"
                      "4 Its Not Over Yet\n4 ＡｒｅａＳｔｅａｌ\n")
    run, deck = check_json(cli, path)
    assert deck["cards"] == 16
    assert not any(p["rule"] == "unknown-card" for p in deck["problems"]), deck["problems"]
    path = write_deck("h.txt", "# game: haikyu\n40 HV‐D01‐001\n")
    run, deck = check_json(cli, path)
    assert deck["legal"], deck["problems"]


@pytest.mark.parametrize("ref", ["That’s Too Easy", "Its Not Over Yet", "cyber sword"])
def test_cards_folds_the_reference(cli, ref):
    run = cli("cards", "megaman", ref, "--format", "json")
    assert run.code == 0 and len(run.json()) == 1


def test_add_folds_the_reference(cli, tmp_path):
    path = tmp_path / "d.txt"
    path.write_text("# game: megaman\n1 AirShot\n", encoding="utf-8")
    assert cli("add", path, "Cyber‐Sword", "2").code == 0
    assert path.read_text(encoding="utf-8") == "# game: megaman\n1 AirShot\n2 CyberSword\n"


def test_draw_wants_fold_the_reference(cli):
    run = cli("draw", MEGAMAN, "--want", "Cannon Ball", "--format", "json")
    same = cli("draw", MEGAMAN, "--want", "CannonBall", "--format", "json")
    assert run.code == 0 and run.json()["probability"] == same.json()["probability"]


def test_two_person_names_keep_their_dot(cli, write_deck):
    path = write_deck("h.txt", "# game: haikyu\n1 山本 あかね灰羽 アリサ\n"
                      "1 山本 あかね・灰羽 アリサ\n")
    run, deck = check_json(cli, path)
    unknown = [p["line"] for p in deck["problems"] if p["rule"] == "unknown-card"]
    assert unknown == [2]


# -- every line of every fixture is counted or reported ----------------------------------

FIXTURES = sorted(path for path in [*DECKS.rglob("*"), *SAMPLES.rglob("*")]
                  if path.suffix in (".txt", ".dek", ".csv", ".json")
                  and path.parent.name != "sheets")  # row by row in test_sheets.py


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_line_is_counted_or_reported(path):
    deck, problems = read_deck_file(path)
    reported = {p.line for p in problems}
    counted = {entry.line for entry in deck.entries}
    if path.suffix == ".txt":
        for line in text_lines(path.read_text(encoding="utf-8-sig")):
            if line.kind in ("card", "bad"):
                assert line.number in counted | reported, line
            else:
                assert line.kind in ("blank", "comment", "meta", "section"), line
    else:
        assert deck.total == _list_total(path)


@pytest.mark.parametrize("cards", [
    {"A": 1, "B": 4}, {"A": True}, {"A": 0}, {"A": -1}, {"A": 1.0}, {"A": "4"},
    {"A": 1_000_000}, {"A": 1_000_001}, {"": 1}, {" ": 1}, {"\u3000": 1}, {"A\tB": 1},
    {"A\u200bB": 1}, {"é" * 200: 1}, {"é" * 201: 1}, {"A": 1, "B": [1]}, {"A": 1, "B": {}},
    {"A": 2**70},
])
def test_a_whole_cards_table_passes_at_once_only_when_each_entry_would(cards):
    """A legal deck's [cards] table is checked in one pass (`usual_entries`): it passes only
    tables whose every entry `check_entry` passes (others are read entry by entry)."""
    from deckcli.formats.entries import check_entry
    from deckcli.formats.tomldeck import usual_entries

    each = all(check_entry(ref, count, None) is None for ref, count in cards.items())
    assert not usual_entries(cards) or each  # never passes an entry check_entry refuses
    printable = all(ref.isprintable() for ref in cards)  # else the slow path decides
    assert usual_entries(cards) is (each and printable)
