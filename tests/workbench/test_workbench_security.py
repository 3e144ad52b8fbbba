"""``seam serve`` against the web: what a security tester tries, on loopback only.

The cross-site and Host cases run through a real HTTP client against ``seam serve`` started as
a process (``--offline``, on a copy of the rules root, as a user runs it); the rest through
the API. Each case failed before the guard (the server wrote the file, answered 200, or
answered a 500 with a traceback)."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from engine.resources import rules_dir  # noqa: E402
from engine.workbench.app import MAX_BODY, create_app  # noqa: E402
from engine.workbench.bench import Workbench  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SENTENCE = "The farmer sold the old tractor."
PORT = 8765


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """``seam serve --offline --rules ROOT`` on a copy of the whole rules root (the folder
    users see, not its mrs/ part), as a process; yields (port, token, rules folder)."""
    root = tmp_path_factory.mktemp("served") / "rules"
    shutil.copytree(rules_dir(), root)
    port = _free_port()
    env = {**os.environ, "SEAM_CACHE": str(root.parent / "cache")}  # no grammar
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "engine.cli",
            "serve",
            "--offline",
            "--port",
            str(port),
            "--rules",
            str(root),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=ROOT,
        text=True,
    )
    try:
        first = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first, first + proc.stdout.read()
        deadline, page = time.time() + 60, None
        while page is None and time.time() < deadline:
            try:
                status, _, body = _http(port, "GET", "/")
                page = body.decode()
            except OSError:
                time.sleep(0.2)
        assert page is not None and "Seam workbench" in page
        [token] = re.findall(r'<meta name="seam-token" content="([^"]+)">', page)
        yield port, token, root / "mrs"
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)


def _http(port, method, path, body=b"", headers=None, host=None):
    """One request with exactly these headers (http.client adds only Host and, for a body,
    Content-Length)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host or f"127.0.0.1:{port}")
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        if method == "POST":
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body if method == "POST" else None)
        res = conn.getresponse()
        return res.status, dict(res.getheaders()), res.read()
    finally:
        conn.close()


def _save_body(root: Path, name: str, text: str) -> bytes:
    from engine.workbench.bench import _version

    version = _version((root / name).read_bytes())
    return json.dumps({"text": text, "version": version}).encode()


def test_the_rules_root_is_accepted_and_its_mrs_folder_used(served):
    port, token, mrs = served
    status, headers, body = _http(port, "GET", "/api/status", headers={"X-Seam-Token": token})
    assert status == 200 and json.loads(body)["rules"] == str(mrs)
    assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    "headers, host, says",
    [
        # another site's page posting a text/plain body (no preflight in a browser)
        ({"Origin": "http://evil.example", "Content-Type": "text/plain"}, None, "origin"),
        # the same with the token stolen: the Origin alone is refused
        ({"Origin": "http://evil.example", "Content-Type": "application/json"}, None, "origin"),
        ({"Origin": "null", "Content-Type": "application/json"}, None, "origin"),
        # DNS rebinding: the attacker's name pointed at 127.0.0.1
        ({"Content-Type": "application/json"}, "evil.example:{port}", "Host"),
        ({"Content-Type": "application/json"}, "127.0.0.1:1", "Host"),
        # no token, or a wrong one
        ({"Content-Type": "application/json", "X-Seam-Token": None}, None, "token"),
        ({"Content-Type": "application/json", "X-Seam-Token": "guess"}, None, "token"),
        # the page's own origin, the token, but a body a form could send
        ({"Content-Type": "text/plain"}, None, "application/json"),
    ],
)
def test_a_write_from_anywhere_but_the_page_is_refused_and_writes_nothing(
    served, headers, host, says
):
    port, token, mrs = served
    before = (mrs / "swap.toml").read_bytes()
    body = _save_body(mrs, "swap.toml", before.decode() + "\n# rewritten\n")
    sent = {"X-Seam-Token": token, **headers}
    sent = {k: v for k, v in sent.items() if v is not None}
    host = host.format(port=port) if host else None
    status, _, answer = _http(port, "POST", "/api/rules/swap.toml/save", body, sent, host)
    assert status in (403, 415)
    assert says.lower() in json.loads(answer)["error"].lower()
    assert answer.count(b"\n") == 0  # one JSON line
    assert (mrs / "swap.toml").read_bytes() == before


def test_reads_are_refused_to_another_host_and_without_the_token(served):
    port, token, _ = served
    evil = f"evil.example:{port}"
    for headers, host in (({"X-Seam-Token": token}, evil), ({}, None)):
        status, _, body = _http(port, "GET", "/api/rules/passive.toml", b"", headers, host)
        assert status == 403 and "passive" not in body.decode()
    status, _, _ = _http(port, "GET", "/", host=evil)
    assert status == 403  # the page (and its token) only on the server's own name


def test_the_page_itself_saves(served):
    port, token, mrs = served
    before = (mrs / "swap.toml").read_text(encoding="utf-8")
    body = _save_body(mrs, "swap.toml", before + "\n# a comment of ours\n")
    headers = {
        "X-Seam-Token": token,
        "Content-Type": "application/json; charset=utf-8",
        "Origin": f"http://127.0.0.1:{port}",
    }
    status, _, answer = _http(port, "POST", "/api/rules/swap.toml/save", body, headers)
    assert status == 200 and json.loads(answer)["written"] is True
    assert (mrs / "swap.toml").read_text(encoding="utf-8").endswith("# a comment of ours\n")
    status, _, _ = _http(
        port, "GET", "/api/status", headers={"X-Seam-Token": token}, host=f"localhost:{port}"
    )
    assert status == 200


def test_a_huge_body_is_refused_before_it_is_read(served):
    """A Content-Length of 400 MB is answered 413 at once, with nothing sent after it; a
    chunked body without a length is cut off at the limit."""
    port, token, _ = served
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(
            (
                f"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"X-Seam-Token: {token}\r\nContent-Type: application/json\r\n"
                "Content-Length: 400000000\r\nConnection: close\r\n\r\n"
            ).encode()
        )
        answer = _until_closed(s).decode()
    assert answer.startswith("HTTP/1.1 413") and "400000000 bytes" in answer
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(
            (
                f"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"X-Seam-Token: {token}\r\nContent-Type: application/json\r\n"
                "Transfer-Encoding: chunked\r\n\r\n"
            ).encode()
        )
        chunk = b"x" * 65536
        answer = b""
        try:
            for _ in range(64):  # 4 MB offered; the server answers after 256 KB
                s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except OSError:
            pass  # the server closed the connection after answering
        answer = _until_closed(s)
    assert answer.startswith(b"HTTP/1.1 413") and b"over %d bytes" % MAX_BODY in answer


def _until_closed(s: socket.socket) -> bytes:
    out = b""
    try:
        while chunk := s.recv(65536):
            out += chunk
    except OSError:
        pass
    return out


def test_a_busy_port_is_one_line_and_exit_2(served, tmp_path):
    port, _, _ = served
    env = {**os.environ, "SEAM_CACHE": str(tmp_path / "cache")}
    out = subprocess.run(
        [sys.executable, "-m", "engine.cli", "serve", "--offline", "--port", str(port)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 2
    assert f"port {port} is in use; try --port" in out.stderr
    assert "workbench is at" not in out.stdout and "Traceback" not in out.stderr


# -- through the API -----------------------------------------------------------------------------


@pytest.fixture()
def rules(tmp_path):
    folder = tmp_path / "mrs"
    folder.mkdir()
    for path in (rules_dir() / "mrs").glob("*.toml"):
        shutil.copy(path, folder / path.name)
    return folder


@pytest.fixture()
def bench(rules):
    wb = Workbench(rules, live=False)
    yield wb
    wb.close()


@pytest.fixture()
def client(bench):
    app = create_app(bench, port=PORT)
    return TestClient(
        app,
        base_url=f"http://127.0.0.1:{PORT}",
        headers={"X-Seam-Token": app.token},
        raise_server_exceptions=False,
    )


def _open(client, name):
    out = client.get(f"/api/rules/{name}")
    assert out.status_code == 200
    return out.json()


def test_a_save_the_rule_set_refuses_leaves_the_file_byte_identical(client, rules):
    """The new text loads on its own but defines a family another file defines: the set
    would not load (the next ``seam serve`` would refuse to start), so nothing is written."""
    opened = _open(client, "swap.toml")
    passive = (rules / "passive.toml").read_text(encoding="utf-8")
    before = (rules / "swap.toml").read_bytes()
    out = client.post(
        "/api/rules/swap.toml/save", json={"text": passive, "version": opened["version"]}
    )
    assert out.status_code == 200 and out.json()["written"] is False
    assert any("defined twice" in r["message"] for r in out.json()["rows"])
    assert (rules / "swap.toml").read_bytes() == before
    Workbench(rules, live=False).close()  # the folder still loads


def test_a_save_whose_worked_examples_fail_is_refused(client, rules):
    opened = _open(client, "negation.toml")
    # the file still loads, but its first worked example expects an MRS the rule does not make
    lines = opened["text"].splitlines(keepends=True)
    k = next(k for k, line in enumerate(lines) if line.startswith("expect = "))
    lines[k] = re.sub(r"(_[a-z]+_v_1)", r"\1_broken", lines[k], count=1)
    broken = "".join(lines)
    assert broken != opened["text"]
    out = client.post(
        "/api/rules/negation.toml/save", json={"text": broken, "version": opened["version"]}
    ).json()
    assert out["written"] is False and any(not r["ok"] for r in out["rows"])
    assert (rules / "negation.toml").read_text(encoding="utf-8") == opened["text"]


def test_an_example_then_a_save_of_the_old_text_is_a_conflict(client, rules):
    opened = _open(client, "negation.toml")
    added = client.post(
        "/api/rules/negation.toml/example",
        json={"rule": "negation.sentential", "sentence": SENTENCE, "version": opened["version"]},
    ).json()
    assert added["written"] is True and added["version"] != opened["version"]
    with_example = (rules / "negation.toml").read_text(encoding="utf-8")
    stale = client.post(
        "/api/rules/negation.toml/save",
        json={"text": opened["text"], "version": opened["version"]},
    )
    assert stale.status_code == 409 and "reload" in stale.json()["error"]
    assert (rules / "negation.toml").read_text(encoding="utf-8") == with_example  # kept
    again = client.post(
        "/api/rules/negation.toml/example",
        json={"rule": "negation.sentential", "sentence": SENTENCE, "version": opened["version"]},
    )
    assert again.status_code == 409
    fresh = _open(client, "negation.toml")
    assert fresh["version"] == added["version"] and fresh["text"] == with_example
    no_version = client.post("/api/rules/negation.toml/save", json={"text": fresh["text"]})
    assert no_version.status_code == 400 and "version" in no_version.json()["error"]


@pytest.mark.parametrize(
    "path, raw",
    [
        ("/api/rules/" + "a" * 300 + ".toml/validate", b'{"text": "x"}'),
        ("/api/rules/" + "a" * 300 + ".toml", None),
        ("/api/analyze", b'{"text": "The farmer \\ud800 sold it."}'),
        ("/api/apply", b'{"text": "x", "expression": "\\udfff"}'),
        ("/api/rules/negation.toml/validate", b'{"text": "\\ud800"}'),
        ("/api/analyze", b"[" * 100_000 + b"]" * 100_000),
        ("/api/analyze", b'{"text": ' + b"9" * 5000 + b"}"),
        ("/api/analyze", b'{"text": "a\xff\xfe"}'),
        ("/api/nowhere", b"{}"),
        ("/api/nowhere", None),
    ],
)
def test_bad_requests_are_a_json_4xx_never_a_500(client, path, raw):
    if raw is None:
        out = client.get(path)
    else:
        out = client.post(path, content=raw, headers={"Content-Type": "application/json"})
    assert 400 <= out.status_code < 500, out.text
    answer = out.json()
    assert answer["error"] and "\n" not in answer["error"] and "Traceback" not in out.text


def test_a_bug_is_a_json_500_without_its_traceback(client, bench, monkeypatch, caplog):
    def broken():
        raise KeyError("secret internals")

    monkeypatch.setattr(bench, "status", broken)
    out = client.get("/api/status")
    assert out.status_code == 500 and out.json()["code"] == "E999"
    assert "secret" not in out.text and "Traceback" not in out.text
    assert "secret internals" in caplog.text  # in the server's log


def test_a_symlink_is_never_followed_out_of_the_rules_folder(client, rules, tmp_path):
    outside = tmp_path / "outside.toml"
    outside.write_text('family = "stolen"\nimplements = "x"\n', encoding="utf-8")
    (rules / "link.toml").symlink_to(outside)
    rows = client.post("/api/check", json={}).json()["rows"]
    linked = [r for r in rows if r["file"] == "link.toml"]
    assert linked and not linked[0]["ok"] and "symbolic link" in linked[0]["message"]
    assert "stolen" not in json.dumps(rows)
    for out in (
        client.get("/api/rules/link.toml"),
        client.post("/api/rules/link.toml/save", json={"text": "x", "version": "0"}),
    ):
        assert out.status_code == 400 and "symbolic link" in out.json()["error"]
    assert outside.read_text(encoding="utf-8").startswith('family = "stolen"')


def test_a_realization_written_into_a_rule_file_has_a_length_cap(client, rules):
    before = (rules / "negation.toml").read_bytes()
    out = client.post(
        "/api/rules/negation.toml/example",
        json={"rule": "negation.sentential", "sentence": SENTENCE, "realization": "x" * 10_000},
    )
    assert out.status_code == 400 and "at most" in out.json()["error"]
    assert (rules / "negation.toml").read_bytes() == before
