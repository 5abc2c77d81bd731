"""What `deckcli build` shows when it opens, at 80×24 and 120×40, for a MegaMan, a Haikyu and
a Digimon deck: compared with the SVG snapshots under __snapshots__/.

A missing snapshot fails (syrupy never writes one unasked); after a deliberate change,
rewrite them with `python -m pytest tests/test_tui_snapshots.py --snapshot-update` and look
at the report of what changed.
"""

from __future__ import annotations

import shutil

import pytest

pytest.importorskip("textual", reason="deckcli build needs Textual (pip install deckcli[tui])")
pytest.importorskip("pytest_textual_snapshot", reason="snapshots need pytest-textual-snapshot")

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Input  # noqa: E402

from conftest import SAMPLES  # noqa: E402
from deckcli.app.config import load_settings  # noqa: E402
from deckcli.tui.app import BuildApp  # noqa: E402
from deckcli.tui.session import BuildSession  # noqa: E402

DECKS = {
    "megaman": SAMPLES / "megaman" / "illegal-five-copies.toml",
    "haikyu": SAMPLES / "haikyu" / "starter-karasuno.toml",
    "digimon": SAMPLES / "digimon-classic" / "example-japanese-names.toml",
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", sorted(DECKS))
def test_main_screen(snap_compare, tmp_path, game, size):
    path = tmp_path / DECKS[game].name
    shutil.copyfile(DECKS[game], path)
    settings = load_settings([path])
    app = BuildApp(BuildSession.open(path, settings, settings.registry()))

    async def steady_cursor(pilot: Pilot[int]) -> None:
        """A blinking cursor would be drawn or not by the time of the shot: keep it on."""
        for box in pilot.app.query(Input):
            box.cursor_blink = False
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=steady_cursor)
