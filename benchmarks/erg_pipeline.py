"""ERG pipeline benchmark: parse + every rule + generation, warm pool vs one ACE per call.

Needs ACE and an ERG image (argument, SEAM_ACE/SEAM_ERG, or `seam grammar install`). Prints
sentences/s for the warm pool and for LIT's one-process-per-call way, their ratio, and per
rule family the applicability and realization rates.

    python benchmarks/erg_pipeline.py --n 50 [--data ../shared/data/snli/dev.jsonl] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.backends.erg import ErgBackend  # noqa: E402
from engine.errors import GrammarError  # noqa: E402
from engine.pipeline import Transformer  # noqa: E402

ALL = ["tense(past)", "tense(fut)", "prog(+)", "perf(+)", "modal(may)", "modal(could)", "negate", "question",
       "passive", "active", "cleft(ARG0)", "cleft(ARG1)", "swap", "tense(fut)+passive", "negate+question"]


def sentences(path: Path, n: int) -> list[str]:
    out = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            text = rec.get("premise") or rec.get("sentence1") or rec.get("text") or rec.get("src")
            if text and text not in out:
                out.append(text)
            if len(out) >= n:
                break
    return out


def run(texts, fresh: bool, args) -> tuple[float, list[dict]]:
    backend = ErgBackend(ace=args.ace, grammar=args.grammar, workers=args.workers, timeout=args.timeout, fresh=fresh)
    start = time.perf_counter()
    try:
        records = Transformer(backend, batch_size=16).run_texts(texts, ALL)
    finally:
        backend.close()
    return time.perf_counter() - start, records


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=50)
    p.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "snli" / "dev.jsonl"))
    p.add_argument("--ace")
    p.add_argument("--grammar")
    p.add_argument("--workers", type=int)
    p.add_argument("--timeout", type=int, default=10)
    p.add_argument("--skip-fresh", action="store_true", help="only the warm pool")
    args = p.parse_args(argv)
    texts = sentences(Path(args.data), args.n)
    try:
        warm_s, records = run(texts, False, args)
    except GrammarError as exc:
        print(f"erg_pipeline: {exc}", file=sys.stderr)
        return 2
    print(f"{len(texts)} sentences x {len(ALL)} transformations")
    print(f"warm pool:            {len(texts) / warm_s:8.2f} sentences/s ({warm_s:.1f}s)")
    if not args.skip_fresh:
        fresh_s, _ = run(texts, True, args)
        print(f"one ACE per call:     {len(texts) / fresh_s:8.2f} sentences/s ({fresh_s:.1f}s)")
        print(f"speed-up:             {fresh_s / warm_s:8.2f}x")
    by = {}
    for r in records:
        by.setdefault(r["transformation"], Counter())[r["status"]] += 1
    parsed = sum(1 for r in records if r["status"] != "no_parse") / max(len(records), 1)
    print(f"parsed: {parsed:.1%} of sentences")
    print(f"{'transformation':22} {'applicable':>10} {'realized':>9}  statuses")
    for name in ALL:
        c = by.get(name, Counter())
        parsed_n = sum(v for k, v in c.items() if k != "no_parse")
        applicable = parsed_n - c["not_applicable"]
        print(f"{name:22} {applicable / max(parsed_n, 1):10.1%} {c['ok'] / max(applicable, 1):9.1%}  {dict(c)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
