"""`deckcli own` and collections against hostile files: every bad collection path has the exit
status the README gives `own` (2: a usage error, as for a missing file)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

DECK = "# game: megaman\n4 CyberSword\n"


def _deck(tmp_path: Path) -> Path:
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    return deck


def _deck_and_binder(tmp_path: Path, owned: int = 2) -> tuple[Path, Path]:
    """A deck of 4 CyberSword and a binder holding `owned` of them."""
    deck = _deck(tmp_path)
    binder = tmp_path / "binder.txt"
    binder.write_text(f"# game: megaman\n{owned} CyberSword\n", encoding="utf-8")
    return deck, binder


def test_a_folder_given_as_the_collection_is_a_usage_error_like_a_missing_file(cli, tmp_path):
    (tmp_path / "binder").mkdir()
    deck = _deck(tmp_path)
    missing = cli("own", deck, "-c", tmp_path / "nosuch.txt")
    folder = cli("own", deck, "-c", tmp_path / "binder")
    assert missing.code == folder.code == 2, folder.err
    assert f"{tmp_path / 'binder'} is a folder; name a deck file" in folder.err
    checked = cli("check", deck, "--collection", tmp_path / "binder", "-f", "text")
    assert checked.code == 2 and "is a folder" in checked.err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_given_as_the_collection_is_a_usage_error_and_never_blocks(cli, tmp_path):
    os.mkfifo(tmp_path / "binder.txt")
    deck = _deck(tmp_path)
    run = cli("own", deck, "-c", tmp_path / "binder.txt", "-f", "json")
    assert run.code == 2
    assert run.out == ""
    assert f"cannot read {tmp_path / 'binder.txt'}: not a regular file" in run.err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_given_as_the_deck_of_own_is_a_usage_error(cli, tmp_path):
    os.mkfifo(tmp_path / "deck.txt")
    binder = tmp_path / "binder.txt"
    binder.write_text(DECK, encoding="utf-8")
    run = cli("own", tmp_path / "deck.txt", "-c", binder)
    assert run.code == 2
    assert "not a regular file" in run.err


def test_one_collection_file_named_twice_is_refused_not_counted_twice(cli, tmp_path):
    """A binder named twice (as given and through a link) would double every copy it holds."""
    deck, binder = _deck_and_binder(tmp_path)
    (tmp_path / "link.txt").symlink_to(binder)
    for again in (binder, tmp_path / "link.txt"):
        run = cli("own", deck, "-c", binder, "-c", again, "-f", "json")
        assert run.code == 2, run.out
        assert run.out == ""
        assert f"is given twice as a collection (first as {binder})" in run.err
    other = tmp_path / "box.txt"
    other.write_text("# game: megaman\n2 CyberSword\n", encoding="utf-8")
    run = cli("own", deck, "-c", binder, "-c", other, "-f", "json")
    assert run.code == 0 and run.json()["decks"][0]["owned"] == 4


def test_one_deck_named_twice_is_refused_not_half_counted(cli, tmp_path):
    """Named twice, a deck was counted twice in what to acquire but once in what the decks
    compete for: a report at odds with itself. It is a usage error, as a collection file
    named twice is."""
    deck, binder = _deck_and_binder(tmp_path, owned=4)
    (tmp_path / "link.txt").symlink_to(deck)
    for again in (deck, tmp_path / "link.txt"):
        run = cli("own", deck, again, "-c", binder, "--shared", "-f", "json")
        assert run.code == 2, run.out
        assert run.out == ""
        assert f"is given twice as a deck (first as {deck})" in run.err
    copy = tmp_path / "copy.txt"
    copy.write_bytes(deck.read_bytes())  # two decks of the same cards: they compete
    found = cli("own", deck, copy, "-c", binder, "--shared", "-f", "json").json()
    assert found["to_acquire"]["total"] == 4
    assert [s["competing"] for s in found["shared"]] == [4]


def test_the_report_never_replaces_a_deck_or_the_collection(cli, tmp_path):
    """`-o binder.txt` (a slip of the shell's history) would have replaced a player's
    binder with the list of cards to acquire."""
    deck, binder = _deck_and_binder(tmp_path)
    (tmp_path / "link.txt").symlink_to(binder)
    for output in (binder, deck, tmp_path / "link.txt"):
        for shape in ("list", "json"):
            run = cli("own", deck, "-c", binder, "-f", shape, "-o", output)
            assert run.code == 2, run.err
            assert f"--output {output} is a file own reads" in run.err
    assert binder.read_text(encoding="utf-8") == "# game: megaman\n2 CyberSword\n"
    assert deck.read_text(encoding="utf-8") == "# game: megaman\n4 CyberSword\n"
    wants = tmp_path / "wants.txt"
    assert cli("own", deck, "-c", binder, "-f", "list", "-o", wants).code == 1
    assert "2 CyberSword" in wants.read_text(encoding="utf-8")
