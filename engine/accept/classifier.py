"""An acceptability classifier: a sequence-pair classifier on any local encoder checkpoint
(BERT/RoBERTa family), judging an output given its source and the plan it was asked for.

The input pair is ``("<plan> | <source>", output)``; a sentence judged alone (CoLA) is
``("", sentence)``. The label is 1 for acceptable. :func:`train` fine-tunes an encoder with
AdamW (seeded, length-planned batches). It then chooses the decision threshold on P(acceptable)
by k-fold cross-validation: k models are each trained without one fold and score it, and the
threshold that maximizes macro-F1 over these held-out scores is saved with the final model,
which is trained on everything (``accept.json``). The small random BERT the tests
fine-tune is :func:`engine.testing.encoder.build_tiny_encoder`.

A real pretrained encoder (e.g. ``roberta-base``, downloaded on a machine with network) is
what the paper fine-tunes. Pass its folder as ``--model`` to ``seam train-accept``; set
``SEAM_ACCEPT`` to the trained folder to use it as a validator.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..batching import plan_batches
from ..errors import SeamError
from ..resources import require_checkpoint_dir
from .metrics import best_threshold, macro_f1

log = logging.getLogger(__name__)
ENV_VAR = "SEAM_ACCEPT"
META = "accept.json"


@dataclass(frozen=True)
class Example:
    source: str  # "" for a sentence judged alone
    plan: str  # the plan or transformation asked for ("" if none)
    output: str
    label: int  # 1 acceptable, 0 unacceptable

    def pair(self) -> tuple[str, str]:
        return pair_input(self.source, self.plan, self.output)


def pair_input(source: str, plan: str, output: str) -> tuple[str, str]:
    first = f"{plan} | {source}".strip(" |") if (plan or source) else ""
    return first, output


def find_model(path: str | None = None) -> Path:
    return require_checkpoint_dir(
        path,
        ENV_VAR,
        "accept",
        "acceptability classifier",
        f"Train one with `seam train-accept`, then pass --accept-model DIR or set {ENV_VAR}=DIR.",
    )


class AcceptClassifier:
    """A trained classifier, opened once: ``proba(pairs)`` and ``predict(pairs)``."""

    def __init__(
        self,
        model,
        tokenizer,
        threshold: float = 0.5,
        device: str | None = None,
        batch_size: int = 32,
    ):
        import torch

        self.device = (
            torch.device(device)
            if device
            else torch.device("cuda" if torch.cuda.is_available() else "cpu")
        )
        self.model = model.to(self.device).eval()
        self.tokenizer = tokenizer
        self.threshold = threshold
        self.batch_size = batch_size

    @classmethod
    def load(cls, path: str | None = None, device: str | None = None) -> AcceptClassifier:
        from transformers import AutoModelForSequenceClassification, AutoTokenizer

        directory = find_model(path)
        meta = json.loads((directory / META).read_text()) if (directory / META).is_file() else {}
        try:
            tokenizer = AutoTokenizer.from_pretrained(directory, local_files_only=True)
            model = AutoModelForSequenceClassification.from_pretrained(
                directory, local_files_only=True
            )
        except Exception as exc:
            raise SeamError(
                f"cannot load the acceptability classifier in {directory}: {exc}"
            ) from exc
        return cls(model, tokenizer, float(meta.get("threshold", 0.5)), device)

    def proba(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """P(acceptable) of each ``(context, output)`` pair."""
        return _proba(self.model, self.tokenizer, pairs, self.device, self.batch_size)

    def predict(self, pairs: Sequence[tuple[str, str]]) -> list[int]:
        return [int(p >= self.threshold) for p in self.proba(pairs)]


def _encode(tokenizer, pairs: Sequence[tuple[str, str]], device):
    firsts = [a for a, _ in pairs]
    seconds = [b for _, b in pairs]
    if all(not a for a in firsts):
        return tokenizer(
            seconds, return_tensors="pt", padding=True, truncation=True, max_length=256
        ).to(device)
    return tokenizer(
        firsts, seconds, return_tensors="pt", padding=True, truncation=True, max_length=256
    ).to(device)


def _order(tokenizer, pairs: Sequence[tuple[str, str]], batch_size: int) -> list[list[int]]:
    lengths = [
        len(tokenizer(a, b)["input_ids"]) if a else len(tokenizer(b)["input_ids"]) for a, b in pairs
    ]
    order = sorted(range(len(pairs)), key=lambda i: (lengths[i], i))
    return [order[s:e] for s, e in plan_batches([lengths[i] for i in order], batch_size)]


def _proba(
    model, tokenizer, pairs: Sequence[tuple[str, str]], device, batch_size: int
) -> list[float]:
    import torch

    out = [0.0] * len(pairs)
    if not pairs:
        return out
    with torch.no_grad():
        for idx in _order(tokenizer, pairs, batch_size):
            enc = _encode(tokenizer, [pairs[i] for i in idx], device)
            probs = torch.softmax(model(**enc).logits.float(), dim=-1)[:, 1].tolist()
            for i, p in zip(idx, probs, strict=True):
                out[i] = p
    return out


def _fit(
    model_dir: str | Path,
    examples: Sequence[Example],
    *,
    epochs: int,
    lr: float,
    batch_size: int,
    seed: int,
    device,
    progress: Callable[[int, float], None] | None = None,
):
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(model_dir, local_files_only=True)
    torch.manual_seed(seed)
    model = AutoModelForSequenceClassification.from_pretrained(
        model_dir, num_labels=2, local_files_only=True, ignore_mismatched_sizes=True
    )
    model.to(device).train()
    # the standard fine-tuning recipe: AdamW with weight decay (not on biases and norms), a linear
    # warm-up over the first 10% of the steps, then a linear decay to zero
    decay = [p for n, p in model.named_parameters() if not (n.endswith("bias") or "LayerNorm" in n)]
    rest = [p for n, p in model.named_parameters() if n.endswith("bias") or "LayerNorm" in n]
    optimizer = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.01}, {"params": rest, "weight_decay": 0.0}], lr=lr
    )
    pairs = [e.pair() for e in examples]
    labels = torch.tensor([e.label for e in examples])
    batches = _order(tokenizer, pairs, batch_size)
    total = max(1, epochs * len(batches))
    warmup = max(1, total // 10)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer,
        lambda k: (
            (k + 1) / warmup if k < warmup else max(0.0, (total - k) / max(1, total - warmup))
        ),
    )
    rng = random.Random(seed)
    step = 0
    for _ in range(epochs):
        rng.shuffle(batches)
        for idx in batches:
            enc = _encode(tokenizer, [pairs[i] for i in idx], device)
            loss = model(**enc, labels=labels[idx].to(device)).loss
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            step += 1
            if progress:
                progress(step, loss.item())
    model.eval()
    return model, tokenizer


def train(
    model_dir: str | Path,
    examples: Sequence[Example],
    out_dir: str | Path,
    *,
    epochs: int = 3,
    lr: float = 3e-5,
    batch_size: int = 16,
    folds: int = 5,
    seed: int = 0,
    device: str | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> dict:
    """Fine-tune on ``examples``, choose the threshold by ``folds``-fold cross-validation (1:
    no cross-validation, threshold 0.5), save to ``out_dir``. ``progress(step, loss)`` is
    called after every step of every model (the fold models, then the final one). Returns what was
    saved in ``accept.json`` (threshold, folds, counts, held-out macro-F1)."""
    import torch

    if len({e.label for e in examples}) < 2:
        raise SeamError(
            "training an acceptability classifier needs both acceptable and unacceptable examples"
        )
    dev = (
        torch.device(device)
        if device
        else torch.device("cuda" if torch.cuda.is_available() else "cpu")
    )
    order = list(range(len(examples)))
    random.Random(seed).shuffle(order)
    threshold, held_f1 = 0.5, None
    if folds > 1:
        probs = [0.0] * len(examples)
        for k in range(folds):
            held = order[k::folds]
            taken = set(held)
            model, tokenizer = _fit(
                model_dir,
                [examples[i] for i in order if i not in taken],
                epochs=epochs,
                lr=lr,
                batch_size=batch_size,
                seed=seed + k,
                device=dev,
                progress=progress,
            )
            for i, p in zip(
                held,
                _proba(model, tokenizer, [examples[i].pair() for i in held], dev, batch_size),
                strict=True,
            ):
                probs[i] = p
        gold = [e.label for e in examples]
        threshold = best_threshold(gold, probs)
        held_f1 = round(macro_f1(gold, [int(p >= threshold) for p in probs]), 4)
    model, tokenizer = _fit(
        model_dir,
        examples,
        epochs=epochs,
        lr=lr,
        batch_size=batch_size,
        seed=seed,
        device=dev,
        progress=progress,
    )
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    meta = {
        "threshold": threshold,
        "folds": folds,
        "examples": len(examples),
        "acceptable": sum(e.label for e in examples),
        "held_out_macro_f1": held_f1,
    }
    (out / META).write_text(json.dumps(meta, indent=1) + "\n")
    return meta
