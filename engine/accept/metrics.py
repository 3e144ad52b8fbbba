"""Scores of an acceptability classifier, as the paper reports them: precision and recall per
class, macro-F1 with a bootstrap standard deviation, Matthews correlation (CoLA's measure),
McNemar's test between two classifiers on the same items, and the threshold that maximizes
macro-F1 on held-out scores.

Labels are 1 (acceptable) and 0 (unacceptable).

>>> s = scores([1, 1, 0, 0], [1, 0, 0, 0])
>>> s["precision_1"], s["recall_1"], round(s["macro_f1"], 3)
(1.0, 0.5, 0.733)
>>> mcnemar([1] * 6, [1] * 6, [0, 0, 0, 0, 0, 1])
{'b01': 5, 'b10': 0, 'p_value': 0.0625}
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence


def _prf(gold: Sequence[int], pred: Sequence[int], label: int) -> tuple[float, float, float]:
    tp = sum(g == label and p == label for g, p in zip(gold, pred, strict=True))
    fp = sum(g != label and p == label for g, p in zip(gold, pred, strict=True))
    fn = sum(g == label and p != label for g, p in zip(gold, pred, strict=True))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def macro_f1(gold: Sequence[int], pred: Sequence[int]) -> float:
    return (_prf(gold, pred, 0)[2] + _prf(gold, pred, 1)[2]) / 2


def matthews(gold: Sequence[int], pred: Sequence[int]) -> float:
    tp = sum(g == 1 and p == 1 for g, p in zip(gold, pred, strict=True))
    tn = sum(g == 0 and p == 0 for g, p in zip(gold, pred, strict=True))
    fp = sum(g == 0 and p == 1 for g, p in zip(gold, pred, strict=True))
    fn = sum(g == 1 and p == 0 for g, p in zip(gold, pred, strict=True))
    denom = math.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    return (tp * tn - fp * fn) / denom if denom else 0.0


def scores(gold: Sequence[int], pred: Sequence[int], bootstrap: int = 0, seed: int = 0) -> dict:
    """Per-class precision/recall/F1, macro-F1, accuracy and MCC; with ``bootstrap`` resamples,
    the standard deviation of macro-F1 too."""
    out: dict = {"n": len(gold)}
    for label in (1, 0):
        p, r, f = _prf(gold, pred, label)
        out.update(
            {
                f"precision_{label}": round(p, 4),
                f"recall_{label}": round(r, 4),
                f"f1_{label}": round(f, 4),
            }
        )
    out["macro_f1"] = round(macro_f1(gold, pred), 4)
    out["accuracy"] = (
        round(sum(g == p for g, p in zip(gold, pred, strict=True)) / len(gold), 4) if gold else 0.0
    )
    out["mcc"] = round(matthews(gold, pred), 4)
    if bootstrap and gold:
        rng = random.Random(seed)
        n = len(gold)
        values = []
        for _ in range(bootstrap):
            idx = [rng.randrange(n) for _ in range(n)]
            values.append(macro_f1([gold[i] for i in idx], [pred[i] for i in idx]))
        mean = sum(values) / len(values)
        out["macro_f1_std"] = round(
            math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1)), 4
        )
    return out


def mcnemar(gold: Sequence[int], pred_a: Sequence[int], pred_b: Sequence[int]) -> dict:
    """McNemar's exact test: do classifiers a and b err on different items more often than
    chance allows? ``b01``: a right and b wrong; ``b10``: a wrong and b right; the two-sided
    p-value of the binomial test on the discordant items."""
    right_a = [g == p for g, p in zip(gold, pred_a, strict=True)]
    right_b = [g == p for g, p in zip(gold, pred_b, strict=True)]
    b01 = sum(a and not b for a, b in zip(right_a, right_b, strict=True))
    b10 = sum(b and not a for a, b in zip(right_a, right_b, strict=True))
    n = b01 + b10
    if n == 0:
        return {"b01": 0, "b10": 0, "p_value": 1.0}
    k = min(b01, b10)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return {"b01": b01, "b10": b10, "p_value": min(1.0, 2 * tail)}


def best_threshold(gold: Sequence[int], probs: Sequence[float]) -> float:
    """The threshold on P(acceptable) that maximizes macro-F1 (ties: the one nearest 0.5)."""
    candidates = sorted(set(probs)) or [0.5]
    cuts = (
        [0.5]
        + [(a + b) / 2 for a, b in zip(candidates, candidates[1:], strict=False)]
        + [candidates[0] - 1e-9]
    )
    best = max(cuts, key=lambda t: (macro_f1(gold, [int(p >= t) for p in probs]), -abs(t - 0.5)))
    return float(best)
