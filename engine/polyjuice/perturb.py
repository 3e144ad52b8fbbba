"""Open-ended counterfactuals, Polyjuice's way: codes x blanked sentences -> prompts ->
generations -> filters -> a diverse selection (what ``seam perturb`` runs).

For each sentence, every requested code is combined with every blanked sentence: those given,
else three placed from the dependency parse (:func:`~engine.polyjuice.blanks.random_blanks`).
All prompts of all sentences go through the generator in one call. A perturbation is kept when
it reads back, differs from the sentence (case aside), has not been seen before, and, with
``filter_code``, is detected as the code it was asked for. With an ``lm`` it must also pass
the fluency filter: neither the sentence nor the edited phrase more than ``max_drop`` nats less
likely. :func:`select_diverse` then keeps ``num`` perturbations, greedily, each one the furthest
on average from those already kept.

Distances follow the original: 0 for the same code and the same changed words, 0.5 for the
same code, else nearly 1. Two of the original's faults are fixed: its first pick came from a
NaN mean, and asking for more items than there are raised an error.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from ..analyzers import SpacyAnalyzer
from ..rank.causal import CausalLM
from ..rank.deltas import deltas
from .blanks import random_blanks
from .detect import detect
from .format import prompt
from .generator import SAMPLING, Decoding


def _changed(a: str, b: str) -> frozenset[str]:
    x, y = a.lower().split(), b.lower().split()
    out = set()
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=x, b=y, autojunk=False).get_opcodes():
        if op != "equal":
            out.update(x[i1:i2])
            out.update(y[j1:j2])
    return frozenset(out)


def select_diverse(items: Sequence[dict], num: int) -> list[dict]:
    """Up to ``num`` items (dicts with ``code`` and ``changed``), greedily most diverse."""
    if num >= len(items):
        return list(items)

    def distance(p: dict, q: dict) -> float:
        if p["code"] == q["code"]:
            return 0.0 if p["changed"] == q["changed"] else 0.5
        return 1.0 - 1e-4

    chosen = [0] if items else []
    while len(chosen) < num:
        rest = [k for k in range(len(items)) if k not in chosen]
        best = max(
            rest,
            key=lambda k: (sum(distance(items[k], items[c]) for c in chosen) / len(chosen), -k),
        )
        chosen.append(best)
    return [items[k] for k in chosen]


class Perturber:
    def __init__(
        self,
        generator,
        analyzer=None,
        lm: str | None = None,
        max_drop: float = 10.0,
        decoding: Decoding = SAMPLING,
        seed: int = 0,
        batch_size: int = 32,
    ):
        if analyzer is None:
            analyzer = SpacyAnalyzer()
        self.generator = generator
        self.analyzer = analyzer
        self.lm = None
        if lm:
            self.lm = CausalLM(lm)
        self.max_drop = max_drop
        self.decoding = decoding
        self.seed = seed
        self.batch_size = batch_size

    def perturb(
        self,
        texts: Sequence[str],
        codes: Sequence[str],
        blanks: Sequence[str] | None = None,
        *,
        num: int = 3,
        filter_code: bool = True,
    ) -> list[dict]:
        """For each text: ``{"perturbations": [{text, code, detected, blanked}], "dropped": n}``."""
        analyses = self.analyzer.analyze(list(texts))
        jobs: list[tuple[int, str, str]] = []  # (text index, code, blanked)
        for k, a in enumerate(analyses):
            for blanked in list(blanks) if blanks else random_blanks(a, seed=self.seed):
                jobs.extend((k, code, blanked) for code in codes)
        prompts = [prompt(texts[k], code, blanked) for k, code, blanked in jobs]
        completions = self.generator.complete(
            prompts, self.decoding, batch_size=self.batch_size, seed=self.seed
        )
        found: list[list[dict]] = [[] for _ in texts]
        dropped = [0] * len(texts)
        seen: list[set[str]] = [{t.strip().lower()} for t in texts]
        candidates = []
        for (k, code, blanked), cs in zip(jobs, completions, strict=True):
            for c in cs:
                if c.text is None or c.text.strip().lower() in seen[k]:
                    dropped[k] += 1
                    continue
                seen[k].add(c.text.strip().lower())
                candidates.append((k, code, blanked, c.text))
        outs = list(dict.fromkeys(t for *_, t in candidates))
        parsed = dict(zip(outs, self.analyzer.analyze(outs), strict=True)) if outs else {}
        worst = {}
        if self.lm is not None and candidates:
            ds = deltas(self.lm, [texts[k] for k, *_ in candidates], [t for *_, t in candidates])
            worst = {(k, t): d.worst for (k, _, _, t), d in zip(candidates, ds, strict=True)}
        for k, code, blanked, text in candidates:
            got = detect(analyses[k], parsed[text])
            if (filter_code and got != code) or worst.get((k, text), 0.0) > self.max_drop:
                dropped[k] += 1
                continue
            found[k].append(
                {
                    "text": text,
                    "code": code,
                    "detected": got,
                    "blanked": blanked,
                    "changed": _changed(texts[k], text),
                }
            )
        results = []
        for k in range(len(texts)):
            chosen = select_diverse(found[k], num)
            results.append(
                {
                    "perturbations": [
                        {key: v for key, v in p.items() if key != "changed"} for p in chosen
                    ],
                    "dropped": dropped[k] + len(found[k]) - len(chosen),
                }
            )
        return results
