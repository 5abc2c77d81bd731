"""Checking in worker processes gives the same result, in the same order, as one process."""

from __future__ import annotations

import shutil

import pytest

from conftest import SAMPLES
from deckcli.app import run as checkrun
from deckcli.app.run import check_paths
from deckcli.app.settings import Settings
from deckcli.pools.registry import PoolRegistry


@pytest.mark.slow
def test_workers_match_one_process(tmp_path, monkeypatch):
    for index in range(4):  # every sample, four times over: legal, illegal, unknown cards
        shutil.copytree(SAMPLES, tmp_path / f"copy{index}")
    (tmp_path / "copy0" / "broken.toml").write_text("game = \n", encoding="utf-8")
    monkeypatch.setattr(checkrun, "PARALLEL_MIN_DECKS", 10)
    serial = check_paths([tmp_path], PoolRegistry([]), Settings(), jobs=1)
    parallel = check_paths([tmp_path], PoolRegistry([]), Settings(), jobs=2)
    assert len(serial.decks) > 100
    assert parallel.to_json() == serial.to_json()
    assert parallel.rule_docs == serial.rule_docs


def test_jobs_option_is_accepted(cli):
    run = cli("check", SAMPLES / "megaman", "--jobs", "2", "--format", "json")
    assert run.code == 1 and len(run.json()["decks"]) == 5
    assert cli("check", SAMPLES / "megaman", "--jobs", "-1").code == 2
