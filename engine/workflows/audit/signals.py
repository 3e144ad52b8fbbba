"""The label-free signals of ``seam audit``: what each one computes on a single output.

* :func:`inverse` – the expression that undoes a transformation on a given source (``tense(past)``
  on a present clause is undone by ``tense(pres)``; ``passive`` by ``active``), or None where the
  audit has no inverse for it (compositions, ``modal``, ``shorten``, an unchanged source);
* :func:`equivalent` – whether two sentences are the same up to the gold normalization and the
  free variation English allows in an edit (particle placement, contractions, an optional
  complementizer *that*);
* :func:`commuting_pairs` – pairs of transformations the algebra says commute;
* :func:`reanalysis` – why the output's own analysis does not show exactly the requested change
  (:func:`engine.checks.shows_change` and :func:`engine.checks.keeps_source`), or None.

>>> equivalent("The lamp was knocked over by the cat.", "The lamp was knocked over by the cat .")
True
>>> equivalent("She picked up the book.", "She picked the book up.")
True
>>> equivalent("The dog chased the cat.", "The cat chased the dog.")
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import combinations

from ... import english
from ...checks import keeps_source, shows_change
from ...ir import Analysis, Predicate
from ...transforms import EditPlan, parse
from ...transforms.algebra import Transformation, commutes
from ..evaluate import normalize as gold_normalize

# Words that may stand before or after an object without changing the sentence (*pick up the
# book* / *pick the book up*).
PARTICLES = english.read_lexicon("movable_particles")


_RELATIVIZER = {"who": "that", "whom": "that", "which": "that"}


def normalize(text: str) -> str:
    """The gold files' normalization (:func:`engine.workflows.evaluate.normalize`), with no space
    before ``;`` and ``:`` either."""
    return re.sub(r"\s+([;:])", r"\1", gold_normalize(text))


def equivalent(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one sentence up to the normalization and free variation:
    a particle on either side of the object, *that* after a verb of saying, and the relativizer
    (*who*/*that*/*which*)."""
    na, nb = normalize(a), normalize(b)
    if na[-1:] not in ".?!" or nb[-1:] not in ".?!":  # a text without final punctuation (a caption)
        na, nb = na.rstrip(".?! "), nb.rstrip(".?! ")
    if na == nb:
        return True
    wa, wb = re.findall(r"[\w'$%-]+|[.,?!;:]", na), re.findall(r"[\w'$%-]+|[.,?!;:]", nb)
    if sorted(wa) == sorted(wb) and [w for w in wa if w not in PARTICLES] == [
        w for w in wb if w not in PARTICLES
    ]:
        return True
    if [_RELATIVIZER.get(w, w) for w in wa] == [_RELATIVIZER.get(w, w) for w in wb]:
        return True  # It is the man who/that ...
    return [w for w in wa if w != "that"] == [w for w in wb if w != "that"] and abs(
        len(wa) - len(wb)
    ) == 1


def single(expression: str) -> Transformation | None:
    """The expression as one transformation (no choice, no composition), or None."""
    try:
        t = parse(expression)
    except Exception:
        return None
    plan = t.plan()
    return t if len(plan.features) + int(plan.swap) == 1 else None


def inverse(expression: str, source: Predicate | None) -> str | None:
    """The expression that undoes ``expression`` on a source whose main predicate is ``source``.

    >>> inverse("tense(past)", Predicate("see", tense="pres")), inverse("passive", Predicate("see"))
    ('tense(pres)', 'active')
    >>> inverse("tense(past)", Predicate("see", tense="past")) is None   # nothing was changed
    True
    """
    t = single(expression)
    if t is None or source is None:
        return None
    plan = t.plan()
    if plan.swap:
        return "swap"
    ((feature, value),) = plan.features.items()
    if source.features().get(feature) == value:
        return None  # already satisfied: the output is the source
    if feature == "tense":
        return f"tense({source.tense})" if source.tense and not source.modality else None
    if feature == "progressive":
        return f"prog({'+' if source.progressive else '-'})"
    if feature == "perfect":
        return f"perf({'+' if source.perfect else '-'})"
    if feature == "polarity":
        return "affirm" if value == "neg" else "negate"
    if feature == "force":
        return "declarative" if value == "ques" else "question"
    if feature == "voice":
        return "active" if value == "passive" else "passive"
    if feature == "cleft" and value is not None:
        return "uncleft"
    return None


def commuting_pairs(expressions: Sequence[str], limit: int | None = None) -> list[tuple[str, str]]:
    """Pairs of the (single) expressions that the algebra says commute, in input order, at most
    ``limit`` of them.

    >>> commuting_pairs(["p", "f", "n", "pa"])
    [('p', 'n'), ('p', 'pa'), ('f', 'n'), ('f', 'pa'), ('n', 'pa')]
    """
    out = []
    for a, b in combinations(list(dict.fromkeys(expressions)), 2):
        ta, tb = single(a), single(b)
        if ta is None or tb is None or ta.plan().swap or tb.plan().swap:
            continue
        if set(ta.plan().features) & set(tb.plan().features) or not commutes(ta, tb):
            continue
        out.append((a, b))
    return out[:limit] if limit is not None else out


def asks_question(expression: str) -> bool:
    """Whether the expression makes a polar question."""
    try:
        return parse(expression).plan().features.get("force") == "ques"
    except Exception:
        return False


def reanalysis(
    source: Analysis, expression: str, output: Analysis, stated: bool = False
) -> str | None:
    """Why the output's own analysis does not show exactly the requested change, or None.
    The source and output must come from the same analyzer. ``stated``: ``output`` is the
    statement a question output asks (:func:`engine.checks.declarative_of`), judged against the
    plan without its question."""
    try:
        plan = parse(expression).plan()
    except Exception:
        return None
    if stated:
        plan = EditPlan({k: v for k, v in plan.features.items() if k != "force"}, plan.swap)
        return keeps_source(source, plan, output)
    if (
        plan.features.get("shorten")
        or plan.features.get("cleft") is not None
        or "cleft" in plan.features
    ):
        return None  # a cleft's and a shortening's analyses are read by their own checks
    why = shows_change(plan, output.text, None, output)
    if why:
        return why
    return keeps_source(source, plan, output)
