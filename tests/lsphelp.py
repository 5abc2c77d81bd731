"""Helpers of the language-server tests: the server as `deckcli lsp` in a subprocess, and a
client that opens documents and waits for their diagnostics."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from conftest import REPO

PUBLISH = types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS
TIMEOUT = 90.0  # a loaded machine starts a server slowly
CACHE = Path(tempfile.gettempdir()) / f"deckcli-lsp-tests-{Path.home().name}"


def server_config(cache: Path) -> ClientServerConfig:
    """`python -m deckcli lsp` from this worktree, with its own pool cache."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "DECKCLI_CACHE": str(cache)}
    env.pop("DECKCLI_POOLS", None)
    return ClientServerConfig(server_command=[sys.executable, "-m", "deckcli", "lsp"],
                              server_env=env, client_factory=make_client)


def keep(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
    """Keep every diagnostics notification, in order, for `published`.

    pytest-lsp's own `wait_for_notification` holds one future per method: when two
    notifications arrive in one read, the second is lost and a test waits for it until it
    times out."""
    client.diagnostics[params.uri] = params.diagnostics
    client.publications.append(params)  # type: ignore[attr-defined]
    client.arrived.set()  # type: ignore[attr-defined]


def make_client() -> LanguageClient:
    """pytest-lsp's test client, its diagnostics handler replaced by `keep`."""
    client = LanguageClient(converter_factory=default_converter)
    register_lsp_features(client, {**DEFAULT_CLIENT_FEATURES, PUBLISH: keep})
    client.publications = []  # type: ignore[attr-defined]
    client.arrived = asyncio.Event()  # type: ignore[attr-defined]
    return client


async def start(client: LanguageClient, root: Path) -> None:
    """Initialize the session, as VS Code would, watching files when asked."""
    client.registrations = []  # type: ignore[attr-defined]

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams) -> None:
        client.registrations.extend(params.registrations)  # type: ignore[attr-defined]

    await client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="decks")]))


async def published(client: LanguageClient, uri: str, version: int | None = None
                    ) -> list[types.Diagnostic]:
    """The next diagnostics published for `uri` (of that version, when given): the first one
    that arrives after this call (nothing is read from the server before the first await)."""
    seen = len(client.publications)  # type: ignore[attr-defined]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + TIMEOUT
    while True:
        for params in client.publications[seen:]:  # type: ignore[attr-defined]
            if params.uri == uri and (version is None or params.version == version):
                return list(params.diagnostics)
        seen = len(client.publications)  # type: ignore[attr-defined]
        client.arrived.clear()  # type: ignore[attr-defined]
        await asyncio.wait_for(client.arrived.wait(),  # type: ignore[attr-defined]
                               max(0.0, deadline - loop.time()))


def open_doc(client: LanguageClient, path: Path, text: str, language: str = "toml") -> str:
    """Open a document (written to disk too, as an editor would have it) -> its URI."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id=language, version=1,
                                             text=text)))
    return uri


def replace_all(client: LanguageClient, uri: str, text: str, version: int) -> None:
    """Send the document's whole new text as a change."""
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def at(diagnostic: types.Diagnostic) -> tuple[int, int, int]:
    """(line, start, end) of a one-line diagnostic."""
    start, end = diagnostic.range.start, diagnostic.range.end
    assert start.line == end.line
    return start.line, start.character, end.character


def module_fixtures(name: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """`root, client = module_fixtures("name")`: a folder for the module's documents and one
    server for the whole module, shut down at its end."""

    @pytest.fixture(scope="module")
    def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
        return tmp_path_factory.mktemp(name)

    @pytest_lsp.fixture(scope="module", config=server_config(CACHE))
    async def client(lsp_client: LanguageClient, root: Path) -> AsyncIterator[None]:
        await start(lsp_client, root)
        yield
        await lsp_client.shutdown_session()

    return root, client


def applied(text: str, edits: list[types.TextEdit]) -> str:
    """The text with the edits made (positions in code points: these texts are BMP only)."""
    lines = text.splitlines(keepends=True)

    def offset(position: types.Position) -> int:
        return sum(len(line) for line in lines[:position.line]) + position.character

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character),
                       reverse=True):
        text = text[:offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


async def complete(client: LanguageClient, uri: str, line: int, character: int
                   ) -> types.CompletionList:
    """The completion list the server offers at a position."""
    found = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=character)))
    assert isinstance(found, types.CompletionList)
    return found
