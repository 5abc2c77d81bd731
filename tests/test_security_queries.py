"""Hostile queries (issue 13, item 5): bounded parsing, a clear error, and a broken user pool
that breaks only the decks of its own game."""

from __future__ import annotations

import time

import pytest

from conftest import SAMPLES, TEST_POOLS, query_of, toml_deck
from deckcli.engine.query import MAX_DEPTH, MAX_QUERY_CHARS, MAX_TERMS, QueryError
from deckcli.pools.load import load_pool

POOL = load_pool(TEST_POOLS / "testgame.toml")
TESTGAME = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")
LEGAL_TESTGAME = {"T-01": 1, "T-02": 3, "T-03": 3, "T-04": 3}

HOSTILE = {
    "400 nested parentheses": ("(" * 400 + "type:Hero" + ")" * 400,
                               f"nested more than {MAX_DEPTH} deep"),
    "2,000 not prefixes": ("not " * 2000 + "type:Hero", "queries are at most 2,000 characters"),
    "600 minus signs": ("-" * 600 + "type:Hero", f"nested more than {MAX_DEPTH} deep"),
    "a 50 KB OR-query": (" or ".join(["type:Hero"] * 4000), "a query of 51,996 characters"),
    "too many terms": (" ".join(["x"] * (MAX_TERMS + 1)), f"at most {MAX_TERMS}"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_query_is_refused_fast_with_the_limit_named(case):
    text, fragment = HOSTILE[case]
    started = time.process_time()
    with pytest.raises(QueryError, match=fragment):
        query_of(POOL, text)
    assert time.process_time() - started < 0.5


def test_queries_up_to_the_limits_still_work():
    assert [c.number for c in query_of(POOL, "(" * MAX_DEPTH + "type:Hero" + ")" * MAX_DEPTH)
            .select(POOL.cards)] == ["T-01"]
    assert query_of(POOL, "not " * (MAX_DEPTH - 1) + "-type:Hero").matches(POOL.cards[0]) is True
    wide = " or ".join(["type:Hero"] * (MAX_TERMS // 2))
    assert len(wide) < MAX_QUERY_CHARS
    assert [c.number for c in query_of(POOL, wide).select(POOL.cards)] == ["T-01"]


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_pool_with_a_hostile_rule_query_breaks_only_its_own_decks(cli, tmp_path, write_deck,
                                                                     case):
    query = HOSTILE[case][0]
    folder = tmp_path / "pools"
    folder.mkdir()
    (folder / "testgame.toml").write_text(
        TESTGAME.replace('query = "type:Hero"', f'query = "{query}"', 1), encoding="utf-8")
    mine = write_deck("t.toml", toml_deck("testgame", LEGAL_TESTGAME))
    megaman = SAMPLES / "megaman" / "starter-megaman.toml"
    run = cli("--pools", folder, "check", mine, megaman, "--format", "json")
    assert run.code == 1, run.err
    broken, other = run.json()["decks"]
    assert [p["rule"] for p in broken["problems"]] == ["broken-pool"]
    assert "formats.standard: a rule query is invalid" in broken["problems"][0]["message"]
    assert other["legal"] is True and other["game"] == "megaman"
    checked = cli("--pools", folder, "pool", "check", "testgame")
    assert checked.code == 1 and "rule hero-count: query:" in checked.out
    shown = cli("--pools", folder, "show", mine)
    assert shown.code == 1 and "a rule query is invalid" in shown.err


def test_a_hostile_search_or_want_is_a_usage_error(cli):
    deep = "(" * 400 + "type:NetNavi" + ")" * 400
    run = cli("cards", "megaman", deep)
    assert run.code == 2 and f"nested more than {MAX_DEPTH} deep" in run.err
    drawn = cli("draw", SAMPLES / "megaman" / "starter-megaman.toml", "--want", "not " * 2000 + "x")
    assert drawn.code == 2 and "queries are at most 2,000 characters" in drawn.err
    assert "Traceback" not in run.err + drawn.err
