"""`deckcli draw` at any width: no number cut (bars go, then turns wrap into blocks), plain
`--format text`, the mulligan policy named in every output, `--copies` short of the target."""

from __future__ import annotations

import re

import pytest

from conftest import SAMPLES

MEGAMAN = SAMPLES / "megaman" / "starter-megaman.toml"
TORCHMAN = SAMPLES / "megaman" / "starter-torchman.txt"
KARASUNO = SAMPLES / "haikyu" / "starter-karasuno.toml"
PERCENT = re.compile(r"\d+\.\d\d%")
TABLE_RULES = re.compile(r"[┃━╇│]")


def numbers(text: str) -> list[str]:
    return PERCENT.findall(text)


@pytest.mark.parametrize("width", [40, 80])
@pytest.mark.parametrize("args", [
    (MEGAMAN, "-w", "LaserBlast", "--copies", "LaserBlast=1..4", "--turns", "8"),
    (MEGAMAN, "-w", "LaserBlast", "--turns", "7", "--hands", "2000"),
    (MEGAMAN, MEGAMAN, TORCHMAN, MEGAMAN, "-w", "LaserBlast", "--turns", "3"),
])
def test_no_number_is_cut(cli, monkeypatch, width, args):
    monkeypatch.setenv("COLUMNS", str(width))
    run = cli("draw", *args)
    assert run.code == 0, run.err
    assert "…" not in run.out
    assert all(len(line) <= width for line in run.out.splitlines())
    plain = cli("draw", *args, "--format", "text").out
    assert sorted(numbers(run.out)) == sorted(numbers(plain))  # every figure, whole
    if "--copies" in args:
        assert "copies" in run.out.split() and "turn 8" in " ".join(run.out.split())


def test_bar_chart_goes_before_any_column(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    assert "█" in cli("draw", MEGAMAN, "-w", "LaserBlast", "--copies", "LaserBlast=1..4",
                      "--turns", "8").out
    monkeypatch.setenv("COLUMNS", "80")
    out = cli("draw", MEGAMAN, "-w", "LaserBlast", "--copies", "LaserBlast=1..4",
              "--turns", "8").out
    copies = out[out.index("copies of"):]
    assert "█" not in copies and copies.count("copies ┃") == 2  # two blocks of turns


def test_text_format_is_plain_lines_the_same_at_any_width(cli, monkeypatch):
    args = ("draw", MEGAMAN, "-w", "LaserBlast", "--copies", "LaserBlast=1..4", "--turns", "8",
            "--show", "2", "--format", "text")
    monkeypatch.setenv("COLUMNS", "40")
    narrow = cli(*args).out
    monkeypatch.setenv("COLUMNS", "200")
    assert cli(*args).out == narrow
    assert not TABLE_RULES.search(narrow) and "█" not in narrow
    assert re.search(r"(?m)^ +1 +6\.78% +8\.47%( +\S+%){7}$", narrow)  # a row, every turn
    assert "MegaMan, NetWarrior (1St101) set aside (the NetNavi starts in play, not in the " \
        "deck (R1 p.12))" in narrow


def test_mulligan_takes_its_policy_both_ways(cli):
    args = ("draw", KARASUNO, "-w", "2 type:event", "-f", "json")
    spaced = cli(*args[:2], "--mulligan", "best", *args[2:])
    joined = cli(*args[:2], "--mulligan=best", *args[2:])
    assert spaced.code == joined.code == 0
    assert spaced.json() == joined.json() and joined.json()["policy"] == "best"


def test_a_deck_named_like_a_policy_is_a_deck(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "best").write_text(KARASUNO.read_text(encoding="utf-8"), encoding="utf-8")
    run = cli("draw", "best", "--mulligan", "best", "-w", "2 type:event", "-f", "json")
    assert run.code == 0, run.err
    assert run.json()["deck"] == "best" and run.json()["policy"] == "best"
    bare = cli("draw", "best", "--mulligan")
    assert bare.code == 2 and "--mulligan" in bare.err


def test_default_policy_is_none_and_said_everywhere(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    args = ("draw", KARASUNO, "-w", "2 type:event")
    without = cli(*args, "-f", "json").json()
    none = cli(*args, "--mulligan", "none", "-f", "json").json()
    assert without["policy"] == "none" and without["probability"] == none["probability"]
    assert without["probability"] < cli(*args, "--mulligan", "default", "-f", "json"
                                         ).json()["probability"]
    for output in ("rich", "text"):
        text = " ".join(cli(*args, "-f", output).out.split())
        assert "mulligan: none (the default; the game allows a partial mulligan" in text
        named = " ".join(cli(*args, "--mulligan", "best", "-f", output).out.split())
        assert "mulligan: best (partial mulligan)" in named
    assert cli("draw", KARASUNO, "--show", "1", "-f", "json").json()["policy"] == "none"
    compared = cli("draw", KARASUNO, KARASUNO, "-w", "2 type:event", "--mulligan", "best").out
    assert "mulligan: best" in compared
    megaman = " ".join(cli("draw", MEGAMAN, "-w", "LaserBlast").out.split())
    assert "mulligan: none (this game's set-up has no mulligan)" in megaman


@pytest.mark.parametrize("output", ["rich", "text"])
def test_copies_says_when_no_count_reaches_the_target(cli, output):
    run = cli("draw", MEGAMAN, "-w", "LaserBlast", "--copies", "LaserBlast=1..4", "--turns",
              "2", "-f", output)
    text = " ".join(run.out.split())
    assert "no count from 1 to 4 copies reaches 90% by turn 2" in text
    reached = cli("draw", MEGAMAN, "-w", "LaserBlast", "--copies", "LaserBlast=1..4",
                  "--turns", "2", "--target", "0.2", "-f", output)
    assert "no count" not in reached.out and "◀" in reached.out
