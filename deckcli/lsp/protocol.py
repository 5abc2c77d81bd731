"""The JSON-RPC layer under the server, answering what pygls leaves unanswered: a request
whose parameters do not fit the protocol (a negative position) gets `InvalidParams`, and a
request after `shutdown` gets `InvalidRequest`, as the specification prescribes; pygls logs
the first as an internal error and drops both, so a client would wait for ever."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams, JsonRpcInvalidRequest
from pygls.protocol import LanguageServerProtocol

from deckcli.i18n import _

EXIT = "exit"
# what `structure_message` hands on for a request it has already answered
ANSWERED = SimpleNamespace(jsonrpc="answered")


class DeckProtocol(LanguageServerProtocol):
    """pygls's protocol, with an error reply for every request it would leave unanswered."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcInvalidParams:
            if "id" not in data or "method" not in data:
                raise
            self.refuse(data["id"], JsonRpcInvalidParams.CODE, _(
                "invalid parameters for {method}: they do not fit the protocol (a negative "
                "line or character, a missing field)").format(method=data["method"]))
            return ANSWERED

    def handle_message(self, message: Any) -> None:
        if message is ANSWERED:
            return
        if (self._shutdown and getattr(message, "method", EXIT) != EXIT
                and getattr(message, "id", None) is not None):
            self.refuse(message.id, JsonRpcInvalidRequest.CODE, _(
                "the server has been shut down; it answers no request but exit"))
            return
        super().handle_message(message)

    def refuse(self, msg_id: int | str, code: int, message: str) -> None:
        """Answer a request with an error."""
        self._send_response(msg_id, error=types.ResponseError(code=code, message=message))
