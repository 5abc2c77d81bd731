"""Read the Digimon reference CSVs shared by the digimon-classic and digi-battle builders.

Both pools come from the same folder of reference files (cards.csv holds JP and US rows), so
the reading, the command line and the `specialty` parsing live here once.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Iterable
from typing import Any

from poolwriter import builder_args

Row = dict[str, str]
COMMENT_WIDTH = 96


def parse_args(description: str, game_id: str, argv: list[str] | None) -> argparse.Namespace:
    """`--reference DIR` (default: the shared digimon folder) and `--out FILE`."""
    return builder_args(description, game_id, "digimon", argv)


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
