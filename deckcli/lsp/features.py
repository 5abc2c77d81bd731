"""The requests the server answers beyond diagnostics, each through `DeckServer.answer`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from deckcli.lsp.fixes import FIX_ALL, code_actions, format_document, outline
from deckcli.lsp.requests import complete, hover

if TYPE_CHECKING:
    from deckcli.lsp.server import DeckServer

WATCHED = ("**/deckcli.toml", "**/pyproject.toml", "**/cardpools/*.toml")


def register(server: DeckServer) -> None:
    """Register completion, hover, code actions, formatting and symbols on the server."""

    @server.feature(types.INITIALIZED)
    async def initialized(params: types.InitializedParams) -> None:
        watch = server.client_capabilities.workspace
        changes = watch.did_change_watched_files if watch else None
        if changes is None or not changes.dynamic_registration:
            return
        options = types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[types.FileSystemWatcher(glob_pattern=glob) for glob in WATCHED])
        try:
            await server.client_register_capability_async(types.RegistrationParams(
                registrations=[types.Registration(
                    id="deckcli-config", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                    register_options=options)]))
        except Exception as exc:  # the client's refusal: changes are then seen on save only
            server.window_log_message(types.LogMessageParams(
                type=types.MessageType.Info, message=f"deckcli: no file watching ({exc})"))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=['"', " ", ":"]))
    def completion(params: types.CompletionParams) -> types.CompletionList | None:
        return server.answer("completion", lambda: complete(server, params))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(params: types.HoverParams) -> types.Hover | None:
        return server.answer("hover", lambda: hover(server, params))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]))
    def on_code_action(params: types.CodeActionParams) -> list[types.CodeAction] | None:
        return server.answer("code actions", lambda: code_actions(server, params))

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def on_formatting(params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        return server.answer("formatting", lambda: format_document(server, params))

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def on_symbols(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol] | None:
        return server.answer("document symbols", lambda: outline(server, params))
