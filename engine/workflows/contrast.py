"""Compositional NLI contrast sets: the pipeline behind ``seam contrast``.

Every input pair (``premise``, ``hypothesis``, ``label``, ``id``) is transformed by every
pair expression (``p;f``, ``m;o``, ``p;f +pa``, ...): the premise by the left side, the
hypothesis by the right, with one backend opened once. Each (input pair, expression,
alternative) gives exactly one record::

    {"id": "<original id>/<pair>", "original_id", "pair", "premise_transformation",
     "hypothesis_transformation", "original": {"premise", "hypothesis", "label"},
     "premise", "hypothesis", "label", "rule", "via", "label_reason", "label_map",
     "reversed", "backend", "status", "reason"}

``status`` is ``ok`` (both sides realized and a label inferred), ``no_label`` (realized, but
no rule decides: ``label`` is ``unknown``), ``incompatible`` (the expression cannot be
realized, see ``rules/algebra.toml``), ``error`` (a bad input line), or the status of the
side that failed (``not_applicable``, ``no_parse``, ...). ``label_map`` gives the label the
rules infer for each possible original label; ``seam nli-metrics`` uses it for LIT's
consistency.

>>> builder = ContrastBuilder(pairs=["p;f", "pa;pa"])
>>> pair = ("A man is eating an apple.", "A man is eating a fruit.", "entailment")
>>> recs = builder.run_pairs([pair])
>>> [(r["hypothesis"], r["label"], r["rule"]) for r in recs]  # doctest: +NORMALIZE_WHITESPACE
[('A man will be eating a fruit.', 'neutral', 'lit-1a'),
 ('A fruit is being eaten by a man.', 'entailment', 'lit-4')]

One module, over 400 lines: reading pairs, realizing both sides in one backend call per
sentence, inferring the label and summarizing are the stages of one record type
(:class:`~engine.results.ContrastRecord`); :class:`ContrastBuilder` is most of it.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import IncompatibleError, InputError, RecordError, SeamError
from ..ir import Analysis
from ..jsonl import fingerprint, lines, load_object, record_id, valid_unicode
from ..nli.labels import LABELS, UNKNOWN, LabelRules, original_features
from ..pipeline import DEFAULT_MAX_CHARS, Transformer, check_text
from ..polyjuice.detect import detect_texts
from ..results import (
    ERROR,
    INCOMPATIBLE,
    NO_LABEL,
    NO_REALIZATION,
    NOT_APPLICABLE,
    OK,
    ContrastRecord,
    Realization,
)
from ..select import ToJudge
from ..transforms import EditPlan, Pair, Transformation, parse_pair

log = logging.getLogger(__name__)

# LIT's Table 2 (Li et al. 2020): the pair set `seam contrast` uses by default.
LIT_PAIRS = ("p;f", "f;p", "m;o", "i;i", "pa;pa", "p;f +i", "p;f +pa", "f;p +i", "f;p +pa")
# Named sets of pair expressions, usable wherever pair expressions are given. ``balanced``
# puts the pairs that keep the original label (both sides in one time, clefts, passives)
# beside those that move it to neutral (different times, a mere possibility), so that no
# label is a constant answer (see docs/nli.md, "a set a model cannot game").
PAIR_SETS = {
    "lit": LIT_PAIRS,
    "balanced": ("p;f", "f;p", "m;o", "i;i", "pa;pa", "p;p", "f;f"),
}


def expand_pair_sets(pairs: Sequence[str | Pair]) -> list[str | Pair]:
    """``pairs`` with each name of :data:`PAIR_SETS` replaced by its expressions."""
    out: list[str | Pair] = []
    for p in pairs:
        out.extend(PAIR_SETS[p] if isinstance(p, str) and p in PAIR_SETS else (p,))
    return out


# Field names tried in order when the configured one is absent (SNLI/MNLI release names).
FALLBACK_FIELDS = {
    "premise": ("sentence1",),
    "hypothesis": ("sentence2",),
    "label": ("gold_label",),
    "id": ("pairID", "uid"),
}


@dataclass(frozen=True)
class PairInput:
    """One input line: an NLI pair, or the reason it cannot be used."""

    id: str
    premise: str | None
    hypothesis: str | None
    label: str | None
    line: int
    error: str | None = None
    fingerprint: str | None = None  # of the input line (engine.jsonl.fingerprint), for --resume
    extra: dict | None = None  # the line's other fields, carried into its records


def _field(obj: dict, name: str, role: str):
    if name in obj:
        return obj[name]
    for alt in FALLBACK_FIELDS.get(role, ()) if name == role else ():
        if alt in obj:
            return obj[alt]
    return None


def parse_pair_line(raw: str, lineno: int, fields: dict[str, str] | None = None) -> PairInput:
    """One JSONL line -> :class:`PairInput` (``error`` set when the line is unusable)."""
    f = {
        "premise": "premise",
        "hypothesis": "hypothesis",
        "label": "label",
        "id": "id",
        **(fields or {}),
    }
    fp = fingerprint(raw)
    if not raw.strip():
        return PairInput(
            str(lineno), None, None, None, lineno, f"line {lineno}: blank line (no record)", fp
        )
    obj, error = load_object(raw, lineno)
    if obj is None:
        return PairInput(str(lineno), None, None, None, lineno, error, fp)
    rid = record_id(_field(obj, f["id"], "id"), str(lineno))
    values = {}
    for role in ("premise", "hypothesis"):
        value = _field(obj, f[role], role)
        if not isinstance(value, str):
            found = "missing" if value is None else f"got {type(value).__name__}"
            return PairInput(
                rid,
                None,
                None,
                None,
                lineno,
                f"line {lineno}: field '{f[role]}' must be a string ({found})",
                fp,
            )
        if not valid_unicode(value):
            return PairInput(
                rid,
                None,
                None,
                None,
                lineno,
                f"line {lineno}: field '{f[role]}' has an unpaired surrogate (not valid Unicode)",
                fp,
            )
        values[role] = value
    label = _field(obj, f["label"], "label")
    label = None if label is None else record_id(label, "")
    used = {f[role] for role in f} | {alt for role in f for alt in FALLBACK_FIELDS.get(role, ())}
    extra = {k: v for k, v in obj.items() if k not in used} or None
    return PairInput(
        rid, values["premise"], values["hypothesis"], label, lineno, fingerprint=fp, extra=extra
    )


def read_pairs(path: str | Path, fields: dict[str, str] | None = None) -> Iterator[PairInput]:
    """Yield one :class:`PairInput` per line of a JSONL file (a blank or broken line is an
    input with ``error`` set: every line yields its records)."""
    for lineno, raw in lines(path):
        yield parse_pair_line(raw, lineno, fields)


@dataclass(frozen=True)
class _Variant:
    """One (premise, hypothesis) alternative of a pair expression, normalized."""

    pair: str  # the expression as written
    key: str  # record id suffix
    premise: Transformation
    hypothesis: Transformation
    plans: tuple[EditPlan, EditPlan] | None
    incompatible: str = ""


def variants(expressions: Sequence[str | Pair]) -> list[_Variant]:
    """Parse pair expressions into their alternatives (``ExpressionError`` on a bad one)."""
    out: list[_Variant] = []
    for expr in expressions:
        name = expr if isinstance(expr, str) else str(expr)
        alternatives = parse_pair(expr).alternatives()
        for k, (p, h) in enumerate(alternatives, start=1):
            key = name if len(alternatives) == 1 else f"{name}#{k}"
            try:
                out.append(_Variant(name, key, p, h, (p.plan(), h.plan())))
            except IncompatibleError as exc:
                out.append(_Variant(name, key, p, h, None, str(exc)))
    if not out:
        raise SeamError("no transformation pairs given; e.g. --pairs 'p;f' 'pa;pa'")
    return out


class ContrastBuilder:
    """Builds contrast records with one backend and one label rule set, both opened once."""

    def __init__(
        self,
        backend="surface",
        pairs: Sequence[str | Pair] = LIT_PAIRS,
        label_rules: LabelRules | Sequence[str | Path] | None = None,
        max_chars: int = DEFAULT_MAX_CHARS,
        batch_size: int = 64,
        edit_codes: bool = False,
        **backend_options,
    ):
        self.variants = variants(expand_pair_sets(pairs))
        self.edit_codes = edit_codes  # add each side's Polyjuice code (engine.polyjuice.detect)
        self.transformer = Transformer(
            backend, max_chars=max_chars, batch_size=batch_size, **backend_options
        )
        if isinstance(label_rules, LabelRules):
            self.rules = label_rules
        else:
            self.rules = LabelRules.load(label_rules)
        self.batch_size = batch_size

    @property
    def backend_name(self) -> str:
        return self.transformer.backend.name

    @property
    def per_item(self) -> int:
        """Records per input pair: one per pair alternative."""
        return len(self.variants)

    def record_ids(self, original_id: str) -> list[str]:
        return [f"{original_id}/{v.key}" for v in self.variants]

    def run_pairs(
        self, pairs: Sequence[tuple[str, str, str]], ids: Sequence[str] | None = None
    ) -> list[dict]:
        """Contrast records for ``(premise, hypothesis, label)`` tuples."""
        ids = list(ids) if ids is not None else [str(k) for k in range(1, len(pairs) + 1)]
        inputs = [
            PairInput(i, p, h, lab, k + 1)
            for k, (i, (p, h, lab)) in enumerate(zip(ids, pairs, strict=True))
        ]
        return list(self.run(inputs))

    def item_keys(self, item: PairInput) -> list[tuple]:
        """The resume keys of the records one input yields (one per pair alternative)."""
        return [(rid,) for rid in self.record_ids(item.id)]

    @staticmethod
    def record_key(record: dict) -> tuple:
        """A written record's resume key."""
        return (record.get("id"),)

    def run(
        self, inputs: Iterable[PairInput], skip: Mapping[tuple, int] | None = None
    ) -> Iterator[dict]:
        """Yield output records as JSON objects (:meth:`records`, each as it is written)."""
        return (r.to_json() for r in self.records(inputs, skip))

    def records(
        self, inputs: Iterable[PairInput], skip: Mapping[tuple, int] | None = None
    ) -> Iterator[ContrastRecord]:
        """Yield typed records batch by batch, in input order then pair order. ``skip`` counts the
        record keys (``(id,)``) already written (resume): inputs sharing an id are each skipped
        once per record written, the first ones in input order, so none is lost."""
        left = Counter(skip) if skip else Counter()
        batch: list[tuple[PairInput, set[str]]] = []
        for item in inputs:
            done = set()
            for (rid,) in self.item_keys(item):
                if left[(rid,)] > 0:
                    left[(rid,)] -= 1
                    done.add(rid)
            batch.append((item, done))
            if len(batch) >= self.batch_size:
                yield from self._batch(batch)
                batch = []
        if batch:
            yield from self._batch(batch)

    # -- internals ---------------------------------------------------------------------------
    def _batch(self, batch: list[tuple[PairInput, set[str]]]) -> Iterator[ContrastRecord]:
        todo = [(x, done) for x, done in batch if any(i not in done for i in self.record_ids(x.id))]
        problems = {x.line: self._problem(x) for x, _ in todo}
        texts = sorted(
            {t for x, _ in todo if problems[x.line] is None for t in (x.premise, x.hypothesis)}
        )
        by_text = dict(zip(texts, self.transformer.analyze_texts(texts), strict=True))
        # every plan each distinct sentence needs, realized in one backend call per sentence
        needed: dict[str, list[EditPlan]] = {}
        for x, _ in todo:
            if problems[x.line] is not None:
                continue
            for v in self.variants:
                if v.plans is None:
                    continue
                for text, plan in ((x.premise, v.plans[0]), (x.hypothesis, v.plans[1])):
                    if plan not in needed.setdefault(text, []):
                        needed[text].append(plan)
        realized: dict[tuple[str, EditPlan], Realization] = {}
        for text, plans in needed.items():
            analysis = by_text[text]
            if isinstance(analysis, Realization):  # the analysis failed: its error, for every plan
                results = [analysis] * len(plans)
            else:
                results = self.transformer.realize(analysis, plans, text)
            realized.update({(text, p): r for p, r in zip(plans, results, strict=True)})
        selector = self.transformer.selector
        if selector is not None:  # validate and rank every candidate of the batch at once
            keys = list(realized)
            entries = [
                ToJudge(
                    text,
                    realized[(text, plan)],
                    (plan,) * len(realized[(text, plan)].candidates),
                    by_text[text] if not isinstance(by_text[text], Realization) else None,
                )
                for text, plan in keys
            ]
            realized = dict(zip(keys, selector.apply(entries), strict=True))
        records = [
            self._record(x, v, rid, problems[x.line], by_text, realized)
            for x, done in todo
            for v, rid in zip(self.variants, self.record_ids(x.id), strict=True)
            if rid not in done
        ]
        if self.edit_codes:
            self._add_edit_codes(records)
        yield from records

    @staticmethod
    def _add_edit_codes(records: list[ContrastRecord]) -> None:
        """Each realized side's Polyjuice code (original sentence -> new sentence), so symbolic
        and neural contrast sets are described in one vocabulary; one batch for the batch."""

        pairs = [
            (rec.original[side], new)
            for rec in records
            if rec.sides
            for side, new in rec.sides.items()
        ]
        codes = iter(detect_texts(pairs)) if pairs else iter(())
        for rec in records:
            if rec.sides:
                rec.edit_codes = {side: next(codes) for side in rec.sides}

    def _problem(self, x: PairInput) -> Realization | None:
        if x.error:
            return Realization(ERROR, x.error, code=RecordError.code)
        for side, text in (("premise", x.premise), ("hypothesis", x.hypothesis)):
            problem = check_text(text, self.transformer.max_chars)
            if problem:
                return Realization(ERROR, f"{side}: {problem}", code=InputError.code)
        return None

    def _record(
        self,
        x: PairInput,
        v: _Variant,
        rid: str,
        problem: Realization | None,
        by_text: dict[str, Analysis | Realization],
        realized: dict,
    ) -> ContrastRecord:
        rec = ContrastRecord(
            rid,
            x.id,
            v.pair,
            str(v.premise),
            str(v.hypothesis),
            {"premise": x.premise, "hypothesis": x.hypothesis, "label": x.label},
            self.backend_name,
            fingerprint=x.fingerprint,
            fields=x.extra,
        )
        if problem is not None:
            rec.status, rec.reason, rec.code = ERROR, problem.reason, problem.code
            return rec
        if v.plans is None:
            rec.status, rec.reason = INCOMPATIBLE, v.incompatible
            return rec
        sides_in = (("premise", x.premise, v.plans[0]), ("hypothesis", x.hypothesis, v.plans[1]))
        if self.transformer.selector is not None:  # each side's candidates, scores and verdicts
            rec.candidates = {
                side: [c.to_dict() for c in realized[(text, plan)].candidates]
                for side, text, plan in sides_in
            }
            rec.rejected = {
                side: [c.to_dict() for c in realized[(text, plan)].rejected]
                for side, text, plan in sides_in
            }
        sides = {}
        for side, text, plan in sides_in:
            result = realized[(text, plan)]
            if result.status != OK or not result.candidates:
                status = result.status if result.status != OK else NO_REALIZATION
                rec.status, rec.reason = status, f"{side}: {result.reason or status}"
                rec.code = result.code if status in (ERROR, NOT_APPLICABLE) else None
                return rec
            best = result.candidates[0].text
            # a side that came out as the original sentence is the identity, whatever was asked
            sides[side] = (
                best,
                EditPlan() if best == text else plan,
                original_features(by_text[text]),
            )
        (p_text, p_plan, p_feats), (h_text, h_plan, h_feats) = sides["premise"], sides["hypothesis"]
        rec.sides = {"premise": p_text, "hypothesis": h_text}  # before any reversal, for edit codes
        decisions = {lab: self.rules.infer(p_plan, h_plan, lab, p_feats, h_feats) for lab in LABELS}
        original = (x.label or "").strip().lower()
        decision = decisions.get(original) or self.rules.infer(
            p_plan, h_plan, x.label or "", p_feats, h_feats
        )
        rec.premise, rec.hypothesis = (h_text, p_text) if decision.reverse else (p_text, h_text)
        rec.label, rec.rule, rec.via = decision.label, decision.rule, list(decision.via)
        rec.label_reason, rec.reversed = decision.reason, decision.reverse
        rec.label_map = {lab: d.label for lab, d in decisions.items()}
        if (rec.premise, rec.hypothesis) == (x.premise, x.hypothesis):
            # both sentences came out as they went in: the input pair itself, no contrast
            rec.status, rec.reason = (
                NOT_APPLICABLE,
                "the edits left both sentences unchanged: no contrast",
            )
            return rec
        if decision.label == UNKNOWN:
            rec.status, rec.reason = NO_LABEL, decision.reason
        return rec


# -- statistics -------------------------------------------------------------------------------
def balance(records: Iterable[dict], seed: int = 0, share: float = 0.5) -> list[dict]:
    """The labelled records (status ``ok``) of a set in which no label is more than ``share``
    of the whole: when one label is, as many of its records are kept as the others allow, drawn
    with ``seed``; every record of the other labels is kept, in the order of ``records``. A model
    that answers one label to every record of the result scores at most ``share``."""

    if not 0 < share < 1:
        raise ValueError("share must be between 0 and 1")
    labelled = [r for r in records if r.get("status") == OK and r.get("label") in LABELS]
    counts = {lab: sum(r["label"] == lab for r in labelled) for lab in LABELS}
    top = max(LABELS, key=lambda lab: counts[lab])
    others = len(labelled) - counts[top]
    allowed = int(others * share / (1 - share))  # top / (top + others) <= share
    if counts[top] <= allowed:
        return labelled
    positions = [i for i, r in enumerate(labelled) if r["label"] == top]
    kept = set(random.Random(seed).sample(positions, allowed))
    return [r for i, r in enumerate(labelled) if r["label"] != top or i in kept]


def summarize(records: Iterable[dict]) -> dict[str, Any]:
    """Counts and rates per pair expression (LIT's Table 2), and the share of input pairs
    with at least one labelled contrast."""
    pairs: dict[str, dict[str, Any]] = {}
    originals: dict[str, bool] = {}
    for rec in records:
        row = pairs.setdefault(
            rec["pair"],
            {
                "records": 0,
                "realized": 0,
                "labelled": 0,
                "labels": {lab: 0 for lab in LABELS},
                "statuses": {},
            },
        )
        row["records"] += 1
        row["statuses"][rec["status"]] = row["statuses"].get(rec["status"], 0) + 1
        if rec["status"] in (OK, NO_LABEL):
            row["realized"] += 1
        if rec["status"] == OK:
            row["labelled"] += 1
            row["labels"][rec["label"]] += 1
        originals[rec["original_id"]] = (
            originals.get(rec["original_id"], False) or rec["status"] == OK
        )
    for row in pairs.values():
        row["coverage"] = row["labelled"] / row["records"] if row["records"] else 0.0
        row["realized_rate"] = row["realized"] / row["records"] if row["records"] else 0.0
        row["majority"], row["majority_accuracy"] = _majority(row["labels"])
    n = len(originals)
    covered = sum(originals.values())
    labels = {lab: sum(row["labels"][lab] for row in pairs.values()) for lab in LABELS}
    majority, accuracy = _majority(labels)
    return {
        "pairs": pairs,
        "inputs": n,
        "inputs_with_a_labelled_contrast": covered,
        "share_with_a_labelled_contrast": covered / n if n else 0.0,
        "labels": labels,
        "majority": majority,
        "majority_accuracy": accuracy,
    }


def _majority(labels: dict[str, int]) -> tuple[str | None, float]:
    """The most frequent label and the accuracy of answering it to every labelled record (a
    model that ignores the pair scores that much)."""
    total = sum(labels.values())
    if not total:
        return None, 0.0
    best = max(LABELS, key=lambda lab: labels[lab])
    return best, labels[best] / total


def format_summary(stats: dict[str, Any]) -> str:
    """A plain-text table of :func:`summarize`'s output."""
    head = (
        f"{'pair':<12} {'records':>8} {'realized':>9} {'labelled':>9} {'coverage':>9} "
        f"{'entail':>7} {'neutral':>8} {'contra':>7} {'majority':>9}"
    )
    lines = [head, "-" * len(head)]
    rows = [*stats["pairs"].items(), ("all", None)]
    for name, row in rows:
        if row is None:
            labelled = sum(r["labelled"] for r in stats["pairs"].values())
            records = sum(r["records"] for r in stats["pairs"].values())
            realized = sum(r["realized"] for r in stats["pairs"].values())
            row = {
                "records": records,
                "realized": realized,
                "labelled": labelled,
                "coverage": labelled / records if records else 0.0,
                "labels": stats["labels"],
                "majority_accuracy": stats["majority_accuracy"],
            }
        labs = row["labels"]
        majority = f"{row['majority_accuracy']:.1%}" if row["labelled"] else "-"
        lines.append(
            f"{name:<12} {row['records']:>8} {row['realized']:>9} {row['labelled']:>9} "
            f"{row['coverage']:>8.1%} {labs['entailment']:>7} {labs['neutral']:>8} "
            f"{labs['contradiction']:>7} {majority:>9}"
        )
    lines.append(
        "input pairs with at least one labelled contrast: "
        f"{stats['inputs_with_a_labelled_contrast']} of {stats['inputs']} "
        f"({stats['share_with_a_labelled_contrast']:.1%})"
    )
    if stats["majority"] is not None:
        lines.append(
            f"majority: answering '{stats['majority']}' to every labelled contrast scores "
            f"{stats['majority_accuracy']:.1%}"
        )
    return "\n".join(lines)
