"""`--format markdown`: a summary table, one row per deck, safe against markup in deck text."""

from __future__ import annotations

import re

from conftest import SAMPLES, toml_deck

HEADER = "| deck | game | cards | verdict | problems |"


def cells(row: str) -> list[str]:
    """A table row's cells, split only on pipes that are not escaped."""
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", row)[1:-1]]


def table_rows(out: str) -> list[str]:
    lines = out.splitlines()
    start = lines.index(HEADER)
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows


def test_table_has_a_row_per_deck(cli, monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    run = cli("check", "samples/megaman", "--format", "markdown")
    assert run.code == 1
    assert HEADER in run.out and "| --- | --- | ---: | --- | --- |" in run.out
    rows = [cells(row) for row in table_rows(run.out)]
    assert len(rows) == 5 and all(len(row) == 5 for row in rows)
    assert rows[0] == ["samples/megaman/illegal-59-cards.toml", "megaman · standard", "59",
                       "❌ illegal", "1 error"]
    assert rows[3] == ["samples/megaman/starter-megaman.toml", "megaman · standard", "60",
                       "✅ legal", "no problems"]
    assert "5 decks: 2 legal, 3 illegal" in run.out


def test_details_list_each_problem(cli):
    run = cli("check", SAMPLES / "megaman" / "illegal-five-copies.toml", "--format", "markdown")
    details = run.out.split("## Problems", 1)[1]
    assert "illegal-five-copies.toml — ❌ illegal" in details
    assert "- line 31 · **error** `copies` 5 × AreaSteal (1C8); at most 4 per name — cut 1" in (
        details)


def test_pipes_and_markup_are_escaped(cli, tmp_path):
    path = tmp_path / "a|b_deck.toml"
    path.write_text(toml_deck("megaman", {"Sword | *Shield*": 1}), encoding="utf-8")
    out = cli("check", path, "--format", "markdown").out
    [row] = table_rows(out)
    assert len(cells(row)) == 5 and cells(row)[0].endswith(r"a\|b\_deck.toml")
    assert r'"Sword \| \*Shield\*" is not a MegaMan' in out


def test_output_file_is_written(cli, tmp_path):
    target = tmp_path / "summary.md"
    run = cli("check", SAMPLES / "haikyu", "--format", "markdown", "-o", target)
    assert run.code == 1 and run.out == ""
    text = target.read_text(encoding="utf-8")
    assert text.startswith("## deckcli check\n") and len(table_rows(text)) == 5
