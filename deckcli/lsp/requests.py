"""Completion and hover: the cursor of a request in a document already checked, and the
answer's items. The server (`server.py`) hands each function the document, its check and the
checker; nothing here knows the server."""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types
from pygls.workspace import TextDocument

from deckcli.formats.kinds import by_kind, format_of
from deckcli.i18n import _
from deckcli.lsp.checking import Checked, Checker
from deckcli.lsp.completion import card_choices, meta_choices, written
from deckcli.lsp.hover import hover_text
from deckcli.lsp.units import range_maker
from deckcli.pools.poolfile import PoolError
from deckcli.pools.registry import PoolRegistry
from deckcli.textnorm import fold


def cursor(doc: TextDocument, position: types.Position) -> tuple[Path, list[str], int, int]:
    """The document's path, its lines and the cursor (line, code point)."""
    lines = doc.source.splitlines()
    if position.line >= len(lines):  # the empty line after the last newline
        return Path(str(doc.path)), lines, position.line, 0
    at = doc.position_from_client_units(position)
    return Path(str(doc.path)), lines, at.line, at.character


def complete(doc: TextDocument, checked: Checked, checker: Checker,
             params: types.CompletionParams, snippets: bool = False
             ) -> types.CompletionList | None:
    """Completion items for the cursor's spot (see `completion.py`); `snippets`: the client
    takes snippets, and each item's text is one (see `snippet_text`)."""
    path, lines, row, column = cursor(doc, params.position)
    line = lines[row] if row < len(lines) else ""
    file_format = by_kind(checked.deck.kind) if checked.deck else format_of(path)
    spot = file_format.spot(lines, row, column)
    if spot is None:
        return None
    incomplete = False
    resolver = checked.typing
    if spot.kind == "card":
        if resolver is None:
            return None
        choices, incomplete = card_choices(resolver, spot.typed)
    else:
        formats = ({fid: fmt.name for fid, fmt in resolver.pool.header.formats.items()}
                   if resolver else {})
        choices = meta_choices(spot.kind, game_names(checker.registry_for(path)),
                               formats, file_format.game_line)
    to_range = range_maker(doc)
    edit_range = to_range((row, spot.start, spot.end))
    typed = line[spot.start:column]
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
            names[game_id] = _("(its pool cannot be read)")
    return names


def hover(doc: TextDocument, checked: Checked, params: types.HoverParams) -> types.Hover | None:
    """The facts of the card referenced on the cursor's line."""
    _, _, row, column = cursor(doc, params.position)
    if checked.deck is None:
        return None
    ref = by_kind(checked.deck.kind).refs(doc.source).get(row)
    resolver = checked.typing
    if ref is None or resolver is None or not ref.start <= column <= ref.end:
        return None
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                     value=hover_text(resolver, checked.deck, ref.ref,
                                                      checked.owned)),
        range=range_maker(doc)((row, ref.start, ref.end)))
