"""Control-code detection against the codes Seam's own edits were made with, on SNLI dev.

    python benchmarks/polyjuice_detect.py [--pairs 1000] [--backend surface] [--seed 0] [--show 10]

Seeded SNLI dev premises are transformed by Seam (the surface backend by default). Each edit has
a known Polyjuice code:

| Seam edit | code |
|---|---|
| ``negate`` | negation |
| ``tense(past)``, ``tense(fut)``, ``passive`` | restructure |
| ``swap`` | shuffle |
| ``shorten(AGENT)``, ``shorten(PATIENT)`` | delete |

Captions (*A man cooking food.*) are left out: their edits also restore the verb. The pairs are taken round-robin over the edits until ``--pairs`` changed ``ok`` outputs are
collected. :func:`engine.polyjuice.detect.detect_texts` then labels each pair. The script prints
the agreement, the confusion table (made-with code x detected code) and some disagreements.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.analyzers import SpacyAnalyzer  # noqa: E402
from engine.captions import caption_clause  # noqa: E402
from engine.pipeline import Transformer  # noqa: E402
from engine.polyjuice.detect import detect_texts  # noqa: E402

SNLI = ROOT.parent / "shared" / "data" / "snli" / "dev.jsonl"
MADE_WITH = {"negate": "negation", "tense(past)": "restructure", "tense(fut)": "restructure",
             "passive": "restructure", "swap": "shuffle", "shorten(AGENT)": "delete", "shorten(PATIENT)": "delete"}


def premises(seed: int) -> list[str]:
    seen: dict[str, None] = {}
    with open(SNLI, encoding="utf-8") as fh:
        for line in fh:
            text = json.loads(line)["premise"].replace(" .", ".").replace(" ,", ",").strip()
            if 3 <= len(text.split()) <= 30:
                seen.setdefault(text)
    texts = list(seen)
    random.Random(seed).shuffle(texts)
    return texts


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pairs", type=int, default=1000)
    p.add_argument("--backend", default="surface")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--show", type=int, default=10, help="disagreements to print")
    args = p.parse_args(argv)

    transformer = Transformer(args.backend)
    analyzer = SpacyAnalyzer()
    texts = premises(args.seed)
    per_edit = -(-args.pairs // len(MADE_WITH))
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    start = time.perf_counter()
    for k in range(0, len(texts), 200):
        # full clauses only: a caption's edit also restores its verb (*A man cooking* -> *A man is cooking*)
        batch = [t for t, a in zip(texts[k:k + 200], analyzer.analyze(texts[k:k + 200]), strict=True)
                 if a.main_frame is not None and caption_clause(a) is None]
        for expr in MADE_WITH:
            if len(found[expr]) >= per_edit:
                continue
            for rec in transformer.run_texts(batch, expr):
                if rec["status"] == "ok" and rec["best"] and rec["best"] != rec["source"]:
                    found[expr].append((rec["source"], rec["best"]))
        if all(len(found[e]) >= per_edit for e in MADE_WITH):
            break
    pairs, made = [], []
    for n in range(per_edit):
        for expr in MADE_WITH:
            if n < len(found[expr]) and len(pairs) < args.pairs:
                pairs.append(found[expr][n])
                made.append((expr, MADE_WITH[expr]))
    built = time.perf_counter() - start
    start = time.perf_counter()
    codes = detect_texts(pairs)
    took = time.perf_counter() - start
    right = sum(c == m for c, (_, m) in zip(codes, made, strict=True))
    print(f"{len(pairs)} pairs from {args.backend} on SNLI dev (built in {built:.0f} s); "
          f"detection {len(pairs) / took:.0f} pairs/s")
    print(f"agreement with the code Seam made the edit with: {right}/{len(pairs)} = {right / len(pairs):.3f}")
    table = Counter((m, c) for c, (_, m) in zip(codes, made, strict=True))
    detected = sorted({str(c) for c in codes})
    print("\nmade with \\ detected | " + " | ".join(detected))
    for m in sorted(set(MADE_WITH.values())):
        print(f"{m:20} | " + " | ".join(str(sum(v for (mm, c), v in table.items() if mm == m and str(c) == d))
                                      for d in detected))
    by_expr = Counter(e for e, _ in made)
    ok_expr = Counter(e for c, (e, m) in zip(codes, made, strict=True) if c == m)
    print("\nper edit: " + ", ".join(f"{e} {ok_expr[e]}/{n}" for e, n in by_expr.items()))
    shown = 0
    for (x, y), c, (e, m) in zip(pairs, codes, made, strict=True):
        if c != m and shown < args.show:
            print(f"  {e}: {x!r} -> {y!r}: detected {c}, made with {m}")
            shown += 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
