"""The shipped pools' ready form (issue 33): every shipped pool is valid and its ready form
(`cardpools/ready/`) is exactly what `python -m deckcli.pools.ready` makes of the TOML, so it
can never drift from it; a stale ready form is never used; a run reads a shipped pool from it
without parsing its TOML, even with an empty cache folder or the cache off."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import SAMPLES
from deckcli.pools import poolfile
from deckcli.pools.catalogue import READY, Catalogue
from deckcli.pools.ready import build, stale, write
from deckcli.pools.registry import builtin_pool_dir

pytestmark = pytest.mark.fresh_pools  # the tests of loading pools: no shared cards


def test_the_shipped_ready_form_is_current():
    """Fails when a shipped pool changed without `python -m deckcli.pools.ready` (or is not
    valid: `build` validates every pool, as the wheel's build does)."""
    wrong = stale(builtin_pool_dir())
    assert wrong == [], (f"the shipped pools' ready form is stale ({', '.join(wrong)}): run "
                         "`python -m deckcli.pools.ready` and commit cardpools/ready/")


def test_the_ready_form_holds_every_shipped_pool_with_the_hash_of_its_bytes():
    folder = builtin_pool_dir()
    catalogue = json.loads((folder / READY / "catalogue.json").read_text(encoding="utf-8"))
    assert sorted(catalogue["pools"]) == sorted(path.name for path in folder.glob("*.toml"))
    for name, entry in catalogue["pools"].items():
        assert entry["names"][0] == entry["header"]["game"]["id"]
        assert (folder / READY / f"{Path(name).stem}.cards.json").is_file()


@pytest.fixture
def copied(tmp_path: Path) -> Path:
    """A copy of the shipped pools with their ready form."""
    folder = tmp_path / "cardpools"
    shutil.copytree(builtin_pool_dir(), folder)
    return folder


@pytest.fixture
def one_pool(tmp_path: Path) -> Path:
    """A pool folder as the shipped one is, holding a single shipped pool (Orbs, the smallest:
    a hundredth of the bytes of all five) and the ready form written for it."""
    folder = tmp_path / "cardpools"
    folder.mkdir()
    shutil.copyfile(builtin_pool_dir() / "orbs.toml", folder / "orbs.toml")
    assert write(folder) == ["catalogue.json", "orbs.cards.json"]
    return folder


def test_a_changed_pool_makes_the_ready_form_stale_until_written_again(one_pool):
    assert stale(one_pool) == []
    pool = one_pool / "orbs.toml"
    pool.write_text(pool.read_text(encoding="utf-8").replace("Orbs", "Orbz", 1),
                    encoding="utf-8")
    assert stale(one_pool) == ["catalogue.json"]  # the game's name: its header
    (one_pool / READY / "left-over.cards.json").write_text("{}", encoding="utf-8")
    assert "left-over.cards.json" in stale(one_pool)
    write(one_pool)
    assert stale(one_pool) == []


def test_a_stale_ready_entry_is_never_used(copied, monkeypatch):
    monkeypatch.setenv("DECKCLI_CACHE", "off")
    pool = copied / "orbs.toml"
    fresh = Catalogue(copied).entry(pool)[0]
    assert fresh.names is not None and fresh.header is not None  # from the ready form
    pool.write_bytes(pool.read_bytes() + b"\n# edited\n")
    edited = Catalogue(copied).entry(pool)[0]
    assert edited.names is None and edited.header is None  # other bytes: read from the TOML


def test_build_refuses_an_invalid_pool(one_pool):
    pool = one_pool / "orbs.toml"
    pool.write_text(pool.read_text(encoding="utf-8").replace("[game]", "[game]\nbogus = 1", 1),
                    encoding="utf-8")
    with pytest.raises(poolfile.PoolError, match="bogus"):
        build(one_pool)


@pytest.mark.parametrize("setting", ["empty", "off"])
def test_a_shipped_pool_is_read_without_parsing_its_toml(cli, tmp_path, monkeypatch, setting):
    monkeypatch.setenv("DECKCLI_CACHE", "off" if setting == "off" else str(tmp_path / "c"))
    parsed: list[str] = []
    real = poolfile.parse_pool_toml

    def counting(path: Path, text: str) -> dict:
        parsed.append(path.name)
        return real(path, text)

    monkeypatch.setattr(poolfile, "parse_pool_toml", counting)
    for deck in (SAMPLES / "megaman" / "starter-megaman.toml", SAMPLES / "orbs"):
        assert cli("check", deck, "--format", "json").code in (0, 1)
    assert cli("cards", "digimon-classic", "--limit", "1").code == 0
    assert parsed == []
