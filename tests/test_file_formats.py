"""The one table of deck file formats (`formats.kinds`): every command that reads, scans,
creates or exports a deck file asks it, so a suffix means the same format everywhere."""

from __future__ import annotations

import pytest

from conftest import SAMPLES
from deckcli.formats.kinds import DECK_SUFFIXES, FORMATS, SNIFFED_SUFFIXES, by_suffix, kind_of
from deckcli.formats.read import read_deck_file

MEGAMAN = SAMPLES / "megaman" / "starter-megaman.toml"


def test_each_suffix_belongs_to_exactly_one_format():
    suffixes = [suffix for fmt in FORMATS for suffix in fmt.suffixes]
    assert len(suffixes) == len(set(suffixes)) == len(DECK_SUFFIXES)
    assert set(SNIFFED_SUFFIXES) == set(DECK_SUFFIXES) - {".toml"}
    assert kind_of("deck.DEK") == "lackey" and kind_of("notes.md") == "toml"


@pytest.mark.parametrize("suffix", DECK_SUFFIXES)
def test_new_writes_the_format_its_suffix_names(cli, tmp_path, suffix):
    path = tmp_path / f"deck{suffix}"
    run = cli("new", "megaman", path, "--name", "Blank")
    assert run.code == 0, run.err
    assert "megaman · standard · 0 cards" in run.out
    expected = by_suffix(path)
    assert expected is not None
    if expected.editable:  # the hint names only a command that works on the file
        assert f"next: deckcli add {path} CARD" in run.out
        assert cli("add", path, "CyberSword").code == 0
    else:
        assert "deckcli add" not in run.out and f"deckcli check {path}" in run.out
    deck, problems = read_deck_file(path)
    assert expected is not None and deck.kind == expected.kind
    assert deck.game == "megaman" and len(deck.entries) == expected.editable and not problems
    verdict = cli("check", path, "--format", "json").json()["decks"][0]
    assert verdict["game"] == "megaman" and verdict["cards"] == expected.editable
    assert {problem["rule"] for problem in verdict["problems"]} <= {"deck-size", "netnavi-count"}


def test_new_refuses_a_suffix_no_format_has(cli, tmp_path):
    run = cli("new", "megaman", tmp_path / "deck.xml")
    assert run.code == 2
    assert all(suffix in run.err for suffix in DECK_SUFFIXES)
    assert not (tmp_path / "deck.xml").exists()


@pytest.mark.parametrize("suffix", DECK_SUFFIXES)
def test_export_to_a_file_writes_the_format_of_its_suffix(cli, tmp_path, suffix):
    out = tmp_path / f"out{suffix}"
    run = cli("export", MEGAMAN, "-o", out)
    assert run.code == 0, run.err
    deck, problems = read_deck_file(out)
    expected = by_suffix(out)
    assert expected is not None and deck.kind == expected.kind and problems == []
    assert cli("diff", MEGAMAN, out).code == 0  # the same cards, read back


def test_an_explicit_export_format_wins_over_the_suffix(cli, tmp_path):
    out = tmp_path / "out.txt"
    assert cli("export", MEGAMAN, "--format", "json", "-o", out).code == 0
    assert out.read_text().lstrip().startswith("{")


@pytest.mark.parametrize("name", ["TOML", "Lackey", "json"])
def test_export_format_names_are_case_blind(cli, name):
    run = cli("export", MEGAMAN, "--format", name)
    assert run.code == 0, run.err
