"""Mulligan policies: `best` against a brute force over every hand and every keep (scipy
pmfs), and answers that do not depend on the order of deck lines or of wants."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest
from scipy.stats import multivariate_hypergeom

from conftest import SAMPLES, toml_deck
from deckcli.cli.draw_deck import deck_library
from deckcli.draw import goldfish as gf

KARASUNO = SAMPLES / "haikyu" / "starter-karasuno.toml"
COUNTS = [4, 4, 2, 2, 2, 4, 2, 4, 4, 4, 4, 4]  # the starter's lines, in file order
REVERSED = toml_deck("haikyu", {f"HV-D01-{i:03d}": c for i, c in
                                reversed(list(enumerate(COUNTS, start=1)))})
CASES = [
    ["at most 1 type:event", "2 attack>=3"],
    ["receive>=4", "2 attack>=3"],
    ["exactly 1 type:event", "block>=3"],
]


def brute_best(counts: list[int], signatures, wants, hand: int) -> float:
    """Sum over dealt hands; a missing hand takes the keep with the highest redraw odds."""

    def meets(x) -> bool:
        for j, (low, high) in enumerate(wants):
            n = sum(x[g] for g, sig in enumerate(signatures) if sig[j])
            if n < low or (high is not None and n > high):
                return False
        return True

    def vectors(pile, n):
        for x in product(*(range(min(c, n) + 1) for c in pile)):
            if sum(x) == n:
                yield x

    total = 0.0
    for dealt in vectors(counts, hand):
        p_dealt = multivariate_hypergeom.pmf(dealt, counts, hand)
        if meets(dealt):
            total += p_dealt
            continue
        best = 0.0
        for keep in product(*(range(d + 1) for d in dealt)):
            back = hand - sum(keep)
            pile = [c - k for c, k in zip(counts, keep, strict=True)]
            p = sum(multivariate_hypergeom.pmf(extra, pile, back)
                    for extra in vectors(pile, back)
                    if meets([k + e for k, e in zip(keep, extra, strict=True)]))
            best = max(best, p)
        total += p_dealt * best
    return total


@pytest.mark.slow
@pytest.mark.parametrize("wants", CASES)
def test_best_mulligan_is_the_brute_force_maximum(cli, wants):
    resolver, library, _ = deck_library(KARASUNO, None, None)
    fish = gf.prepare(resolver, resolver.pool.header.setup_for(resolver.format_id), library, wants)
    part = fish.partition
    expected = brute_best(list(part.counts), [g.signature for g in part.groups],
                          [(w.low, w.high) for w in part.wants], 6)
    args = [a for w in wants for a in ("-w", w)]
    best = cli("draw", KARASUNO, "--mulligan", "best", *args, "-f", "json").json()
    default = cli("draw", KARASUNO, "--mulligan", "default", *args, "-f", "json").json()
    assert best["policy"] == "best" and default["policy"] == "default"
    assert best["probability"] == pytest.approx(expected, abs=1e-12)
    assert best["probability"] >= default["probability"] - 1e-15


def test_issue_example_no_longer_depends_on_order(cli, write_deck):
    reversed_deck = write_deck("rev.toml", REVERSED)
    answers = set()
    for deck in (KARASUNO, reversed_deck):
        for wants in (["receive>=4", "2 attack>=3"], ["2 attack>=3", "receive>=4"]):
            args = [a for w in wants for a in ("-w", w)]
            run = cli("draw", deck, "--mulligan", "default", *args, "--turns", "2", "-f", "json")
            answers.add(tuple(row["probability"] for row in run.json()["by_turn"]))
    assert len(answers) == 1
    assert answers.pop()[0] == pytest.approx(0.9049308722, abs=1e-10)


@pytest.mark.parametrize("policy", ["default", "best"])
def test_simulation_does_not_depend_on_order_and_agrees(cli, write_deck, policy):
    reversed_deck = write_deck("rev.toml", REVERSED)
    runs = []
    for deck, wants in ((KARASUNO, CASES[0]), (reversed_deck, CASES[0][::-1])):
        args = [a for w in wants for a in ("-w", w)]
        runs.append(cli("draw", deck, "--mulligan", policy, *args, "--hands", "40000",
                        "--turns", "1", "-f", "json").json())
    assert runs[0]["by_turn"] == runs[1]["by_turn"]
    exact = cli("draw", KARASUNO, "--mulligan", policy, "-w", CASES[0][0], "-w", CASES[0][1],
                "--turns", "1", "-f", "json").json()
    for simulated, truth in zip(runs[0]["by_turn"], exact["by_turn"], strict=True):
        low, high = simulated["ci95"]
        assert low - 0.003 <= truth["probability"] <= high + 0.003


def test_mulligan_none_and_bad_policy(cli):
    none = cli("draw", KARASUNO, "--mulligan", "none", "-w", "2 attack>=3", "-f", "json")
    plain = cli("draw", KARASUNO, "-w", "2 attack>=3", "-f", "json")
    assert none.json()["probability"] == plain.json()["probability"]
    assert none.json()["policy"] == "none"
    bad = cli("draw", KARASUNO, "--mulligan", "bogus", "-w", "2 attack>=3")
    said = " ".join(bad.err.replace("│", " ").split())
    assert bad.code == 2 and "'bogus' is not one of 'default', 'best', 'none'" in said
    assert np.isfinite(none.json()["probability"])
