"""Model-side metrics of NLI contrast sets (``seam nli-metrics``).

A *dual instance* is one contrast record of ``seam contrast`` with ``status == "ok"``: an
original premise/hypothesis pair with its gold label, and the transformed pair with the
label the rules inferred for it. Given a model's prediction on both sides, per
transformation pair (the record's ``pair``) and over all of them:

* **Acc@Ori**: accuracy on the original pairs (LIT, Li et al. 2020);
* **Acc@Ctr**: accuracy on the contrast pairs;
* **Consistency** (LIT): the contrast prediction equals the label the rules infer from the
  model's *own* original prediction, ``pred_ctr == label_map[pred_ori]``, right or wrong.
  Instances where the rules infer nothing for ``pred_ori`` are left out (``n_consistency``
  says how many were used);
* **Contrast consistency** (Gardner et al. 2020): both predictions are correct.

Everything here is pure Python: no torch. Running a model is :mod:`engine.nli.classifier`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..errors import ResourceNotFoundError, SeamError

log = logging.getLogger(__name__)

NLI_LABELS = ("entailment", "neutral", "contradiction")
ALL = "all"
MAX_LISTED_MISSING = 10


class Records(list):
    """The usable objects of a JSONL file; ``problems`` holds one message per unusable line."""

    def __init__(self, items: Iterable = (), problems: list[str] | None = None):
        super().__init__(items)
        self.problems: list[str] = problems if problems is not None else []


class Predictions(dict):
    """id -> normalized NLI label; ``problems`` holds one message per unusable line."""

    def __init__(self, items: Mapping | Iterable = (), problems: list[str] | None = None):
        super().__init__(items)
        self.problems: list[str] = problems if problems is not None else []


def normalize_label(value: Any) -> str | None:
    """The NLI label ``value`` names (case and surrounding blanks ignored), else ``None``.

    >>> normalize_label(" Contradiction"), normalize_label("unknown"), normalize_label(None)
    ('contradiction', None, None)
    """
    if not isinstance(value, str):
        return None
    label = value.strip().lower()
    return label if label in NLI_LABELS else None


def _read_json_lines(path: str | Path, what: str):
    """Yield ``(lineno, object)`` for the JSON objects of a file; log and collect the rest."""
    path = Path(path)
    if not path.is_file():
        raise ResourceNotFoundError(f"{what} file not found: {path}")
    problems: list[str] = []

    def bad(lineno: int, message: str) -> None:
        problems.append(f"{path}:{lineno}: {message}")
        log.warning("%s:%d: %s", path, lineno, message)

    def lines():
        with open(path, encoding="utf-8", errors="replace") as fh:
            for lineno, raw in enumerate(fh, start=1):
                if not raw.strip():
                    continue
                try:
                    obj = json.loads(raw)
                except json.JSONDecodeError as exc:
                    bad(lineno, f"invalid JSON ({exc.msg} at column {exc.colno}); line ignored")
                    continue
                if not isinstance(obj, dict):
                    bad(lineno, f"expected a JSON object, got {type(obj).__name__}; line ignored")
                    continue
                yield lineno, obj

    return lines(), problems, bad


def load_contrast(path: str | Path) -> Records:
    """Read the contrast records of a ``seam contrast`` JSONL file.

    Lines that are not JSON objects are logged and listed in ``.problems``, never fatal.
    """
    lines, problems, _ = _read_json_lines(path, "contrast")
    return Records((obj for _, obj in lines), problems)


def load_predictions(path: str | Path, field: str = "label") -> Predictions:
    """Read a predictions JSONL file: one ``{"id": ..., "label": ...}`` object a line.

    ``field`` names the prediction field; with the default ``label``, a line without it may
    use ``prediction`` instead. Labels are normalized to lower case. Broken lines (bad JSON,
    no id, a label that is not entailment/neutral/contradiction) are logged with their line
    number and listed in ``.problems``; a later line for the same id replaces an earlier one.
    """
    lines, problems, bad = _read_json_lines(path, "predictions")
    preds: dict[str, str] = {}
    replaced = 0
    for lineno, obj in lines:
        rid = obj.get("id")
        if rid is None or isinstance(rid, (dict, list)):
            bad(lineno, "no usable 'id'; line ignored")
            continue
        name = field
        if name not in obj and field == "label" and "prediction" in obj:
            name = "prediction"
        if name not in obj:
            bad(lineno, f"no '{field}' field; line ignored")
            continue
        label = normalize_label(obj[name])
        if label is None:
            bad(
                lineno,
                f"'{name}' is {obj[name]!r}, not one of {', '.join(NLI_LABELS)}; line ignored",
            )
            continue
        rid = str(rid)
        replaced += rid in preds
        preds[rid] = label
    if replaced:
        log.warning(
            "%s: %d ids predicted more than once; the last prediction counts", path, replaced
        )
    return Predictions(preds, problems)


def _pair_name(rec: Mapping) -> str:
    pair = rec.get("pair")
    if isinstance(pair, str) and pair:
        return pair
    p, h = rec.get("premise_transformation"), rec.get("hypothesis_transformation")
    return f"{p or '-'};{h or '-'}" if (p or h) else "?"


class _Tally:
    __slots__ = (
        "n",
        "ori",
        "ctr",
        "n_cons",
        "cons",
        "both",
        "not_ok",
        "invalid",
        "missing",
        "originals",
    )

    def __init__(self) -> None:
        self.n = self.ori = self.ctr = self.n_cons = self.cons = self.both = 0
        self.not_ok = self.invalid = self.missing = 0
        self.originals: set[str] = set()

    def add(
        self,
        original_id: str,
        gold_ori: str,
        gold_ctr: str,
        pred_ori: str,
        pred_ctr: str,
        expected: str | None,
    ) -> None:
        self.n += 1
        self.originals.add(original_id)
        self.ori += pred_ori == gold_ori
        self.ctr += pred_ctr == gold_ctr
        self.both += pred_ori == gold_ori and pred_ctr == gold_ctr
        if expected is not None:
            self.n_cons += 1
            self.cons += pred_ctr == expected

    def row(self) -> dict[str, Any]:
        def frac(k: int, n: int) -> float | None:
            return k / n if n else None

        return {
            "n": self.n,
            "acc_ori": frac(self.ori, self.n),
            "acc_ctr": frac(self.ctr, self.n),
            "consistency": frac(self.cons, self.n_cons),
            "n_consistency": self.n_cons,
            "contrast_consistency": frac(self.both, self.n),
            "originals": len(self.originals),
            "skipped": self.not_ok + self.invalid,
            "missing": self.missing,
        }


def _expected_from(rec: Mapping, pred_ori: str, gold_ori: str, gold_ctr: str) -> str | None:
    """The label the rules infer for the contrast when the original is labelled ``pred_ori``."""
    label_map = rec.get("label_map")
    if isinstance(label_map, Mapping):
        for key, value in label_map.items():
            if normalize_label(key) == pred_ori:
                return normalize_label(value)
    # No map entry: the record's own label is what the rules give for the gold original label.
    return gold_ctr if pred_ori == gold_ori else None


def compute_metrics(contrast_records: Iterable[Mapping], predictions: Mapping[str, str]) -> dict:
    """Per-pair and overall metrics of ``predictions`` on the dual instances of a contrast set.

    ``predictions`` maps original ids (prediction on the original pair) and contrast ids
    (prediction on the contrast pair) to labels. Returns a JSON-ready dict: ``pairs`` (pair ->
    row, in order of first appearance), ``all`` (the same row over every dual instance) and
    ``skipped`` (what could not be scored, and why). Rates are fractions, ``None`` when
    nothing was counted. Consistency looks ``pred_ori`` up in the record's ``label_map``;
    a record without one still counts when ``pred_ori`` is the gold original label (the rules
    then gave the record's own ``label``).

    >>> same = {"entailment": "entailment", "neutral": "neutral", "contradiction": "contradiction"}
    >>> recs = [{"id": "o1/pa;pa", "original_id": "o1", "pair": "pa;pa", "status": "ok",
    ...          "label": "entailment", "label_map": same,
    ...          "original": {"premise": "A", "hypothesis": "B", "label": "entailment"}}]
    >>> m = compute_metrics(recs, {"o1": "neutral", "o1/pa;pa": "neutral"})
    >>> row = m["pairs"]["pa;pa"]
    >>> row["n"], row["acc_ori"], row["acc_ctr"], row["consistency"], row["contrast_consistency"]
    (1, 0.0, 0.0, 1.0, 0.0)
    """
    tallies: dict[str, _Tally] = {}
    total = _Tally()
    not_ok: dict[str, int] = {}
    invalid = 0
    missing: list[str] = []
    missing_count = 0
    preds = {str(k): normalize_label(v) for k, v in predictions.items()}

    for rec in contrast_records:
        pair = _pair_name(rec)
        tally = tallies.setdefault(pair, _Tally())
        status = rec.get("status")
        if status != "ok":
            key = str(status) if status is not None else "none"
            not_ok[key] = not_ok.get(key, 0) + 1
            tally.not_ok += 1
            total.not_ok += 1
            continue
        original = rec.get("original") if isinstance(rec.get("original"), Mapping) else {}
        cid, oid = rec.get("id"), rec.get("original_id")
        gold_ori, gold_ctr = (
            normalize_label(original.get("label")),
            normalize_label(rec.get("label")),
        )
        if cid is None or oid is None or gold_ori is None or gold_ctr is None:
            invalid += 1
            tally.invalid += 1
            total.invalid += 1
            continue
        cid, oid = str(cid), str(oid)
        pred_ori, pred_ctr = preds.get(oid), preds.get(cid)
        if pred_ori is None or pred_ctr is None:
            missing_count += 1
            tally.missing += 1
            total.missing += 1
            for needed, got in ((oid, pred_ori), (cid, pred_ctr)):
                if got is None and len(missing) < MAX_LISTED_MISSING and needed not in missing:
                    missing.append(needed)
            continue
        expected = _expected_from(rec, pred_ori, gold_ori, gold_ctr)
        tally.add(oid, gold_ori, gold_ctr, pred_ori, pred_ctr, expected)
        total.add(oid, gold_ori, gold_ctr, pred_ori, pred_ctr, expected)

    skipped = {
        "not_ok": dict(sorted(not_ok.items())),
        "invalid": invalid,
        "missing_prediction": missing_count,
        "missing_ids": missing,
        "bad_contrast_lines": len(getattr(contrast_records, "problems", ())),
        "bad_prediction_lines": len(getattr(predictions, "problems", ())),
    }
    return {
        "pairs": {pair: t.row() for pair, t in tallies.items()},
        ALL: total.row(),
        "skipped": skipped,
    }


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.2f}"


COLUMNS = ("pair", "n", "Acc@Ori", "Acc@Ctr", "Consistency", "n_cons", "ContrastCons")


def format_table(metrics: Mapping) -> str:
    """A plain-text table of :func:`compute_metrics` output: percentages with 2 decimals.

    >>> m = {"pairs": {"p;f": {"n": 2, "acc_ori": 0.5, "acc_ctr": 1.0, "consistency": None,
    ...                        "n_consistency": 0, "contrast_consistency": 0.5}}}
    >>> m["all"] = m["pairs"]["p;f"]
    >>> print(format_table(m))
    pair  n  Acc@Ori  Acc@Ctr  Consistency  n_cons  ContrastCons
    p;f   2    50.00   100.00            -       0         50.00
    all   2    50.00   100.00            -       0         50.00
    """
    rows = [list(COLUMNS)]
    for name, row in [*metrics["pairs"].items(), (ALL, metrics[ALL])]:
        rows.append(
            [
                name,
                str(row["n"]),
                _pct(row["acc_ori"]),
                _pct(row["acc_ctr"]),
                _pct(row["consistency"]),
                str(row["n_consistency"]),
                _pct(row["contrast_consistency"]),
            ]
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(COLUMNS))]
    lines = []
    for r in rows:
        cells = [r[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def format_skipped(metrics: Mapping) -> str:
    """One line saying what was not scored, or ``""`` when everything was.

    >>> format_skipped({"skipped": {"not_ok": {"failed": 2}, "invalid": 0, "missing_prediction": 1,
    ...                 "missing_ids": ["o7"], "bad_contrast_lines": 0, "bad_prediction_lines": 1}})
    'skipped: 2 records not ok (failed 2); 1 without predictions (e.g. o7); 1 bad prediction lines'
    """
    s = metrics["skipped"]
    parts = []
    if s["not_ok"]:
        detail = ", ".join(f"{k} {v}" for k, v in s["not_ok"].items())
        parts.append(f"{sum(s['not_ok'].values())} records not ok ({detail})")
    if s["invalid"]:
        parts.append(f"{s['invalid']} ok records without id, original_id or NLI labels")
    if s["missing_prediction"]:
        example = f" (e.g. {', '.join(s['missing_ids'][:3])})" if s["missing_ids"] else ""
        parts.append(f"{s['missing_prediction']} without predictions{example}")
    if s["bad_contrast_lines"]:
        parts.append(f"{s['bad_contrast_lines']} bad contrast lines")
    if s["bad_prediction_lines"]:
        parts.append(f"{s['bad_prediction_lines']} bad prediction lines")
    return "skipped: " + "; ".join(parts) if parts else ""


def write_predictions(path: str | Path, predictions: Mapping[str, str]) -> None:
    """Write ``{"id", "label"}`` JSONL lines, in the order of ``predictions``."""
    try:
        with open(path, "w", encoding="utf-8") as fh:
            for rid, label in predictions.items():
                fh.write(json.dumps({"id": rid, "label": label}, ensure_ascii=False) + "\n")
    except OSError as exc:
        raise SeamError(f"cannot write predictions to {path}: {exc.strerror}") from exc
