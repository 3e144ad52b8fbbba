"""The ERG as judge of every backend: grammaticality of sampled outputs on SNLI and MNLI dev.

    python benchmarks/erg_judge.py [--n 25] [--backends surface hybrid] [-a p f m n q pa i s]
                                   [--data snli mnli] [--data-dir DIR] [--grammar IMAGE]
                                   [--show 10] [--json FILE]

Samples N distinct premises per dataset, transforms each with every transformation on every
backend, and re-parses every ``ok`` output (and its source) with ACE + the ERG. Prints, per
backend and dataset: outputs, the share the ERG parses, and the rejections split by whether
the ERG parses the *source*: when it cannot parse the source either, a rejected output is
most likely a gap of the image (unknown word, missing frame), not an error of the backend;
when it parses the source but not the output, the output is a candidate error, listed with
``--show`` for a person to judge. Needs ACE and an ERG image (arguments, ``SEAM_ACE`` /
``SEAM_ERG`` or the user cache).

Needs the SNLI and MultiNLI development sets too, not shipped with Seam: JSONL files with a
``premise`` per line, at ``snli/dev.jsonl`` and ``mnli/dev_matched.jsonl`` in the folder
passed with ``--data-dir DIR`` (``--data snli`` reads SNLI only).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _data import require  # noqa: E402

from engine.erg import ace as acemod  # noqa: E402
from engine.erg.grammar import find_grammar  # noqa: E402
from engine.pipeline import Transformer  # noqa: E402

DATA = {  # file in the --data-dir folder, what it is
    "snli": ("snli/dev.jsonl", "the SNLI development set"),
    "mnli": ("mnli/dev_matched.jsonl", "the MultiNLI development set (matched)"),
}


def premises(path: Path, n: int, seed: int) -> list[str]:
    seen: dict[str, None] = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            text = json.loads(line)["premise"].strip()
            if 3 <= len(text.split()) <= 30:
                seen.setdefault(text)
    texts = list(seen)
    random.Random(seed).shuffle(texts)
    return texts[:n]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=25, help="premises per dataset (default 25)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--backends", nargs="+", default=["surface"])
    p.add_argument("-a", "--apply", nargs="+", default=["p", "f", "m", "n", "q", "pa", "i", "s"])
    p.add_argument("--data", nargs="+", default=list(DATA), choices=list(DATA))
    p.add_argument(
        "--data-dir",
        type=Path,
        default=ROOT.parent / "shared" / "data",
        help="folder holding snli/dev.jsonl and mnli/dev_matched.jsonl (default: ../shared/data)",
    )
    p.add_argument("--grammar", help="ERG image (default: SEAM_ERG, then the cache)")
    p.add_argument("--ace", help="ACE binary (default: SEAM_ACE, then the cache)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--timeout", type=int, default=10)
    p.add_argument("--show", type=int, default=10, help="candidate errors to print per backend")
    p.add_argument("--json", help="write the numbers and the rejected outputs here")
    args = p.parse_args(argv)
    paths = {}
    for name in args.data:
        file, what = DATA[name]
        paths[name] = require(
            args.data_dir / file, f"{what} ({file} in the --data-dir folder)", "--data-dir", "DIR"
        )
    grammar = find_grammar(args.ace, args.grammar)
    pool = acemod.AcePool(
        grammar,
        workers=args.workers,
        options=acemod.AceOptions(timeout=args.timeout, parse_results=1),
    )
    print(
        f"ERG {grammar.version} ({grammar.image.name}); {args.n} premises per dataset; "
        f"transformations {args.apply}"
    )
    report: dict = {}
    try:
        for backend in args.backends:
            options = (
                {"grammar": args.grammar, "ace": args.ace} if backend in ("erg", "hybrid") else {}
            )
            t = Transformer(backend, **options)
            for name in args.data:
                texts = premises(paths[name], args.n, args.seed)
                start = time.perf_counter()
                records = t.run_texts(texts, args.apply)
                outputs = [
                    (r["source"], r["best"], r["transformation"])
                    for r in records
                    if r["status"] == "ok" and r["best"] != r["source"]
                ]
                todo = sorted({s for s, _, _ in outputs} | {o for _, o, _ in outputs})
                parsed = dict(zip(todo, (res.status for res in pool.parse(todo)), strict=True))
                ok = [x for x in outputs if parsed[x[1]] == acemod.OK]
                rejected = [x for x in outputs if parsed[x[1]] == acemod.NO_PARSE]
                other = len(outputs) - len(ok) - len(rejected)
                gaps = [x for x in rejected if parsed[x[0]] != acemod.OK]
                suspects = [x for x in rejected if parsed[x[0]] == acemod.OK]
                statuses = Counter(r["status"] for r in records)
                row = {
                    "records": len(records),
                    "statuses": dict(statuses),
                    "changed_outputs": len(outputs),
                    "parsed": len(ok),
                    "rejected": len(rejected),
                    "timeouts_or_errors": other,
                    "rejected_source_unparsed": len(gaps),
                    "rejected_source_parsed": len(suspects),
                    "sources_parsed": sum(
                        parsed[s] == acemod.OK for s in {s for s, _, _ in outputs}
                    ),
                    "sources": len({s for s, _, _ in outputs}),
                    "seconds": round(time.perf_counter() - start, 1),
                    "suspects": [
                        {"source": s, "output": o, "transformation": tr} for s, o, tr in suspects
                    ],
                }
                report.setdefault(backend, {})[name] = row
                share = len(ok) / max(1, len(ok) + len(rejected))
                print(
                    f"\n== {backend} on {name}: {len(records)} records, {len(outputs)} changed "
                    f"ok outputs, {row['seconds']} s"
                )
                print(
                    f"   ERG parses {len(ok)} of {len(ok) + len(rejected)} judged outputs "
                    f"({share:.1%}); {other} timed out or failed"
                )
                print(
                    f"   rejected {len(rejected)}: {len(gaps)} whose source the ERG cannot parse "
                    f"either (likely gaps of the image), {len(suspects)} whose source it parses "
                    "(candidate errors)"
                )
                print(f"   the ERG parses {row['sources_parsed']} of {row['sources']} sources")
                for s, o, tr in suspects[: args.show]:
                    print(f"     [{tr}] {s!r}\n        -> {o!r}")
    finally:
        pool.close()
    if args.json:
        Path(args.json).write_text(
            json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
