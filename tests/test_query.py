"""The card query language: terms, precedence, negation, comparisons, unknowns, errors."""

from __future__ import annotations

import pytest

from conftest import TEST_POOLS, query_of
from deckcli.engine.query import QueryError, tokenize
from deckcli.pools.load import load_pool

POOL = load_pool(TEST_POOLS / "testgame.toml")


def numbers(text: str) -> list[str]:
    return [card.number for card in query_of(POOL, text).select(POOL.cards)]


def verdicts(text: str) -> dict[str, bool | None]:
    query = query_of(POOL, text)
    return {card.number: query.matches(card) for card in POOL.cards}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("type:Hero", ["T-01"]),
        ("TYPE:hero", ["T-01"]),  # field names and values ignore case
        ("bolt", ["T-02", "T-12"]),  # bare word: a name substring
        ("bol", ["T-02", "T-12"]),
        ('"Bolt"', ["T-02", "T-12"]),  # quoted: the whole name
        ('"Bol"', []),
        ("t-03", ["T-03"]),  # a card number
        ("Lightning", ["T-02"]),  # aliases are names too
        ("エイダ", ["T-01"]),  # names in other languages
        ("full width", ["T-13"]),  # NFKC: full-width letters fold
        ('"ada,   knight"', ["T-01"]),  # repeated spaces fold
        ("cost>=5", ["T-06", "T-08"]),
        ("cost<1", ["T-01"]),
        ("cost=0", ["T-01"]),
        ("cost!=1 type:Spell", ["T-03", "T-06", "T-07", "T-10", "T-11"]),
        ("level>=II", ["T-03", "T-06", "T-07", "T-11"]),  # ordered values compare by order
        ("level:one", ["T-02", "T-12", "T-05", "T-14"]),  # value aliases
        ("tags:endless", ["T-05"]),  # list fields match any element
        ("number:T-1*", ["T-12", "T-10", "T-11", "T-13", "T-14"]),
        ("name:*ol*", ["T-02", "T-12"]),
    ],
)
def test_terms(text, expected):
    assert numbers(text) == expected


def test_and_binds_tighter_than_or():
    assert numbers("type:Hero or type:Item cost>=6") == ["T-01", "T-08"]
    assert numbers("(type:Hero or type:Item) cost>=2") == ["T-04", "T-08"]
    assert numbers("type:Hero or type:Item and cost>=6") == ["T-01", "T-08"]


def test_negation():
    assert numbers("type:Item -cost>=2") == ["T-13"]
    assert numbers("type:Item not shield") == ["T-08", "T-13"]
    assert numbers("-(type:Spell or type:Item)") == ["T-01", "T-09"]


def test_missing_value_is_unknown_and_kleene():
    assert verdicts("level:I")["T-10"] is None  # Mystery has no level
    assert verdicts("-level:I")["T-10"] is None
    assert verdicts("type:Hero level:I")["T-04"] is False  # false AND unknown = false
    assert verdicts("type:Spell or level:I")["T-10"] is True  # true OR unknown = true
    assert verdicts("type:Hero or level:I")["T-10"] is None


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("colour:red", "unknown field 'colour'"),
        ("cost>=lots", "cost is a number"),
        ("level>=IV", "level runs I < II < III"),
        ("type>=Hero", "type has no order"),
        ("(type:Hero", "missing ')'"),
        ("type:Hero)", "unexpected ')'"),
        ('"unclosed', "unclosed quote"),
        ("", "empty query"),
        ("name>=x", "name takes ':'"),
    ],
)
def test_errors(text, fragment):
    with pytest.raises(QueryError, match=None) as caught:
        query_of(POOL, text)
    assert fragment in str(caught.value)


def test_unknown_field_error_lists_the_fields():
    with pytest.raises(QueryError) as caught:
        query_of(POOL, "colour:red")
    assert "fields: number, name, cost, level, tags, type" in str(caught.value)


def test_tokenizer_keeps_quoted_field_values():
    assert [t.text for t in tokenize('name:"Ada, Knight" -(x)')] == [
        'name:"Ada, Knight"',
        "-",
        "(",
        "x",
        ")",
    ]
