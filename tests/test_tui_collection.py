"""`deckcli build` with a collection: each line of the deck list shows the copies owned and
missing, as `deckcli own` counts them, and a card not owned is no problem of the deck."""

from __future__ import annotations

import shutil

import pytest

pytest.importorskip("textual", reason="deckcli build needs Textual (pip install deckcli[tui])")

from textual.widgets import DataTable  # noqa: E402

from conftest import REPO, SAMPLES  # noqa: E402
from deckcli.app.config import load_settings  # noqa: E402
from deckcli.tui.app import BuildApp  # noqa: E402
from deckcli.tui.session import BuildSession  # noqa: E402

BINDER = REPO / "collections" / "megaman-binder.txt"
SIZE = (100, 30)


def rows(app: BuildApp) -> dict[str, list[str]]:
    deck = app.query_one("#deck", DataTable)
    found = [[str(cell) for cell in deck.get_row_at(i)] for i in range(deck.row_count)]
    return {row[2]: row for row in found}


@pytest.mark.asyncio
async def test_each_line_shows_owned_and_missing_as_own_counts(tmp_path, cli):
    path = tmp_path / "deck.toml"
    shutil.copyfile(SAMPLES / "megaman" / "starter-megaman.toml", path)
    settings = load_settings([path], collection=[BINDER])
    app = BuildApp(BuildSession.open(path, settings, settings.registry()))
    own = cli("own", path, "-c", BINDER, "--format", "json").json()["decks"][0]["cards"]
    assert {card["name"]: card["missing"] for card in own} == {
        "Strength Under Pressure": 2, "CannonBall": 2}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        shown = rows(app)
        assert shown["Strength Under Pressure"][3] == "owned 2 · missing 2"
        assert shown["CannonBall"][3] == "owned 2 · missing 2"
        assert shown["Determined"][3] == "owned 4"
        assert all(row[0] != "✗" for row in shown.values())  # legal: not owned is no problem
        assert "✓ legal" in str(app.query_one("#title").content)
        await pilot.press(*"CyberSword", "enter")  # the search: one of the binder's 4
        assert rows(app)["CyberSword"][3] == "owned 4"


@pytest.mark.asyncio
async def test_without_a_collection_the_list_has_no_owned_column(tmp_path):
    path = tmp_path / "deck.toml"
    shutil.copyfile(SAMPLES / "megaman" / "starter-megaman.toml", path)
    settings = load_settings([path])
    app = BuildApp(BuildSession.open(path, settings, settings.registry()))
    async with app.run_test(size=SIZE):
        assert all(len(row) == 3 for row in rows(app).values())


def test_build_refuses_a_collection_it_cannot_read(tmp_path, cli):
    path = tmp_path / "deck.toml"
    shutil.copyfile(SAMPLES / "megaman" / "starter-megaman.toml", path)
    run = cli("build", path, "--collection", tmp_path / "missing.txt")
    assert run.code == 2 and "no such file" in run.err
