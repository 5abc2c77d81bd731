"""`--playable` on every MegaMan starter deck against a brute force written here: every hand
composition over the lines that supply the card's colours and emblems (products of binomial
coefficients), and every order of at most 4 resources played one by one."""

from __future__ import annotations

from functools import cache
from itertools import permutations, product
from math import comb
from pathlib import Path

import pytest

from conftest import SAMPLES
from deckcli.cli.draw_deck import deck_library

STARTERS = [SAMPLES / "megaman" / "starter-megaman.toml",
            SAMPLES / "megaman" / "starter-torchman.txt"]
TURNS = 5


def needs(card) -> tuple[int, dict[str, int], dict[str, int]]:
    colours, emblems = {}, {}
    for part in filter(None, (card.attrs.get("resource_cost") or "").split("; ")):
        words = part.split()
        count = int(words[-1].removeprefix("x"))
        if words[-2] == "emblem":
            emblems[" ".join(words[:-2])] = count
        else:
            colours[words[0]] = count
    return card.attrs["power_cost"], colours, emblems


def brute(path: Path, number: str) -> list[float]:
    _, library, _ = deck_library(path, None, None)
    navi = next(card for card, _ in library.cards if card.attrs["type"] == "NetNavi")
    pile = [(card, count) for card, count in library.cards if card is not navi]
    size = sum(count for _, count in pile)
    target = next(count for card, count in pile if card.number == number)
    power, colours, emblems = needs(next(c for c, _ in pile if c.number == number))
    # resources whose colour or emblem the card needs (the starters' resources need at most
    # their own NetNavi's emblem, which is always in play)
    lines = [(card, count) for card, count in pile if card.attrs["type"] == "Resource"
             and card.number != number
             and (card.attrs.get("color") in colours or card.attrs.get("emblem") in emblems)]
    rest = size - target - sum(count for _, count in lines)

    @cache
    def playable(present: tuple[bool, ...], gauge: int) -> bool:
        if power > gauge:
            return False
        usable = [card for (card, _), here in zip(lines, present, strict=True) if here
                  and card.attrs["power_cost"] <= gauge]
        for length in range(min(4, len(usable)) + 1):
            for order in permutations(usable, length):
                in_play = [navi]
                for card in order:
                    _, own_colours, own_emblems = needs(card)
                    if not supplied(in_play, own_colours, own_emblems):
                        break
                    in_play.append(card)
                else:
                    if supplied(in_play, colours, emblems):
                        return True
        return False

    values = []
    for turn in range(1, TURNS + 1):
        seen, gauge, total = 4 + turn, min(turn, 5), 0
        for x in product(*(range(min(c, seen) + 1) for _, c in lines)):
            for t in range(1, min(target, seen) + 1):
                left = seen - sum(x) - t
                if left < 0:
                    continue
                ways = comb(target, t) * comb(rest, left)
                for (_, c), k in zip(lines, x, strict=True):
                    ways *= comb(c, k)
                if ways and playable(tuple(k > 0 for k in x), gauge):
                    total += ways
        values.append(total / comb(size, seen))
    return values


def supplied(in_play, colours: dict[str, int], emblems: dict[str, int]) -> bool:
    have_colours = [card.attrs.get("color") for card in in_play]
    have_emblems = [card.attrs.get("emblem") for card in in_play]
    return (all(have_colours.count(c) >= k for c, k in colours.items())
            and all(have_emblems.count(e) >= k for e, k in emblems.items()))


def costed_cards(path: Path) -> list[str]:
    _, library, _ = deck_library(path, None, None)
    return [card.number for card, _ in library.cards if card.attrs["type"] != "NetNavi"]


@pytest.mark.slow
@pytest.mark.parametrize("path", STARTERS, ids=lambda p: p.name)
def test_every_card_of_every_starter_matches_the_brute_force(cli, path):
    for number in costed_cards(path):
        run = cli("draw", path, "--playable", number, "--turns", str(TURNS), "-f", "json")
        assert run.code == 0, run.err
        (result,) = run.json()["playable"]
        assert result["method"] == "exact"
        got = [row["probability"] for row in result["by_turn"]]
        assert [row["turn"] for row in result["by_turn"]] == list(range(1, TURNS + 1))
        assert got == pytest.approx(brute(path, number), abs=1e-12), number


def test_laserblast_question_and_simulation_interval(cli):
    exact = cli("draw", STARTERS[0], "--playable", "LaserBlast", "--turns", "3", "-f", "json")
    simulated = cli("draw", STARTERS[0], "--playable", "LaserBlast", "--turns", "3",
                    "--hands", "30000", "--seed", "3", "-f", "json")
    truth = exact.json()["playable"][0]["by_turn"]
    rows = simulated.json()["playable"][0]["by_turn"]
    assert truth[1]["probability"] == 0.0  # power 3 cannot be met on turn 2
    for row, expected in zip(rows, truth, strict=True):
        low, high = row["ci95"]
        assert low - 0.002 <= expected["probability"] <= high + 0.002


@pytest.mark.parametrize(("args", "message"), [
    (["--playable", "NoSuchCard"], "not a MegaMan"),
    (["--playable", "CyberSword"], "no copy of it"),
])
def test_bad_playable_is_a_usage_error(cli, args, message):
    run = cli("draw", STARTERS[0], *args)
    assert run.code == 2 and message in run.err and "Traceback" not in run.err


def test_game_without_costs_is_a_usage_error(cli):
    run = cli("draw", SAMPLES / "haikyu" / "starter-karasuno.toml", "--playable",
              "HV-D01-001")
    assert run.code == 2 and "declares no costs" in run.err


def test_show_has_the_turn_three_column(cli):
    summary = cli("show", STARTERS[0], "-f", "json").json()
    assert "playable t3" in summary["columns"]
    rows = {row["number"]: row["playable t3"] for g in summary["groups"] for row in g["cards"]}
    laser = cli("draw", STARTERS[0], "--playable", "LaserBlast", "--turns", "3", "-f", "json")
    third = laser.json()["playable"][0]["by_turn"][2]["probability"]
    assert rows["1C14"].startswith(f"{third:.0%}") and rows["1St101"] is None
    haikyu = cli("show", SAMPLES / "haikyu" / "starter-karasuno.toml", "-f", "json").json()
    assert "playable t3" not in haikyu["columns"]
