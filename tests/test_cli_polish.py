"""The smaller rough edges a new user met: rule descriptions in words, show's curve and its
playable legend, README and fmt agreeing on text lists, config mistakes reported together."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from conftest import REPO, SAMPLES

AGUMON = SAMPLES / "digimon-classic" / "example-agumon-gabumon.toml"
MEGAMAN = SAMPLES / "megaman" / "starter-megaman.toml"
README = (REPO / "README.md").read_text(encoding="utf-8")


def test_rule_descriptions_say_no_internals(cli):
    games = cli("games", "--format", "text").out
    rules = cli("rules", "megaman", "--format", "text").out
    for text in (games, rules):
        assert "{" not in text.replace('{"', "")  # JSON examples of built-in rules aside
        assert "resource_cost" not in text and "supplied_by" not in text
    assert "at most 8 event cards" in games and "at most 8 event;" not in games
    assert "exactly 1 NetNavi card;" in games and "at least 1 Rookie card" in games
    assert "emblems each card needs are in the deck (warning)" in games
    assert 'written like "NAME emblem xN"' in rules


@pytest.mark.parametrize("width", [40, 80])
def test_show_curve_aligns_cjk_labels_by_display_width(cli, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", str(width))
    out = cli("show", AGUMON).out
    curve = out[out.index("\nlevel\n"):].splitlines()[2:7]
    bars = {cell_len(line[:line.index("█")]) for line in curve}
    assert len(bars) == 1, curve  # every bar starts in the same column
    assert any("究極体" in line for line in curve)


def test_show_explains_the_playable_column(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "110")
    rich = cli("show", MEGAMAN).out
    assert "½t6" in rich
    legend = " ".join(rich.split())
    assert "½tN: below 50% on turn 3, it first reaches 50% on turn N" in legend
    text = cli("show", MEGAMAN, "--format", "text").out
    assert "½t6" in text and "½tN: below 50% on turn 3" in text
    monkeypatch.setenv("COLUMNS", "80")  # no playable column: no legend
    assert "½tN" not in cli("show", MEGAMAN).out
    assert "½tN" not in cli("show", AGUMON, "--format", "text").out


def test_readme_and_fmt_agree_on_text_lists(cli, tmp_path):
    assert "`fmt` rewrites TOML decks only and refuses a text list" in README
    listed = tmp_path / "list.txt"
    listed.write_bytes((SAMPLES / "megaman" / "starter-torchman.txt").read_bytes())
    before = listed.read_bytes()
    run = cli("fmt", listed)
    assert run.code == 1 and "fmt formats TOML decks" in run.err
    assert listed.read_bytes() == before


def test_readme_says_how_long_the_tests_take_and_what_skips():
    text = " ".join(README.split())
    # issue 40: the time is measured, in CPU and wall time, and says what the run leaves out
    assert "minutes of CPU" in text and "minutes of wall time" in text
    assert "tests marked `slow`" in text
    assert "../shared/reference" in text and "skip without it" in text


def test_every_config_mistake_at_once_in_any_command(cli, tmp_path, monkeypatch):
    (tmp_path / "deckcli.toml").write_text(
        'strict = "yes"\nformat = "xml"\nbogus = 1\nexclude = 3\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for args in (("config",), ("check", "."), ("games",)):
        run = cli(*args)
        errors = [line for line in run.err.splitlines() if line.startswith("deckcli: error:")]
        assert run.code == 2, args
        said = " ".join(errors)
        for mistake in ("strict must be true or false", "unknown key 'bogus'",
                        "exclude must be a list"):
            assert mistake in said, (args, mistake)
        assert len(errors) >= 3 and re.search(r"deckcli\.toml", said)


def test_shipped_toml_samples_are_in_canonical_form(cli):
    run = cli("fmt", "--check", SAMPLES)
    assert run.code == 0, run.out + run.err
    assert run.out.splitlines()[-1] == "0 files would be reformatted, " \
        f"{len(list(SAMPLES.rglob('*.toml')))} unchanged"
