"""Which files a folder scan takes for decks: git ignores, virtualenvs, globs, content."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import SAMPLES, toml_deck

LEGAL_TOML = SAMPLES / "megaman" / "starter-megaman.toml"
LEGAL_TEXT = SAMPLES / "megaman" / "starter-torchman.txt"
ILLEGAL = SAMPLES / "megaman" / "illegal-59-cards.toml"
LICENSE = "MIT License\n\nCopyright (c) 2024 Someone\n\nPermission is hereby granted.\n"


def put(path: Path, text: str | Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, Path):
        shutil.copy(text, path)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def deck_repository(top: Path) -> Path:
    """The repository of the issue: 3 legal decks among files that are not decks."""
    subprocess.run(["git", "init", "-q", str(top)], check=True)
    put(top / "decks" / "megaman" / "starter.toml", LEGAL_TOML)
    put(top / "decks" / "megaman" / "torchman.txt", LEGAL_TEXT)
    put(top / "decks" / "haikyu" / "karasuno.toml", SAMPLES / "haikyu" / "starter-karasuno.toml")
    put(top / "LICENSE.txt", LICENSE)
    put(top / "requirements.txt", "requests>=2.31\nnumpy==1.26.4\n")
    put(top / "docs" / "README.txt", "How we keep our decks.\n")
    put(top / "env" / "pyvenv.cfg", "home = /usr/bin\n")
    put(top / "env" / "lib" / "python3.12" / "site-packages" / "x" / "LICENSE.txt", LICENSE)
    put(top / ".gitignore", "build/\n")
    put(top / "build" / "old.toml", ILLEGAL)
    put(top / "legacy" / "old.toml", ILLEGAL)
    put(top / "pyproject.toml", '[project]\nname = "decks"\n\n[tool.deckcli]\n'
        'extend-exclude = ["legacy/"]\n')
    return top


needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def deck_names(run) -> list[str]:  # noqa: ANN001 - a conftest Run
    return [Path(deck["path"]).as_posix() for deck in run.json()["decks"]]


@needs_git
def test_a_deck_repository_checks_exactly_its_decks(cli, tmp_path, monkeypatch):
    top = deck_repository(tmp_path / "repo")
    monkeypatch.chdir(top)
    run = cli("check", ".")
    assert run.code == 0, run.out
    assert "3 decks: 3 legal, 0 illegal" in run.out
    assert "4 files skipped" in run.out  # LICENSE, requirements, docs/README, pyproject.toml
    as_json = cli("check", ".", "--format", "json")
    assert deck_names(as_json) == ["decks/haikyu/karasuno.toml", "decks/megaman/starter.toml",
                                   "decks/megaman/torchman.txt"]
    assert as_json.json()["skipped"] == 4


@needs_git
def test_verbose_says_why_each_file_was_skipped(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(deck_repository(tmp_path / "repo"))
    run = cli("check", ".", "--verbose", "--format", "json")
    reasons = dict(line.removeprefix("deckcli: skipped ").split(": ", 1)
                   for line in run.err.splitlines())
    assert reasons["build/"] == "ignored by .gitignore: build/"
    assert reasons["env/"] == "a virtualenv (holds pyvenv.cfg)"
    assert reasons["legacy/"].startswith("excluded by ") and "legacy/" in reasons["legacy/"]
    assert reasons["LICENSE.txt"] == "its lines do not read as a deck list ('4 Card name')"
    assert reasons["pyproject.toml"] == "a TOML file with neither game nor [cards]"
    json.loads(run.out)  # stdout stays one JSON document


@needs_git
def test_nested_gitignore_and_info_exclude(cli, tmp_path):
    top = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(top)], check=True)
    put(top / ".git" / "info" / "exclude", "scratch.toml\n")
    put(top / "scratch.toml", ILLEGAL)
    put(top / "decks" / ".gitignore", "*.toml\n!keep.toml\n")
    put(top / "decks" / "drop.toml", ILLEGAL)
    put(top / "decks" / "keep.toml", LEGAL_TOML)
    put(top / "decks" / "sub" / "deep.toml", ILLEGAL)  # the nested *.toml reaches down
    run = cli("check", top, "--format", "json", "--verbose")
    assert [Path(name).name for name in deck_names(run)] == ["keep.toml"] and run.code == 0
    assert "ignored by .git/info/exclude: scratch.toml" in run.err
    assert "ignored by decks/.gitignore: *.toml" in run.err
    # checking the subfolder alone still applies the rules of the folders above it
    assert cli("check", top / "decks", "--format", "json").json()["skipped"] == 2


def test_gitignore_outside_a_work_tree_is_not_read(cli, tmp_path):
    put(tmp_path / ".gitignore", "*.toml\n")
    put(tmp_path / "d.toml", LEGAL_TOML)
    assert [Path(n).name for n in deck_names(cli("check", tmp_path, "-f", "json"))] == ["d.toml"]


def test_hidden_folders_node_modules_and_pycache_are_skipped(cli, tmp_path):
    for folder in (".cache", "node_modules", "__pycache__", "decks"):
        put(tmp_path / folder / "d.toml", ILLEGAL if folder != "decks" else LEGAL_TOML)
    run = cli("check", tmp_path, "--format", "json")
    assert run.code == 0 and [Path(n).parent.name for n in deck_names(run)] == ["decks"]


def test_exclude_replaces_the_defaults_and_extend_exclude_adds(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    put(tmp_path / ".hidden" / "h.toml", LEGAL_TOML)
    put(tmp_path / "old" / "o.toml", ILLEGAL)
    put(tmp_path / "decks" / "d.toml", LEGAL_TOML)
    put(tmp_path / "decks" / "d.bak.toml", ILLEGAL)
    names = deck_names(cli("check", ".", "-f", "json", "--extend-exclude", "old",
                           "--extend-exclude", "*.bak.toml"))
    assert names == ["decks/d.toml"]
    names = deck_names(cli("check", ".", "-f", "json", "--exclude", "old/"))
    assert names == [".hidden/h.toml", "decks/d.bak.toml", "decks/d.toml"]


def test_content_decides_for_text_csv_json_and_dek(cli, tmp_path):
    put(tmp_path / "list.txt", LEGAL_TEXT)
    put(tmp_path / "notes.txt", "Bring sleeves.\n")
    put(tmp_path / "prices.csv", "name,price\nAreaSteal,1.50\n")
    put(tmp_path / "deck.csv", "Count,Name\n4,AreaSteal\n")
    put(tmp_path / "package.json", '{"name": "x", "version": "1.0.0"}\n')
    put(tmp_path / "deck.json", '{"AreaSteal": 4}\n')
    put(tmp_path / "listed.json", '{"cards": [{"name": "AreaSteal", "count": 4}]}\n')
    put(tmp_path / "lackey.dek", '<deck version="0.8"><superzone name="Deck"/></deck>\n')
    put(tmp_path / "words.dek", "just words\n")
    run = cli("check", tmp_path, "--format", "json")
    assert sorted(Path(n).name for n in deck_names(run)) == [
        "deck.csv", "deck.json", "lackey.dek", "list.txt", "listed.json"]
    assert run.json()["skipped"] == 4


def test_with_game_a_text_file_that_reads_as_a_list_is_a_deck(cli, tmp_path):
    put(tmp_path / "plain.txt", "4 AreaSteal\n4 CyberSword\n")
    put(tmp_path / "LICENSE.txt", LICENSE)
    run = cli("check", tmp_path, "--game", "megaman", "--format", "json")
    assert [Path(n).name for n in deck_names(run)] == ["plain.txt"]


def test_a_folder_whose_files_are_all_skipped_has_no_decks(cli, tmp_path):
    put(tmp_path / "LICENSE.txt", LICENSE)
    run = cli("check", tmp_path, "--format", "json")
    [note] = run.json()["notes"]
    assert run.code == 1 and run.json()["decks"] == [] and note["rule"] == "no-decks"
    assert "every file there was skipped as not a deck (--verbose says why)" in note["message"]
    assert "deckcli: error: no deck files" in run.err


def test_a_file_named_is_always_checked_unless_force_exclude(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    put(tmp_path / "LICENSE.txt", LICENSE)
    put(tmp_path / "legacy" / "old.toml", ILLEGAL)
    named = cli("check", "LICENSE.txt", "--format", "json")
    assert named.code == 1 and named.json()["decks"][0]["problems"][0]["rule"] == "missing-game"
    forced = cli("check", "--force-exclude", "LICENSE.txt", "legacy/old.toml", "--format", "json",
                 "--extend-exclude", "legacy/")
    assert forced.code == 0 and forced.json() == {"decks": [], "skipped": 2, "strict": False,
                                                  "passed": True}
    assert cli("check", "legacy/old.toml", "--force-exclude", "-f", "json").code == 1


def test_toml_decks_in_a_folder_scan_are_unchanged(cli, tmp_path):
    put(tmp_path / "d.toml", toml_deck("megaman", {"1C12": 1}))
    run = cli("check", tmp_path, "--format", "json")
    assert run.code == 1 and run.json()["decks"][0]["problems"][0]["rule"] == "deck-size"


def test_an_invalid_glob_is_a_usage_error(cli, tmp_path):
    run = cli("check", tmp_path, "--exclude", "!")
    assert run.code == 2 and "--exclude: '!' is not a valid glob" in run.err


def test_fmt_of_a_folder_passes_over_files_that_are_not_toml_decks(cli, tmp_path):
    put(tmp_path / "package.json", '{"name": "x"}\n')
    put(tmp_path / "deck.json", '{"AreaSteal": 4}\n')
    put(tmp_path / "d.toml", LEGAL_TOML)
    run = cli("fmt", tmp_path, "--check")
    # the one TOML deck is looked at (the shipped samples are canonical: unchanged), no JSON
    assert run.out.endswith("0 files would be reformatted, 1 unchanged\n") and run.err == ""
    assert "json" not in run.out


@needs_git
def test_verbose_cannot_be_forged_by_a_gitignore(cli, tmp_path):
    top = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(top)], check=True)
    (top / ".gitignore").write_bytes(b"[x\x1b].toml\n")  # matches x.toml; holds an ESC
    put(top / "x.toml", LEGAL_TOML)
    put(top / "d.toml", LEGAL_TOML)
    run = cli("check", top, "--verbose", "--format", "json")
    assert run.json()["skipped"] == 1
    assert "ignored by .gitignore: [x\\x1b].toml" in run.err
    assert "\x1b" not in run.err


def test_a_json_deck_whose_first_keys_are_its_own_fields_is_a_deck(cli, tmp_path):
    put(tmp_path / "map.json", '{"game": "megaman", "name": "burn", "AreaSteal": 4}\n')
    put(tmp_path / "settings.json", '{"game": "megaman", "theme": "dark", "wide": true}\n')
    run = cli("check", tmp_path, "--format", "json")
    assert [Path(n).name for n in deck_names(run)] == ["map.json"]
    assert run.json()["skipped"] == 1


def test_a_list_that_names_no_game_is_judged_never_skipped(cli, tmp_path):
    """Named, named with --force-exclude, or found in a folder: a game-less list that reads
    as a list is judged by the game its cards name (here 8 Haikyu cards: exit 1); it is never
    '0 decks … 1 file skipped'."""
    folder = tmp_path / "decks"
    folder.mkdir()
    listed = folder / "list.txt"
    listed.write_text("4 日向 翔陽\n4 影山 飛雄\n", encoding="utf-8")
    for args in ([listed], ["--force-exclude", listed], [folder]):
        run = cli("check", *args, "--format", "json")
        assert run.code == 1, (args, run.out)
        decks = run.json()["decks"]
        assert len(decks) == 1 and decks[0]["game"] == "haikyu" and decks[0]["cards"] == 8
        rules = [problem["rule"] for problem in decks[0]["problems"]]
        assert rules[0] == "game-inferred" and "deck-size" in rules
        assert run.json()["skipped"] == 0
