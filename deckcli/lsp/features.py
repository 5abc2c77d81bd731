"""The requests the server answers beyond diagnostics, each through `DeckServer.answer`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

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
