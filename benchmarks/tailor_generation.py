"""TAILOR generation throughput: batched prompts versus one prompt per call.

TAILOR's wrapper generates for one prompt at a time; Seam's generator sends many prompts
through one forward pass. This benchmark builds real Seam prompts (SNLI premises, plans
``tense(fut)``, ``passive``, ``negate``), then times the same generator both ways and prints
prompts/s and the ratio.

With ``--model DIR`` it uses that checkpoint (e.g. a local copy of ``allenai/tailor``). Without,
it builds a randomly initialised T5 shaped like ``t5-base`` (TAILOR's size: same shape, same
cost per token) with a tokenizer trained on the prompts. A random model rarely stops early,
so both modes generate exactly ``--max-length`` tokens per prompt (``--natural-length`` turns
that off for real checkpoints): the two modes do the same work.

    python benchmarks/tailor_generation.py [--n 32] [--batch-size 32] [--max-length 40]
        [--model DIR] [--device cpu|cuda] [--decoding sample|beam] [--data FILE]

Needs premises to build the prompts from, not shipped with Seam: the SNLI development set (a
JSONL file with a ``premise`` or ``text`` per line), passed with ``--data FILE``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _data import require  # noqa: E402

from engine import analyze, parse  # noqa: E402
from engine.tailor.generator import BEAM, SAMPLING, TailorGenerator  # noqa: E402
from engine.tailor.plans import plan_prompt  # noqa: E402

PLANS = ("tense(fut)", "passive", "negate")


def prompts(path: Path, n: int) -> list[str]:
    """``n`` prompt sources built by Seam from premises in ``path``."""
    texts = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            text = rec.get("premise") or rec.get("text")
            if text and text not in texts:
                texts.append(text)
            if len(texts) >= 4 * n:
                break
    out = []
    plans = [parse(p).plan() for p in PLANS]
    for k, analysis in enumerate(analyze(texts)):
        if analysis.main_frame is None:
            continue
        planned = plan_prompt(analysis, plans[k % len(plans)])
        if not isinstance(planned, str):
            out.append(planned.prompt.source)
        if len(out) >= n:
            break
    return out


def timed(generator: TailorGenerator, sources: list[str], settings, batch_size: int) -> float:
    start = time.perf_counter()
    generator.generate(sources, settings, batch_size=batch_size, seed=0)
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=32, help="prompts (default 32)")
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--max-length", type=int, default=40, help="new tokens per output (default 40)")
    ap.add_argument("--model", help="checkpoint directory (default: random t5-base-shaped model)")
    ap.add_argument("--device", help="cpu or cuda (default: cuda when available)")
    ap.add_argument("--decoding", choices=("sample", "beam"), default="sample")
    ap.add_argument(
        "--outputs",
        type=int,
        default=1,
        help="outputs per prompt (default 1, as GenerateFromPrompts)",
    )
    ap.add_argument("--natural-length", action="store_true", help="let outputs stop at </s>")
    ap.add_argument("--threads", type=int, help="torch CPU threads")
    ap.add_argument(
        "--data",
        default=str(ROOT.parent / "shared" / "data" / "snli" / "dev.jsonl"),
        help="the SNLI development set, JSONL with a premise per line "
        "(default: ../shared/data/snli/dev.jsonl)",
    )
    args = ap.parse_args()
    data = require(
        args.data,
        "the SNLI development set (a JSONL file with a premise or text per line)",
        "--data",
        "FILE",
    )

    import torch

    if args.threads:
        torch.set_num_threads(args.threads)
    sources = prompts(data, args.n)
    with tempfile.TemporaryDirectory() as tmp:
        if args.model:
            generator = TailorGenerator.load(args.model, device=args.device)
            shape = f"checkpoint {args.model}"
        else:
            from engine.testing.t5 import build_tiny_checkpoint, t5_base_config

            path = build_tiny_checkpoint(
                Path(tmp) / "t5-base-random", sources, vocab_size=8000, config=t5_base_config(32128)
            )
            generator = TailorGenerator.load(path, device=args.device)
            shape = "random t5-base-shaped model (d_model 768, 12+12 layers, vocab 32128)"
        settings = BEAM if args.decoding == "beam" else SAMPLING
        settings = replace(
            settings,
            num_return_sequences=args.outputs,
            max_new_tokens=args.max_length,
            min_new_tokens=0 if args.natural_length else args.max_length,
        )
        n_params = sum(p.numel() for p in generator.model.parameters()) / 1e6
        print(
            f"model: {shape}, {n_params:.0f}M parameters, device {generator.device}, "
            f"torch threads {torch.get_num_threads()}"
        )
        print(
            f"prompts: {len(sources)}, {args.decoding}, {args.outputs} output(s) of "
            f"{'up to ' if args.natural_length else ''}{args.max_length} tokens each"
        )
        timed(generator, sources[:2], settings, 2)  # warm-up
        batched = timed(generator, sources, settings, args.batch_size)
        single = timed(generator, sources, settings, 1)
    n = len(sources)
    print(f"batched (batch {args.batch_size}): {batched:.2f} s, {n / batched:.2f} prompts/s")
    print(f"one at a time (TAILOR's wrapper): {single:.2f} s, {n / single:.2f} prompts/s")
    print(f"speed-up: {single / batched:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
