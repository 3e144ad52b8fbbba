"""``seam train-tailor``: build TAILOR training examples and fine-tune a local T5 checkpoint
(:mod:`engine.tailor.examples`, :mod:`engine.tailor.trainer`). Bad records are skipped with a
warning and counted (the readers count them; no log text is matched)."""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from pathlib import Path

from ..errors import ResourceNotFoundError, SeamError
from ..progress import bar as progress_bar
from ..srl.conll import read_srl_corpus
from ..srl.propbank import PropBankFrames
from ..tailor.examples import KINDS, build_examples, is_examples_file, read_examples, write_examples
from ..tailor.trainer import train
from .commands import command
from .options import add_option, add_overwrite_option, guard_output


def _configure(p: argparse.ArgumentParser) -> None:
    add_option(
        p,
        "-i",
        "--input",
        old=("--data",),
        required=True,
        metavar="PATH",
        help="CoNLL-2012 folder/file, SRL frames .jsonl, or training examples .jsonl",
    )
    p.add_argument(
        "--model",
        metavar="DIR",
        help="starting checkpoint folder (model + tokenizer, e.g. a t5-base copy)",
    )
    p.add_argument(
        "-o", "--output", metavar="DIR", help="where checkpoints, the splits and the final model go"
    )
    add_overwrite_option(p, "-o folder")
    p.add_argument("--epochs", type=int, default=10, help="default 10 (TAILOR's)")
    p.add_argument("--batch-size", type=int, default=4, help="default 4")
    p.add_argument(
        "--lr", type=float, default=5e-5, help="AdamW learning rate, linear decay (default 5e-5)"
    )
    p.add_argument(
        "--ul-alpha", type=float, default=1.0, help="weight of the unlikelihood term (default 1.0)"
    )
    p.add_argument(
        "--seed", type=int, default=0, help="seed of the splits, the order and the weights"
    )
    p.add_argument(
        "--frames",
        metavar="DIR",
        help="PropBank frame files (names for ARG2-ARG5); default: "
        "$SEAM_PROPBANK_FRAMES or the cache, else those arguments stay as context",
    )
    p.add_argument("--no-negatives", action="store_true", help="positives only (plain MLE)")
    p.add_argument(
        "--max-sentences",
        type=int,
        metavar="N",
        help="use the first N sentences (TAILOR used 10000)",
    )
    p.add_argument("--dump-examples", metavar="FILE", help="write the built examples as JSONL")
    p.add_argument(
        "--dump-only", action="store_true", help="build (and dump) the examples, do not train"
    )
    p.add_argument("--device", help="torch device (default: cuda if available, else cpu)")
    p.add_argument("--max-source-length", type=int, default=1024, help="default 1024")
    p.add_argument("--max-target-length", type=int, default=128, help="default 128")
    p.add_argument(
        "--save-every",
        type=int,
        default=10000,
        metavar="STEPS",
        help="checkpoint period (default 10000)",
    )
    p.add_argument(
        "--log-every",
        type=int,
        default=100,
        metavar="STEPS",
        help="loss logging period (default 100)",
    )
    p.add_argument(
        "--no-resume", action="store_true", help="start over even if OUTPUT has a checkpoint"
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar or summary")


@command(
    "train-tailor",
    "train a TAILOR generator (T5, MLE + unlikelihood) on gold SRL data",
    _configure,
    description="Build TAILOR training examples (a positive and up to three negatives per gold "
    "predicate) from a CoNLL-2012 folder or file, a JSONL frames file, or read examples written by "
    "--dump-examples, and fine-tune a local T5 checkpoint on them.",
)
def train_tailor(args: argparse.Namespace) -> int:
    """Run ``seam train-tailor``. Bad records are skipped with a warning and counted."""
    if not args.dump_only and not (args.model and args.output):
        raise SeamError(
            "train-tailor needs --model START_CHECKPOINT_DIR and --output DIR (or --dump-only)"
        )
    if args.dump_only and not args.dump_examples:
        raise SeamError("--dump-only needs --dump-examples FILE")
    if not args.dump_only:  # a folder with a checkpoint resumes (unless --no-resume)
        resumable = not args.no_resume and any(Path(args.output).glob("checkpoint-*"))
        guard_output(
            args.output,
            resume=resumable,
            overwrite=args.overwrite,
            folder=True,
            resume_flag="a checkpoint in it (without --no-resume)",
        )
    if not args.dump_only and not Path(args.model).is_dir():
        raise ResourceNotFoundError(
            f"starting checkpoint not found: {args.model} (expected a local folder written "
            "by save_pretrained, e.g. a copy of t5-base; hub names are not fetched)"
        )
    counts: Counter = Counter()
    data = Path(args.input)
    if is_examples_file(data):
        examples = list(read_examples(data, "skip", counts))
        if args.no_negatives:
            examples = [e for e in examples if e.reward > 0]
    else:
        frames = PropBankFrames.find(args.frames)
        sentences = itertools.islice(
            read_srl_corpus(data, errors="skip", counts=counts), args.max_sentences
        )
        sentences = progress_bar(
            sentences,
            total=args.max_sentences,
            unit="sent",
            desc="train-tailor: examples",
            disable=args.quiet,
            file=sys.stderr,
        )
        examples = list(
            build_examples(
                sentences,
                frames=frames,
                negatives=not args.no_negatives,
                seed=args.seed,
                counts=counts,
            )
        )
    if args.dump_examples:
        write_examples(examples, args.dump_examples)
    by_kind = Counter(e.kind for e in examples)
    kinds = ", ".join(f"{k} {by_kind[k]}" for k in KINDS)
    bad = sum(v for k, v in counts.items() if k in ("skipped_error", "skipped_malformed"))
    summary = f"seam: {len(examples)} examples ({kinds}); {bad} bad records skipped"
    if counts["skipped_continuation"]:
        summary += f"; {counts['skipped_continuation']} predicates with C- arguments left out"
    if args.dump_examples:
        summary += f"; wrote {args.dump_examples}"
    if args.dump_only:
        if not args.quiet:
            print(summary, file=sys.stderr)
        return 0
    if not examples:
        raise SeamError(
            f"no training examples could be built from {data}; check the warnings above"
        )
    result = train(
        args.model,
        examples,
        args.output,
        epochs=args.epochs,
        batch_size=args.batch_size,
        lr=args.lr,
        ul_alpha=args.ul_alpha,
        max_source_length=args.max_source_length,
        max_target_length=args.max_target_length,
        seed=args.seed,
        device=args.device,
        log_every=args.log_every,
        save_every=args.save_every,
        resume=not args.no_resume,
        progress=not args.quiet,
    )
    if not args.quiet:
        dev = f"; dev loss {result.dev['loss']:.4f}" if result.dev else ""
        print(
            f"{summary}\nseam: trained {result.step} steps on {result.train_examples} examples "
            f"({result.dev_examples} dev){dev}; model saved to {result.output_dir}",
            file=sys.stderr,
        )
    return 0
