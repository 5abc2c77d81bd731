"""Completion and hover: the document and cursor of a request, and the answer's items."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.workspace import TextDocument

from deckcli.formats.kinds import kind_of
from deckcli.lsp.checking import Checked
from deckcli.lsp.completion import card_choices, meta_choices, text_spot, toml_spot, written
from deckcli.lsp.hover import hover_text
from deckcli.lsp.locate import refs_of, table_of
from deckcli.lsp.units import range_maker
from deckcli.pools.poolfile import PoolError
from deckcli.pools.registry import PoolRegistry
from deckcli.textnorm import fold

if TYPE_CHECKING:
    from deckcli.lsp.server import DeckServer


def cursor(server: DeckServer, uri: str, position: types.Position
           ) -> tuple[TextDocument, Path, Checked, list[str], int, int] | None:
    """The document, its path and check, its lines and the cursor (line, code point)."""
    found = server.checked(uri)
    if found is None:
        return None
    doc, checked = found
    lines = doc.source.splitlines()
    if position.line >= len(lines):  # the empty line after the last newline
        return doc, Path(str(doc.path)), checked, lines, position.line, 0
    at = doc.position_from_client_units(position)
    return doc, Path(str(doc.path)), checked, lines, at.line, at.character


def complete(server: DeckServer, params: types.CompletionParams) -> types.CompletionList | None:
    """Completion items for the cursor's spot (see `completion.py`)."""
    found = cursor(server, params.text_document.uri, params.position)
    if found is None:
        return None
    doc, path, checked, lines, row, column = found
    line = lines[row] if row < len(lines) else ""
    kind = checked.deck.kind if checked.deck else kind_of(path)
    spot = (toml_spot(line, column, table_of(lines, row)) if kind == "toml"
            else text_spot(line, column) if kind == "text" else None)
    if spot is None:
        return None
    incomplete = False
    resolver = server.checker.resolver_for(path, doc.source, checked)
    if spot.kind == "card":
        if resolver is None:
            return None
        choices, incomplete = card_choices(resolver, spot.typed)
    else:
        formats = ({fid: fmt.name for fid, fmt in resolver.pool.header.formats.items()}
                   if resolver else {})
        choices = meta_choices(spot.kind, game_names(server.checker.registry_for(path)),
                               formats)
    to_range = range_maker(doc)
    edit_range = to_range((row, spot.start, spot.end))
    typed = line[spot.start:column]
    snippets = snippet_support(server)
    items = []
    for index, choice in enumerate(choices):
        text = written(spot, choice.write)
        items.append(types.CompletionItem(
            label=choice.label, detail=choice.detail,
            kind=types.CompletionItemKind.Value if spot.kind == "card"
            else types.CompletionItemKind.EnumMember,
            text_edit=types.TextEdit(range=edit_range,
                                     new_text=snippet_text(text) if snippets else text),
            insert_text_format=types.InsertTextFormat.Snippet if snippets else None,
            filter_text=filter_text(typed, text), sort_text=f"{choice.rank}{index:04}"))
    return types.CompletionList(is_incomplete=incomplete, items=items)


def filter_text(typed: str, text: str) -> str:
    """What a client filters an item by: it starts with what was typed, exactly (clients
    match the text between the edit's start and the cursor against it, some by case): the
    text to write with the typed part as typed ('"area' -> '"areaSteal" = 1', which reads
    back as the same card), else the typed text before it ('fire' -> 'fire"Fire Arm" = 1')."""
    head = text[:len(typed)]
    return typed + text[len(typed):] if fold(head) == fold(typed) else typed + text


def snippet_support(server: DeckServer) -> bool:
    """Whether the client takes completion snippets: they are written whole by Neovim's
    completion (which writes only the first word of a plain-text edit, `"AreaSteal"` of
    `"AreaSteal" = 1`)."""
    document = server.client_capabilities.text_document
    completion = document.completion if document else None
    item = completion.completion_item if completion else None
    return bool(item and item.snippet_support)


def snippet_text(text: str) -> str:
    """Text as a snippet that writes exactly it (`$`, `}` and `\\` escaped; no tab stop)."""
    return re.sub(r"([$}\\])", r"\\\1", text)


def game_names(registry: PoolRegistry | None) -> dict[str, str]:
    """Game id -> the game's name, for every game the document may name."""
    names: dict[str, str] = {}
    if registry is None:
        return names
    for game_id in registry.game_ids():
        try:
            names[game_id] = registry.header(game_id).game.name
        except PoolError:
            names[game_id] = "(its pool cannot be read)"
    return names


def hover(server: DeckServer, params: types.HoverParams) -> types.Hover | None:
    """The facts of the card referenced on the cursor's line."""
    found = cursor(server, params.text_document.uri, params.position)
    if found is None:
        return None
    doc, path, checked, lines, row, column = found
    if checked.deck is None:
        return None
    ref = refs_of(doc.source, checked.deck.kind).get(row)
    resolver = server.checker.resolver_for(path, doc.source, checked)
    if ref is None or resolver is None or not ref.start <= column <= ref.end:
        return None
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                     value=hover_text(resolver, checked.deck, ref.ref)),
        range=range_maker(doc)((row, ref.start, ref.end)))
