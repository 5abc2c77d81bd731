"""Spreadsheet exports read as decks: header found among title, blank, stat and comment
columns (by header words in Chinese, Japanese, English and Thai, and by content), numbers
inside name cells with their marks, repeated headers, sections, side zones and total rows;
every row counted or reported with its number. Each fixture is counted to the last card."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcli.formats.read import read_deck_file
from deckcli.formats.sheet import cell_roles, split_name

SHEETS = Path(__file__).parent / "data" / "decks" / "sheets"

# (fixture, game, cards, [(reference as read, count, row)]) for every card row of the file
FIXTURES = {
    "haikyu-karasuno-sheet.csv": ("haikyu", 40, [
        ("日向 翔陽 (HV-D01-001)", 4, 4), ("影山 飛雄 (HV-D01-002)", 4, 5),
        ("月島 蛍 (HV-P01-008 S)", 2, 6), ("影山 飛雄 (HV-P01-006 頂)", 2, 7),
        ("山口 忠 (HV-D01-004)", 3, 8), ("西谷 夕 (HV-D01-005)", 3, 9),
        ("田中 龍之介 (HV-D01-006)", 3, 10), ("澤村 大地 (HV-D01-008)", 3, 11),
        ("菅原 孝支 (HV-D01-009)", 3, 12), ("東峰 旭 (HV-D01-010)", 3, 13),
        ("日向 翔陽 (HV-PR-001 P)", 2, 14),
        ("バレーは!!! 常に上を向くスポーツだ (HV-D01-011)", 4, 17),
        ("ブロード攻撃 (HV-D01-012)", 4, 18)]),
    "megaman-gutsman-sheet.csv": ("megaman", 60, [
        ("GutsMan, Body Strength (1C2)", 1, 5), ("AirShot (1C7)", 4, 7),
        ("AreaSteal (1C8)", 4, 8), ("CannonBall (1C11)", 4, 9), ("Guard1 (1C13)", 4, 10),
        ("RockCube (1C16)", 3, 11), ("Vulcan1 (1C19)", 4, 12), ("BigHammer1 (1R75)", 3, 13),
        ("Playing Dirty (1C27)", 3, 15), ("Fish Intervention (1C23)", 2, 16),
        ("Buckethead (1C34)", 4, 18), ("GutsHammer (1C50)", 4, 19), ("GutsThump (1R93)", 4, 20),
        ("Clever Trick (1C37)", 3, 21), ("Focus (1C48)", 3, 22), ("Determined (1C43)", 3, 23),
        ("Power Pastries (1C59)", 2, 24), ("Take Control (1C69)", 3, 25),
        ("Dex, Jokester (1SR110)", 2, 26)]),
    "digimon-agumon-sheet.csv": ("digimon-classic", 30, [
        ("アグモン (St-1)", 3, 5), ("ガブモン (St-5)", 2, 6), ("グレイモン (St-2)", 3, 7),
        ("ガルルモン (St-6)", 2, 8), ("スカルグレイモン (St-32)", 2, 9),
        ("ワーガルルモン (St-47)", 2, 10), ("ウォーグレイモン (St-61)", 1, 11),
        ("攻撃プラグインＡ (St-49)", 3, 13), ("防御プラグインＣ (St-50)", 3, 14),
        ("高速プラグインＢ (St-51)", 2, 15), ("レベルＩＶに変身！ (St-55)", 2, 16),
        ("めざせ最強進化！ (St-56)", 2, 17), ("しょうりつ４０％！ (St-59)", 3, 18)]),
    "digi-battle-rookies-sheet.csv": ("digi-battle", 30, [
        (f"{name} (ST-{index:02d})", 1, index + 1) for index, name in enumerate((
            "Agumon", "Greymon", "Biyomon", "Birdramon", "Gabumon", "Garurumon", "Tentomon",
            "Kabuterimon", "Palmon", "Togemon", "Gomamon", "Ikkakumon", "Patamon", "Angemon",
            "Nanimon", "Unimon", "Centarumon", "Kunemon", "Dokugumon", "Musyamon", "Kimeramon",
            "Rockmon", "Gotsumon", "Otamamon", "Tortomon", "Starmon", "Gekomon",
            "MegaKabuterimon", "Triceramon", "Piximon"), 1)]),
}


def check(cli, path, game):
    run = cli("check", path, "--game", game, "--format", "json")
    assert "Traceback" not in run.err
    return run, run.json()["decks"][0]


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_every_row_of_a_sheet_is_read_to_the_last_card(cli, name):
    game, cards, expected = FIXTURES[name]
    deck, problems = read_deck_file(SHEETS / name)
    assert [(entry.ref, entry.count, entry.line) for entry in deck.entries] == expected
    assert sum(count for _, count, _ in expected) == cards == deck.total
    run, checked = check(cli, SHEETS / name, game)
    assert checked["cards"] == cards and checked["legal"] and run.code == 0, checked["problems"]
    rules = [(p["rule"], p["line"]) for p in checked["problems"]]
    if name.startswith("megaman"):  # its sideboard: kept apart, listed, never counted
        assert rules == [("deck-zone", 28)] and deck.zones == {"Sideboard": deck.zones[
            "Sideboard"]}
        assert [(e.ref, e.count, e.line) for e in deck.zones["Sideboard"]] == [
            ("Canceled (1C21)", 2, 29)]
        assert "(2 Canceled (1C21))" in checked["problems"][0]["message"]
    else:
        assert rules == [] and not problems


def test_a_lone_title_above_the_header_names_the_deck():
    assert read_deck_file(SHEETS / "megaman-gutsman-sheet.csv")[0].name == "GutsMan Smash"
    assert read_deck_file(SHEETS / "haikyu-karasuno-sheet.csv")[0].name is None


def test_a_folder_scan_judges_every_sheet(cli, tmp_path):
    for name in FIXTURES:
        (tmp_path / name).write_bytes((SHEETS / name).read_bytes())
    (tmp_path / "prices.csv").write_text("date,card,price\n2026-01-02,AirShot,0.50\n",
                                         encoding="utf-8")
    (tmp_path / "players.csv").write_text("name,rank\nAlice,1\nBob,2\n", encoding="utf-8")
    run = cli("check", tmp_path, "--game", "haikyu", "--format", "json", "--verbose")
    report = run.json()
    assert sorted(Path(deck["path"]).name for deck in report["decks"]) == sorted(FIXTURES)
    assert report["skipped"] == 2
    assert "prices.csv" in run.err and "players.csv" in run.err
    haikyu = next(d for d in report["decks"] if "haikyu" in d["path"])
    assert haikyu["cards"] == 40 and haikyu["legal"]


def sheet_of(write_deck, text):
    return read_deck_file(write_deck("s.csv", text))


def test_a_total_that_disagrees_is_a_warning_naming_both_numbers(cli, write_deck):
    text = (SHEETS / "haikyu-karasuno-sheet.csv").read_text(encoding="utf-8")
    path = write_deck("h.csv", text.replace(",,40,", ",,41,"))
    run, deck = check(cli, path, "haikyu")
    assert deck["cards"] == 40 and deck["legal"] and run.code == 0
    (found,) = deck["problems"]
    assert found["severity"] == "warning" and found["line"] == 19
    assert found["message"] == "row 19: the total says 41 cards, but the rows above add up to 40"


def test_a_section_count_that_disagrees_is_a_warning(write_deck):
    text = (SHEETS / "megaman-gutsman-sheet.csv").read_text(encoding="utf-8")
    deck, problems = sheet_of(write_deck, text.replace("26,BattleChips", "25,BattleChips"))
    assert deck.total == 60
    assert [p.message for p in problems if p.rule == "csv-syntax"] == [
        "row 6: the section BattleChips says 25 cards, but its rows add up to 26"]


def test_rows_that_are_no_card_are_reported_with_their_row(write_deck):
    text = ("Karasuno\nby a player\n卡片名稱 (編號),建議 數量,備註\n日向 翔陽(HV-D01-001),4,\n"
            ",,only if you have them\n影山 飛雄(HV-D01-002),,\n山口 忠(HV-D01-004),two,\n")
    deck, problems = sheet_of(write_deck, text)
    assert [(e.ref, e.count) for e in deck.entries] == [("日向 翔陽 (HV-D01-001)", 4)]
    found = [(p.rule, p.severity, p.line) for p in problems]
    assert found == [("csv-syntax", "warning", 5), ("invalid-count", "error", 6),
                     ("invalid-count", "error", 7), ("csv-syntax", "warning", 1),
                     ("csv-syntax", "warning", 2)]
    assert "row 6: no count" in problems[1].message
    assert "row 1 (Karasuno) is above the header (row 3)" in problems[3].message


def test_a_repeated_header_with_other_columns_takes_over(write_deck):
    text = ("name,count\nAirShot,4\n\ncount,number,name\n3,1C12,CyberSword\n,,\nTotal,7\n")
    deck, problems = sheet_of(write_deck, text)
    assert [(e.ref, e.count, e.line) for e in deck.entries] == [
        ("AirShot", 4, 2), ("CyberSword (1C12)", 3, 5)]
    assert problems == []


def test_columns_found_by_content(write_deck):
    # no header word for the number column: its cells are card numbers
    deck, problems = sheet_of(write_deck, "カード名,,枚数\nアグモン,St-1,3\nガブモン,St-5,2\n")
    assert [(e.ref, e.count) for e in deck.entries] == [("アグモン (St-1)", 3),
                                                        ("ガブモン (St-5)", 2)]
    # no header word for the count: the one column of counts on every card row
    deck, problems = sheet_of(write_deck, "Name,Anzahl,Level\nAgumon,3,III\nGabumon,2,III\n"
                              "Greymon,1,IV\n")
    assert [(e.ref, e.count) for e in deck.entries] == [("Agumon", 3), ("Gabumon", 2),
                                                        ("Greymon", 1)]
    assert problems == []


def test_a_name_cell_number_must_agree_with_the_number_column(write_deck):
    deck, problems = sheet_of(write_deck, "name,number,count\n日向 翔陽(HV-D01-001),HV-D01-002,4\n"
                              "影山 飛雄 (HV-P01-006 頂),HV-P01-006,2\n")
    assert [(e.ref, e.count) for e in deck.entries] == [("影山 飛雄 (HV-P01-006 頂)", 2)]
    assert [(p.rule, p.line) for p in problems] == [("csv-syntax", 2)]
    assert "HV-D01-001 but the number column HV-D01-002" in problems[0].message


def test_a_mark_without_a_name_is_said_not_checked(write_deck):
    deck, problems = sheet_of(write_deck, "number,count\nHV-P01-006 頂,2\n")
    assert [(e.ref, e.count) for e in deck.entries] == [("HV-P01-006", 2)]
    assert problems[0].severity == "warning" and "'頂'" in problems[0].message


def test_a_sheet_without_any_header_is_still_an_error(write_deck):
    deck, problems = sheet_of(write_deck, "\n\nHV-D01-001,3\nHV-D01-002,2\n")
    assert deck.entries == [] and [(p.rule, p.line) for p in problems] == [("csv-header", 3)]


def test_a_csv_without_a_header_is_not_also_called_empty(cli, write_deck):
    """The header problem stops the file: no misleading '0 cards — add 40' beside it."""
    path = write_deck("nohead.csv", "HV-D01-001,3\nHV-D01-002,2\n")
    run = cli("check", path, "--game", "haikyu", "--format", "json")
    assert run.code == 1
    assert [p["rule"] for p in run.json()["decks"][0]["problems"]] == ["csv-header"]


@pytest.mark.parametrize(("cell", "roles"), [
    ("卡片名稱 (編號)", {"name", "number"}), ("建議 數量", {"count"}), ("カード名", {"name"}),
    ("採用枚数", {"count"}), ("Card No.", {"number"}), ("Qty.", {"count"}),
    ("ชื่อการ์ด", {"name"}), ("จำนวน", {"count"}), ("รหัสการ์ด", {"number"}),
    ("Notes", set()), ("Discount", set()), ("ID card scan", set()), ("發球", set()),
])
def test_header_words(cell, roles):
    assert cell_roles(cell) == roles


@pytest.mark.parametrize(("cell", "split"), [
    ("日向 翔陽(HV-D01-001)", ("日向 翔陽", "HV-D01-001")),
    ("影山 飛雄 (HV-P01-008 S)", ("影山 飛雄", "HV-P01-008 S")),
    ("日向 翔陽（HV-PR-001）", ("日向 翔陽", "HV-PR-001")),
    ("ブロード攻撃 (Broad Attack / 廣域攻擊)", ("ブロード攻撃 (Broad Attack / 廣域攻擊)", None)),
    ("1C12", ("", "1C12")), ("CyberSword", ("CyberSword", None)),
])
def test_numbers_inside_name_cells(cell, split):
    assert split_name(cell) == split


def test_count_cells_as_sheets_write_them(write_deck):
    text = ("カード名,枚数\nアグモン,3枚\nガブモン,x2\nグレイモン,×1\nガルルモン,２\n"
            "サイドボード,\nパルモン,1\n合計,8\n")
    deck, problems = sheet_of(write_deck, text)
    assert [(e.ref, e.count) for e in deck.entries] == [
        ("アグモン", 3), ("ガブモン", 2), ("グレイモン", 1), ("ガルルモン", 2)]
    assert [(e.ref, e.count, e.line) for e in deck.zones["サイドボード"]] == [("パルモン", 1, 7)]
    assert [(p.rule, p.line) for p in problems] == [("deck-zone", 6)]  # 8 = deck and zone
