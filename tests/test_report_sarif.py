"""`--format sarif`: a SARIF 2.1.0 log with the structure code scanning requires."""

from __future__ import annotations

import json

from conftest import SAMPLES
from deckcli.engine.rules.builtin import BUILTIN_RULES

LEVELS = {"none", "note", "warning", "error"}


def sarif(cli, *args) -> tuple[int, dict]:
    run = cli("check", *args, "--format", "sarif")
    return run.code, json.loads(run.out)


def assert_valid_sarif(log: dict) -> None:
    """The 2.1.0 structure: required keys, levels, rule indexes, locations."""
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-schema-2.1.0.json")
    [run] = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "deckcli" and driver["version"]
    rules = driver["rules"]
    ids = [rule["id"] for rule in rules]
    assert len(ids) == len(set(ids))
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["help"]["text"]
        assert rule["defaultConfiguration"]["level"] in LEVELS
    for result in run["results"]:
        assert result["level"] in {"error", "warning"}
        assert result["message"]["text"]
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        [location] = result["locations"]
        physical = location["physicalLocation"]
        uri = physical["artifactLocation"]["uri"]
        assert "\\" not in uri and uri
        assert physical["region"]["startLine"] >= 1
        assert physical["region"].get("startColumn", 1) >= 1
    assert set(ids) == {result["ruleId"] for result in run["results"]}


def test_samples_give_a_valid_log(cli, monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    code, log = sarif(cli, "samples")
    assert code == 1
    assert_valid_sarif(log)
    results = log["runs"][0]["results"]
    copies = next(r for r in results
                  if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                  == "samples/megaman/illegal-five-copies.toml")
    assert copies["ruleId"] == "copies" and copies["level"] == "error"
    assert copies["locations"][0]["physicalLocation"]["region"] == {"startLine": 31}
    levels = {r["ruleId"]: r["level"] for r in results}
    assert levels["copies-by-name"] == "warning" and levels["deck-size"] == "error"


def test_rule_descriptors_come_from_the_pools(cli):
    _, log = sarif(cli, SAMPLES / "megaman" / "illegal-59-cards.toml",
                   SAMPLES / "haikyu" / "illegal-41-cards.toml",
                   SAMPLES / "megaman" / "illegal-two-netnavis.toml")
    rules = {rule["id"]: rule for rule in log["runs"][0]["tool"]["driver"]["rules"]}
    assert list(rules) == ["deck-size", "netnavi-count"]
    size = rules["deck-size"]
    assert size["shortDescription"]["text"].startswith("size: ")  # two games: the kind's text
    assert "megaman standard" in size["fullDescription"]["text"]
    assert "haikyu break" in size["fullDescription"]["text"]
    netnavi = rules["netnavi-count"]
    assert netnavi["defaultConfiguration"] == {"level": "error"}
    assert "exactly 1 NetNavi card (type:NetNavi)" in netnavi["fullDescription"]["text"]
    assert "a deck with 0 or 2 NetNavi cards" in netnavi["help"]["text"]


def test_builtin_ids_get_descriptors_and_columns(cli, write_deck, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = write_deck("bad deck.toml", 'game = "megaman"\n[cards]\n"AreaSteal" = = 4\n')
    unknown = write_deck("u.toml", 'game = "megaman"\n[cards]\n"Cyber Swordd" = 4\n')
    code, log = sarif(cli, bad.name, unknown.name)
    assert code == 1
    assert_valid_sarif(log)
    run = log["runs"][0]
    rules = {rule["id"]: rule for rule in run["tool"]["driver"]["rules"]}
    assert set(rules) >= {"invalid-toml", "unknown-card"}
    assert rules["unknown-card"]["shortDescription"]["text"] == (
        BUILTIN_RULES["unknown-card"].description)
    toml_error = next(r for r in run["results"] if r["ruleId"] == "invalid-toml")
    location = toml_error["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "bad%20deck.toml"
    assert location["region"] == {"startLine": 3, "startColumn": 15}


def test_warning_lint_is_a_warning_result(cli, tmp_path):
    starter = (SAMPLES / "megaman" / "starter-megaman.toml").read_text(encoding="utf-8")
    deck = tmp_path / "d.toml"
    deck.write_text(starter.replace('1C32 = 1', '2R62 = 1'), encoding="utf-8")
    code, log = sarif(cli, deck)
    assert code == 0
    [result] = log["runs"][0]["results"]
    assert (result["ruleId"], result["level"]) == ("emblem-supply", "warning")
    [rule] = log["runs"][0]["tool"]["driver"]["rules"]
    assert rule["defaultConfiguration"]["level"] == "warning"


def test_output_file_and_select(cli, tmp_path):
    target = tmp_path / "report.sarif"
    run = cli("check", SAMPLES / "digi-battle", "--format", "sarif", "-o", target,
              "--select", "copies-by-name")
    assert run.code == 0 and run.out == ""
    log = json.loads(target.read_text(encoding="utf-8"))
    assert_valid_sarif(log)
    assert {r["ruleId"] for r in log["runs"][0]["results"]} == {"copies-by-name"}
    assert len(log["runs"][0]["results"]) == 3  # the duplicate's by-name twin is not repeated


def test_legal_decks_give_an_empty_run(cli):
    _, log = sarif(cli, SAMPLES / "megaman" / "starter-megaman.toml")
    assert log["runs"][0]["results"] == [] and log["runs"][0]["tool"]["driver"]["rules"] == []
