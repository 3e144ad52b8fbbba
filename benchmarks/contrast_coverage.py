"""Contrast-set coverage on SNLI and MNLI dev: per transformation pair, the share of input
pairs where both sentences were realized and a label was inferred; the label distribution;
and pairs per second, for one backend.

    python benchmarks/contrast_coverage.py [--data snli mnli] [--limit N] [--backend surface]
                                           [--pairs "p;f" ...] [--json FILE]

LIT (Li et al. 2020) reports that only about a fifth of SNLI pairs could be transformed at
all with the ERG; the last line compares.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.workflows.contrast import (  # noqa: E402
    LIT_PAIRS,
    ContrastBuilder,
    format_summary,
    read_pairs,
    summarize,
)

DATA = {
    "snli": ROOT.parent / "shared" / "data" / "snli" / "dev.jsonl",
    "mnli": ROOT.parent / "shared" / "data" / "mnli" / "dev_matched.jsonl",
}
LIT_TRANSFORMABLE = 0.20  # LIT: about 20% of SNLI pairs transformable at all


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", nargs="+", choices=sorted(DATA), default=["snli", "mnli"])
    p.add_argument("--limit", type=int, help="only the first N pairs of each file")
    p.add_argument("--backend", default="surface")
    p.add_argument("--pairs", nargs="+", default=list(LIT_PAIRS))
    p.add_argument("--json", help="write all numbers here")
    args = p.parse_args(argv)
    builder = ContrastBuilder(args.backend, pairs=args.pairs)
    report = {"backend": builder.backend_name, "pairs": args.pairs, "datasets": {}}
    for name in args.data:
        path = DATA[name]
        if not path.exists():
            print(f"{name}: {path} not found, skipped", file=sys.stderr)
            continue
        inputs = list(islice(read_pairs(path), args.limit))
        start = time.perf_counter()
        records = list(builder.run(inputs))
        seconds = time.perf_counter() - start
        stats = summarize(records)
        # "transformable": at least one pair expression realized on both sentences, labelled or not
        transformable = {r["original_id"] for r in records if r["status"] in ("ok", "no_label")}
        stats.update(
            seconds=round(seconds, 2),
            pairs_per_second=round(len(inputs) / seconds, 1),
            transformable=len(transformable) / len(inputs) if inputs else 0.0,
        )
        totals = {
            lab: sum(row["labels"][lab] for row in stats["pairs"].values())
            for lab in ("entailment", "neutral", "contradiction")
        }
        stats["label_distribution"] = totals
        report["datasets"][name] = stats
        print(
            f"\n== {name}: {len(inputs)} pairs, backend {builder.backend_name}, "
            f"{seconds:.1f} s ({stats['pairs_per_second']} pairs/s) =="
        )
        print(format_summary(stats))
        print(f"labels of the labelled contrasts: {totals}")
        print(
            f"transformable (some pair realized on both sentences): {stats['transformable']:.1%}; "
            f"LIT reports about {LIT_TRANSFORMABLE:.0%} of SNLI transformable"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
