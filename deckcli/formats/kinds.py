"""The registry of deck file formats: each is one module (`toml_format`, `text_format`,
`lackey_format`, `csv_format`, `json_format`) holding a `DeckFormat` (`formats.base`), listed
here once.

Every command asks this registry (`kind_of`, `by_name`, `by_suffix`, `DECK_SUFFIXES`, `KINDS`)
rather than keeping its own list of suffixes or format names, so a format added here is read,
scanned, created, exported, edited and shown in editors everywhere. The formats' readers and
writers are imported when first used.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path, PurePath

from deckcli.formats.base import DeckFormat
from deckcli.formats.csv_format import CSV
from deckcli.formats.json_format import JSON
from deckcli.formats.lackey_format import LACKEY
from deckcli.formats.text_format import TEXT
from deckcli.formats.toml_format import TOML
from deckcli.model.deck import DeckKind

FORMATS: tuple[DeckFormat, ...] = (TOML, TEXT, LACKEY, CSV, JSON)
NATIVE: DeckFormat = next(fmt for fmt in FORMATS if fmt.canonical)  # what deckcli writes
LIST: DeckFormat = TEXT  # a list on standard input, and an export's default
_BY_KIND: dict[str, DeckFormat] = {fmt.kind: fmt for fmt in FORMATS}
_BY_SUFFIX = {suffix: fmt for fmt in FORMATS for suffix in fmt.suffixes}
DECK_SUFFIXES: tuple[str, ...] = tuple(_BY_SUFFIX)  # what a folder scan considers
SNIFFED_SUFFIXES: tuple[str, ...] = tuple(s for s, fmt in _BY_SUFFIX.items() if fmt.sniffed)
KINDS: tuple[DeckKind, ...] = tuple(fmt.kind for fmt in FORMATS)


def by_kind(kind: DeckKind) -> DeckFormat:
    return _BY_KIND[kind]


def by_name(name: str) -> DeckFormat | None:
    """The format a user named (`--format lackey`), any case; None when there is none."""
    return _BY_KIND.get(name.strip().lower())


def by_suffix(path: Path | str) -> DeckFormat | None:
    """The format a file's suffix names, or None for a suffix no deck format has."""
    suffix = path.suffix if isinstance(path, PurePath) else PurePath(path).suffix
    return _BY_SUFFIX.get(suffix.lower())


def kind_of(path: Path | str) -> DeckKind:
    """The reader a file's suffix picks; a file of any other suffix named on the command
    line is read as TOML (NATIVE: the format of decks deckcli writes)."""
    return format_of(path).kind


def format_of(path: Path | str) -> DeckFormat:
    """The format a file's suffix names, else NATIVE (a file named on the command line)."""
    found = by_suffix(path)
    return found if found is not None else NATIVE


def suffix_list(formats: Sequence[DeckFormat] = FORMATS) -> str:
    """'.toml, .txt, .list, .dek, .csv, .json' — for messages."""
    return ", ".join(suffix for fmt in formats for suffix in fmt.suffixes)
