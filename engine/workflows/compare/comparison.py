"""Symbolic against neural on the same edits: every backend realizes the same normalized
plans, and each best output is measured the same way (:mod:`engine.workflows.compare.metrics`).

One row per input x transformation holds every backend's status and best output with its
scores:

* ``adheres``: the re-analysis shows the requested change (:func:`engine.checks.shows_change`);
* ``preserves``: nothing else changed (:func:`engine.checks.keeps_source`);
* ``checked``: both;
* ``grammatical``: the ERG judge parses it (when a judge is given; None when it could not tell);
* ``closeness`` (TAILOR's span F1), ``edit_distance`` (tokens), ``lp_change`` and
  ``loss_ratio`` (fluency, by the n-gram model or a causal LM);
* ``self_bleu`` and ``distinct_2`` among the record's candidates;
* ``code``: the Polyjuice control code of the edit (:func:`engine.polyjuice.detect.detect`), so
  symbolic and neural edits are classified in one vocabulary;
* ``correct``: when the input line carries gold (``accept`` or ``expect_status``, the gold-file
  format of
  :mod:`engine.workflows.evaluate`, e.g. ``examples/gold.jsonl``), the gold file's pass rule.

:func:`summarize` aggregates per backend and transformation, adds the agreement between
backends (how often two give the same best output where both are ``ok``) and the speed.

One module, over 400 lines: every metric of a row is measured on the same re-analysis of the
outputs (memoized in one pass), so running the backends, measuring and summarizing share that
state; the metrics themselves are in :mod:`.metrics`.
"""

from __future__ import annotations

import logging
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ...analyzers import SpacyAnalyzer
from ...checks import keeps_source, shows_change
from ...jsonl import InputRecord
from ...pipeline import Job, Transformer, job, jobs
from ...polyjuice.detect import detect
from ...rank.deltas import fluency_ratios
from ...rank.ngram import NgramLM
from ...results import OK
from ...transforms import EditPlan
from ...validate.base import ACCEPT, REJECT, Item
from ..evaluate import GoldCase, normalize, passes
from . import metrics

log = logging.getLogger(__name__)

# phenomenon of a plan feature; a plan touching several is a "composition"
PHENOMENA = {
    "tense": "tense",
    "progressive": "aspect",
    "perfect": "aspect",
    "modality": "modal",
    "polarity": "negation",
    "force": "question",
    "voice": "voice",
    "promote": "voice",
    "cleft": "cleft",
    "swap": "swap",
    "shorten": "shorten",
}


def phenomenon(plan: EditPlan) -> str:
    """``tense``, ``aspect``, ... or ``composition``.

    >>> from engine import parse
    >>> phenomenon(parse("tense(past)").plan()), phenomenon(parse("p+n").plan())
    ('tense', 'composition')
    """
    found = {PHENOMENA[k] for k in plan.as_dict()}
    return found.pop() if len(found) == 1 else ("identity" if not found else "composition")


@dataclass
class Row:
    """One input x transformation: the source, its plan, and each backend's outcome."""

    id: str
    source: str | None
    transformation: str
    phenomenon: str
    plan: str
    gold: dict | None = None
    backends: dict[str, dict] = field(default_factory=dict)

    def to_json(self) -> dict:
        out = {
            "id": self.id,
            "source": self.source,
            "transformation": self.transformation,
            "phenomenon": self.phenomenon,
            "plan": self.plan,
            "backends": self.backends,
        }
        if self.gold:
            out["gold"] = self.gold
        return out


@dataclass
class Comparison:
    rows: list[Row]
    seconds: dict[str, float]  # wall time of each backend's run
    backends: list[str]


def _units(
    items: Sequence[InputRecord], apply: Sequence[str] | None
) -> tuple[list[Row], list[tuple[list[int], list[InputRecord], list[Job]]]]:
    """The rows, and the runs that fill them: ``(row indices, inputs, jobs)``, rows in the run
    loop's order (input order, then transformation order). With ``apply`` every input gets
    every expression in one run; otherwise each line's own ``apply`` field (the gold format)
    is used, one run per expression, and a line without a usable one is an ``error`` row."""
    rows: list[Row] = []

    def add(rec: InputRecord, j: Job) -> int:
        first = j.plans[0][1]
        extra = rec.extra or {}
        gold = {k: v for k, v in extra.items() if k in ("accept", "expect_status")} or None
        rows.append(
            Row(
                rec.id,
                rec.text,
                j.name,
                str(extra.get("phenomenon") or phenomenon(first)),
                str(first),
                gold,
            )
        )
        return len(rows) - 1

    if apply:
        shared = jobs(list(apply))
        idx = [add(rec, j) for rec in items for j in shared]
        return rows, [(idx, list(items), shared)]
    by_expr: dict[str, tuple[list[int], list[InputRecord], list[Job]]] = {}
    parsed: dict[str, Job | str] = {}
    for rec in items:
        expr = (rec.extra or {}).get("apply")
        problem = "no transformation: give --apply, or an 'apply' field on every line"
        if isinstance(expr, str):
            if expr not in parsed:
                try:
                    parsed[expr] = job(expr)
                except Exception as exc:  # a bad expression is that line's problem, not the run's
                    parsed[expr] = f"bad transformation {expr!r}: {exc}"
            found = parsed[expr]
            if isinstance(found, Job):
                unit = by_expr.setdefault(expr, ([], [], [found]))
                unit[0].append(add(rec, found))
                unit[1].append(rec)
                continue
            problem = found
        rows.append(
            Row(
                rec.id,
                rec.text,
                str(expr or ""),
                "none",
                "",
                backends={"*": {"status": "error", "reason": problem}},
            )
        )
    return rows, list(by_expr.values())


def run_backends(
    items: Sequence[InputRecord],
    apply: Sequence[str] | None,
    backends: dict[str, dict],
    batch_size: int = 64,
    progress: Callable[[str, int], None] | None = None,
) -> Comparison:
    """Run every backend (name -> options) on the same inputs and plans; build the rows."""
    rows, units = _units(items, apply)
    for row in rows:
        problem = row.backends.pop("*", None)
        if problem:
            row.backends = {b: {**problem, "best": None, "candidates": []} for b in backends}
    seconds: dict[str, float] = {}
    # every backend is opened before any runs: a missing grammar or checkpoint fails at once
    opened = {}
    for name, options in backends.items():
        start = time.perf_counter()
        opened[name] = Transformer(name, batch_size=batch_size, **options)
        seconds[name] = time.perf_counter() - start
    for name, transformer in opened.items():
        start = time.perf_counter()
        try:
            for idx, recs, job_list in units:
                out = list(transformer.run(recs, job_list))
                if len(out) != len(idx):  # the run loop yields one record per input and job
                    raise RuntimeError(f"{name}: {len(out)} records for {len(idx)} rows")
                for k, record in zip(idx, out, strict=True):
                    rows[k].backends[name] = _outcome(record)
                if progress:
                    progress(name, len(idx))
        finally:
            close = getattr(transformer.backend, "close", None)
            if close is not None:
                close()
        seconds[name] += time.perf_counter() - start
    return Comparison(rows, seconds, list(backends))


def _outcome(record: dict) -> dict:
    return {
        "status": record["status"],
        "reason": record.get("reason", ""),
        "best": record.get("best"),
        "candidates": [c["text"] for c in record.get("candidates", [])],
        "transformation": (record.get("candidates") or [{}])[0].get("transformation", ""),
    }


def measure(comparison: Comparison, analyzer=None, lm=None, judge=None) -> None:
    """Fill each ok outcome's ``scores`` (see the module). ``lm``: anything with
    ``token_scores(texts)`` (default: the n-gram model); ``judge``: a validator such as
    :class:`~engine.validate.grammar.ErgGrammaticality`, or None."""
    if analyzer is None:
        analyzer = SpacyAnalyzer()
    if lm is None:
        lm = NgramLM()
    plans = {r.transformation: job(r.transformation) for r in comparison.rows if r.plan}
    sources = [r.source for r in comparison.rows if r.source]
    bests = [
        o["best"]
        for r in comparison.rows
        for o in r.backends.values()
        if o["status"] == OK and o["best"]
    ]
    texts = list(dict.fromkeys([*sources, *bests]))
    analyses = dict(zip(texts, analyzer.analyze(texts), strict=True)) if texts else {}
    lm = _Memo(lm)
    logprob = (
        {t: s.mean for t, s in zip(texts, lm.token_scores(texts), strict=True)} if texts else {}
    )
    pairs = [
        (r.source, o["best"])
        for r in comparison.rows
        if r.source
        for o in r.backends.values()
        if o["status"] == OK and o["best"]
    ]
    ratio = dict(
        zip(pairs, fluency_ratios(lm, [a for a, _ in pairs], [b for _, b in pairs]), strict=True)
    )

    verdicts: dict[str, Any] = {}
    if judge is not None and bests:
        unique = list(dict.fromkeys(bests))
        verdicts = dict(zip(unique, judge.check([Item(t, t) for t in unique]), strict=True))
    for row in comparison.rows:
        if not row.plan:
            continue
        j = plans[row.transformation]
        by_name = dict(j.plans)
        src = analyses.get(row.source)
        for out in row.backends.values():
            if row.gold:
                case = GoldCase(
                    row.id,
                    row.source or "",
                    row.transformation,
                    row.phenomenon,
                    tuple(row.gold.get("accept") or ()),
                    row.gold.get("expect_status"),
                )
                out["correct"] = passes(case, {"status": out["status"], "best": out["best"]})
            if out["status"] != OK or not out["best"] or src is None:
                continue
            plan = by_name.get(out.get("transformation") or "", j.plans[0][1])
            got = analyses[out["best"]]
            adheres = shows_change(plan, out["best"], None, got) is None
            preserves = keeps_source(src, plan, got) is None
            # an unchanged ok output (the plan was already satisfied) was expected to change nothing
            close = metrics.closeness(
                src, plan, got, unchanged=normalize(out["best"]) == normalize(row.source)
            )
            loss_ratio = ratio[(row.source, out["best"])]
            scores = {
                "adheres": adheres,
                "preserves": preserves,
                "checked": adheres and preserves,
                "closeness": close.to_dict() if close else None,
                "edit_distance": metrics.token_edit_distance(row.source, out["best"]),
                "lp_change": round(logprob[out["best"]] - logprob[row.source], 4),
                "loss_ratio": round(loss_ratio, 4) if loss_ratio is not None else None,
                "self_bleu": metrics.self_bleu(out["candidates"]),
                "distinct_2": metrics.distinct_n(out["candidates"], 2)
                if len(out["candidates"]) > 1
                else None,
                "code": detect(src, got),
            }  # the Polyjuice code of the edit, one vocabulary for every backend
            if judge is not None:
                v = verdicts[out["best"]]
                scores["grammatical"] = (
                    True
                    if v.verdict == ACCEPT
                    else False
                    if v.verdict == REJECT or (v.reason.startswith("the ERG has no parse"))
                    else None
                )
            out["scores"] = scores


class _Memo:
    """A language model that scores each distinct text once (fluency asks twice)."""

    def __init__(self, lm):
        self.lm, self.cache = lm, {}

    def token_scores(self, texts):
        todo = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if todo:
            self.cache.update(zip(todo, self.lm.token_scores(todo), strict=True))
        return [self.cache[t] for t in texts]


def _mean(values: Iterable[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return round(sum(vals) / len(vals), 4) if vals else None


def _rate(values: Iterable[bool | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return round(sum(vals) / len(vals), 4) if vals else None


def _cell(outcomes: list[dict], seconds: float | None = None) -> dict:
    n = len(outcomes)
    ok = [o for o in outcomes if o["status"] == OK]
    sc = [o.get("scores") or {} for o in ok]
    failures = Counter(_reason(o["reason"]) for o in outcomes if o["status"] != OK and o["reason"])
    cell = {
        "n": n,
        "ok": len(ok),
        "statuses": dict(Counter(o["status"] for o in outcomes)),
        "coverage": round(len(ok) / n, 4) if n else None,
        "adherence": _rate(s.get("adheres") for s in sc),
        "preservation": _rate(s.get("preserves") for s in sc),
        "checked": round(sum(bool(s.get("checked")) for s in sc) / n, 4) if n else None,
        "grammatical": _rate(s.get("grammatical") for s in sc),
        "closeness_f1": _mean((s.get("closeness") or {}).get("f1") for s in sc),
        "closeness_precision": _mean((s.get("closeness") or {}).get("precision") for s in sc),
        "closeness_recall": _mean((s.get("closeness") or {}).get("recall") for s in sc),
        "edit_distance": _mean(s.get("edit_distance") for s in sc),
        "lp_change": _mean(s.get("lp_change") for s in sc),
        "loss_ratio": _mean(s.get("loss_ratio") for s in sc),
        "self_bleu": _mean(s.get("self_bleu") for s in sc),
        "distinct_2": _mean(s.get("distinct_2") for s in sc),
        "failures": dict(failures.most_common(5)),
        "codes": dict(Counter(str(s.get("code")) for s in sc if "code" in s).most_common()),
    }
    graded = [o["correct"] for o in outcomes if "correct" in o]
    if graded:
        cell["accuracy"] = round(sum(graded) / len(graded), 4)
        right_ok = [o["correct"] for o in ok if "correct" in o]
        cell["precision"] = round(sum(right_ok) / len(right_ok), 4) if right_ok else None
    if seconds is not None:
        cell["seconds"] = round(seconds, 2)
        cell["records_per_s"] = round(n / seconds, 2) if seconds > 0 else None
    return cell


def _reason(text: str) -> str:
    """A failure reason without the sentence-specific part (quoted words), for counting."""
    return re.sub(
        r"'[^']*'|\"[^\"]*\"|\([^)]*\)", "…", text.split(":")[0] if len(text) > 90 else text
    )[:90]


def agreement(rows: Sequence[Row], backends: Sequence[str]) -> dict[str, dict]:
    """For each pair of backends: items where both are ok, and how often their best outputs
    are the same (gold normalization)."""
    out = {}
    for a, b in combinations(backends, 2):
        both = [
            r
            for r in rows
            if r.backends.get(a, {}).get("status") == OK
            and r.backends.get(b, {}).get("status") == OK
        ]
        same = sum(
            normalize(r.backends[a]["best"]) == normalize(r.backends[b]["best"]) for r in both
        )
        out[f"{a}|{b}"] = {
            "both_ok": len(both),
            "same_best": same,
            "agreement": round(same / len(both), 4) if both else None,
        }
    return out


def summarize(comparison: Comparison) -> dict:
    """Per backend (overall and per transformation and phenomenon), agreement, and speed."""
    rows = comparison.rows
    out: dict = {
        "inputs": len({r.id for r in rows}),
        "rows": len(rows),
        "backends": {},
        "agreement": {},
        "transformations": sorted({r.transformation for r in rows}),
        "phenomena": sorted({r.phenomenon for r in rows}),
    }
    for name in comparison.backends:
        outcomes = [r.backends[name] for r in rows if name in r.backends]
        entry = _cell(outcomes, comparison.seconds.get(name))
        entry["by_transformation"] = {
            t: _cell([r.backends[name] for r in rows if r.transformation == t])
            for t in out["transformations"]
        }
        entry["by_phenomenon"] = {
            p: _cell([r.backends[name] for r in rows if r.phenomenon == p])
            for p in out["phenomena"]
        }
        out["backends"][name] = entry
    out["agreement"] = agreement(rows, comparison.backends)
    out["agreement_by_phenomenon"] = {
        p: agreement([r for r in rows if r.phenomenon == p], comparison.backends)
        for p in out["phenomena"]
    }
    return out


TABLE_COLUMNS = (
    ("coverage", "cov"),
    ("checked", "checked"),
    ("accuracy", "acc"),
    ("grammatical", "gram"),
    ("closeness_f1", "closeF1"),
    ("edit_distance", "edits"),
    ("loss_ratio", "lossR"),
    ("self_bleu", "sBLEU"),
    ("records_per_s", "rec/s"),
)


def format_summary(summary: dict) -> str:
    """A text table: one line per backend and transformation, then each backend overall."""
    cols = [
        (k, h)
        for k, h in TABLE_COLUMNS
        if any(
            k in e or any(k in c for c in e["by_transformation"].values())
            for e in summary["backends"].values()
        )
    ]
    head = f"{'backend':10} {'transformation':24} {'n':>5} " + " ".join(f"{h:>8}" for _, h in cols)
    lines = [head, "-" * len(head)]

    def fmt(v):
        return f"{'-':>8}" if v is None else f"{v:>8.3f}" if isinstance(v, float) else f"{v!s:>8}"

    for name, entry in summary["backends"].items():
        for t, cell in entry["by_transformation"].items():
            lines.append(
                f"{name:10} {t[:24]:24} {cell['n']:>5} "
                + " ".join(fmt(cell.get(k)) for k, _ in cols)
            )
        lines.append(
            f"{name:10} {'ALL':24} {entry['n']:>5} " + " ".join(fmt(entry.get(k)) for k, _ in cols)
        )
    for pair, a in summary["agreement"].items():
        lines.append(f"agreement {pair}: {a['same_best']}/{a['both_ok']} same best where both ok")
    return "\n".join(lines)
