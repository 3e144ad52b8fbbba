"""Scaling out: records/s with 1 and 2 Ray workers, for the surface and erg backends.

    python benchmarks/scale.py [--surface 400] [--erg 20] [-a p n] [--block-size 20]
                               [--data FILE]

Runs ``seam transform --executor ray`` on SNLI dev premises with 1 and then 2 workers (each
with its own backend; the erg backend gets one ACE process of each kind per worker), and prints
records/s and the scaling efficiency (the 2-worker rate over twice the 1-worker rate). Ray's
start-up is included; the local executor's rate is printed for reference. Needs the
distributed extra, and ACE + an ERG image for the erg rows.

Needs the SNLI development set, not shipped with Seam: a JSONL file with a ``premise`` per
line, passed with ``--data FILE``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _data import add_snli_option, require_snli  # noqa: E402

from engine.cli import main as seam  # noqa: E402


def premises(snli: Path, n: int) -> list[str]:
    out: list[str] = []
    with open(snli, encoding="utf-8") as fh:
        for line in fh:
            t = json.loads(line)["premise"].replace(" .", ".").strip()
            if t not in out and 3 <= len(t.split()) <= 30:
                out.append(t)
            if len(out) >= n:
                break
    return out


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    assert seam(args) == 0
    return time.perf_counter() - start


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--surface", type=int, default=400, help="premises for the surface backend")
    p.add_argument("--erg", type=int, default=20, help="premises for the erg backend (0: skip)")
    p.add_argument("-a", "--apply", nargs="+", default=["p", "n"])
    p.add_argument("--block-size", type=int, default=20)
    add_snli_option(p)
    args = p.parse_args(argv)
    snli = require_snli(args.data)
    apply = [x for a in args.apply for x in ("-a", a)]
    with tempfile.TemporaryDirectory() as tmp:
        for backend, n in (("surface", args.surface), ("erg", args.erg)):
            if not n:
                continue
            src = Path(tmp) / f"{backend}.jsonl"
            src.write_text(
                "".join(
                    json.dumps({"id": str(k), "text": t}) + "\n"
                    for k, t in enumerate(premises(snli, n))
                )
            )
            records = n * len(args.apply)
            extra = ["--workers", "1"] if backend == "erg" else []
            local = timed(
                [
                    "transform",
                    "-i",
                    str(src),
                    *apply,
                    "-b",
                    backend,
                    *extra,
                    "-o",
                    f"{tmp}/l.jsonl",
                    "-q",
                ]
            )
            rates = {}
            for w in (1, 2):
                secs = timed(
                    [
                        "transform",
                        "-i",
                        str(src),
                        *apply,
                        "-b",
                        backend,
                        *extra,
                        "-o",
                        f"{tmp}/r{w}.jsonl",
                        "-q",
                        "--executor",
                        "ray",
                        "--ray-workers",
                        str(w),
                        "--block-size",
                        str(args.block_size),
                    ]
                )
                rates[w] = records / secs
            print(
                f"{backend:8} {n} inputs x {len(args.apply)}: local {records / local:.2f} rec/s; "
                f"Ray 1 worker {rates[1]:.2f}, 2 workers {rates[2]:.2f} rec/s; efficiency "
                f"{rates[2] / (2 * rates[1]):.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
