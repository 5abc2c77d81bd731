"""`deckcli draw` as users see it: the JSON contract, the report, warnings and exit codes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import deckcli.cli.draw_deck as draw_command
from conftest import REPO, SAMPLES, toml_deck

MEGAMAN = SAMPLES / "megaman" / "starter-megaman.toml"
FISH = Path(__file__).parent / "data" / "draw"
KEYS = ["game", "deck", "game_mulligan", "mulligan_note", "method", "policy", "probability",
        "ci95", "by_turn", "hands"]


def test_json_contract_exact(cli):
    run = cli("draw", MEGAMAN, "--want", "CannonBall", "--turns", "2", "--format", "json")
    document = run.json()
    assert run.code == 0 and list(document) == KEYS
    assert document["game"] == "megaman" and document["deck"] == str(MEGAMAN)
    assert document["method"] == "exact" and document["ci95"] is None
    assert document["hands"] is None
    assert [list(item) for item in document["by_turn"]] == [["turn", "probability"]] * 3
    assert [item["turn"] for item in document["by_turn"]] == [0, 1, 2]
    assert document["probability"] == document["by_turn"][0]["probability"]


def test_json_contract_simulation(cli):
    run = cli("draw", MEGAMAN, "--want", "CannonBall", "--hands", "20000", "--format", "json")
    document = run.json()
    assert list(document) == KEYS and document["method"] == "simulation"
    assert document["hands"] == 20000
    low, high = document["ci95"]
    assert low <= document["probability"] <= high


def test_rich_report(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    run = cli("draw", MEGAMAN, "--want", "CannonBall", "--want", "2 type:Event", "--turns", "3",
              "--show", "3")
    assert run.code == 0, run.err
    out = run.out
    assert "MegaMan, NetWarrior (1St101) set aside" in out
    assert "shuffle 59 · hand 4 · each turn: 1 face down, then draw 1" in out
    assert "at least 1 × CannonBall — 4 of 59 cards" in out
    assert "at least 2 × type:Event — 9 of 59 cards" in out
    assert "opening" in out and "1.58%" in out and "█" in out
    assert "the hand limit of 5 (discarding down) is not applied" in out
    hands = [line for line in out.splitlines() if re.match(r"\s+\d+ [✓✗] ", line)]
    assert len(hands) == 3 and all(line.count(" · ") == 3 for line in hands)  # 4 cards each


def test_sample_hands_are_seeded(cli):
    def hands(seed: str) -> str:
        out = cli("draw", MEGAMAN, "--want", "CannonBall", "--show", "2", "--seed", seed).out
        return out.split("sample opening hands")[1]

    assert hands("5") == hands("5") and hands("5") != hands("6")


def test_illegal_deck_draws_with_a_warning(cli):
    run = cli("draw", SAMPLES / "megaman" / "illegal-59-cards.toml", "--want", "CannonBall",
              "--format", "json")
    assert run.code == 0
    assert run.json()["method"] == "exact"  # stdout is only JSON
    assert "is not a legal megaman standard deck; drawing it anyway" in run.err
    assert "deck-size: 59 cards" in run.err


def test_deck_too_large_to_simulate(cli, write_deck):
    deck = write_deck("huge.toml", toml_deck("fishgame", {"Leader One": 1, "Ace": 4,
                                                          "Blank": 40_000}))
    exact = cli("--pools", FISH, "draw", deck, "--want", "Ace", "--format", "json")
    assert exact.code == 0 and exact.json()["method"] == "exact"
    run = cli("--pools", FISH, "draw", deck, "--want", "Ace", "--hands", "10")
    assert run.code == 2
    assert "a pile of 40,004 cards is too large to simulate (at most 32,767)" in run.err


def test_unknown_deck_cards_take_room_as_blanks(cli, write_deck):
    deck = write_deck("typo.toml", toml_deck("fishgame", {"Leader One": 1, "Ace": 4,
                                                          "Blankk": 16}))
    run = cli("--pools", FISH, "draw", deck, "--want", "Ace", "--format", "json")
    assert run.code == 0 and "unknown-card" in run.err
    no_ace = (16 * 15 * 14 * 13 * 12) / (20 * 19 * 18 * 17 * 16)  # 20 shuffled, 1 face down
    assert abs(run.json()["probability"] - (1 - no_ace)) < 1e-12


def test_bad_options_exit_2(cli, tmp_path):
    assert cli("draw", tmp_path / "none.toml", "--want", "x").code == 2
    assert cli("draw", MEGAMAN, "--want", "CannonBall", "--format", "xml").code == 2
    assert cli("draw", MEGAMAN).code == 2  # --want is required
    assert cli("draw", MEGAMAN, "--want", "CannonBall", "--turns", "-1").code == 2


def test_progress_bar_keeps_stdout_json(cli, monkeypatch):
    monkeypatch.setattr(draw_command, "SLOW_SECONDS", 0.0)
    run = cli("draw", MEGAMAN, "--want", "CannonBall", "--hands", "300000", "--format", "json")
    assert run.code == 0 and run.json()["hands"] == 300000


def test_numpy_stays_off_the_check_and_exact_paths():
    check = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "deckcli", "check", str(MEGAMAN)],
        capture_output=True, text=True, cwd=REPO, check=False)
    assert check.returncode == 0 and "numpy" not in check.stderr
    script = ("import sys; from deckcli.cli.app import main; "
              f"main(['draw', {str(MEGAMAN)!r}, '--want', 'CannonBall', '--format', 'json']); "
              "print('numpy' in sys.modules)")
    exact = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           cwd=REPO, check=False)
    assert exact.stdout.strip().endswith("False")


def test_absurd_counts_are_refused_without_allocating(cli, write_deck):
    deck = write_deck("absurd.toml", toml_deck("fishgame", {"Leader One": 1, "Ace": 10**18}))
    run = cli("--pools", FISH, "draw", deck, "--want", "Ace")
    assert run.code == 2 and "deckcli reads counts up to 1,000,000" in run.err


def test_a_name_of_several_printings_is_drawn_as_one_with_a_warning(cli):
    deck = REPO / "tests" / "data" / "decks" / "digi-battle" / "ccgreplays-biyomon-deck.txt"
    run = cli("draw", deck, "--want", "Togemon", "--format", "json")
    assert run.code == 0
    assert '"Togemon" names ST-10, BO-84; the odds read it as ST-10' in run.err
    # 1 copy among the 29 cards left after the Rookie is set aside; 10 drawn
    assert run.json()["probability"] == pytest.approx(10 / 29, abs=1e-9)
