"""`deckcli import` and `export`: plain lists in and out, and the round trip between them."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from conftest import SAMPLES

TEXT_SAMPLES = sorted(SAMPLES.rglob("*.txt"))
GAMES = sorted(path.name for path in SAMPLES.iterdir())


def test_every_game_has_a_text_list_to_round_trip():
    assert {path.parent.name for path in TEXT_SAMPLES} == set(GAMES)


@pytest.mark.parametrize("sample", TEXT_SAMPLES, ids=lambda p: p.parent.name)
def test_import_export_import_is_stable(cli, tmp_path, sample):
    game = sample.parent.name
    first, listed, second = tmp_path / "1.toml", tmp_path / "list.txt", tmp_path / "2.toml"
    run = cli("import", game, sample, "-o", first)
    assert run.code == 0, run.err
    assert cli("export", first, "-o", listed).code == 0
    assert cli("import", game, listed, "-o", second).code == 0
    assert second.read_bytes() == first.read_bytes()
    assert cli("diff", sample, second).code == 0
    verdict = cli("check", sample, "--format", "json").json()["decks"][0]
    assert cli("check", second, "--format", "json").json()["decks"][0]["cards"] == verdict["cards"]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_export_of_each_toml_sample_imports_back_to_the_same_cards(cli, tmp_path, game):
    for sample in sorted((SAMPLES / game).glob("*.toml")):
        listed, back = tmp_path / "list.txt", tmp_path / "back.toml"
        assert cli("export", sample, "-o", listed).code == 0
        assert cli("import", game, listed, "-o", back, "--force").code == 0
        assert cli("diff", sample, back).code == 0, sample


def test_import_reads_every_list_style(cli, write_deck):
    path = write_deck("list.txt", "NetNavi:\n1 MegaMan, NetWarrior\n\nBattleChips (12)\n"
                      "4x AreaSteal\nCyberSword x4  // the best\n4 x vulcan1\n# a comment\n"
                      "// another\n1c12 x 0\n")
    run = cli("import", "megaman", path)
    assert run.code == 1  # "1c12 x 0" is not a count
    assert "line 10: 1c12 x 0: 1c12: count 0" in run.err
    path.write_text(path.read_text().replace("1c12 x 0\n", ""))
    run = cli("import", "megaman", path)
    assert run.code == 0
    deck = tomllib.loads(run.out)
    assert deck == {"game": "megaman", "format": "standard", "cards": {
        "MegaMan, NetWarrior": 1, "AreaSteal": 4, "CyberSword": 4, "Vulcan1": 4}}
    assert run.err.startswith(f"deckcli: imported {path} (4 different cards) · 13 cards · illegal")


def test_unresolved_lines_are_reported_and_nothing_is_written(cli, write_deck, tmp_path):
    path = write_deck("list.txt", "# game: megaman\n4 AreaSteal\n3 Cyber Swordd\nwhat is this\n")
    out = tmp_path / "deck.toml"
    run = cli("import", "megaman", path, "-o", out)
    assert run.code == 1 and run.out == "" and not out.exists()
    lines = run.err.splitlines()
    assert lines[0].startswith(f'deckcli: {path}: line 3: 3 Cyber Swordd: "Cyber Swordd" is not a')
    assert "did you mean CyberSword (1C12)" in lines[0]
    assert lines[1].startswith(f"deckcli: {path}: line 4: what is this: cannot read")
    assert lines[2] == ("deckcli: error: 2 lines did not resolve; nothing written (fix them, or "
                        "pass --partial to write the rest)")
    run = cli("import", "megaman", path, "-o", out, "--partial")
    assert run.code == 0
    assert tomllib.loads(out.read_text())["cards"] == {"AreaSteal": 4}


def test_names_shared_by_different_cards_are_written_as_numbers(cli, write_deck):
    path = write_deck("list.txt", "4 HV-D02-001\n4 日向 翔陽\n")
    run = cli("import", "haikyu", path)
    cards = tomllib.loads(run.out)["cards"]
    assert cards == {"HV-D02-001": 4, "日向 翔陽": 4}
    assert "HV-D02-001 = 4  # 孤爪 研磨\n" in run.out


def test_import_game_counts_as_game_option_and_the_list_game_wins(cli, write_deck):
    """GAME is placed as `--game` is (app.placement): the list's own `# game:` wins, and the
    notice says so in the words `check --game` uses."""
    path = write_deck("list.txt", "# game: megaman\n4 AreaSteal\n")
    run = cli("import", "haikyu", path)
    notice = ("the deck names the game megaman, not haikyu (GAME): it is judged as megaman; "
              "GAME is for decks that name no game")
    assert run.code == 0 and notice in run.err
    assert tomllib.loads(run.out)["game"] == "megaman"
    checked = cli("check", path, "--game", "haikyu", "--format", "json").json()["decks"][0]
    assert checked["game"] == "megaman"
    assert [p["message"] for p in checked["problems"] if p["rule"] == "game-conflict"] == [
        notice.replace("GAME", "--game")]


@pytest.mark.parametrize(("args", "code", "message"), [
    (("nosuchgame",), 2, "unknown game 'nosuchgame'"),
    (("megaman", "--deck-format", "modern"), 2, "megaman has no format 'modern'"),
])
def test_import_usage_errors(cli, write_deck, args, code, message):
    path = write_deck("list.txt", "# game: megaman\n4 AreaSteal\n")
    run = cli("import", args[0], path, *args[1:])
    assert run.code == code and message in run.err and run.out == ""


def test_import_refuses_to_overwrite(cli, write_deck):
    path = write_deck("list.txt", "4 AreaSteal\n")
    out = write_deck("deck.toml", "mine\n")
    run = cli("import", "megaman", path, "-o", out)
    assert run.code == 1 and "already exists; pass --force" in run.err
    assert out.read_text() == "mine\n"


def test_export_json(cli):
    record = cli("export", SAMPLES / "megaman" / "starter-megaman.toml", "-f", "json").json()
    assert list(record) == ["game", "format", "name", "cards"]
    assert record["cards"][0] == {"number": "1St101", "name": "MegaMan, NetWarrior", "count": 1,
                                  "type": "NetNavi"}
    assert sum(card["count"] for card in record["cards"]) == 60


def test_export_text_has_header_lines_and_groups(cli):
    run = cli("export", SAMPLES / "megaman" / "starter-megaman.toml")
    lines = run.out.splitlines()
    assert lines[:3] == ["# game: megaman", "# format: standard",
                         "# name: MegaMan starter (Power Up!)"]
    assert lines[4:6] == ["# NetNavi (1)", "1 MegaMan, NetWarrior"]


def test_export_refuses_cards_that_do_not_resolve(cli, write_deck):
    path = write_deck("typo.toml", 'game = "megaman"\n[cards]\n"Cyber Swordd" = 4\n')
    run = cli("export", path)
    assert run.code == 1 and "'Cyber Swordd' name no card of megaman" in run.err


def test_import_from_stdin(cli, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"4 AreaSteal\n")))
    run = cli("import", "megaman", Path("-"))
    assert run.code == 0 and tomllib.loads(run.out)["cards"] == {"AreaSteal": 4}


def test_export_never_overwrites_the_deck_itself(cli, write_deck):
    path = write_deck("deck.toml", 'game = "megaman"\n[cards]\nAreaSteal = 4\n')
    run = cli("export", path, "-o", path)
    assert run.code == 2 and "is the deck itself" in run.err
    assert path.read_text() == 'game = "megaman"\n[cards]\nAreaSteal = 4\n'
