"""DECKCLI_CACHE: the usual words for off, in any case, turn the cache off (no folder named
OFF appears); a relative folder is a usage error naming the variable."""

from __future__ import annotations

import pytest

from conftest import SAMPLES

DECK = SAMPLES / "megaman" / "starter-megaman.toml"


@pytest.mark.parametrize("value", ["off", "OFF", "Off", "false", "FALSE", "0", "no", "None", ""])
def test_off_words_turn_the_cache_off(cli, tmp_path, monkeypatch, value):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKCLI_CACHE", value)
    run = cli("check", DECK, "--format", "json")
    assert run.code == 0, run.err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value", ["cache", "./cache", "a/b"])
def test_a_relative_cache_folder_is_a_usage_error(cli, tmp_path, monkeypatch, value):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKCLI_CACHE", value)
    run = cli("check", DECK, "--format", "json")
    assert run.code == 2
    assert "DECKCLI_CACHE=" in run.err and "relative" in run.err
    assert list(tmp_path.iterdir()) == []
