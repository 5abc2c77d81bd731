"""One placement for every command: a deck that names no game is placed by the
configuration's `[[decks]]` exactly as `check` places it, whichever command reads it and
whichever folder it is run from."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SAMPLES

TORCHMAN = SAMPLES / "megaman" / "starter-torchman.txt"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose lists name no game: `[[decks]]` maps them to megaman."""
    (tmp_path / "deckcli.toml").write_text(
        '[[decks]]\npath = "lists/*.txt"\ngame = "megaman"\n\n'
        '[[decks]]\npath = "toml/*.toml"\ngame = "megaman"\n', encoding="utf-8")
    (tmp_path / "lists").mkdir()
    text = TORCHMAN.read_text(encoding="utf-8").replace("# game: megaman\n", "")
    assert "game:" not in text
    (tmp_path / "lists" / "torch.txt").write_text(text, encoding="utf-8")
    (tmp_path / "lists" / "torch2.txt").write_text(text.replace("4 Big Trouble\n", "3 Big "
                                                                "Trouble\n"), encoding="utf-8")
    (tmp_path / "toml").mkdir()
    (tmp_path / "toml" / "d.toml").write_text('[cards]\n"CyberSword" = 4\n"MegaMan, '
                                              'NetWarrior" = 1\n', encoding="utf-8")
    return tmp_path


@pytest.fixture(params=["inside", "outside"])
def where(request: pytest.FixtureRequest, repo: Path, tmp_path_factory: pytest.TempPathFactory,
          monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run from the repository, and from an unrelated folder (the config is found above the
    deck, as ruff finds its own)."""
    monkeypatch.chdir(repo if request.param == "inside" else tmp_path_factory.mktemp("else"))
    return repo


def test_check_places_the_list(cli, where):
    deck = cli("check", where / "lists" / "torch.txt", "--format", "json").json()["decks"][0]
    assert deck["game"] == "megaman" and deck["cards"] == 60 and deck["legal"] is True


def test_show_places_the_list(cli, where):
    run = cli("show", where / "lists" / "torch.txt", "--format", "json")
    assert run.code == 0, run.err
    assert run.json()["game"] == "megaman" and run.json()["cards"] == 60


def test_draw_places_the_list(cli, where):
    run = cli("draw", where / "lists" / "torch.txt", "-w", "Big Trouble", "--format", "json")
    assert run.code == 0, run.err
    assert run.json()["game"] == "megaman" and run.json()["by_turn"]


def test_export_places_the_list(cli, where):
    run = cli("export", where / "lists" / "torch.txt", "--format", "toml")
    assert run.code == 0, run.err
    assert 'game = "megaman"' in run.out and '"Big Trouble" = 4' in run.out


def test_diff_places_both_lists(cli, where):
    run = cli("diff", where / "lists" / "torch.txt", where / "lists" / "torch2.txt")
    assert run.code == 1, run.err
    assert "~ Big Trouble" in run.out and "4 → 3" in run.out


def test_add_and_remove_place_the_list(cli, where):
    path = where / "lists" / "torch.txt"
    run = cli("add", path, "CyberSword", "2")
    assert run.code == 0, run.err
    assert "CyberSword" in run.out and "62 cards" in run.out
    run = cli("remove", path, "CyberSword", "2")
    assert run.code == 0, run.err
    assert "60 cards" in run.out


def test_fmt_places_the_toml_deck(cli, where):
    run = cli("fmt", where / "toml" / "d.toml")
    assert run.code == 0, run.err
    assert "reformatted" in run.out
    text = (where / "toml" / "d.toml").read_text(encoding="utf-8")
    assert text.index("NetWarrior") < text.index("CyberSword = 4") and "game" not in text


def test_every_command_says_the_same_when_nothing_places_a_deck(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.txt").write_text("4 Not A Card Anywhere\n", encoding="utf-8")
    said = set()
    for args in (("show", "x.txt"), ("export", "x.txt"), ("add", "x.txt", "CyberSword"),
                 ("draw", "x.txt", "-w", "CyberSword"), ("diff", "x.txt", "x.txt")):
        run = cli(*args)
        assert run.code in (1, 2), args
        said.add(run.err.split("x.txt:", 1)[1].strip())
    check = cli("check", "x.txt", "--format", "json").json()["decks"][0]["problems"][0]
    assert said == {check["message"]} and check["rule"] == "missing-game"
    assert "[[decks]]" in check["message"]


def test_one_run_places_each_deck_by_its_own_glob_and_format(cli, tmp_path, monkeypatch):
    """Placement is memoised per game and format within a run: decks mapped to different
    formats, or naming their own, are still each judged by theirs, in any order."""
    text = (SAMPLES / "digimon-classic" / "example-ultimate-battle.toml").read_text(
        encoding="utf-8")
    bare = text.replace('game = "digimon-classic"\n', "").replace(
        'format = "ultimate-battle"\n', "")
    assert "format =" not in bare and "game =" not in bare
    (tmp_path / "deckcli.toml").write_text(
        '[[decks]]\npath = "ub/*.toml"\ngame = "digimon-classic"\n'
        'deck-format = "ultimate-battle"\n\n'
        '[[decks]]\npath = "hc/*.toml"\ngame = "digimon-classic"\n'
        'deck-format = "hyper-colosseum"\n', encoding="utf-8")
    for folder, name, body in (("hc", "1.toml", bare), ("ub", "2.toml", bare),
                               ("hc", "3.toml", 'format = "ultimate-battle"\n' + bare),
                               ("ub", "4.toml", bare)):
        (tmp_path / folder).mkdir(exist_ok=True)
        (tmp_path / folder / name).write_text(body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    decks = {Path(deck["path"]).name: deck for deck in
             cli("check", ".", "--format", "json", "--no-cache").json()["decks"]}
    assert {name: deck["format"] for name, deck in decks.items()} == {
        "1.toml": "hyper-colosseum", "2.toml": "ultimate-battle", "3.toml": "ultimate-battle",
        "4.toml": "ultimate-battle"}
    assert decks["2.toml"]["legal"] and decks["3.toml"]["legal"] and decks["4.toml"]["legal"]
    assert not decks["1.toml"]["legal"]  # 60 cards: too many for a Hyper Colosseum deck
    for folder, name in (("hc", "1.toml"), ("ub", "2.toml")):  # as when checked alone
        alone = cli("check", Path(folder) / name, "--format", "json", "--no-cache").json()
        assert alone["decks"][0]["problems"] == decks[name]["problems"]
