"""Code actions, formatting and the outline of a document already checked: the fixes or
edits, and their conversion to LSP edits in the editor's units. The server (`server.py`)
hands each function the document, its check and the checker; nothing here knows the server."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from lsprotocol import types
from pygls.workspace import TextDocument

from deckcli.engine.rules.kinds.copies import CopiesRule
from deckcli.errors import UserError
from deckcli.formats.base import Ref, Symbol
from deckcli.formats.kinds import by_kind
from deckcli.formats.read import parse_deck_text
from deckcli.formats.write import UNFORMATTABLE
from deckcli.i18n import _
from deckcli.lsp.actions import Fix, cut, game_lines, line_change, ranked_games, renames
from deckcli.lsp.checking import Checked, Checker
from deckcli.lsp.diagnostics import spans
from deckcli.lsp.units import span_maker, text_edit
from deckcli.model.deck import Deck

_SYMBOL_KINDS = {"field": types.SymbolKind.Property, "section": types.SymbolKind.Namespace,
                 "card": types.SymbolKind.Field}


def code_actions(doc: TextDocument, checked: Checked, checker: Checker,
                 params: types.CodeActionParams) -> list[types.CodeAction] | None:
    """The quick fixes of the problems on the requested lines (see `actions.py`)."""
    uri = params.text_document.uri
    if checked.deck is None:
        return None
    deck, text, path = checked.deck, doc.source, Path(str(doc.path))
    assert deck is not None
    resolver = checked.resolver
    file_format = by_kind(deck.kind)
    refs = file_format.refs(text)
    copies = {rule.id for rule in resolver.format.rules
              if isinstance(rule, CopiesRule)} if resolver else set()
    first, last = params.range.start.line, params.range.end.line
    fixes: list[Fix] = []
    for problem, (line, _start, _end) in spans(checked, text):
        if not first <= line <= last:
            continue
        ref = refs.get(line) if problem.line is not None else None
        if ref is not None and resolver is not None:
            fixes += renames(problem, ref, resolver, deck, {r.ref for r in refs.values()})
            if problem.rule in copies:
                fixes += cut(problem, ref, text, deck)
        if problem.rule == "missing-game":
            registry = checker.registry_for(path)
            games = ranked_games(deck, lambda game: checker.open_game(path, game, None),
                                 registry.game_ids() if registry else [])
            fixes += game_lines(file_format, games, problem)
    if checked.game_from is not None and resolver is not None:
        notice = next((p for p in checked.problems if p.rule == "game-inferred"), None)
        given = (_("{fix} (the game the configuration gives)") if checked.game_from == "config"
                 else _("{fix} (the game its cards give)"))
        fixes += [Fix(given.format(fix=fix.title), fix.edits, notice, fix.preferred)
                  for fix in game_lines(file_format, [resolver.pool.game_id], None)]
    return [to_action(doc, uri, fix, params.context.diagnostics) for fix in fixes]


def to_action(doc: TextDocument, uri: str, fix: Fix,
              diagnostics: Sequence[types.Diagnostic]) -> types.CodeAction:
    """A fix as a quick-fix code action, with the editor's diagnostic it answers."""
    answered = [d for d in diagnostics if fix.problem is not None
                and d.code == fix.problem.rule and d.source == "deckcli"]
    return types.CodeAction(
        title=fix.title, kind=types.CodeActionKind.QuickFix, diagnostics=answered or None,
        is_preferred=fix.preferred or None,
        edit=types.WorkspaceEdit(changes={uri: [text_edit(doc, edit) for edit in fix.edits]}))


def format_document(doc: TextDocument, checked: Checked) -> list[types.TextEdit] | None:
    """A TOML deck in `deckcli fmt`'s canonical form, as one edit of the lines that change;
    UserError (said to the editor by the server) when it cannot be formatted."""
    if checked.deck is None or checked.resolver is None:
        return None
    deck = checked.deck
    assert deck is not None and checked.resolver is not None
    file_format = by_kind(deck.kind)
    if not file_format.canonical:
        return None
    text = doc.source
    read = parse_deck_text(text, Deck(path=deck.path, kind=deck.kind))[1]
    blocking = next((p for p in read if p.rule in UNFORMATTABLE), None)
    if blocking is not None:
        raise UserError(_("line {line}: {message} — fix it, then format").format(
            line=blocking.line, message=blocking.message))
    after = file_format.reformat(text, checked.resolver)
    if after is None or after == text:
        return []
    return [text_edit(doc, line_change(text, after))]


def outline(doc: TextDocument, checked: Checked) -> list[types.DocumentSymbol] | None:
    """The deck's fields, sections and cards for the editor's outline."""
    deck = checked.deck
    if deck is None:
        return None
    assert deck is not None
    resolver = checked.resolver

    def describe(ref: Ref) -> str:
        card = resolver.lookup(ref.ref).card if resolver else None
        count = f"×{ref.count}" if ref.count is not None else ""
        return " · ".join(part for part in (count, card.label() if card else "") if part)

    head = "".join(doc.lines[:MAX_OUTLINE_LINES])
    to_range = span_maker(doc)
    return [symbol(to_range, head.splitlines(), item)
            for item in by_kind(deck.kind).outline(head, describe)]


# lines of a document the outline covers: far more than any real deck has, and the work of one
# answer stays bounded (a 100,000-line file gets the outline of its first lines at once,
# instead of an answer no editor waits for)
MAX_OUTLINE_LINES = 5_000


def symbol(to_range: Callable[[int, int, int, int], types.Range], lines: list[str],
           item: Symbol) -> types.DocumentSymbol:
    """An outline entry over whole lines, selecting its first line."""
    last = lines[item.last] if item.last < len(lines) else ""
    head = lines[item.first] if item.first < len(lines) else ""
    return types.DocumentSymbol(
        name=item.name or "(unnamed)", kind=_SYMBOL_KINDS[item.kind],
        range=to_range(item.first, 0, item.last, len(last)),
        selection_range=to_range(item.first, 0, item.first, len(head)),
        detail=item.detail or None,
        children=[symbol(to_range, lines, child) for child in item.children] or None)
