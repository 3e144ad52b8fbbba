"""``seam eval``: score backends on a transformation gold file (:mod:`engine.evaluate`)."""

from __future__ import annotations

import argparse
import sys

from ..errors import SeamError
from . import command
from .options import add_backend_options, backend_kwargs


def _configure(e: argparse.ArgumentParser) -> None:
    e.add_argument("--gold", required=True, help="gold file (the format of ../shared/data/gold/transform_dev.jsonl)")
    e.add_argument("-b", "--backend", action="append", help="backend to score (repeatable; default: surface)")
    e.add_argument("--json", help="write every score and miss as JSON here")
    e.add_argument("--show-misses", type=int, default=10, metavar="N", help="misses printed per backend (default 10)")
    e.add_argument("--min-accuracy", type=float, help="exit 1 when a backend's accuracy is below this")
    e.add_argument("--min-precision", type=float, help="exit 1 when a backend's precision of ok is below this")
    add_backend_options(e)


@command("eval", "score backends on a gold file: coverage, precision, accuracy per phenomenon", _configure)
def evaluate(args: argparse.Namespace) -> int:
    from ..evaluate import evaluate as run_eval
    from ..evaluate import format_table, read_gold, write_json

    cases = read_gold(args.gold)
    if not cases:
        raise SeamError(f"{args.gold} has no gold cases")
    results = {}
    failed = False
    for backend in args.backend or ["surface"]:
        total, per, _records = run_eval(cases, backend, **backend_kwargs(argparse.Namespace(**{**vars(args),
                                                                                               "backend": backend})))
        results[backend] = (total, per)
        for miss in total.misses[: args.show_misses]:
            print(f"MISS {backend} {miss['id']}: {miss['text']} [{miss['apply']}] -> {miss['best']!r} "
                  f"({miss['status']}: {miss['reason'][:100]})", file=sys.stderr)
        scores = total.to_dict()
        if args.min_accuracy is not None and (scores["accuracy"] or 0) < args.min_accuracy:
            failed = True
        if args.min_precision is not None and (scores["precision"] or 0) < args.min_precision:
            failed = True
    print(format_table(results))
    if args.json:
        write_json(args.json, results)
    return 1 if failed else 0
