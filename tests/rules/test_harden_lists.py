"""restricted against a list that names one card twice (by its name and by a printing's
number): the card is restricted once, so the deck gets one problem and one fix.

References naming overlapping cards are joined into one set (`restricted_sets`), in the
order they were first listed; the hover counts the same set."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import TEST_POOLS
from rulecheck import judge


@pytest.fixture(scope="module")
def bolt_twice(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test game restricting Bolt by name and its reprint T-12 by number, to 1."""
    folder = tmp_path_factory.mktemp("pools")
    text = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")
    assert 'cards = ["T-07"]\nmax = 1' in text
    (folder / "testgame.toml").write_text(
        text.replace('cards = ["T-07"]\nmax = 1', 'cards = ["Bolt", "T-12"]\nmax = 1'),
        encoding="utf-8")
    return folder


def test_a_card_listed_by_name_and_by_number_is_restricted_once(bolt_twice):
    result = judge({"Ada, Knight": 1, "T-12": 2, "Fireball": 3}, pools=bolt_twice)
    restricted = [p.message for p in result.problems if p.rule == "restricted"]
    assert restricted == ["2 × Bolt (T-12); restricted to 1 in testgame decks — cut 1"]


@pytest.mark.parametrize("listed", [["Bolt", "T-12"], ["T-12", "Bolt"], ["T-12", "T-02", "Bolt"]])
def test_every_order_of_overlapping_references_counts_the_printings_together(
        tmp_path: Path, listed: list[str]):
    from rulecheck import hovers

    text = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")
    (tmp_path / "testgame.toml").write_text(text.replace(
        'cards = ["T-07"]\nmax = 1', f"cards = {listed!r}\nmax = 1".replace("'", '"')),
        encoding="utf-8")
    deck = {"Ada, Knight": 1, "T-02": 1, "T-12": 2, "Fireball": 3}
    result = judge(deck, pools=tmp_path)
    restricted = [p for p in result.problems if p.rule == "restricted"]
    assert [p.message for p in restricted] == [
        "3 × Bolt (T-02, T-12); restricted to 1 in testgame decks — cut 2"]
    assert restricted[0].fix is not None and restricted[0].fix.title.startswith("Cut 2 ×")
    for card in ("T-02", "T-12"):
        assert [line for line in hovers(deck, card, pools=tmp_path) if "restricted" in line] == [
            "restricted in testgame decks: 3 in the deck, at most 1 (rule restricted)"]
