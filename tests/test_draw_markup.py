"""`draw` prints deck names, paths and card names as written: rich markup in a file is text."""

from __future__ import annotations

from conftest import SAMPLES

NAME = "Burn [v2] [/] [link=https://example.invalid]x[/link] [bold red]"


def hostile_deck(tmp_path):
    folder = tmp_path / "[old]"
    folder.mkdir()
    text = (SAMPLES / "haikyu" / "starter-karasuno.toml").read_text(encoding="utf-8")
    lines = [f'name = "{NAME}"' if line.startswith("name = ") else line
             for line in text.splitlines()]
    deck = folder / "deck.toml"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return deck


def test_a_deck_name_with_markup_prints_as_written(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    deck = hostile_deck(tmp_path)
    run = cli("draw", deck, "-w", "type:event", "--turns", "2")
    assert run.code == 0, run.err
    assert NAME in run.out and "\x1b]8;" not in run.out  # no live hyperlink


def test_a_folder_with_brackets_and_a_name_with_markup_in_a_comparison(cli, tmp_path,
                                                                       monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    deck = hostile_deck(tmp_path)
    run = cli("draw", deck, SAMPLES / "haikyu" / "starter-karasuno.toml", "-w", "type:event",
              "--turns", "2")
    assert run.code == 0, run.err
    assert f"1. {NAME} ({deck})" in run.out
