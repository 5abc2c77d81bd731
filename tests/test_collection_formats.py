"""A collection is a card list in any deck format, resolved as a deck is: each format reads,
files add up, printings count as the card they are, and mistakes are reported as in decks."""

from __future__ import annotations

import pytest

DECK = """# game: megaman
3 CyberSword
4 Determined
1 AreaSteal
"""

# the same collection (2 CyberSword, 4 Determined) in every format deckcli reads decks in
COLLECTIONS = {
    "binder.toml": 'game = "megaman"\n\n[cards]\nCyberSword = 2\n1C43 = 4\n',
    "binder.txt": "# game: megaman\n2 CyberSword\n4 Determined\n",
    "binder.dek": ("<deck version=\"0.8\">\n\t<meta>\n\t\t<game>megaman</game>\n\t</meta>\n"
                   "\t<superzone name=\"Deck\">\n"
                   + "\t\t<card><name id=\"1C12\">CyberSword</name></card>\n" * 2
                   + "\t\t<card><name id=\"1C43\">Determined</name></card>\n" * 4
                   + "\t</superzone>\n</deck>\n"),
    "binder.csv": "# game: megaman\nname,number,count\nCyberSword,1C12,2\nDetermined,1C43,4\n",
    "sheet.csv": ("My MegaMan binder,,\n,,\nCard Name,Set,Quantity\nCyberSword,Power Up!,2\n"
                  "Determined,Power Up!,4\n"),
    "binder.json": ('{"game": "megaman", "cards": [{"name": "CyberSword", "count": 2}, '
                    '{"number": "1C43", "count": 4}]}\n'),
}


@pytest.fixture
def deck(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(DECK, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(COLLECTIONS))
def test_a_collection_in_each_format(cli, tmp_path, deck, name):
    binder = tmp_path / name
    binder.write_text(COLLECTIONS[name], encoding="utf-8")
    run = cli("own", deck, "--collection", binder, "--format", "json")
    assert run.code == 1, run.err
    found = run.json()
    assert found["collections"] == [{"path": str(binder), "game": "megaman", "copies": 6,
                                     "problems": []}]
    [measured] = found["decks"]
    assert measured["cards"] == [
        {"card": "1C12", "name": "CyberSword", "needed": 3, "owned": 2, "missing": 1},
        {"card": "1C8", "name": "AreaSteal", "needed": 1, "owned": 0, "missing": 1}]
    assert (measured["needed"], measured["owned"], measured["missing"]) == (8, 6, 2)


def test_two_collection_files_add_up(cli, tmp_path, deck):
    binder, box = tmp_path / "binder.txt", tmp_path / "box.csv"
    binder.write_text("# game: megaman\n2 CyberSword\n2 Determined\n", encoding="utf-8")
    box.write_text("# game: megaman\nname,count\nCyberSword,1\nDetermined,2\nAreaSteal,1\n",
                   encoding="utf-8")
    run = cli("own", deck, "-c", binder, "-c", box, "--format", "json")
    assert run.code == 0, run.out + run.err
    found = run.json()
    assert [c["copies"] for c in found["collections"]] == [4, 4]
    assert found["decks"][0]["complete"] is True
    assert found["to_acquire"] == {"total": 0, "cards": []}


def test_a_card_on_several_lines_counts_every_line(cli, tmp_path, deck):
    binder = tmp_path / "binder.txt"
    binder.write_text("# game: megaman\n1 CyberSword\n1 AreaSteal\n2 1C12\n4 Determined\n",
                      encoding="utf-8")
    run = cli("own", deck, "-c", binder, "--format", "json")
    found = run.json()
    assert found["collections"][0]["problems"] == []  # a binder lists a card twice: no mistake
    assert found["decks"][0]["cards"] == [] and run.code == 0


@pytest.fixture
def typo_binder(tmp_path):
    binder = tmp_path / "binder.txt"
    binder.write_text("# game: megaman\n2 CyberSword\n4 Cyber Swordd\n", encoding="utf-8")
    return binder


def test_an_unknown_card_in_a_collection_is_reported_with_its_line(cli, deck, typo_binder):
    binder = typo_binder
    run = cli("own", deck, "-c", binder, "--format", "text")
    assert run.code == 1
    assert f'{binder}:3: unknown-card: "Cyber Swordd" is not a MegaMan' in run.out
    assert "did you mean CyberSword (1C12)" in run.out
    problems = cli("own", deck, "-c", binder, "--format", "json").json()[
        "collections"][0]["problems"]
    assert [(p["rule"], p["line"], p["card"]) for p in problems] == [
        ("unknown-card", 3, "Cyber Swordd")]


def test_uncounted_lines_go_to_stderr_where_the_format_has_no_place(cli, deck, typo_binder):
    run = cli("own", deck, "-c", typo_binder, "--format", "csv")
    assert run.code == 1
    assert f"deckcli: {typo_binder}:3: unknown-card:" in run.err
    assert "Swordd" not in run.out


def test_an_ambiguous_name_is_reported_as_in_a_deck(cli, tmp_path):
    """Rapidmon names cards that differ for the rules (St-348, St-829): a collection cannot
    count it, and says so with the numbers to write, as `import` says of a list."""
    deck = tmp_path / "deck.txt"
    deck.write_text("# game: digimon-classic\n1 St-348\n", encoding="utf-8")
    binder = tmp_path / "binder.txt"
    binder.write_text("# game: digimon-classic\n1 St-1\n2 Rapidmon\n", encoding="utf-8")
    found = cli("own", deck, "-c", binder, "--format", "json").json()
    [problem] = found["collections"][0]["problems"]
    assert (problem["rule"], problem["line"], problem["card"]) == ("ambiguous-card", 3,
                                                                   "Rapidmon")
    assert problem["message"].startswith('"Rapidmon" names 10 cards that differ for this '
                                         "format's rules; write the card number instead: "
                                         "St-348, ")
    assert found["decks"][0]["missing"] == 1  # not counted as any of them


def test_a_collection_of_another_game_is_a_usage_error(cli, tmp_path, deck):
    binder = tmp_path / "binder.txt"
    binder.write_text("# game: orbs\n1 Forest Troll\n", encoding="utf-8")
    run = cli("own", deck, "-c", binder)
    assert run.code == 2
    assert f"{binder} is a collection of orbs, but the decks are megaman" in run.err
    assert run.out == ""


def test_a_collection_naming_no_game_takes_the_game_of_its_cards(cli, tmp_path, deck):
    binder = tmp_path / "binder.txt"
    binder.write_text("3 CyberSword\n4 Determined\n1 AreaSteal\n", encoding="utf-8")
    run = cli("own", deck, "-c", binder, "--format", "json")
    assert run.code == 0, run.err
    assert run.json()["collections"][0]["game"] == "megaman"


def test_a_missing_collection_file_is_a_usage_error(cli, tmp_path, deck):
    run = cli("own", deck, "-c", tmp_path / "nothing.txt")
    assert run.code == 2 and "no such file" in run.err


def test_no_collection_at_all_is_a_usage_error(cli, deck):
    run = cli("own", deck)
    assert run.code == 2 and "no collection" in run.err


def test_a_promo_printing_serves_a_deck_that_names_the_card(cli, tmp_path):
    """Bo-2j is a promo printing of Omegamon (its own number): a deck writing "Omegamon" takes
    it, a deck writing St-226 (another Omegamon) does not."""
    by_name, by_number = tmp_path / "name.txt", tmp_path / "number.txt"
    by_name.write_text("# game: digimon-classic\n2 Omegamon\n", encoding="utf-8")
    by_number.write_text("# game: digimon-classic\n1 St-226\n", encoding="utf-8")
    binder = tmp_path / "binder.txt"
    binder.write_text("# game: digimon-classic\n1 Bo-2j\n1 Bo-211\n", encoding="utf-8")
    found = cli("own", by_name, by_number, "-c", binder, "--format", "json").json()
    named, numbered = found["decks"]
    assert named["complete"] is True and named["owned"] == 2
    assert numbered["cards"] == [{"card": "St-226", "name": "Omegamon", "needed": 1,
                                  "owned": 0, "missing": 1}]


def test_a_printing_mark_counts_as_the_card_its_number_is(cli, tmp_path):
    """`影山 飛雄 (HV-P01-006 頂)`: the 頂 printing of HV-P01-006 counts as HV-P01-006; a deck
    writing HV-P01-005 (another Kageyama) is not served by it, a deck writing the name is."""
    binder = tmp_path / "binder.txt"
    binder.write_text("# game: haikyu\n2 影山 飛雄 (HV-P01-006 頂)\n", encoding="utf-8")
    decks = []
    for name, line in (("exact", "2 HV-P01-006"), ("other", "1 HV-P01-005"),
                       ("named", "2 影山 飛雄")):
        decks.append(tmp_path / f"{name}.txt")
        decks[-1].write_text(f"# game: haikyu\n{line}\n", encoding="utf-8")
    found = cli("own", *decks, "-c", binder, "--format", "json").json()
    assert found["collections"][0] == {"path": str(binder), "game": "haikyu", "copies": 2,
                                       "problems": []}
    exact, other, named = found["decks"]
    assert exact["complete"] and named["complete"]
    assert other["cards"] == [{"card": "HV-P01-005", "name": "影山 飛雄", "needed": 1,
                               "owned": 0, "missing": 1}]
