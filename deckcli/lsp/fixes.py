"""Code actions, formatting and the outline of a document already checked: the fixes or
edits, and their conversion to LSP edits in the editor's units. The server (`server.py`)
hands each function the document, its check and the checker; nothing here knows the server."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from lsprotocol import types
from pygls.workspace import TextDocument

from deckcli.engine.resolver import Resolver
from deckcli.errors import UserError
from deckcli.formats.base import Ref, Symbol
from deckcli.formats.fixedit import Before, text_edits
from deckcli.formats.kinds import by_kind
from deckcli.formats.read import parse_deck_text
from deckcli.formats.write import UNFORMATTABLE
from deckcli.i18n import _
from deckcli.lsp.actions import line_change
from deckcli.lsp.checking import Checked, Checker
from deckcli.lsp.diagnostics import spans
from deckcli.lsp.units import Replace, span_maker, text_edit
from deckcli.model.deck import Deck
from deckcli.model.fix import Fix, TextEdit, game_fix
from deckcli.model.problem import Problem

_SYMBOL_KINDS = {"field": types.SymbolKind.Property, "section": types.SymbolKind.Namespace,
                 "card": types.SymbolKind.Field}


FIX_ALL = "source.fixAll.deckcli"  # every safe fix at once (as `check --fix`), e.g. on save


def wanted(only: Sequence[str] | None, kind: str) -> bool:
    """Whether the client asked for code actions of `kind` (no `only`: every quick fix)."""
    if only is None:
        return kind == types.CodeActionKind.QuickFix
    return any(kind == asked or kind.startswith(asked + ".") for asked in only)


def code_actions(doc: TextDocument, checked: Checked, checker: Checker,
                 params: types.CodeActionParams) -> list[types.CodeAction] | None:
    """The quick fixes of the problems on the requested lines, each the fix `check` offers
    (one per choice of a display-only fix), titled with its applicability; and, when asked
    for, `source.fixAll.deckcli`: every safe fix, as `check --fix` makes them."""
    uri = params.text_document.uri
    if checked.deck is None:
        return None
    text, path = doc.source, Path(str(doc.path))
    only = params.context.only
    actions: list[types.CodeAction] = []
    if wanted(only, types.CodeActionKind.QuickFix):
        first, last = params.range.start.line, params.range.end.line
        for problem, (line, _start, _end) in spans(checked, text):
            if first <= line <= last and problem.fix is not None:
                actions += quick_fixes(doc, uri, problem, params.context.diagnostics)
        if checked.game_from is not None and checked.resolver is not None and not any(
                p.rule == "game-inferred" for p in checked.problems):
            actions += configured_game(doc, uri, checked.deck, checked.resolver)
    if wanted(only, FIX_ALL):
        after = checker.fix_all(path, text)
        if after is not None:
            actions.append(types.CodeAction(
                title=_("Fix every safe problem (deckcli)"), kind=FIX_ALL,
                edit=types.WorkspaceEdit(changes={uri: [
                    text_edit(doc, replace_of(edit)) for edit in text_edits(text, after)]})))
    return actions


def quick_fixes(doc: TextDocument, uri: str, problem: Problem,
                diagnostics: Sequence[types.Diagnostic]) -> list[types.CodeAction]:
    """A problem's fix as code actions: the fix itself, or one per choice of a display-only
    fix; preferred only when it is the problem's one fix and a safe one."""
    fix = problem.fix
    assert fix is not None
    offered = [choice for choice in fix.choices if choice.edits] or (
        [fix] if fix.edits else [])
    answered = [d for d in diagnostics if d.code == problem.rule and d.source == "deckcli"]
    return [to_action(doc, uri, choice, answered, len(offered) == 1 and choice.applicability
                      == "safe") for choice in offered]


def to_action(doc: TextDocument, uri: str, fix: Fix, answered: Sequence[types.Diagnostic],
              preferred: bool) -> types.CodeAction:
    """A fix as a quick-fix code action, with the editor's diagnostics it answers."""
    return types.CodeAction(
        title=titled(fix), kind=types.CodeActionKind.QuickFix,
        diagnostics=list(answered) or None, is_preferred=preferred or None,
        edit=types.WorkspaceEdit(changes={uri: [
            text_edit(doc, replace_of(edit)) for edit in fix.edits]}))


def titled(fix: Fix) -> str:
    """A fix's title with its applicability, as the editor lists it."""
    if fix.applicability == "safe":
        return _("{title} (safe)").format(title=fix.title)
    if fix.applicability == "unsafe":
        return _("{title} (unsafe)").format(title=fix.title)
    return _("{title} (display-only)").format(title=fix.title)


def configured_game(doc: TextDocument, uri: str, deck: Deck, resolver: Resolver
                    ) -> list[types.CodeAction]:
    """The game the configuration gives a deck, written in the file (the same safe fix as
    a game its cards give)."""
    game = resolver.pool.game_id
    made = Before(doc.source, deck, resolver).made(Fix(
        "safe", _("Write the game {game}, which the configuration gives, in the file").format(
            game=game), game_fix(game).changes))
    return [] if made is None else [to_action(doc, uri, made, [], True)]


def replace_of(edit: TextEdit) -> Replace:
    """A fix's edit (lines and columns from 1) in the server's terms (from 0)."""
    return edit.line - 1, edit.column - 1, edit.end_line - 1, edit.end_column - 1, edit.text


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
