"""``seam eval``: score backends on a transformation gold file
(:mod:`engine.workflows.evaluate`)."""

from __future__ import annotations

import argparse
import sys
from itertools import islice

from ..erg.grammar import find_grammar
from ..errors import GrammarError, SeamError
from ..jsonl import read_records
from ..pipeline import Transformer
from ..progress import bar as progress_bar
from ..rank.causal import CausalLM
from ..validate.grammar import ErgGrammaticality
from ..workflows.compare import format_summary, measure, run_backends, summarize
from ..workflows.compare.report import write
from ..workflows.evaluate import by_tag, format_table, format_tags, read_gold, write_json
from ..workflows.evaluate import evaluate as run_eval
from .commands import command
from .options import (
    add_backend_options,
    add_option,
    add_overwrite_option,
    backend_kwargs,
    guard_output,
)


def _configure(e: argparse.ArgumentParser) -> None:
    add_option(
        e,
        "-i",
        "--input",
        old=("--gold",),
        required=True,
        metavar="FILE",
        help="gold file: JSONL with id, text, apply, phenomenon, and accept (the right outputs) or "
        "expect_status",
    )
    e.add_argument(
        "-b", "--backend", action="append", help="backend to score (repeatable; default: surface)"
    )
    add_option(
        e,
        "--summary",
        old=("--json",),
        metavar="FILE",
        help="write every score and miss as JSON here",
    )
    e.add_argument(
        "--show-misses",
        type=int,
        default=10,
        metavar="N",
        help="misses printed per backend (default 10)",
    )
    e.add_argument(
        "--min-accuracy", type=float, help="exit 1 when a backend's accuracy is below this"
    )
    e.add_argument(
        "--min-precision", type=float, help="exit 1 when a backend's precision of ok is below this"
    )
    e.add_argument("-q", "--quiet", action="store_true", help="no progress bar on stderr")
    e.add_argument(
        "--by-tag",
        nargs="?",
        type=int,
        const=1,
        metavar="MIN",
        help="also print correct/n and precision per gold tag (tags with at least MIN cases)",
    )
    add_backend_options(e)


@command(
    "eval",
    "score backends on a gold file: coverage, precision, accuracy per phenomenon",
    _configure,
)
def evaluate(args: argparse.Namespace) -> int:

    cases = read_gold(args.input)
    if not cases:
        raise SeamError(f"{args.input} has no gold cases")

    results = {}
    tags = {}
    failed = False
    # every backend is opened before any is run: a missing grammar or checkpoint stops the
    # command at once, not after the other backends' work
    opened = {
        backend: Transformer(
            backend, **backend_kwargs(argparse.Namespace(**{**vars(args), "backend": backend}))
        )
        for backend in dict.fromkeys(args.backend or ["surface"])
    }
    for backend, transformer in opened.items():
        total, per, records = run_eval(cases, transformer, progress=not args.quiet)
        results[backend] = (total, per)
        tags[backend] = by_tag(cases, records)
        for miss in total.misses[: args.show_misses]:
            print(
                f"MISS {backend} {miss['id']}: {miss['text']} [{miss['apply']}] -> "
                f"{miss['best']!r} ({miss['status']}: {miss['reason'][:100]})",
                file=sys.stderr,
            )
        scores = total.to_dict()
        if args.min_accuracy is not None and (scores["accuracy"] or 0) < args.min_accuracy:
            failed = True
        if args.min_precision is not None and (scores["precision"] or 0) < args.min_precision:
            failed = True
    print(format_table(results))
    if args.by_tag is not None:
        print()
        print(format_tags(tags, args.by_tag))
    if args.summary:
        write_json(args.summary, results)
    return 1 if failed else 0


def _configure_compare(c: argparse.ArgumentParser) -> None:
    c.add_argument(
        "-i",
        "--input",
        required=True,
        help="JSONL with 'text' (and 'id'); lines may carry 'apply' and gold "
        "'accept'/'expect_status'",
    )
    c.add_argument(
        "-a",
        "--apply",
        action="append",
        help="transformation (repeatable); default: each line's own 'apply' field",
    )
    c.add_argument(
        "-b", "--backend", action="append", help="backend to compare (repeatable; default: surface)"
    )
    c.add_argument(
        "-o",
        "--output",
        required=True,
        help="folder for records.jsonl, summary.json and report.html",
    )
    add_overwrite_option(c, "-o folder")
    c.add_argument(
        "--judge",
        choices=("auto", "erg", "none"),
        default="auto",
        help="ERG grammaticality judge: auto (when a grammar is found, default), erg (required), "
        "none",
    )
    c.add_argument(
        "--lm",
        help="causal LM checkpoint directory for fluency (default: the offline n-gram model)",
    )
    c.add_argument("--limit", type=int, help="only the first N input lines")
    c.add_argument(
        "--batch-size", type=int, default=64, help="records per batch through each backend"
    )
    c.add_argument("--title", default="Seam: backends compared", help="report title")
    c.add_argument("-q", "--quiet", action="store_true", help="no progress")
    add_backend_options(c)


def _judge(args: argparse.Namespace):
    if args.judge == "none":
        return None

    try:
        return ErgGrammaticality(
            ace=getattr(args, "ace", None), grammar=getattr(args, "grammar", None)
        )
    except GrammarError as exc:
        if args.judge == "erg":
            raise
        print(f"seam: no ERG judge ({exc}); grammaticality is left out", file=sys.stderr)
        return None


def _grammar_first(names: list[str], options: dict[str, dict]) -> None:
    """A backend that needs ACE and the ERG fails before anything else opens, with one message
    that names it (not the judge's notice and then the same advice again)."""

    for name in names:
        if name not in ("erg", "hybrid"):
            continue
        kw = options[name]
        try:
            find_grammar(kw.get("ace"), kw.get("grammar"), kw.get("erg_version"))
        except GrammarError as exc:
            raise GrammarError(
                f"backend '{name}' needs ACE and an ERG image; leave out -b {name} or install "
                f"them. {exc}"
            ) from None


@command(
    "compare",
    "every backend on the same edits: coverage, checks, closeness, fluency, diversity, "
    "agreement, speed, and an HTML report",
    _configure_compare,
)
def compare(args: argparse.Namespace) -> int:

    guard_output(args.output, overwrite=args.overwrite, folder=True, resume_flag=None)
    items = list(islice(read_records(args.input), args.limit))
    if not items:
        raise SeamError(f"{args.input} has no lines")
    names = list(dict.fromkeys(args.backend or ["surface"]))
    options = {b: backend_kwargs(argparse.Namespace(**{**vars(args), "backend": b})) for b in names}

    total = len(items) * max(1, len(args.apply or [None]))
    bars: dict = {}

    def progress(backend: str, n: int) -> None:
        if backend not in bars:
            for bar in bars.values():
                bar.close()
            bars[backend] = progress_bar(
                total=total,
                unit="rec",
                file=sys.stderr,
                disable=args.quiet,
                desc=f"seam compare {backend}",
            )
        bars[backend].update(n)

    _grammar_first(names, options)
    lm = None  # the judges are opened before the backends run: a missing one fails at once
    if args.lm:
        lm = CausalLM(args.lm)
    judge = _judge(args)
    comparison = run_backends(
        items, args.apply, options, batch_size=args.batch_size, progress=progress
    )
    for bar in bars.values():
        bar.close()
    measure(comparison, lm=lm, judge=judge)
    summary = summarize(comparison)
    paths = write(args.output, comparison, summary, args.title)
    print(format_summary(summary))
    if not args.quiet:
        print(
            f"seam compare: wrote {paths['records']}, {paths['summary']}, {paths['report']}",
            file=sys.stderr,
        )
    return 0
