"""The deck file formats deckcli reads and writes, each described once: its suffixes, its
reader, its writer, whether a folder scan looks inside before taking it as a deck, and whether
`add`/`remove`/`fmt` edit it in place.

Every command asks this table (`kind_of`, `by_name`, `DECK_SUFFIXES`) rather than keeping its
own list of suffixes, so a format added here is read, scanned, created and exported everywhere.
Readers and writers of the rarer formats are imported when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from deckcli.i18n import N_
from deckcli.model.deck import Deck, DeckKind
from deckcli.model.problem import Problem

if TYPE_CHECKING:
    from deckcli.engine.resolver import Resolved, Resolver
    from deckcli.model.card import Card

Reader = Callable[[str, Deck], tuple[Deck, list[Problem]]]
# a writer gives the file in pieces (a .dek holds one element per copy: it streams)
Writer = Callable[["Resolver", "list[Resolved]", "str | None"], "Iterable[str]"]


@dataclass(frozen=True, slots=True)
class FileFormat:
    """One deck file format."""

    kind: DeckKind  # the name `Deck.kind` and `export --format` use
    label: str  # how messages name its files
    suffixes: tuple[str, ...]  # lower case, with the dot; the first is the one to suggest
    read: Reader
    write: Writer
    sniffed: bool  # a folder scan reads it before taking it as a deck
    editable: bool  # add, remove and fmt change such files in place
    needs: str = ""  # what an empty file of the format lacks, for the empty-file message


def _read_toml(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    from deckcli.formats.tomldeck import parse_toml_deck
    return parse_toml_deck(text, deck)


def _read_text(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    from deckcli.formats.textread import parse_text_deck
    return parse_text_deck(text, deck)


def _read_lackey(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    if not text.lstrip().startswith("<"):  # a .dek that is a plain list (some programs)
        deck.kind = "text"
        return _read_text(text, deck)
    from deckcli.formats.lackey import parse_lackey_deck
    return parse_lackey_deck(text, deck)


def _read_csv(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    from deckcli.formats.csvlist import parse_csv_deck
    return parse_csv_deck(text, deck)


def _read_json(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    from deckcli.formats.jsonlist import parse_json_deck
    return parse_json_deck(text, deck)


def _write_toml(resolver: Resolver, counted: list[Resolved], name: str | None) -> list[str]:
    from deckcli.formats.write import canonical_deck_text
    return [canonical_deck_text(resolver, counted, name)]


def _write_text(resolver: Resolver, counted: list[Resolved], name: str | None) -> list[str]:
    from deckcli.formats.textlist import list_text
    return [list_text(resolver, counted, name)]


def _cards(resolver: Resolver, counted: list[Resolved]) -> list[tuple[Card, int]]:
    """Resolved cards grouped by type, as the flat formats list them."""
    from deckcli.formats.layout import group_by_type

    return [(item.card, item.count)
            for _, members in group_by_type(resolver.pool, counted, lambda i: i.card)
            for item in members if item.card is not None]


def _meta(resolver: Resolver, name: str | None) -> dict[str, str | None]:
    return {"game": resolver.pool.game_id, "format": resolver.format_id, "name": name}


def _write_lackey(resolver: Resolver, counted: list[Resolved], name: str | None
                  ) -> Iterable[str]:
    from deckcli.formats.lackey import lackey_chunks
    return lackey_chunks(resolver.pool.game_id, name, _cards(resolver, counted))


def _write_csv(resolver: Resolver, counted: list[Resolved], name: str | None) -> list[str]:
    from deckcli.formats.csvlist import csv_text
    return [csv_text(_meta(resolver, name), _cards(resolver, counted))]


def _write_json(resolver: Resolver, counted: list[Resolved], name: str | None) -> list[str]:
    from deckcli.formats.jsonlist import json_text
    return [json_text(_meta(resolver, name), _cards(resolver, counted))]


FORMATS: tuple[FileFormat, ...] = (
    FileFormat("toml", "TOML deck", (".toml",), _read_toml, _write_toml,
               sniffed=False, editable=True,
               needs=N_('the file is empty; a deck needs game = "…" and [cards]')),
    FileFormat("text", "text list", (".txt", ".list"), _read_text, _write_text,
               sniffed=True, editable=True,
               needs=N_("the file is empty; a text list needs a line per card, such as "
                        "\"4 CyberSword\", and a \"# game: …\" line")),
    FileFormat("lackey", "LackeyCCG deck", (".dek",), _read_lackey, _write_lackey,
               sniffed=True, editable=False,
               needs=N_("the file is empty; a LackeyCCG deck needs a <deck> element with "
                        "its cards")),
    FileFormat("csv", "CSV list", (".csv",), _read_csv, _write_csv,
               sniffed=True, editable=False,
               needs=N_("the file is empty; a CSV list needs a header row naming its "
                        "columns, then a row per card")),
    FileFormat("json", "JSON list", (".json",), _read_json, _write_json,
               sniffed=True, editable=False,
               needs=N_('the file is empty; a JSON list needs {"cards": [{"id": …, '
                        '"count": …}]}')),
)
_BY_KIND: dict[str, FileFormat] = {fmt.kind: fmt for fmt in FORMATS}
_BY_SUFFIX = {suffix: fmt for fmt in FORMATS for suffix in fmt.suffixes}
DECK_SUFFIXES: tuple[str, ...] = tuple(_BY_SUFFIX)  # what a folder scan considers
SNIFFED_SUFFIXES: tuple[str, ...] = tuple(s for s, fmt in _BY_SUFFIX.items() if fmt.sniffed)
KINDS: tuple[DeckKind, ...] = tuple(fmt.kind for fmt in FORMATS)


def by_kind(kind: DeckKind) -> FileFormat:
    return _BY_KIND[kind]


def by_name(name: str) -> FileFormat | None:
    """The format a user named (`--format lackey`), any case; None when there is none."""
    return _BY_KIND.get(name.strip().lower())


def by_suffix(path: Path | str) -> FileFormat | None:
    """The format a file's suffix names, or None for a suffix no deck format has."""
    suffix = path.suffix if isinstance(path, PurePath) else PurePath(path).suffix
    return _BY_SUFFIX.get(suffix.lower())


def kind_of(path: Path | str) -> DeckKind:
    """The reader a file's suffix picks; a file of any other suffix named on the command
    line is read as TOML (the format of decks deckcli writes)."""
    found = by_suffix(path)
    return found.kind if found is not None else "toml"


def suffix_list(formats: Sequence[FileFormat] = FORMATS) -> str:
    """'.toml, .txt, .list, .dek, .csv, .json' — for messages."""
    return ", ".join(suffix for fmt in formats for suffix in fmt.suffixes)
