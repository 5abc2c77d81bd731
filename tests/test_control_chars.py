"""Control characters from a `.dek` and from a pool-cache entry (issue 22, item 5).

A LackeyCCG `<game>`, `<title>` or zone name holding a line break is an `invalid-field` error
like the same text in any other deck format, and no output format (JUnit included) or `show`
prints it raw; a cache entry whose texts hold an ESC, a C1 control or a line separator is a
miss (rebuilt from the pool file), so `cards` and `show` never print the sequence.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import SAMPLES, TEST_POOLS, toml_deck
from deckcli.io.cachestore import clean
from deckcli.io.stamps import sha256_hex
from deckcli.pools import cache
from deckcli.pools.registry import builtin_pool_dir

HOSTILE_DEK = """<deck version="0.8">
  <meta><game>MMTCG</game><title>x&#10;::notice::forged title</title></meta>
  <superzone name="Side&#10;::error title=X::forged zone">
    <card><name id="1c49greatsurprise.jpg">Great Surprise</name></card>
  </superzone>
  <superzone name="Deck">
    <card><name id="1c49greatsurprise.jpg">Great Surprise</name></card>
  </superzone>
</deck>
"""


def forged(output: str) -> list[str]:
    return [line for line in output.splitlines() if "::" in line and "forged" in line
            and line.lstrip().startswith(("::notice::", "::error title=X"))]


@pytest.mark.parametrize("fmt", ["rich", "text", "json", "github", "sarif", "junit", "markdown"])
def test_a_dek_with_line_breaks_in_title_and_zone_is_refused_and_forges_nothing(
        cli, write_deck, fmt):
    deck = write_deck("hostile.dek", HOSTILE_DEK)
    run = cli("check", deck, "--format", fmt)
    assert run.code == 1 and forged(run.out) == [] and forged(run.err) == []
    assert "forged" in run.out  # shown, escaped, not dropped
    if fmt == "json":
        problems = run.json()["decks"][0]["problems"]
        assert [(p["rule"], p["line"]) for p in problems][:2] == [
            ("invalid-field", 2), ("invalid-field", 3)]
        assert problems[0]["message"].startswith("name holds the control character U+000A")
        assert problems[1]["message"].startswith("a zone name holds the control character")


def test_a_dek_game_with_a_line_break_is_refused(cli, write_deck):
    deck = write_deck("g.dek", HOSTILE_DEK.replace("<game>MMTCG", "<game>MMTCG&#13;&#10;x"))
    run = cli("check", deck, "--format", "json")
    [checked] = run.json()["decks"]
    assert checked["game"] != "MMTCG\r\nx"  # refused (its cards may still name the game)
    assert ("invalid-field", 2) in [(p["rule"], p["line"]) for p in checked["problems"]]


def test_show_prints_no_line_break_from_a_dek(cli, write_deck):
    deck = write_deck("hostile.dek", HOSTILE_DEK)
    for fmt in ("rich", "text"):
        run = cli("show", deck, "--format", fmt)
        assert forged(run.out) == [] and "\x1b" not in run.out, run.out


def user_megaman(tmp_path: Path) -> tuple[Path, Path]:
    """A user pool folder holding a copy of the MegaMan pool (the shipped pool reads its
    cards from its ready form, not from the cache), and where its cache entry goes."""
    pools = tmp_path / "pools"
    pools.mkdir()
    source = pools / "megaman.toml"
    source.write_bytes((builtin_pool_dir() / "megaman.toml").read_bytes())
    return pools, tmp_path / "cache" / "cards" / cache.entry_name(
        source, sha256_hex(source.read_bytes()))


@pytest.mark.parametrize("planted", ["\x1b]8;;https://evil.example/\x1b\\", "\x1b[2J", "\x9b31m",
                                     "\u2028::error::x", "\x7f"])
def test_a_cache_entry_with_an_escape_sequence_is_a_miss(cli, tmp_path, monkeypatch, planted):
    monkeypatch.setenv("DECKCLI_CACHE", str(tmp_path / "cache"))
    deck = SAMPLES / "megaman" / "starter-megaman.toml"
    pools, entry = user_megaman(tmp_path)
    views = [("--pools", pools, "cards", "megaman", "type:NetNavi"),
             ("--pools", pools, "cards", "megaman", "type:NetNavi", "--format", "text"),
             ("--pools", pools, "show", deck)]
    first = [cli(*view).out for view in views]
    data = json.loads(entry.read_bytes())
    for row in data["cards"]:
        row[1] = planted + row[1]  # every card's name
    entry.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    again = [cli(*view).out for view in views]
    assert again == first
    assert not any(char in "".join(again) for char in "\x1b\x9b\u2028\x7f")
    assert planted not in entry.read_text(encoding="utf-8")  # rebuilt


def test_every_shipped_pool_and_quotes_and_backslashes_hit_the_cache(cli, tmp_path, monkeypatch,
                                                                     write_deck):
    monkeypatch.setenv("DECKCLI_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "cache" / "cards"
    for source in sorted(builtin_pool_dir().glob("*.toml")):
        assert cli("cards", source.stem, "--limit", "1").code == 0
        assert clean(cache.ready_cards(source).read_bytes()), source  # as an entry would be
    pools = tmp_path / "pools"
    pools.mkdir()
    pool = pools / "testgame.toml"
    pool.write_text((TEST_POOLS / "testgame.toml").read_text(encoding="utf-8").replace(
        'name = "Bolt"', 'name = "Bo\\\\\\"lt\\\\"', 1), encoding="utf-8")
    deck = write_deck("t.toml", toml_deck("testgame", {"T-01": 1}))
    assert cli("--pools", pools, "check", deck).code == 1
    entry = folder / cache.entry_name(pool, sha256_hex(pool.read_bytes()))
    assert '"Bo\\\\\\"lt\\\\"' in entry.read_text(encoding="utf-8")
    os.utime(entry, ns=(0, 0))
    assert cli("--pools", pools, "check", deck).code == 1
    assert entry.stat().st_mtime_ns == 0  # read, not rebuilt


BIDI = ("\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068",
        "\u2069")


@pytest.mark.parametrize("fmt", ["text", "github", "markdown"])
def test_a_bidirectional_override_in_a_file_name_or_a_reference_is_shown_escaped(
        cli, tmp_path, fmt):
    """U+202E in a file name or an unknown reference reorders how the rest of the line is
    drawn (`evil\u202elmot.toml` shows as `eviltoml.lmot`): every report shows it escaped."""
    named = tmp_path / "evil\u202elmot.toml"
    named.write_bytes((SAMPLES / "megaman" / "illegal-five-copies.toml").read_bytes())
    listed = tmp_path / "bidi.txt"
    listed.write_text("# game: megaman\n4 Bog\u202eus\n1 Area\u2066Steal\n", encoding="utf-8")
    run = cli("check", named, listed, "--format", fmt)
    assert run.code == 1
    assert not any(char in run.out + run.err for char in BIDI)
    assert "x202elmot.toml" in run.out and "x202eus" in run.out  # markdown doubles the \\
