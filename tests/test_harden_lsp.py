"""`deckcli lsp` against decks laid out to fool it: a quick fix lands on the line an editor
counts (a TOML comment may hold U+2028, which `str.splitlines` cuts at and an editor does
not), and every rule kind with a hover (copies, banned, restricted) answers over a card of a
user pool the configuration names."""

from __future__ import annotations

import shutil

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import TEST_POOLS
from lsphelp import module_fixtures, open_doc, published

pytestmark = pytest.mark.asyncio(loop_scope="module")

root, client = module_fixtures("lsp-harden")


def editor_offset(text: str, position: types.Position) -> int:
    """An LSP position as an editor reads it: lines end at LF, CRLF or CR only."""
    line = 0
    index = 0
    while line < position.line:
        index = min(text.index("\n", index) + 1, len(text))
        line += 1
    return index + position.character


def editor_applied(text: str, edits: list[types.TextEdit]) -> str:
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character),
                       reverse=True):
        text = (text[:editor_offset(text, edit.range.start)] + edit.new_text
                + text[editor_offset(text, edit.range.end):])
    return text


async def test_a_quick_fix_lands_on_its_line_past_a_line_separator(client: LanguageClient,
                                                                    root):
    text = ('game = "megaman"\n# scans \u2028 from the binder\n[cards]\n'
            '"CyberSword" = 5\n"AreaSteal" = 4\n')
    uri = open_doc(client, root / "separator.toml", text)
    found = await published(client, uri)
    [copies] = [d for d in found if d.code == "copies"]
    assert copies.range.start.line == 3  # as the editor counts: the CyberSword line
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=copies.range,
        context=types.CodeActionContext(diagnostics=[copies])))
    [cut] = [a for a in actions or [] if isinstance(a, types.CodeAction)
             and a.title.startswith("Cut 1 × CyberSword")]
    assert cut.edit is not None and cut.edit.changes is not None
    edits = list(cut.edit.changes[uri])
    assert [edit.range.start.line for edit in edits] == [3]
    assert editor_applied(text, edits) == text.replace('"CyberSword" = 5', '"CyberSword" = 4')


async def hover(client: LanguageClient, uri: str, line: int, character: int) -> str:
    found = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=character)))
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    return found.contents.value


async def test_every_kind_with_a_hover_answers_in_the_editor(client: LanguageClient, root):
    (root / "pools").mkdir(exist_ok=True)
    shutil.copy(TEST_POOLS / "testgame.toml", root / "pools" / "testgame.toml")
    (root / "deckcli.toml").write_text('pools = ["pools"]\n', encoding="utf-8")
    text = ('game = "testgame"\n[cards]\n"Ada, Knight" = 1\n"Wish" = 2\n'
            '"Forbidden Tome" = 1\n"Bolt" = 3\n')
    uri = open_doc(client, root / "lists.toml", text)
    codes = {d.code for d in await published(client, uri)}
    assert {"banned", "restricted"} <= codes
    banned = await hover(client, uri, 4, 2)
    assert "banned in testgame decks (rule banned)" in banned
    restricted = await hover(client, uri, 3, 2)
    assert "restricted in testgame decks: 2 in the deck, at most 1 (rule restricted)" in \
        restricted
    copies = await hover(client, uri, 5, 2)
    assert "copies in the deck: 3 (at most" in copies and "rule copies)" in copies
