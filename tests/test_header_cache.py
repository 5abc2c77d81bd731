"""Validated headers as plain records (issue 33) kept in the pool catalogue (issue 38, items 6
and 11): a header validated once is read back from data, equal in every field and class to
the validated one; any change of the pool's bytes (even one that parses the same) is
validated again; a tampered entry is a miss, never a crash (exit 3) or markup in a rule id;
the shipped pools are never validated at run time, and a check of one imports no pydantic."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SAMPLES, TEST_POOLS
from deckcli.model.spec import encode
from deckcli.pools import load
from deckcli.pools.catalogue import decode_header
from deckcli.pools.poolfile import read_raw_header

pytestmark = pytest.mark.fresh_pools  # the tests of loading pools: no shared cards

POOLS = sorted([*(REPO / "cardpools").glob("*.toml"), *TEST_POOLS.glob("*.toml")])


@pytest.mark.parametrize("pool", POOLS, ids=lambda path: path.name)
def test_every_pool_header_is_read_back_equal_to_its_validation(pool):
    raw = read_raw_header(pool)
    try:
        validated = load.validate_header(pool, raw)
    except Exception:  # a test pool that is broken on purpose
        pytest.skip("not a valid pool")
    rebuilt = decode_header(json.loads(json.dumps(encode(validated))))
    assert rebuilt == validated and type(rebuilt) is type(validated)
    for format_id, fmt in validated.formats.items():  # each rule keeps its kind's class
        assert [type(rule) for rule in rebuilt.formats[format_id].rules] == \
            [type(rule) for rule in fmt.rules]


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = load.validate_header

    def counting(path: Path, raw: dict) -> object:
        seen.append(path.name)
        return real(path, raw)

    monkeypatch.setattr(load, "validate_header", counting)
    return seen


def entry_of(cache: Path, stem: str) -> Path:
    [entry] = sorted((cache / "catalogue").glob(f"{stem}-*.json"))
    return entry


def test_a_header_is_validated_once_then_read_back(cli, cache, testgame, validations):
    pools, pool, deck = testgame
    first = cli("--pools", pools, "check", deck, "--no-cache", "--format", "json")
    assert validations == ["testgame.toml"]
    assert json.loads(entry_of(cache, "testgame").read_text())["header"]["game"]["id"] == \
        "testgame"
    again = cli("--pools", pools, "check", deck, "--no-cache", "--format", "json")
    assert validations == ["testgame.toml"]
    assert again.out == first.out and again.code == first.code == 0


def test_a_changed_header_is_validated_again_and_a_broken_one_still_refused(
        cli, cache, testgame, validations):
    pools, pool, deck = testgame
    assert cli("--pools", pools, "check", deck, "--no-cache").code == 0
    text = pool.read_text(encoding="utf-8")
    pool.write_text(text.replace("exactly = 10", "exactly = 11", 1), encoding="utf-8")
    assert cli("--pools", pools, "check", deck, "--no-cache").code == 1
    assert validations == ["testgame.toml", "testgame.toml"]
    pool.write_text(text.replace("exactly = 10", "exactly = -1", 1), encoding="utf-8")
    run = cli("--pools", pools, "check", deck, "--no-cache", "--format", "json")
    assert run.code == 1 and "broken-pool" in run.out


def test_the_header_is_keyed_on_the_bytes_not_on_their_parse(cli, cache, testgame,
                                                              validations):
    """Issue 38, item 11: two headers whose parses are equal as JSON with sorted keys but
    whose bytes differ (the order of their formats) are two headers; the second is validated,
    never served the first's order."""
    pools, pool, deck = testgame
    text = pool.read_text(encoding="utf-8")
    games = cli("--pools", pools, "games", "--format", "json").json()
    assert [row["format"] for row in games if row["game"] == "testgame"] == ["standard", "big"]
    head, rest = text.split("[formats.standard]", 1)
    standard, rest = rest.split("[formats.big]", 1)
    big, cards = rest.split("[[cards]]", 1)
    pool.write_text(f"{head}[formats.big]{big}[formats.standard]{standard}[[cards]]{cards}",
                    encoding="utf-8")
    games = cli("--pools", pools, "games", "--format", "json").json()
    assert [row["format"] for row in games if row["game"] == "testgame"] == ["big", "standard"]
    assert validations == ["testgame.toml", "testgame.toml"]


def mutations(value: object, path: tuple = ()) -> list[tuple[tuple, object]]:
    """(where, a wrong value) for every value of a header's data: another type, a negative
    number, a control or markup sequence, null, a table, a list."""
    found: list[tuple[tuple, object]] = []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += mutations(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += mutations(inner, (*path, index))
    wrong: list[object] = [None, {"x": 1}, [1], -1, True, 1.5, "[bold]x[/bold]",
                           "x\x1b]8;;http://x\x07y", "a\nb"]
    found += [(path, bad) for bad in wrong if bad != value or type(bad) is not type(value)]
    return found


def put(data: object, where: tuple, value: object) -> object:
    if not where:
        return value
    data = copy.deepcopy(data)
    inner = data
    for step in where[:-1]:
        inner = inner[step]  # type: ignore[index]
    inner[where[-1]] = value  # type: ignore[index]
    return data


def test_every_mutated_value_is_refused_or_harmless():
    """Issue 38, item 6, below the command line: every value of a cached header replaced by
    a value of another type or a hostile text either fails to decode (a miss) or decodes to
    a header that passes the pool schema's own validation, so a tampered entry can never be
    trusted more than its source."""
    from pydantic import ValidationError

    from deckcli.pools.schema import validate

    pool = TEST_POOLS / "testgame.toml"
    data = encode(load.validate_header(pool, read_raw_header(pool)))
    tried = 0
    for where, bad in mutations(data):
        mutated = put(data, where, bad)
        decoded = decode_header(mutated)
        tried += 1
        if decoded is None:
            continue
        try:  # what decodes must be a header the schema itself accepts
            assert validate(_aliased(encode(decoded))) == decoded, where
        except ValidationError:
            pytest.fail(f"{where} = {bad!r} decoded to a header the schema refuses")
    assert tried > 500


def _aliased(data: object) -> object:
    """Header data as a pool file writes it (`schema`, not `schema_`)."""
    assert isinstance(data, dict)
    return {("schema" if key == "schema_" else key): value for key, value in data.items()}


def tamper_rule_id(document: dict) -> None:
    document["header"]["formats"]["standard"]["rules"][0]["id"] = "[link=http://x]size[/link]"


def tamper_field(document: dict) -> None:
    document["header"]["game"]["extra"] = 1


def tamper_text(document: dict) -> None:
    document["header"]["game"]["name"] = "Test\x1b]8;;http://x\x07Game"


def tamper_kind(document: dict) -> None:
    document["header"]["formats"]["standard"]["rules"][0]["kind"] = "os.system"


def tamper_type(document: dict) -> None:
    document["header"]["formats"]["standard"]["rules"][0]["exactly"] = "10"


def tamper_bound(document: dict) -> None:
    document["header"]["formats"]["standard"]["rules"][0]["exactly"] = -5


def tamper_names(document: dict) -> None:
    document["names"] = [1, 2]


@pytest.mark.parametrize("tamper", [tamper_rule_id, tamper_field, tamper_text, tamper_kind,
                                    tamper_type, tamper_bound, tamper_names, "not JSON",
                                    "a list"])
def test_a_tampered_entry_is_a_miss(cli, cache, testgame, validations, tamper):
    pools, pool, deck = testgame
    expected = cli("--pools", pools, "check", deck, "--no-cache", "--format", "json").out
    entry = entry_of(cache, "testgame")
    if tamper == "not JSON":
        entry.write_bytes(b"{{{")
    elif tamper == "a list":
        entry.write_text("[]")
    else:
        document = json.loads(entry.read_text(encoding="utf-8"))
        tamper(document)
        entry.write_text(json.dumps(document), encoding="utf-8")
    validations.clear()
    for command in (["check", deck, "--no-cache", "--format", "json"], ["games"],
                    ["rules", "testgame"], ["cards", "testgame"], ["show", deck]):
        run = cli("--pools", pools, *command)
        assert run.code != 3 and "Traceback" not in run.err, command
        assert "\x1b" not in run.out and "[link" not in run.out, command
        if command[0] == "check":
            assert run.out == expected
    assert validations == ["testgame.toml"]  # validated again, once, then kept anew


def test_with_the_cache_off_a_user_pool_validates_every_run(cli, monkeypatch, testgame,
                                                            validations):
    monkeypatch.setenv("DECKCLI_CACHE", "off")
    pools, pool, deck = testgame
    assert cli("--pools", pools, "check", deck).code == 0
    assert cli("--pools", pools, "check", deck).code == 0
    assert validations == ["testgame.toml", "testgame.toml"]


@pytest.mark.parametrize("setting", ["empty", "off"])
def test_a_shipped_pool_is_never_validated_at_run_time(cli, tmp_path, monkeypatch,
                                                        validations, setting):
    monkeypatch.setenv("DECKCLI_CACHE", "off" if setting == "off" else str(tmp_path / "c"))
    for deck in sorted(SAMPLES.glob("*/*.toml"))[:8]:
        assert cli("check", deck, "--format", "json").code in (0, 1)
    assert cli("games").code == 0
    assert validations == []


PYDANTIC_FREE = """
import sys
from deckcli.cli.app import main
code = main(sys.argv[1:])
loaded = sorted(name for name in sys.modules if name.split(".")[0] in ("pydantic",
                                                                    "pydantic_core"))
sys.stderr.write("LOADED " + " ".join(loaded) + "\\n")
raise SystemExit(code)
"""


@pytest.mark.parametrize("cache_state", ["empty", "warm", "no-cache"])
def test_a_check_of_a_shipped_game_imports_no_pydantic(tmp_path, cache_state):
    """Issue 33: with no user pool, a check of a shipped game's deck, with an empty or a warm
    cache folder (or --no-cache), never imports pydantic."""
    deck = SAMPLES / "megaman" / "starter-megaman.toml"
    env = {**os.environ, "DECKCLI_CACHE": str(tmp_path / "cache")}
    env.pop("DECKCLI_POOLS", None)
    argv = [sys.executable, "-c", PYDANTIC_FREE, "check", str(deck), "--format", "json"]
    if cache_state == "no-cache":
        argv.append("--no-cache")
    runs = 2 if cache_state == "warm" else 1
    for _ in range(runs):
        run = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120,
                             cwd=tmp_path)
        assert run.returncode == 0, run.stderr
    loaded = run.stderr.split("LOADED", 1)[1].split()
    assert loaded == []
