"""Read the DMHC card data (shared/reference/digimon/dmhc-sets) for the classic pool's text.

Each `CardData<set>.txt` is tab-separated, one row per card. Its files mix UTF-8 and
Windows-1252 lines, so each line is decoded as UTF-8 and, failing that, as Windows-1252.
The cells are kept as written (outer spaces stripped); nothing is reworded.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

Row = dict[str, str]
# The DMHC sets the pool does not hold (see the classic builder's preamble).
UNHELD_SETS = ("PROM1", "PROM2", "EXP", "NEW", "NEW2", "KIZU", "20A")


def decode_line(raw: bytes) -> str:
    """One line of a DMHC file: UTF-8 where it decodes, else Windows-1252."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="strict")


def read_set(path: Path) -> list[Row]:
    """The rows of one DMHC set file, every cell stripped, with `file` = the file name."""
    lines = [decode_line(raw).rstrip("\r") for raw in path.read_bytes().split(b"\n") if raw]
    reader = csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
    cells = ({key.strip(): (value or "").strip() for key, value in row.items() if key}
             for row in reader)
    return [{**row, "file": path.name} for row in cells]


def dmhc_rows(sets_dir: Path, held: bool = True) -> dict[str, Row]:
    """Card number -> DMHC row, for the held sets (or, with held=False, the unheld ones)."""
    rows: dict[str, Row] = {}
    for path in sorted(sets_dir.glob("CardData*.txt")):
        set_name = path.stem.removeprefix("CardData")
        if (set_name in UNHELD_SETS) == held:
            continue
        for row in read_set(path):
            number = row["Card Number"]
            if number in rows:
                raise SystemExit(f"{path.name}: card number {number} repeats")
            rows[number] = row
    return rows


NO_TEXT = "None"  # what a DMHC cell holds for a card that prints no such text


def cell_text(value: str) -> str | None:
    """A DMHC text cell as the pool keeps it: None for an empty cell or the source's "None"
    (a card with no text has no text, not the word "None")."""
    return None if value in ("", NO_TEXT) else value


def text_fields(row: Row) -> dict[str, str | None]:
    """The card's printed text as DMHC gives it: effect, evolution/activation and group."""
    return {
        "text": cell_text(row["Abilities"]),
        "evolution": cell_text(row["Evo/Activation"]),
        "group": cell_text(row["Group"]),
    }


# A sentence stating the card's own abilities: at the start of the text or of a sentence, or
# after the "(O)" mark. "(S)" (support) effects and conditions ("When the opponent has the
# ability …") name abilities that are not the card's own. Two cells misprint the sentence
# (St-761 "abilites", St-521 a missing opening quote); the keywords are still read.
OWN_ABILITIES = re.compile(r'(?:^|\(O\)|[.)]\s)\s*Has the abilit\w* ([^.]*)')


def own_abilities(text: str) -> list[str]:
    """The abilities a DMHC Abilities cell says the card has, in order (none -> [])."""
    found: list[str] = []
    for sentence in OWN_ABILITIES.finditer(text):
        found += re.findall(r'"?([a-z]+)"', sentence.group(1))
    return list(dict.fromkeys(found))
