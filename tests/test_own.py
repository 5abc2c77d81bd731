"""`deckcli own`: what decks lack beyond a collection, what to acquire, what they share."""

from __future__ import annotations

import csv
import io

import pytest

BINDER = "# game: megaman\n3 CyberSword\n4 Determined\n2 AreaSteal\n"


@pytest.fixture
def files(tmp_path):
    def write(name: str, text: str):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return write


def test_a_deck_needing_more_than_owned(cli, files):
    deck = files("deck.txt", "# game: megaman\n4 CyberSword\n4 Determined\n4 Vulcan1\n")
    run = cli("own", deck, "-c", files("binder.txt", BINDER), "--format", "json")
    assert run.code == 1
    [measured] = run.json()["decks"]
    assert measured["cards"] == [
        {"card": "1C12", "name": "CyberSword", "needed": 4, "owned": 3, "missing": 1},
        {"card": "1C19", "name": "Vulcan1", "needed": 4, "owned": 0, "missing": 4}]
    assert (measured["needed"], measured["owned"], measured["missing"]) == (12, 7, 5)
    assert measured["complete"] is False


def test_a_deck_exactly_owned(cli, files):
    deck = files("deck.toml", 'game = "megaman"\n[cards]\nCyberSword = 3\nDetermined = 4\n'
                              '1C8 = 2\n')
    run = cli("own", deck, "-c", files("binder.txt", BINDER), "--format", "text")
    assert run.code == 0, run.out + run.err
    assert run.out.splitlines()[0] == f"{deck} (megaman, standard): all 9 cards owned"
    assert "The collection holds every card of every deck at once." in run.out


def test_decks_sharing_copies(cli, files):
    """3 CyberSword owned: each deck alone has enough (2 and 3), both at once lack 2."""
    first = files("first.txt", "# game: megaman\n2 CyberSword\n4 Determined\n")
    second = files("second.txt", "# game: megaman\n3 CyberSword\n1 AreaSteal\n")
    binder = files("binder.txt", BINDER)
    run = cli("own", first, second, "-c", binder, "--shared", "--format", "json")
    assert run.code == 1
    found = run.json()
    assert [deck["complete"] for deck in found["decks"]] == [True, True]
    assert found["to_acquire"] == {"total": 2, "cards": [
        {"card": "1C12", "name": "CyberSword", "needed": 5, "owned": 3, "missing": 2,
         "game": "megaman"}]}
    assert found["shared"] == [{
        "card": "1C12", "name": "CyberSword", "game": "megaman", "owned": 3, "needed": 5,
        "missing": 2, "competing": 2, "decks": [
            {"path": str(first), "needed": 2, "missing": 0},
            {"path": str(second), "needed": 3, "missing": 0}]}]
    text = cli("own", first, second, "-c", binder, "--shared", "--format", "text").out
    assert (f"CyberSword (1C12): 3 owned; {first} needs 2, {second} needs 3: 2 copies more "
            "than each deck lacks alone") in text
    assert "2 × CyberSword (1C12)" in text
    assert "compete" not in cli("own", first, second, "-c", binder, "--format", "text").out


def test_competing_counts_only_what_the_decks_lack_together(cli, files):
    """4 Determined owned, decks need 4 and 3: alone neither lacks any, together 3 short;
    Vulcan1 (none owned) is missing for each deck alone, so the decks do not compete for it."""
    first = files("a.txt", "# game: megaman\n4 Determined\n2 Vulcan1\n")
    second = files("b.txt", "# game: megaman\n3 Determined\n1 Vulcan1\n")
    found = cli("own", first, second, "-c", files("binder.txt", BINDER), "--shared",
                "--format", "json").json()
    assert [(s["card"], s["competing"]) for s in found["shared"]] == [("1C43", 3)]
    assert {c["card"]: c["missing"] for c in found["to_acquire"]["cards"]} == {
        "1C43": 3, "1C19": 3}
    assert found["to_acquire"]["total"] == 6


def test_csv_output(cli, files):
    first = files("first.txt", "# game: megaman\n4 CyberSword\n")
    second = files("second.txt", "# game: megaman\n3 CyberSword\n1 =HYPERLINK\n")
    run = cli("own", first, second, "-c", files("binder.txt", BINDER), "--shared",
              "--format", "csv")
    rows = list(csv.reader(io.StringIO(run.out)))
    assert rows == [
        ["scope", "deck", "game", "card", "name", "needed", "owned", "missing"],
        ["deck", str(first), "megaman", "1C12", "CyberSword", "4", "3", "1"],
        ["to-acquire", "", "megaman", "1C12", "CyberSword", "7", "3", "4"],
        ["shared", str(first), "megaman", "1C12", "CyberSword", "4", "3", "3"],
        ["shared", str(second), "megaman", "1C12", "CyberSword", "3", "3", "3"]]
    assert run.code == 1
    assert f'deckcli: {second}:3: unknown-card: "=HYPERLINK" is not a' in run.err


def test_list_output_imports_back_as_the_missing_cards(cli, files, tmp_path):
    first = files("first.txt", "# game: megaman\n4 CyberSword\n4 Vulcan1\n1 TorchMan, Hothead\n")
    second = files("second.toml", 'game = "megaman"\n[cards]\n1C12 = 2\n"Flame Brain" = 1\n')
    binder = files("binder.txt", BINDER)
    wants = tmp_path / "wants.txt"
    run = cli("own", first, second, "-c", binder, "--format", "list", "-o", wants)
    assert run.code == 1
    expected = {card["card"]: card["missing"] for card in cli(
        "own", first, second, "-c", binder, "--format", "json").json()["to_acquire"]["cards"]}
    assert expected == {"1C12": 3, "1C19": 4, "1St102": 1, "1R92": 1}
    imported = tmp_path / "wants.toml"
    assert cli("import", "megaman", wants, "-o", imported).code == 0
    exported = cli("export", imported, "--format", "json").json()
    assert {card["number"]: card["count"] for card in exported["cards"]} == expected


def test_list_output_of_decks_of_two_games_is_refused(cli, files):
    megaman = files("mm.txt", "# game: megaman\n1 CyberSword\n")
    orbs = files("orbs.txt", "# game: orbs\n1 Forest Troll\n")
    run = cli("own", megaman, orbs, "-c", files("binder.txt", BINDER),
              "-c", files("orbs-binder.txt", "# game: orbs\n2 Forest Troll\n"), "-f", "list")
    assert run.code == 2 and "one game" in run.err


def test_decks_of_two_games_each_use_their_own_collection(cli, files):
    megaman = files("mm.txt", "# game: megaman\n4 CyberSword\n")
    orbs = files("orbs.txt", "# game: orbs\n1 Forest Troll\n")
    found = cli("own", megaman, orbs, "-c", files("binder.txt", BINDER),
                "-c", files("orbs-binder.txt", "# game: orbs\n2 Forest Troll\n"),
                "--format", "json").json()
    assert [deck["missing"] for deck in found["decks"]] == [1, 0]
    assert [c["game"] for c in found["to_acquire"]["cards"]] == ["megaman"]


def test_a_deck_of_a_game_no_collection_is_given_for(cli, files):
    orbs = files("orbs.txt", "# game: orbs\n1 Forest Troll\n")
    megaman = files("mm.txt", "# game: megaman\n1 CyberSword\n")
    run = cli("own", megaman, orbs, "-c", files("binder.txt", BINDER))
    assert run.code == 2 and f"no collection of orbs given for {orbs}" in run.err


def test_an_unknown_card_in_a_deck_is_reported_and_fails(cli, files):
    deck = files("deck.txt", "# game: megaman\n3 CyberSword\n1 Cyber Swordd\n")
    run = cli("own", deck, "-c", files("binder.txt", BINDER), "--format", "json")
    assert run.code == 1
    [measured] = run.json()["decks"]
    assert measured["complete"] is False and measured["cards"] == []
    assert [(p["rule"], p["line"]) for p in measured["problems"]] == [("unknown-card", 3)]


def test_markdown_output(cli, files):
    deck = files("deck.txt", "# game: megaman\n4 CyberSword\n")
    out = cli("own", deck, "-c", files("binder.txt", BINDER), "--format", "markdown").out
    assert "| CyberSword (1C12) | 4 | 3 | 1 |" in out
    assert "### To acquire: 1 card" in out


def test_an_unknown_format_is_a_usage_error(cli, files):
    deck = files("deck.txt", "# game: megaman\n4 CyberSword\n")
    run = cli("own", deck, "-c", files("binder.txt", BINDER), "--format", "yaml")
    assert run.code == 2 and "--format takes rich, text, json, csv, markdown, list" in run.err


def test_the_readme_example_collection(cli):
    """The collection of collections/ (a binder and a spreadsheet's trade box) against the
    MegaMan starter, as the README shows it."""
    from conftest import REPO, SAMPLES

    deck = SAMPLES / "megaman" / "starter-megaman.toml"
    run = cli("own", deck, "-c", REPO / "collections" / "megaman-binder.txt",
              "-c", REPO / "collections" / "megaman-trade-box.csv", "--format", "json")
    found = run.json()
    assert [c["copies"] for c in found["collections"]] == [63, 9]
    assert [(c["card"], c["needed"], c["owned"], c["missing"])
            for c in found["decks"][0]["cards"]] == [("1C68", 4, 3, 1), ("1C11", 4, 3, 1)]
    assert run.code == 1


def conforms(value, schema, defs=None):
    """Whether JSON data has every key its schema requires and only keys it names, at every
    level (the contract `deckcli schema own` states)."""
    if schema.get("type") == "object" or "required" in schema:
        assert isinstance(value, dict)
        assert set(schema.get("required", [])) <= set(value) <= set(schema["properties"]), (
            sorted(value), schema.get("required"))
        for key, item in value.items():
            conforms(item, schema["properties"][key])
    elif schema.get("type") == "array":
        assert isinstance(value, list)
        for item in value:
            conforms(item, schema["items"])


def test_the_json_output_follows_its_schema(cli, files):
    first = files("first.txt", "# game: megaman\n2 CyberSword\n4 Determined\n1 Cyber Swordd\n")
    second = files("second.txt", "# game: megaman\n3 CyberSword\n1 AreaSteal\n")
    binder = files("binder.txt", BINDER + "1 Determind\n")
    found = cli("own", first, second, "-c", binder, "--shared", "--format", "json").json()
    assert found["shared"] and found["to_acquire"]["cards"]  # every part filled
    assert found["decks"][0]["problems"] and found["collections"][0]["problems"]
    schema = cli("schema", "own").json()
    assert schema["title"] == "deckcli own --format json"
    conforms(found, schema)


def test_schema_names_what_it_describes(cli):
    run = cli("schema", "nothing")
    assert run.code == 2 and "schema describes: deck, report or own" in run.err


def test_own_imports_its_own_command_module_only_and_no_textual(files):
    from test_lazy_commands import probe

    deck = files("deck.txt", "# game: megaman\n3 CyberSword\n")
    found, out = probe("own", str(deck), "-c", str(files("binder.txt", BINDER)),
                       "--format", "json")
    assert found["code"] == 0 and '"total": 0' in out
    from deckcli.cli.app import COMMAND_MODULES

    assert set(found["loaded"]) & set(COMMAND_MODULES) == {"own"}
    assert found["textual"] == []


@pytest.mark.parametrize("language", ["en", "es", "th", "zh_Hans", "ja"])
def test_the_missing_cards_table_stays_aligned_in_every_language(cli, files, language):
    """Each count ends under the end of its column's title, in terminal columns: a
    translated title wider than 'missing' (necesarias) or narrower in code points than in
    columns (Thai marks, Chinese) moves its column, never its numbers out from under it."""
    from deckcli.i18n.width import display_width

    deck = files("deck.txt", "# game: megaman\n4 CyberSword\n4 Determined\n4 Vulcan1\n")
    run = cli("--lang", language, "own", deck, "-c", files("binder.txt", BINDER),
              "--format", "text")
    head, *rows = run.out.splitlines()[1:4]

    def ends(line: str) -> list[int]:  # where each of the three counts' columns ends
        words = line.split("  ")
        spans, at = [], 0
        for word in words:
            at += display_width(word) + 2
            if word.strip():
                spans.append(at - 2)
        return spans[:3]

    assert len(rows) == 2 and all(ends(row) == ends(head) for row in rows), run.out
