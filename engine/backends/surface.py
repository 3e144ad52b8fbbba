"""The surface backend: feature-driven realization on the spaCy analysis.

It needs no grammar, checkpoint or network, and it edits as little as it can: tokens that a
transformation does not touch are copied from the source with their original whitespace,
so contrast sets stay minimal. What it does, on the main predicate:

* rebuilds the verb group from the target features: modal or *will*, perfect *have*,
  progressive *be*, passive *be*, the lexical verb (lemminflect for irregular forms), with
  agreement to the (new) subject, do-support for negation and questions, and negation after
  the first auxiliary; conjoined verbs without their own auxiliary follow the main verb's form;
* moves arguments for voice and swap (the object becomes the subject and the subject a
  *by*-phrase, and back), with pronoun case (*he* <-> *him*);
* lays out polar questions (the first auxiliary before the subject, ``?``) and it-clefts
  (*It is X who/that ...*, *who* for people, *that* otherwise);
* shortens a core argument to its head noun phrase (``shorten``), only where the result is
  entailed by the source (see :func:`engine.shortening.shorten_cut`);
* reads verbless captions (*A man in a blue shirt standing in front of a garage .*) as present
  progressive clauses, SNLI's convention, when ``captions`` is on (see :class:`RestoredCaption`).

Where English allows several forms it returns several candidates, in order of preference
(full and contracted negation, *who* and *that*, nominative and accusative focus pronouns).
``score`` is that preference (1, 1/2, 1/3, ...) until a ranker re-scores them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import captions
from ..analyzers import SpacyAnalyzer
from ..checks import UNCHANGED
from ..ir import Analysis
from ..surface import SurfaceRealizer
from ..surface.clefts import uncleft
from ..transforms import EditPlan
from .base import CANDIDATES, OK, Candidate, Realization, register


@dataclass(frozen=True)
class RestoredCaption:
    """``Analysis.native`` of a verbless caption read as a clause.

    SNLI's captions are often a noun phrase with an ``-ing`` participle (*A man in a blue shirt
    standing in front of a garage .*), which annotators read as a present progressive clause.
    :meth:`SurfaceBackend.analyze` inserts *is*/*are* before the participle and returns the
    analysis of that clause; its ``native`` is this record: the clause's spaCy ``Doc``, the
    caption as given (what the identity plan returns) and a short note for record reasons.
    """

    doc: Any
    original: str
    note: str


@register("surface")
class SurfaceBackend:
    """Rule-based realizer over the spaCy analysis (the embedded default): the adapter between
    the backend contract and :class:`engine.surface.SurfaceRealizer`.

    ``captions`` (default on) reads verbless captions as present progressive clauses, see
    :class:`RestoredCaption`.

    >>> backend = SurfaceBackend()
    >>> from engine.transforms import parse
    >>> [r.best for r in backend.realize(backend.analyze(["A man is riding a bike."]),
    ...                                   [parse("tense(past)+passive").plan()])]
    ['A bike was being ridden by a man.']
    >>> [r.best for r in backend.realize(backend.analyze(["A young boy playing in the grass ."]),
    ...                                   [parse("tense(past)").plan()])]
    ['A young boy was playing in the grass .']
    """

    name = "surface"
    options = (CANDIDATES,)
    unsupported_reasons = {
        "promote": "it promotes the object or a recipient: passive(ARG1), passive(ARG2)"
    }
    supports = frozenset(
        {
            "tense",
            "progressive",
            "perfect",
            "voice",
            "modality",
            "polarity",
            "force",
            "cleft",
            "swap",
            "shorten",
            "promote=ARG1",
            "promote=ARG2",
        }
    )

    def __init__(
        self,
        analyzer: SpacyAnalyzer | None = None,
        invariant: Iterable[str] = (),
        max_candidates: int = 4,
        model: str | None = None,
        tense_scope: str = "main",
        captions: bool = True,
    ):
        self.realizer = SurfaceRealizer(invariant, max_candidates, tense_scope)
        self.captions = captions
        self._analyzer = analyzer
        self._model = model

    @property
    def tense_scope(self) -> str:
        return self.realizer.tense_scope

    @property
    def scope(self) -> str:
        """The clauses it edits (the contract's ``scope``): ``main``, or ``all`` for tense."""
        return self.realizer.tense_scope

    @property
    def analyzer(self) -> SpacyAnalyzer:
        if self._analyzer is None:
            self._analyzer = SpacyAnalyzer(model=self._model)
        return self._analyzer

    def analyze(self, texts: Sequence[str]) -> list[Analysis]:
        analyses = self.analyzer.analyze(texts)
        return self._restore_captions(analyses) if self.captions else analyses

    def _restore_captions(self, analyses: list[Analysis]) -> list[Analysis]:
        """Replace the analysis of every verbless caption by that of its clause reading
        (:func:`engine.captions.restore`)."""
        out = list(analyses)
        for k, found in enumerate(captions.restore(self.analyzer, analyses)):
            if found is not None:
                clause, note = found
                out[k] = replace(
                    clause, native=RestoredCaption(clause.native, analyses[k].text, note)
                )
        return out

    def realize(self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]) -> list[Realization]:
        """Realize ``plans[k]`` on ``analyses[k]`` for every k."""
        if len(analyses) != len(plans):
            raise ValueError(f"{len(analyses)} analyses but {len(plans)} plans")
        return [self.realize_one(a, p) for a, p in zip(analyses, plans, strict=True)]

    def realize_one(self, analysis: Analysis, plan: EditPlan) -> Realization:
        caption = analysis.native if isinstance(analysis.native, RestoredCaption) else None
        main = analysis.main_frame
        if (
            "cleft" in plan.features
            and plan.features["cleft"] is None
            and main is not None
            and main.predicate.cleft is not None
        ):
            return self._uncleft(analysis, plan)
        result = self.realizer.realize(analysis, plan)
        if caption is None:
            return result
        if set(plan.features) == {"shorten"} and not plan.swap:
            return self._shortened_caption(analysis, caption, result)
        if result.status == OK:
            return Realization(
                OK, "; ".join(r for r in (caption.note, result.reason) if r), result.candidates
            )
        return Realization(result.status, f"{result.reason} ({caption.note})", result.candidates)

    @staticmethod
    def _shortened_caption(
        clause: Analysis, caption: RestoredCaption, result: Realization
    ) -> Realization:
        """A shortening changes only its argument: a caption stays a caption (*A man in a red hat
        sleeping ...* -> *A man sleeping ...*), and one with nothing to shorten is returned as
        given, ``unchanged``. The copula the clause reading inserted is taken out again."""
        if result.status != OK:
            return Realization(
                result.status, f"{result.reason} ({caption.note})", result.candidates
            )
        if result.reason.startswith(UNCHANGED) or result.best == clause.text:
            return Realization(
                OK,
                result.reason or UNCHANGED + "nothing to shorten",
                (Candidate(caption.original, 1.0),),
            )
        tokens = clause.sentence.tokens
        main = clause.main_frame
        be = tokens[main.verb_group[0]] if main is not None and main.verb_group else None
        if be is None or be.i + 1 >= len(tokens):
            return Realization.not_applicable(
                f"the shortened caption could not be restored ({caption.note})"
            )
        pattern, after = f" {be.text} {tokens[be.i + 1].text}", f" {tokens[be.i + 1].text}"
        candidates = tuple(
            Candidate(c.text.replace(pattern, after, 1), c.score)
            for c in result.candidates
            if pattern in c.text
        )
        if not candidates:
            return Realization.not_applicable(
                f"the shortened caption could not be restored ({caption.note})"
            )
        return Realization(OK, result.reason, candidates)

    def _uncleft(self, analysis: Analysis, plan: EditPlan) -> Realization:
        """Undo an it-cleft (:func:`engine.surface.clefts.uncleft`), confirm that the clause
        parses with the same main verb, then realize the rest of the plan on it."""
        try:
            text = uncleft(analysis)
        except ValueError as exc:
            return Realization.not_applicable(f"uncleft: {exc}")
        clause = self.analyzer.analyze([text])[0]
        lemma = analysis.main_frame.predicate.lemma
        if (
            clause.main_frame is None
            or clause.main_frame.predicate.lemma != lemma
            or clause.main_frame.predicate.cleft
        ):
            return Realization.not_applicable(
                f"uncleft: the rebuilt clause {text!r} does not parse with the main verb '{lemma}'"
            )
        rest = {k: v for k, v in plan.features.items() if k != "cleft"}
        tokens = analysis.sentence.tokens
        if tokens and tokens[-1].text == "?" and clause.main_frame.predicate.force != "ques":
            rest.setdefault("force", "ques")  # a cleft question is asked again of the plain clause
        rest = EditPlan(rest, plan.swap)
        if rest.is_identity:
            return Realization(OK, f"uncleft: {text!r}", (Candidate(text, 1.0),))
        result = self.realizer.realize(clause, rest)
        note = f"uncleft first: {text!r}"
        return replace(result, reason="; ".join(r for r in (note, result.reason) if r))
