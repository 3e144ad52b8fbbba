"""``seam transform`` and ``seam contrast``: arguments, then
one :class:`~engine.workflows.run.RunSpec` run by the executor ``--executor`` names
(:func:`execute`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import SeamError
from ..jsonl import InputRecord, count_lines, fingerprint, written_records
from ..pipeline import jobs
from ..progress import bar as progress_bar
from ..results import Record
from ..tables import output_format, require_column, write_table
from ..workflows.contrast import LIT_PAIRS, balance, format_summary, summarize
from ..workflows.distributed import RayExecutor
from ..workflows.run import LocalExecutor, RunReport, RunSpec
from .commands import command
from .options import add_option, add_run_options, backend_kwargs, guard_output, selector


def _configure_transform(t: argparse.ArgumentParser) -> None:
    t.add_argument("text", nargs="*", help="sentences (or use -i)")
    t.add_argument(
        "-a",
        "--apply",
        action="append",
        required=True,
        help="transformation expression, e.g. 'tense(fut)+passive' or LIT shorthand 'f+pa'; "
        "repeatable",
    )
    t.add_argument(
        "-i",
        "--input",
        help="input file: JSONL with a 'text' field (and optional 'id'), plain text (.txt, "
        "a sentence per line), .csv/.tsv, .parquet or a saved Hugging Face dataset folder",
    )
    t.add_argument(
        "--text-field", default="text", help="input field holding the sentence (default: text)"
    )
    t.add_argument(
        "--keep",
        nargs="*",
        metavar="FIELD",
        help="input fields to carry into the output records (default: every field; --keep alone: "
        "none)",
    )
    add_run_options(t)


def record_path(args: argparse.Namespace) -> str | None:
    """Where the run writes its JSONL records: ``-o`` itself, or for a Parquet/CSV/TSV output
    ``<output>.jsonl`` next to it (the resumable record; the table is written at the end).
    Each command sets it once, as ``args.records``; an output that already holds records is
    continued only with ``--resume`` and replaced only with ``--overwrite``
    (:func:`~.options.guard_output`)."""

    if not args.output:
        return None
    if args.output_format == "text":
        raise SeamError(
            "--output-format text prints to stdout; leave out -o, or write jsonl, parquet, csv "
            "or tsv"
        )
    fmt = output_format(args.output, args.output_format)
    records = args.output if fmt == "jsonl" else args.output + ".jsonl"
    for path in dict.fromkeys((args.output, records)):  # never replaced without being asked
        guard_output(path, resume=args.resume, overwrite=args.overwrite)
    return records


class _BlockBar:
    """The Ray executor's progress: finished blocks of those to do."""

    def __init__(self, kind: str, quiet: bool, where: str = ""):

        desc = f"seam {kind} on Ray" + (f", {where}" if where else "")
        self.bar = progress_bar(unit="block", file=sys.stderr, disable=quiet, desc=desc)

    def __call__(self, finished: int, todo: int) -> None:
        self.bar.total = todo
        self.bar.update(finished - self.bar.n)


def execute(
    spec: RunSpec,
    args: argparse.Namespace,
    input: str | list,
    *,
    progress: bool,
    sink=None,
    on_record=None,
) -> RunReport:
    """Run ``spec`` with the executor ``--executor`` names (the same interface for both)."""
    if args.executor != "ray":
        local = LocalExecutor(selector(args), progress, sink, on_record)
        return local.execute(spec, input, args.records, resume=args.resume)

    if not args.input or not args.output:
        raise SeamError("--executor ray needs -i INPUT and -o OUTPUT")
    if args.rank or args.validate:
        raise SeamError("--rank and --validate run with the local executor only (for now)")
    where = (
        f"the cluster at {args.address}"
        if args.address
        else f"a local cluster Seam starts ({args.ray_workers} CPUs)"
    )
    bar = _BlockBar(spec.kind, args.quiet, where)
    ray = RayExecutor(
        args.ray_workers, args.address, args.block_size, args.gpus_per_worker, progress=bar
    )
    try:
        return ray.execute(spec, args.input, args.records, resume=args.resume)
    finally:
        bar.bar.close()


def finish(report: RunReport, args: argparse.Namespace, name: str) -> int:
    """The run's exit status (3 when records failed because of a bug, 4 when every record
    failed), with its summary; a tabular ``-o`` is written from the JSONL records here."""

    if args.output and args.records != args.output:
        n = write_table(args.records, args.output, output_format(args.output, args.output_format))
        if not args.quiet:
            print(f"seam: wrote {n} records to {args.output}", file=sys.stderr)
    if args.output and not args.quiet:
        print(f"seam: {report.summary()}", file=sys.stderr)
    if report.bugs:
        print(
            f"seam {name}: {report.bugs} record(s) failed because of a bug (code E999; the "
            "traceback is logged above); every other record was written",
            file=sys.stderr,
        )
        return 3
    if report.written and report.failed == report.written:
        print(
            f"seam {name}: every record failed ({report.failed}); the first: {report.first_error}",
            file=sys.stderr,
        )
        return 4
    return 0


@command("transform", "apply transformations to sentences or a JSONL file", _configure_transform)
def transform(args: argparse.Namespace) -> int:
    args.records = record_path(args)

    job_list = jobs(args.apply)
    if args.input and args.text:
        raise SeamError("give sentences either as arguments or with -i, not both")
    if not args.input and not args.text:
        raise SeamError("nothing to transform: give sentences as arguments or a JSONL file with -i")
    if args.resume and not args.output:
        raise SeamError("--resume needs -o OUTPUT (the partial output file to continue)")
    fmt = args.output_format or ("jsonl" if args.input or args.output else "text")
    if args.input:
        require_column(args.input, args.text_field)
    spec = RunSpec(
        "transform",
        args.backend,
        apply=tuple(args.apply),
        text_field=args.text_field,
        options={**backend_kwargs(args), "keep": args.keep},
        batch_size=args.batch_size,
        max_chars=args.max_chars,
    )
    texts = list(args.text)
    total = (count_lines(args.input) if args.input else len(texts)) * len(job_list)
    labelled = total > 1  # one sentence and one transformation: the output alone
    shown: list = [None]

    def show(rec: Record) -> None:
        out = rec.best if rec.best is not None else f"[{rec.status}] {rec.reason}"
        if not labelled:
            print(out)
            return
        if rec.id != shown[0]:  # each sentence once, then its transformations, as `seam demo` does
            shown[0] = rec.id
            print(f"{rec.id}: {rec.source if rec.source is not None else ''}")
        print(f"  {rec.transformation:<12} {out}")

    text_out = not args.output and fmt == "text"
    report = execute(
        spec,
        args,
        args.input
        or [InputRecord(str(k), t, k, fingerprint=fingerprint(t)) for k, t in enumerate(texts, 1)],
        progress=not args.quiet and (bool(args.input) or total >= 50),
        sink=sys.stdout if not args.output and fmt == "jsonl" else None,
        on_record=show if text_out else None,
    )
    return finish(report, args, "transform")


def _configure_contrast(n: argparse.ArgumentParser) -> None:

    n.add_argument(
        "-i", "--input", required=True, help="JSONL with premise, hypothesis, label (and id)"
    )
    n.add_argument(
        "--pairs",
        nargs="+",
        default=list(LIT_PAIRS),
        help="pair expressions 'premise;hypothesis', or a named set: 'lit' (LIT's Table 2, the "
        "default: %(default)s) or 'balanced' (label-keeping pairs beside the shifting ones)",
    )
    n.add_argument(
        "--label-rules", nargs="+", help="label rule files (default: every rules/labels/*.toml)"
    )
    add_option(
        n,
        "--summary",
        old=("--stats",),
        metavar="FILE",
        help="write the summary (counts and rates per pair) as JSON here",
    )
    n.add_argument(
        "--premise-field",
        default="premise",
        help="input field of the premise (default: premise, else sentence1)",
    )
    n.add_argument(
        "--hypothesis-field", default="hypothesis", help="default: hypothesis, else sentence2"
    )
    n.add_argument("--label-field", default="label", help="default: label, else gold_label")
    n.add_argument(
        "--edit-codes",
        action="store_true",
        help="add each side's Polyjuice control code (negation, restructure, ...) to the records",
    )
    n.add_argument(
        "--balance",
        metavar="FILE",
        help="after the run, write to FILE (JSONL) a set of the labelled contrasts in which no "
        "label is more than half (the majority's surplus drawn with --seed); the output keeps "
        "every record",
    )
    add_run_options(n)


@command(
    "contrast",
    "NLI contrast sets: transform premise and hypothesis, infer the new label",
    _configure_contrast,
)
def contrast(args: argparse.Namespace) -> int:
    args.records = record_path(args)

    if args.resume and not args.output:
        raise SeamError("--resume needs -o OUTPUT (the partial output file to continue)")
    if args.balance:
        if args.output and Path(args.balance).resolve() == Path(args.output).resolve():
            raise SeamError("--balance FILE must not be the output itself")
        guard_output(args.balance, overwrite=args.overwrite, resume_flag=None)
    fields = {
        "premise": args.premise_field,
        "hypothesis": args.hypothesis_field,
        "label": args.label_field,
    }
    spec = RunSpec(
        "contrast",
        args.backend,
        pairs=tuple(args.pairs),
        label_rules=tuple(args.label_rules) if args.label_rules else None,
        fields=fields,
        options={**backend_kwargs(args), "edit_codes": args.edit_codes},
        batch_size=args.batch_size,
        max_chars=args.max_chars,
    )
    kept: list[dict] = []
    report = execute(
        spec,
        args,
        args.input,
        progress=not args.quiet,
        sink=None if args.output else sys.stdout,
        on_record=None if args.output else (lambda rec: kept.append(rec.to_json())),
    )
    # statistics cover the whole output, including records written before a --resume
    records = list(written_records(args.records) if args.output else kept)
    stats = summarize(records)
    stats["backend"] = args.backend
    if args.balance:
        chosen = balance(records, seed=args.seed if args.seed is not None else 0)
        with open(args.balance, "w", encoding="utf-8") as fh:
            for rec in chosen:
                fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
        picked = summarize(chosen)
        stats["balanced"] = {
            "file": args.balance,
            "records": len(chosen),
            "labels": picked["labels"],
            "majority": picked["majority"],
            "majority_accuracy": picked["majority_accuracy"],
        }
    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as fh:
            json.dump(stats, fh, indent=2)
    if not args.quiet:
        print(format_summary(stats), file=sys.stderr)
        if args.balance:
            b = stats["balanced"]
            spread = ", ".join(f"{lab} {n}" for lab, n in b["labels"].items())
            print(
                f"balanced set: {b['records']} labelled contrasts in {args.balance} ({spread}); "
                f"answering '{b['majority']}' to every one scores {b['majority_accuracy']:.1%}",
                file=sys.stderr,
            )
    return finish(report, args, "contrast")
