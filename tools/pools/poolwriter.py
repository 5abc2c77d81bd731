"""Write card pool TOML files with comments (tomli-w cannot write comments).

Used by the per-game builders in this folder, which turn the reference CSVs into
`cardpools/<game>.toml`. The builders are run by hand when the reference changes;
the generated pools are committed and ship in the wheel.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import tomli_w

BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
REPO_ROOT = Path(__file__).resolve().parents[2]
REFERENCE_ROOT = REPO_ROOT.parent / "shared" / "reference"


def builder_args(description: str, game_id: str, reference: str,
                 argv: list[str] | None) -> argparse.Namespace:
    """`--reference DIR` (the reference CSV folder) and `--out FILE` (the pool to write)."""
    parser = argparse.ArgumentParser(description=description)
    default_reference = REFERENCE_ROOT / reference
    parser.add_argument("--reference", type=Path, default=default_reference,
                        help=f"folder holding the reference CSVs (default: {default_reference})")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "cardpools" / f"{game_id}.toml",
                        help="pool file to write (default: cardpools/<game>.toml)")
    return parser.parse_args(argv)


def read_rows(path: Path) -> list[dict[str, str]]:
    """Every row of a reference CSV, as column -> cell (empty cells are "")."""
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def comment_block(text: str) -> str:
    """Turn free text into TOML comment lines."""
    return "".join(f"# {line}".rstrip() + "\n" for line in text.strip().splitlines())


def header_toml(header: Mapping[str, Any]) -> str:
    """Render the header tables (schema, game, fields, setup, formats)."""
    return tomli_w.dumps(dict(header), multiline_strings=False)


def inline_value(value: Any) -> str:
    """One TOML value on one line; tables become inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, Mapping):
        items = ", ".join(f"{inline_key(k)} = {inline_value(v)}" for k, v in value.items())
        return "{ " + items + " }" if items else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(inline_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def inline_key(key: str) -> str:
    """A bare key where TOML allows one, else a quoted key."""
    return key if BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


class KeptList(list[str]):
    """A list written even when empty: a fact known to be empty (not unknown)."""


def card_toml(card: Mapping[str, Any], comment: str | None = None) -> str:
    """Render one `[[cards]]` table, preceded by an optional comment (a recorded doubt)."""
    lines = comment_block(comment) if comment else ""
    kept = {k: v for k, v in card.items()
            if v is not None and v != "" and (v != [] or isinstance(v, KeptList)) and v != {}}
    body = "".join(f"{inline_key(k)} = {inline_value(v)}\n" for k, v in kept.items())
    return f"{lines}[[cards]]\n{body}\n"


def write_pool(
    path: Path,
    preamble: str,
    header: Mapping[str, Any],
    cards: Iterable[tuple[Mapping[str, Any], str | None]],
) -> None:
    """Write a pool: comment preamble, header tables, then every card (atomically)."""
    parts = [comment_block(preamble), "\n", header_toml(header), "\n"]
    parts.extend(card_toml(card, comment) for card, comment in cards)
    text = "".join(parts)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    os.chmod(tmp, 0o644)  # mkstemp makes 0600; pools are shared data
    os.replace(tmp, path)
