"""Symbolic against neural on real text: ``seam compare`` on SNLI dev premises and StylePTB
valid sources, with the nine core transformations.

    python benchmarks/compare.py [--snli 300] [--styleptb 100] [--backends surface erg]
                                 [--model TAILOR_DIR] [-a p f pr m n q pa i s]
                                 [--gen-timeout 5] [--judge auto|none] [--out DIR]
                                 [--data DIR]

Samples distinct SNLI dev premises (3-30 words, seeded) and StylePTB valid sources (every
transfer code's ``src`` side without the corpus's ``unk``/``NUM`` placeholders, sentence-cased, with
a final period), runs every backend on the same plans, and prints the summary table of each dataset
(:func:`engine.workflows.compare.format_summary`). ``--model`` adds the tailor backend. Each
dataset's ``records.jsonl``, ``summary.json`` and ``report.html`` go under ``--out``. The ERG judges
grammaticality when a grammar is found (``--judge none`` to skip it).

Needs two datasets, not shipped with Seam, in the folder passed with ``--data DIR``: the SNLI
development set at ``snli/dev.jsonl`` (JSONL, a ``premise`` per line; not read with
``--snli 0``) and the StylePTB splits at ``styleptb/<CODE>/valid.jsonl`` (JSONL, a ``src`` per
line; not read with ``--styleptb 0``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _data import require  # noqa: E402

from engine.jsonl import parse_line  # noqa: E402
from engine.workflows.compare import format_summary, measure, run_backends, summarize  # noqa: E402
from engine.workflows.compare.report import write  # noqa: E402

DATA = ROOT.parent / "shared" / "data"  # the --data default
CORE = ["p", "f", "pr", "m", "n", "q", "pa", "i", "s"]


def _detokenize(text: str) -> str:
    for a, b in (
        (" .", "."),
        (" ,", ","),
        (" ?", "?"),
        (" !", "!"),
        (" 's", "'s"),
        (" n't", "n't"),
        (" ;", ";"),
        (" :", ":"),
        (" '", "'"),
        ("`` ", '"'),
        (" ''", '"'),
    ):
        text = text.replace(a, b)
    return text.strip()


def snli(path: Path, n: int, seed: int) -> list[str]:
    seen: dict[str, None] = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            text = _detokenize(json.loads(line)["premise"])
            if 3 <= len(text.split()) <= 30:
                seen.setdefault(text)
    texts = list(seen)
    random.Random(seed).shuffle(texts)
    return texts[:n]


def styleptb(folder: Path, n: int, seed: int) -> list[str]:
    seen: dict[str, None] = {}
    for path in sorted(folder.glob("*/valid.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = json.loads(line)["src"].split()
            while (
                words and words[0].isdigit()
            ):  # compositional sets prefix their sources with control digits
                words = words[1:]
            src = " ".join(words)
            if "unk" in words or "NUM" in words or not 4 <= len(words) <= 30:
                continue
            text = _detokenize(src)
            text = text if text[-1] in ".?!" else text + "."  # the corpus drops final punctuation
            seen.setdefault(text[:1].upper() + text[1:])
    texts = list(seen)
    random.Random(seed).shuffle(texts)
    return texts[:n]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--snli", type=int, default=300, help="SNLI dev premises (default 300)")
    p.add_argument("--styleptb", type=int, default=100, help="StylePTB valid sources (default 100)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--backends", nargs="+", default=["surface", "erg"])
    p.add_argument("--model", help="TAILOR checkpoint: adds the tailor backend")
    p.add_argument("-a", "--apply", nargs="+", default=CORE)
    p.add_argument("--grammar", help="ERG image (default: SEAM_ERG, then the cache)")
    p.add_argument("--ace", help="ACE binary (default: SEAM_ACE, then the cache)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument(
        "--gen-timeout", type=int, default=5, help="ACE seconds per generation (default 5, as LIT)"
    )
    p.add_argument("--judge", choices=("auto", "none"), default="auto")
    p.add_argument(
        "--out",
        default="compare-out",
        help="folder for each dataset's report (default compare-out)",
    )
    p.add_argument(
        "--data",
        type=Path,
        default=DATA,
        help="folder holding snli/dev.jsonl and styleptb/<CODE>/valid.jsonl "
        "(default: ../shared/data)",
    )
    args = p.parse_args(argv)
    sources = {}
    if args.snli:
        path = require(
            args.data / "snli" / "dev.jsonl",
            "the SNLI development set (snli/dev.jsonl in the --data folder; --snli 0 skips it)",
            "--data",
            "DIR",
        )
        sources["snli"] = lambda: snli(path, args.snli, args.seed)
    if args.styleptb:
        folder = require(
            args.data / "styleptb",
            "the StylePTB splits (styleptb/<CODE>/valid.jsonl in the --data folder; "
            "--styleptb 0 skips them)",
            "--data",
            "DIR",
        )
        sources["styleptb"] = lambda: styleptb(folder, args.styleptb, args.seed)

    options: dict[str, dict] = {}
    for name in args.backends:
        options[name] = (
            {
                "ace": args.ace,
                "grammar": args.grammar,
                "workers": args.workers,
                "gen_timeout": args.gen_timeout,
            }
            if name in ("erg", "hybrid")
            else {}
        )
    if args.model:
        options["tailor"] = {"model": args.model}
    judge = None
    if args.judge == "auto":
        from engine.errors import GrammarError
        from engine.validate.grammar import ErgGrammaticality

        try:
            judge = ErgGrammaticality(ace=args.ace, grammar=args.grammar, workers=args.workers)
        except GrammarError as exc:
            print(f"no ERG judge: {exc}", file=sys.stderr)
    for dataset, read in sources.items():
        texts = read()
        if not texts:
            continue
        items = [
            parse_line(json.dumps({"id": f"{dataset}-{k}", "text": t}), k + 1)
            for k, t in enumerate(texts)
        ]
        start = time.perf_counter()
        comparison = run_backends(
            items,
            args.apply,
            options,
            progress=lambda b, n, d=dataset: print(f"  {d} {b}: {n} records", file=sys.stderr),
        )
        measure(comparison, judge=judge)
        summary = summarize(comparison)
        paths = write(
            Path(args.out) / dataset,
            comparison,
            summary,
            f"Seam compare: {dataset} ({len(texts)} inputs)",
        )
        print(
            f"\n== {dataset}: {len(texts)} inputs x {len(args.apply)} transformations "
            f"({time.perf_counter() - start:.0f} s; report {paths['report']})"
        )
        print(format_summary(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
