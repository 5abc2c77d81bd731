"""The result cache: an unchanged deck is not judged again; any change that could alter its
verdict (its bytes, a pool, the settings, deckcli's version or code) is a miss; a tampered
entry is at worst a miss; `--no-cache` and `DECKCLI_CACHE=off` turn it off."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from conftest import SAMPLES, TEST_POOLS, toml_deck
from deckcli import __version__
from deckcli.app import judge, resultcache, run
from deckcli.io import cachestore

LEGAL_TESTGAME = {"T-01": 1, "T-02": 3, "T-03": 3, "T-04": 3}


@pytest.fixture
def judged(judged_files: list[str]) -> list[str]:
    """The paths the run really judged (not taken from the cache)."""
    return judged_files


def load(results: Path) -> dict:
    """A results file as {"head": its first line, "entries": {path: entry}}."""
    head, *lines = results.read_text(encoding="utf-8").splitlines()
    entries = {}
    for line in lines:
        shown, _, entry = line.partition("\t")
        entries[json.loads(shown) if shown.startswith('"') else shown] = entry
    return {"head": json.loads(head), "entries": entries}


def dump(results: Path, document: dict) -> None:
    lines = [json.dumps(document["head"])]
    lines += [f"{json.dumps(path)}\t{entry if isinstance(entry, str) else json.dumps(entry)}"
              for path, entry in document["entries"].items()]
    results.write_text("\n".join(lines) + "\n", encoding="utf-8")


def results_files(cache: Path) -> list[Path]:
    return sorted((cache / "results").glob("*.json"))


def test_an_unchanged_deck_is_a_hit_with_the_same_report(cli, cache, decks, judged):
    first = cli("check", decks, "--format", "json")
    assert first.code == 1 and len(judged) == 3
    judged.clear()
    for output in ("json", "text", "sarif", "github"):
        again = cli("check", decks, "--format", output)
        uncached = cli("check", decks, "--format", output, "--no-cache")
        assert again.out == uncached.out and again.code == uncached.code == 1
    assert judged == ["illegal-five-copies.toml", "starter-megaman.toml",
                      "starter-torchman.txt"] * 4  # each --no-cache run only


def test_a_changed_deck_is_a_miss_and_replaces_its_entry(cli, cache, decks, judged):
    cli("check", decks)
    judged.clear()
    deck = decks / "starter-megaman.toml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("= 4", "= 3", 1), encoding="utf-8")
    run_ = cli("check", decks, "--format", "json")
    assert judged == ["starter-megaman.toml"]
    verdicts = {Path(d["path"]).name: d["legal"] for d in run_.json()["decks"]}
    assert verdicts["starter-megaman.toml"] is False
    entries = load(results_files(cache)[0])["entries"]
    assert len(entries) == 3  # one entry per path, the old one replaced


def test_a_changed_pool_is_a_miss(cli, cache, tmp_path, judged):
    pools = tmp_path / "pools"
    pools.mkdir()
    pool = pools / "testgame.toml"
    pool.write_bytes((TEST_POOLS / "testgame.toml").read_bytes())
    deck = tmp_path / "t.toml"
    deck.write_text(toml_deck("testgame", LEGAL_TESTGAME), encoding="utf-8")
    assert cli("--pools", pools, "check", deck).code == 0
    assert cli("--pools", pools, "check", deck).code == 0
    assert judged == ["t.toml"]
    pool.write_text(pool.read_text(encoding="utf-8").replace("exactly = 10", "exactly = 11", 1),
                    encoding="utf-8")
    assert cli("--pools", pools, "check", deck).code == 1
    assert judged == ["t.toml", "t.toml"]


@pytest.mark.parametrize("options", [
    ["--select", "copies"], ["--ignore", "copies"], ["--game", "megaman"],
    ["--deck-format", "standard"],
])
def test_a_setting_that_can_change_a_verdict_is_a_miss(cli, cache, decks, judged, options):
    cli("check", decks)
    judged.clear()
    cli("check", decks, *options)
    assert len(judged) == 3
    judged.clear()
    cli("check", decks, *options)
    assert judged == []


def test_another_user_pool_folder_is_a_miss(cli, cache, decks, judged):
    cli("check", decks)
    judged.clear()
    cli("--pools", TEST_POOLS, "check", decks)
    assert len(judged) == 3


def test_output_settings_share_the_cache(cli, cache, decks, judged):
    cli("check", decks, "--format", "json")
    judged.clear()
    assert cli("check", decks, "--format", "text", "--strict").code == 1
    assert judged == []


def test_another_version_or_changed_code_is_a_miss(cli, cache, decks, judged, monkeypatch):
    cli("check", decks)
    judged.clear()
    monkeypatch.setattr(cachestore, "__version__", "99.0")
    cli("check", decks)
    assert len(judged) == 3
    monkeypatch.setattr(cachestore, "__version__", __version__)
    stamp = cachestore.code_stamp(resultcache.RESULTS.code)
    module = Path(resultcache.__file__)
    info = module.stat()
    os.utime(module, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000))
    try:
        assert cachestore.code_stamp(resultcache.RESULTS.code) != stamp
    finally:
        os.utime(module, ns=(info.st_atime_ns, info.st_mtime_ns))


def entry_parts(entry: str) -> tuple[str, str, list]:
    """(hash, stamp and explicit, data) of a deck's entry; data is [REST, LINE] decoded (see
    `resultdata`: what the report does not say, and the deck's line of the JSON report)."""
    digest, stamp, explicit, data = entry.split(" ", 3)
    kind, rest_and_line = data.split(" ", 1)
    assert kind == "D"
    rest, end = json.JSONDecoder().raw_decode(rest_and_line)
    return digest, f"{stamp} {explicit}", [rest, json.loads(rest_and_line[end + 1:])]


def entry_text(digest: str, explicit: str, data: list) -> str:
    """An entry as deckcli's encoders write one (so that only the change a test made to the
    data differs from what deckcli would write)."""
    rest = json.dumps(data[0], ensure_ascii=False, separators=(",", ":"))
    return f"{digest} {explicit} D {rest} {json.dumps(data[1], ensure_ascii=False)}"


TAMPERED = {
    "verdict flipped to legal": lambda d: d[1].update(legal=True, passed=True),
    "verdict flipped to a wrong type": lambda d: d[1].__setitem__("cards", "sixty"),
    "severity that is none": lambda d: d[1]["problems"][0].__setitem__("severity", "fatal"),
    "a forged line in a message": lambda d: d[1]["problems"][0].__setitem__(
        "message", "x\n::error file=a::forged"),
    "an escape sequence in a message": lambda d: d[1]["problems"][0].__setitem__(
        "message", "x\x1b]8;;http://evil\x1b\\"),
    "a C1 control in a card": lambda d: d[1]["problems"][0].__setitem__("card", "x\x9by"),
    "an injected key": lambda d: d[1].__setitem__("forged", "yes"),
    "an injected key in a problem": lambda d: d[1]["problems"][0].__setitem__("url", "x"),
    "a problem without its message": lambda d: d[1]["problems"][0].pop("message"),
    "keys in another order": lambda d: d.__setitem__(1, dict(reversed(d[1].items()))),
    "not a list": lambda d: d[1].__setitem__("problems", {"legal": True}),
    "a count below zero": lambda d: d[1].__setitem__("cards", -1),
    "a problem's place missing": lambda d: d[0][1].pop(),
    "a column below zero": lambda d: d[0][1][0].__setitem__(0, -3),
    "a name with a line break": lambda d: d[0].__setitem__(0, "a\nb"),
    "a game no run knows": lambda d: d[1].__setitem__("game", "nosuchgame"),
}


@pytest.mark.parametrize("how", [*TAMPERED, "not JSON", "not a string", "other hash",
                                 "a raw line separator", "a skip that is no skip"])
def test_a_tampered_entry_is_a_miss(cli, cache, decks, judged, how):
    expected = cli("check", decks, "--format", "json").out
    [results] = results_files(cache)
    document = load(results)
    key = str(decks / "illegal-five-copies.toml")
    digest, explicit, data = entry_parts(document["entries"][key])
    if how in TAMPERED:
        TAMPERED[how](data)
        document["entries"][key] = entry_text(digest, explicit, data)
    elif how == "not JSON":
        document["entries"][key] = f"{digest} {explicit} D [[[["
    elif how == "not a string":
        document["entries"][key] = [digest, explicit, data]
    elif how == "a raw line separator":
        data[1]["problems"][0]["message"] += "\u2028::error::forged"
        document["entries"][key] = entry_text(digest, explicit, data)
    elif how == "a skip that is no skip":
        document["entries"][key] = f'{digest} {explicit} S ["skip", "a\\u001b[2J", "x"]'
    else:
        document["entries"][key] = entry_text("0" * 64, explicit, data)
    dump(results, document)
    judged.clear()
    run_ = cli("check", decks, "--format", "json")
    assert run_.out == expected and "Traceback" not in run_.err
    assert judged == ["illegal-five-copies.toml"]


def test_an_untampered_entry_rewritten_by_the_tests_encoder_is_a_hit(cli, cache, decks, judged):
    """The tampering above changes only what each case says: the same data, written again
    by the test's encoder, is still a hit."""
    expected = cli("check", decks, "--format", "json").out
    [results] = results_files(cache)
    document = load(results)
    for key, entry in document["entries"].items():
        digest, explicit, data = entry_parts(entry)
        document["entries"][key] = entry_text(digest, explicit, data)
    dump(results, document)
    judged.clear()
    assert cli("check", decks, "--format", "json").out == expected and judged == []


@pytest.mark.parametrize("content", [b"", b"\x80\x81 not JSON", b"[]", b'{"format": 2}',
                                     b'{"format": 2, "entries": []}', b"[" * 100_000])
def test_a_garbage_results_file_is_a_miss(cli, cache, decks, judged, content):
    expected = cli("check", decks, "--format", "json").out
    [results] = results_files(cache)
    results.write_bytes(content)
    judged.clear()
    assert cli("check", decks, "--format", "json").out == expected
    assert len(judged) == 3


def test_a_fifo_named_like_the_results_file_neither_hangs_nor_is_read(cli, cache, decks, judged):
    cli("check", decks)
    [results] = results_files(cache)
    results.unlink()
    os.mkfifo(results)
    judged.clear()
    assert cli("check", decks).code == 1
    assert len(judged) == 3


def test_no_cache_neither_reads_nor_writes(cli, cache, decks, judged):
    cli("check", decks)
    [results] = results_files(cache)
    document = load(results)
    for key, entry in document["entries"].items():  # a forged "legal" verdict for every deck
        digest, explicit, data = entry_parts(entry)
        data[0][1] = []
        data[1].update(legal=True, passed=True, problems=[])
        document["entries"][key] = entry_text(digest, explicit, data)
    dump(results, document)
    assert cli("check", decks).code == 0  # believed: the limit docs/security.md states
    before = results.read_bytes()
    judged.clear()
    assert cli("check", decks, "--no-cache").code == 1
    assert len(judged) == 3 and results.read_bytes() == before


@pytest.mark.parametrize("off", ["off", "OFF", "0", "none"])
def test_deckcli_cache_off_turns_it_off(cli, decks, judged, monkeypatch, tmp_path, off):
    monkeypatch.setenv("DECKCLI_CACHE", off)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    cli("check", decks)
    cli("check", decks)
    assert len(judged) == 6
    assert not (tmp_path / "home").exists() and not (tmp_path / "xdg").exists()


@pytest.mark.skipif(os.uname().sysname == "Darwin", reason="macOS refuses non-UTF-8 names")
def test_a_file_name_that_is_not_utf8(cli, cache, decks, judged):
    odd = os.path.join(os.fsencode(decks), b"deck-\xff\xfe.toml")
    with open(odd, "wb") as handle:
        handle.write((SAMPLES / "megaman" / "illegal-59-cards.toml").read_bytes())
    first = cli("check", decks, "--format", "json")
    assert len(judged) == 4
    judged.clear()
    again = cli("check", decks, "--format", "json")
    assert judged == [] and again.out == first.out
    assert "deck-\ufffd\ufffd.toml" in again.out
    entries = load(results_files(cache)[0])["entries"]
    assert os.fsdecode(odd) in entries


def test_entries_of_deleted_decks_and_old_results_files_are_evicted(cli, cache, decks):
    cli("check", decks)
    (decks / "starter-torchman.txt").unlink()
    cli("check", decks / "starter-megaman.toml")  # a run of one deck keeps the others
    [results] = results_files(cache)
    assert len(load(results)["entries"]) == 2
    old = time.time() - (resultcache.RESULTS.max_age_days + 1) * 86400
    os.utime(results, (old, old))
    cli("check", decks, "--select", "copies")  # another key: the old file goes
    assert results_files(cache) == [f for f in results_files(cache) if f != results]
    assert len(results_files(cache)) == 1


def test_a_file_changed_while_it_was_checked_is_not_kept(cache, decks, monkeypatch):
    from deckcli.app.settings import Settings
    from deckcli.pools.registry import PoolRegistry

    deck = decks / "starter-megaman.toml"
    real = judge.check_target

    def changing(target, registry, settings):
        result = real(target, registry, settings)
        if target.path == deck:
            deck.write_bytes(deck.read_bytes() + b"\n# edited meanwhile\n")
        return result

    monkeypatch.setattr(judge, "check_target", changing)
    run.check_paths([decks], PoolRegistry([]), Settings(), cache=True)
    entries = load(results_files(cache)[0])["entries"]
    assert str(deck) not in entries and len(entries) == 2


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_a_fifo_named_like_a_user_pool_never_hangs_the_key(cli, cache, decks, tmp_path):
    pools = tmp_path / "pools"
    pools.mkdir()
    os.mkfifo(pools / "fifo.toml")
    run_ = cli("--pools", pools, "check", decks, "--format", "json")
    assert run_.code == 1 and len(run_.json()["decks"]) == 3


def test_names_with_line_breaks_tabs_quotes_and_kana_keep_their_entries(cli, cache, decks,
                                                                          judged):
    legal = (SAMPLES / "megaman" / "starter-megaman.toml").read_bytes()
    names = ["a\nb.toml", "tab\there.toml", '"quoted".toml', "デッキ.toml", "plain.toml"]
    for name in names:
        (decks / name).write_bytes(legal)
    first = cli("check", decks, "--format", "json")
    assert len(judged) == 3 + len(names)
    judged.clear()
    again = cli("check", decks, "--format", "json")
    assert judged == [] and again.out == first.out
    lines = results_files(cache)[0].read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 3 + len(names)  # a line break or tab in a name stays escaped
    assert f"{decks / 'デッキ.toml'}\t" in [line[:len(str(decks)) + 10] for line in lines]
    assert any(line.startswith(json.dumps(str(decks / "a\nb.toml")) + "\t") for line in lines)


def test_a_check_of_one_deck_does_not_look_at_the_others_paths(cli, cache, decks, judged,
                                                               monkeypatch):
    """A deck's line is looked at only when it is checked; a vanished deck's line goes when
    the file is next written."""
    cli("check", decks)
    cli("check", decks / "starter-megaman.toml")  # its own line, named (explicit)
    (decks / "starter-torchman.txt").unlink()
    looked: list[str] = []
    real = os.path.lexists
    monkeypatch.setattr(os.path, "lexists", lambda path: looked.append(path) or real(path))
    judged.clear()
    assert cli("check", decks / "starter-megaman.toml").code == 0
    assert judged == [] and looked == []
    [results] = results_files(cache)
    assert len(load(results)["entries"]) == 3  # nothing written: the vanished line stays
    monkeypatch.setattr(os.path, "lexists", real)
    (decks / "illegal-five-copies.toml").write_text("game = \"megaman\"\n", encoding="utf-8")
    cli("check", decks)  # a miss: the file is written, without the vanished deck's line
    assert str(decks / "starter-torchman.txt") not in load(results)["entries"]
