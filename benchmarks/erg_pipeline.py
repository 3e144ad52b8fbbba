"""ERG pipeline benchmark: parse + every rule + generation, warm pool vs one ACE per call.

Needs ACE and an ERG image (argument, SEAM_ACE/SEAM_ERG, or `seam grammar install`). Prints,
on the same sentences and transformations (``-a``, repeatable; default LIT's eight):

* sentences/s of Seam's erg backend with the warm pool, and with one ACE process per call;
* the time ACE itself spent on the parses and generations Seam asked for (what ACE reports for
  each item, ``:treal``, summed over the pool's items and divided by the workers), so Seam's
  overhead over raw ACE is a ratio; beside it the calls' time (ACE plus the pipe and
  pydelphin's reading);
* the CPU time of the ACE processes and of Seam's Python process, and the wall time they
  would take on this machine's cores with perfect overlap;
* raw ACE: one warm parse plus one generation of the unchanged first reading per sentence;
* per transformation the applicability and realization rates, and the pool's restarts.

Start-up (loading spaCy and the ranking model, starting ACE, one warm-up sentence) is printed
apart and not timed: it is paid once per job, whatever its size.

    python benchmarks/erg_pipeline.py --n 40 [--data FILE] [-a p -a f ...]
    python benchmarks/erg_pipeline.py --n 40 --data PARSES.jsonl --prefix lit-

Needs sentences, not shipped with Seam: a JSONL file with one sentence a line (``premise``,
``sentence1``, ``text`` or ``src``), by default the SNLI development set; the recorded ERG
parses work too (``--prefix lit-`` keeps their LIT-style sentences). Pass it with
``--data FILE``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _data import require  # noqa: E402

from engine.backends.erg import ErgBackend  # noqa: E402
from engine.errors import GrammarError  # noqa: E402
from engine.pipeline import Transformer  # noqa: E402

LIT = [
    "p",
    "f",
    "m",
    "n",
    "q",
    "pa",
    "i",
    "s",
]  # LIT's past, future, modal, negation, question, passive, cleft, swap


def sentences(path: Path, n: int, prefix: str = "") -> list[str]:
    out = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if prefix and not str(rec.get("id", "")).startswith(prefix):
                continue
            text = rec.get("premise") or rec.get("sentence1") or rec.get("text") or rec.get("src")
            if text and text not in out:
                out.append(text)
            if len(out) >= n:
                break
    return out


WARM_UP = "The cat chased a small dog."  # not timed: loads the models and starts the processes


def run(texts, fresh: bool, args) -> tuple[float, list[dict], dict]:
    backend = ErgBackend(
        ace=args.ace,
        grammar=args.grammar,
        workers=args.workers,
        timeout=args.timeout,
        fresh=fresh,
        gen_timeout=args.gen_timeout,
        gen_results=args.gen_results,
        round_trip=not args.no_round_trip,
        round_trip_timeout=args.round_trip_timeout,
    )
    try:
        start = time.perf_counter()
        transformer = Transformer(backend, batch_size=args.batch_size)
        transformer.run_texts([WARM_UP], args.apply)
        startup = time.perf_counter() - start
        backend.pool.stats = {k: {n: 0.0 for n in v} for k, v in backend.pool.stats.items()}
        ace_cpu, py_cpu = _ace_cpu(backend.pool), time.process_time()
        start = time.perf_counter()
        records = transformer.run_texts(texts, args.apply)
        elapsed = time.perf_counter() - start
        py_cpu, ace_cpu = time.process_time() - py_cpu, _ace_cpu(backend.pool) - ace_cpu
        stats = {k: dict(v) for k, v in backend.pool.stats.items()}
        stats["workers"] = backend.pool.workers
        stats["restarts"] = 0 if fresh else backend.pool.restarts
        stats["startup"] = startup
        stats["cpu"] = (ace_cpu, py_cpu)
    finally:
        backend.close()
    return elapsed, records, stats


def _ace_cpu(pool) -> float:
    """CPU seconds used so far by the pool's live ACE processes (Linux /proc; 0 elsewhere)."""
    total = 0.0
    for w in pool._all:
        try:
            fields = Path(f"/proc/{w.proc._p.pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (AttributeError, OSError, ValueError, IndexError):
            continue
    return total


def raw_ace(texts, args) -> tuple[float, float]:
    """One warm parse and one generation (of the unchanged first reading) per sentence, straight
    through the pool with no Seam processing: (wall seconds, ACE seconds). The processes are
    started on the warm-up sentence first."""
    from engine.erg.ace import AceOptions, AcePool
    from engine.erg.grammar import find_grammar

    opts = AceOptions(
        timeout=args.timeout, generate_timeout=args.gen_timeout, generate_results=args.gen_results
    )
    with AcePool(find_grammar(args.ace, args.grammar), workers=args.workers, options=opts) as pool:
        warm = pool.parse([WARM_UP] * pool.workers)
        pool.generate([p.results[0]["mrs"] for p in warm if p.results])
        pool.stats = {k: {n: 0.0 for n in v} for k, v in pool.stats.items()}
        start = time.perf_counter()
        parses = pool.parse(texts)
        mrss = [p.results[0]["mrs"] for p in parses if p.results]
        pool.generate(mrss)
        wall = time.perf_counter() - start
        ace = (
            pool.stats["parse"]["ace_seconds"] + pool.stats["generate"]["ace_seconds"]
        ) / pool.workers
    return wall, ace


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=50)
    p.add_argument(
        "--data",
        default=str(ROOT.parent / "shared" / "data" / "snli" / "dev.jsonl"),
        help="JSONL sentences, one a line (premise, sentence1, text or src) "
        "(default: ../shared/data/snli/dev.jsonl)",
    )
    p.add_argument("--ace")
    p.add_argument("--grammar")
    p.add_argument("--workers", type=int)
    p.add_argument("--timeout", type=int, default=10)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--gen-timeout", type=int, help="seconds per generation (default: --timeout)")
    p.add_argument("--gen-results", type=int, help="ask ACE for at most N realizations (-n)")
    p.add_argument(
        "--no-round-trip", action="store_true", help="no round-trip tie-breaking between readings"
    )
    p.add_argument(
        "--round-trip-timeout",
        type=int,
        help="seconds for regenerating the unchanged reading; a slower "
        "sentence is not edited (default: 2, or --gen-timeout if lower)",
    )
    p.add_argument(
        "-a", "--apply", action="append", help=f"transformations (default: {' '.join(LIT)})"
    )
    p.add_argument("--skip-fresh", action="store_true", help="only the warm pool")
    p.add_argument("--skip-raw", action="store_true", help="no raw-ACE baseline")
    p.add_argument(
        "--prefix",
        default="",
        help="only records whose id starts with this (e.g. lit- in the recorded ERG parses: "
        "LIT-style sentences)",
    )
    args = p.parse_args(argv)
    args.apply = args.apply or LIT
    data = require(
        args.data,
        "sentences to transform (a JSONL file, one premise, sentence1, text or src a line; "
        "by default the SNLI development set)",
        "--data",
        "FILE",
    )
    texts = sentences(data, args.n, args.prefix)
    try:
        warm_s, records, stats = run(texts, False, args)
    except GrammarError as exc:
        print(f"erg_pipeline: {exc}", file=sys.stderr)
        return 2
    ace_s = (stats["parse"]["ace_seconds"] + stats["generate"]["ace_seconds"]) / stats["workers"]
    calls_s = (stats["parse"]["seconds"] + stats["generate"]["seconds"]) / stats["workers"]
    print(
        f"{len(texts)} sentences x {len(args.apply)} transformations ({' '.join(args.apply)}), "
        f"{stats['workers']} workers"
    )
    print(
        f"start-up (untimed):   {stats['startup']:8.1f}s (models loaded, processes started, one "
        "warm-up sentence)"
    )
    print(f"warm pool:            {len(texts) / warm_s:8.2f} sentences/s ({warm_s:.1f}s)")
    print(
        f"  ACE inside it:      {ace_s:8.1f}s as ACE reports it, {calls_s:.1f}s of calls "
        f"({int(stats['parse']['items'])} parses, "
        f"{int(stats['generate']['items'])} generations, "
        f"{int(stats['parse']['timeouts'] + stats['generate']['timeouts'])} timeouts, "
        f"{stats['restarts']} restarts)"
    )
    print(f"  Seam / ACE time:    {warm_s / max(ace_s, 1e-9):8.2f}x")
    print(
        f"  ACE by kind:        parses {stats['parse']['ace_seconds']:.1f}s, generations "
        f"{stats['generate']['ace_seconds']:.1f}s (summed over the processes)"
    )
    ace_cpu, py_cpu = stats["cpu"]
    if ace_cpu:
        cores = os.cpu_count() or 1
        print(
            f"  CPU:                ACE {ace_cpu:.1f}s, Seam's Python {py_cpu:.1f}s; on {cores} "
            f"cores at best {(ace_cpu + py_cpu) / cores:.1f}s"
        )
    if not args.skip_fresh:
        fresh_s, _, _ = run(texts, True, args)
        print(f"one ACE per call:     {len(texts) / fresh_s:8.2f} sentences/s ({fresh_s:.1f}s)")
        print(f"warm pool speed-up:   {fresh_s / warm_s:8.2f}x")
    if not args.skip_raw:
        raw_wall, raw_ace_s = raw_ace(texts, args)
        print(
            f"raw ACE (1 parse + 1 generation each): {len(texts) / raw_wall:8.2f} sentences/s "
            f"({raw_wall:.1f}s, ACE {raw_ace_s:.1f}s)"
        )
    by = {}
    for r in records:
        by.setdefault(r["transformation"], Counter())[r["status"]] += 1
    parsed = sum(1 for r in records if r["status"] != "no_parse") / max(len(records), 1)
    print(f"parsed: {parsed:.1%} of sentences")
    print(f"{'transformation':22} {'applicable':>10} {'realized':>9}  statuses")
    for name in args.apply:
        c = by.get(name, Counter())
        parsed_n = sum(v for k, v in c.items() if k != "no_parse")
        applicable = parsed_n - c["not_applicable"]
        print(
            f"{name:22} {applicable / max(parsed_n, 1):10.1%} "
            f"{c['ok'] / max(applicable, 1):9.1%}  {dict(c)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
