"""Rich markup from files is text in every command (issue 22, item 6; `draw` has its own
tests in test_draw_markup.py).

A deck `[old]/Burn [v2] [bold].toml` named `Burn [v2] [/] [link=…]`, and a user pool whose
card, note, rule label and format name hold `[link=…]…[/link]` and `[/]`: every command
prints them as written, so nothing vanishes and no live link appears.
"""

from __future__ import annotations

import pytest

from conftest import TEST_POOLS

HOSTILE = "[link=https://evil.example]x[/link] [/] [old]"
EDITS = {'name = "Bolt"': f'name = "Bolt {HOSTILE}"', 'label = "Hero"': f'label = "Hero {HOSTILE}"',
         'name = "Big"': f'name = "Big {HOSTILE}"',
         'note = "a reprint of T-02"': f'note = "a reprint {HOSTILE}"'}


@pytest.fixture
def hostile(tmp_path, monkeypatch):
    """(the pool folder, the deck in `[old]/`) on a terminal wide enough not to wrap."""
    monkeypatch.setenv("COLUMNS", "250")
    text = (TEST_POOLS / "testgame.toml").read_text(encoding="utf-8")
    for old, new in EDITS.items():
        assert old in text
        text = text.replace(old, new, 1)
    pools = tmp_path / "pools"
    pools.mkdir()
    (pools / "testgame.toml").write_text(text, encoding="utf-8")
    folder = tmp_path / "[old]"
    folder.mkdir()
    deck = folder / "Burn [v2] [bold].toml"
    deck.write_text(f'game = "testgame"\nname = "Burn [v2] [/] {HOSTILE}"\n[cards]\n'
                    '"T-01" = 1\n"T-02" = 3\n"[bold]Nope[/bold]" = 1\n', encoding="utf-8")
    return pools, deck


@pytest.mark.parametrize(("command", "expected"), [
    (("check", "{deck}"), ["{deck}", "[bold]Nope[/bold]"]),
    (("check", "{folder}"), ["{deck}"]),
    (("show", "{deck}"), [f"Burn [v2] [/] {HOSTILE}", f"Bolt {HOSTILE}", "[bold]Nope[/bold]"]),
    (("cards", "testgame"), [f"Bolt {HOSTILE}"]),
    (("cards", "testgame", "T-12"), [f"a reprint {HOSTILE}"]),
    (("games",), [f"Hero {HOSTILE}"]),
    (("rules", "testgame"), [f"Big {HOSTILE}"]),
    (("add", "{deck}", "T-03"), ["Fireball (T-03)"]),
    (("fmt", "{deck}"), ["{deck}"]),
    (("diff", "{deck}", "{deck}"), []),
])
def test_every_command_prints_file_text_as_written(cli, hostile, command, expected):
    pools, deck = hostile
    fill = {"deck": str(deck), "folder": str(deck.parent)}
    run = cli("--pools", pools, *(part.format(**fill) for part in command))
    assert run.code in (0, 1), run.err
    assert "Traceback" not in run.err and "\x1b]8;" not in run.out
    for text in expected:
        assert text.format(**fill) in run.out, (text, run.out)
