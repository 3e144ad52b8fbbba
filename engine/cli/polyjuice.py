"""``seam detect``: Polyjuice control codes for pairs (:mod:`engine.polyjuice`)."""

from __future__ import annotations

import argparse
import json
import sys
from itertools import count

from ..analyzers import SpacyAnalyzer
from ..errors import SeamError
from ..jsonl import lines, load_object, read_records, record_id
from ..polyjuice.detect import detect_texts, wordnet
from ..polyjuice.format import DEFAULT_CODES, check_code
from ..polyjuice.generator import BEAM, SAMPLING, PolyjuiceGenerator
from ..polyjuice.perturb import Perturber
from ..polyjuice.train import Pair, examples, fine_tune
from ..workflows.polyjuice_data import seam_pairs
from .commands import command
from .options import add_option, add_overwrite_option, guard_output


def _configure_detect(d: argparse.ArgumentParser) -> None:
    d.add_argument(
        "-i", "--input", required=True, help="JSONL with 'original' and 'perturbed' (and 'id')"
    )
    d.add_argument(
        "-o", "--output", help="JSONL output (default: stdout): each record with its 'code'"
    )
    d.add_argument(
        "--original-field", default="original", help="input field of the original sentence"
    )
    d.add_argument(
        "--perturbed-field", default="perturbed", help="input field of the edited sentence"
    )
    d.add_argument("--batch-size", type=int, default=256, help="pairs analyzed per batch")
    d.add_argument(
        "--wordnet",
        help="WordNet folder in nltk's format (else SEAM_WORDNET, else nltk's data path)",
    )


def _detect_batch(
    batch: list[tuple[dict, str | None]], out, fields: tuple[str, str], analyzer
) -> None:

    todo = [k for k, (_, problem) in enumerate(batch) if problem is None]
    codes = (
        detect_texts([(batch[k][0][fields[0]], batch[k][0][fields[1]]) for k in todo], analyzer)
        if todo
        else []
    )
    found = dict(zip(todo, codes, strict=True))
    for k, (rec, problem) in enumerate(batch):
        rec = dict(rec)
        if problem is None:
            rec["code"] = found[k]
            rec["status"] = "ok" if found[k] is not None else "no_code"
        else:
            rec["code"], rec["status"], rec["reason"] = None, "error", problem
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")


@command("detect", "Polyjuice control code of every (original, perturbed) pair", _configure_detect)
def detect(args: argparse.Namespace) -> int:
    if args.wordnet:
        wordnet(args.wordnet)  # load the local copy (cached for every later call)

    analyzer = SpacyAnalyzer()  # opened once for every batch
    fields = (args.original_field, args.perturbed_field)
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    try:
        batch: list[tuple[dict, str | None]] = []
        for lineno, raw in lines(args.input):
            obj, error = (
                load_object(raw, lineno) if raw.strip() else (None, f"line {lineno}: blank line")
            )
            if obj is None:
                batch.append(({"id": str(lineno)}, error))
            else:
                obj = {**obj, "id": record_id(obj.get("id"), str(lineno))}
                bad = [f for f in fields if not isinstance(obj.get(f), str) or not obj[f].strip()]
                batch.append(
                    (
                        obj,
                        f"line {lineno}: field {bad[0]!r} must be a non-empty string"
                        if bad
                        else None,
                    )
                )
            if len(batch) >= args.batch_size:
                _detect_batch(batch, out, fields, analyzer)
                batch = []
        if batch:
            _detect_batch(batch, out, fields, analyzer)
    finally:
        if out is not sys.stdout:
            out.close()
    return 0


def _configure_perturb(p: argparse.ArgumentParser) -> None:
    p.add_argument("text", nargs="*", help="sentences (or -i)")
    p.add_argument("-i", "--input", help="JSONL with 'text' (and 'id')")
    p.add_argument("-o", "--output", help="JSONL output (default: stdout)")
    p.add_argument(
        "--code",
        action="append",
        help="control code (repeatable; default: lexical resemantic negation insert delete)",
    )
    p.add_argument(
        "--blank",
        action="append",
        help="a blanked sentence, e.g. 'It is [BLANK] for kids.' "
        "(repeatable; default: 3 placed from the dependency parse)",
    )
    p.add_argument(
        "-n", "--num", type=int, default=3, help="perturbations kept per sentence (default 3)"
    )
    p.add_argument("--model", help="Polyjuice checkpoint (else SEAM_POLYJUICE, then the cache)")
    p.add_argument("--device", help="torch device (default: cuda if available, else cpu)")
    p.add_argument(
        "--decoding", choices=("sample", "beam"), default="sample", help="sampling or beam search"
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the blanks and the sampling")
    p.add_argument("--lm", help="causal LM folder for the fluency filter (default: no filter)")
    p.add_argument(
        "--max-drop", type=float, default=10.0, help="fluency filter threshold in nats (default 10)"
    )
    p.add_argument(
        "--no-code-filter",
        action="store_true",
        help="keep perturbations whose detected code differs from the requested one",
    )


@command(
    "perturb", "open-ended Polyjuice counterfactuals: control codes and blanks", _configure_perturb
)
def perturb(args: argparse.Namespace) -> int:

    codes = [check_code(c) for c in (args.code or DEFAULT_CODES)]
    if args.input:
        items = [(r.id, r.text, r.error) for r in read_records(args.input)]
    elif args.text:
        items = [(str(k), t, None) for k, t in zip(count(1), args.text)]
    else:
        raise SeamError("give sentences or -i FILE")
    perturber = Perturber(
        PolyjuiceGenerator.load(args.model, device=args.device),
        lm=args.lm,
        max_drop=args.max_drop,
        decoding=BEAM if args.decoding == "beam" else SAMPLING,
        seed=args.seed,
    )
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    try:
        good = [(i, t) for i, t, e in items if e is None and t and t.strip()]
        results = dict(
            zip(
                [i for i, _ in good],
                perturber.perturb(
                    [t for _, t in good],
                    codes,
                    args.blank,
                    num=args.num,
                    filter_code=not args.no_code_filter,
                ),
                strict=True,
            )
        )
        for i, t, e in items:
            if i in results:
                rec = {
                    "id": i,
                    "original": t,
                    "status": "ok" if results[i]["perturbations"] else "no_realization",
                    **results[i],
                }
            else:
                rec = {
                    "id": i,
                    "original": t,
                    "status": "error",
                    "reason": e or "empty text",
                    "perturbations": [],
                }
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    finally:
        if out is not sys.stdout:
            out.close()
    return 0


def _configure_train(t: argparse.ArgumentParser) -> None:
    t.add_argument(
        "--model", required=True, help="GPT-2-family checkpoint to start from (a local folder)"
    )
    add_option(
        t,
        "-o",
        "--output",
        old=("--out",),
        required=True,
        metavar="DIR",
        help="folder for the fine-tuned checkpoint",
    )
    add_overwrite_option(t, "-o folder")
    add_option(
        t,
        "-i",
        "--input",
        old=("--sentences",),
        metavar="FILE",
        help="sentences (JSONL with 'text'): pairs are made by Seam's transformations (known "
        "codes)",
    )
    add_option(
        t,
        "--pairs-file",
        old=("--pairs",),
        metavar="FILE",
        help="JSONL with 'original', 'perturbed' and optionally 'code' (else detected)",
    )
    t.add_argument(
        "-b", "--backend", default="surface", help="backend that makes the pairs from -i"
    )
    t.add_argument("--epochs", type=int, default=1, help="passes over the training pairs")
    t.add_argument("--lr", type=float, default=5e-5, help="AdamW learning rate")
    t.add_argument("--batch-size", type=int, default=8, help="examples per training step")
    t.add_argument(
        "--widen", type=int, default=0, help="context words each blank takes on both sides"
    )
    t.add_argument(
        "--seed", type=int, default=0, help="seed of the blanks, the order and the weights"
    )
    t.add_argument("--device", help="torch device (default: cuda if available, else cpu)")
    t.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


@command(
    "train-polyjuice",
    "fine-tune a GPT-2-family checkpoint on Polyjuice-format examples",
    _configure_train,
)
def train_polyjuice(args: argparse.Namespace) -> int:

    guard_output(args.output, overwrite=args.overwrite, folder=True, resume_flag=None)
    pairs: list[Pair] = []
    if args.input:
        texts = [
            r.text
            for r in read_records(args.input)
            if r.error is None and r.text and r.text.strip()
        ]
        pairs += seam_pairs(texts, args.backend)
    if args.pairs_file:
        raw = []
        for lineno, line in lines(args.pairs_file):
            obj, error = load_object(line, lineno) if line.strip() else (None, None)
            if obj is None:
                if error:
                    print(f"seam: skipping {error}", file=sys.stderr)
                continue
            if isinstance(obj.get("original"), str) and isinstance(obj.get("perturbed"), str):
                raw.append(obj)
        need = [k for k, o in enumerate(raw) if not o.get("code")]
        found = (
            detect_texts([(raw[k]["original"], raw[k]["perturbed"]) for k in need]) if need else []
        )
        codes = {k: c for k, c in zip(need, found, strict=True)}
        for k, o in enumerate(raw):
            code = o.get("code") or codes.get(k)
            if code in (None, "equal"):
                continue
            pairs.append(Pair(o["original"], o["perturbed"], code))
    if not pairs:
        raise SeamError("no training pairs: give -i (sentences) and/or --pairs-file")
    texts = examples(pairs, widen=args.widen)

    def progress(step: int, loss: float) -> None:
        if not args.quiet and step % 10 == 0:
            print(f"step {step}: loss {loss:.3f}", file=sys.stderr)

    losses = fine_tune(
        args.model,
        texts,
        args.output,
        epochs=args.epochs,
        lr=args.lr,
        batch_size=args.batch_size,
        seed=args.seed,
        device=args.device,
        progress=progress,
    )
    print(
        json.dumps(
            {
                "pairs": len(pairs),
                "examples": len(texts),
                "steps": len(losses),
                "first_loss": round(losses[0], 4),
                "last_loss": round(losses[-1], 4),
                "out": args.output,
            }
        )
    )
    return 0
