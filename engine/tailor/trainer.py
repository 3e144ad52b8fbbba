"""Training a TAILOR generator: a T5 training loop.

**Training** (:func:`train`): a local T5 checkpoint, AdamW with a linear schedule,
deterministic with a seed, a 90/10 split by sentence, periodic checkpoints that
``resume=True`` continues exactly, and the dev loss after every epoch.

One module, over 400 lines: the training loop, its checkpoints (saved, resumed, pruned) and the
evaluation it runs on the dev split share the state of one run; each is a small function over
it.
"""

from __future__ import annotations

import json
import logging
import math
import shutil
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ResourceNotFoundError, TailorError

if TYPE_CHECKING:
    pass

from ..progress import bar as progress_bar
from .examples import TrainingExample, split_examples, write_examples
from .loss import IGNORE_INDEX, tailor_loss

log = logging.getLogger(__name__)


@dataclass
class TrainResult:
    """What :func:`train` did: the final ``step``, the ``history`` of logged losses and dev
    evaluations, the last ``dev`` evaluation (None without dev rows) and where it saved."""

    output_dir: Path
    step: int
    epochs: int
    train_examples: int
    dev_examples: int
    dev: dict[str, float] | None = None
    history: list[dict[str, Any]] = field(default_factory=list)


def _encode(
    tokenizer,
    batch: Sequence[TrainingExample],
    max_source_length: int,
    max_target_length: int,
    device,
):
    import torch

    enc = tokenizer(
        [e.source for e in batch],
        max_length=max_source_length,
        truncation=True,
        padding=True,
        return_tensors="pt",
    )
    tgt = tokenizer(
        text_target=[e.target for e in batch],
        max_length=max_target_length,
        truncation=True,
        padding=True,
        return_tensors="pt",
    )
    labels = tgt["input_ids"].masked_fill(tgt["attention_mask"] == 0, IGNORE_INDEX)
    rewards = torch.tensor([e.reward for e in batch])
    return (
        enc["input_ids"].to(device),
        enc["attention_mask"].to(device),
        labels.to(device),
        rewards.to(device),
    )


def _forward(model, tokenizer, batch, ul_alpha, max_source_length, max_target_length, device):
    input_ids, attention, labels, rewards = _encode(
        tokenizer, batch, max_source_length, max_target_length, device
    )
    decoder_input_ids = model.prepare_decoder_input_ids_from_labels(labels=labels)
    logits = model(
        input_ids=input_ids, attention_mask=attention, decoder_input_ids=decoder_input_ids
    ).logits
    return tailor_loss(logits, labels, rewards, ul_alpha)


def evaluate(
    model,
    tokenizer,
    examples: Sequence[TrainingExample],
    *,
    batch_size: int = 16,
    ul_alpha: float = 1.0,
    max_source_length: int = 1024,
    max_target_length: int = 128,
    device=None,
) -> dict[str, float]:
    """Token-weighted losses of ``examples`` under ``model`` (eval mode, no gradient):
    ``loss`` = ``mle`` + ``ul_alpha`` * ``ul``; ``positive_nll`` (= ``mle``) and ``negative_nll``
    are the mean ``-log p`` of a target token in positive and negative rows."""
    import torch

    device = device or next(model.parameters()).device
    was_training = model.training
    model.eval()
    sums = Counter()
    try:
        with torch.no_grad():
            for first in range(0, len(examples), batch_size):
                _, s = _forward(
                    model,
                    tokenizer,
                    examples[first : first + batch_size],
                    ul_alpha,
                    max_source_length,
                    max_target_length,
                    device,
                )
                sums["mle"] += s["mle"] * s["positive_tokens"]
                sums["ul"] += s["ul"] * s["negative_tokens"]
                sums["negative_nll"] += s["negative_nll"] * s["negative_tokens"]
                sums["positive_tokens"] += s["positive_tokens"]
                sums["negative_tokens"] += s["negative_tokens"]
    finally:
        model.train(was_training)
    mle = sums["mle"] / sums["positive_tokens"] if sums["positive_tokens"] else 0.0
    ul = sums["ul"] / sums["negative_tokens"] if sums["negative_tokens"] else 0.0
    neg = sums["negative_nll"] / sums["negative_tokens"] if sums["negative_tokens"] else 0.0
    return {
        "loss": mle + ul_alpha * ul,
        "mle": mle,
        "ul": ul,
        "positive_nll": mle,
        "negative_nll": neg,
        "positive_tokens": int(sums["positive_tokens"]),
        "negative_tokens": int(sums["negative_tokens"]),
    }


STATE_FILE = "trainer_state.json"


OPTIMIZER_FILE = "optimizer.pt"


def latest_checkpoint(output_dir: str | Path) -> Path | None:
    """The ``checkpoint-<step>`` folder of ``output_dir`` with the highest step and a state file."""
    found = []
    for path in Path(output_dir).glob("checkpoint-*"):
        step = path.name.partition("-")[2]
        if step.isdigit() and (path / STATE_FILE).is_file() and (path / OPTIMIZER_FILE).is_file():
            found.append((int(step), path))
    return max(found)[1] if found else None


def _load(model_dir_or_model, tokenizer):
    if not isinstance(model_dir_or_model, str | Path):
        if tokenizer is None:
            raise TailorError(
                "train() was given a model object: pass its tokenizer too (tokenizer=...)"
            )
        return model_dir_or_model, tokenizer
    from transformers import AutoTokenizer, T5ForConditionalGeneration

    path = Path(model_dir_or_model)
    if not path.is_dir():
        raise ResourceNotFoundError(
            f"starting checkpoint not found: {path} (expected a local folder written by "
            "save_pretrained, e.g. a copy of t5-base; hub names are not fetched)"
        )
    model = T5ForConditionalGeneration.from_pretrained(path, local_files_only=True)
    return model, tokenizer or AutoTokenizer.from_pretrained(path, local_files_only=True)


def train(
    model_dir_or_model,
    examples: Iterable[TrainingExample],
    output_dir: str | Path,
    *,
    epochs: int = 10,
    batch_size: int = 4,
    lr: float = 5e-5,
    ul_alpha: float = 1.0,
    max_source_length: int = 1024,
    max_target_length: int = 128,
    seed: int = 0,
    device: str | None = None,
    log_every: int = 100,
    save_every: int = 10000,
    resume: bool = True,
    tokenizer=None,
    dev_fraction: float = 0.1,
    split_seed: int = 42,
    max_grad_norm: float = 1.0,
    keep_checkpoints: int = 2,
    stop_at_step: int | None = None,
    progress: bool = True,
) -> TrainResult:
    """Fine-tune a T5 on TAILOR examples with MLE + unlikelihood; save it to ``output_dir``.

    ``model_dir_or_model`` is a local checkpoint folder (model and tokenizer) or a
    ``T5ForConditionalGeneration`` with its ``tokenizer``. The examples are split 90/10 by
    sentence (:func:`split_examples`, ``split_seed``); both splits are written to
    ``output_dir`` (``train.jsonl``, ``dev.jsonl``). Training is AdamW with a linear decay
    over all steps, batches shuffled per epoch from ``seed``, gradients clipped at
    ``max_grad_norm``. Every ``save_every`` steps and at the end a ``checkpoint-<step>``
    folder gets the model, the tokenizer, ``trainer_state.json`` (step,
    epoch, hyperparameters, history) and ``optimizer.pt`` (optimizer, schedule and random
    states); the last ``keep_checkpoints`` are kept. With ``resume``, the latest checkpoint
    is continued exactly where it stopped (same batches, weights and schedule; the running
    loss average logged in the history restarts). ``stop_at_step`` ends the call after that step
    (with a checkpoint) as if interrupted, keeping the full run's schedule. The dev loss is
    computed after every epoch. The final model, tokenizer and state go to ``output_dir``.
    """
    import torch
    from transformers import get_linear_schedule_with_warmup

    output_dir = Path(output_dir)
    output_dir.mkdir(parents=True, exist_ok=True)
    train_rows, dev_rows = split_examples(examples, dev_fraction, split_seed)
    if not train_rows:
        raise TailorError("no training examples to train on")
    write_examples(train_rows, output_dir / "train.jsonl")
    write_examples(dev_rows, output_dir / "dev.jsonl")
    hyper = {
        "epochs": epochs,
        "batch_size": batch_size,
        "lr": lr,
        "ul_alpha": ul_alpha,
        "seed": seed,
        "train_examples": len(train_rows),
        "max_source_length": max_source_length,
        "max_target_length": max_target_length,
    }

    checkpoint = latest_checkpoint(output_dir) if resume else None
    state, model, tokenizer = _starting_point(checkpoint, hyper, model_dir_or_model, tokenizer)
    device = torch.device(device or ("cuda" if torch.cuda.is_available() else "cpu"))
    torch.manual_seed(seed)
    model.to(device)
    model.train()

    steps_per_epoch = math.ceil(len(train_rows) / batch_size)
    total = steps_per_epoch * epochs
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.0)
    scheduler = get_linear_schedule_with_warmup(optimizer, 0, total)
    if checkpoint is not None:
        _restore_states(checkpoint, optimizer, scheduler, device)

    step, history = state["step"], list(state["history"])
    epoch, done_in_epoch = state["epoch"], state["batch"]
    run = _RunningLoss()

    def record() -> dict[str, Any]:
        """The trainer state to save: the hyperparameters and where training stands."""
        return {
            **hyper,
            "step": step,
            "epoch": epoch,
            "batch": done_in_epoch,
            "steps_per_epoch": steps_per_epoch,
            "history": history,
        }

    saved_at = -1

    def checkpoint_now() -> None:
        nonlocal saved_at
        if saved_at == step:
            return
        saved_at = step
        _save(output_dir / f"checkpoint-{step}", model, tokenizer, record(), optimizer, scheduler)
        _prune_checkpoints(output_dir, keep_checkpoints)

    dev = next((h for h in reversed(history) if "dev_loss" in h), None)
    bar = progress_bar(
        total=total,
        initial=step,
        unit="step",
        desc="train-tailor",
        disable=not progress,
        file=sys.stderr,
    )
    stopped = False
    with bar:
        while epoch < epochs and not stopped:
            order = torch.randperm(
                len(train_rows), generator=torch.Generator().manual_seed(seed * 1000 + epoch)
            )
            for b in range(done_in_epoch, steps_per_epoch):
                batch = [
                    train_rows[i] for i in order[b * batch_size : (b + 1) * batch_size].tolist()
                ]
                loss, stats = _forward(
                    model, tokenizer, batch, ul_alpha, max_source_length, max_target_length, device
                )
                _optimize(model, optimizer, scheduler, loss, max_grad_norm)
                step, done_in_epoch = step + 1, b + 1
                run.add(stats)
                bar.update(1)
                if log_every and step % log_every == 0:
                    entry = _loss_entry(step, epoch, scheduler.get_last_lr()[0], run.means())
                    history.append(entry)
                    bar.set_postfix(loss=f"{entry['loss']:.3f}")
                    run = _RunningLoss()
                if stop_at_step is not None and step >= stop_at_step:
                    stopped = True
                    break
                if save_every and step % save_every == 0:
                    checkpoint_now()
            if stopped and done_in_epoch < steps_per_epoch:
                break
            if dev_rows:
                evaluation = evaluate(
                    model,
                    tokenizer,
                    dev_rows,
                    batch_size=batch_size,
                    ul_alpha=ul_alpha,
                    max_source_length=max_source_length,
                    max_target_length=max_target_length,
                    device=device,
                )
                dev = _dev_entry(epoch, step, evaluation)
                history.append(dev)
            epoch, done_in_epoch = epoch + 1, 0
    checkpoint_now()
    if epoch < epochs:  # stopped early
        log.info("stopped at step %d of %d; train again with resume to continue", step, total)
    else:
        _save(output_dir, model, tokenizer, record())
    dev_result = {k[4:]: v for k, v in dev.items() if k.startswith("dev_")} if dev else None
    return TrainResult(output_dir, step, epoch, len(train_rows), len(dev_rows), dev_result, history)


def _starting_point(checkpoint: Path | None, hyper: dict[str, Any], model_dir_or_model, tokenizer):
    """Where training starts: ``(state, model, tokenizer)`` of the start, or of ``checkpoint``
    when resuming (see :func:`_resume_state`)."""
    if checkpoint is None:
        start = {"step": 0, "epoch": 0, "batch": 0, "history": []}
        return (start, *_load(model_dir_or_model, tokenizer))
    return (_resume_state(checkpoint, hyper), *_load(checkpoint, None))


def _resume_state(checkpoint: Path, hyper: dict[str, Any]) -> dict[str, Any]:
    """The trainer state saved in ``checkpoint``, which must have been trained with the same
    batch size, seed and number of training examples."""
    state = json.loads((checkpoint / STATE_FILE).read_text(encoding="utf-8"))
    for key in ("batch_size", "seed", "train_examples"):
        if state.get(key) != hyper[key]:
            raise TailorError(
                f"cannot resume from {checkpoint}: it was trained with {key}={state.get(key)}, "
                f"this run has {key}={hyper[key]}; use another output folder or resume=False"
            )
    log.info("resuming from %s (step %d)", checkpoint, state["step"])
    return state


def _restore_states(checkpoint: Path, optimizer, scheduler, device) -> None:
    """Load the optimizer, schedule and random states that ``checkpoint`` saved."""
    import torch

    saved = torch.load(checkpoint / OPTIMIZER_FILE, map_location=device, weights_only=True)
    optimizer.load_state_dict(saved["optimizer"])
    scheduler.load_state_dict(saved["scheduler"])
    torch.random.set_rng_state(saved["torch_rng"])
    if saved.get("cuda_rng") is not None and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(saved["cuda_rng"])


def _save(where: Path, model, tokenizer, record: dict, optimizer=None, scheduler=None) -> None:
    """Save the model, the tokenizer and the trainer state ``record`` to ``where``; given the
    optimizer and its scheduler, also what resuming needs (their states and the random states)."""
    import torch

    where.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(where)
    tokenizer.save_pretrained(where)
    (where / STATE_FILE).write_text(json.dumps(record, indent=1), encoding="utf-8")
    if optimizer is None:
        return
    torch.save(
        {
            "optimizer": optimizer.state_dict(),
            "scheduler": scheduler.state_dict(),
            "torch_rng": torch.random.get_rng_state(),
            "cuda_rng": torch.cuda.get_rng_state_all() if torch.cuda.is_available() else None,
        },
        where / OPTIMIZER_FILE,
    )


def _prune_checkpoints(output_dir: Path, keep: int) -> None:
    """Delete all but the ``keep`` latest ``checkpoint-<step>`` folders."""
    old = sorted(
        (int(p.name.partition("-")[2]), p)
        for p in output_dir.glob("checkpoint-*")
        if p.name.partition("-")[2].isdigit()
    )
    for _, path in old[: max(0, len(old) - keep)]:
        shutil.rmtree(path, ignore_errors=True)


def _optimize(model, optimizer, scheduler, loss, max_grad_norm: float) -> None:
    """One optimizer and schedule step on ``loss``, gradients clipped at ``max_grad_norm``
    (not clipped when it is 0 or None)."""
    import torch

    loss.backward()
    if max_grad_norm:
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
    optimizer.step()
    scheduler.step()
    optimizer.zero_grad()


@dataclass
class _RunningLoss:
    """The training losses summed over the steps since the last history entry."""

    loss: float = 0.0
    mle: float = 0.0
    ul: float = 0.0
    n: int = 0

    def add(self, stats: dict[str, float]) -> None:
        self.loss += stats["loss"]
        self.mle += stats["mle"]
        self.ul += stats["ul"]
        self.n += 1

    def means(self) -> dict[str, float]:
        return {"loss": self.loss / self.n, "mle": self.mle / self.n, "ul": self.ul / self.n}


def _loss_entry(step: int, epoch: int, lr: float, means: dict[str, float]) -> dict[str, Any]:
    """The history entry (also logged) of the training losses averaged since the last one."""
    entry = {"step": step, "epoch": epoch, "lr": lr, **means}
    log.info(
        "step %d: loss %.4f (mle %.4f, ul %.4f)", step, entry["loss"], entry["mle"], entry["ul"]
    )
    return entry


def _dev_entry(epoch: int, step: int, evaluation: dict[str, float]) -> dict[str, Any]:
    """The history entry (also logged) of an epoch's dev evaluation."""
    log.info(
        "epoch %d: dev loss %.4f (mle %.4f, ul %.4f)",
        epoch,
        evaluation["loss"],
        evaluation["mle"],
        evaluation["ul"],
    )
    return {"epoch": epoch, "step": step, **{f"dev_{k}": v for k, v in evaluation.items()}}
