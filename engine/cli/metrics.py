"""``seam nli-metrics``: score a model on the dual instances of a contrast set.

    seam nli-metrics --contrast contrast.jsonl --predictions preds.jsonl [--json m.json]
    seam nli-metrics --contrast contrast.jsonl --model ./checkpoint \\
        [--label-map "0=entailment,1=neutral,2=contradiction"] [--write-predictions p.jsonl]
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import SeamError
from ..nli.classifier import NliClassifier, parse_label_map, predict_contrast
from ..nli.metrics import (
    compute_metrics,
    format_skipped,
    format_table,
    load_contrast,
    load_predictions,
    write_predictions,
)
from .commands import command
from .options import add_option


def configure(m: argparse.ArgumentParser) -> None:
    """The ``nli-metrics`` arguments."""
    add_option(
        m,
        "-i",
        "--input",
        old=("--contrast",),
        required=True,
        metavar="FILE",
        help="contrast records (output of seam contrast)",
    )
    source = m.add_argument_group("predictions (give exactly one)")
    source.add_argument(
        "--predictions",
        metavar="FILE",
        help='JSONL of {"id": original or contrast id, "label": entailment|neutral|contradiction}',
    )
    source.add_argument(
        "--model",
        metavar="PATH",
        help="local Hugging Face sequence-classification checkpoint directory to run",
    )
    m.add_argument(
        "--prediction-field",
        default="label",
        metavar="NAME",
        help="prediction field of --predictions lines (default: label, else prediction)",
    )
    g = m.add_argument_group("--model options")
    g.add_argument(
        "--label-map",
        metavar="MAP",
        help='output index to label, e.g. "0=entailment,1=neutral,2=contradiction" '
        "(default: the checkpoint's id2label, if it names the NLI labels)",
    )
    g.add_argument(
        "--batch-size",
        type=int,
        default=32,
        metavar="N",
        help="pairs per forward pass (default 32)",
    )
    g.add_argument("--device", help="torch device (default: cuda if available, else cpu)")
    g.add_argument(
        "--write-predictions", metavar="FILE", help='save the predictions as JSONL {"id", "label"}'
    )
    add_option(
        m,
        "--summary",
        old=("--json",),
        metavar="FILE",
        help="write the metrics as JSON (fractions, not percentages)",
    )
    m.add_argument(
        "-q", "--quiet", action="store_true", help="no progress bar or summary on stderr"
    )


@command(
    "nli-metrics",
    "score NLI predictions on a contrast set (Acc@Ori, Acc@Ctr, consistency)",
    configure,
    description="Per transformation pair: accuracy on the originals and on the contrasts, LIT "
    "consistency and contrast consistency. Predictions come from a JSONL file (--predictions) or "
    "from running a local checkpoint (--model).",
)
def run(args: argparse.Namespace) -> int:
    """Run ``seam nli-metrics``: print the table; 1 when no dual instance could be scored."""
    if bool(args.predictions) == bool(args.model):
        raise SeamError("give exactly one of --predictions FILE or --model PATH")
    if args.predictions and (args.label_map or args.write_predictions):
        raise SeamError("--label-map and --write-predictions need --model, not --predictions")
    records = load_contrast(args.input)

    if args.model:
        label_map = parse_label_map(args.label_map) if args.label_map else None
        classifier = NliClassifier(
            args.model, label_map=label_map, device=args.device, batch_size=args.batch_size
        )
        predictions = predict_contrast(classifier, records, progress=not args.quiet)
        if args.write_predictions:
            write_predictions(args.write_predictions, predictions)
        source = {"model": str(args.model), "label_map": dict(enumerate(classifier.labels))}
    else:
        predictions = load_predictions(args.predictions, field=args.prediction_field)
        source = {"predictions": str(args.predictions)}

    metrics = compute_metrics(records, predictions)
    print(format_table(metrics))
    if args.summary:
        report = {"contrast": str(args.input), **source, **metrics}
        try:
            with open(args.summary, "w", encoding="utf-8") as fh:
                json.dump(report, fh, indent=2, ensure_ascii=False)
                fh.write("\n")
        except OSError as exc:
            raise SeamError(f"cannot write metrics to {args.summary}: {exc.strerror}") from exc
    skipped = format_skipped(metrics)
    if skipped and not args.quiet:
        print(f"seam nli-metrics: {skipped}", file=sys.stderr)
    if metrics["all"]["n"] == 0:
        print(
            "seam nli-metrics: no dual instance could be scored (status ok, both predictions "
            "present)",
            file=sys.stderr,
        )
        return 1
    return 0
