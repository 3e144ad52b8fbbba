"""The batch pipeline behind ``seam transform`` and :func:`engine.transform`.

Input texts are validated, analyzed once per batch by the backend, and every transformation
is realized on every analysis. Each (input, transformation) pair yields exactly one record::

    {"id", "source", "transformation", "backend", "status", "reason", "candidates", "best"}

with ``status`` one of ``ok``, ``not_applicable``, ``no_parse``, ``no_realization``,
``timeout``, ``error``. A failure in one record is that record's ``error``; it never stops
the batch.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .backends import ERROR, NO_REALIZATION, OK, Backend, Realization, get_backend
from .errors import SeamError
from .ir import Analysis
from .jsonl import InputRecord
from .transforms import Transformation, parse

log = logging.getLogger(__name__)

DEFAULT_MAX_CHARS = 1000


@dataclass(frozen=True)
class Job:
    """A parsed transformation with the name records carry."""

    name: str
    transformation: Transformation


def jobs(apply: str | Transformation | Sequence[str | Transformation]) -> list[Job]:
    """Parse one or several expressions (``ExpressionError`` on a bad one)."""
    items = [apply] if isinstance(apply, str | Transformation) else list(apply)
    if not items:
        raise SeamError("no transformation given; pass at least one, e.g. apply='tense(past)'")
    return [Job(a if isinstance(a, str) else str(a), parse(a)) for a in items]


def check_text(text: object, max_chars: int = DEFAULT_MAX_CHARS) -> str | None:
    """Why a text cannot be transformed, or None if it can."""
    if not isinstance(text, str):
        return f"text must be a string, got {type(text).__name__}"
    if not text.strip():
        return "empty text"
    if len(text) > max_chars:
        return f"text is {len(text)} characters long; the limit is {max_chars} (raise max_chars to allow it)"
    return None


class Transformer:
    """Runs transformations over records with one backend, opened once.

    >>> t = Transformer("surface")
    >>> [r["best"] for r in t.run_texts(["A man is riding a bike."], "p")]
    ['A man was riding a bike.']
    """

    def __init__(self, backend: str | Backend = "surface", max_chars: int = DEFAULT_MAX_CHARS,
                 batch_size: int = 64, **backend_options):
        self.backend = get_backend(backend, **backend_options)
        self.max_chars = max_chars
        self.batch_size = batch_size

    def run_texts(self, texts: Sequence[str], apply, ids: Sequence[str] | None = None) -> list[dict]:
        ids = list(ids) if ids is not None else [str(k) for k in range(1, len(texts) + 1)]
        if len(ids) != len(texts):
            raise SeamError(f"{len(texts)} texts but {len(ids)} ids")
        records = [InputRecord(i, t, k + 1) for k, (i, t) in enumerate(zip(ids, texts, strict=True))]
        return list(self.run(records, jobs(apply)))

    def run(self, records: Iterable[InputRecord], job_list: Sequence[Job],
            skip: set[tuple] | None = None) -> Iterator[dict]:
        """Yield output records, batch by batch, in input order then transformation order.

        ``skip`` holds ``(id, transformation)`` keys already done (resume).
        """
        batch: list[InputRecord] = []
        for rec in records:
            batch.append(rec)
            if len(batch) >= self.batch_size:
                yield from self._batch(batch, job_list, skip or set())
                batch = []
        if batch:
            yield from self._batch(batch, job_list, skip or set())

    # -- internals ---------------------------------------------------------------------------
    def _batch(self, batch: list[InputRecord], job_list: Sequence[Job], skip: set[tuple]) -> Iterator[dict]:
        todo = [r for r in batch if any((r.id, j.name) not in skip for j in job_list)]
        problems = {r.line: (r.error or check_text(r.text, self.max_chars)) for r in todo}
        good = [r for r in todo if problems[r.line] is None]
        analyses = self._analyze(good)
        for rec in todo:
            analysis = analyses.get(rec.line)
            problem = problems[rec.line]
            if problem is None and isinstance(analysis, str):
                problem = analysis
            pending = [j for j in job_list if (rec.id, j.name) not in skip]
            if problem is not None:
                for job in pending:
                    yield self._record(rec, job, Realization(ERROR, problem))
                continue
            plans = [j.transformation.plan() for j in pending]
            try:
                results = self.backend.realize([analysis] * len(plans), plans)
            except Exception:  # one bad record must not stop the batch: retry one by one
                results = [self._realize_one(analysis, p) for p in plans]
            for job, result in zip(pending, results, strict=True):
                yield self._record(rec, job, result)

    def _analyze(self, records: list[InputRecord]) -> dict[int, Analysis | str]:
        """Analyses keyed by line; a string is the error of that record."""
        if not records:
            return {}
        try:
            analyses = self.backend.analyze([r.text for r in records])
            return {r.line: a for r, a in zip(records, analyses, strict=True)}
        except Exception as exc:  # isolate the record that breaks the batch
            log.warning("batch analysis failed (%s); analyzing records one by one", exc)
        out: dict[int, Analysis | str] = {}
        for r in records:
            try:
                out[r.line] = self.backend.analyze([r.text])[0]
            except Exception as exc:
                out[r.line] = f"analysis failed: {type(exc).__name__}: {exc}"
        return out

    def _realize_one(self, analysis: Analysis, plan) -> Realization:
        try:
            return self.backend.realize([analysis], [plan])[0]
        except Exception as exc:
            log.debug("realization failed", exc_info=True)
            return Realization(ERROR, f"{type(exc).__name__}: {exc}")

    def _record(self, rec: InputRecord, job: Job, result: Realization) -> dict:
        status, reason = result.status, result.reason
        if status == OK and not result.candidates:
            status, reason = NO_REALIZATION, reason or "the backend produced no realization"
        return {
            "id": rec.id,
            "source": rec.text,
            "transformation": job.name,
            "backend": self.backend.name,
            "status": status,
            "reason": reason,
            "candidates": [c.to_dict() for c in result.candidates],
            "best": result.candidates[0].text if result.candidates else None,
        }


def transform(texts: str | Sequence[str], apply, backend: str | Backend = "surface",
              ids: Sequence[str] | None = None, **options) -> list[dict]:
    """Transform texts; returns the records ``seam transform`` writes, one per text and
    transformation.

    >>> transform(["A man is riding a bike."], apply="tense(past)+passive")[0]["best"]
    'A bike was being ridden by a man.'
    """
    if isinstance(texts, str):
        texts = [texts]
    return Transformer(backend, **options).run_texts(list(texts), apply, ids)
