"""The language server under hostile requests (issue 38 item 8): a bounded outline of a huge
document, nothing read from disk for a document never opened, a lone surrogate as a
diagnostic, and the protocol's error replies to a negative position or a request after
`shutdown`."""

from __future__ import annotations

import asyncio
import os
import time

import pytest
from lsprotocol import types
from test_lsp_process import EXIT, INIT, INITIALIZED, SHUTDOWN, run_server

from lsphelp import module_fixtures, open_doc, published

pytestmark = pytest.mark.asyncio(loop_scope="module")
root, client = module_fixtures("lsp-hardening")
OUTLINE_SECONDS = 60.0  # a machine loaded 8 times over; unbounded, 100,000 lines took > 200 s


async def symbols(client, uri: str) -> list[types.DocumentSymbol]:
    found = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert found is not None
    return [item for item in found if isinstance(item, types.DocumentSymbol)]


@pytest.mark.parametrize("lines", [8_000, 100_000])
async def test_the_outline_of_a_huge_document_answers_fast_and_bounded(client, root, lines):
    text = 'game = "megaman"\n[cards]\n' + '"AreaSteal" = 1\n' * lines
    uri = open_doc(client, root / f"huge-{lines}.toml", text)
    await published(client, uri)
    started = time.perf_counter()
    found = await symbols(client, uri)
    assert time.perf_counter() - started < OUTLINE_SECONDS
    cards = next(item for item in found if item.name == "[cards]")
    assert cards.children and 1_000 <= len(cards.children) <= 5_000
    assert cards.children[0].range.start.line == 2


async def test_a_lone_surrogate_is_a_diagnostic(client, root):
    uri = open_doc(client, root / "plain.toml", 'game = "megaman"\n[cards]\n"AreaSteal" = 4\n')
    await published(client, uri)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(
            text='game = "megaman"\n[cards]\n"Area\ud800Steal" = 4\n')]))
    [diagnostic] = await published(client, uri, 2)
    assert diagnostic.code == "encoding" and diagnostic.range.start.line == 2
    assert "lone surrogate (U+D800)" in diagnostic.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
async def test_a_document_never_opened_is_not_read_from_disk(client, root):
    fifo = root / "pipe.toml"
    os.mkfifo(fifo)
    secret = root / "secret.toml"
    secret.write_text('game = "megaman"\nname = "ghp_secret"\n[cards]\n"AreaSteal" = 4\n',
                      encoding="utf-8")
    for path in (fifo, secret, root / "missing.toml"):
        params = types.TextDocumentIdentifier(uri=path.as_uri())
        assert await asyncio.wait_for(client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=params)), 30) is None
        assert await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
            text_document=params, position=types.Position(line=0, character=0))), 30) is None
    uri = open_doc(client, root / "alive.toml", 'game = "megaman"\n[cards]\n"AreaSteal" = 4\n')
    assert await published(client, uri)  # the server lives on


async def test_a_negative_position_and_a_request_after_shutdown_get_error_replies():
    uri = "file:///nowhere/deck.toml"
    opened = {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "toml", "version": 1, "text": 'game = "megaman"\n'}}}
    negative = {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": uri}, "position": {"line": -1, "character": -5}}}
    after = {"jsonrpc": "2.0", "id": 10, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}}
    code, answers = run_server(INIT, INITIALIZED, opened, negative, SHUTDOWN, after, EXIT)
    assert code == 0
    by_id = {answer.get("id"): answer for answer in answers if "id" in answer}
    assert by_id[2]["error"]["code"] == -32602  # InvalidParams
    assert "textDocument/hover" in by_id[2]["error"]["message"]
    assert by_id[9] == {"id": 9, "jsonrpc": "2.0", "result": None}
    assert by_id[10]["error"]["code"] == -32600  # InvalidRequest
    assert not any("internal error" in str(answer.get("params")) for answer in answers)
