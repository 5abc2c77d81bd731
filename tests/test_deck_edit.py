"""`deckcli add` / `remove`: edits keep every other byte, and a failed edit changes nothing."""

from __future__ import annotations

import codecs
import errno
import os
import shutil
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import SAMPLES

DATA = Path(__file__).parent / "data" / "decks"
COMMENTED = (DATA / "commented-megaman.toml").read_bytes()


def variants() -> dict[str, bytes]:
    """The commented deck as LF, CRLF, CRLF with a BOM, and without a final newline."""
    crlf = COMMENTED.replace(b"\n", b"\r\n")
    return {"lf": COMMENTED, "crlf": crlf, "bom-crlf": codecs.BOM_UTF8 + crlf,
            "open-end": COMMENTED.rstrip(b"\n")}


@pytest.fixture(params=sorted(variants()))
def commented_deck(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    path = tmp_path / "deck.toml"
    path.write_bytes(variants()[request.param])
    return path


@pytest.fixture
def sample_copy(tmp_path: Path):
    """sample_copy("megaman/x.toml") -> a copy of that sample deck to edit."""

    def copy(name: str) -> Path:
        return Path(shutil.copy(SAMPLES / name, tmp_path / Path(name).name))

    return copy


def changed_lines(before: bytes, after: bytes) -> list[tuple[bytes, bytes]]:
    pairs = zip(before.splitlines(keepends=True), after.splitlines(keepends=True), strict=False)
    return [(old, new) for old, new in pairs if old != new]


def test_add_then_remove_returns_the_original_bytes(cli, commented_deck):
    original = commented_deck.read_bytes()
    steps = [("add", "1C73"), ("add", "CyberSword", "2"), ("add", "Power Pastries"),
             ("remove", "Worthy Opponent"), ("remove", "1C12", "2"), ("remove", "1C59")]
    for step in steps:
        run = cli(step[0], commented_deck, *step[1:])
        assert run.code == 0, run.err
    assert commented_deck.read_bytes() == original


def test_add_changes_only_the_entry_line(cli, commented_deck):
    original = commented_deck.read_bytes()
    run = cli("add", commented_deck, "1C73")  # written as "\u0057orthy Opponent" in the file
    assert run.code == 0
    assert run.out == "Worthy Opponent (1C73): 3 → 4 · 61 cards · illegal: deck-size\n"
    [(old, new)] = changed_lines(original, commented_deck.read_bytes())
    assert old.replace(b"= 3", b"= 4") == new
    assert len(commented_deck.read_bytes()) == len(original)


def test_new_entry_goes_at_the_end_of_cards_with_the_canonical_name(cli, commented_deck):
    original = commented_deck.read_bytes()
    newline = b"\r\n" if b"\r\n" in original else b"\n"
    assert cli("add", commented_deck, "1c12", "2").code == 0
    assert cli("add", commented_deck, "fish ON the brain").code == 0
    text = commented_deck.read_bytes()
    cards, notes = text.split(b"[notes]")
    assert cards.endswith(b"# total: 60 cards" + newline + b"CyberSword = 2" + newline
                          + b'"Fish on the Brain" = 1' + newline + newline)
    assert notes == original.split(b"[notes]")[1]


def test_removing_the_last_copy_removes_the_line(cli, commented_deck):
    run = cli("remove", commented_deck, "MegaMan, NetWarrior")
    assert run.code == 0
    assert run.out.startswith("MegaMan, NetWarrior (1St101): 1 → 0 · 59 cards · illegal:")
    assert b"1St101" not in commented_deck.read_bytes()
    assert b"# MegaMan, NetWarrior" not in commented_deck.read_bytes()


def test_japanese_name_entry_is_edited_when_adding_by_number(cli, sample_copy):
    path = sample_copy("digimon-classic/example-japanese-names.toml")
    original = path.read_bytes()
    run = cli("add", path, "St-1")
    assert run.code == 0
    assert run.out.startswith("Agumon (St-1): 3 → 4 · 31 cards · illegal: deck-size, copies")
    [(old, new)] = changed_lines(original, path.read_bytes())
    assert old.startswith('"アグモン" = 3'.encode()) and new.startswith('"アグモン" = 4'.encode())
    assert cli("remove", path, "agumon").code == 0
    assert path.read_bytes() == original


def test_unknown_card_is_refused_with_suggestions_and_the_file_untouched(cli, commented_deck):
    original = commented_deck.read_bytes()
    run = cli("add", commented_deck, "Cyber Swordd")
    assert run.code == 2 and run.out == ""
    assert run.err.count("\n") == 1
    assert "did you mean CyberSword (1C12)" in run.err
    assert commented_deck.read_bytes() == original
    assert os.listdir(commented_deck.parent) == ["deck.toml"]


def test_ambiguous_card_is_refused(cli, sample_copy):
    path = sample_copy("digi-battle/ccgreplays-biyomon-deck.toml")
    original = path.read_bytes()
    run = cli("add", path, "Togemon")
    assert run.code == 2
    assert "names 2 cards that differ" in run.err and "write the card number" in run.err
    assert path.read_bytes() == original


def test_disk_error_leaves_the_file_unchanged(cli, commented_deck, monkeypatch):
    original = commented_deck.read_bytes()

    def full_disk(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    run = cli("add", commented_deck, "CyberSword")
    assert run.code == 1
    assert run.err == (f"deckcli: error: cannot write {commented_deck}: No space left on device;"
                       " the file is unchanged\n")
    assert commented_deck.read_bytes() == original
    assert os.listdir(commented_deck.parent) == ["deck.toml"]


def test_edit_keeps_the_file_mode(cli, commented_deck):
    commented_deck.chmod(0o640)
    assert cli("add", commented_deck, "CyberSword").code == 0
    assert stat.S_IMODE(commented_deck.stat().st_mode) == 0o640


@pytest.mark.parametrize(("args", "code", "message"), [
    (("remove", "CyberSword"), 1, "CyberSword (1C12) is not in the deck; nothing to remove"),
    (("remove", "AreaSteal", "5"), 1, "the deck holds 4 × AreaSteal (1C8); remove at most 4"),
    (("remove", "AreaSteal", "2", "--all"), 2, "give COUNT or --all, not both"),
    (("add", "AreaSteal", "0"), 2, "COUNT must be a whole number of 1 or more, not '0'"),
])
def test_refused_edits_change_nothing(cli, commented_deck, args, code, message):
    original = commented_deck.read_bytes()
    run = cli(args[0], commented_deck, *args[1:])
    assert run.code == code
    assert message in run.err
    assert commented_deck.read_bytes() == original


def test_remove_all_and_an_entry_that_names_no_card(cli, write_deck):
    path = write_deck("typo.toml", 'game = "megaman"\n[cards]\n"Cyber Swordd" = 2\nAreaSteal = 4\n')
    assert cli("remove", path, "AreaSteal", "--all").code == 0
    run = cli("remove", path, "cyber swordd", "--all")
    assert run.code == 0 and run.out.startswith("'cyber swordd': 2 → 0 · 0 cards")
    assert path.read_text() == 'game = "megaman"\n[cards]\n'


def test_add_to_a_cards_table_continued_after_another_table(cli, write_deck):
    """tomlkit reads such a [cards] as a proxy without `add`: this was an internal error."""
    text = '"1St101" = 1\n[extra]\nnote = "x"\n[cards.more]\n'
    path = write_deck("split.toml", 'game = "megaman"\n[cards]\n' + text)
    run = cli("add", path, "1C53", "2")
    assert run.code == 0 and "It's Not Over Yet (1C53): 0 → 2" in run.out, run.err
    added = '"It\'s Not Over Yet" = 2\n'
    assert path.read_text() == 'game = "megaman"\n[cards]\n"1St101" = 1\n' + added + text[13:]


def test_a_deck_whose_game_nothing_names_is_refused(cli, write_deck):
    path = write_deck("nogame.toml", "[cards]\n\"No Such Card\" = 4\n")
    run = cli("add", path, "AreaSteal")
    assert run.code == 1 and "which game is this deck for? no game knows its cards" in run.err
    assert 'add game = "<id>"' in run.err


def test_a_deck_without_a_game_is_edited_as_its_cards_say(cli, write_deck):
    path = write_deck("nogame.toml", "[cards]\nAreaSteal = 3\n")
    run = cli("add", path, "AreaSteal")
    assert run.code == 0 and "3 → 4" in run.out
    assert path.read_text() == "[cards]\nAreaSteal = 4\n"  # no game line written for it


def test_invalid_toml_is_refused_unchanged(cli, write_deck):
    path = write_deck("broken.toml", 'game = "megaman"\n[cards\n')
    original = path.read_bytes()
    run = cli("add", path, "AreaSteal")
    assert run.code == 1 and "invalid TOML" in run.err
    assert path.read_bytes() == original


TEXT_LIST = ("# game: megaman\n4x AreaSteal\nGuard1 x3 // a note\n\nBattleChips:\n"
             "  2 Cancelled   # alias of Canceled\n1 MegaMan, NetWarrior")


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_text_list_edits_keep_the_other_lines(cli, tmp_path, newline):
    path = tmp_path / "deck.txt"
    original = TEXT_LIST.replace("\n", newline).encode()
    path.write_bytes(original)
    assert cli("add", path, "1C21").out.startswith("Canceled (1C21): 2 → 3 ·")
    assert cli("add", path, "Guard1").code == 0
    assert cli("add", path, "AreaSteal", "2").code == 0
    assert cli("add", path, "CyberSword", "3").code == 0
    expected = ("# game: megaman\n6x AreaSteal\nGuard1 x4 // a note\n\nBattleChips:\n"
                "  3 Cancelled   # alias of Canceled\n1 MegaMan, NetWarrior\n3 CyberSword")
    assert path.read_bytes() == expected.replace("\n", newline).encode()
    for args in (("Canceled",), ("Guard1",), ("1C8", "2"), ("CyberSword", "--all")):
        assert cli("remove", path, *args).code == 0
    assert path.read_bytes() == original


EDIT_REFS = ["1C73", "Power Pastries", "strength under pressure", "1St101", "CyberSword",
             "Guard1", "Fish on the Brain"]


@pytest.mark.slow
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.sampled_from(EDIT_REFS), st.integers(1, 3)), max_size=6),
       variant=st.sampled_from(sorted(variants())))
def test_any_adds_undone_by_removes_give_back_the_bytes(tmp_path, steps, variant):
    from deckcli.app.opendeck import load_deck
    from deckcli.app.settings import Settings
    from deckcli.formats.edit import apply_edit, plan_add, plan_remove
    from deckcli.pools.registry import PoolRegistry

    registry = PoolRegistry([])
    path = tmp_path / f"{variant}.toml"
    path.write_bytes(variants()[variant])

    def edit(ref: str, count: int) -> None:
        loaded = load_deck(path, Settings(), registry)
        card = loaded.card(ref)
        entries = loaded.entries_for(card)
        plan = (plan_add(entries, loaded.resolver.spelling(card), count) if count > 0
                else plan_remove(entries, -count, card.label()))
        path.write_bytes(apply_edit(loaded.data, loaded.deck, plan))

    for ref, count in steps:
        edit(ref, count)
    for ref, count in reversed(steps):
        edit(ref, -count)
    assert path.read_bytes() == variants()[variant]
