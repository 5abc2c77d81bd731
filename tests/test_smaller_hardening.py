"""Issue 22, item 14: the smaller findings, one test each, as the attack was written."""

from __future__ import annotations

import errno
import os
import shutil

import pytest

from conftest import SAMPLES, toml_deck

LEGAL = SAMPLES / "megaman" / "starter-megaman.toml"


def test_an_empty_toml_in_a_scan_is_not_a_deck(cli, tmp_path):
    shutil.copy(LEGAL, tmp_path / "deck.toml")
    (tmp_path / "deckcli.toml").write_bytes(b"")
    (tmp_path / "notes.toml").write_bytes(b"")
    run = cli("check", tmp_path, "--format", "json", "--verbose")
    assert run.code == 0, run.out
    assert [deck["path"] for deck in run.json()["decks"]] == [str(tmp_path / "deck.toml")]
    assert f"skipped {tmp_path / 'notes.toml'}: an empty TOML file" in run.err
    named = cli("check", tmp_path / "notes.toml", "--format", "json")
    assert named.code == 1 and named.json()["decks"][0]["problems"][0]["rule"] == "empty-file"


@pytest.fixture
def locked_subfolder(tmp_path, monkeypatch):
    """A folder with a legal deck and a sub-folder that cannot be listed (as root too)."""
    shutil.copy(LEGAL, tmp_path / "a-deck.toml")
    (tmp_path / "locked").mkdir()
    real = os.scandir

    def scandir(path="."):  # noqa: ANN001, ANN202 - os.scandir's own signature
        if os.fspath(path).endswith("locked"):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    return tmp_path


def test_an_unreadable_subfolder_is_reported_as_itself(cli, locked_subfolder):
    run = cli("check", locked_subfolder, "--format", "json")
    assert run.code == 1
    decks = {deck["path"]: deck for deck in run.json()["decks"]}
    assert decks[str(locked_subfolder / "a-deck.toml")]["problems"] == []  # not blamed
    [problem] = decks[str(locked_subfolder / "locked")]["problems"]
    assert (problem["rule"], problem["message"]) == (
        "unreadable", "cannot list this folder: Permission denied")
    fmt = cli("fmt", "--check", locked_subfolder)
    assert fmt.code == 1
    assert f"{locked_subfolder / 'locked'}: cannot list this folder" in fmt.err


def test_fmt_on_a_folder_without_decks_exits_like_check(cli, tmp_path):
    (tmp_path / "README.md").write_text("no decks here\n", encoding="utf-8")
    checked, formatted = cli("check", tmp_path), cli("fmt", tmp_path)
    assert checked.code == formatted.code == 1
    assert f"no deck files (*.toml, *.txt, *.list, *.dek, *.csv, *.json) under {tmp_path}" \
        in formatted.err


def test_a_file_name_too_long_for_a_lock_or_temp_file_still_edits(cli, tmp_path):
    deck = tmp_path / ("d" * 245 + ".toml")  # 250 bytes: ".NAME.lock" would be 256
    shutil.copy(LEGAL, deck)
    assert cli("add", deck, "AreaSteal").code == 0
    assert cli("remove", deck, "AreaSteal").code == 0
    assert cli("fmt", deck).code == 0
    report = tmp_path / ("r" * 250 + ".json")
    assert cli("check", deck, "-f", "json", "-o", report).code == 0 and report.is_file()
    assert sorted(os.listdir(tmp_path)) == sorted([deck.name, report.name])  # nothing left


def test_markdown_neutralises_autolinks_and_mentions(cli, tmp_path, monkeypatch):
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    deck = tmp_path / "deck.toml"
    deck.write_text(toml_deck("megaman", {"https://evil.example/x": 1, "www.evil.example": 1,
                                          "ping @octocat": 1, "me@example.com": 1}),
                    encoding="utf-8")
    run = cli("check", deck, "--format", "markdown")
    assert cli("check", deck).code == 1  # github format, and the summary appended
    for text in (run.out, summary.read_text(encoding="utf-8")):
        assert "https\u2060://evil.example/x" in text and "www\u2060.evil.example" in text
        assert "@\u2060octocat" in text and "me@\u2060example.com" in text
        assert not any(found in text for found in ("https://evil", "www.evil", "@octocat",
                                                   "@example.com"))


def test_an_unwritable_step_summary_fails_the_run(cli, tmp_path, monkeypatch):
    summary = tmp_path / "no-such-folder" / "summary.md"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    run = cli("check", LEGAL)
    assert run.code == 2
    assert "deckcli: 1 deck, 1 legal, 0 illegal" in run.out  # the report came out first
    assert (f"deckcli: error: cannot append the summary to $GITHUB_STEP_SUMMARY ({summary}): "
            "No such file or directory") in run.err
