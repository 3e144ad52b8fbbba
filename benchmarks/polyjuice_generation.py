"""Polyjuice generation, batched against one prompt at a time, on a GPT-2-small-shaped model.

    python benchmarks/polyjuice_generation.py [--prompts 64] [--batch-size 32] [--device cpu|cuda]
                                              [--new-tokens 24] [--decoding greedy|sample|beam]
                                              [--data FILE]

A random GPT-2 of GPT-2 small's shape (12 layers, 768 wide, 50,257 tokens; the published
Polyjuice model is a fine-tuned GPT-2 small) with a tokenizer trained on the prompts. Prompts
are Polyjuice prompts on SNLI dev premises (negation on the verb group). Prints prompts/s one at
a time and batched (length-planned, left-padded), the ratio, and whether the outputs agree
(greedy decoding is deterministic, so batched and single outputs must be equal). Random weights
never emit the end token, so every prompt runs the full ``--new-tokens``: a worst case.

Needs the SNLI development set, not shipped with Seam: a JSONL file with a ``premise`` per
line, passed with ``--data FILE``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _data import add_snli_option, require_snli  # noqa: E402

from engine import analyze  # noqa: E402
from engine.polyjuice.blanks import ir_blanks  # noqa: E402
from engine.polyjuice.format import prompt  # noqa: E402
from engine.polyjuice.generator import Decoding, PolyjuiceGenerator  # noqa: E402
from engine.testing.gpt2 import build_tiny_polyjuice  # noqa: E402


def prompts(snli: Path, n: int) -> list[str]:
    texts: list[str] = []
    with open(snli, encoding="utf-8") as fh:
        for line in fh:
            t = json.loads(line)["premise"].replace(" .", ".").strip()
            if t not in texts and 4 <= len(t.split()) <= 25:
                texts.append(t)
            if len(texts) >= n * 2:
                break
    out = []
    for t, a in zip(texts, analyze(texts), strict=True):
        blanked = ir_blanks(a, "V")
        if blanked:
            out.append(prompt(t, "negation", blanked))
        if len(out) >= n:
            break
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--prompts", type=int, default=64)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--device", default=None)
    p.add_argument("--new-tokens", type=int, default=24)
    p.add_argument("--decoding", choices=("greedy", "sample", "beam"), default="greedy")
    p.add_argument(
        "--small",
        action="store_true",
        help="a 2-layer model instead of GPT-2 small's shape (smoke test)",
    )
    add_snli_option(p)
    args = p.parse_args(argv)
    snli = require_snli(args.data)

    import torch

    ps = prompts(snli, args.prompts)
    decoding = {
        "greedy": Decoding(do_sample=False, num_beams=1, num_return_sequences=1),
        "sample": Decoding(num_return_sequences=3),
        "beam": Decoding(do_sample=False, num_beams=4, num_return_sequences=3),
    }[args.decoding]
    decoding = Decoding(**{**decoding.__dict__, "max_new_tokens": args.new_tokens})
    with tempfile.TemporaryDirectory() as tmp:
        if args.small:
            path = build_tiny_polyjuice(tmp, ps, seed=0)
        else:
            path = build_tiny_polyjuice(tmp, ps, n_embd=768, n_layer=12, seed=0)
            from transformers import GPT2Config, GPT2LMHeadModel

            config = GPT2Config.from_pretrained(path)
            config.n_head, config.n_positions = 12, 1024
            config.vocab_size = (
                50257  # GPT-2's vocabulary size: the output layer costs what it costs there
            )
            torch.manual_seed(0)
            GPT2LMHeadModel(config).save_pretrained(path)
        gen = PolyjuiceGenerator.load(path, device=args.device)
        params = sum(t.numel() for t in gen.model.parameters()) / 1e6
        gen.generate(ps[:2], decoding, batch_size=2)  # warm-up
        sync = torch.cuda.synchronize if gen.device.type == "cuda" else (lambda: None)
        sync()
        start = time.perf_counter()
        single = [gen.generate([q], decoding, batch_size=1)[0] for q in ps]
        sync()
        one = time.perf_counter() - start
        start = time.perf_counter()
        batched = gen.generate(ps, decoding, batch_size=args.batch_size)
        sync()
        many = time.perf_counter() - start
    same = sum(a == b for a, b in zip(single, batched, strict=True))
    print(
        f"{len(ps)} prompts, {params:.0f}M parameters, {gen.device}, {args.decoding}, "
        f"{args.new_tokens} new tokens, torch threads {torch.get_num_threads()}"
    )
    print(f"one at a time: {len(ps) / one:.2f} prompts/s ({one:.1f} s)")
    print(f"batched (<= {args.batch_size}): {len(ps) / many:.2f} prompts/s ({many:.1f} s)")
    print(f"speed-up: {one / many:.2f}x; identical outputs: {same}/{len(ps)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
