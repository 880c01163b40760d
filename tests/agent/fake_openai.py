"""A loopback HTTP server speaking the OpenAI chat-completions protocol from a script.

Each POST to ``/v1/chat/completions`` takes the next script item: a dict (the assistant
``message``: ``content`` and/or ``tool_calls``), a function of the request body returning such a
dict, ``("status", CODE)`` for an HTTP error, ``("sleep", SECONDS)`` to stall past a client
timeout, or ``("raw", (CONTENT_TYPE, BODY))`` to send a body that is not a completion (an HTML
page, truncated JSON). Every request body is kept in ``requests`` so a test can check what the
model saw.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Item = dict[str, Any] | tuple[str, Any] | Callable[[dict[str, Any]], dict[str, Any]]


def tool_call(name: str, args: dict[str, Any] | str, call_id: str = "") -> dict[str, Any]:
    """An assistant message calling one tool (``args`` as a string: sent verbatim)."""
    raw = args if isinstance(args, str) else json.dumps(args)
    return {"content": None, "tool_calls": [{
        "id": call_id or f"call_{name}_{time.monotonic_ns() % 10**6}", "type": "function",
        "function": {"name": name, "arguments": raw}}]}


def last_tool_result(body: dict[str, Any]) -> dict[str, Any]:
    """The last tool message the client sent, parsed."""
    for m in reversed(body["messages"]):
        if m["role"] == "tool":
            return json.loads(m["content"])
    raise AssertionError("no tool message in the request")


class FakeOpenAI:
    def __init__(self, script: list[Item], *, no_tools: bool = False) -> None:
        self.script = list(script)
        self.no_tools = no_tools  # answer 400 to any request carrying `tools`
        self.requests: list[dict[str, Any]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a: Any) -> None:
                pass

            def do_GET(self) -> None:
                self._send(200, {"object": "list", "data": [{"id": "fake", "object": "model"}]})

            def do_POST(self) -> None:
                n = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(n) or b"{}")
                fake.requests.append(body)
                if fake.no_tools and body.get("tools"):
                    self._send(400, {"error": {"message": "tools are not supported"}})
                    return
                if not fake.script:
                    self._send(500, {"error": {"message": "script exhausted"}})
                    return
                item = fake.script.pop(0)
                if isinstance(item, tuple):
                    kind, val = item
                    if kind == "status":
                        self._send(int(val), {"error": {"message": f"scripted {val}",
                                                        "type": "server_error"}})
                        return
                    if kind == "raw":
                        ctype, text = val
                        self._send_bytes(200, ctype, str(text).encode())
                        return
                    if kind == "sleep":
                        time.sleep(float(val))
                        self._send(200, _completion({"content": "late"}))
                        return
                msg = item(body) if callable(item) else item
                self._send(200, _completion(msg))

            def _send(self, code: int, obj: dict[str, Any]) -> None:
                self._send_bytes(code, "application/json", json.dumps(obj).encode())

            def _send_bytes(self, code: int, ctype: str, data: bytes) -> None:
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", ctype)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> FakeOpenAI:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


def _completion(msg: dict[str, Any]) -> dict[str, Any]:
    finish = "tool_calls" if msg.get("tool_calls") else "stop"
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
            "model": "fake", "choices": [{"index": 0, "finish_reason": finish,
                                          "message": {"role": "assistant", **msg}}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}}
