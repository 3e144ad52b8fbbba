"""``seam audit``: flag suspect outputs on a whole corpus without labels
(:mod:`engine.workflows.audit`)."""

from __future__ import annotations

import argparse
import sys
from itertools import islice
from pathlib import Path

from ..errors import SeamError
from ..jsonl import count_lines, read_records, written_records
from ..progress import bar as progress_bar
from ..workflows.audit import (
    AuditOptions,
    compare_runs,
    format_summary,
    run_audit,
    summarize,
    write,
)
from .commands import command
from .evaluation import _judge
from .options import add_backend_options, add_overwrite_option, backend_kwargs, guard_output


def _configure(a: argparse.ArgumentParser) -> None:
    a.add_argument(
        "-i",
        "--input",
        required=True,
        help="corpus: JSONL with a 'text' field (and 'id'), or a .txt file with one sentence a "
        "line",
    )
    a.add_argument(
        "-a",
        "--apply",
        action="append",
        required=True,
        help="transformation to audit (repeatable), e.g. -a p -a f -a n -a q -a pa -a i -a s",
    )
    a.add_argument(
        "-b", "--backend", action="append", help="backend to audit (repeatable; default: surface)"
    )
    a.add_argument(
        "-o",
        "--output",
        required=True,
        help="folder for records.jsonl, summary.json and report.html",
    )
    a.add_argument(
        "--baseline",
        help="records of an earlier run (its records.jsonl, or seam transform's JSONL) "
        "to compare with: what changed, appeared or disappeared",
    )
    a.add_argument(
        "--commute",
        type=int,
        default=3,
        metavar="N",
        help="commuting pairs of the transformations tested per sentence (default 3; 0: none)",
    )
    a.add_argument(
        "--judge",
        choices=("auto", "erg", "none"),
        default="auto",
        help="the ERG as judge: auto (when a grammar is found, default), erg (required), none",
    )
    a.add_argument("--limit", type=int, help="only the first N input lines")
    a.add_argument(
        "--chunk", type=int, default=200, help="sentences audited (and written) at a time"
    )
    a.add_argument("--resume", action="store_true", help="continue a run into the same folder")
    add_overwrite_option(a, "-o folder")
    a.add_argument(
        "--text-field", default="text", help="input field holding the sentence (default: text)"
    )
    a.add_argument("--title", default="Seam audit", help="report title")
    a.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    add_backend_options(a)


@command(
    "audit",
    "flag suspect outputs on a whole corpus without labels: inverse laws, commutation, "
    "re-analysis, the ERG as judge, agreement between backends; compare two runs",
    _configure,
)
def audit(args: argparse.Namespace) -> int:

    names = list(dict.fromkeys(args.backend or ["surface"]))
    options = AuditOptions(
        expressions=list(dict.fromkeys(args.apply)),
        backends=names,
        backend_options={
            b: backend_kwargs(argparse.Namespace(**{**vars(args), "backend": b})) for b in names
        },
        commute=max(0, args.commute),
        judge=_judge(args),
        chunk=max(1, args.chunk),
    )
    baseline_records = written_records(args.baseline) if args.baseline else None
    if args.baseline and not baseline_records:
        raise SeamError(
            f"--baseline {args.baseline}: no records found (expected JSONL records of an earlier "
            "run)"
        )
    guard_output(args.output, resume=args.resume, overwrite=args.overwrite, folder=True)
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    records_path = out / "records.jsonl"
    total = count_lines(args.input)
    total = min(total, args.limit) if args.limit else total
    bar = progress_bar(
        total=total, unit="sentence", desc="seam audit", disable=args.quiet, file=sys.stderr
    )
    items = islice(read_records(args.input, args.text_field), args.limit)
    records = run_audit(items, options, records_path, resume=args.resume, progress=bar.update)
    bar.close()
    if not records:
        raise SeamError(f"{args.input} has no lines")
    summary = summarize(records)
    diff = compare_runs(baseline_records, records) if baseline_records is not None else None
    paths = write(out, records, summary, diff, args.title)
    print(format_summary(summary, diff))
    if not args.quiet:
        print(
            f"seam audit: wrote {paths['records']}, {paths['summary']}, {paths['report']}",
            file=sys.stderr,
        )
    return 0
