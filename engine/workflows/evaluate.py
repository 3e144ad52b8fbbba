"""Scoring backends on a transformation gold file: what ``seam eval`` runs.

The gold format (``examples/gold.jsonl`` is a small one): one case
per line with ``id``, ``text``, ``apply`` (an expression), ``phenomenon``, and either
``accept`` (every acceptable realization) or ``expect_status`` (the status a refusal must have).
Outputs and accept strings are normalized the same way (lower case; *won't* -> *will not*,
*can't*/*cannot* -> *can not*, other *n't* -> * not*; no space before ``. , ? !``; single
spaces). A case with ``accept`` passes when the status is ``ok`` and the normalized best
output is among the normalized accept strings; a case with ``expect_status`` passes when the
status equals it.

>>> normalize("It won't  rain , can't it?")
'it will not rain, can not it?'
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataFileError
from ..jsonl import lines, load_object
from ..pipeline import Transformer
from ..progress import bar as progress_bar
from ..results import OK


def normalize(text: str | None) -> str:
    """The gold set's normalization (see the module docstring)."""
    s = (text or "").strip().lower()
    s = re.sub(r"\bwon't\b", "will not", s)
    s = re.sub(r"\bcan't\b", "can not", s)
    s = re.sub(r"n't\b", " not", s)
    s = re.sub(r"\bcannot\b", "can not", s)
    s = re.sub(r"\s+([.,?!])", r"\1", s)
    return re.sub(r"\s+", " ", s)


@dataclass(frozen=True)
class GoldCase:
    id: str
    text: str
    apply: str
    phenomenon: str
    accept: tuple[str, ...] = ()
    expect_status: str | None = None
    tags: tuple[str, ...] = ()


def read_gold(path: str | Path) -> list[GoldCase]:
    """The cases of a gold file; a malformed line is a :class:`DataFileError` naming it."""
    cases = []
    for lineno, raw in lines(path):
        if not raw.strip():
            continue
        obj, error = load_object(raw, lineno)
        if obj is None:
            raise DataFileError(error, str(path), lineno)
        try:
            accept = tuple(obj.get("accept") or ())
            case = GoldCase(
                str(obj["id"]),
                obj["text"],
                obj["apply"],
                obj.get("phenomenon", "other"),
                accept,
                obj.get("expect_status"),
                tuple(str(t) for t in obj.get("tags") or ()),
            )
        except KeyError as exc:
            raise DataFileError(f"a gold case needs {exc.args[0]!r}", str(path), lineno) from None
        if not case.accept and not case.expect_status:
            raise DataFileError("a gold case needs 'accept' or 'expect_status'", str(path), lineno)
        cases.append(case)
    return cases


def passes(case: GoldCase, record: dict) -> bool:
    if case.expect_status is not None:
        return record["status"] == case.expect_status
    return record["status"] == OK and normalize(record["best"]) in {
        normalize(a) for a in case.accept
    }


@dataclass
class Score:
    """Counts for one backend (and one phenomenon): cases, ``ok`` answers, correct ones,
    correct ``ok`` answers, refusal cases and refusals matched."""

    n: int = 0
    ok: int = 0
    correct: int = 0
    correct_ok: int = 0
    refusals: int = 0
    refusals_matched: int = 0
    misses: list = field(default_factory=list)

    def add(self, case: GoldCase, record: dict) -> None:
        good = passes(case, record)
        self.n += 1
        self.ok += record["status"] == OK
        self.correct += good
        self.correct_ok += good and record["status"] == OK
        if case.expect_status is not None:
            self.refusals += 1
            self.refusals_matched += good
        if not good:
            self.misses.append(
                {
                    "id": case.id,
                    "text": case.text,
                    "apply": case.apply,
                    "status": record["status"],
                    "best": record["best"],
                    "reason": record["reason"],
                }
            )

    def to_dict(self) -> dict:
        return {
            "n": self.n,
            "coverage": _rate(self.ok, self.n),
            "precision": _rate(self.correct_ok, self.ok),
            "accuracy": _rate(self.correct, self.n),
            "not_applicable_agreement": _rate(self.refusals_matched, self.refusals),
            "ok": self.ok,
            "correct": self.correct,
            "correct_ok": self.correct_ok,
            "refusals": self.refusals,
            "refusals_matched": self.refusals_matched,
        }


def _rate(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def evaluate(
    cases: Sequence[GoldCase], backend, progress: bool = False, **options
) -> tuple[Score, dict[str, Score], list[dict]]:
    """Run one backend (a name, or a :class:`~engine.pipeline.Transformer` already opened) on
    every case (one batch per expression) and score it: the overall score, the score per
    phenomenon, and the records. ``progress``: a progress bar on stderr."""
    transformer = backend if isinstance(backend, Transformer) else Transformer(backend, **options)
    by_apply: dict[str, list[GoldCase]] = defaultdict(list)
    for case in cases:
        by_apply[case.apply].append(case)
    records: dict[str, dict] = {}

    with progress_bar(
        total=len(cases),
        unit="case",
        file=sys.stderr,
        disable=not progress,
        desc=f"seam eval {transformer.backend.name}",
    ) as bar:
        for expr, group in by_apply.items():
            out = transformer.run_texts([c.text for c in group], [expr], ids=[c.id for c in group])
            records.update({c.id: r for c, r in zip(group, out, strict=True)})
            bar.update(len(group))
    total, per = Score(), defaultdict(Score)
    for case in cases:
        total.add(case, records[case.id])
        per[case.phenomenon].add(case, records[case.id])
    close = getattr(transformer.backend, "close", None)
    if close is not None:
        close()
    return total, dict(sorted(per.items())), [records[c.id] for c in cases]


def by_tag(cases: Sequence[GoldCase], records: Sequence[dict]) -> dict[str, Score]:
    """The score per gold tag (a case counts under each of its tags), from :func:`evaluate`'s
    records (in case order)."""
    per: dict[str, Score] = defaultdict(Score)
    for case, record in zip(cases, records, strict=True):
        for tag in case.tags:
            per[tag].add(case, record)
    return dict(sorted(per.items()))


def format_tags(results: dict[str, dict[str, Score]], min_cases: int = 1) -> str:
    """Per tag, each backend's correct/n and the precision of its ``ok`` answers (tags with at
    least ``min_cases`` cases)."""
    backends = list(results)
    tags = sorted({t for per in results.values() for t, s in per.items() if s.n >= min_cases})
    width = max(22, *(len(b) + 2 for b in backends))
    out = [f"{'tag':<22}" + "".join(f"{b:>{width}}" for b in backends)]
    for tag in tags:
        cells = []
        for b in backends:
            s = results[b].get(tag)
            prec = s.to_dict()["precision"] if s else None
            cells.append(
                f"{s.correct}/{s.n} p={'-' if prec is None else format(prec, '.2f')}" if s else "-"
            )
        out.append(f"{tag:<22}" + "".join(f"{c:>{width}}" for c in cells))
    return "\n".join(out)


def format_table(results: dict[str, tuple[Score, dict[str, Score]]]) -> str:
    """Per phenomenon, each backend's correct/n, then coverage, precision, accuracy and
    not-applicable agreement."""
    backends = list(results)
    phenomena = sorted({p for _, per in results.values() for p in per})
    width = max(14, *(len(b) + 2 for b in backends))
    lines_ = [f"{'phenomenon':<14}" + "".join(f"{b:>{width}}" for b in backends)]
    for p in phenomena:
        cells = []
        for b in backends:
            s = results[b][1].get(p)
            cells.append(f"{s.correct}/{s.n}" if s else "-")
        lines_.append(f"{p:<14}" + "".join(f"{c:>{width}}" for c in cells))
    for label, key in (
        ("coverage", "coverage"),
        ("precision", "precision"),
        ("accuracy", "accuracy"),
        ("n/a agreement", "not_applicable_agreement"),
    ):
        vals = [results[b][0].to_dict()[key] for b in backends]
        lines_.append(
            f"{label:<14}"
            + "".join(f"{'-' if v is None else format(v, '.3f'):>{width}}" for v in vals)
        )
    return "\n".join(lines_)


def write_json(path: str | Path, results: dict[str, tuple[Score, dict[str, Score]]]) -> None:
    data = {
        b: {
            "all": total.to_dict(),
            "phenomena": {p: s.to_dict() for p, s in per.items()},
            "misses": total.misses,
        }
        for b, (total, per) in results.items()
    }
    Path(path).write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
