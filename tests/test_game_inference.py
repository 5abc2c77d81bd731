"""A deck that names no game is judged by the game its cards name, when one game clearly
knows them best; otherwise it is a missing-game error naming the games its cards fit. It is
never judged by a game its cards do not name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import SAMPLES

GAME_LINE = re.compile(r"^(game\s*=.*|#\s*game\s*:.*)\n", re.MULTILINE | re.IGNORECASE)
SAMPLE_FILES = sorted([*SAMPLES.rglob("*.toml"), *SAMPLES.rglob("*.txt")])


def without_game(sample: Path, folder: Path) -> Path:
    text = sample.read_text(encoding="utf-8")
    stripped = GAME_LINE.sub("", text)
    assert stripped != text, sample
    path = folder / sample.name
    path.write_text(stripped, encoding="utf-8")
    return path


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_sample_without_its_game_is_never_judged_by_another(cli, tmp_path, sample):
    game = sample.parent.name
    named = cli("check", sample, "--format", "json").json()["decks"][0]
    run = cli("check", without_game(sample, tmp_path), "--format", "json")
    deck = run.json()["decks"][0]
    first = deck["problems"][0]
    if first["rule"] == "game-inferred":
        assert deck["game"] == game and first["severity"] == "info"
        assert f"judged as {game}" in first["message"]
        # the same verdict as the deck that names its game, plus the notice
        assert deck["legal"] == named["legal"] and deck["cards"] == named["cards"]
        assert [p["rule"] for p in deck["problems"][1:]] == [p["rule"] for p in
                                                             named["problems"]]
    else:  # the Digimon games share names: such a list must name its game
        assert first["rule"] == "missing-game" and run.code == 1
        assert f"{game} (" in first["message"] and "none clearly" in first["message"]


def test_a_legal_inferred_deck_passes_even_strict(cli, tmp_path):
    path = without_game(SAMPLES / "megaman" / "starter-torchman.txt", tmp_path)
    run = cli("check", path, "--strict", "--format", "json")
    assert run.code == 0, run.out
    [notice] = run.json()["decks"][0]["problems"]
    assert notice["rule"] == "game-inferred"
    assert "add a line '# game: megaman', pass --game or map its path in [[decks]]" in (
        notice["message"])
    github = cli("check", path, "--format", "github")
    assert github.code == 0 and "::notice" in github.out and "judged as megaman" in github.out


def test_a_game_given_is_never_second_guessed(cli, tmp_path):
    path = without_game(SAMPLES / "megaman" / "starter-torchman.txt", tmp_path)
    deck = cli("check", path, "--game", "orbs", "--format", "json").json()["decks"][0]
    assert deck["game"] == "orbs" and "game-inferred" not in [p["rule"] for p in
                                                              deck["problems"]]


def test_one_stray_card_does_not_stop_inference_but_a_split_list_does(cli, tmp_path):
    haikyu = "".join(f"3 HV-P01-00{n}\n" for n in range(1, 10))
    mostly = tmp_path / "mostly.txt"
    mostly.write_text(haikyu + "1 CyberSword\n", encoding="utf-8")  # 9 of 10 are Haikyu
    deck = cli("check", mostly, "--format", "json").json()["decks"][0]
    assert deck["game"] == "haikyu"
    assert "knows 9 of its 10 card references (next: megaman 1)" in (
        deck["problems"][0]["message"])
    split = tmp_path / "split.txt"
    split.write_text("4 HV-P01-001\n4 HV-P01-002\n4 CyberSword\n4 AreaSteal\n",
                     encoding="utf-8")
    run = cli("check", split, "--format", "json")
    problem = run.json()["decks"][0]["problems"][0]
    assert run.code == 1 and problem["rule"] == "missing-game"
    assert "haikyu (2 of 4), megaman (2 of 4), none clearly" in problem["message"]


def test_share_and_lead_are_both_needed(cli, tmp_path):
    """7 of 10 known to one game (under 80%) is not enough, even with no rival."""
    listed = tmp_path / "l.txt"
    known = "".join(f"1 HV-P01-00{n}\n" for n in range(1, 8))
    listed.write_text(known + "1 Not a card\n1 Nor this\n1 Nor that one\n", encoding="utf-8")
    problem = cli("check", listed, "--format", "json").json()["decks"][0]["problems"][0]
    assert problem["rule"] == "missing-game" and "haikyu (7 of 10)" in problem["message"]
