"""Workbench page timings: how long each view's request takes, served in-process through the
same application ``seam serve`` runs (Starlette's test client: no network, no browser).

Offline (recorded parses) always; live too where ACE and an ERG image are found. For each
recorded sentence: the analysis (IR, readings, DMRS graphs), a rule application under
``--apply`` (every backend, the rules' effect, and live: ACE's realizations with their
verdicts), and once the offline ``rules check`` of the whole rules folder. Prints the median
and the slowest request per view, in milliseconds, after one warm-up request.

    python benchmarks/workbench.py [--apply negate passive "tense(fut)"] [--offline]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from starlette.testclient import TestClient  # noqa: E402

from engine.errors import GrammarError  # noqa: E402
from engine.resources import rules_dir  # noqa: E402
from engine.workbench.app import create_app  # noqa: E402
from engine.workbench.bench import Workbench  # noqa: E402


def timed(client: TestClient, path: str, body: dict | None = None) -> float:
    start = time.perf_counter()
    out = client.post(path, json=body) if body is not None else client.get(path)
    took = (time.perf_counter() - start) * 1000
    if out.status_code != 200:
        raise SystemExit(f"{path} {body}: {out.status_code} {out.text[:200]}")
    return took


def measure(bench: Workbench, applies: list[str]) -> None:
    app = create_app(bench, port=8765)  # as the page calls it: its own host, with the token
    client = TestClient(app, base_url="http://127.0.0.1:8765", headers={"X-Seam-Token": app.token})
    sentences = sorted(bench.recorded)
    timed(client, "/api/analyze", {"text": sentences[0]})  # warm-up (spaCy, ACE)
    rows = {"analyze": [timed(client, "/api/analyze", {"text": s}) for s in sentences]}
    for expr in applies:
        rows[f"apply {expr}"] = [
            timed(client, "/api/apply", {"text": s, "expression": expr}) for s in sentences
        ]
    rows["rules check"] = [timed(client, "/api/check", {})]
    mode = "live" if bench.erg is not None else "offline"
    print(f"\n{mode}: {len(sentences)} sentences")
    print(f"{'view':24} {'median ms':>10} {'max ms':>10}")
    for name, times in rows.items():
        print(f"{name:24} {statistics.median(times):10.0f} {max(times):10.0f}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--apply", nargs="+", default=["negate", "passive", "tense(fut)"])
    p.add_argument("--offline", action="store_true", help="skip the live run")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        for path in (rules_dir() / "mrs").glob("*.toml"):
            shutil.copy(path, Path(tmp) / path.name)
        bench = Workbench(tmp, live=False)
        try:
            measure(bench, args.apply)
        finally:
            bench.close()
        if args.offline:
            return 0
        try:
            bench = Workbench(tmp, live=True)
        except GrammarError as exc:
            print(f"\nlive: skipped ({exc})")
            return 0
        if bench.erg is None:
            print(f"\nlive: skipped ({bench.offline})")
            return 0
        try:
            measure(bench, args.apply)
        finally:
            bench.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
