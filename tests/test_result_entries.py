"""What the result cache keeps of a deck (`resultdata`): the deck's line of the JSON report,
written again as it is on a hit. A hit reports exactly what a miss reports, in every format;
an entry is read back exactly as written; anything else (a tampered entry) is a miss or a
result whose line is the one deckcli's encoder writes for it, never an exception."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import SAMPLES, TEST_POOLS
from deckcli.app import resultdata
from deckcli.escape import control_character
from deckcli.model.fix import Fix, TextEdit
from deckcli.model.problem import SEVERITIES, Problem
from deckcli.model.result import DeckResult
from deckcli.report import RENDERERS


@pytest.fixture
def repository(tmp_path: Path) -> tuple[Path, Path]:
    """Decks with errors and fixes, warnings only, none; a list; names with a quote, a
    backslash and kana; and, apart, a deck naming no game (a fix of several choices)."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for sample in ("megaman/illegal-five-copies.toml", "megaman/starter-torchman.txt",
                   "digi-battle/the-digi-dudes-devidudes-deck.toml",
                   "digimon-classic/example-japanese-names.toml", "haikyu/illegal-41-cards.toml"):
        shutil.copy(SAMPLES / sample, folder / Path(sample).name)
    legal = (SAMPLES / "megaman" / "starter-megaman.toml").read_bytes()
    for name in ('say "hi".toml', "back\\slash.toml", "デッキ.toml"):
        (folder / name).write_bytes(legal)
    named = folder / "named.toml"
    named.write_bytes(b'name = "Blue \\"Bomber\\" \xe3\x83\x87\xe3\x83\x83\xe3\x82\xad"\n'
                      + (SAMPLES / "megaman" / "illegal-59-cards.toml").read_bytes())
    no_game = tmp_path / "no-game.toml"
    no_game.write_text('[cards]\n"CyberSword" = 3\n', encoding="utf-8")
    return folder, no_game


@pytest.mark.parametrize("strict", [[], ["--strict"]])
@pytest.mark.parametrize("output", list(RENDERERS))
def test_a_hit_reports_byte_for_byte_what_a_miss_reports(cli, cache, repository,
                                                         judged_files, output, strict):
    folder, no_game = repository
    argv = ["check", folder, no_game, "--format", output, *strict]
    first = cli(*argv)
    assert len(judged_files) == 10
    judged_files.clear()
    hit = cli(*argv)
    assert judged_files == []  # every deck from the cache
    miss = cli(*argv, "--no-cache")
    assert hit.out == first.out == miss.out and hit.err == miss.err
    assert hit.code == first.code == miss.code == 1


def test_a_user_pools_notice_and_a_strict_verdict_come_back_from_the_cache(cli, cache,
                                                                           tmp_path, judged_files):
    """An information notice (a user pool judged the deck) and warnings under --strict."""
    deck = tmp_path / "t.toml"
    deck.write_text('game = "testgame"\n[cards]\n"T-01" = 1\n"T-02" = 3\n"T-03" = 3\n'
                    '"T-04" = 3\n', encoding="utf-8")
    argv = ["--pools", TEST_POOLS, "check", deck, "--format", "json"]
    first = cli(*argv)
    judged_files.clear()
    hit = cli(*argv)
    assert judged_files == [] and hit.out == first.out and hit.code == first.code
    assert any(p["severity"] == "info" for p in hit.json()["decks"][0]["problems"])


def test_a_strict_run_fails_a_hit_with_warnings_only(cli, cache, repository, judged_files):
    folder, _ = repository
    deck = folder / "the-digi-dudes-devidudes-deck.toml"
    cli("check", deck)
    judged_files.clear()
    assert cli("check", deck, "--format", "json").code == 0
    strict = cli("check", deck, "--format", "json", "--strict")
    assert judged_files == [] and strict.code == 1
    [reported] = strict.json()["decks"]
    assert reported["legal"] is True and reported["passed"] is False


# --- entries read back exactly as written, or not at all ---

_TEXT = st.text(max_size=12)
_PLACE = st.integers(min_value=1, max_value=10**6)
_EDIT = st.builds(TextEdit, _PLACE, _PLACE, _PLACE, _PLACE, _TEXT)


def _fixes(choices: st.SearchStrategy[tuple[Fix, ...]]) -> st.SearchStrategy[Fix]:
    return st.builds(Fix, st.sampled_from(["safe", "unsafe", "display-only"]), _TEXT,
                     st.just(()), st.lists(_EDIT, max_size=2).map(tuple), choices)


_FIX = _fixes(st.lists(_fixes(st.just(())), max_size=2).map(tuple))
_PROBLEM = st.builds(Problem, _TEXT, _TEXT, st.sampled_from(SEVERITIES),
                     st.none() | _TEXT, st.none() | st.integers(0, 10**6),
                     st.none() | st.integers(0, 10**6), st.integers(1, 10**6),
                     st.none() | _FIX)
_RESULT = st.builds(DeckResult, _TEXT, st.none() | _TEXT, st.none() | _TEXT,
                    st.integers(0, 10**6), st.lists(_PROBLEM, max_size=3), st.none() | _TEXT)


def _place(game: str, deck_format: str) -> tuple[str | None, str | None]:
    return resultdata.decoded_place(game, deck_format)


def _clean(result: DeckResult) -> bool:
    """Whether every string a report echoes is free of what could forge a line, and no
    replacement text holds a lone surrogate (no file could hold the entry)."""
    texts = [result.path, result.game, result.format, result.name]
    edits: list[str] = []

    def fix(found: Fix) -> None:
        texts.append(found.title)
        edits.extend(edit.text for edit in found.edits)
        for choice in found.choices:
            fix(choice)

    for problem in result.problems:
        texts += [problem.rule, problem.message, problem.card]
        if problem.fix is not None:
            fix(problem.fix)
    return all(control_character(text) is None for text in texts if text is not None) \
        and not any(0xD800 <= ord(char) <= 0xDFFF for text in edits for char in text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_RESULT)
def test_an_entry_is_read_back_as_the_result_it_was(result):
    data = resultdata.entry_data(result)
    nested = any(choice.choices for p in result.problems if p.fix for choice in p.fix.choices)
    if data is None:  # not kept: judged_files again next time
        assert not _clean(result) or nested
        return
    assert _clean(result) and not nested and "\n" not in data and "\r" not in data
    back = resultdata.from_entry(data, result.path, _place)
    assert isinstance(back, DeckResult)
    for strict in (False, True):
        assert back.json_line(strict) == result.json_line(strict)
        assert back.fails(strict) == result.fails(strict)
    assert back == result  # problems decoded only now, value for value


def _entry(result: DeckResult) -> str:
    data = resultdata.entry_data(result)
    assert data is not None
    return data


_SAMPLE_PATH = 'd/é "x".toml'
_SAMPLE_ENTRY = _entry(DeckResult(_SAMPLE_PATH, "megaman", "standard", 61, [
    Problem("deck-size", "61 cards; megaman decks have exactly 60 — cut 1", "error", None,
            None, None, 1, Fix("display-only", "Cut 1 card of your choice")),
    Problem("copies", "5 × CyberSword (1C12); at most 4 per name — cut 1", "error", "1C12", 7,
            1, 1, Fix("unsafe", "Cut 1 × CyberSword", (), (TextEdit(7, 16, 7, 17, "4\n"),))),
    Problem("copies-by-name", "2 × x; consider cutting 1", "warning", "X-1", 9, None, 1,
            Fix("display-only", "Pick", choices=(Fix("unsafe", "A"), Fix("safe", "B")))),
], "My deck"))


@settings(max_examples=1000, deadline=None)
@given(st.integers(0, len(_SAMPLE_ENTRY) - 1), st.integers(0, 3),
       st.sampled_from(['"', "\\", "\n", "\x1b", "\x85", "\u2028", "\ud800", "}", "]", ",",
                        " ", ":", "0", "-", "n", "e", "t", "{", "[", "\\u001b", '"x": 1, ',
                        '"passed": true', ', "severity": "error"']))
def test_a_tampered_entry_is_a_miss_or_what_the_encoder_writes(at, cut, inserted):
    """Any change at any place: never an exception, and a result read from it writes the
    very line deckcli's own encoder writes for that result (no key, line or escape that
    deckcli would not write)."""
    data = _SAMPLE_ENTRY[:at] + inserted + _SAMPLE_ENTRY[at + cut:]
    back = resultdata.from_entry(data, _SAMPLE_PATH, _place)
    if back is None:
        return
    assert isinstance(back, DeckResult)
    line, strict_line = back.json_line(), back.json_line(True)
    legal, fails = back.legal, back.fails(True)
    again = resultdata.from_entry(data, _SAMPLE_PATH, _place)
    assert isinstance(again, DeckResult)
    decoded = again.problems  # its line is now encoded anew from these objects
    assert again.json_line() == line and again.json_line(True) == strict_line
    assert again.legal == legal and again.fails(True) == fails
    assert len(decoded) == line.count('{"rule": "')
    assert "\n" not in line and control_character(json.loads(line)["path"]) is None


def test_the_sample_entry_is_read_back():
    back = resultdata.from_entry(_SAMPLE_ENTRY, _SAMPLE_PATH, _place)
    assert isinstance(back, DeckResult) and back.name == "My deck" and back.cards == 61
    assert [p.rule for p in back.problems] == ["deck-size", "copies", "copies-by-name"]
    assert back.path == 'd/é "x".toml' and not back.legal


def test_an_entry_whose_line_names_another_deck_is_a_miss():
    assert resultdata.from_entry(_SAMPLE_ENTRY, "d/x.toml", _place) is None
    assert resultdata.from_entry(_SAMPLE_ENTRY, './d/é "x".toml', _place) is not None


def test_a_game_the_run_does_not_know_is_a_miss():
    assert resultdata.from_entry(_SAMPLE_ENTRY, _SAMPLE_PATH, lambda game, fmt: None) is None


@pytest.mark.parametrize(("text", "listed"), [
    ("[]", True), ("[{}]", True), ("[{}, {}, {}]", True), ("[, {}]", False),
    ("[{}, ]", False), ("[{}{}]", False), ("[{},{}]", False), ("[ {}]", False),
    ("[{}, , {}]", False)])
def test_a_list_is_read_as_json_writes_one(text, listed):
    import re

    assert (re.fullmatch(resultdata._listed(r"\{\}"), text) is not None) == listed
    assert (re.fullmatch(resultdata._listed(r"\{\}", 1), text) is not None) == (
        listed and text != "[]")
