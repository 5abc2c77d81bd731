"""`deckcli lsp`: documents in, diagnostics out, over stdin/stdout (pygls).

The top of the language server's layers: every handler is registered here, finds the
document and its check, and hands them (data, never the server) to the helpers below it:
`requests` (completion, hover), `fixes` (code actions, formatting, the outline),
`diagnostics`, all of them over `checking` (the one door into `deckcli.app`). Nothing
below imports this module.

Documents are checked on open and save at once, and a short while after the last change
(`DEBOUNCE_SECONDS`), on the event loop: a check of a 60-card deck takes a few milliseconds
once its pool is loaded, and the pool is loaded once per server. A failure inside deckcli is
logged to the editor's log and, for a request, answered as an LSP error; the server lives on.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from lsprotocol import types
from pygls.exceptions import JsonRpcInternalError
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument

from deckcli import __version__
from deckcli.errors import UserError
from deckcli.i18n import _, use_language
from deckcli.i18n.languages import match_language
from deckcli.lsp.checking import Checked, Checker
from deckcli.lsp.diagnostics import diagnostics
from deckcli.lsp.fixes import FIX_ALL, code_actions, format_document, outline
from deckcli.lsp.protocol import DeckProtocol
from deckcli.lsp.requests import complete, hover
from deckcli.lsp.units import range_maker

DEBOUNCE_SECONDS = 0.04
CONFIG_NAMES = frozenset({"deckcli.toml", "pyproject.toml"})
WATCHED = ("**/deckcli.toml", "**/pyproject.toml", "**/cardpools/*.toml")
T = TypeVar("T")
log = logging.getLogger("deckcli.lsp")


class DeckServer(LanguageServer):
    """The server, the checker it keeps, and the last check of each open document."""

    def __init__(self, pools: list[Path]) -> None:
        super().__init__("deckcli", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         protocol_cls=DeckProtocol)
        self.checker = Checker(pools)
        self.pending: dict[str, asyncio.Task[None]] = {}
        self.results: dict[str, tuple[str, Checked]] = {}  # uri -> (text checked, verdict)
        self.flagged: set[str] = set()  # documents whose last diagnostics were not empty

    def report_server_error(self, error: Exception, source: object) -> None:
        """Errors outside a request go to the log, never to a pop-up."""
        self.log_error("the server", error)

    def log_error(self, what: str, error: BaseException) -> None:
        trace = "".join(traceback.format_exception(error))
        log.error("%s failed: %s", what, trace)
        self.window_log_message(types.LogMessageParams(
            type=types.MessageType.Error, message=_(
                "deckcli: internal error in {what}: {kind}: {error}").format(
                what=what, kind=type(error).__name__, error=error) + f"\n{trace}"))

    def answer(self, what: str, uri: str,
               work: Callable[[TextDocument, Checked], T | None],
               refused: str | None = None) -> T | None:
        """A request's answer from the document's check (None: not a file). With `refused`
        ("cannot format"), a UserError of the work is said to the user in a message, after
        those words; any other error is logged and answered as an LSP error."""
        try:
            found = self.checked(uri)
            return None if found is None else work(*found)
        except UserError as exc:
            if refused is None:
                self.log_error(what, exc)
                raise JsonRpcInternalError(_("deckcli could not answer {what}: {reason}").format(
                    what=what, reason=exc)) from None
            self.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Warning, message=f"deckcli: {refused}: {exc}"))
            return None
        except Exception as exc:
            self.log_error(what, exc)
            raise JsonRpcInternalError(_("deckcli could not answer {what}: {kind}: {error}").format(
                what=what, kind=type(exc).__name__, error=exc)) from None

    # -- documents -------------------------------------------------------------------------

    def document(self, uri: str) -> tuple[TextDocument, Path] | None:
        """An open document and its file's path (None: not a file, or not open). A request
        for a document never opened is answered from nothing: the disk is never read for it
        (a FIFO would hang the server, `/dev/zero` fill its memory, any file be read)."""
        if uri not in self.workspace.text_documents:
            return None
        doc = self.workspace.get_text_document(uri)
        return (doc, Path(doc.path)) if doc.path and uri.startswith("file:") else None

    def checked(self, uri: str) -> tuple[TextDocument, Checked] | None:
        """A document's check, made again only when its text changed since the last one."""
        found = self.document(uri)
        if found is None:
            return None
        doc, path = found
        text = doc.source
        kept = self.results.get(uri)
        if kept is not None and kept[0] == text:
            return doc, kept[1]
        result = self.checker.check(path, text)
        self.results[uri] = (text, result)
        return doc, result

    def publish(self, uri: str) -> None:
        """Check a document and send its diagnostics (none for a document that is no deck)."""
        try:
            found = self.checked(uri)
            if found is None:
                return
            doc, result = found
            shown = diagnostics(result, doc.source, range_maker(doc)) if result.deck else []
        except Exception as exc:
            self.log_error(f"checking {uri}", exc)
            return
        if result.deck is None and uri not in self.flagged:
            return  # no deck, and nothing to take back: the document is left alone
        (self.flagged.add if shown else self.flagged.discard)(uri)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=shown, version=doc.version))

    def schedule(self, uri: str) -> None:
        """Check a document once the typing has paused; a newer change cancels the wait."""
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.pending[uri] = asyncio.get_running_loop().create_task(self._after_pause(uri))

    async def _after_pause(self, uri: str) -> None:
        await asyncio.sleep(DEBOUNCE_SECONDS)
        self.pending.pop(uri, None)
        self.publish(uri)

    def recheck_all(self) -> None:
        """A configuration or pool changed: forget them and check every open document."""
        self.checker.forget()
        self.results.clear()
        for uri in list(self.workspace.text_documents):
            self.publish(uri)

    def close(self, uri: str) -> None:
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.results.pop(uri, None)
        self.flagged.discard(uri)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri,
                                                                              diagnostics=[]))


def build_server(pools: list[Path]) -> DeckServer:
    """The server with every feature registered."""
    server = DeckServer(pools)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        server.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        server.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        if Path(params.text_document.uri).name in CONFIG_NAMES:
            server.recheck_all()
        else:
            server.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        server.close(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def files_changed(params: types.DidChangeWatchedFilesParams) -> None:
        server.recheck_all()

    _register_requests(server)
    return server


def _register_requests(server: DeckServer) -> None:
    """Completion, hover, code actions, formatting, symbols and the watching of files."""

    @server.feature(types.INITIALIZE)
    def on_initialize(params: types.InitializeParams) -> None:
        """Speak the editor's language (its `locale`), where deckcli speaks it: its own choice,
        so machine-readable texts follow it too; else the one chosen at start."""
        code = match_language(params.locale) if params.locale else None
        if code is not None:
            use_language(code, explicit=True)

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
                type=types.MessageType.Info, message=_("deckcli: no file watching ({reason})"
                                                       ).format(reason=exc)))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=['"', " ", ":"]))
    def completion(params: types.CompletionParams) -> types.CompletionList | None:
        return server.answer("completion", params.text_document.uri,
                             lambda doc, checked: complete(doc, checked, server.checker, params))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(params: types.HoverParams) -> types.Hover | None:
        return server.answer("hover", params.text_document.uri,
                             lambda doc, checked: hover(doc, checked, params))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]))
    def on_code_action(params: types.CodeActionParams) -> list[types.CodeAction] | None:
        return server.answer("code actions", params.text_document.uri,
                             lambda doc, checked: code_actions(doc, checked, server.checker,
                                                               params))

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def on_formatting(params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        return server.answer("formatting", params.text_document.uri, format_document,
                             refused="cannot format")

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def on_symbols(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol] | None:
        return server.answer("document symbols", params.text_document.uri, outline)


def serve(pools: list[Path]) -> None:
    """Run the server on stdin/stdout until the editor says exit."""
    logging.basicConfig(level=logging.WARNING, format="deckcli lsp: %(message)s")
    build_server(pools).start_io()
