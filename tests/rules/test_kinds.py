"""Rule kinds are plug-ins (engine/rules/kind.py, engine/rules/__init__.py): one module each
under engine/rules/kinds/, found without a table; every rule of a format runs on a deck."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap

import pytest
from pydantic import ValidationError

from conftest import REPO, TEST_POOLS, toml_deck
from deckcli.engine.rules import KINDS, describe
from deckcli.engine.rules.docs import kind_docs, pool_rule_doc
from deckcli.model.poolspec import RuleBase
from deckcli.pools.schema import validate
from rulecheck import assert_problems, judge

KIND_FOLDER = REPO / "deckcli" / "engine" / "rules" / "kinds"
LEGAL_TESTGAME = {"T-01": 1, "T-02": 3, "T-03": 3, "T-04": 3}
LEGAL = {"Ada, Knight": 1, "Bolt": 3, "Fireball": 3, "Shield": 3}

# A kind a contributor might add: at least N different cards. The whole of it, in one module.
DISTINCT = '''
    """distinct: how many different cards a deck holds (at least `min`).

    Cards are told apart by number. The message says how many more different cards to add.
    """

    from __future__ import annotations

    from typing import Literal

    from deckcli.engine.rules.context import DeckView, ProblemStream, problem
    from deckcli.engine.rules.kind import RuleKind
    from deckcli.model.poolspec import RuleBase


    class DistinctRule(RuleBase):
        kind: Literal["distinct"]
        min: int


    def check(rule: DistinctRule, view: DeckView) -> ProblemStream:
        have = len(view.cards)
        if have < rule.min:
            yield problem(rule, f"{have} different cards; at least {rule.min} — add "
                          f"{rule.min - have} more")


    def explain(rule: DistinctRule) -> tuple[str, str]:
        return (f"at least {rule.min} different cards", f"a deck of {rule.min - 1} different cards")


    def summary(rule: DistinctRule) -> str:
        return f"≥{rule.min} different"


    KINDS = (RuleKind(DistinctRule, check, explain, summary, __doc__ or "",
                      example="a deck of one card, four times", position=70),)
'''


def test_every_module_of_the_kinds_folder_is_a_kind_and_documents_itself():
    modules = {path.stem for path in KIND_FOLDER.glob("*.py")} - {"__init__"}
    assert modules == {kind.schema.__module__.rsplit(".", 1)[1] for kind in KINDS.values()}
    assert list(KINDS) == ["size", "count", "copies", "allowed", "banned", "restricted",
                           "requires"]
    for name, kind in KINDS.items():
        assert kind.name == name and issubclass(kind.schema, RuleBase)
        assert kind.doc.startswith(f"{name}:") or kind.doc.startswith("banned and restricted:")
        assert kind.example
    assert [entry["kind"] for entry in kind_docs()] == [
        "size", "count", "copies", "allowed", "banned, restricted", "requires"]


@pytest.mark.parametrize(("table", "summary", "checks"), [
    ({"kind": "size", "exactly": 60}, "exactly 60 cards", "the deck has exactly 60 cards"),
    ({"kind": "count", "query": "type:Hero", "max": 1, "label": "Hero"}, "at most 1 Hero card",
     "the deck has at most 1 Hero card (type:Hero)"),
    ({"kind": "copies", "max": 4, "key": "number"}, "≤4 per number",
     "at most 4 copies per card number"),
    ({"kind": "allowed", "query": "-type:Token"}, "only -type:Token",
     "every card is one of -type:Token"),
    ({"kind": "banned", "cards": ["A", "B"]}, "2 banned", "none of these cards: A, B"),
    ({"kind": "restricted", "cards": ["A"], "max": 2}, "1 restricted to 2",
     "at most 2 of each: A"),
    ({"kind": "requires", "requirement": "cost", "supplied_by": "emblem",
      "severity": "warning"}, "emblems each card needs are in the deck (warning)",
     'each emblem a card\'s cost asks for (written like "NAME xN") is borne by other playable '
     "cards of the deck"),
])
def test_a_rule_is_validated_described_and_explained_by_its_kind(table, summary, checks):
    header = validate({
        "game": {"id": "g", "name": "G", "default_format": "s"},
        "formats": {"s": {"rules": [{"id": "r", **table}]}}})
    [rule] = header.formats["s"].rules
    assert type(rule) is KINDS[table["kind"]].schema
    assert describe(rule) == summary and pool_rule_doc(rule).checks == checks


def test_a_rule_of_no_kind_is_refused_naming_the_kinds():
    with pytest.raises(ValidationError, match="'size', 'count', 'copies', 'allowed', 'banned', "
                       "'restricted', 'requires'"):
        validate({
            "game": {"id": "g", "name": "G", "default_format": "s"},
            "formats": {"s": {"rules": [{"id": "r", "kind": "sizes", "exactly": 1}]}}})


def test_rules_say_what_they_read_without_being_probed():
    header = validate({
        "game": {"id": "g", "name": "G", "default_format": "s"},
        "formats": {"s": {"rules": [
            {"id": "a", "kind": "copies", "max": 3, "key": "type", "exempt": "tags:x",
             "unsettled": "level:III"},
            {"id": "b", "kind": "requires", "requirement": "cost", "supplied_by": "emblem"},
            {"id": "c", "kind": "size", "min": 1}]}}})
    copies, requires, size = header.formats["s"].rules
    assert copies.queries() == {"exempt": "tags:x", "unsettled": "level:III"}
    assert copies.copy_key() == "type" and requires.copy_key() is None
    assert requires.card_fields() == ("cost", "emblem") and size.queries() == {}


def test_adding_a_kind_is_adding_one_module(tmp_path, write_deck):
    """A copy of the package with one more module in kinds/: pools may use the kind, check
    judges by it, and `deckcli rules` and `deckcli games` document it."""
    package = tmp_path / "src" / "deckcli"
    shutil.copytree(REPO / "deckcli", package,
                    ignore=shutil.ignore_patterns("__pycache__", "cardpools"))
    (tmp_path / "src" / "cardpools").symlink_to(REPO / "cardpools")
    (package / "engine" / "rules" / "kinds" / "distinct.py").write_text(
        textwrap.dedent(DISTINCT), encoding="utf-8")
    pools = tmp_path / "pools"
    pools.mkdir()
    text = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")
    (pools / "testgame.toml").write_text(text.replace(
        "[[formats.standard.rules]]\n", '[[formats.standard.rules]]\nid = "variety"\n'
        'kind = "distinct"\nmin = 5\n\n[[formats.standard.rules]]\n', 1), encoding="utf-8")
    deck = write_deck("t.toml", toml_deck("testgame", LEGAL_TESTGAME))

    def deckcli(*args: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "PYTHONPATH": str(tmp_path / "src")}
        return subprocess.run([sys.executable, "-m", "deckcli", "--pools", str(pools), *args],
                              capture_output=True, text=True, env=env, cwd=tmp_path)

    run = deckcli("check", str(deck), "--format", "text")
    assert run.returncode == 1
    assert "[error] variety 4 different cards; at least 5 — add 1 more" in run.stdout
    rules = " ".join(deckcli("rules", "testgame", "-f", "text").stdout.split())
    assert ("variety distinct error at least 5 different cards — fails for: a deck of 4 "
            "different cards") in rules
    assert "≥5 different" in deckcli("games", "--format", "text").stdout
    kinds = deckcli("rules", "--format", "text").stdout
    assert ("kind distinct: distinct: how many different cards a deck holds (at least `min`)."
            in kinds)


def test_legal_deck_has_no_problems():
    result = assert_problems(LEGAL, [])
    assert (result.legal, result.cards) == (True, 10)


def test_every_problem_is_reported_not_only_the_first():
    result = judge({"Forbidden Tome": 4, "Spark Token": 1, "Giant": 2})
    assert {p.rule for p in result.problems if p.severity == "error"} >= {
        "deck-size",
        "hero-count",
        "copies",
        "level-one",
        "no-tokens",
        "banned",
    }
