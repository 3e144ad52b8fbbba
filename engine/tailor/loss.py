"""The TAILOR training loss.

**Loss** (:func:`tailor_loss`): MLE over the target tokens of positive rows plus ``ul_alpha``
times the unlikelihood ``-log(1 - p(y_t))`` over *all* target tokens of negative rows, as the
released checkpoint was trained (Welleck et al.'s per-token candidate variant is defined in
TAILOR's code but not used).

>>> import torch
>>> logits = torch.zeros(2, 3, 5)  # uniform: p(y) = 1/5 everywhere
>>> labels = torch.tensor([[1, 2, -100], [3, 4, 1]])
>>> loss, stats = tailor_loss(logits, labels, torch.tensor([1, -1]))
>>> round(stats["mle"], 4), round(stats["ul"], 4)  # log 5, -log(4/5)
(1.6094, 0.2231)
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import torch


log = logging.getLogger(__name__)

__doctest_requires__ = ("torch",)  # the examples' imports (engine/conftest.py skips them without)

IGNORE_INDEX = -100  # label id of padding in the targets (Hugging Face's convention)


def tailor_loss(
    logits: torch.Tensor,
    labels: torch.Tensor,
    rewards: torch.Tensor,
    ul_alpha: float = 1.0,
    *,
    min_prob: float = 1e-20,
) -> tuple[torch.Tensor, dict[str, float]]:
    """TAILOR's loss: MLE over positive rows plus ``ul_alpha`` times unlikelihood over negative
    rows.

    ``logits`` is (batch, length, vocab), ``labels`` (batch, length) with
    :data:`IGNORE_INDEX` on padding, ``rewards`` (batch,): rows with reward >= 0 are positive.
    MLE is the mean of ``-log p(y_t)`` over the target tokens of positive rows; unlikelihood
    the mean of ``-log(clamp(1 - p(y_t), min=min_prob))`` over all target tokens of negative
    rows (TAILOR clamps at 1e-20, 1e-6 under fp16). A batch with no positive (or no negative)
    token has MLE (or unlikelihood) 0, never NaN. ``stats`` holds the floats ``loss``, ``mle``,
    ``ul``, ``negative_nll`` (the mean ``-log p(y_t)`` of negative tokens) and the token and row
    counts.
    """
    import torch

    logp = torch.log_softmax(logits.float(), dim=-1)
    mask = labels != IGNORE_INDEX
    token_logp = logp.gather(-1, labels.clamp(min=0).unsqueeze(-1)).squeeze(-1)
    positive_rows = (rewards >= 0).to(mask.device)
    pos = mask & positive_rows.unsqueeze(-1)
    neg = mask & ~positive_rows.unsqueeze(-1)
    n_pos, n_neg = int(pos.sum()), int(neg.sum())
    zero = logits.sum() * 0.0  # keeps the graph (and the device) when a part is empty
    mle = -(token_logp * pos).sum() / n_pos if n_pos else zero
    if n_neg:
        one_minus = torch.clamp(1.0 - token_logp.exp(), min=min_prob)
        ul = -(one_minus.log() * neg).sum() / n_neg
        negative_nll = float(-(token_logp.detach() * neg).sum() / n_neg)
    else:
        ul, negative_nll = zero, 0.0
    loss = mle + ul_alpha * ul
    stats = {
        "loss": float(loss.detach()),
        "mle": float(mle.detach()),
        "ul": float(ul.detach()),
        "negative_nll": negative_nll,
        "positive_tokens": n_pos,
        "negative_tokens": n_neg,
        "positive_rows": int(positive_rows.sum()),
        "negative_rows": int((~positive_rows).sum()),
    }
    return loss, stats
