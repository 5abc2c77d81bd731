"""`deckcli rules [GAME]`: every rule id documented with severity, what it checks, an example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deckcli.engine.rules import KINDS
from deckcli.engine.rules.builtin import BUILTIN_RULES

PACKAGE = Path(__file__).resolve().parent.parent / "deckcli"
GAMES = ["digi-battle", "digimon-classic", "haikyu", "megaman", "orbs"]


def test_catalogue_covers_every_builtin_id_the_code_reports():
    reported: set[str] = set()
    for source in PACKAGE.rglob("*.py"):
        pattern = r'(?:rule=|problem\(\s*|stop\(\s*)"([a-z0-9-]+)"'
        reported |= set(re.findall(pattern, source.read_text()))
    assert reported == set(BUILTIN_RULES)
    for rule in BUILTIN_RULES.values():
        assert rule.severity in ("error", "warning", "info") and rule.description and rule.example


def test_megaman_rules_in_json(cli):
    run = cli("rules", "megaman", "--format", "json")
    document = run.json()
    assert run.code == 0 and document["game"] == "megaman"
    standard = document["formats"]["standard"]
    assert standard["default"] is True
    rules = {rule["id"]: rule for rule in standard["rules"]}
    assert list(rules) == ["deck-size", "netnavi-count", "copies", "emblem-supply"]
    assert rules["deck-size"] == {
        "id": "deck-size", "kind": "size", "severity": "error",
        "checks": "the deck has exactly 60 cards",
        "description": "A deck is exactly 60 cards: the NetNavi plus 59 others.",
        "source": "R1 p.20", "example": "a deck with 59 or 61 cards",
        "fix": "Fix (display-only): over the size, which cards to cut is the player's choice; "
               "nothing is applied."}
    assert rules["copies"]["fix"].startswith("Fix (unsafe, --unsafe-fixes): cuts the copies")
    assert rules["copies"]["example"] == "5 copies of one card (same name)"
    assert rules["emblem-supply"]["severity"] == "warning"
    assert rules["emblem-supply"]["kind"] == "requires"
    assert [rule["id"] for rule in document["builtin"]] == list(BUILTIN_RULES)


def test_game_alias_and_rich_output(cli):
    run = cli("rules", "mmnt")
    assert run.code == 0
    for text in ("megaman · standard (default)", "emblem-supply", "netnavi-count",
                 "built-in rule ids", "unknown-card"):
        assert text in run.out


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_documented(cli, game):
    document = cli("rules", game, "--format", "json").json()
    for fmt in document["formats"].values():
        for rule in fmt["rules"]:
            assert rule["severity"] in ("error", "warning")
            assert rule["checks"] and rule["description"] and rule["example"]


def test_without_game_lists_builtin_ids_and_kinds(cli):
    document = cli("rules", "--format", "json").json()
    assert [rule["id"] for rule in document["builtin"]] == list(BUILTIN_RULES)
    kinds = {kind["kind"]: kind for kind in document["kinds"]}
    assert list(kinds) == ["size", "count", "copies", "allowed", "banned, restricted", "requires"]
    assert kinds["requires"]["example"] == KINDS["requires"].example
    assert kinds["size"]["description"].startswith("size: the number of cards in the deck")
    paragraphs = kinds["size"]["description"].split("\n\n")
    assert len(paragraphs) == 2 and not any("\n" in part for part in paragraphs)


def test_rule_examples_follow_the_rule_settings(cli):
    formats = cli("rules", "digimon-classic", "--format", "json").json()["formats"]
    rules = {rule["id"]: rule for rule in formats["hyper-colosseum"]["rules"]}
    assert rules["level-iii"]["example"].startswith("a deck with 0 ")
    assert rules["ultimate-limit"]["example"].startswith("a deck with 6 ")


def test_bad_arguments_exit_2(cli):
    run = cli("rules", "pokemon")
    assert run.code == 2 and "unknown game 'pokemon'" in run.err
    assert cli("rules", "megaman", "--format", "yaml").code == 2
