"""`deckcli build` against hostile names: a file name holding Textual markup is shown as
itself in a notification, and a collection's lines that count no card are said, not
dropped."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest

pytest.importorskip("textual", reason="deckcli build needs Textual (pip install deckcli[tui])")

from textual.widgets._toast import Toast  # noqa: E402

from conftest import SAMPLES  # noqa: E402
from deckcli.app.config import load_settings  # noqa: E402
from deckcli.tui.app import BuildApp  # noqa: E402
from deckcli.tui.session import BuildSession  # noqa: E402

SIZE = (120, 30)


def toasts(app: BuildApp) -> list[str]:
    """The text of each notification on screen, as drawn."""
    return [str(toast.render()) for toast in app.screen.query(Toast)]


async def toasts_shown(app: BuildApp, pilot: Any, seconds: float = 20) -> list[str]:
    """The notifications, once one is on screen (polled: a loaded machine draws late)."""
    for _ in range(int(seconds / 0.1)):
        shown = toasts(app)
        if shown:
            return shown
        await pilot.pause(0.1)
    return toasts(app)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.asyncio
async def test_a_failed_save_names_a_markup_file_name_as_itself(tmp_path):
    path = tmp_path / "[reverse]deck.txt"
    shutil.copyfile(SAMPLES / "megaman" / "starter-torchman.txt", path)
    settings = load_settings([path])
    app = BuildApp(BuildSession.open(path, settings, settings.registry()))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        path.unlink()
        os.mkfifo(path)  # reading it back before the save fails: not a regular file
        await pilot.press("ctrl+s")
        shown = await toasts_shown(app, pilot)
        assert any("[reverse]deck.txt: not a regular file" in text for text in shown), shown


@pytest.mark.asyncio
async def test_a_collections_uncounted_lines_are_said_in_the_builder(tmp_path):
    path = tmp_path / "deck.txt"
    shutil.copyfile(SAMPLES / "megaman" / "starter-torchman.txt", path)
    binder = tmp_path / "binder.txt"
    binder.write_text("# game: megaman\n2 Big Trouble\n1 [reverse]Cyber Swordd\n",
                      encoding="utf-8")
    settings = load_settings([path], collection=[binder])
    app = BuildApp(BuildSession.open(path, settings, settings.registry()))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        [shown] = await toasts_shown(app, pilot)
        assert shown.startswith("The collection has 1 line that counts no card:\n")
        assert f'{binder}:3: unknown-card: "[reverse]Cyber Swordd" is not a MegaMan' in shown
