"""CSV decks: the count column that holds the deck, and the separator (issue 38 item 9,
issue 40 item 5). A sheet with a sideboard or a collection column beside the deck's must
never be read by the wrong one in silence; Excel in many locales writes semicolons."""

from __future__ import annotations

import pytest


def sheet(header: str, rows: list[tuple[str, ...]], separator: str = ",") -> str:
    lines = ["# game: megaman", header.replace(",", separator)]
    lines += [separator.join(row) for row in rows]
    return "\n".join(lines) + "\n"


def counts(run) -> dict[str, int]:
    [deck] = run.json()["decks"]
    return {"cards": deck["cards"], "errors": [p["rule"] for p in deck["problems"]]}


def test_the_main_deck_column_is_read_not_the_sideboard(cli, tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text(sheet("Card Name,Sideboard Qty,Main Qty",
                          [("AreaSteal", "0", "4"), ("Cannon", "3", "1")]), encoding="utf-8")
    run = cli("check", path, "--format", "json")
    assert run.code == 1
    assert counts(run)["cards"] == 5  # 4 + 1 from Main Qty, not 3 from Sideboard Qty


def test_a_deck_column_beside_an_owned_column_is_the_deck(cli, tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text(sheet("Card Name,Owned Qty,Deck Qty",
                          [("AreaSteal", "9", "2"), ("Cannon", "9", "1")]), encoding="utf-8")
    run = cli("check", path, "--format", "json")
    assert counts(run)["cards"] == 3


@pytest.mark.parametrize("header", ["Card Name,Qty A,Qty B", "Card Name,Main Qty,Deck Qty"])
def test_two_columns_that_could_each_be_the_deck_stop_the_reading(cli, tmp_path, header):
    path = tmp_path / "deck.csv"
    path.write_text(sheet(header, [("AreaSteal", "4", "2"), ("Cannon", "1", "3")]),
                    encoding="utf-8")
    run = cli("check", path, "--format", "json")
    assert run.code == 1
    [deck] = run.json()["decks"]
    [problem] = deck["problems"]
    first, second = header.split(",")[1:]
    assert problem["rule"] == "csv-header"
    assert f"the columns {first!r} and {second!r} could each be the deck's count" in \
        problem["message"]
    assert "does not guess" in problem["message"]


@pytest.mark.parametrize("separator", [";", "\t", ","])
def test_the_separator_is_told_by_the_header_row(cli, tmp_path, separator):
    path = tmp_path / "deck.csv"
    path.write_text(sheet("Name,Count", [("AreaSteal", "4"), ("Cannon", "2")], separator),
                    encoding="utf-8")
    run = cli("check", path, "--format", "json")
    assert counts(run)["cards"] == 6
    assert "csv-header" not in counts(run)["errors"]
    scanned = cli("check", tmp_path, "--format", "json")  # a scan takes it for a deck too
    assert len(scanned.json()["decks"]) == 1


def test_a_semicolon_sheet_with_commas_in_names_keeps_them(cli, tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text("# game: haikyu\nName;Count\nNo such, card;2\n", encoding="utf-8")
    run = cli("check", path, "--format", "json")
    [deck] = run.json()["decks"]
    assert any('No such, card' in p["message"] for p in deck["problems"])


def test_no_header_says_which_separators_were_tried(cli, tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text("# game: megaman\nAreaSteal|4\n", encoding="utf-8")
    run = cli("check", path, "--format", "json")
    [deck] = run.json()["decks"]
    [problem] = deck["problems"]
    assert problem["rule"] == "csv-header"
    assert "(tried comma, semicolon and tab as separators)" in problem["message"]
