"""`deckcli check` as users and CI see it: JSON contract, exit codes, folders, text lists."""

from __future__ import annotations

import pytest

from conftest import SAMPLES, toml_deck

LEGAL_SAMPLES = sorted(
    p for p in SAMPLES.rglob("*") if p.is_file() and not p.name.startswith("illegal-")
)


def test_samples_folder_shows_legal_and_illegal_decks(cli):
    run = cli("check", SAMPLES, "--format", "json")
    decks = run.json()["decks"]
    assert run.code == 1
    for deck in decks:
        assert deck["legal"] is not Path_is_illegal(deck["path"]), deck
    assert {deck["game"] for deck in decks} == {
        "megaman",
        "haikyu",
        "digimon-classic",
        "orbs",
        "digi-battle",
    }


def Path_is_illegal(path: str) -> bool:  # noqa: N802 - reads like the sentence it checks
    return path.rsplit("/", 1)[-1].startswith("illegal-")


def test_legal_samples_exit_zero(cli):
    run = cli("check", *LEGAL_SAMPLES)
    assert run.code == 0, run.out
    assert f"{len(LEGAL_SAMPLES)} decks: {len(LEGAL_SAMPLES)} legal, 0 illegal" in run.out


def test_json_contract_keys(cli):
    run = cli("check", SAMPLES / "megaman" / "illegal-five-copies.toml", "--format", "json")
    document = run.json()
    assert list(document) == ["decks", "skipped"]
    deck = document["decks"][0]
    assert list(deck) == ["path", "game", "format", "legal", "cards", "problems"]
    assert deck["format"] == "standard" and deck["cards"] == 60 and deck["legal"] is False
    problem = deck["problems"][0]
    assert list(problem) == ["rule", "severity", "message", "card", "line", "fix"]
    assert problem["rule"] == "copies" and problem["severity"] == "error"
    assert isinstance(problem["line"], int) and problem["card"]


def test_rich_report_names_the_problem(cli):
    run = cli("check", SAMPLES / "megaman" / "illegal-59-cards.toml")
    assert run.code == 1
    assert "✗ illegal" in run.out
    assert "deck-size  59 cards; megaman decks have exactly 60 — add 1" in run.out


def test_text_list_with_game_option(cli, write_deck):
    path = write_deck(
        "list.txt", "4 CyberSword\n4x AreaSteal\nGuard1 x4\n# a comment\n\n1 MegaMan, NetWarrior\n"
    )
    run = cli("check", path, "--game", "megaman", "--format", "json")
    deck = run.json()["decks"][0]
    assert deck["game"] == "megaman" and deck["cards"] == 13
    assert [p["rule"] for p in deck["problems"]] == ["deck-size"]


def test_text_list_names_its_game_and_format(cli, write_deck):
    path = write_deck("list.txt", "# game: orbs\n# format: constructed\n50 Forest Troll\n")
    deck = cli("check", path, "--format", "json").json()["decks"][0]
    assert (deck["game"], deck["format"], deck["legal"]) == ("orbs", "constructed", True)
    assert [p["severity"] for p in deck["problems"]] == ["warning"]  # ≤5 copies, unconfirmed


def test_deck_format_option_selects_the_deck_format(cli, write_deck):
    path = write_deck("d.toml", toml_deck("orbs", {"Forest Troll": 50}))
    deck = cli("check", path, "--format", "json", "--deck-format", "constructed").json()["decks"][0]
    assert deck["format"] == "constructed"


def test_missing_game_lists_games(cli, write_deck):
    path = write_deck("list.txt", "4 Not A Card Anywhere\n")
    deck = cli("check", path, "--format", "json").json()["decks"][0]
    assert deck["problems"][0]["rule"] == "missing-game"
    assert "no game knows its cards" in deck["problems"][0]["message"]
    assert "megaman" in deck["problems"][0]["message"]


def test_unknown_game_and_format(cli, write_deck):
    bad_game = write_deck("a.toml", 'game = "pokemon"\n[cards]\n')
    bad_format = write_deck("b.toml", 'game = "megaman"\nformat = "modern"\n[cards]\n')
    decks = cli("check", bad_game, bad_format, "--format", "json").json()["decks"]
    assert decks[0]["problems"][0]["rule"] == "unknown-game"
    assert decks[0]["problems"][0]["line"] == 1
    assert decks[1]["problems"][0]["rule"] == "unknown-format"
    assert "formats: standard" in decks[1]["problems"][0]["message"]


def test_game_aliases(cli, write_deck):
    path = write_deck("a.toml", toml_deck("mmnt", {"1C12": 1}))
    assert cli("check", path, "--format", "json").json()["decks"][0]["game"] == "megaman"


def test_usage_errors_exit_2(cli, tmp_path):
    assert cli("check", tmp_path / "missing.toml").code == 2
    run = cli("check", tmp_path, "--game", "nope")
    assert run.code == 2 and "unknown game 'nope'" in run.err
    assert cli("check", tmp_path, "--bogus").code == 2


def test_folder_scan_skips_non_deck_toml(cli, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n')
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "d.toml").write_text(toml_deck("megaman", {"1C12": 1}))
    decks = cli("check", tmp_path, "--format", "json").json()["decks"]
    assert [d["path"].rsplit("/", 1)[-1] for d in decks] == ["d.toml"]


def test_folder_with_no_decks(cli, tmp_path):
    run = cli("check", tmp_path, "--format", "json")
    assert run.code == 1 and run.json()["notes"][0]["rule"] == "no-decks"
    assert "1 deck" not in cli("check", tmp_path).out  # no phantom deck


def test_one_bad_file_does_not_stop_the_others(cli, tmp_path):
    (tmp_path / "a.toml").write_text("game = \n")
    (tmp_path / "b.toml").write_text(toml_deck("megaman", {"1C12": 1}))
    decks = cli("check", tmp_path, "--format", "json").json()["decks"]
    assert [d["problems"][0]["rule"] for d in decks] == ["invalid-toml", "deck-size"]


def test_select_and_ignore(cli):
    path = SAMPLES / "megaman" / "illegal-59-cards.toml"
    assert cli("check", path, "--ignore", "deck-size").code == 0
    assert cli("check", path, "--select", "copies,netnavi-count").code == 0
    assert cli("check", path, "--select", "deck-size").code == 1


def test_version(cli):
    run = cli("--version")
    assert run.code == 0 and run.out.startswith("deckcli ")


def test_an_unknown_output_or_deck_format_is_a_usage_error(cli):
    run = cli("check", SAMPLES / "megaman", "--format", "jsno")
    assert run.code == 2 and "--format 'jsno' is not an output format" in run.err
    assert "sarif" in run.err
    run = cli("check", SAMPLES / "megaman", "--deck-format", "ultimate")
    assert run.code == 2 and "hyper-colosseum" in run.err


def test_very_deep_folders_are_scanned_without_recursion(cli, tmp_path):
    folders = [tmp_path / "deep"]
    for _ in range(1_200):  # deeper than Python's recursion limit
        folders.append(folders[-1] / "d")
    for folder in folders:
        folder.mkdir()
    deck = folders[-1] / "deep.toml"
    deck.write_text(toml_deck("megaman", {"1C12": 1}))
    try:
        decks = cli("check", folders[0], "--format", "json").json()["decks"]
        assert [d["path"].rsplit("/", 1)[-1] for d in decks] == ["deep.toml"]
    finally:  # pytest's own clean-up of tmp_path would recurse too deep for this tree
        deck.unlink()
        for folder in reversed(folders):
            folder.rmdir()


@pytest.mark.parametrize("width", [40, 80])
def test_on_a_terminal_problems_wrap_at_spaces(cli, monkeypatch, width):
    import sys

    from deckcli.report.rich_report import wrap_words

    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    run = cli("check", SAMPLES / "megaman" / "illegal-59-cards.toml",
              SAMPLES / "haikyu" / "illegal-nine-events.toml")
    lines = run.out.splitlines()
    assert all(len(line) <= width for line in lines)
    assert any(line.rstrip().endswith("add 1") for line in lines)  # never "add" | "1"
    assert " ".join(run.out.split()).count("at most 8 allowed — cut 1") == 1
    assert "…" not in run.out
    assert wrap_words("59 cards; megaman decks have exactly 60 — add 1", 20) == [
        "59 cards; megaman", "decks have", "exactly 60 — add 1"]  # numbers stay with a word
    monkeypatch.undo()
    piped = cli("check", SAMPLES / "megaman" / "illegal-59-cards.toml")
    assert "deck-size  59 cards; megaman decks have exactly 60 — add 1" in piped.out
