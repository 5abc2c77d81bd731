"""`--copies CARD=A..B` against scipy's hypergeometric law, the deck size kept; deck
comparison; bad specs are usage errors."""

from __future__ import annotations

import pytest
from scipy.stats import hypergeom

from conftest import SAMPLES

MEGAMAN = SAMPLES / "megaman" / "starter-megaman.toml"
TORCHMAN = SAMPLES / "megaman" / "starter-torchman.txt"


def test_copies_table_matches_scipy(cli):
    run = cli("draw", MEGAMAN, "-w", "CannonBall", "--copies", "CannonBall=0..4",
              "--turns", "2", "--target", "0.3", "-f", "json")
    document = run.json()
    assert [row["count"] for row in document["copies"]] == [0, 1, 2, 3, 4]
    for row in document["copies"]:
        for item in row["by_turn"]:  # 59 shuffled; 4 + turn cards seen
            expected = hypergeom.sf(0, 59, row["count"], 4 + item["turn"])
            assert item["probability"] == pytest.approx(expected, abs=1e-12)
        assert row["probability"] == row["by_turn"][-1]["probability"]
    fewest = min(r["count"] for r in document["copies"] if r["probability"] >= 0.3)
    assert document["copies_of"]["fewest"] == fewest


def test_copies_of_a_card_serving_two_wants(cli):
    # "2 type:BattleChip" and LaserBlast: each LaserBlast counts for both; room comes from
    # cards matching neither want, so the other BattleChips stay at 17
    run = cli("draw", MEGAMAN, "-w", "2 type:BattleChip", "-w", "LaserBlast",
              "--copies", "LaserBlast=1..4", "-f", "json")
    for row in run.json()["copies"]:
        k, n = row["count"], 4
        chips = 17  # the other BattleChips
        total = 0.0
        for lasers in range(1, min(k, n) + 1):  # at least 1 LaserBlast, 2 chips in all
            for others in range(max(0, 2 - lasers), n - lasers + 1):
                rest = n - lasers - others
                total += (hypergeom.pmf(lasers, 59, k, lasers + others + rest)
                          * hypergeom.pmf(others, 59 - k, chips, others + rest))
        assert row["probability"] == pytest.approx(total, abs=1e-12)


def test_render_marks_the_fewest(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")
    run = cli("draw", MEGAMAN, "-w", "CannonBall", "--copies", "CannonBall=1..4",
              "--turns", "3")
    assert run.code == 0 and "◀" in run.out and "copies of CannonBall (1C11)" in run.out


@pytest.mark.parametrize(("spec", "message"), [
    ("CannonBall=5..2", "runs backwards"),
    ("CannonBall=a..b", "CARD=A..B"),
    ("NoSuchCard=1..2", "not a MegaMan"),
    ("CannonBall=1..60", "cannot replace them"),
])
def test_bad_copies_spec_is_a_usage_error(cli, spec, message):
    run = cli("draw", MEGAMAN, "-w", "CannonBall", "--copies", spec)
    assert run.code == 2 and message in run.err and "Traceback" not in run.err


def test_compare_decks(cli):
    one = cli("draw", MEGAMAN, "-w", "AreaSteal", "--turns", "2", "-f", "json").json()
    both = cli("draw", MEGAMAN, TORCHMAN, "-w", "AreaSteal", "--turns", "2", "-f", "json")
    assert both.code == 0
    first, second = both.json()
    assert first == one and second["deck"] == str(TORCHMAN)
    text = cli("draw", MEGAMAN, TORCHMAN, "-w", "AreaSteal", "--turns", "2")
    assert "deck 1" in text.out and "deck 2" in text.out
