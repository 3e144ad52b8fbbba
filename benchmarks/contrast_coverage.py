"""Contrast-set coverage on SNLI and MNLI dev: per transformation pair, the share of input
pairs where both sentences were realized and a label was inferred; the label distribution;
and pairs per second, for one backend.

    python benchmarks/contrast_coverage.py [--data snli mnli] [--data-dir DIR] [--limit N]
                                           [--backend surface] [--pairs "p;f" ...] [--json FILE]

LIT (Li et al. 2020) reports that only about a fifth of SNLI pairs could be transformed at
all with the ERG; the last line compares.

Needs the SNLI and MultiNLI development sets, not shipped with Seam: JSONL files with ``id``,
``premise``, ``hypothesis`` and ``label``, at ``snli/dev.jsonl`` and
``mnli/dev_matched.jsonl`` in the folder passed with ``--data-dir DIR`` (``--data snli``
reads SNLI only).
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

from _data import require  # noqa: E402

from engine.workflows.contrast import (  # noqa: E402
    LIT_PAIRS,
    ContrastBuilder,
    format_summary,
    read_pairs,
    summarize,
)

DATA = {  # file in the --data-dir folder, what it is
    "snli": ("snli/dev.jsonl", "the SNLI development set"),
    "mnli": ("mnli/dev_matched.jsonl", "the MultiNLI development set (matched)"),
}
LIT_TRANSFORMABLE = 0.20  # LIT: about 20% of SNLI pairs transformable at all


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", nargs="+", choices=sorted(DATA), default=["snli", "mnli"])
    p.add_argument(
        "--data-dir",
        type=Path,
        default=ROOT.parent / "shared" / "data",
        help="folder holding snli/dev.jsonl and mnli/dev_matched.jsonl (default: ../shared/data)",
    )
    p.add_argument("--limit", type=int, help="only the first N pairs of each file")
    p.add_argument("--backend", default="surface")
    p.add_argument("--pairs", nargs="+", default=list(LIT_PAIRS))
    p.add_argument("--json", help="write all numbers here")
    args = p.parse_args(argv)
    paths = {}
    for name in args.data:
        file, what = DATA[name]
        paths[name] = require(
            args.data_dir / file, f"{what} ({file} in the --data-dir folder)", "--data-dir", "DIR"
        )
    builder = ContrastBuilder(args.backend, pairs=args.pairs)
    report = {"backend": builder.backend_name, "pairs": args.pairs, "datasets": {}}
    for name in args.data:
        inputs = list(islice(read_pairs(paths[name]), args.limit))
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
