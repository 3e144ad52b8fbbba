"""The batch pipeline behind ``seam transform`` and :func:`engine.transform`.

Input texts are validated, analyzed once per batch by the backend, and every transformation
is realized on every analysis. A corpus placeholder (StylePTB's ``unk``, ``NUM``) is parsed
as a real word standing in for it, the stand-ins tried in turn until the edit applies, and is
written back in the output (:mod:`engine.placeholders`). Each (input, transformation) pair
yields exactly one record::

    {"id", "source", "transformation", "backend", "status", "reason", "candidates", "best"}

with ``status`` one of ``ok``, ``not_applicable``, ``no_parse``, ``no_realization``,
``timeout``, ``error``. A failure in one record is that record's ``error``; it never stops
the batch.

One module, over 400 lines: the batch loop, the retries of a failed batch and the readings of
a placeholder all decide what one record of one batch becomes, and share its bookkeeping.
"""

from __future__ import annotations

import dataclasses
import logging
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from . import contract
from .backends import (
    ERROR,
    NO_REALIZATION,
    NOT_APPLICABLE,
    OK,
    Backend,
    Candidate,
    Realization,
    get_backend,
)
from .errors import IncompatibleError, InputError, InternalError, RecordError, SeamError
from .ir import Analysis
from .jsonl import InputRecord, fingerprint
from .placeholders import Placeholders
from .results import Record
from .select import Selector, ToJudge
from .transforms import Choice, EditPlan, Transformation, parse

log = logging.getLogger(__name__)

DEFAULT_MAX_CHARS = 1000


@dataclass(frozen=True)
class Job:
    """A parsed expression with the name records carry, and its normalized plans: one per
    compatible alternative of a choice (``a|b``), labelled with the alternative."""

    name: str
    transformation: Transformation | Choice
    plans: tuple[tuple[str, EditPlan], ...]


def job(expression: str | Transformation | Choice) -> Job:
    """Parse and normalize one expression. ``ExpressionError`` on a bad one, and
    ``IncompatibleError`` when no alternative can be realized; an incompatible alternative of
    a choice is skipped with a warning."""
    value = parse(expression)
    plans: list[tuple[str, EditPlan]] = []
    first_error: IncompatibleError | None = None
    for option in value.options:
        try:
            plan = option.plan()
        except IncompatibleError as exc:
            first_error = first_error or exc
            log.warning("skipping %s: %s", option, exc)
            continue
        if all(plan != p for _, p in plans):
            plans.append((str(option), plan))
    if not plans:
        assert first_error is not None  # a value has at least one option
        raise first_error
    return Job(expression if isinstance(expression, str) else str(expression), value, tuple(plans))


def jobs(
    apply: str | Transformation | Choice | Sequence[str | Transformation | Choice],
) -> list[Job]:
    """Parse one or several expressions (``ExpressionError`` on a bad one)."""
    items = [apply] if isinstance(apply, str | Transformation | Choice) else list(apply)
    if not items:
        raise SeamError("no transformation given; pass at least one, e.g. apply='tense(past)'")
    return [job(a) for a in items]


def union(results: Sequence[tuple[str, Realization]]) -> Realization:
    """The union of the realizations of a choice's alternatives: candidates in the order of
    the alternatives, duplicates dropped, each naming its alternative in ``transformation``;
    ``ok`` if any alternative is."""
    if len(results) == 1:
        return results[0][1]
    details = {name: real.details for name, real in results if real.details}
    candidates: list[Candidate] = []
    for name, real in results:
        for cand in real.candidates:
            if all(cand.text != c.text for c in candidates):
                candidates.append(dataclasses.replace(cand, transformation=name))
    failed = [
        f"{name}: {real.status} ({real.reason})" for name, real in results if real.status != OK
    ]
    if candidates:
        return Realization(OK, "; ".join(failed), tuple(candidates), details=details)
    first = next(real for _, real in results)
    return Realization(first.status, "; ".join(failed), details=details)


def input_problem(rec: InputRecord, max_chars: int = DEFAULT_MAX_CHARS) -> Realization | None:
    """The ``error`` realization of an input that cannot be transformed, with its code
    (``E202`` a bad line, ``E201`` a bad text), or None."""
    if rec.error:
        return Realization(ERROR, rec.error, code=RecordError.code)
    problem = check_text(rec.text, max_chars)
    return Realization(ERROR, problem, code=InputError.code) if problem else None


def failure(exc: BaseException, what: str) -> Realization:
    """The ``error`` realization of an exception: a SeamError keeps its code; anything else is
    a bug (``E999``), logged with its traceback."""
    if isinstance(exc, SeamError):
        log.warning("%s: %s", what, exc)
        return Realization(ERROR, f"{type(exc).__name__}: {exc}", code=exc.code)
    log.error("%s: a bug (%s: %s)", what, type(exc).__name__, exc, exc_info=exc)
    return Realization(ERROR, f"{type(exc).__name__}: {exc}", code=InternalError.code)


def check_text(text: object, max_chars: int = DEFAULT_MAX_CHARS) -> str | None:
    """Why a text cannot be transformed, or None if it can."""
    if not isinstance(text, str):
        return f"text must be a string, got {type(text).__name__}"
    if not text.strip():
        return "empty text"
    if len(text) > max_chars:
        return (
            f"text is {len(text)} characters long; the limit is {max_chars} (raise max_chars to "
            "allow it)"
        )
    return None


class Transformer:
    """Runs transformations over records with one backend, opened once; a ``selector``
    (:class:`~engine.select.Selector`) validates and ranks every batch's candidates. The
    input's other fields (``label``, ``genre``, ...) are carried into every output record:
    all of them, or those named in ``keep`` (see :class:`~engine.results.Record`).

    >>> t = Transformer("surface")
    >>> [r["best"] for r in t.run_texts(["A man is riding a bike."], "p")]
    ['A man was riding a bike.']
    """

    def __init__(
        self,
        backend: str | Backend = "surface",
        max_chars: int = DEFAULT_MAX_CHARS,
        batch_size: int = 64,
        selector: Selector | None = None,
        keep: Sequence[str] | None = None,
        placeholders: Placeholders | None = None,
        **backend_options,
    ):
        self.backend = get_backend(backend, **backend_options)
        # corpus placeholders (``unk``): the default table; ``Placeholders({})`` turns it off
        self.placeholders = placeholders if placeholders is not None else Placeholders.default()
        self.max_chars = max_chars
        self.batch_size = batch_size
        self.selector = selector if selector is not None and selector.active else None
        self.keep = (
            None if keep is None else frozenset(keep)
        )  # input fields carried over (None: all)

    def run_texts(
        self, texts: Sequence[str], apply, ids: Sequence[str] | None = None
    ) -> list[dict]:
        ids = list(ids) if ids is not None else [str(k) for k in range(1, len(texts) + 1)]
        if len(ids) != len(texts):
            raise SeamError(f"{len(texts)} texts but {len(ids)} ids")
        records = [
            InputRecord(i, t, k + 1, fingerprint=fingerprint(t) if isinstance(t, str) else None)
            for k, (i, t) in enumerate(zip(ids, texts, strict=True))
        ]
        return list(self.run(records, jobs(apply)))

    def run(
        self,
        records: Iterable[InputRecord],
        job_list: Sequence[Job],
        skip: set[tuple] | Mapping[tuple, int] | None = None,
    ) -> Iterator[dict]:
        """Yield output records as JSON objects (:meth:`records`, each as it is written)."""
        return (r.to_json() for r in self.records(records, job_list, skip))

    def records(
        self,
        records: Iterable[InputRecord],
        job_list: Sequence[Job],
        skip: set[tuple] | Mapping[tuple, int] | None = None,
    ) -> Iterator[Record]:
        """Yield typed output records, batch by batch, in input order then transformation order.

        ``skip`` holds the ``(id, transformation)`` keys already done (resume): a set, or a
        count per key, so that inputs sharing an id are each skipped once per record written
        (the first ones, in input order) and none is lost.
        """
        left = Counter(skip) if skip else Counter()
        batch: list[InputRecord] = []
        done: dict[int, set[str]] = {}
        for rec in records:
            names = set()
            for j in job_list:
                if left[(rec.id, j.name)] > 0:
                    left[(rec.id, j.name)] -= 1
                    names.add(j.name)
            done[rec.line] = names
            batch.append(rec)
            if len(batch) >= self.batch_size:
                yield from self._batch(batch, job_list, done)
                batch, done = [], {}
        if batch:
            yield from self._batch(batch, job_list, done)

    # -- internals ---------------------------------------------------------------------------
    def _batch(
        self, batch: list[InputRecord], job_list: Sequence[Job], finished: Mapping[int, set[str]]
    ) -> Iterator[Record]:
        todo = [r for r in batch if any(j.name not in finished.get(r.line, ()) for j in job_list)]
        problems = {r.line: input_problem(r, self.max_chars) for r in todo}
        good = [r for r in todo if problems[r.line] is None]
        texts = {r.line: self._reading(cast(str, r.text), 0) for r in good}
        analyses = self._analyze(good, texts)
        done: list[tuple[InputRecord, Job, Realization, Analysis | None]] = []
        work: list[tuple[InputRecord, str, list[Job], Analysis]] = []
        for rec in todo:
            analysis = analyses.get(rec.line)
            problem = problems[rec.line]
            if problem is None and isinstance(analysis, Realization):
                problem = analysis
            pending = [j for j in job_list if j.name not in finished.get(rec.line, ())]
            if problem is not None:
                done.extend((rec, job, problem, None) for job in pending)
                continue
            # no problem: the record has a text (input_problem) and an analysis (_analyze)
            assert rec.text is not None
            assert analysis is not None and not isinstance(analysis, Realization)
            work.append((rec, texts[rec.line], pending, analysis))
        # the whole batch reaches the backend in one call (the ERG's generator pool sees every MRS)
        flat = [
            (rec, text, analysis, plan)
            for rec, text, pending, analysis in work
            for j in pending
            for _, plan in j.plans
        ]
        results = self.realize_many(
            [a for _, _, a, _ in flat], [p for *_, p in flat], [t for _, t, _, _ in flat]
        )
        results = self._other_readings(flat, results)
        k = 0
        for rec, _text, pending, analysis in work:
            for job in pending:
                named = [(name, results[k + n]) for n, (name, _) in enumerate(job.plans)]
                k += len(job.plans)
                done.append((rec, job, union(named), analysis))
        done.sort(key=lambda d: d[0].line)
        if self.selector is not None:
            selected = self.selector.apply(
                [self.entry(rec.text, job, real, analysis) for rec, job, real, analysis in done]
            )
            done = [
                (rec, job, real, None)
                for (rec, job, _r, _a), real in zip(done, selected, strict=True)
            ]
        for rec, job, real, _analysis in done:
            yield self._record(rec, job, real)

    @staticmethod
    def entry(
        source: str | None, job: Job, real: Realization, analysis: Analysis | None
    ) -> ToJudge:
        """What the selector needs to judge a realization of ``job``: each candidate's plan."""
        plans = dict(job.plans)
        first = job.plans[0][1]
        return ToJudge(
            source,
            real,
            tuple(plans.get(c.transformation, first) for c in real.candidates),
            analysis,
        )

    def _analyze(
        self, records: list[InputRecord], texts: Mapping[int, str]
    ) -> dict[int, Analysis | Realization]:
        """Analyses keyed by line, of ``texts`` (each record's text as the parser reads it); a
        Realization is the error of that record."""
        analyses = self.analyze_texts([texts[r.line] for r in records])
        return {r.line: a for r, a in zip(records, analyses, strict=True)}

    def _reading(self, text: str, k: int) -> str:
        """``text`` as the parser reads it: its placeholders' ``k``-th stand-ins."""
        return self.placeholders.reading(text, k) or text

    def _other_readings(
        self,
        flat: list[tuple[InputRecord, str, Analysis, EditPlan]],
        results: list[Realization],
    ) -> list[Realization]:
        """Each result with its placeholders written back; a text with placeholders whose
        edit did not apply under the first stand-ins is read with the next ones, in turn,
        until it applies (the first reading that applies is kept)."""
        used = [0] * len(flat)
        results = list(results)
        most = max((self.placeholders.readings(cast(str, r.text)) for r, *_ in flat), default=0)
        for k in range(1, most):
            redo = [
                n
                for n, (rec, *_rest) in enumerate(flat)
                if results[n].status != OK
                and results[n].status != ERROR
                and k < self.placeholders.readings(cast(str, rec.text))
            ]
            if not redo:
                break
            texts = [self._reading(cast(str, flat[n][0].text), k) for n in redo]
            analyses = self.analyze_texts(list(dict.fromkeys(texts)))
            by_text = dict(zip(dict.fromkeys(texts), analyses, strict=True))
            ready = [
                (n, t) for n, t in zip(redo, texts, strict=True) if isinstance(by_text[t], Analysis)
            ]
            again = self.realize_many(
                [cast(Analysis, by_text[t]) for _, t in ready],
                [flat[n][3] for n, _ in ready],
                [t for _, t in ready],
            )
            for (n, _), real in zip(ready, again, strict=True):
                if real.status == OK:
                    results[n], used[n] = real, k
        return [
            self._restore(real, cast(str, rec.text), k)
            for (rec, *_), real, k in zip(flat, results, used, strict=True)
        ]

    def _restore(self, real: Realization, source: str, k: int) -> Realization:
        """``real`` with the placeholders of ``source`` written back over their stand-ins."""
        if not self.placeholders.holds(source):
            return real

        def back(c: Candidate) -> Candidate:
            return dataclasses.replace(c, text=self.placeholders.restore(c.text, k, source))

        return dataclasses.replace(
            real,
            reason=self.placeholders.restore(real.reason, k, source),
            candidates=tuple(back(c) for c in real.candidates),
            rejected=tuple(back(c) for c in real.rejected),
        )

    def analyze_texts(self, texts: Sequence[str]) -> list[Analysis | Realization]:
        """Analyze texts in one backend batch; a text that breaks the batch is isolated and
        gets its ``error`` realization instead of an analysis."""
        if not texts:
            return []
        try:
            out: list[Analysis | Realization] = list(self.backend.analyze(list(texts)))
            if len(out) == len(texts):
                return out
            log.error(
                "backend %s returned %d analyses for %d texts",
                self.backend.name,
                len(out),
                len(texts),
            )
        except Exception as exc:  # isolate the text that breaks the batch
            log.warning("batch analysis failed (%s); analyzing texts one by one", exc)
        single: list[Analysis | Realization] = []
        for text in texts:
            try:
                single.append(self.backend.analyze([text])[0])
            except Exception as exc:
                single.append(failure(exc, f"analysis of {text[:60]!r}"))
        return single

    def realize(
        self, analysis: Analysis, plans: Sequence[EditPlan], source: str | None = None
    ) -> list[Realization]:
        """Realize plans on one analysis; a backend failure becomes per-plan ``error``s."""
        return self.realize_many(
            [analysis] * len(plans), plans, [source] * len(plans) if source is not None else None
        )

    def realize_many(
        self,
        analyses: Sequence[Analysis],
        plans: Sequence[EditPlan],
        sources: Sequence[str] | None = None,
    ) -> list[Realization]:
        """Realize (analysis, plan) pairs under the backend contract (:mod:`engine.contract`)
        in one backend call; if the call fails, each pair is retried alone so that one bad
        record never costs the others. ``sources`` are the texts as given (identity and
        already-satisfied records return them)."""
        if not analyses:
            return []
        sources = list(sources) if sources is not None else [a.text for a in analyses]
        try:
            return contract.realize(self.backend, list(analyses), list(plans), sources)
        except Exception:  # one bad record must not stop the batch: retry one by one
            log.warning("batch realization failed; realizing one by one", exc_info=True)
            return [
                self._realize_one(a, p, s) for a, p, s in zip(analyses, plans, sources, strict=True)
            ]

    def _realize_one(self, analysis: Analysis, plan: EditPlan, source: str) -> Realization:
        try:
            return contract.realize(self.backend, [analysis], [plan], [source])[0]
        except Exception as exc:
            return failure(exc, f"realization of {plan} on {source[:60]!r}")

    def _record(self, rec: InputRecord, job: Job, result: Realization) -> Record:
        status, reason = result.status, result.reason
        if status == OK and not result.candidates:
            status, reason = NO_REALIZATION, reason or "the backend produced no realization"
        selector = self.selector
        return Record(
            rec.id,
            rec.text,
            job.name,
            self.backend.name,
            status,
            reason,
            tuple(result.candidates),
            details=dict(result.details) if result.details else None,
            rejected=tuple(result.rejected) if selector is not None else None,
            ranked_by=selector.ranker.name
            if selector is not None and selector.ranker is not None
            else None,
            code=result.code if status in (ERROR, NOT_APPLICABLE) else None,
            fingerprint=rec.fingerprint,
            fields=self._fields(rec),
        )

    def _fields(self, rec: InputRecord) -> dict | None:
        if not rec.extra:
            return None
        kept = {k: v for k, v in rec.extra.items() if self.keep is None or k in self.keep}
        return kept or None


def transform(
    texts: str | Sequence[str],
    apply,
    backend: str | Backend = "surface",
    ids: Sequence[str] | None = None,
    **options,
) -> list[dict]:
    """Transform texts; returns the records ``seam transform`` writes, one per text and
    transformation.

    >>> transform(["A man is riding a bike."], apply="tense(past)+passive")[0]["best"]
    'A bike was being ridden by a man.'
    """
    if isinstance(texts, str):
        texts = [texts]
    return Transformer(backend, **options).run_texts(list(texts), apply, ids)
