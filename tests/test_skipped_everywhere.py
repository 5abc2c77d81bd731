"""A file a scan passes over is named, with why, in every output format: the text summary,
JSON `skipped`, a GitHub `::notice`, the Markdown step summary, SARIF
`toolExecutionNotifications` and JUnit `skipped` test cases."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET

import pytest

from conftest import SAMPLES

LEGAL = SAMPLES / "megaman" / "starter-megaman.toml"


@pytest.fixture
def folder(tmp_path):
    shutil.copy(LEGAL, tmp_path / "deck.toml")
    (tmp_path / "notes.txt").write_text("Decks to try next season.\nAsk about prices.\n")
    (tmp_path / "prices.csv").write_text("card,price\nCyberSword,3\n")
    (tmp_path / "settings.json").write_text('{"theme": "dark"}\n')
    return tmp_path


SKIPPED = ("notes.txt", "prices.csv", "settings.json")


def test_json_and_text_count_them(cli, folder):
    run = cli("check", folder, "--format", "json")
    assert run.code == 0 and run.json()["skipped"] == 3
    text = cli("check", folder, "--format", "text").out.splitlines()
    assert len(text) == 3 and all(": [skipped] " in line for line in text)


def test_github_lists_them_in_one_notice(cli, folder):
    run = cli("check", folder, "--format", "github")
    assert run.code == 0
    [notice] = [line for line in run.out.splitlines() if line.startswith("::notice")]
    assert "title=deckcli%3A 3 files skipped" in notice
    assert all(name in notice for name in SKIPPED)
    assert "not a deck" in notice or "header" in notice


def test_markdown_lists_them_with_why(cli, folder):
    out = cli("check", folder, "--format", "markdown").out
    assert "## Not checked" in out and "3 files skipped" in out
    listed = [line for line in out.splitlines() if line.startswith("- ") and "—" in line]
    assert len(listed) == 3 and all(any(name in line for line in listed) for name in SKIPPED)


def test_sarif_has_a_notification_per_file(cli, folder):
    log = json.loads(cli("check", folder, "--format", "sarif").out)
    [invocation] = log["runs"][0]["invocations"]
    notes = invocation["toolExecutionNotifications"]
    uris = sorted(note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                  .rsplit("/", 1)[-1] for note in notes)
    assert uris == sorted(SKIPPED) and {note["level"] for note in notes} == {"note"}
    assert all(note["message"]["text"].startswith("not checked: ") for note in notes)


def test_junit_has_a_skipped_case_per_file(cli, folder):
    suite = ET.fromstring(cli("check", folder, "--format", "junit").out)
    assert suite.get("skipped") == "3" and suite.get("tests") == "4"
    skipped = [case for case in suite.iter("testcase") if case.find("skipped") is not None]
    assert sorted(case.get("name", "").rsplit("/", 1)[-1] for case in skipped) == sorted(
        SKIPPED)


def test_nothing_skipped_adds_nothing(cli, tmp_path):
    shutil.copy(LEGAL, tmp_path / "deck.toml")
    assert "::notice" not in cli("check", tmp_path, "--format", "github").out
    assert "Not checked" not in cli("check", tmp_path, "--format", "markdown").out
    suite = ET.fromstring(cli("check", tmp_path, "--format", "junit").out)
    assert suite.get("skipped") == "0"
