"""restricted against a list that names one card twice (by its name and by a printing's
number): the card is restricted once, so the deck gets one problem and one fix.

Routed to the lead (engine/rules/ is theirs while issue 33 is open): marked xfail(strict=True)
until `restricted_groups` counts overlapping references once."""

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


@pytest.mark.xfail(strict=True, reason="engine/rules/kinds/lists.restricted_groups checks a "
                   "name and a number of one of its printings as two groups: the same "
                   "problem twice (routed to the lead)")
def test_a_card_listed_by_name_and_by_number_is_restricted_once(bolt_twice):
    result = judge({"Ada, Knight": 1, "T-12": 2, "Fireball": 3}, pools=bolt_twice)
    restricted = [p.message for p in result.problems if p.rule == "restricted"]
    assert restricted == ["2 × Bolt (T-12); restricted to 1 in testgame decks — cut 1"]
