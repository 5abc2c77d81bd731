"""The validated-header cache: a header validated once is rebuilt from data, equal in every
field and class to the validated one; any change of the header is validated again; a tampered
entry is a miss, never a crash or a forged line; with the cache off every run validates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel

from conftest import REPO, SAMPLES, TEST_POOLS
from deckcli.pools import headercache
from deckcli.pools.load import validate_header
from deckcli.pools.poolfile import read_raw_header

POOLS = sorted([*(REPO / "cardpools").glob("*.toml"), *TEST_POOLS.glob("*.toml")])


def same(validated: object, rebuilt: object, where: str = "header") -> None:
    """Equal values of the same types all the way down (a dynamic schema class compared by
    the name of the class it extends)."""
    if isinstance(validated, BaseModel):
        assert isinstance(validated, type(rebuilt)), where  # the class, or the one extended
        assert type(rebuilt).__name__ == type(validated).__name__, where
        assert rebuilt.model_fields_set == validated.model_fields_set, where
        for name in type(validated).model_fields:
            same(getattr(validated, name), getattr(rebuilt, name), f"{where}.{name}")
    elif isinstance(validated, (list, tuple, dict)):
        assert type(rebuilt) is type(validated) and len(rebuilt) == len(validated), where
        if isinstance(validated, dict):
            assert list(rebuilt) == list(validated), where
            for key in validated:
                same(validated[key], rebuilt[key], f"{where}.{key}")
        else:
            for index, (one, two) in enumerate(zip(validated, rebuilt, strict=True)):
                same(one, two, f"{where}[{index}]")
    else:
        assert type(rebuilt) is type(validated) and rebuilt == validated, where


@pytest.mark.parametrize("pool", POOLS, ids=lambda path: path.name)
def test_every_pool_header_is_rebuilt_equal_to_its_validation(pool):
    raw = read_raw_header(pool)
    try:
        validated = validate_header(pool, raw)
    except Exception:  # a test pool that is broken on purpose
        pytest.skip("not a valid pool")
    data = json.loads(json.dumps(headercache.to_data(validated)))
    rebuilt = headercache.from_data(data, headercache.allowed_models())
    same(validated, rebuilt)
    for format_id, fmt in validated.formats.items():  # each rule keeps its kind's class
        assert [type(rule) for rule in rebuilt.formats[format_id].rules] == \
            [type(rule) for rule in fmt.rules]


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []

    def counting(path: Path, raw: dict) -> object:
        seen.append(path.name)
        return validate_header(path, raw)

    monkeypatch.setattr(headercache, "validate_header", counting)
    return seen


def entries(cache: Path) -> list[Path]:
    """The validated headers kept (not the parsed ones, `raw-*`)."""
    return sorted(path for path in (cache / "headers").glob("*.json")
                  if not path.name.startswith("raw-"))


def test_a_header_is_validated_once_then_rebuilt(cli, cache, validations):
    deck = SAMPLES / "megaman" / "illegal-five-copies.toml"
    first = cli("check", deck, "--no-cache", "--format", "json")
    assert validations == ["megaman.toml"] and len(entries(cache)) == 1
    again = cli("check", deck, "--no-cache", "--format", "json")
    assert validations == ["megaman.toml"]
    assert again.out == first.out and again.code == first.code == 1


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
    pool.write_text(text, encoding="utf-8")  # back: the first entry serves again
    assert cli("--pools", pools, "check", deck, "--no-cache").code == 0
    assert validations == ["testgame.toml"] * 3


def tamper_class(data: list) -> None:
    data[1] = "os.system"


def tamper_field(data: list) -> None:
    data[3]["extra"] = 1


def tamper_text(data: list) -> None:
    data[3]["game"][3]["name"] = "Mega\x1b]8;;http://x\x07Man"


def tamper_shape(data: list) -> None:
    data[0] = "X"


@pytest.mark.parametrize("tamper", [tamper_class, tamper_field, tamper_text, tamper_shape,
                                    "not JSON", "a list"])
def test_a_tampered_entry_is_a_miss(cli, cache, validations, tamper):
    deck = SAMPLES / "megaman" / "illegal-five-copies.toml"
    expected = cli("check", deck, "--no-cache", "--format", "json").out
    [entry] = entries(cache)
    if tamper == "not JSON":
        entry.write_bytes(b"{{{")
    elif tamper == "a list":
        entry.write_text("[]")
    else:
        document = json.loads(entry.read_text(encoding="utf-8"))
        tamper(document["header"])
        entry.write_text(json.dumps(document), encoding="utf-8")
    validations.clear()
    run = cli("check", deck, "--no-cache", "--format", "json")
    assert run.out == expected and "Traceback" not in run.err and "\x1b" not in run.out
    assert validations == ["megaman.toml"]


def test_with_the_cache_off_every_run_validates(cli, monkeypatch, validations):
    monkeypatch.setenv("DECKCLI_CACHE", "off")
    deck = SAMPLES / "megaman" / "starter-megaman.toml"
    assert cli("check", deck).code == 0
    assert cli("check", deck).code == 0
    assert validations == ["megaman.toml", "megaman.toml"]


def test_headers_parsed_once_are_not_parsed_again(cli, cache, monkeypatch):
    from deckcli.pools import poolfile

    parsed: list[str] = []
    real = poolfile.parse_pool_toml

    def counting(path: Path, text: str) -> dict:
        parsed.append(path.name)
        return real(path, text)

    monkeypatch.setattr(poolfile, "parse_pool_toml", counting)
    deck = SAMPLES / "megaman" / "starter-megaman.toml"
    first = cli("games")
    assert len(parsed) == len(list((REPO / "cardpools").glob("*.toml")))
    parsed.clear()
    assert cli("games").out == first.out and parsed == []
    memos = sorted((cache / "headers").glob("raw-*.json"))
    memos[0].write_text("[1, 2]", encoding="utf-8")  # not a table: parsed again
    assert cli("check", deck, "--no-cache").code == 0 and len(parsed) == 1
