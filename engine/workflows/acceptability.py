"""Training data for the acceptability classifier, without human labels.

* **Seed samples**: the outputs of a Seam backend on any sentences with the plans asked for
  (acceptable by intent).
* **SNT samples**: rule-based corruptions of the seed outputs (:mod:`engine.accept.corrupt`),
  and Seam's own wrong-plan edits (another plan's output, unacceptable for this plan).
* The validation framework (:mod:`engine.accept.validation`) sorts them, and the survivors
  become :class:`~engine.accept.classifier.Example` s.
* :func:`read_cola` reads CoLA's TSV (source, label, original mark, sentence) as sentences
  judged alone.
"""

from __future__ import annotations

import csv
import random
from collections.abc import Sequence
from pathlib import Path

from ..accept.classifier import Example
from ..accept.corrupt import corrupt, wrong_plan
from ..accept.validation import DISCARDED, Sample, Sorted
from ..accept.validator import plan_text
from ..analyzers import SpacyAnalyzer
from ..pipeline import Transformer


def seed_samples(
    texts: Sequence[str],
    expressions: Sequence[str],
    backend: str = "surface",
    transformer=None,
    reference_backend: str | None = None,
    reference_transformer=None,
) -> list[Sample]:
    """The backend's changed ``ok`` outputs of every text under every expression.

    A seed's reference, which BLEU-VAL and ENT-VAL compare it with, is never the seed itself
    (it would vouch for every seed): it is the output of another backend for the same text and
    expression (``reference_backend``, e.g. ``erg``), a second opinion that a wrong seed
    seldom shares, or None (those validators then say nothing about the seed)."""

    transformer = transformer or Transformer(backend)
    texts, expressions = list(texts), list(expressions)
    records = transformer.run_texts(texts, expressions)
    references: list = [None] * len(records)
    if reference_backend or reference_transformer is not None:
        other = reference_transformer or Transformer(reference_backend)
        references = [
            r["best"] if r["status"] == "ok" else None for r in other.run_texts(texts, expressions)
        ]
    out = []
    for rec, ref in zip(records, references, strict=True):
        if rec["status"] == "ok" and rec["best"] and rec["best"] != rec["source"]:
            out.append(Sample(rec["source"], rec["transformation"], rec["best"], 1, "seed", ref))
    return out


def snt_samples(
    seeds: Sequence[Sample],
    methods: Sequence[str] | None = None,
    seed: int = 0,
    wrong_plans: bool = True,
    transformer=None,
    analyzer=None,
) -> list[Sample]:
    """Corruptions of each seed output (and wrong-plan edits of its source), unacceptable by
    intent."""

    if analyzer is None:
        analyzer = SpacyAnalyzer()
    outputs = list(dict.fromkeys(s.output for s in seeds))
    by_output = {s.output: s for s in seeds}
    out = []
    for c in corrupt(analyzer.analyze(outputs), methods, seed=seed):
        s = by_output[c.source]
        out.append(Sample(s.source, s.plan, c.text, 0, c.method, s.output))
    if wrong_plans:
        if transformer is None:
            transformer = Transformer("surface")
        for s in seeds:
            found = wrong_plan(
                s.source, s.plan, random.Random(f"{seed}\x00{s.source}\x00{s.plan}"), transformer
            )
            if found is not None:
                out.append(Sample(s.source, s.plan, found[0], 0, "wrong_plan", s.output))
    return out


def examples(sorted_samples: Sequence[Sorted]) -> list[Example]:
    """The samples the validation framework kept, as training examples."""
    return [
        Example(
            r.sample.source, plan_text(r.sample.plan), r.sample.output, int(r.label == "acceptable")
        )
        for r in sorted_samples
        if r.label != DISCARDED
    ]


def read_cola(path: str | Path) -> list[Example]:
    """CoLA's TSV (no header: source, label, original mark, sentence), sentences judged alone."""
    out = []
    with open(path, encoding="utf-8", newline="") as fh:
        for row in csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
            if len(row) >= 4 and row[1] in ("0", "1"):
                out.append(Example("", "", row[3].strip(), int(row[1])))
    return out
