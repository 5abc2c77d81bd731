"""rtoml and tomllib agree: `deckcli.io.tomlread.loads` (rtoml first, tomllib where rtoml
rejects a document or gives a value the two represent differently) accepts and rejects the same
documents as `tomllib.loads`, with the same values, key order and error messages.

The documents: every TOML file of the repository (samples, bad inputs, test decks and pools,
the shipped card pools), the fuzz corpus of test_fuzz (10,000 corrupted sample decks), valid
documents with hostile values written by tomli-w from test_fuzz's hypothesis strategy, and
hypothesis documents assembled from TOML's tokens (keys, tables, arrays, strings, numbers,
dates, escapes, comments, duplicate keys, bare CR, control characters).
"""

from __future__ import annotations

import datetime
import math
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz import HOSTILE_PIECES, TOML_VALUES, corruptions

from conftest import REPO
from deckcli.io import tomlread

rtoml = pytest.importorskip("rtoml")

TOML_FILES = sorted(path for folder in ("samples", "tests", "cardpools")
                    for path in (REPO / folder).rglob("*.toml"))


def canon(value: object) -> object:
    """A value with its types spelled out, so 1 ≠ 1.0 ≠ True, NaN equals NaN, -0.0 ≠ 0.0,
    key order counts and a time zone is compared by its offset."""
    if isinstance(value, dict):
        return ("table", [(key, canon(item)) for key, item in value.items()])
    if isinstance(value, list):
        return ("array", [canon(item) for item in value])
    if isinstance(value, float):
        return ("float", "nan" if math.isnan(value) else repr(value))
    if isinstance(value, datetime.datetime | datetime.time):
        return (type(value).__name__, value.isoformat(), value.utcoffset()
                if isinstance(value, datetime.datetime) else value.tzinfo)
    return (type(value).__name__, value)


def outcome(parse, text: str) -> object:
    try:
        return canon(parse(text))
    except tomllib.TOMLDecodeError as exc:
        return ("TOMLDecodeError", str(exc))
    except (ValueError, RecursionError) as exc:
        return (type(exc).__name__, str(exc))


def assert_agree(text: str) -> None:
    assert outcome(tomlread.loads, text) == outcome(tomllib.loads, text), text


def decoded(data: bytes) -> str | None:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None  # invalid UTF-8 never reaches a TOML parser: an `encoding` problem first


@pytest.mark.parametrize("path", TOML_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_toml_file_of_the_repository(path):
    text = decoded(path.read_bytes())
    if text is not None:
        assert_agree(text)


@pytest.mark.slow
def test_the_fuzz_corpus_of_corrupted_sample_decks():
    agreed = 0
    for data in corruptions(10_000, seed=7):
        text = decoded(data)
        if text is not None:
            assert_agree(text)
            agreed += 1
    assert agreed > 5_000


@pytest.mark.slow
@settings(max_examples=400, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(document=st.dictionaries(st.text(max_size=12), TOML_VALUES, max_size=6))
def test_valid_documents_with_hostile_values(document):
    assert_agree(tomli_w.dumps(document))


PIECES = [piece.decode("utf-8", "replace") for piece in HOSTILE_PIECES] + [
    "a", "b.c", "'k'", '"k"', " = ", "=", "\n", "\r", "\r\n", "[t]", "[[t]]", "[t.u]", "{", "}",
    "{a = 1}", "[1, 2]", "[1, 'x']", "'''", '"""', "1", "-0.0", "+inf", "-nan", "0o17", "0b101",
    "1e5", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
    "1979-05-27", "07:32:00", "1979-05-27 07:32:00", "1979-05-27T07:32:00.999999999+01:30",
    "\\t", "\\U0001F600", "\\x41", "\x7f", "\x1f", "\t", "\u2028", "# c", ",", ".", "_",
]


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(parts=st.lists(st.sampled_from(PIECES), max_size=14))
def test_documents_assembled_from_toml_tokens(parts):
    assert_agree("".join(parts))


@pytest.mark.slow
@settings(max_examples=1500, deadline=None, derandomize=True)
@given(key=st.sampled_from(["a", '"a"', "'a'", "a.b", "t.a"]),
       value=st.sampled_from(PIECES[-60:]), second=st.sampled_from(["a", "b", "[t]", "[a]"]))
def test_key_value_lines_and_repeated_keys(key, value, second):
    assert_agree(f"{key} = {value}\n{second} = 1\n[t]\n{key} = {value}\n")


def test_rtoml_reads_every_real_deck_and_pool_itself():
    """The speed is real: no sample deck needs tomllib's second parse."""
    for path in TOML_FILES:
        if path.parts[-3:-1] == ("tests", "bad_inputs") or "bad" in path.name:
            continue
        text = decoded(path.read_bytes())
        if text is None or "samples" not in path.parts:
            continue
        assert not any(mark in text for mark in tomlread._TOML_1_1), path
        assert tomlread.same_as_tomllib(rtoml.loads(text)), path


@pytest.mark.parametrize("text", [
    'a = "\\e"', 'a = "\\x41"', "a = {b = 1,}", "a = {\nb = 1\n}", "a = 07:32",
    "a = 1979-05-27T07:32:00-08:00", "a = 2024-01-01", "a = 07:32:00",
    "a = 99999999999999999999", "a = " + "[" * 90 + "1" + "]" * 90,
])
def test_where_the_two_differ_tomllib_answers(text):
    """What TOML 1.1 added (rtoml accepts it, tomllib refuses it), dates and times (rtoml's own
    time-zone class), integers past 64 bits and deep nesting (which rtoml refuses) are
    tomllib's answer."""
    assert outcome(tomlread.loads, text) == outcome(tomllib.loads, text)
    if "1979" in text:
        assert type(tomlread.loads(text)["a"].tzinfo) is datetime.timezone


def test_without_the_rtoml_wheel_tomllib_reads_alone(monkeypatch):
    monkeypatch.setattr(tomlread, "_rtoml", None)
    assert tomlread.parser_name() == "tomllib"
    assert tomlread.loads('a = 1\n[cards]\n"X" = 2\n') == {"a": 1, "cards": {"X": 2}}
    with pytest.raises(tomllib.TOMLDecodeError, match="Cannot overwrite"):
        tomlread.loads("a = 1\na = 2\n")


def test_a_deck_rtoml_rejects_keeps_tomllibs_message(cli, write_deck):
    deck = write_deck("dup.toml", 'game = "megaman"\n[cards]\n"AreaSteal" = 1\n"AreaSteal" = 2\n')
    run = cli("check", deck, "--format", "json")
    assert run.code == 1
    assert "'AreaSteal' is given twice (first on line 3)" in run.out


def test_a_pool_path_reads_rtoml_when_installed():
    assert tomlread.parser_name() == "rtoml"
    assert Path(tomlread.__file__).name == "tomlread.py"
