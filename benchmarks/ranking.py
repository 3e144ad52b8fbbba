"""Ranking: LM scoring speed (batched versus one sentence at a time) and ranking quality.

Speed. A GPT-2-shaped model scores SNLI premises with ``CausalLM`` at ``--batch-size`` and
at batch size 1 (the same code, one forward pass per sentence); prints sentences/s, the
ratio and the largest difference between the two scorings. With ``--lm DIR`` it uses that
checkpoint; without, a randomly initialised GPT-2 small (12 layers, 768 wide, 50,257-token
output) with a tokenizer trained on the sentences: the same shape, so the same cost per
token. The n-gram model's speed is printed too.

Quality, two candidate sets:

* StylePTB valid (TFU, TPA, TPR, ATP, PTA): the reference transfer and ``--distractors``
  near-misses made from it, as long as it (two adjacent words swapped, an auxiliary's
  agreement flipped, a verb or noun reinflected: "will end" -> "will ended"). Each
  near-miss is one more edit away from the source than the reference, which favours the
  closeness scores by construction; the fluency scores are judged fairly. ``ref%`` is how often the
  top-ranked candidate is the reference. ``+src`` adds the unchanged source to the pool (what a
  backend that copies its input would offer): ``src%`` is how often the ranker then picks the copy
  -- the degeneracy validator rejects it, but it shows which rankers favour doing nothing.
* The recorded ERG regenerations (``erg/parses.jsonl``, when present): ACE's realizations of
  the unchanged MRS of a parsed sentence, when there are several and the sentence is among
  them (realizations that differ only in punctuation count as one). ``orig%`` is how often
  the top-ranked one is the original sentence. Rankers that
  compare with the source see the original as their source there, so only the fluency
  scores are measured on this set.

    python benchmarks/ranking.py [--n 32] [--batch-size 32] [--per-set 200] [--lm DIR]
        [--skip-speed] [--skip-quality] [--data DIR]

Needs data not shipped with Seam, in the folder passed with ``--data DIR``: the SNLI
development set at ``snli/dev.jsonl`` (the speed test's sentences; JSONL, a ``premise`` per
line), the StylePTB splits at ``styleptb/<CODE>/valid.jsonl`` (the quality test; JSONL, ``src``
and ``trg``), and optionally recorded ERG parses with their regenerations at
``erg/parses.jsonl`` (without them the ERG column is empty).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _data import require  # noqa: E402

from engine.rank import Closeness, LMScorer  # noqa: E402
from engine.rank.ngram import NgramLM, words  # noqa: E402

SETS = ("TFU", "TPA", "TPR", "ATP", "PTA")
WEIGHTS = (0, 1, 2, 5, 10, 20, 50)
_AGREE = {
    "is": "are",
    "are": "is",
    "was": "were",
    "were": "was",
    "has": "have",
    "have": "has",
    "does": "do",
    "do": "does",
}


# -- data --------------------------------------------------------------------------------------


def snli_premises(data: Path, n: int) -> list[str]:
    out: list[str] = []
    with (data / "snli" / "dev.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            text = json.loads(line)["premise"]
            if text not in out:
                out.append(text)
            if len(out) >= n:
                break
    return out


def _reinflect(word: str, rng: random.Random) -> str | None:
    """Another inflection of the same verb or noun ("ended" -> "ends"), or None."""
    from lemminflect import getAllInflections, getLemma

    for upos in ("VERB", "NOUN"):
        lemmas = getLemma(word, upos=upos)
        if not lemmas:
            continue
        forms = sorted(
            {f for fs in getAllInflections(lemmas[0], upos=upos).values() for f in fs} - {word}
        )
        if forms:
            return rng.choice(forms)
    return None


def distractors(reference: str, rng: random.Random, k: int) -> list[str]:
    """Up to ``k`` distinct near-misses of a (space-tokenized) reference, all as long as it:
    two adjacent words swapped, an auxiliary's agreement flipped, a verb or noun reinflected."""
    toks = reference.split()
    made: list[str] = []

    def add(words: list[str]) -> None:
        text = " ".join(words)
        if text != reference and text not in made:
            made.append(text)

    for _ in range(6 * k):
        if len(made) >= k or len(toks) < 3:
            break
        i = rng.randrange(len(toks) - 1)
        kind = rng.choice(("swap", "agree", "inflect"))
        if kind == "swap":
            add(toks[:i] + [toks[i + 1], toks[i]] + toks[i + 2 :])
        elif kind == "agree":
            spots = [j for j, t in enumerate(toks) if t in _AGREE]
            if spots:
                j = rng.choice(spots)
                add(toks[:j] + [_AGREE[toks[j]]] + toks[j + 1 :])
        elif toks[i].isalpha():
            form = _reinflect(toks[i], rng)
            if form:
                add(toks[:i] + [form] + toks[i + 1 :])
    return made


def styleptb_items(
    data: Path, code: str, n: int, k: int, seed: int
) -> list[tuple[str, str, list[str]]]:
    rng = random.Random(f"{seed}-{code}")
    items = []
    with (data / "styleptb" / code / "valid.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            pool = distractors(rec["trg"], rng, k)
            if pool and rec["src"] != rec["trg"]:
                items.append((rec["src"], rec["trg"], pool))
            if len(items) >= n:
                break
    return items


def erg_items(data: Path) -> list[tuple[str, list[str]]]:
    """``(original, realizations)``: realizations that differ only in punctuation are merged
    (the first kept; the n-gram model does not see punctuation), and the original stands for
    its group."""
    items = []
    path = data / "erg" / "parses.jsonl"
    if not path.is_file():
        return items
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            key = _words(rec["text"])
            groups: dict[tuple[str, ...], str] = {}
            for regen in rec.get("regenerations") or []:
                groups.setdefault(_words(regen), rec["text"] if _words(regen) == key else regen)
            if len(groups) >= 2 and key in groups:
                items.append((rec["text"], list(groups.values())))
    return items


def _words(text: str) -> tuple[str, ...]:
    return tuple(w for w, _, _ in words(text))


def check_data(args: argparse.Namespace) -> None:
    """Every file the chosen tests read is there, or one line and exit status 2."""
    if not args.skip_speed:
        require(
            args.data / "snli" / "dev.jsonl",
            "the SNLI development set for the speed test (snli/dev.jsonl in the --data folder; "
            "--skip-speed skips it)",
            "--data",
            "DIR",
        )
    if not args.skip_quality:
        for code in SETS:
            require(
                args.data / "styleptb" / code / "valid.jsonl",
                f"the StylePTB {code} valid split for the quality test "
                f"(styleptb/{code}/valid.jsonl in the --data folder; --skip-quality skips it)",
                "--data",
                "DIR",
            )


# -- speed -------------------------------------------------------------------------------------


def speed(args: argparse.Namespace) -> None:
    import torch

    from engine.rank.causal import CausalLM

    torch.manual_seed(0)
    texts = snli_premises(args.data, args.n)
    with tempfile.TemporaryDirectory() as tmp:
        path = args.lm
        if path is None:
            from engine.testing.gpt2 import build_tiny_lm, gpt2_small_config

            path = build_tiny_lm(
                Path(tmp) / "gpt2", texts, vocab_size=2000, config=gpt2_small_config()
            )
        what = path if args.lm else "random GPT-2 small (124M parameters)"
        batched = CausalLM(path, device=args.device, batch_size=args.batch_size)
        single = CausalLM(path, device=args.device, batch_size=1)
        single.token_scores(texts[:2])  # warm-up
        batched.token_scores(texts[: args.batch_size])
        t_ones, t_manys = [], []
        for _ in range(args.repeat):  # interleaved, so drift in the machine's speed hits both
            t0 = time.perf_counter()
            one = single.token_scores(texts)
            t_ones.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            many = batched.token_scores(texts)
            t_manys.append(time.perf_counter() - t0)
        t_one, t_many = statistics.median(t_ones), statistics.median(t_manys)
        roof = roofline(batched, texts, t_one, t_many)
    diff = max(
        abs(a - b)
        for x, y in zip(one, many, strict=True)
        for a, b in zip(x.logprobs, y.logprobs, strict=True)
    )
    tokens = sum(len(x.logprobs) for x in one)
    print(
        f"LM scoring: {what}, {len(texts)} SNLI premises ({tokens} scored tokens), torch threads "
        f"{torch.get_num_threads()}, device {batched.device}, median of {args.repeat}"
    )
    print(f"  one at a time   {len(texts) / t_one:8.1f} sentences/s")
    print(f"  batch of {args.batch_size:<5d}  {len(texts) / t_many:8.1f} sentences/s")
    print(f"  ratio {t_one / t_many:.2f}x; largest token log-prob difference {diff:.2e}")
    print(roof)
    ngram = NgramLM()
    many_texts = texts * max(1, 2000 // len(texts))
    t0 = time.perf_counter()
    ngram.token_scores(many_texts)
    print(
        "n-gram scoring (pocketsphinx en-us trigram): "
        f"{len(many_texts) / (time.perf_counter() - t0):.0f} sentences/s"
    )


def roofline(lm, texts: list[str], t_one: float, t_many: float) -> str:
    """Where the two modes stand against this machine's limits: the batched pass against the
    rate of the model's own output layer run as one dense 512-row matmul (the batched pass is
    compute-bound), one sentence per pass against the rate at which memory is written (it is
    bound by streaming the weights), and the ratio the batched mode would reach at that
    matmul rate with no padding and nothing but matmuls."""
    import torch

    from engine.batching import plan_batches

    model = lm.model
    vocab, width = model.get_output_embeddings().weight.shape
    embeddings = sum(p.numel() for n, p in model.named_parameters() if "wte" in n or "wpe" in n)
    body = sum(p.numel() for p in model.parameters()) - embeddings
    lengths = sorted(len(lm._encode(t)[0]) for t in texts)
    padded = sum(
        (e - s) * lengths[e - 1] for s, e in plan_batches(lengths, lm.batch_size, lm.pass_cost)
    )
    scored = sum(n - 1 for n in lengths)
    layers = getattr(model.config, "n_layer", 0)
    attention = sum(4 * layers * width * n * n for n in lengths)  # QK^T and AV, causal half ignored
    flops = 2 * body * padded + 2 * width * vocab * scored + attention
    ideal = 2 * body * sum(lengths) + 2 * width * vocab * scored + attention
    head = model.get_output_embeddings().weight.detach()
    rows = torch.randn(512, width)
    runs = []
    for _ in range(
        4
    ):  # the output layer as one dense 512-row matmul: the best this model's matmuls do here
        t0 = time.perf_counter()
        torch.mm(rows, head.t())
        runs.append(time.perf_counter() - t0)
    peak = 2 * 512 * width * vocab / min(runs[1:])
    weight_bytes = sum(p.numel() * p.element_size() for p in model.parameters())
    big = torch.empty(weight_bytes // 4)
    big.copy_(torch.zeros_like(big))
    t0 = time.perf_counter()
    big.zero_()
    bandwidth = weight_bytes / (time.perf_counter() - t0)
    ceiling = t_one / (ideal / peak)
    return (
        f"  batched: {flops / t_many / 1e9:.0f} GFLOP/s ({padded} padded tokens for "
        f"{sum(lengths)} real); the output layer as one dense matmul: {peak / 1e9:.0f} GFLOP/s\n"
        f"  one at a time: weights ({weight_bytes / 1e6:.0f} MB) stream at "
        f"{weight_bytes * len(texts) / t_one / 1e9:.1f} GB/s (memory write rate "
        f"{bandwidth / 1e9:.1f} GB/s)\n  ceiling here (batched at that matmul rate, no padding, "
        f"no other work): ratio {ceiling:.2f}x"
    )


# -- quality -----------------------------------------------------------------------------------


def top(scores: list[float]) -> int:
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


def quality(args: argparse.Namespace) -> None:
    ngram = NgramLM()
    scorers = {
        "ngram": LMScorer(ngram, "sum", "ngram"),
        "ngram-mean": LMScorer(ngram, "mean", "ngram-mean"),
    }
    if args.lm:
        from engine.rank.causal import CausalLM

        lm = CausalLM(args.lm, device=args.device, batch_size=args.batch_size)
        scorers.update(lm=LMScorer(lm, "sum", "lm"), **{"lm-mean": LMScorer(lm, "mean", "lm-mean")})
    closeness = {name: Closeness(name) for name in ("closeness", "levenshtein", "overlap")}
    fluency = list(scorers)
    rows: dict[str, dict[str, str]] = {}

    def composite_names() -> list[str]:
        return [f"{f}+{w}*closeness" for f in ("ngram", "lm") if f in scorers for w in WEIGHTS[1:]]

    names = fluency + list(closeness) + composite_names()
    for code in SETS:
        items = styleptb_items(args.data, code, args.per_set, args.distractors, args.seed)
        for with_src in (False, True):
            hits = {n: 0 for n in names}
            copies = {n: 0 for n in names}
            for src, ref, pool in items:
                cands = [ref, *pool] + ([src] if with_src else [])
                srcs = [src] * len(cands)
                cols = {n: s.score(cands, srcs) for n, s in scorers.items()}
                cols.update({n: c.score(cands, srcs) for n, c in closeness.items()})
                for f in ("ngram", "lm"):
                    if f in scorers:
                        for w in WEIGHTS[1:]:
                            cols[f"{f}+{w}*closeness"] = [
                                a + w * b for a, b in zip(cols[f], cols["closeness"], strict=True)
                            ]
                for n in names:
                    best = top(cols[n])
                    hits[n] += best == 0
                    copies[n] += with_src and best == len(cands) - 1
            key = f"{code}{'+src' if with_src else ''}"
            for n in names:
                cell = f"{100 * hits[n] / len(items):.1f}"
                if with_src:
                    cell += f" / {100 * copies[n] / len(items):.1f}"
                rows.setdefault(n, {})[key] = cell
        print(
            f"StylePTB {code}: {len(items)} items, reference + up to {args.distractors} "
            "near-misses",
            file=sys.stderr,
        )
    erg = erg_items(args.data)
    for n in names:
        if n in scorers:
            hits = sum(top(scorers[n].score(regens)) == regens.index(text) for text, regens in erg)
            rows[n]["ERG"] = f"{100 * hits / max(1, len(erg)):.1f}"
        else:
            rows[n]["ERG"] = "n/a"
    first = sum(regens[0] == text for text, regens in erg)
    keys = [*SETS, *(f"{c}+src" for c in SETS), "ERG"]
    print(
        f"\nRanking quality: % top-1 = reference (StylePTB valid, {args.per_set} per set), with "
        f"the source added: ref% / src%; ERG: % top-1 = original among {len(erg)} regeneration "
        f"sets (ACE's own first: {100 * first / max(1, len(erg)):.1f}%)"
    )
    print("| ranker | " + " | ".join(keys) + " | mean ref% (no src) |")
    print("|---" * (len(keys) + 2) + "|")
    for n in names:
        mean = sum(float(rows[n][c]) for c in SETS) / len(SETS)
        print(f"| {n} | " + " | ".join(rows[n][k] for k in keys) + f" | {mean:.1f} |")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--data",
        type=Path,
        default=ROOT.parent / "shared" / "data",
        help="folder holding snli/dev.jsonl, styleptb/<CODE>/valid.jsonl and optionally "
        "erg/parses.jsonl (default: ../shared/data)",
    )
    p.add_argument("--n", type=int, default=64, help="sentences for the speed test")
    p.add_argument(
        "--repeat", type=int, default=3, help="timed runs of each mode (the median is printed)"
    )
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--per-set", type=int, default=200, help="StylePTB items per transfer")
    p.add_argument("--distractors", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--lm", help="a local causal LM checkpoint (default: random GPT-2 small for speed only)"
    )
    p.add_argument("--device")
    p.add_argument("--skip-speed", action="store_true")
    p.add_argument("--skip-quality", action="store_true")
    args = p.parse_args()
    check_data(args)
    if not args.skip_speed:
        speed(args)
    if not args.skip_quality:
        quality(args)


if __name__ == "__main__":
    main()
