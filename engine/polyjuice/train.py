"""Training data in Polyjuice's format, from pairs with a known code, and fine-tuning.

:func:`example` turns a pair (x, x̂) and its code into one training text. x̂ with each edited
region (a difflib op over the tokens) replaced by ``[BLANK]`` is the blanked sentence. x̂'s
words in that region are the answer; ``[EMPTY]`` marks a deletion. These are the minimal blanks
of the edit. The original blanked the edit with some context around it, and that is
:func:`example`'s ``widen``.

:data:`SEAM_CODES` gives the code of each of Seam's transformations: ``negate`` -> negation;
``tense``/``passive`` -> restructure; ``swap`` -> shuffle; ``shorten`` -> delete; and a
quantifier or number word swapped for another (:func:`quantifier_pairs`) -> quantifier. The
pairs themselves are made by a backend in :func:`engine.workflows.polyjuice_data.seam_pairs`.
:func:`fine_tune` is a plain causal-LM fine-tuning loop (AdamW, seeded, length-planned
batches).
"""

from __future__ import annotations

import difflib
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..analyzers import SpacyAnalyzer
from ..batching import plan_batches
from ..ir import Analysis
from ..resources import save_checkpoint
from .format import BLANK, check_code, training_text

log = logging.getLogger(__name__)

# Seam transformation -> the Polyjuice code of its edits
SEAM_CODES = {
    "negate": "negation",
    "tense(past)": "restructure",
    "tense(fut)": "restructure",
    "passive": "restructure",
    "swap": "shuffle",
    "shorten(AGENT)": "delete",
    "shorten(PATIENT)": "delete",
}


@dataclass(frozen=True)
class Pair:
    original: str
    perturbed: str
    code: str


def example(a: Analysis, b: Analysis, code: str, widen: int = 0) -> str | None:
    """The training text for the pair (a, b) with ``code``, or None if they are equal.
    ``widen``: words of context each blank also takes on both sides."""
    check_code(code)
    ta, tb = a.sentence.tokens, b.sentence.tokens
    ops = [
        op
        for op in difflib.SequenceMatcher(
            a=[t.text for t in ta], b=[t.text for t in tb], autojunk=False
        ).get_opcodes()
        if op[0] != "equal"
    ]
    if not ops:
        return None
    regions: list[list[int]] = []
    for _, _, _, j1, j2 in ops:
        start, end = max(0, j1 - widen), min(len(tb), j2 + widen)
        if regions and start <= regions[-1][1]:
            regions[-1][1] = max(regions[-1][1], end)
        else:
            regions.append([start, end])
    parts: list[str] = []
    answers: list[str] = []
    i = 0
    for start, end in regions:
        parts.append("".join(t.text + t.whitespace for t in tb[i:start]))
        answers.append("".join(t.text + t.whitespace for t in tb[start:end]).strip())
        tail = tb[end - 1].whitespace if end > start else " "
        parts.append(BLANK + tail)
        i = end
    parts.append("".join(t.text + t.whitespace for t in tb[i:]))
    blanked = "".join(parts).strip()
    return training_text(a.text, code, blanked, answers)


# a quantifier or number word -> another one (the quantifier code's training pairs)
QUANTIFIER_SWAPS = {
    "two": "three",
    "three": "four",
    "four": "two",
    "five": "six",
    "six": "five",
    "some": "several",
    "several": "some",
    "many": "few",
    "few": "many",
    "all": "most",
    "most": "all",
}


def quantifier_pairs(analyses: Sequence[Analysis]) -> list[Pair]:
    """Pairs with the code ``quantifier``: the first quantifier or number word determining a
    noun is swapped for another (*Two dogs run* -> *Three dogs run*). The a/some -> no rule
    is not used: *no* is a negation cue too, and the original's rule order calls that edit
    negation."""
    out = []
    for a in analyses:
        tokens = a.sentence.tokens
        for t in tokens:
            new = QUANTIFIER_SWAPS.get(t.text.lower())
            if (
                new
                and t.dep in ("nummod", "det", "amod")
                and 0 <= t.head < len(tokens)
                and tokens[t.head].pos == "NOUN"
            ):
                new = new.capitalize() if t.text[0].isupper() else new
                text = "".join(
                    (new if u.i == t.i else u.text) + u.whitespace for u in tokens
                ).strip()
                out.append(Pair(a.text, text, "quantifier"))
                break
    return out


def examples(pairs: Sequence[Pair], analyzer=None, widen: int = 0) -> list[str]:
    """Training texts for pairs (each distinct sentence analyzed once)."""
    if analyzer is None:
        analyzer = SpacyAnalyzer()
    texts = list(dict.fromkeys(t for p in pairs for t in (p.original, p.perturbed)))
    analyses = dict(zip(texts, analyzer.analyze(texts), strict=True)) if texts else {}
    out = [example(analyses[p.original], analyses[p.perturbed], p.code, widen) for p in pairs]
    return [e for e in out if e is not None]


def fine_tune(
    model_dir: str | Path,
    texts: Sequence[str],
    out_dir: str | Path,
    *,
    epochs: int = 1,
    lr: float = 5e-5,
    batch_size: int = 8,
    seed: int = 0,
    device: str | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> list[float]:
    """Fine-tune a causal LM on ``texts`` and save it (and its tokenizer) to ``out_dir``.
    Returns the loss of every step."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(model_dir, local_files_only=True)
    model = AutoModelForCausalLM.from_pretrained(model_dir, local_files_only=True)
    if tokenizer.pad_token_id is None:
        tokenizer.pad_token = tokenizer.eos_token
    tokenizer.padding_side = "right"
    dev = (
        torch.device(device)
        if device
        else torch.device("cuda" if torch.cuda.is_available() else "cpu")
    )
    model.to(dev).train()
    torch.manual_seed(seed)
    rng = random.Random(seed)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    lengths = [len(tokenizer(t)["input_ids"]) for t in texts]
    order = sorted(range(len(texts)), key=lambda i: (lengths[i], i))
    batches = [order[s:e] for s, e in plan_batches([lengths[i] for i in order], batch_size)]
    losses: list[float] = []
    for _ in range(epochs):
        rng.shuffle(batches)
        for idx in batches:
            enc = tokenizer([texts[i] for i in idx], return_tensors="pt", padding=True).to(dev)
            labels = enc["input_ids"].clone()
            labels[enc["attention_mask"] == 0] = -100
            loss = model(**enc, labels=labels).loss
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            if progress:
                progress(len(losses), losses[-1])
    model.eval()
    save_checkpoint(model, tokenizer, out_dir)
    return losses
