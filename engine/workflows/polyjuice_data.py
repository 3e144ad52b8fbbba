"""Polyjuice training pairs made by Seam's own backends: each changed ``ok`` output of a
transformation, with the code :data:`engine.polyjuice.train.SEAM_CODES` gives it, and the
quantifier swaps of :func:`engine.polyjuice.train.quantifier_pairs`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..ir import Analysis
from ..pipeline import Transformer
from ..polyjuice.train import SEAM_CODES, Pair, quantifier_pairs


def seam_pairs(
    texts: Sequence[str],
    backend: str = "surface",
    transformations: Iterable[str] = SEAM_CODES,
    quantifiers: bool = True,
) -> list[Pair]:
    """Pairs made by Seam's own transformations (changed ``ok`` outputs), with their codes,
    and (``quantifiers``) :func:`quantifier_pairs`."""
    transformer = Transformer(backend)
    out = []
    if quantifiers:
        analyses = [a for a in transformer.analyze_texts(list(texts)) if isinstance(a, Analysis)]
        out.extend(quantifier_pairs(analyses))
    for expr in transformations:
        for rec in transformer.run_texts(list(texts), expr):
            if rec["status"] == "ok" and rec["best"] and rec["best"] != rec["source"]:
                out.append(Pair(rec["source"], rec["best"], SEAM_CODES[expr]))
    return out
