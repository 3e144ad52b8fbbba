"""MRS rule engine on the recorded ERG parses (no ACE needed): applicability and speed.

    python benchmarks/mrs_rules.py [--parses FILE] [--limit N]

Needs recorded ERG parses, not shipped with Seam: a JSONL file, one sentence a line with its
``status`` and ``readings`` (each with an ``mrs``), as ACE and an ERG image produce them.
Pass it with ``--parses FILE``.
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

from _data import require  # noqa: E402

from engine.erg.grammar import profile_for  # noqa: E402
from engine.erg.mrsview import decode  # noqa: E402
from engine.erg.rules import APPLIED, RuleSet  # noqa: E402

PARSES = "recorded ERG parses (a JSONL file of sentences with their ACE readings and MRSs)"
CASES = [
    ("tense", {"value": "fut"}),
    ("progressive", {"value": "+"}),
    ("perfect", {"value": "+"}),
    ("modality", {"value": "may"}),
    ("negation", {}),
    ("question", {}),
    ("passive", {"promote": "ARG2"}),
    ("passive", {"promote": "ARG3"}),
    ("active", {}),
    ("cleft", {"target": "ARG1"}),
    ("cleft", {"target": "ARG2"}),
    ("swap", {}),
]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--parses",
        default=str(ROOT.parent / "shared" / "data" / "erg" / "parses.jsonl"),
        help="recorded ERG parses, JSONL (default: ../shared/data/erg/parses.jsonl)",
    )
    p.add_argument("--erg-version", type=int, default=2018)
    p.add_argument("--limit", type=int, default=0, help="first N parsed sentences (0 = all)")
    args = p.parse_args(argv)
    parses = require(args.parses, PARSES, "--parses", "FILE")
    mrss = []
    with parses.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec["status"] == "ok" and rec["readings"]:
                mrss.append(decode(rec["readings"][0]["mrs"]))
            if args.limit and len(mrss) >= args.limit:
                break
    rules, grammar = RuleSet.load(), profile_for(args.erg_version)
    print(f"{len(mrss)} parsed sentences, ERG {args.erg_version} rules")
    total, start = 0, time.perf_counter()
    for family, params in CASES:
        c, reasons = Counter(), Counter()
        for m in mrss:
            for out in rules.apply_all(family, m, params, grammar):
                c[out.status] += 1
                total += 1
                if out.status != APPLIED:
                    reasons[out.reason] += 1
        top = reasons.most_common(1)[0][0] if reasons else ""
        name = f"{family}({','.join(params.values())})" if params else family
        print(f"{name:18} applied {c[APPLIED]:4} / {len(mrss)}   most common refusal: {top}")
    elapsed = time.perf_counter() - start
    print(f"{total} rule applications in {elapsed:.2f}s ({total / elapsed:.0f}/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
