"""``seam serve``: the workbench as a local web application (Starlette, served by uvicorn).

The page (``page.html``, one file with its own small script; nothing is loaded from the
network) calls a JSON API. Every request first passes :class:`~engine.workbench.guard.Guard`
(the server's own Host, no other origin, the per-run token, JSON bodies under the size limit);
every answer comes from :class:`~engine.workbench.bench.Workbench`. Requests are served one at
a time (the ACE pool and spaCy are shared). Every answer is JSON, written in ASCII: an error is
``{"error": ..., "code": ...}`` with a 4xx status (400 bad input or a rule file that does not
load, 403 a request from elsewhere, 404, 405, 409 a rule file changed since the edit was made,
413, 415), and a bug is a 500 with one line (its traceback goes to the server's log, never to
the page).
"""

from __future__ import annotations

import errno
import json
import logging
import secrets
import socket
import threading
from collections.abc import Iterable
from importlib.resources import files
from typing import Any

from ..errors import InputError, SeamError, StaleEditError
from .bench import Workbench
from .guard import Guard, json_body
from .regress import regress

log = logging.getLogger(__name__)
MAX_BODY = 256 * 1024


def create_app(
    bench: Workbench,
    *,
    token: str | None = None,
    port: int = 8765,
    host: str = "127.0.0.1",
    allow: Iterable[str] = (),
) -> Guard:
    """The application over ``bench``, behind its :class:`~engine.workbench.guard.Guard`:
    ``port`` and ``host`` are where it is served (the ``Host`` a request must name),
    ``allow`` further host names, ``token`` the per-run token (default: a new random one;
    the page carries it, and ``app.token`` says it)."""
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, Response
    from starlette.routing import Route

    token = token or secrets.token_urlsafe(32)
    page = files("engine.workbench").joinpath("page.html").read_text(encoding="utf-8")
    page = page.replace("__SEAM_TOKEN__", token)
    busy = threading.Lock()

    def reply(data: Any, status: int = 200) -> Response:
        return Response(json_body(data), status_code=status, media_type="application/json")

    def refused(exc: SeamError) -> Response:
        status = 409 if isinstance(exc, StaleEditError) else 400
        return reply({"error": str(exc), "code": exc.code}, status)

    def answer(work) -> Response:
        try:
            with busy:
                return reply(work())
        except SeamError as exc:
            return refused(exc)
        except Exception as exc:  # a bug: logged, and said as such
            log.exception("workbench request failed")
            return _bug(reply, exc)

    def endpoint(work):
        async def handle(request: Request):
            try:
                data = _json_object(await request.body()) if request.method == "POST" else {}
            except SeamError as exc:
                return refused(exc)
            name = request.path_params.get("name", "")
            return await run_in_threadpool(answer, lambda: work(data, name))

        return handle

    async def index(request: Request):
        return HTMLResponse(page)

    async def http_error(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 400)
        return reply(
            {
                "error": f"{request.method} {request.url.path[:200]}: {getattr(exc, 'detail', '')}",
                "code": "E201",
            },
            status,
        )

    async def bug(request: Request, exc: Exception) -> Response:
        log.error("workbench request failed", exc_info=exc)
        return _bug(reply, exc)

    routes = [
        Route("/", index),
        Route("/api/status", endpoint(lambda d, n: bench.status())),
        Route(
            "/api/analyze", endpoint(lambda d, n: bench.analyze(d.get("text"))), methods=["POST"]
        ),
        Route(
            "/api/apply",
            endpoint(lambda d, n: bench.apply(d.get("text"), _string(d, "expression"))),
            methods=["POST"],
        ),
        Route(
            "/api/family",
            endpoint(
                lambda d, n: bench.apply_family(
                    d.get("text"), _string(d, "family"), _params(d.get("params"))
                )
            ),
            methods=["POST"],
        ),
        Route(
            "/api/check",
            endpoint(lambda d, n: {"rows": bench.check(live=d.get("live") is True)}),
            methods=["POST"],
        ),
        Route(
            "/api/rules/{name}/regress",
            endpoint(
                lambda d, n: regress(
                    bench, n, _string(d, "text"), _string(d, "expression"), d.get("corpus")
                )
            ),
            methods=["POST"],
        ),
        Route("/api/rules/{name}", endpoint(lambda d, n: bench.rule_text(n))),
        Route(
            "/api/rules/{name}/validate",
            endpoint(lambda d, n: {"rows": bench.validate(n, _string(d, "text"))}),
            methods=["POST"],
        ),
        Route(
            "/api/rules/{name}/save",
            endpoint(lambda d, n: bench.save(n, _string(d, "text"), _required_version(d))),
            methods=["POST"],
        ),
        Route(
            "/api/rules/{name}/example",
            endpoint(
                lambda d, n: bench.add_example(
                    n,
                    _string(d, "rule"),
                    d.get("sentence"),
                    _params(d.get("params")),
                    d.get("realization") or None,
                    version=_version(d),
                )
            ),
            methods=["POST"],
        ),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error, Exception: bug})
    guard = Guard(app, token=token, port=port, host=host, allow=allow, max_body=MAX_BODY)
    return guard


def _bug(reply, exc: Exception):
    return reply(
        {"error": f"internal error ({type(exc).__name__}); see the server log", "code": "E999"},
        500,
    )


def _json_object(raw: bytes) -> dict[str, Any]:
    """A request body as a JSON object, every string in it valid Unicode; anything else is an
    InputError (never a RecursionError, a digit-limit ValueError or a UnicodeEncodeError later)."""
    if len(raw) > MAX_BODY:
        raise InputError(f"the request body is {len(raw)} bytes; at most {MAX_BODY}")
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):  # broken JSON, bad UTF-8, too deep, too many digits
        raise InputError("the request body is not JSON that can be read") from None
    if not isinstance(data, dict):
        raise InputError("the request body is not a JSON object")
    todo: list[Any] = [data]
    while todo:  # no recursion: a deep body cannot overflow the stack here either
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise InputError(
                    "the request holds text that is not valid Unicode (an unpaired surrogate)"
                ) from None
    return data


def _required_version(data: dict) -> str:
    value = _version(data, required=True)
    assert value is not None
    return value


def _version(data: dict, *, required: bool = False) -> str | None:
    value = data.get("version")
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value:
        raise InputError(
            "give 'version': the version of the rule file the edit was made on (as "
            "GET /api/rules/NAME answers it)"
        )
    return value


def _string(data: dict, key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise SeamError(f"give {key!r} as a non-empty string")
    return value


def _params(value: Any) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise SeamError('params is an object of strings, such as {"value": "past"}')
    return value


def check_port(host: str, port: int) -> None:
    """An InputError when ``host:port`` cannot be listened on (in use, or not an address of
    this machine), before anything says the workbench is there."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise InputError(f"port {port} is in use; try --port") from None
            raise InputError(f"cannot listen on {host}:{port}: {exc.strerror}") from None


def serve(
    bench: Workbench, host: str = "127.0.0.1", port: int = 8765, allow: Iterable[str] = ()
) -> None:
    """Serve the workbench until interrupted."""
    import uvicorn

    check_port(host, port)
    app = create_app(bench, port=port, host=host, allow=allow)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    print(f"seam serve: the workbench is at http://{shown}:{port}/ (Ctrl-C stops it)", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
