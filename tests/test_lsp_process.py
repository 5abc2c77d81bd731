"""`deckcli lsp` as a process: a clean shutdown and exit, a request that fails answered as an
error with the server still alive, and pygls never imported by the other commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from conftest import REPO


def frame(message: dict[str, object]) -> bytes:
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def replies(data: bytes) -> list[dict[str, object]]:
    found = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        length = int(head.split(b"\r\n")[0].split(b":")[1])
        found.append(json.loads(rest[:length]))
        data = rest[length:]
    return found


def run_server(*messages: dict[str, object]) -> tuple[int, list[dict[str, object]]]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "deckcli", "lsp"], env=env, timeout=60,
                          input=b"".join(frame(m) for m in messages), capture_output=True)
    return done.returncode, replies(done.stdout)


INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"processId": None, "rootUri": None, "capabilities": {}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
SHUTDOWN = {"jsonrpc": "2.0", "id": 9, "method": "shutdown", "params": None}
EXIT = {"jsonrpc": "2.0", "method": "exit", "params": None}


def test_an_unopened_document_is_answered_and_shutdown_then_exit_end_with_status_0():
    hover = {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
             "params": {"textDocument": {"uri": "file:///nowhere/deck.toml"},
                        "position": {"line": 0, "character": 0}}}
    code, answers = run_server(INIT, INITIALIZED, hover, SHUTDOWN, EXIT)
    assert code == 0
    first = answers[0]
    assert first["id"] == 1
    result = first["result"]
    assert isinstance(result, dict)
    assert result["serverInfo"]["name"] == "deckcli"
    answer = next(a for a in answers if a.get("id") == 2)
    assert answer["result"] is None  # never opened: answered from nothing, the disk unread
    assert {"id": 9, "jsonrpc": "2.0", "result": None} in answers  # alive after the error


def test_other_commands_never_import_pygls():
    code = ("import sys; from deckcli.cli.app import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "main(['games'])\n"
            "print('pygls' in sys.modules, 'lsprotocol' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)
    assert done.stdout.strip().splitlines()[-1] == "False False"
