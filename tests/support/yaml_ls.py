"""yaml-language-server, the YAML language server of VS Code's and JupyterLab's YAML support,
driven over its protocol (JSON-RPC on stdio), for the tests of the examples' schema modeline.

An editor reads the first line of a worked example, ``# yaml-language-server:
$schema=../example.schema.json``, and validates the file against that schema, found relative
to the file.  :func:`diagnostics` opens one document as an editor would (its path and its
text, which need not be on disk) and returns what the server reports for it: schema errors,
or "Unable to load schema ..." when the modeline names a schema that is not there.

The server comes from npm (pinned, :data:`VERSION`) and is kept in ``build/npm/`` (git-ignored);
:func:`server` installs it the first time, or returns None when npm cannot.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from queue import Empty, Queue
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VERSION = "1.25.0"
HOME = ROOT / "build" / "npm" / f"yaml-language-server-{VERSION}"
#: s: the server's answer to one document (it starts, reads the schema and validates)
WAIT = 120


def server() -> Path | None:
    """The server's command, installed from npm into :data:`HOME` the first time; None when
    node or npm is missing or the install fails (the reason is printed)."""
    command = HOME / "node_modules" / ".bin" / "yaml-language-server"
    if command.exists():
        return command
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        print("node and npm are needed to run yaml-language-server")
        return None
    HOME.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--silent", "--prefix", str(HOME)]
        + [f"yaml-language-server@{VERSION}"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0 or not command.exists():
        print(f"npm could not install yaml-language-server: {done.stderr[-2000:]}")
        return None
    return command


class _Connection:
    """One server process and the messages it sends, read on a thread into a queue."""

    def __init__(self, command: Path) -> None:
        self.process = subprocess.Popen(
            [str(command), "--stdio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.messages: Queue[dict[str, Any]] = Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = 0
            while (line := stream.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            body = stream.read(length) if line else b""
            if len(body) < length or not line:  # the server stopped (close() kills it)
                return
            self.messages.put(json.loads(body))

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> int:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.send({"method": method, "params": params})

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


#: what the client tells the server: validate, and fetch no schema from the schema store
SETTINGS = {
    "yaml": {"validate": True, "schemaStore": {"enable": False}, "format": {"enable": False}}
}


@contextmanager
def connection(command: Path, root: Path) -> Iterator[_Connection]:
    """A started server, initialised for the workspace ``root``."""
    conn = _Connection(command)
    try:
        conn.request(
            "initialize",
            {"processId": None, "rootUri": root.as_uri(), "capabilities": {}},
        )
        conn.notify("initialized", {})
        conn.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})
        yield conn
    finally:
        conn.close()


def diagnostics(conn: _Connection, path: Path, text: str) -> list[str]:
    """The messages the server publishes for the document ``path`` holding ``text`` (opened
    as an editor opens it; the file need not exist), answering its questions meanwhile."""
    uri = path.resolve().as_uri()
    conn.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}},
    )
    while True:
        try:
            message = conn.messages.get(timeout=WAIT)
        except Empty:
            raise AssertionError(
                f"yaml-language-server said nothing of {path} in {WAIT} s"
            ) from None
        method = message.get("method")
        if "id" in message and method is not None:  # a question of the server's: answer it
            asked = message.get("params", {}).get("items", [])
            result: Any = [SETTINGS.get(i.get("section", "")) for i in asked]
            if method != "workspace/configuration":
                result = None
            conn.send({"id": message["id"], "result": result})
        elif method == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
            found = [d["message"] for d in message["params"]["diagnostics"]]
            conn.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
            return found
