"""`deckcli check --fix / --unsafe-fixes / --diff`: each fix of issue 35 applied to real decks,
the bytes on disk, exit codes, the JSON `fix` field, the configuration keys, and files that
cannot be fixed (read-only, a link out of the repository, changed while fixing)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from conftest import SAMPLES

MEGA = 'game = "megaman"\n\n[cards]\n'


def fixed(cli, path: Path, *options: str) -> tuple[int, str, str]:
    run = cli("check", path, "--fix", *options)
    return run.code, path.read_text(encoding="utf-8"), run.out + run.err


def problems(cli, path: Path, *options: str) -> list[dict]:
    run = cli("check", path, "--format", "json", *options)
    [deck] = run.json()["decks"]
    return deck["problems"]


# -- safe fixes ---------------------------------------------------------------------------


def test_spellings_are_written_as_the_pool_writes_them(cli, write_deck):
    deck = write_deck("d.toml", MEGA + '"areasteal" = 4  # case\n"ＣｙｂｅｒＳｗｏｒｄ" = 4\n'
                      '"Cyber  Sword" = 0\n"That’s Too Easy" = 1\n# the end\n')
    deck.write_text(deck.read_text(encoding="utf-8").replace('"Cyber  Sword" = 0\n', ""),
                    encoding="utf-8")
    code, text, out = fixed(cli, deck)
    assert text == MEGA + ('"AreaSteal" = 4  # case\n"CyberSword" = 4\n'
                           '"That\'s Too Easy" = 1\n# the end\n')
    assert "Fixed 3 problems" in out
    assert code == 1  # still 9 cards: the deck-size error is left and reported
    assert "deck-size" in out


def test_spacing_is_fixed_in_a_text_list_and_its_count_and_comment_kept(cli, write_deck):
    deck = write_deck("d.txt", "# game: megaman\r\n4 Cyber  Sword   # main\r\nArea Steal x2\r\n")
    fixed(cli, deck)
    assert deck.read_bytes() == b"# game: megaman\r\n4 CyberSword   # main\r\nAreaSteal x2\r\n"


def test_a_name_in_another_language_is_kept_in_that_language(cli, write_deck):
    deck = write_deck("d.toml", 'game = "digimon-classic"\n[cards]\n"ｱｸﾞﾓﾝ" = 3\n'
                      '"agumon" = 0\n'.replace('"agumon" = 0\n', ""))
    fixed(cli, deck)
    assert deck.read_text(encoding="utf-8") == 'game = "digimon-classic"\n[cards]\n"アグモン" = 3\n'


def test_a_card_number_is_put_in_the_pools_form(cli, write_deck):
    deck = write_deck("d.txt", "# game: megaman\n4 1c8\n")
    assert [p["rule"] for p in problems(cli, deck, "--select", "number-form")] == ["number-form"]
    fixed(cli, deck)
    assert deck.read_text(encoding="utf-8") == "# game: megaman\n4 1C8\n"


def test_two_entries_of_one_card_are_merged_into_the_first(cli, write_deck):
    deck = write_deck("d.toml", MEGA + '1C8 = 2  # first\n"1C12" = 4\nAreaSteal = 1\n')
    fixed(cli, deck)
    assert deck.read_text(encoding="utf-8") == MEGA + '1C8 = 3  # first\n"1C12" = 4\n'
    listed = write_deck("l.txt", "# game: megaman\n2 AreaSteal\n4 CyberSword\n1 AreaSteal\n")
    fixed(cli, listed)
    assert listed.read_text(encoding="utf-8") == "# game: megaman\n3 AreaSteal\n4 CyberSword\n"


def test_a_merge_of_the_last_line_keeps_a_file_of_mixed_line_endings_open_ended(
        cli, write_deck):
    """The last line has no ending and the lines before it end in CRLF while the first ends
    in LF: the merge takes the whole CRLF before the removed line (a lone CR left behind
    made the fix not read back, so it was never offered)."""
    deck = write_deck("d.toml", 'game = "megaman"\n\r\n[cards]\r\n"CyberSword" = 2\r\n'
                                '"AreaSteal" = 1\r\n"cybersword" = 1')
    fixed(cli, deck)
    assert deck.read_bytes() == (b'game = "megaman"\n\r\n[cards]\r\n"CyberSword" = 3\r\n'
                                 b'"AreaSteal" = 1')


def test_the_game_line_is_written_when_the_game_was_inferred(cli, write_deck):
    torch = (SAMPLES / "megaman" / "starter-torchman.txt").read_text(encoding="utf-8")
    deck = write_deck("torch.txt", torch.replace("# game: megaman\n", ""))
    assert [p["rule"] for p in problems(cli, deck)] == ["game-inferred"]
    code, text, out = fixed(cli, deck, "--ignore", "card-spelling")  # "Fire it Up" stays
    assert text == "# game: megaman\n" + torch.replace("# game: megaman\n", "")
    assert code == 0 and "game-inferred" not in out and "Fixed 1 problem " in out


def test_safe_fixes_leave_unsafe_ones_and_say_how_many(cli):
    deck_text = (SAMPLES / "megaman" / "illegal-five-copies.toml").read_text(encoding="utf-8")
    path = Path(os.environ["DECKCLI_CACHE"]).parent / "five.toml"
    path.write_text(deck_text, encoding="utf-8")
    code, text, out = fixed(cli, path)
    assert text == deck_text and code == 1
    assert "Fixed 0 problems (files changed: 0). 1 more can be fixed with --unsafe-fixes." in out


# -- unsafe fixes -------------------------------------------------------------------------


def test_copies_over_the_cap_are_cut_from_the_last_line(cli, write_deck):
    deck = write_deck("d.toml", MEGA + '1C8 = 3\n"1C12" = 4\nAreaSteal = 0\n'.replace(
        "AreaSteal = 0\n", '"AreaSteal" = 3  # more\n'))
    before = deck.read_text(encoding="utf-8")
    code, text, _ = fixed(cli, deck)  # safe only: the duplicate is merged, nothing cut
    assert text == MEGA + '1C8 = 6\n"1C12" = 4\n'
    deck.write_text(before, encoding="utf-8")
    run = cli("check", deck, "--unsafe-fixes")  # given alone, it fixes as --fix does
    text, out = deck.read_text(encoding="utf-8"), run.out
    assert text == MEGA + '1C8 = 4\n"1C12" = 4\n'  # merged, then 2 cut
    assert "error   copies" not in out
    listed = write_deck("l.txt", "# game: megaman\n3 AreaSteal\n4 CyberSword\n3 1C8 # b\n")
    fixed(cli, listed, "--unsafe-fixes", "--ignore", "duplicate-card")
    assert listed.read_text(encoding="utf-8") == (
        "# game: megaman\n3 AreaSteal\n4 CyberSword\n1 1C8 # b\n")


def test_an_unknown_name_takes_its_one_clearly_best_guess(cli, write_deck):
    deck = write_deck("d.txt", "# game: megaman\n4 Power Pastriez\n4 Zzyzx\n")
    [typo, nonsense, *_] = problems(cli, deck)
    assert typo["fix"]["applicability"] == "unsafe" and nonsense["fix"] is None
    assert typo["fix"]["title"] == "Replace Power Pastriez with Power Pastries (1C59)"
    fixed(cli, deck)
    assert deck.read_text(encoding="utf-8").startswith("# game: megaman\n4 Power Pastriez\n")
    fixed(cli, deck, "--unsafe-fixes")
    assert deck.read_text(encoding="utf-8") == "# game: megaman\n4 Power Pastries\n4 Zzyzx\n"


def test_a_card_out_of_the_format_is_removed(cli, write_deck):
    deck = write_deck("d.toml", 'game = "orbs"\nformat = "constructed"\n[cards]\n'
                      '"Forest Troll" = 4\n"Ghoul Lord" = 2  # old era\n"Fireblazer" = 4\n')
    [problem] = [p for p in problems(cli, deck) if p["rule"] == "card-pool"]
    assert problem["fix"]["applicability"] == "unsafe"
    fixed(cli, deck, "--unsafe-fixes")
    assert deck.read_text(encoding="utf-8") == ('game = "orbs"\nformat = "constructed"\n'
                                                '[cards]\n"Forest Troll" = 4\n'
                                                '"Fireblazer" = 4\n')


# -- display-only fixes -------------------------------------------------------------------


def test_an_ambiguous_name_offers_one_choice_per_reading_and_none_is_applied(cli, write_deck):
    deck = write_deck("d.txt", "# game: digi-battle\n1 Togemon\n")
    [found] = [p for p in problems(cli, deck) if p["rule"] == "ambiguous-card"]
    fix = found["fix"]
    assert fix["applicability"] == "display-only" and fix["edits"] == []
    assert sorted(choice["edits"][0]["text"] for choice in fix["choices"]) == ["BO-84", "ST-10"]
    fixed(cli, deck, "--unsafe-fixes")
    assert deck.read_text(encoding="utf-8") == "# game: digi-battle\n1 Togemon\n"


def test_a_deck_over_its_size_leaves_the_cut_to_the_player(cli, write_deck):
    deck = write_deck("d.toml", MEGA + "1C8 = 4\n" + "".join(
        f'"1C{n}" = 4\n' for n in range(12, 27)) + '"1St101" = 1\n')
    [size] = [p for p in problems(cli, deck) if p["rule"] == "deck-size"]
    assert size["fix"] == {"applicability": "display-only", "title":
                           "Cut 5 cards of your choice", "edits": []}


# -- --diff, JSON, configuration ----------------------------------------------------------


def test_diff_prints_the_change_writes_nothing_and_exits_1(cli, write_deck):
    deck = write_deck("d.toml", MEGA + '"areasteal" = 4\n')
    before = deck.read_bytes()
    run = cli("check", deck, "--diff")
    assert run.code == 1 and deck.read_bytes() == before
    assert run.out.splitlines()[2:] == ["@@ -1,4 +1,4 @@", ' game = "megaman"', " ",
                                        " [cards]", '-"areasteal" = 4', '+"AreaSteal" = 4']
    assert run.out.startswith(f"--- a/{deck}\n+++ b/{deck}\n")
    assert "Would fix 1 problem" in run.err
    clean = write_deck("c.toml", MEGA + "AreaSteal = 4\n")
    again = cli("check", clean, "--diff")
    assert again.code == 0 and again.out == ""


def test_json_carries_each_problems_fix(cli, write_deck):
    deck = write_deck("d.toml", MEGA + '"1C8" = 2\nAreaSteal = 2\n')
    [dup] = [p for p in problems(cli, deck) if p["rule"] == "duplicate-card"]
    assert dup["fix"] == {"applicability": "safe", "title": "Merge AreaSteal into the line of 1C8",
                          "edits": [{"line": 4, "column": 9, "end_line": 5, "end_column": 14,
                                     "text": "4"}]}
    # under the size: what to add is the player's to choose, and no fix is offered
    assert [p["fix"] for p in problems(cli, deck) if p["rule"] == "deck-size"] == [None]


def test_the_configuration_turns_fixes_on_and_flags_turn_them_off(cli, tmp_path, monkeypatch):
    (tmp_path / "deckcli.toml").write_text("fix = true\nunsafe-fixes = true\n", encoding="utf-8")
    deck = tmp_path / "d.txt"
    deck.write_text("# game: megaman\n5 areasteal\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    cli("check", "d.txt", "--no-fix")
    assert deck.read_text(encoding="utf-8") == "# game: megaman\n5 areasteal\n"
    cli("check", "d.txt", "--no-unsafe-fixes")
    assert deck.read_text(encoding="utf-8") == "# game: megaman\n5 AreaSteal\n"
    cli("check", "d.txt")
    assert deck.read_text(encoding="utf-8") == "# game: megaman\n4 AreaSteal\n"
    shown = cli("config", "--format", "json").json()
    assert shown["fix"]["value"] is True and shown["unsafe-fixes"]["value"] is True
    (tmp_path / "deckcli.toml").write_text('fix = "yes"\n', encoding="utf-8")
    bad = cli("check", "d.txt")
    assert bad.code == 2 and "fix must be true or false" in bad.err


def test_a_format_not_edited_in_place_says_so_per_file(cli, write_deck):
    deck = write_deck("d.csv", "game,megaman\nname,count\nareasteal,4\n")
    before = deck.read_bytes()
    run = cli("check", deck, "--fix", "--select", "card-spelling")
    assert deck.read_bytes() == before
    assert "CSV lists are not edited in place" in run.err and run.code == 0


# -- files that cannot be fixed -----------------------------------------------------------


@pytest.mark.skipif(os.name != "posix", reason="file modes")
def test_a_read_only_deck_is_not_written_and_says_why(cli, write_deck):
    deck = write_deck("d.toml", MEGA + '"areasteal" = 4\n')
    deck.chmod(0o444)
    before = deck.read_bytes()
    run = cli("check", deck, "--fix")
    assert deck.read_bytes() == before and run.code == 1
    assert "read-only" in run.err and "not fixed" in run.err


def test_a_link_leaving_the_repository_is_not_fixed(cli, tmp_path, monkeypatch):
    outside = tmp_path / "outside.toml"
    outside.write_text(MEGA + '"areasteal" = 4\n', encoding="utf-8")
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "decks").mkdir()
    (repo / "decks" / "link.toml").symlink_to(outside)
    monkeypatch.chdir(repo)
    named = cli("check", "decks/link.toml", "--fix")
    assert named.code == 2 and "leads outside the git work tree" in named.err
    scanned = cli("check", "decks", "--fix")  # a folder scan does not follow it out
    assert scanned.code == 1 and "Fixed 0 problems" in scanned.out
    assert outside.read_text(encoding="utf-8") == MEGA + '"areasteal" = 4\n'
    assert (repo / "decks" / "link.toml").is_symlink()


def test_a_file_changed_while_fixing_is_left_as_the_other_program_wrote_it(
        cli, write_deck, monkeypatch):
    from deckcli.app import fixing
    from deckcli.cli import fix_run

    deck = write_deck("d.toml", MEGA + '"areasteal" = 4\n')
    real = fixing.fix_target

    def meanwhile(*args, **kwargs):
        result = real(*args, **kwargs)
        deck.write_text(MEGA + '"AreaSteal" = 3  # edited elsewhere\n', encoding="utf-8")
        return result

    monkeypatch.setattr(fix_run, "fix_target", meanwhile)
    run = cli("check", deck, "--fix")
    assert deck.read_text(encoding="utf-8") == MEGA + '"AreaSteal" = 3  # edited elsewhere\n'
    assert "changed on disk" in run.err and run.code == 1


def test_the_report_schema_describes_the_fix_of_each_problem(cli, write_deck):
    schema = cli("schema", "report").json()
    fix = schema["$defs"]["fix"]
    assert fix["properties"]["applicability"]["enum"] == ["safe", "unsafe", "display-only"]
    problem = schema["properties"]["decks"]["items"]["properties"]["problems"]["items"]
    deck = write_deck("d.toml", MEGA + '"1C8" = 2\nAreaSteal = 2\n"Powr Pastries" = 1\n')
    for found in problems(cli, deck):
        assert set(problem["required"]) <= set(found) <= set(problem["properties"])
        if found["fix"] is not None:
            assert set(fix["required"]) <= set(found["fix"]) <= set(fix["properties"])
            for edit in found["fix"]["edits"]:
                assert set(edit) == set(fix["properties"]["edits"]["items"]["required"])


def test_fix_twice_is_fix_once_on_disk(cli, write_deck):
    deck = write_deck("d.txt", "\ufeff# game: megaman\r\n2 areasteal\r\n// keep\r\n3 1c8\r\n"
                      "5 cyber sword\r\n4 Powr Pastries")
    cli("check", deck, "--fix", "--unsafe-fixes")
    once = deck.read_bytes()
    assert once == ("\ufeff# game: megaman\r\n4 AreaSteal\r\n// keep\r\n4 CyberSword\r\n"
                    "4 Power Pastries").encode("utf-8")
    run = cli("check", deck, "--fix", "--unsafe-fixes")
    assert deck.read_bytes() == once and "Fixed 0 problems" in run.out


def test_an_unreadable_deck_is_reported_and_left_as_it_is(cli, write_deck):
    deck = write_deck("d.toml", "")
    deck.write_bytes(b'game = "megaman"\n[cards]\n"\xff" = 1\n')
    run = cli("check", deck, "--fix")
    assert run.code == 1 and "encoding" in run.out and "Fixed 0 problems" in run.out
    assert deck.read_bytes() == b'game = "megaman"\n[cards]\n"\xff" = 1\n'
