"""Read the Digimon reference CSVs shared by the digimon-classic and digi-battle builders.

Both pools come from the same folder of reference files (cards.csv holds JP and US rows), so
the reading, the command line and the `specialty` parsing live here once.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from poolwriter import REPO_ROOT, builder_args, read_rows

sys.path.insert(0, str(REPO_ROOT))  # the repo, for deckcli's name folding
from deckcli.textnorm import fold  # noqa: E402

Row = dict[str, str]
COMMENT_WIDTH = 96


def parse_args(
    description: str, game_id: str, argv: list[str] | None, reference: str = "digimon"
) -> argparse.Namespace:
    """`--reference DIR` (default: the shared digimon folder) and `--out FILE`."""
    return builder_args(description, game_id, reference, argv)


def parse_specialty(text: str) -> dict[str, str]:
    """Split `battle_type=A;ability=sky;...` into a dict; a repeated key keeps every value."""
    values: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in text.split(";"))):
        key, _, value = item.partition("=")
        values[key] = f"{values[key]};{value}" if key in values else value
    return values


def attack(cell: str) -> int | None:
    """An attack power cell as an int; None where the reference leaves it empty."""
    return int(cell) if cell.strip() else None


def note_comment(card: dict[str, Any]) -> str | None:
    """The comment written above a card: its note (a recorded doubt), wrapped; else none."""
    return textwrap.fill(card["note"], COMMENT_WIDTH) if card["note"] else None


def check_notes_known(notes: Iterable[str], cards: list[dict[str, Any]]) -> None:
    """Stop if a per-card note names a number the reference no longer has."""
    unknown = set(notes) - {card["number"] for card in cards}
    if unknown:
        raise SystemExit(f"notes for unknown card numbers: {sorted(unknown)}")


# Linking the two games: a Digi-Battle card and a classic card are counterparts when the names/
# table gives them the same species and their levels agree (US Ultimate is JP 完全体).
US_TO_JP_LEVEL = {"Rookie": "III", "Champion": "IV", "Ultimate": "完全体", "Mega": "究極体"}
CLASSIC_LEVEL_FIXES = {"St-27": "IV"}  # more.md settles St-27's empty level (see the builder)
INTERNAL_NAME = re.compile(r"^char_\S+ \(= (.+)\)$")
SERIAL = re.compile(r"^([A-Za-z]+)-0*(\d+)$")


def species_key(matched: str) -> str:
    """`char_PLOTMON (= Salamon)` -> "salamon"; `Agumon` -> "agumon" (folded)."""
    found = INTERNAL_NAME.match(matched)
    return fold(found.group(1) if found else matched)


def classic_species(names_dir: Path) -> dict[str, str]:
    """Classic card number -> species key, for the cards cards_names.csv matches."""
    return {
        row["number"]: species_key(row["matched_species_name_en"])
        for row in read_rows(names_dir / "cards_names.csv")
    }


def species_by_english_name(names_dir: Path) -> dict[str, str]:
    """Folded English name (or alternative spelling) -> species key, from species.csv."""
    table: dict[str, str] = {}
    for row in read_rows(names_dir / "species.csv"):
        if not row["name_en"]:
            continue
        for name in (row["name_en"], *row["name_en_alt"].split("|")):
            if name.strip():
                table.setdefault(fold(name), fold(row["name_en"]))
    return table


def classic_levels(digimon_dir: Path) -> dict[str, str]:
    """Classic card number -> printed level (JP St- rows of cards.csv, then cards_more.csv)."""
    levels: dict[str, str] = {}
    for name in ("cards.csv", "cards_more.csv"):
        for row in read_rows(digimon_dir / name):
            if row["number"].startswith(("St-", "Sx-", "Bo-", "Bx-")):
                levels.setdefault(row["number"], row["level"])
    return levels | CLASSIC_LEVEL_FIXES


def same_number(battle: str, classic: str) -> bool:
    """ST-01 and St-1 share a number; BO-135 and Bo-135 too."""
    a, b = SERIAL.match(battle), SERIAL.match(classic)
    return bool(a and b) and (a[1].casefold(), int(a[2])) == (b[1].casefold(), int(b[2]))


def counterparts(digimon_dir: Path, battle_rows: list[Row]) -> dict[str, list[str]]:
    """Links both ways: Digi-Battle card id -> classic numbers, classic number -> card ids.

    A Digi-Battle Digimon whose English name is a species of names/species.csv is linked to
    every classic card of that species at the same level; a same-numbered card comes first.
    """
    names_dir = digimon_dir / "names"
    by_name = species_by_english_name(names_dir)
    levels = classic_levels(digimon_dir)
    by_species_level: dict[tuple[str, str], list[str]] = {}
    for number, species in classic_species(names_dir).items():
        if number in levels:
            by_species_level.setdefault((species, levels[number]), []).append(number)
    links: dict[str, list[str]] = {}
    for row in battle_rows:
        species = by_name.get(fold(row["name"]))
        level = US_TO_JP_LEVEL.get(row["level"])
        found = by_species_level.get((species or "", level or ""), [])
        if found:
            number = row["card_id"]
            links[number] = sorted(found, key=lambda n: not same_number(number, n))
            for classic in found:
                links.setdefault(classic, []).append(number)
    return links
