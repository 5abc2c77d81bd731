"""`deckcli new`, `show`, `fmt`, `diff` and `schema` as users see them."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

from conftest import SAMPLES

DATA = Path(__file__).parent / "data" / "decks"
TOML_SAMPLES = sorted(SAMPLES.rglob("*.toml"))


def test_new_writes_an_empty_deck_that_checks(cli, tmp_path):
    path = tmp_path / "deck.toml"
    run = cli("new", "mmnt", path, "--name", "My MegaMan")
    assert run.code == 0
    assert run.out.splitlines()[0] == (f"wrote {path}: megaman · standard · 0 cards · illegal: "
                                       "deck-size, netnavi-count")
    assert path.read_text() == ('game = "megaman"\nformat = "standard"\nname = "My MegaMan"\n\n'
                                "[cards]\n")
    check = cli("check", path, "--format", "json").json()["decks"][0]
    assert {p["rule"] for p in check["problems"]} == {"deck-size", "netnavi-count"}


def test_new_text_list(cli, tmp_path):
    path = tmp_path / "deck.txt"
    assert cli("new", "haikyu", path).code == 0
    assert path.read_text() == "# game: haikyu\n# format: break\n"
    assert cli("add", path, "HV-D02-001", "4").code == 0
    assert path.read_text().endswith("\n4 HV-D02-001\n")


def test_new_refuses_to_overwrite(cli, tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text("keep me\n")
    run = cli("new", "megaman", path)
    assert run.code == 1
    assert run.err == f"deckcli: error: {path} already exists; pass --force to replace it\n"
    assert path.read_text() == "keep me\n"
    assert cli("new", "megaman", path, "--force").code == 0
    assert path.read_text().startswith('game = "megaman"')


@pytest.mark.parametrize(("args", "message"), [
    (("nosuchgame",), "unknown game 'nosuchgame'; games: "),
    (("megaman", "--deck-format", "modern"), "megaman has no format 'modern'; formats: standard"),
])
def test_new_usage_errors(cli, tmp_path, args, message):
    run = cli("new", args[0], tmp_path / "deck.toml", *args[1:])
    assert run.code == 2 and message in run.err
    assert not (tmp_path / "deck.toml").exists()


def test_show_groups_by_type_with_totals_curve_and_verdict(cli):
    run = cli("show", SAMPLES / "megaman" / "illegal-59-cards.toml")
    assert run.code == 0
    lines = run.out.splitlines()
    group_rows = [line.split("│") for line in lines if "│" in line and line.split("│")[1].strip()
                  == ""]
    assert [(row[0].strip(), row[2].strip()) for row in group_rows] == [
        ("1", "NetNavi"), ("29", "Resource"), ("9", "Event"), ("20", "BattleChip")]
    assert "power cost" in lines
    assert any(line.startswith("  0 ███") for line in lines)
    assert "✗ illegal · 59 cards" in run.out
    assert "deck-size  59 cards; megaman decks have exactly 60 — add 1" in run.out


def test_show_json(cli):
    run = cli("show", SAMPLES / "digimon-classic" / "example-japanese-names.toml", "-f", "json")
    summary = run.json()
    assert summary["legal"] is True and summary["cards"] == 30
    assert [(g["type"], g["count"]) for g in summary["groups"]] == [("Digimon", 19),
                                                                    ("Option", 11)]
    first = summary["groups"][0]["cards"][0]
    assert first["number"] == "St-1" and first["name"] == "アグモン" and first["level"] == "III"
    english = cli("show", SAMPLES / "digimon-classic" / "example-japanese-names.toml", "-f", "json",
                  "--card-lang", "en").json()["groups"][0]["cards"][0]
    assert english["name"] == "Agumon"  # the deck's own spelling unless --card-lang says
    assert summary["curve"]["field"] == "level"
    assert [c["value"] for c in summary["curve"]["counts"]] == ["III", "IV", "完全体", "究極体",
                                                                  "–"]


@pytest.mark.slow
def test_fmt_is_idempotent_and_keeps_the_cards_of_every_sample(cli, tmp_path):
    copies = []
    for sample in TOML_SAMPLES:
        copy = tmp_path / sample.parent.name / sample.name
        copy.parent.mkdir(exist_ok=True)
        shutil.copy(sample, copy)
        copies.append((sample, copy))
    run = cli("fmt", tmp_path)
    assert run.code == 0, run.err
    assert run.out.splitlines()[-1].endswith(" unchanged")
    formatted = {copy: copy.read_bytes() for _, copy in copies}
    assert cli("fmt", "--check", tmp_path).code == 0
    assert cli("fmt", tmp_path).out.splitlines()[-1] == (f"0 files reformatted, {len(copies)} "
                                                        "unchanged")
    assert {copy: copy.read_bytes() for _, copy in copies} == formatted
    for sample, copy in copies:
        assert cli("diff", sample, copy).code == 0, sample


def test_fmt_output_groups_entries_and_keeps_comments(cli, tmp_path):
    path = tmp_path / "deck.toml"
    shutil.copy(DATA / "commented-megaman.toml", path)
    assert cli("fmt", path).out == f"reformatted {path}\n1 file reformatted, 0 unchanged\n"
    text = path.read_text()
    assert text.startswith("# A MegaMan deck written by hand")
    assert ('[cards]\n# NetNavi (1)\n# -- the NetNavi --\n1St101 = 1  '  # a number stays
            "# MegaMan, NetWarrior\n\n# Resource (29)\n") in text
    assert '"Worthy Opponent" = 3  # an escaped key: Worthy Opponent\n' in text
    assert text.endswith('# total: 60 cards\n\n[notes]\nauthor = "test"   # a table after '
                         "[cards] stays where it is\n")


def test_fmt_check_lists_files_and_writes_nothing(cli, tmp_path):
    path = tmp_path / "deck.toml"
    shutil.copy(DATA / "commented-megaman.toml", path)
    original = path.read_bytes()
    run = cli("fmt", "--check", path)
    assert run.code == 1
    assert run.out == f"would reformat {path}\n1 file would be reformatted, 0 unchanged\n"
    assert path.read_bytes() == original


def test_fmt_merges_two_references_to_one_card(cli, write_deck):
    path = write_deck("twice.toml", 'game = "megaman"\n[cards]\n"1C8" = 2  # by number\n'
                      "AreaSteal = 1  # by name\n")
    assert cli("fmt", path).code == 0
    assert path.read_text() == ('game = "megaman"\n[cards]\n# BattleChip (3)\n'
                                "AreaSteal = 3  # by number; by name\n")


def test_fmt_refuses_what_it_would_have_to_guess(cli, write_deck):
    path = write_deck("bad.toml", 'game = "megaman"\n[cards]\nAreaSteal = "four"\n')
    original = path.read_bytes()
    run = cli("fmt", path)
    assert run.code == 1
    assert f"deckcli: error: {path}:3: AreaSteal: the count is a string" in run.err
    assert path.read_bytes() == original
    text_list = write_deck("list.txt", "# game: megaman\n4 AreaSteal\n")
    assert "fmt formats TOML decks" in cli("fmt", text_list).err


def test_diff_resolves_references(cli, write_deck):
    old = write_deck("old.toml", 'game = "megaman"\n[cards]\n"1C8" = 4\nCyberSword = 3\n'
                     "AirShot = 2\n")
    same = write_deck("same.toml", 'game = "mmnt"\n[cards]\nareasteal = 4\n"1C12" = 3\n'
                      '"1C7" = 2\n')
    assert cli("diff", old, same).code == 0
    new = write_deck("new.toml", 'game = "megaman"\n[cards]\nAreaSteal = 4\nCyberSword = 4\n'
                     "Vulcan1 = 2\n")
    run = cli("diff", old, new)
    assert run.code == 1
    assert run.out == ("- 2 AirShot (1C7)\n+ 2 Vulcan1 (1C19)\n~ CyberSword (1C12): 3 → 4\n"
                       "9 → 10 cards: 1 removed, 1 added, 1 changed\n")
    record = cli("diff", old, new, "--format", "json").json()
    assert record["added"] == [{"number": "1C19", "name": "Vulcan1", "before": 0, "after": 2}]
    assert [c["number"] for c in record["removed"]] == ["1C7"]
    assert record["changed"][0]["after"] == 4 and record["cards"] == {"before": 9, "after": 10}


def test_diff_refuses_decks_of_two_games(cli):
    run = cli("diff", SAMPLES / "megaman" / "starter-megaman.toml",
              SAMPLES / "haikyu" / "starter-karasuno.toml")
    assert run.code == 2 and "diff compares decks of one game" in run.err


def test_schema_requires_game_and_positive_counts(cli):
    run = cli("schema", "deck")
    assert run.code == 0
    schema = json.loads(run.out)
    assert schema["type"] == "object" and "game" in schema["required"]
    assert schema["properties"]["cards"]["additionalProperties"] == {"minimum": 1,
                                                                     "type": "integer"}
    assert "megaman" in schema["properties"]["game"]["examples"]
    for sample in TOML_SAMPLES:  # every sample deck fits the schema's shape
        deck = tomllib.loads(sample.read_text(encoding="utf-8"))
        assert set(schema["required"]) <= set(deck)
        assert all(isinstance(n, int) and n >= 1 for n in deck["cards"].values())
    assert cli("schema", "pool").code == 2


def test_fmt_keeps_references_the_pool_records_and_fixes_other_spellings(cli, write_deck):
    path = write_deck("mixed.toml", 'game = "megaman"\n[cards]\n"1C12" = 4\n"area steal" = 2\n')
    assert cli("fmt", path).code == 0
    text = path.read_text()
    assert "1C12 = 4" in text  # a number stays a number
    assert "AreaSteal = 2" in text and "area steal" not in text  # a loose spelling is fixed
    japanese = SAMPLES / "digimon-classic" / "example-japanese-names.toml"
    copy = write_deck("ja.toml", japanese.read_text(encoding="utf-8"))
    assert cli("fmt", "--check", copy).code == 0 and '"アグモン" = 3' in copy.read_text()
