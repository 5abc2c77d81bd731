"""Writers stream (issue 22, item 8, second half): a LackeyCCG export holds one element per
copy, so a deck of a million copies is written a few thousand copies at a time, never whole
in memory, and the file is the same as one built at once."""

from __future__ import annotations

import tracemalloc

from conftest import toml_deck
from deckcli.formats import lackey


def test_a_million_copies_export_in_little_memory(cli, write_deck, tmp_path):
    deck = write_deck("huge.toml", toml_deck("megaman", {"AreaSteal": 1_000_000, "1C12": 3}))
    out = tmp_path / "huge.dek"
    tracemalloc.start()
    try:
        run = cli("export", deck, "-o", out)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert run.code == 0, run.err
    size = out.stat().st_size
    assert size > 50_000_000 and peak < size / 5, (size, peak)
    copies = 0
    with out.open(encoding="utf-8") as handle:
        first = handle.readline()
        for line in handle:
            copies += line.startswith("\t\t<card>")
    assert first == '<deck version="0.8">\n' and copies == 1_000_003
    assert line == "</deck>\n"


def test_the_pieces_make_the_file_built_at_once(cli, write_deck, tmp_path, monkeypatch):
    monkeypatch.setattr(lackey, "COPIES_PER_CHUNK", 2)  # several pieces per card
    deck = write_deck("d.toml", toml_deck("megaman", {"AreaSteal": 5, "1C12": 3}).replace(
        'game = "megaman"', 'game = "megaman"\nname = "Five <&> steals"', 1))
    shown = cli("export", deck, "--format", "lackey")
    out = tmp_path / "d.dek"
    assert cli("export", deck, "-o", out).code == 0
    assert shown.out == out.read_text(encoding="utf-8")
    assert shown.out.count("<card>") == 8
    assert "<title>Five &lt;&amp;&gt; steals</title>" in shown.out
    back = cli("check", out, "--format", "json").json()["decks"][0]
    assert back["cards"] == 8
