"""``seam serve``: the workbench as a local web application (Starlette, served by uvicorn).

The page (``page.html``, one file with its own small script; nothing is loaded from the
network) calls a JSON API. Every answer comes from :class:`~engine.workbench.bench.Workbench`;
requests are served one at a time (the ACE pool and spaCy are shared), bodies are capped, and
an error is a JSON ``{"error": ..., "code": ...}`` with status 400 (bad input, a rule file that
does not load) or 500 (a bug, logged), never a traceback in the page.
"""

from __future__ import annotations

import json
import logging
import threading
from importlib.resources import files
from typing import Any

from ..errors import SeamError
from .bench import Workbench
from .regress import regress

log = logging.getLogger(__name__)
MAX_BODY = 256 * 1024


def create_app(bench: Workbench):
    """The Starlette application over ``bench``."""
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse
    from starlette.routing import Route

    page = files("engine.workbench").joinpath("page.html").read_text(encoding="utf-8")
    busy = threading.Lock()

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise _TooLarge(len(raw))
        try:
            data = json.loads(raw or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise SeamError("the request body is not JSON") from None
        if not isinstance(data, dict):
            raise SeamError("the request body is not a JSON object")
        return data

    def answer(work) -> JSONResponse:
        try:
            with busy:
                return JSONResponse(work())
        except SeamError as exc:
            return JSONResponse({"error": str(exc), "code": exc.code}, status_code=400)
        except Exception as exc:  # a bug: logged, and said as such
            log.exception("workbench request failed")
            return JSONResponse(
                {
                    "error": f"internal error ({type(exc).__name__}); see the server log",
                    "code": "E999",
                },
                status_code=500,
            )

    def endpoint(work):
        async def handle(request: Request):
            try:
                data = await body(request) if request.method == "POST" else {}
            except _TooLarge as exc:
                return JSONResponse(
                    {
                        "error": f"the request is {exc.size} bytes; at most {MAX_BODY}",
                        "code": "E201",
                    },
                    status_code=413,
                )
            except SeamError as exc:
                return JSONResponse({"error": str(exc), "code": exc.code}, status_code=400)
            name = request.path_params.get("name", "")
            return await run_in_threadpool(answer, lambda: work(data, name))

        return handle

    async def index(request: Request):
        return HTMLResponse(page)

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
        Route("/api/rules/{name}", endpoint(lambda d, n: {"text": bench.rule_text(n)})),
        Route(
            "/api/rules/{name}/validate",
            endpoint(lambda d, n: {"rows": bench.validate(n, _string(d, "text"))}),
            methods=["POST"],
        ),
        Route(
            "/api/rules/{name}/save",
            endpoint(lambda d, n: {"rows": bench.save(n, _string(d, "text"))}),
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
                )
            ),
            methods=["POST"],
        ),
    ]
    return Starlette(routes=routes)


class _TooLarge(Exception):
    def __init__(self, size: int):
        self.size = size


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


def serve(bench: Workbench, host: str = "127.0.0.1", port: int = 8765) -> None:
    """Serve the workbench until interrupted."""
    import uvicorn

    print(f"seam serve: the workbench is at http://{host}:{port}/ (Ctrl-C stops it)", flush=True)
    uvicorn.run(create_app(bench), host=host, port=port, log_level="warning")
