"""`deckcli build`: Textual's Pilot drives the builder as a player would, and every verdict,
hand and byte on disk is compared with what `check`, `draw` and `new` give for the same deck."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("textual", reason="deckcli build needs Textual (pip install deckcli[tui])")

from textual.widgets import DataTable, Input, Static  # noqa: E402

from conftest import SAMPLES  # noqa: E402
from deckcli.app.config import load_settings  # noqa: E402
from deckcli.tui.app import BuildApp  # noqa: E402
from deckcli.tui.dialogs import ChoiceScreen, GameScreen, HelpScreen  # noqa: E402
from deckcli.tui.session import BuildSession  # noqa: E402

MEGAMAN = SAMPLES / "megaman" / "starter-megaman.toml"
SIZE = (80, 24)


def deck_copy(tmp_path: Path, sample: Path = MEGAMAN) -> Path:
    path = tmp_path / sample.name
    shutil.copyfile(sample, path)
    return path


def builder(path: Path, seed: int = 1) -> BuildApp:
    settings = load_settings([path])
    return BuildApp(BuildSession.open(path, settings, settings.registry()), seed=seed)


def text_of(app: BuildApp, selector: str) -> str:
    return str(app.query_one(selector, Static).content)


def checked(cli, path: Path) -> list[tuple[str, str]]:
    """(rule, message) of every problem `deckcli check` reports on the file."""
    run = cli("check", path, "--format", "json", "--no-cache")
    return [(p["rule"], p["message"]) for p in run.json()["decks"][0]["problems"]]


def judged(app: BuildApp) -> list[tuple[str, str]]:
    assert app.session is not None
    return [(p.rule, p.message) for p in app.session.result.problems]


@pytest.mark.asyncio
async def test_typing_searches_at_once_and_enter_adds_the_first_result(tmp_path, cli):
    path = deck_copy(tmp_path)
    app = builder(path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.focused, Input) and app.focused.id == "search"
        assert "60/60" in text_of(app, "#title") and "✓ legal" in text_of(app, "#title")
        await pilot.press(*"CyberSword")
        results = app.query_one("#results", DataTable)
        assert results.row_count == 1
        assert "CyberSword" in str(results.get_row_at(0)[2])
        await pilot.press("enter")  # one copy: 61 cards, illegal
        title = text_of(app, "#title")
        assert "61/60" in title and "✗ illegal" in title and "unsaved" in title
        assert ("deck-size", "61 cards; megaman decks have exactly 60 — cut 1") in judged(app)
        assert "deck-size" in text_of(app, "#status") and "cut 1" in text_of(app, "#status")
        await pilot.press("down")  # into the results: - takes the copy out again
        results.focus()
        await pilot.press("minus")
        assert "60/60" in text_of(app, "#title") and "✓ legal" in text_of(app, "#title")
        assert judged(app) == []


@pytest.mark.asyncio
async def test_the_verdict_is_checks_after_every_change(tmp_path, cli):
    path = deck_copy(tmp_path)
    app = builder(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"1C8")  # AreaSteal: the deck holds 4, the cap is 4
        await pilot.press("enter")
        problems = judged(app)
        assert ("copies", "5 × AreaSteal (1C8); at most 4 per name — cut 1") in problems
        await pilot.press("ctrl+s")
        saved = path.read_bytes()
        deck = app.query_one("#deck", DataTable)
        rows = [[str(cell) for cell in deck.get_row_at(i)] for i in range(deck.row_count)]
        area = next(row for row in rows if row[2] == "AreaSteal")
        assert area[0] == "✗" and area[1] == "5/4"  # a red mark, the copies against the cap
        assert all(row[0] != "✗" for row in rows if row[2] == "CannonBall")
        await pilot.press("ctrl+z")
        assert judged(app) == [] and "✓ legal" in text_of(app, "#title")
        await pilot.press("ctrl+y")
        assert judged(app) == problems
    path.write_bytes(saved)
    assert checked(cli, path) == problems  # the same rule ids and messages as check


@pytest.mark.asyncio
async def test_removing_from_the_deck_list_and_illegal_back_to_legal(tmp_path):
    path = deck_copy(tmp_path, SAMPLES / "megaman" / "illegal-five-copies.toml")
    app = builder(path)
    async with app.run_test(size=SIZE) as pilot:
        assert "✗ illegal" in text_of(app, "#title")
        await pilot.press("f2")
        deck = app.query_one("#deck", DataTable)
        assert app.focused is deck
        marked = next(i for i in range(deck.row_count) if str(deck.get_row_at(i)[0]) == "✗")
        deck.move_cursor(row=marked)
        await pilot.press("minus")
        assert "✓ legal" not in text_of(app, "#title") or judged(app) == []
        assert all(problem[0] != "copies" for problem in judged(app))


@pytest.mark.asyncio
async def test_letters_typed_on_a_list_go_on_with_the_search(tmp_path):
    app = builder(deck_copy(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2", "c", "y")
        search = app.query_one("#search", Input)
        assert app.focused is search and search.value == "cy"
        results = app.query_one("#results", DataTable)
        names = [str(results.get_row_at(i)[2]) for i in range(results.row_count)]
        assert "CyberSword" in names


@pytest.mark.asyncio
async def test_saving_keeps_every_comment_and_check_agrees(tmp_path, cli):
    path = deck_copy(tmp_path)
    before = path.read_bytes()
    app = builder(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"CyberSword", "enter")
        await pilot.press("ctrl+s")
        assert "unsaved" not in text_of(app, "#title")
    after = path.read_bytes()
    comments = [line for line in before.splitlines() if line.lstrip().startswith(b"#")]
    assert comments and all(line in after.splitlines() for line in comments)
    assert b"CyberSword = 1" in after
    assert checked(cli, path) == [("deck-size",
                                   "61 cards; megaman decks have exactly 60 — cut 1")]


@pytest.mark.asyncio
async def test_quitting_with_unsaved_changes_asks(tmp_path):
    path = deck_copy(tmp_path)
    before = path.read_bytes()
    app = builder(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"CyberSword", "enter")
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("c")  # cancel: still building
        assert not isinstance(app.screen, ChoiceScreen) and app.is_running
        await pilot.press("ctrl+q")
        await pilot.press("d")  # quit without saving
    assert app.return_value == 0
    assert path.read_bytes() == before


@pytest.mark.asyncio
async def test_quitting_saved_asks_nothing(tmp_path):
    app = builder(deck_copy(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
    assert app.return_value == 0


@pytest.mark.asyncio
async def test_a_file_changed_on_disk_is_never_overwritten_silently(tmp_path):
    path = deck_copy(tmp_path)
    app = builder(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"CyberSword", "enter")
        theirs = path.read_bytes().replace(b"1C43 = 4", b"1C43 = 3")
        path.write_bytes(theirs)  # another program edits the deck meanwhile
        await pilot.pause(1.5)  # the builder notices without being asked
        assert "changed on disk" in text_of(app, "#status")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("c")
        assert path.read_bytes() == theirs  # cancelled: their version stays
        await pilot.press("ctrl+s", "r")  # reload: their version, ours one undo away
        assert app.session is not None and app.session.data == theirs
        assert "59/60" in text_of(app, "#title")
        await pilot.press("ctrl+z")
        assert b"CyberSword = 1" in app.session.data
        path.write_bytes(theirs + b"# edited again\n")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ChoiceScreen)  # changed again since the reload
        await pilot.press("o")  # overwrite, when asked to
        assert "unsaved" not in text_of(app, "#title")
    assert b"CyberSword = 1" in path.read_bytes() and b"1C43 = 4" in path.read_bytes()


@pytest.mark.asyncio
async def test_a_sample_hand_reproduces_its_seed(tmp_path, cli):
    path = deck_copy(tmp_path)
    dealt = {seed: cli("draw", path, "--show", "1", "--seed", str(seed), "--format",
                       "json").json()["sample_hands"][0] for seed in (7, 8)}
    app = builder(path, seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        hand = app.query_one("#hand", DataTable)

        def shown() -> list[str]:
            return [str(hand.get_row_at(i)[2]) for i in range(hand.row_count)]

        for seed in (7, 8):
            assert f"seed {seed}" in text_of(app, "#hand-info")
            assert shown() == dealt[seed]  # as deckcli draw deals it
            assert "MegaMan, NetWarrior" not in shown()  # the NetNavi is set aside
            assert "set aside: MegaMan, NetWarrior" in text_of(app, "#hand-info")
            await pilot.press("h")
        await pilot.press("r")  # seed 9 again: the same hand
        again = shown()
        await pilot.press("h", "r")
        assert shown() != again or "seed 10" in text_of(app, "#hand-info")
        await pilot.press("n")  # the next turn: one more card
        assert len(shown()) == 5 and "turn 1" in text_of(app, "#hand-info")


@pytest.mark.asyncio
async def test_the_odds_of_a_want_are_draws(tmp_path, cli):
    path = deck_copy(tmp_path)
    app = builder(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        app.query_one("#want", Input).focus()
        await pilot.press(*"2 AreaSteal", "enter")
        odds = text_of(app, "#odds")
    run = cli("draw", path, "-w", "2 AreaSteal", "--turns", "5", "--format", "json")
    for row in run.json()["by_turn"]:
        assert f"turn {row['turn']} " in odds and f"{row['probability']:.2%}" in odds


@pytest.mark.asyncio
async def test_haikyu_mulligan_returns_the_marked_cards(tmp_path):
    path = deck_copy(tmp_path, SAMPLES / "haikyu" / "starter-karasuno.toml")
    app = builder(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        deal = app.query_one("#hands").deal  # type: ignore[attr-defined]
        first = list(deal.hand)
        await pilot.press("space", "m")  # return the first card only
        assert deal.mulligans == 1 and len(deal.hand) == len(first)
        assert deal.hand[:-1] == first[1:]
        assert "1 card returned" in text_of(app, "#hand-info")
        await pilot.press("m")  # once only
        assert "once" in text_of(app, "#hand-info")


@pytest.mark.asyncio
async def test_a_bad_query_says_why(tmp_path):
    app = builder(deck_copy(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*'"Cyber')
        assert "unclosed quote" in text_of(app, "#found")
        assert app.query_one("#results", DataTable).row_count == 0
        await pilot.press("enter")  # nothing to add: nothing changes
        assert app.session is not None and not app.session.dirty


@pytest.mark.asyncio
async def test_help_lists_every_key(tmp_path):
    app = builder(deck_copy(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        shown = str(app.screen.query_one("#help-text", Static).content)
        for key in ("F1", "Ctrl+S", "Ctrl+Q", "Ctrl+Z", "Enter", "+", "-", "F6", "m"):
            assert key in shown
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)
        app.query_one("#results", DataTable).focus()
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)


@pytest.mark.asyncio
async def test_a_new_deck_asks_its_game_and_saves_as_new_writes(tmp_path, cli):
    path = tmp_path / "fresh.toml"
    settings = load_settings([path])
    registry = settings.registry()

    def create(game: str) -> BuildSession:
        from deckcli.app.newdeck import new_deck_bytes
        from deckcli.app.opendeck import open_game

        return BuildSession.create(path, new_deck_bytes(path, open_game(registry, game, None),
                                                        None), settings, registry)

    games = [(g, registry.header(g).game.name) for g in registry.game_ids()]
    app = BuildApp(None, create=create, games=games, path_shown=str(path))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, GameScreen)
        haikyu = [g for g, _name in games].index("haikyu")
        await pilot.press(*["down"] * haikyu, "enter")
        assert app.session is not None and app.session.resolver.pool.game_id == "haikyu"
        assert not path.exists() and "unsaved" in text_of(app, "#title")
        await pilot.press("ctrl+s")
    assert cli("new", "haikyu", tmp_path / "by-new.toml").code == 0
    assert path.read_bytes() == (tmp_path / "by-new.toml").read_bytes()


def test_without_textual_the_command_names_the_install(tmp_path, cli, monkeypatch):
    for name in list(sys.modules):  # every import of textual fails, as when not installed
        if name == "textual" or name.startswith("textual."):
            monkeypatch.setitem(sys.modules, name, None)
        elif name.startswith("deckcli.tui"):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "textual", None)
    run = cli("build", deck_copy(tmp_path))
    assert run.code == 1
    assert 'pip install "deckcli[tui]"' in run.err and "Traceback" not in run.err


def test_formats_the_builder_cannot_edit_are_refused(tmp_path, cli):
    deck = tmp_path / "deck.csv"
    deck.write_text("count,name\n4,CyberSword\n", encoding="utf-8")
    run = cli("build", deck)
    assert run.code == 2 and "convert it first" in run.err
    assert cli("build", tmp_path / "new.xyz", "--game", "megaman").code == 2
