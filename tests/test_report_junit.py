"""`--format junit`: XML any JUnit consumer parses, one test case per deck."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from conftest import SAMPLES, toml_deck


def suite(cli, *args) -> tuple[int, ET.Element]:
    run = cli("check", *args, "--format", "junit")
    assert run.out.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    return run.code, ET.fromstring(run.out.encode("utf-8"))


def test_counts_match_the_decks(cli):
    code, root = suite(cli, SAMPLES)
    cases = root.findall("testcase")
    failed = [case for case in cases if case.find("failure") is not None]
    assert code == 1 and root.tag == "testsuite" and root.get("name") == "deckcli"
    decks = [path for path in SAMPLES.rglob("*") if path.is_file()]
    assert int(root.get("tests")) == len(cases) == len(decks) == 41
    illegal = [path for path in decks if path.name.startswith("illegal-")]
    assert int(root.get("failures")) == len(failed) == len(illegal) == 13
    assert all(case.get("name").rsplit("/", 1)[-1].startswith("illegal-") for case in failed)
    assert {case.get("classname") for case in cases} == {
        "megaman", "haikyu", "digimon-classic", "orbs", "digi-battle"}


def test_failure_lists_problems_and_warnings_go_to_system_out(cli, write_deck):
    numbers = ["BO-12", *[f"ST-{n:02d}" for n in range(1, 27)], "ST-36"]
    text = toml_deck("digi-battle", dict.fromkeys(numbers, 1)).replace('"BO-12" = 1', '"BO-12" = 2')
    _, root = suite(cli, write_deck("d.toml", text + '"ST-36S" = 1\n'))
    [case] = root.findall("testcase")
    failure = case.find("failure")
    assert failure.get("message") == "illegal: 1 error, 1 warning"
    assert "[error] copies 2 × Monochromon (BO-12); at most 1 per card number — cut 1" in (
        failure.text)
    warnings = case.find("system-out").text
    assert "[warning] copies-by-name 2 × Coelamon" in warnings and "consider cutting 1" in warnings
    assert "copies-by-name" not in failure.text


def test_strict_fails_decks_with_warnings(cli):
    deck = SAMPLES / "digi-battle" / "the-digi-dudes-devidudes-deck.toml"
    code, root = suite(cli, deck)
    assert (code, root.get("failures"), root.find("testcase/failure")) == (0, "0", None)
    code, root = suite(cli, deck, "--strict")
    failure = root.find("testcase/failure")
    assert (code, root.get("failures")) == (1, "1")
    assert failure.get("type") == "strict" and "copies-by-name" in failure.text


def test_text_that_xml_cannot_hold_is_replaced(cli, write_deck):
    path = write_deck("d.toml", toml_deck("megaman", {"A <b> & \"c\"\u0001\u001f": 1}))
    _, root = suite(cli, path, "--select", "invalid-card-ref")  # control characters: escaped
    text = root.find("testcase/failure").text
    assert """'A <b> & "c"\\x01\\x1f' holds the control character U+0001""" in text


def test_unknown_game_deck_still_has_a_case(cli, write_deck):
    path = write_deck("d.toml", 'game = "pokemon"\n[cards]\n"Pikachu" = 4\n')
    _, root = suite(cli, path)
    [case] = root.findall("testcase")
    assert case.get("classname") == "unknown-game"
    assert "unknown-game" in case.find("failure").text


def test_an_invalid_toml_deck_is_classed_by_what_stopped_it(cli, write_deck):
    path = write_deck("d.toml", 'game = "megaman"\n[cards]\n"AirShot = 2\n')
    _, root = suite(cli, path)
    [case] = root.findall("testcase")
    assert case.get("classname") == "invalid-toml"  # not "unknown-game": the game is named
    assert "invalid-toml" in case.find("failure").text
