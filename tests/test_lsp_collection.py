"""The language server with a collection configured: the hover of a card says the copies
owned against the deck's need, and `not-owned` notes come as information diagnostics."""

from __future__ import annotations

import pytest
from lsprotocol import types

from lsphelp import module_fixtures, open_doc, published, replace_all

pytestmark = pytest.mark.asyncio(loop_scope="module")

root, client = module_fixtures("lsp-collection")
DECK = "# game: megaman\n4 CyberSword\n2 Determined\n1 AreaSteal\n"


async def hover(client, uri: str, line: int) -> str:
    found = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=3)))
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    return found.contents.value


async def test_hover_shows_owned_copies_and_notes_come_as_information(client, root):
    (root / "binder.txt").write_text("# game: megaman\n3 CyberSword\n4 Determined\n",
                                     encoding="utf-8")
    (root / "deckcli.toml").write_text('collection = "binder.txt"\n', encoding="utf-8")
    uri = open_doc(client, root / "deck.txt", DECK, "plaintext")
    found = [d for d in await published(client, uri) if d.code == "not-owned"]
    assert [(d.range.start.line, d.severity) for d in found] == [
        (1, types.DiagnosticSeverity.Information), (3, types.DiagnosticSeverity.Information)]
    assert "owned: 3 (the deck needs 4) — acquire 1" in await hover(client, uri, 1)
    assert "owned: 4 (the deck needs 2)" in await hover(client, uri, 2)
    assert "owned: 0 (the deck needs 1) — acquire 1" in await hover(client, uri, 3)
    (root / "binder.txt").write_text("# game: megaman\n5 CyberSword\n4 Determined\n",
                                     encoding="utf-8")  # the binder edited outside the editor
    replace_all(client, uri, DECK + "\n", 2)
    await published(client, uri, 2)
    assert "owned: 5 (the deck needs 4)" in await hover(client, uri, 1)


async def test_hover_says_nothing_of_ownership_without_a_collection(client, root):
    folder = root / "elsewhere"
    folder.mkdir()
    (folder / "deckcli.toml").write_text("strict = false\n", encoding="utf-8")
    uri = open_doc(client, folder / "deck.txt", DECK, "plaintext")
    assert not [d for d in await published(client, uri) if d.code == "not-owned"]
    assert "owned" not in await hover(client, uri, 1)


async def test_a_configured_collection_that_cannot_be_read_is_said(client, root):
    """`check` and `own` stop on a missing collection file; the editor says it too, as a
    warning on the deck and a mistake of the configuration, instead of an empty hover."""
    folder = root / "missing"
    folder.mkdir()
    config = folder / "deckcli.toml"
    config.write_text('collection = "binder.txt"\n', encoding="utf-8")
    uri = open_doc(client, folder / "deck.txt", DECK, "plaintext")
    said = [d for d in await published(client, uri) if d.code == "invalid-config"]
    assert [d.severity for d in said] == [types.DiagnosticSeverity.Warning]
    assert "binder.txt" in said[0].message and "owned" not in await hover(client, uri, 1)
    config_uri = open_doc(client, config, config.read_text(encoding="utf-8"))
    [mistake] = await published(client, config_uri)
    assert mistake.code == "invalid-config" and "binder.txt" in mistake.message
