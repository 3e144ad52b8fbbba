"""What ``seam serve`` checks on every request before the workbench sees it: the model of
Jupyter and other local servers that write files, as a pure ASGI middleware.

- **Host**: the ``Host`` header names this server (``127.0.0.1``, ``localhost``, ``[::1]``,
  the address it is bound to, or a name given with ``--allow-host``) on its own port. A page
  on another site that re-points its own name at 127.0.0.1 (DNS rebinding) sends its own name
  and is refused.
- **Origin**: a request that carries an ``Origin`` comes from the page itself (the same
  scheme, host and port as the ``Host`` it was sent to); ``Origin: null`` is refused.
- **Token**: every ``/api/`` request sends back the per-run token the page carries, in the
  ``X-Seam-Token`` header. Another site cannot read the page, so it cannot know the token; a
  custom header also makes a browser ask before sending a cross-site request at all.
- **JSON only**: a ``POST`` says ``Content-Type: application/json``. A ``text/plain`` or form
  body (what a browser sends across sites without asking) is refused with 415.
- **Body size**: a ``Content-Length`` over the limit is refused before anything is read, and a
  body without one is read only up to the limit (413), so a huge body never sits in memory.

A refusal is one JSON line, ``{"error": ..., "code": ...}``, with status 403, 413 or 415.
Every answer carries headers that keep it out of other sites' frames and sniffers.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from ..errors import RefusedRequestError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

LOOPBACK = frozenset({"127.0.0.1", "localhost", "[::1]"})
WILDCARDS = frozenset({"0.0.0.0", "::", "[::]", ""})
TOKEN_HEADER = "x-seam-token"
SAFE_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
]


def json_body(data: Any) -> bytes:
    """``data`` as JSON in ASCII: text a request smuggled in (an unpaired surrogate) is written
    as an escape and can never break the answer."""
    return json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode("ascii")


class Guard:
    """The checks above around ``app``. ``port``: the port the server listens on; ``host``:
    the address it is bound to; ``allow``: further host names that may reach it."""

    def __init__(
        self,
        app: Callable[[Scope, Receive, Send], Awaitable[None]],
        *,
        token: str,
        port: int,
        host: str = "127.0.0.1",
        allow: Iterable[str] = (),
        max_body: int,
    ):
        self.app = app
        self.token = token
        self.port = port
        names = set(LOOPBACK) | {h.lower() for h in allow}
        if host.lower() not in WILDCARDS:
            names.add(_bracketed(host.lower()))
        self.names = frozenset(names)
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self.refusal(scope, headers)
        if refusal is not None:
            status, code, why = refusal
            await _refuse(send, status, code, why)
            return
        if scope["method"] == "POST":
            body = await self._read(receive, headers)
            if body is None:
                await _refuse(send, 413, "E201", f"the request body is over {self.max_body} bytes")
                return
            receive = _replay(body, receive)

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + SAFE_HEADERS
            await send(message)

        await self.app(scope, receive, secured)

    def refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str, str] | None:
        """Why this request is refused (status, code, one line), or None."""
        host = headers.get("host", "")
        if not self.host_ok(host):
            return (
                403,
                RefusedRequestError.code,
                (
                    f"the Host header {host[:100]!r} does not name this server; open the "
                    f"workbench at http://127.0.0.1:{self.port}/ (or start it with --allow-host)"
                ),
            )
        origin = headers.get("origin")
        if origin is not None and origin.lower() != f"http://{host.lower()}":
            return (
                403,
                RefusedRequestError.code,
                (
                    f"a request from another origin ({origin[:100]!r}) is refused; only the "
                    "workbench page itself may call its API"
                ),
            )
        if not scope["path"].startswith("/api/"):
            return None
        sent = headers.get(TOKEN_HEADER, "")
        if not hmac.compare_digest(sent.encode("latin-1"), self.token.encode("ascii")):
            return (
                403,
                RefusedRequestError.code,
                (
                    "the request does not carry this run's token (the X-Seam-Token header the "
                    "workbench page sends); reload the page"
                ),
            )
        if scope["method"] == "POST":
            media = headers.get("content-type", "").split(";")[0].strip().lower()
            if media != "application/json":
                return (
                    415,
                    "E201",
                    (f"the API takes Content-Type application/json, not {media[:60] or 'none'!r}"),
                )
            length = headers.get("content-length")
            if length is not None:
                if not length.isdigit():
                    return 400, "E201", "the Content-Length header is not a number"
                if int(length) > self.max_body:
                    return (
                        413,
                        "E201",
                        (f"the request body is {int(length)} bytes; at most {self.max_body}"),
                    )
        return None

    def host_ok(self, host: str) -> bool:
        host = host.strip().lower()
        if host.startswith("["):  # [::1]:8765
            name, _, rest = host.partition("]")
            name, port = name + "]", rest[1:] if rest.startswith(":") else ""
        else:
            name, _, port = host.partition(":")
        want = str(self.port) if self.port != 80 else ""
        return name in self.names and (port == want or (not port and self.port == 80))

    async def _read(self, receive: Receive, headers: dict[str, str]) -> bytes | None:
        """The whole body, or None as soon as it passes the limit."""
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _replay(body: bytes, rest: Receive) -> Receive:
    """The body read already, then whatever the connection says next (its disconnect)."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await rest()

    return receive


async def _refuse(send: Send, status: int, code: str, why: str) -> None:
    body = json_body({"error": why, "code": code})
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *SAFE_HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
