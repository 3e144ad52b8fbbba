"""The backend contract, enforced once for every backend before it runs.

For each (analysis, plan) the pipeline asks :func:`before_backend` first; only what it leaves
open reaches ``backend.realize``. In this order:

1. **identity**: the source is its own realization (status ``ok``, reason ``identity``);
2. **refusals** every backend shares (:func:`engine.checks.refusal`: imperatives, wh-questions
   under ``declarative``, statives under ``prog(+)``, measure verbs, reflexives, contradicting
   time adverbs...): ``not_applicable`` with the reason;
3. **already satisfied**: the source already shows everything the plan asks for (one
   definition, :func:`engine.checks.already_satisfied`): ``ok``, the source as the only
   candidate, reason ``unchanged: ...``. The same record on every backend, whether or not
   the backend could have made the change;
4. **supports**: a plan feature the backend does not declare in ``supports`` is
   ``not_applicable``, naming the feature (and the backend's own explanation, from its
   optional ``unsupported_reasons``).

``supports`` holds feature names (``tense``, ``voice``, ``promote``, ``swap``, ``shorten``,
...), or ``feature=value`` where only some values are realized (``force=prop``,
``cleft=none``). Two optional backend attributes refine the contract:

* ``scope`` (default ``"main"``): the part of the sentence the backend edits. Step 3 reads
  the main clause, so it only applies to backends that edit the main clause alone; the
  surface backend with ``tense_scope="all"`` retenses every clause and answers step 3 itself.
* ``checked(analysis)``: the analysis the shared checks read, when the backend's own is not a
  dependency analysis (the erg backend keeps a spaCy reading of the sentence beside its MRS).

>>> from engine.backends import get_backend
>>> from engine.transforms import parse
>>> surface = get_backend("surface")
>>> analysis = surface.analyze(["The dog barked."])[0]
>>> before_backend(surface, analysis, parse("tense(past)").plan()).reason
'unchanged: the sentence is already past tense'
>>> codes = frozenset({"tense", "cleft=none"})
>>> unsupported("tailor", codes, parse("cleft(ARG1)").plan(), {"cleft": "no code"})
'the tailor backend does not realize cleft=ARG1 (no code)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from .checks import already_satisfied, refusal, unsupported
from .ir import Analysis
from .results import OK, Candidate, Realization
from .transforms import EditPlan


def source_record(source: str, reason: str) -> Realization:
    """The record of a plan the source already satisfies: the source itself, ``ok``."""
    return Realization(OK, reason, (Candidate(source, 1.0),))


def before_backend(
    backend, analysis: Analysis, plan: EditPlan, source: str | None = None
) -> Realization | None:
    """The record the contract gives without running the backend, or None to run it.

    ``source`` is the text as given (it can differ from ``analysis.text``: a caption read as a
    clause); identity and already-satisfied records return it.
    """
    source = analysis.text if source is None else source
    if plan.is_identity:
        return source_record(source, "identity")
    checked = getattr(backend, "checked", None)
    seen = checked(analysis) if checked is not None else analysis
    if seen is not None and (refused := refusal(seen, plan)):
        return Realization.not_applicable(refused.reason, refused.code)
    if getattr(backend, "scope", "main") == "main":
        frame = seen.main_frame if seen is not None else None
        if frame is not None and frame.finite and (why := already_satisfied(frame.predicate, plan)):
            return source_record(source, why)
    why = unsupported(
        backend.name, backend.supports, plan, getattr(backend, "unsupported_reasons", None)
    )
    if why:
        return Realization.not_applicable(why)
    return None


def realize(
    backend,
    analyses: Sequence[Analysis],
    plans: Sequence[EditPlan],
    sources: Sequence[str] | None = None,
) -> list[Realization]:
    """``backend.realize`` under the contract: what :func:`before_backend` answers is answered,
    the rest goes to the backend in one call."""
    if len(analyses) != len(plans):
        raise ValueError(f"{len(analyses)} analyses but {len(plans)} plans")
    texts: list[str | None] = list(sources) if sources is not None else [None] * len(analyses)
    out: list[Realization | None] = [
        before_backend(backend, a, p, s) for a, p, s in zip(analyses, plans, texts, strict=True)
    ]
    todo = [k for k, r in enumerate(out) if r is None]
    if todo:
        done = backend.realize([analyses[k] for k in todo], [plans[k] for k in todo])
        if len(done) != len(todo):
            raise ValueError(
                f"backend {backend.name} returned {len(done)} realizations for {len(todo)}"
            )
        for k, r in zip(todo, done, strict=True):
            out[k] = r
    return cast(list[Realization], out)  # every None above was filled by the backend
