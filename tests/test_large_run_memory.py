"""What keeps a run of 20,000 decks within 20 MB of a run of 2,000 (benchmarks/memory.py):
targets let go once judged, one string for what cached results repeat, a printable path not
copied; each keeps the results exactly as they were."""

from __future__ import annotations

from pathlib import Path

from conftest import SAMPLES
from deckcli.app import resultdata, scan
from deckcli.app.run import check_paths
from deckcli.app.settings import Settings
from deckcli.escape import printable_path
from deckcli.pools.registry import PoolRegistry


def test_drained_hands_on_every_item_in_order_and_keeps_none():
    items = [1, 2, 3, 4]
    seen = []
    for item in scan.drained(items):
        seen.append(item)
        assert len(items) == 4 - len(seen)  # handed on: no longer in the list
    assert seen == [1, 2, 3, 4] and items == []


def test_targets_are_let_go_as_the_run_goes(monkeypatch, tmp_path):
    """By the last deck's judging, the scan's list holds no target judged before it."""
    import gc

    from deckcli.app import judge

    def targets() -> int:
        return sum(isinstance(thing, scan.Target) for thing in gc.get_objects())

    alive: list[int] = []
    real = judge.check_target

    def counting(target, registry, settings):
        alive.append(targets() - before)
        return real(target, registry, settings)

    monkeypatch.setattr(judge, "check_target", counting)
    folder = tmp_path / "decks"
    for number in range(12):
        (folder / f"d{number:02}.toml").parent.mkdir(exist_ok=True)
        (folder / f"d{number:02}.toml").write_bytes(
            (SAMPLES / "megaman" / "starter-megaman.toml").read_bytes())
    before = targets()  # any another test left
    result = check_paths([folder], PoolRegistry([]), Settings(), jobs=1)
    assert len(result.decks) == 12 and all(deck.legal for deck in result.decks)
    assert alive[0] >= 12 and alive[-1] <= 2  # the one being judged (and none before it)


def test_cached_results_share_the_strings_decks_repeat():
    from deckcli.model.fix import Fix
    from deckcli.model.problem import Problem
    from deckcli.model.result import DeckResult

    problem = Problem("deck-size", "59 cards; megaman decks have exactly 60 — add 1", "error",
                      fix=Fix("display-only", "Add 1 card"))
    data = resultdata.entry_data(DeckResult("a.toml", "megaman", "standard", 59, [problem]))
    assert data is not None

    def place(game: str, deck_format: str) -> tuple[str | None, str | None]:
        return resultdata.decoded_place(game, deck_format)

    first = resultdata.from_entry(data, "a.toml", place)
    second = resultdata.from_entry(data, "a.toml", place)
    assert isinstance(first, DeckResult) and isinstance(second, DeckResult)
    one, other = first.problems[0], second.problems[0]
    assert one.message is other.message and one.rule is other.rule
    assert one.severity is other.severity and one.fix.title is other.fix.title
    assert first.game is second.game
    assert one == problem  # the same result, value for value


def test_a_printable_path_is_itself_and_any_other_escaped():
    path = str(Path("decks") / "ソード deck.toml")
    assert printable_path(path) is path
    assert printable_path("bad\x1b[2Jname.toml") == "bad\\x1b[2Jname.toml"
    assert printable_path("bad\udcffbyte.toml") == "bad\ufffdbyte.toml"
