"""Diagnostics latency of `deckcli lsp`: from a one-character change of a 60-card deck to its
diagnostics (median of many changes), against the same deck checked in process by
`deckcli check` in the same run. Target: 100 ms.

The server runs as `python -m deckcli lsp` and is driven over its pipes with plain JSON-RPC;
each change flips one count (4 <-> 5 AreaSteal), so every other answer carries a copies
error (and a deck-size one).
The latency includes the server's debounce pause (`DEBOUNCE_SECONDS`).
"""

from __future__ import annotations

import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path
from typing import IO, Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from deckcli.cli.app import main as deckcli_main  # noqa: E402
from deckcli.lsp.server import DEBOUNCE_SECONDS  # noqa: E402

DECK = REPO / "samples" / "megaman" / "starter-megaman.toml"
CHANGES = 40
TARGET = 0.100


def send(pipe: IO[bytes], message: dict[str, Any]) -> None:
    body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
    pipe.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    pipe.flush()


def receive(pipe: IO[bytes]) -> dict[str, Any]:
    length = 0
    while (line := pipe.readline().strip()):
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    message: dict[str, Any] = json.loads(pipe.read(length))
    return message


def wait_for(pipe: IO[bytes], method: str, version: int | None = None) -> dict[str, Any]:
    while True:
        message = receive(pipe)
        params = message.get("params") or {}
        if message.get("method") == method and version in (None, params.get("version")):
            return message


def server_latency(deck: Path) -> list[float]:
    """Seconds from each change sent to its diagnostics received."""
    text = deck.read_text(encoding="utf-8")
    row = next(i for i, line in enumerate(text.splitlines())  # bare or quoted, as fmt writes
               if line.replace('"', "").startswith("1C8 ="))
    column = text.splitlines()[row].index("= ") + 2
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    server = subprocess.Popen([sys.executable, "-m", "deckcli", "lsp"], env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert server.stdin is not None and server.stdout is not None
    stdin, stdout = server.stdin, server.stdout
    send(stdin, {"id": 1, "method": "initialize",
                 "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    receive(stdout)
    send(stdin, {"method": "initialized", "params": {}})
    uri = deck.resolve().as_uri()
    send(stdin, {"method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "toml", "version": 1, "text": text}}})
    wait_for(stdout, "textDocument/publishDiagnostics", 1)
    times = []
    for version in range(2, CHANGES + 2):
        digit = "5" if version % 2 == 0 else "4"
        edit = {"range": {"start": {"line": row, "character": column},
                          "end": {"line": row, "character": column + 1}}, "text": digit}
        started = time.perf_counter()
        send(stdin, {"method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [edit]}})
        found = wait_for(stdout, "textDocument/publishDiagnostics", version)
        times.append(time.perf_counter() - started)
        codes = [d["code"] for d in found["params"]["diagnostics"]]
        assert ("copies" in codes) == (digit == "5"), codes
    send(stdin, {"id": 2, "method": "shutdown", "params": None})
    send(stdin, {"method": "exit", "params": None})
    server.wait(timeout=30)
    return times


def check_in_process(deck: Path, repeat: int = CHANGES) -> list[float]:
    """Seconds of `deckcli check DECK --format text` run in this process, after a warm-up."""
    times = []
    for index in range(repeat + 1):
        started = time.perf_counter()
        with redirect_stdout(io.StringIO()):
            deckcli_main(["check", str(deck), "--format", "text"])
        if index:
            times.append(time.perf_counter() - started)
    return times


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        os.environ["DECKCLI_CACHE"] = cache
        latency = statistics.median(server_latency(DECK))
        baseline = statistics.median(check_in_process(DECK))
    print(f"deck: {DECK.relative_to(REPO)} (60 cards), {CHANGES} changes; debounce "
          f"{DEBOUNCE_SECONDS * 1000:.0f} ms")
    print(f"diagnostics after a change (median)  {latency * 1000:7.1f} ms   target "
          f"{TARGET * 1000:.0f} ms: {'met' if latency <= TARGET else 'NOT met'}")
    print(f"deckcli check in process (median)     {baseline * 1000:7.1f} ms   "
          f"ratio {latency / baseline:5.2f}; less the debounce "
          f"{(latency - DEBOUNCE_SECONDS) / baseline:5.2f}")


if __name__ == "__main__":
    main()
