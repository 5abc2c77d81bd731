"""`collection` in the configuration, `check --collection` and the `not-owned` notice: shown
only when a collection is configured or given, never failing a deck, and a repository's
configuration never reads a collection outside its work tree."""

from __future__ import annotations

import os
import subprocess

import pytest

DECK = "# game: megaman\n4 CyberSword\n4 Determined\n"
BINDER = "# game: megaman\n3 CyberSword\n4 Determined\n"
ENV = {"GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent", "PATH": os.environ["PATH"]}


@pytest.fixture
def repo(tmp_path, monkeypatch):
    top = tmp_path / "repo"
    top.mkdir()
    subprocess.run(["git", "-C", str(top), "init", "-q"], check=True, env=ENV)
    (top / "deck.txt").write_text(DECK, encoding="utf-8")
    (top / "binder.txt").write_text(BINDER, encoding="utf-8")
    monkeypatch.chdir(top)
    return top


def configure(top, text):
    (top / "deckcli.toml").write_text(text, encoding="utf-8")


def notices(run):
    return [p for deck in run.json()["decks"] for p in deck["problems"]
            if p["rule"] == "not-owned"]


def test_no_collection_no_notice(cli, repo):
    run = cli("check", "deck.txt", "--format", "json")
    assert notices(run) == [] and run.code == 1  # deck-size only


def test_check_collection_notes_what_is_not_owned_and_never_fails(cli, repo):
    run = cli("check", "deck.txt", "--collection", "binder.txt", "--format", "json")
    [notice] = notices(run)
    assert notice["severity"] == "info" and notice["line"] == 2 and notice["card"] == "1C12"
    assert notice["message"] == ("CyberSword (1C12): 4 needed, the collection holds 3 — "
                                 "acquire 1")


def test_a_legal_deck_stays_legal_with_cards_missing(cli, repo):
    from conftest import SAMPLES

    deck = SAMPLES / "megaman" / "starter-megaman.toml"
    run = cli("check", deck, "--collection", "binder.txt", "--format", "json", "--strict")
    assert run.code == 0
    assert run.json()["decks"][0]["legal"] is True
    lacking = cli("own", deck, "-c", "binder.txt", "--format", "json").json()["decks"][0]
    assert [(n["card"], n["message"].rsplit(" ", 1)[-1]) for n in notices(run)] == [
        (card["card"], str(card["missing"])) for card in lacking["cards"]]
    assert len(lacking["cards"]) == 20  # every card but Determined (4 owned)


def test_configured_collection_serves_check_and_own(cli, repo):
    configure(repo, 'collection = "binder.txt"\n')
    run = cli("check", "deck.txt", "--format", "json")
    assert [n["card"] for n in notices(run)] == ["1C12"]
    own = cli("own", "deck.txt", "--format", "json")
    assert own.json()["decks"][0]["missing"] == 1 and own.code == 1
    shown = cli("config", "--format", "json").out
    assert "binder.txt" in shown


def test_configured_files_add_up_per_game(cli, repo):
    (repo / "box.csv").write_text("# game: megaman\nname,count\nCyberSword,1\n",
                                  encoding="utf-8")
    (repo / "orbs.txt").write_text("# game: orbs\n2 Forest Troll\n", encoding="utf-8")
    configure(repo, '[collection]\nmegaman = ["binder.txt", "box.csv"]\norbs = "orbs.txt"\n')
    assert notices(cli("check", "deck.txt", "--format", "json")) == []
    own = cli("own", "deck.txt", "--format", "json")  # the orbs file is for orbs decks
    assert own.code == 0, own.err
    # named relative to the working folder, as decks are (the configuration made them absolute)
    assert [c["path"] for c in own.json()["collections"]] == ["binder.txt", "box.csv"]


def test_a_configured_file_of_another_game_than_its_key(cli, repo):
    configure(repo, '[collection]\norbs = "binder.txt"\n')
    for command in (("check", "deck.txt"), ("own", "deck.txt")):
        run = cli(*command)
        assert run.code == 2
        assert "binder.txt is a collection of megaman, but" in run.err
        assert "gives it for orbs" in run.err


@pytest.mark.parametrize("written", ["../outside.txt", "/etc/hostname", "sub/../../x.txt"])
def test_a_configured_collection_outside_the_work_tree_is_refused(cli, repo, written):
    (repo.parent / "outside.txt").write_text(BINDER, encoding="utf-8")
    configure(repo, f'collection = ["{written}"]\n')
    run = cli("own", "deck.txt")
    assert run.code == 2
    assert f"collection '{written}' leads outside {repo}" in run.err
    assert "name the file with --collection" in run.err
    assert cli("check", "deck.txt").code == 2


def test_a_configured_collection_through_a_link_out_of_the_work_tree(cli, repo):
    (repo.parent / "outside.txt").write_text(BINDER, encoding="utf-8")
    (repo / "link.txt").symlink_to(repo.parent / "outside.txt")
    configure(repo, 'collection = "link.txt"\n')
    run = cli("own", "deck.txt")
    assert run.code == 2 and "through a symbolic link" in run.err


def test_isolated_reads_no_configured_collection(cli, repo):
    configure(repo, 'collection = "binder.txt"\n')
    assert notices(cli("--isolated", "check", "deck.txt", "--format", "json")) == []
    run = cli("--isolated", "own", "deck.txt")
    assert run.code == 2 and "no collection" in run.err


def test_the_command_line_collection_replaces_the_configured_one(cli, repo):
    (repo / "full.txt").write_text("# game: megaman\n4 CyberSword\n4 Determined\n",
                                   encoding="utf-8")
    configure(repo, 'collection = "binder.txt"\n')
    assert notices(cli("check", "deck.txt", "--collection", "full.txt",
                       "--format", "json")) == []


def test_select_and_ignore_take_not_owned(cli, repo):
    assert notices(cli("check", "deck.txt", "--collection", "binder.txt", "--format", "json",
                       "--ignore", "not-owned")) == []
    assert len(notices(cli("check", "deck.txt", "--collection", "binder.txt",
                           "--format", "json", "--select", "not-owned"))) == 1


def test_a_changed_collection_changes_a_cached_verdict(cli, repo):
    configure(repo, 'collection = "binder.txt"\n')
    assert len(notices(cli("check", "deck.txt", "--format", "json"))) == 1
    (repo / "binder.txt").write_text("# game: megaman\n4 CyberSword\n4 Determined\n",
                                     encoding="utf-8")
    assert notices(cli("check", "deck.txt", "--format", "json")) == []


def test_a_collection_line_naming_no_card_is_said_once_on_stderr(cli, repo):
    (repo / "binder.txt").write_text(BINDER + "1 Cyber Swordd\n", encoding="utf-8")
    run = cli("check", "deck.txt", "--collection", "binder.txt", "--format", "json")
    assert run.err.count("binder.txt:4: unknown-card:") == 1


def test_a_wrong_collection_setting_is_a_mistake(cli, repo):
    configure(repo, "collection = 3\n")
    run = cli("check", "deck.txt")
    assert run.code == 2 and "collection must be a file, a list of files" in run.err


def test_check_with_a_collection_of_another_game_is_a_usage_error(cli, repo):
    (repo / "orbs.txt").write_text("# game: orbs\n2 Forest Troll\n", encoding="utf-8")
    run = cli("check", "deck.txt", "--collection", "orbs.txt", "--format", "json")
    assert run.code == 2 and run.out == ""
    assert "orbs.txt is a collection of orbs, but the decks are megaman" in run.err


def test_a_configured_collection_of_another_game_is_for_other_decks(cli, repo):
    (repo / "orbs.txt").write_text("# game: orbs\n2 Forest Troll\n", encoding="utf-8")
    configure(repo, 'collection = ["binder.txt", "orbs.txt"]\n')
    run = cli("check", "deck.txt", "--format", "json")
    assert run.code == 1 and [n["card"] for n in notices(run)] == ["1C12"]  # deck-size fails


def test_rich_output_keeps_markup_in_names_as_text(cli, repo, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR")
    deck = repo / "[bold]deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    run = cli("own", deck, "-c", "binder.txt")
    assert "\x1b[" in run.out and "[bold]deck.txt" in run.out


def test_check_without_a_collection_imports_nothing_of_collections(tmp_path):
    """Start-up stays lean: no collection configured, no collection module loaded."""
    import json
    import sys

    from conftest import SAMPLES

    probe = ("import json, sys\nfrom deckcli.cli.app import main\ncode = main(sys.argv[1:])\n"
             "print(json.dumps([code, sorted(m for m in sys.modules if m in ("
             "'deckcli.app.collection', 'deckcli.engine.owned', 'deckcli.model.owned'))]),"
             " file=sys.stderr)\n")
    run = subprocess.run([sys.executable, "-c", probe, "check", "--no-cache", "--format",
                          "json", str(SAMPLES / "megaman" / "starter-megaman.toml")],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert json.loads(run.stderr.strip().splitlines()[-1]) == [0, []]


def test_a_file_given_for_a_game_and_naming_none_is_of_that_game(cli, repo):
    (repo / "plain.txt").write_text("3 CyberSword\n4 Determined\n", encoding="utf-8")
    configure(repo, '[collection]\nmegaman = "plain.txt"\n')
    found = cli("own", "deck.txt", "--format", "json").json()
    assert found["collections"][0]["game"] == "megaman"
    assert found["decks"][0]["missing"] == 1
