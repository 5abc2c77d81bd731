"""Side zones (`Sideboard:`, `Side deck:`, `Maybe:`, a JSON "sideboard", a LackeyCCG side
superzone): never counted in the deck, reported as `deck-zone` with their cards, kept apart by
`import`, `export`, `show` and the text-list edits."""

from __future__ import annotations

import json

import pytest

from conftest import SAMPLES

STARTER = (SAMPLES / "megaman" / "starter-torchman.txt").read_text(encoding="utf-8")


def check(cli, path):
    run = cli("check", path, "--format", "json")
    assert "Traceback" not in run.err
    return run, run.json()["decks"][0]


def zone_problem(deck):
    found = [p for p in deck["problems"] if p["rule"] == "deck-zone"]
    assert len(found) == 1, deck["problems"]
    return found[0]


@pytest.mark.parametrize("header", ["Sideboard:", "Side deck:", "Side:", "Maybe:",
                                    "Maybeboard:", "SIDEBOARD (3)", "サイドデッキ", "備牌:"])
def test_a_side_zone_is_never_counted_in_the_deck(cli, write_deck, header):
    lines = STARTER.rstrip("\n").split("\n")
    path = write_deck("torch.txt", STARTER + f"{header}\n2x Flame Brain\n1 AirShot\n")
    run, deck = check(cli, path)
    assert deck["cards"] == 60 and deck["legal"] and run.code == 0  # the 60 of the starter
    found = zone_problem(deck)
    assert found["severity"] == "warning" and found["line"] == len(lines) + 1
    assert "3 cards in the zone" in found["message"]
    assert "(2 Flame Brain, 1 AirShot)" in found["message"]


def test_a_deck_header_after_the_zone_returns_to_the_deck(cli, write_deck):
    path = write_deck("d.txt", "# game: megaman\nSideboard:\n2 Flame Brain\nMain deck:\n"
                      "1 MegaMan, NetWarrior\n4 CyberSword\n")
    _, deck = check(cli, path)
    assert deck["cards"] == 5  # 1 + 4; Flame Brain stays in the zone
    assert "2 cards in the zone \"Sideboard\"" in zone_problem(deck)["message"]


def test_a_type_header_inside_the_zone_stays_in_the_zone(cli, write_deck):
    path = write_deck("d.txt", "# game: megaman\nNetNavi:\n1 MegaMan, NetWarrior\n"
                      "Sideboard:\n2 Flame Brain\nBattleChips:\n4 CyberSword\n")
    _, deck = check(cli, path)
    assert deck["cards"] == 1
    assert "(2 Flame Brain, 4 CyberSword)" in zone_problem(deck)["message"]


def test_import_partial_never_merges_the_sideboard(cli, write_deck, tmp_path):
    path = write_deck("list.txt", "# game: megaman\n1 MegaMan, NetWarrior\n4 CyberSword\n"
                      "Sideboard:\n2x Flame Brain\n")
    out = tmp_path / "deck.toml"
    refused = cli("import", "megaman", path, "-o", out)
    assert refused.code == 1 and not out.exists()
    assert "line 4: 2 cards in the zone \"Sideboard\"" in refused.err
    assert "side zone" in refused.err and "nothing written" in refused.err
    partial = cli("import", "megaman", path, "-o", out, "--partial")
    assert partial.code == 0, partial.err
    written = out.read_text(encoding="utf-8")
    assert "Flame Brain" not in written and "CyberSword = 4" in written
    assert "side zone left out" in partial.out + partial.err
    assert "unreadable" not in partial.err and "cannot read" not in partial.err


def test_export_text_keeps_the_zone_and_other_formats_say_they_leave_it(cli, write_deck):
    path = write_deck("torch.txt", STARTER + "\nSideboard:\n2x Flame Brain\n")
    text = cli("export", path)
    assert text.code == 0 and text.out.endswith("\nSideboard:\n2 Flame Brain\n")
    again = write_deck("again.txt", text.out)
    _, deck = check(cli, again)
    assert deck["cards"] == 60 and "(2 Flame Brain)" in zone_problem(deck)["message"]
    as_json = cli("export", path, "--format", "json")
    assert as_json.code == 0  # the starter's own Flame Brain, not the zone's two
    assert sum(card["count"] for card in json.loads(as_json.out)["cards"]) == 60
    assert 'the zone "Sideboard" (2 cards) is not in the json export' in as_json.err


def test_show_lists_the_zone(cli, write_deck):
    path = write_deck("torch.txt", STARTER + "\nSideboard:\n2x Flame Brain\n")
    run = cli("show", path, "--format", "text")
    assert run.code == 0 and "deck-zone" in run.out and "(2 Flame Brain)" in run.out


def test_add_puts_a_new_card_before_the_zone(cli, write_deck):
    path = write_deck("d.txt", "# game: megaman\n1 MegaMan, NetWarrior\nSideboard:\n"
                      "2 Flame Brain\n")
    run = cli("add", path, "CyberSword", "3")
    assert run.code == 0, run.err
    assert path.read_text(encoding="utf-8") == ("# game: megaman\n1 MegaMan, NetWarrior\n"
                                                "3 CyberSword\nSideboard:\n2 Flame Brain\n")
    run = cli("add", path, "Flame Brain")  # a card only the zone holds is new to the deck
    assert run.code == 0, run.err
    _, deck = check(cli, path)
    assert deck["cards"] == 5 and "(2 Flame Brain)" in zone_problem(deck)["message"]


def test_json_sideboard_key_is_a_zone(cli, write_deck):
    record = {"game": "megaman", "cards": [{"id": "1C12", "count": 4}],
              "sideboard": {"Flame Brain": 2}}
    _, deck = check(cli, write_deck("d.json", json.dumps(record)))
    assert deck["cards"] == 4 and "(2 Flame Brain)" in zone_problem(deck)["message"]
    flat = {"game": "megaman", "1C12": 4, "Maybe": {"AirShot": 1}}
    _, deck = check(cli, write_deck("flat.json", json.dumps(flat)))
    assert deck["cards"] == 4 and "(1 AirShot)" in zone_problem(deck)["message"]


def test_lackey_side_zone_lists_its_cards(cli, write_deck):
    text = ("<deck><meta><game>MMTCG</game></meta>\n<superzone name='Deck'>\n"
            "<card><name id='1c12cybersword.jpg'>CyberSword</name></card></superzone>\n"
            "<superzone name='Sideboard'>\n<card><name>Flame Brain</name></card>\n"
            "<card><name>Flame Brain</name></card></superzone></deck>\n")
    _, deck = check(cli, write_deck("d.dek", text))
    found = zone_problem(deck)
    assert deck["cards"] == 1 and found["line"] == 4
    assert "(2 Flame Brain)" in found["message"]


def test_a_toml_table_of_cards_beside_cards_is_a_side_zone_and_other_tables_are_the_files(
        cli, write_deck):
    """`[sideboard]`, or any table whose every value is a count, was dropped unseen: now a
    zone with its `deck-zone` warning on its header, its entries' problems on their lines;
    an author or a `[meta]` table of text stays the file's own, and `fmt` keeps them all."""
    starter = (SAMPLES / "megaman" / "starter-megaman.toml").read_text(encoding="utf-8")
    text = ('author = "me"\n' + starter.rstrip("\n") + "\n\n[sideboard]\nAreaSteal = 2\n"
            "Bogus = 0\n\n[extra]\n\"Flame Brain\" = 3\n\n[meta]\nnotes = \"for locals\"\n")
    path = write_deck("d.toml", text)
    lines = text.split("\n")
    _, deck = check(cli, path)
    assert deck["cards"] == 60
    zones = [p for p in deck["problems"] if p["rule"] == "deck-zone"]
    assert [(p["line"], p["severity"]) for p in zones] == [
        (lines.index("[sideboard]") + 1, "warning"), (lines.index("[extra]") + 1, "warning")]
    assert '2 cards in the zone "sideboard"' in zones[0]["message"]
    assert "(2 AreaSteal)" in zones[0]["message"]
    assert '3 cards in the zone "extra"' in zones[1]["message"]
    [bad] = [p for p in deck["problems"] if p["rule"] == "invalid-count"]
    assert bad["line"] == lines.index("Bogus = 0") + 1
    assert len(deck["problems"]) == 3  # nothing about the author or [meta]
    path.write_text(text.replace("Bogus = 0\n", ""), encoding="utf-8")  # fmt wants no error
    assert cli("fmt", path).code == 0
    kept = path.read_text(encoding="utf-8")
    assert all(part in kept for part in ('author = "me"', "[sideboard]", "AreaSteal = 2",
                                         "[extra]", "[meta]", 'notes = "for locals"'))
