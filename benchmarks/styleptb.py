"""Zero-shot StylePTB transfers with a Seam backend.

Prints, per transfer: n, coverage (share realized), mean sentence BLEU-1 with failures
scored 0 (TAILOR's StylePTB protocol), corpus BLEU-4, exact match, sentences/s, and the
BLEU-1 of copying the source unchanged (the floor to beat).

    python benchmarks/styleptb.py                       # valid split, surface backend
    python benchmarks/styleptb.py --transfers TFU ATP --limit 100 --show-failures 5

The corpus is lower-cased PTB text with ``unk`` and ``NUM`` placeholders. ``NUM`` is given to
the analyzer as a numeral and ``unk`` as a noun/verb-ambiguous stand-in word that the corpus
never uses (``--unk-standins``: the first reading under which the transfer applies; the
reference is never consulted); both are restored afterwards, and the stand-in never inflects,
as the references treat ``unk``. StylePTB's tense references retense every clause, so the
surface backend runs with ``tense_scope="all"`` here (``--tense-scope main`` for LIT-style).

Needs the StylePTB splits (Lyu et al., NAACL 2021), not shipped with Seam: one folder per
transfer code holding ``<split>.jsonl`` files (``TFU/valid.jsonl``, ...), one JSON object per
line with ``src`` and ``trg``. Pass the folder with ``--data-dir DIR``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _data import require  # noqa: E402
from nltk.translate.bleu_score import SmoothingFunction, corpus_bleu, sentence_bleu  # noqa: E402

from engine import contract  # noqa: E402
from engine.backends import OK, get_backend  # noqa: E402
from engine.resources import rules_dir  # noqa: E402
from engine.transforms import parse  # noqa: E402

SPLITS = (
    "the StylePTB splits (one folder per transfer code, each with <split>.jsonl: "
    "TFU/valid.jsonl, ...)"
)
NUMBER_STANDIN = "17"  # a numeral the tagger reads as a number and the time checks not as a year


def load_config() -> dict:
    return json.loads((rules_dir() / "strategies" / "styleptb.json").read_text())


def load_pairs(data_dir: Path, code: str, split: str, config: dict) -> list[tuple[str, str, str]]:
    """(expression, source, reference) per line; compositional codes read their digits."""
    path = data_dir / code / f"{split}.jsonl"
    pairs = []
    comp = config["compositional"].get(code)
    for line in path.read_text().splitlines():
        rec = json.loads(line)
        src, trg = rec["src"], rec["trg"]
        if comp is None:
            expr = config["transfers"][code]
        else:
            words = src.split()
            digits, src = words[: len(comp["digits"])], " ".join(words[len(comp["digits"]) :])
            steps = [table[d] for table, d in zip(comp["digits"], digits, strict=True) if table[d]]
            expr = "+".join(steps) or "identity"
        pairs.append((expr, src, trg))
    return pairs


def to_model(text: str, number: str, unknown: str, standin: str) -> str:
    table = {number: NUMBER_STANDIN, unknown: standin}
    return " ".join(table.get(w, w) for w in text.split())


def from_model(text: str, number: str, unknown: str, standin: str) -> str:
    table = {NUMBER_STANDIN: number, standin: unknown}
    return " ".join(table.get(w, w) for w in text.split())


def bleu1(hyp: str | None, ref: str) -> float:
    if not hyp:
        return 0.0
    return sentence_bleu([ref.split()], hyp.split(), weights=(1.0,))


def realize(backend, sources: list[str], plans, number: str, unknown: str, standins: list[str]):
    """Results, and the stand-in used for each sentence.

    ``unk`` is a word of unknown category, so it is read as each stand-in in turn and the
    first reading under which the transfer applies is kept (the reference is never
    consulted); sentences without ``unk`` are realized once.
    """
    chosen = [standins[0]] * len(sources)
    analyses = backend.analyze([to_model(s, number, unknown, standins[0]) for s in sources])
    results = contract.realize(backend, analyses, plans)
    for alt in standins[1:]:
        redo = [
            k for k, r in enumerate(results) if r.status != OK and unknown in sources[k].split()
        ]
        if not redo:
            break
        again = backend.analyze([to_model(sources[k], number, unknown, alt) for k in redo])
        for k, r in zip(
            redo, contract.realize(backend, again, [plans[k] for k in redo]), strict=True
        ):
            if r.status == OK:
                results[k], chosen[k] = r, alt
    return results, chosen


def run(code: str, pairs, backend, number: str, unknown: str, standins: list[str]) -> dict:
    start = time.perf_counter()
    plans = [parse(e).plan() for e, _, _ in pairs]
    results, chosen = realize(backend, [s for _, s, _ in pairs], plans, number, unknown, standins)
    elapsed = time.perf_counter() - start
    hyps = [
        from_model(r.best, number, unknown, c) if r.status == OK and r.best else None
        for r, c in zip(results, chosen, strict=True)
    ]
    refs = [t for _, _, t in pairs]
    n = len(pairs)
    b1 = [bleu1(h, r) for h, r in zip(hyps, refs, strict=True)]
    copy = [bleu1(s, r) for (_, s, _), r in zip(pairs, refs, strict=True)]
    c4 = corpus_bleu(
        [[r.split()] for r in refs],
        [(h or "").split() for h in hyps],
        smoothing_function=SmoothingFunction().method1,
    )
    return {
        "transfer": code,
        "n": n,
        "coverage": sum(h is not None for h in hyps) / n,
        "bleu1": sum(b1) / n,
        "copy_bleu1": sum(copy) / n,
        "bleu4": c4,
        "exact": sum(h == r for h, r in zip(hyps, refs, strict=True)) / n,
        "sent_per_s": n / elapsed,
        "failures": [
            (pairs[k][1], pairs[k][2], hyps[k], results[k].status, results[k].reason, b1[k])
            for k in range(n)
            if b1[k] < 1.0
        ],
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--split", default="valid")
    p.add_argument(
        "--data-dir",
        type=Path,
        default=ROOT.parent / "shared" / "data" / "styleptb",
        help="the StylePTB splits: one folder per transfer code (default: ../shared/data/styleptb)",
    )
    p.add_argument("--backend", default="surface")
    p.add_argument(
        "--transfers", nargs="+", default=["TFU", "TPA", "TPR", "ATP", "PTA", "Tense+Voice"]
    )
    p.add_argument("--limit", type=int, default=0, help="first N pairs per transfer (0 = all)")
    p.add_argument(
        "--show-failures", type=int, default=0, help="print the N lowest-scoring pairs per transfer"
    )
    p.add_argument("--json", type=Path, help="also write the table as JSON")
    p.add_argument(
        "--tense-scope",
        choices=("main", "all"),
        default="all",
        help="surface backend: retense the main clause only, or every finite clause "
        "(StylePTB's references do the latter; default all)",
    )
    p.add_argument(
        "--unk-standins",
        nargs="*",
        default=["sketch", "hike", "cook", "paint", "skate", "jog"],
        help="words the analyzer sees for 'unk', tried in order until the transfer "
        "applies (noun/verb-ambiguous, absent from the corpus, never inflected); "
        "none to keep 'unk'",
    )
    args = p.parse_args(argv)
    splits = require(args.data_dir, SPLITS, "--data-dir", "DIR")
    for code in args.transfers:
        require(
            splits / code / f"{args.split}.jsonl",
            f"the StylePTB {code} {args.split} split ({code}/{args.split}.jsonl in the "
            "--data-dir folder)",
            "--data-dir",
            "DIR",
        )

    config = load_config()
    placeholders = config["placeholders"]
    unknown = placeholders["invariant"][0]
    standins = args.unk_standins or [unknown]
    options = {}
    if args.backend == "surface":
        options = {"invariant": standins, "tense_scope": args.tense_scope}
    backend = get_backend(args.backend, **options)
    backend.analyze(["warm up ."])  # load models outside the timed region

    rows = []
    print(f"StylePTB {args.split}, backend {args.backend}")
    print(
        f"{'transfer':<12} {'n':>5} {'coverage':>9} {'BLEU-1':>7} {'copy':>6} {'BLEU-4':>7} "
        f"{'exact':>6} {'sent/s':>8}"
    )
    for code in args.transfers:
        pairs = load_pairs(splits, code, args.split, config)
        if args.limit:
            pairs = pairs[: args.limit]
        row = run(code, pairs, backend, placeholders["number"], unknown, standins)
        rows.append(row)
        print(
            f"{code:<12} {row['n']:>5} {row['coverage']:>9.3f} {row['bleu1']:>7.3f} "
            f"{row['copy_bleu1']:>6.3f} {row['bleu4']:>7.3f} {row['exact']:>6.3f} "
            f"{row['sent_per_s']:>8.1f}"
        )
        for src, ref, hyp, status, reason, score in sorted(row["failures"], key=lambda f: f[-1])[
            : args.show_failures
        ]:
            print(
                f"    {score:.2f} [{status}] src: {src}\n         ref: {ref}\n         hyp: "
                f"{hyp}  {reason}"
            )
    if args.json:
        args.json.write_text(
            json.dumps([{k: v for k, v in r.items() if k != "failures"} for r in rows], indent=2)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
