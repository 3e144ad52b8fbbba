"""Synthetic samples from models, two of the paper's methods.

**Mask filling.** A span of 3-7 words of a seed output is masked with T5's first sentinel and
refilled by a local seq2seq checkpoint, either vanilla or fine-tuned on the seed outputs
themselves (:func:`fine_tune_filler`, the paper's best single method).

**Noisy beam search.** Seam's TAILOR generator decodes the seed's own prompt with Gaussian noise
added to the beam scores at every step (:class:`NoisyScores`). This makes near misses of the
kind the generator itself produces.

Both give samples meant unacceptable; the validation framework decides which are
(:func:`engine.accept.validation.sort`). A fill or generation equal to the seed output is
dropped. Everything is seeded.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from pathlib import Path

from ..analyzers import SpacyAnalyzer
from ..polyjuice.format import prompt
from ..polyjuice.generator import BEAM as POLYJUICE_BEAM
from ..polyjuice.plans import code_and_blanks
from ..resources import save_checkpoint
from ..tailor.examples import TrainingExample
from ..tailor.generator import BEAM, SAMPLING, TailorGenerator
from ..tailor.inputs import prompt_from_frame
from ..tailor.plans import plan_prompt
from ..tailor.trainer import train
from ..transforms import parse
from ..validate import Recovery
from ..validate.base import ACCEPT, FLAG
from .validation import Sample

SENTINEL0, SENTINEL1 = "<extra_id_0>", "<extra_id_1>"


def mask_span(text: str, rng: random.Random, low: int = 3, high: int = 7) -> tuple[str, str] | None:
    """``(masked text, masked words)``, or None for a sentence too short to keep context.

    >>> mask_span("A man is riding a red bike down the hill.", random.Random(1))
    ('A man is riding <extra_id_0> the hill.', 'a red bike down')
    """
    words = text.split()
    if len(words) < low + 2:
        return None
    n = rng.randint(low, min(high, len(words) - 2))
    start = rng.randrange(0, len(words) - n)
    return " ".join(words[:start] + [SENTINEL0] + words[start + n :]), " ".join(
        words[start : start + n]
    )


def read_fill(generated: str) -> str | None:
    """The words T5 put for the first sentinel (None when there are none).

    >>> read_fill("<pad> <extra_id_0> a blue car <extra_id_1> </s>")
    'a blue car'
    """
    text = re.sub(r"<pad>|</s>", "", generated)
    if SENTINEL0 in text:
        text = text.split(SENTINEL0, 1)[1]
    fill = re.split(r"<extra_id_\d+>", text)[0].strip()
    return fill or None


class MaskFiller:
    """A T5-family checkpoint filling one masked span per text, batched."""

    def __init__(self, path: str | Path, device: str | None = None):
        import torch
        from transformers import AutoTokenizer, T5ForConditionalGeneration

        self.device = (
            torch.device(device)
            if device
            else torch.device("cuda" if torch.cuda.is_available() else "cpu")
        )
        self.tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
        self.model = (
            T5ForConditionalGeneration.from_pretrained(path, local_files_only=True)
            .to(self.device)
            .eval()
        )

    def fill(
        self, masked: Sequence[str], seed: int = 0, batch_size: int = 32, max_new_tokens: int = 16
    ) -> list[str | None]:
        import torch

        out: list[str | None] = []
        torch.manual_seed(seed)
        for k in range(0, len(masked), batch_size):
            enc = self.tokenizer(
                list(masked[k : k + batch_size]), return_tensors="pt", padding=True
            ).to(self.device)
            with torch.no_grad():
                seqs = self.model.generate(
                    **enc, do_sample=True, top_k=50, max_new_tokens=max_new_tokens
                )
            out.extend(
                read_fill(t) for t in self.tokenizer.batch_decode(seqs, skip_special_tokens=False)
            )
        return out


def maskfill_samples(
    seeds: Sequence[Sample], filler: MaskFiller, seed: int = 0, method: str = "maskfill"
) -> list[Sample]:
    """One refilled version of each seed output (when the fill changes it)."""
    jobs = []
    for s in seeds:
        found = mask_span(s.output, random.Random(f"{seed}\x00{s.output}"))
        if found is not None:
            jobs.append((s, found[0]))
    fills = filler.fill([m for _, m in jobs], seed=seed)
    out = []
    for (s, masked), fill in zip(jobs, fills, strict=True):
        if fill is None:
            continue
        text = masked.replace(SENTINEL0, fill)
        if text.strip().lower() != s.output.strip().lower():
            out.append(Sample(s.source, s.plan, text, 0, method, s.output))
    return out


def fine_tune_filler(
    model_dir: str | Path,
    texts: Sequence[str],
    out_dir: str | Path,
    *,
    epochs: int = 3,
    lr: float = 3e-4,
    batch_size: int = 16,
    seed: int = 0,
    device: str | None = None,
) -> list[float]:
    """Fine-tune a T5 checkpoint to refill masked spans of ``texts`` (T5's span-corruption
    format: the masked text -> ``<extra_id_0> span <extra_id_1>``); returns the step losses."""
    import torch
    from transformers import AutoTokenizer, T5ForConditionalGeneration

    dev = (
        torch.device(device)
        if device
        else torch.device("cuda" if torch.cuda.is_available() else "cpu")
    )
    tokenizer = AutoTokenizer.from_pretrained(model_dir, local_files_only=True)
    torch.manual_seed(seed)
    model = (
        T5ForConditionalGeneration.from_pretrained(model_dir, local_files_only=True).to(dev).train()
    )
    rng = random.Random(seed)
    pairs = []
    for _ in range(epochs):
        for t in texts:
            found = mask_span(t, rng)
            if found is not None:
                pairs.append((found[0], f"{SENTINEL0} {found[1]} {SENTINEL1}"))
    rng.shuffle(pairs)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    losses = []
    for k in range(0, len(pairs), batch_size):
        batch = pairs[k : k + batch_size]
        enc = tokenizer([a for a, _ in batch], return_tensors="pt", padding=True).to(dev)
        labels = tokenizer([b for _, b in batch], return_tensors="pt", padding=True)[
            "input_ids"
        ].to(dev)
        labels[labels == tokenizer.pad_token_id] = -100
        loss = model(**enc, labels=labels).loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    model.eval()
    save_checkpoint(model, tokenizer, out_dir)
    return losses


def _analyzer(analyzer=None):
    if analyzer is None:
        analyzer = SpacyAnalyzer()
    return analyzer


def _tailor_jobs(seeds: Sequence[Sample], analyzer=None) -> list:
    """``(seed, TAILOR prompt of its plan on its source)`` for every seed TAILOR can express."""

    analyzer = _analyzer(analyzer)
    sources = list(dict.fromkeys(s.source for s in seeds))
    analyses = dict(zip(sources, analyzer.analyze(sources), strict=True))
    jobs = []
    for s in seeds:
        planned = plan_prompt(analyses[s.source], parse(s.plan).plan())
        if not isinstance(planned, str):
            jobs.append((s, planned.prompt))
    return jobs


class NoisyScores:
    """A logits processor adding Gaussian noise (``sigma``) to every step's scores, seeded."""

    def __init__(self, sigma: float = 1.0, seed: int = 0):
        import torch

        self.sigma = sigma
        self.generator = torch.Generator().manual_seed(seed)

    def __call__(self, input_ids, scores):
        import torch

        noise = torch.randn(scores.shape, generator=self.generator) * self.sigma
        return scores + noise.to(scores.device, scores.dtype)


def noisy_beam_samples(
    seeds: Sequence[Sample], generator, sigma: float = 1.0, seed: int = 0, analyzer=None
) -> list[Sample]:
    """Seam's TAILOR generator on each seed's own prompt with noisy beam scores."""
    from transformers import LogitsProcessorList

    jobs = _tailor_jobs(seeds, analyzer)
    extra = {"logits_processor": LogitsProcessorList([NoisyScores(sigma, seed)])}
    results = generator.generate_prompts([p for _, p in jobs], BEAM, seed=seed, extra=extra)
    out = []
    for (s, _), (kept, _dropped) in zip(jobs, results, strict=True):
        for g in kept:
            if g.text.strip().lower() != s.output.strip().lower():
                out.append(Sample(s.source, s.plan, g.text, 0, "noisy_beam", s.output))
                break
    return out


def sabotage_samples(
    seeds: Sequence[Sample],
    model_dir: str | Path,
    work_dir: str | Path,
    *,
    fraction: float = 0.25,
    epochs: int = 3,
    seed: int = 0,
    device: str | None = None,
    analyzer=None,
) -> list[Sample]:
    """Data sabotage: a TAILOR generator trained on ``fraction`` of the seeds predicts the rest.

    Each seed becomes a TAILOR pair: its plan's prompt on the source, and the seed output
    annotated as the target (:func:`~engine.tailor.inputs.prompt_from_frame` on the output's
    analysis). ``model_dir`` is fine-tuned on the chosen fraction with the TAILOR trainer into
    ``work_dir``. Its generations for the other seeds, where they differ from the seed output,
    are the samples; a weakly trained generator makes the near misses a real one makes."""

    analyzer = _analyzer(analyzer)
    texts = list(dict.fromkeys(t for s in seeds for t in (s.source, s.output)))
    analyses = dict(zip(texts, analyzer.analyze(texts), strict=True))
    pairs = []
    for s in seeds:
        planned = plan_prompt(analyses[s.source], parse(s.plan).plan())
        target = analyses[s.output]
        if isinstance(planned, str) or target.main_frame is None:
            continue
        pairs.append((s, planned.prompt, prompt_from_frame(target).target))
    order = list(range(len(pairs)))
    random.Random(seed).shuffle(order)
    cut = max(1, round(len(order) * fraction))
    taught, held = [pairs[i] for i in order[:cut]], [pairs[i] for i in order[cut:]]
    if not held:
        return []
    examples = [
        TrainingExample(p.source, target, 1, "positive", sentence=s.source)
        for s, p, target in taught
    ]
    train(
        model_dir,
        examples,
        work_dir,
        epochs=epochs,
        seed=seed,
        device=device,
        dev_fraction=0.0,
        progress=False,
        resume=False,
    )
    generator = TailorGenerator.load(work_dir, device=device)
    results = generator.generate_prompts([p for _, p, _ in held], BEAM, seed=seed)
    out = []
    for (s, _, _), (kept, _dropped) in zip(held, results, strict=True):
        for g in kept:
            if g.text.strip().lower() != s.output.strip().lower():
                out.append(Sample(s.source, s.plan, g.text, 0, "sabotage", s.output))
                break
    return out


def self_train_samples(
    seeds: Sequence[Sample], generator, cycles: int = 1, seed: int = 0, analyzer=None
) -> list[Sample]:
    """Generation and reconstruction cycles: in each cycle Seam's TAILOR generator samples an
    output for every seed's prompt (another seed per cycle), and reconstruction (REC-VAL:
    Seam's re-analysis recovers the plan) labels it, acceptable when the plan is recovered and
    unacceptable when not. The labelled outputs join the training data (``seam train-accept
    --self-train N``)."""

    analyzer = _analyzer(analyzer)
    jobs = _tailor_jobs(seeds, analyzer)
    check = Recovery(analyzer)
    out: list[Sample] = []
    seen = {(s.source, s.plan, s.output.strip().lower()) for s in seeds}
    for cycle in range(cycles):
        results = generator.generate_prompts([p for _, p in jobs], SAMPLING, seed=seed + cycle)
        fresh = []
        for (s, _), (kept, _dropped) in zip(jobs, results, strict=True):
            for g in kept:
                key = (s.source, s.plan, g.text.strip().lower())
                if key not in seen:
                    seen.add(key)
                    fresh.append(
                        Sample(s.source, s.plan, g.text, 1, f"self_train_{cycle + 1}", s.output)
                    )
        verdicts = check.validate([s.item() for s in fresh])
        for sample, verdict in zip(fresh, verdicts, strict=True):
            if verdict.verdict != FLAG:
                out.append(
                    Sample(
                        sample.source,
                        sample.plan,
                        sample.output,
                        int(verdict.verdict == ACCEPT),
                        sample.method,
                        sample.reference,
                    )
                )
    return out


def noisy_polyjuice_samples(
    seeds: Sequence[Sample], generator, sigma: float = 1.0, seed: int = 0, analyzer=None
) -> list[Sample]:
    """Noisy beam search on the Polyjuice generator: each seed's plan as a Polyjuice prompt
    (:func:`engine.polyjuice.plans.code_and_blanks`), decoded by beam search with noisy
    scores; completions that read back and differ from the seed output are the samples."""
    from transformers import LogitsProcessorList

    analyzer = _analyzer(analyzer)

    sources = list(dict.fromkeys(s.source for s in seeds))
    analyses = dict(zip(sources, analyzer.analyze(sources), strict=True))
    jobs = []
    for s in seeds:
        a = analyses[s.source]
        found = code_and_blanks(a, parse(s.plan).plan()) if a.main_frame is not None else "no frame"
        if not isinstance(found, str):
            jobs.append((s, prompt(s.source, found[0], found[1])))
    extra = {"logits_processor": LogitsProcessorList([NoisyScores(sigma, seed)])}
    results = generator.complete([p for _, p in jobs], POLYJUICE_BEAM, seed=seed, extra=extra)
    out = []
    for (s, _), completions in zip(jobs, results, strict=True):
        for c in completions:
            if c.text is not None and c.text.strip().lower() != s.output.strip().lower():
                out.append(Sample(s.source, s.plan, c.text, 0, "noisy_beam_polyjuice", s.output))
                break
    return out
