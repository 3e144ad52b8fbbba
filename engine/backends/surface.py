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
  entailed by the source (see :func:`_shorten_cut`);
* reads verbless captions (*A man in a blue shirt standing in front of a garage .*) as present
  progressive clauses, SNLI's convention, when ``captions`` is on (see :class:`RestoredCaption`).

Where English allows several forms it returns several candidates, in order of preference
(full and contracted negation, *who* and *that*, nominative and accusative focus pronouns).
``score`` is that preference (1, 1/2, 1/3, ...) until a ranker re-scores them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .. import captions, english
from ..analyzers import SpacyAnalyzer
from ..checks import UNCHANGED, describe, refusal, target_features
from ..english import Agreement
from ..ir import Analysis, Argument, Frame, Predicate, Token, readable_role
from ..transforms import EditPlan
from .base import OK, Candidate, Realization, register

_NO_SPACE_BEFORE = {".", ",", "?", "!", ";", ":", "n't", "'s", "'re", "'ve", "'ll", "'d", "'m", ")", "%", "'"}
_PUNCT_END = {".", "?", "!"}


@dataclass
class _Item:
    text: str
    src: int | None = None  # source token index, for original whitespace
    slot: str = "other"


@dataclass(frozen=True)
class _Options:
    """One way to spell the target where English allows several."""

    contract: bool = False
    irregular_ok: bool = True
    source_stems: frozenset[str] = frozenset()  # auxiliaries the source contracts (wo, ca)
    relative: str = "that"
    focus_case: str = "nom"
    modal_perfect: bool = False


@dataclass
class _Layout:
    """The source sentence seen as slots, computed once per analysis and plan."""

    analysis: Analysis
    frame: Frame
    target: dict
    plan: EditPlan
    subject: list[_Item] | None = None
    subject_role: str | None = None
    postverbal: list[_Item] | None = None  # new object (active) or by-agent (passive)
    postverbal_role: str | None = None
    postverbal_slot: str = "obj"
    removed: set[int] = field(default_factory=set)
    cut: frozenset[int] = frozenset()  # tokens shorten drops
    respell: dict[int, str] = field(default_factory=dict)  # kept tokens spelled anew (a -> an)
    agreement: Agreement = english.THIRD_SG


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
    """Rule-based realizer over the spaCy analysis (the embedded default).

    ``captions`` (default on) reads verbless captions as present progressive clauses, see
    :class:`RestoredCaption`.

    >>> backend = SurfaceBackend()
    >>> from engine.transforms import parse
    >>> [r.best for r in backend.realize(backend.analyze(["A man is riding a bike."]),
    ...                                   [parse("tense(past)+passive").plan()])]
    ['A bike was being ridden by a man.']
    >>> [r.best for r in backend.realize(backend.analyze(["A young boy playing in the grass ."] * 2),
    ...                                   [parse("tense(past)").plan(), parse("identity").plan()])]
    ['A young boy was playing in the grass .', 'A young boy playing in the grass .']
    """

    name = "surface"
    supports = frozenset({"tense", "progressive", "perfect", "voice", "modality", "polarity", "force", "cleft", "swap",
                          "shorten"})

    def __init__(self, analyzer: SpacyAnalyzer | None = None, invariant: Iterable[str] = (),
                 max_candidates: int = 4, model: str | None = None, tense_scope: str = "main",
                 captions: bool = True):
        if tense_scope not in ("main", "all"):
            raise ValueError(f"tense_scope must be 'main' or 'all', not {tense_scope!r}")
        self.tense_scope = tense_scope
        self.captions = captions
        self._analyzer = analyzer
        self._model = model
        self.invariant = frozenset(w.lower() for w in invariant)
        self.max_candidates = max_candidates

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
                out[k] = replace(clause, native=RestoredCaption(clause.native, analyses[k].text, note))
        return out

    def realize(self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]) -> list[Realization]:
        """Realize ``plans[k]`` on ``analyses[k]`` for every k."""
        if len(analyses) != len(plans):
            raise ValueError(f"{len(analyses)} analyses but {len(plans)} plans")
        return [self.realize_one(a, p) for a, p in zip(analyses, plans, strict=True)]

    # -- one analysis, one plan --------------------------------------------------------------
    def realize_one(self, analysis: Analysis, plan: EditPlan) -> Realization:
        caption = analysis.native if isinstance(analysis.native, RestoredCaption) else None
        if plan.is_identity:
            return Realization(OK, "identity", (Candidate(caption.original if caption else analysis.text, 1.0),))
        result = self._realize_clause(analysis, plan)
        if caption is None:
            return result
        if result.status == OK:
            return Realization(OK, "; ".join(r for r in (caption.note, result.reason) if r), result.candidates)
        return Realization(result.status, f"{result.reason} ({caption.note})", result.candidates)

    def _realize_clause(self, analysis: Analysis, plan: EditPlan) -> Realization:
        frame = _target_frame(analysis, plan)
        if frame is None:
            return Realization.not_applicable("no verbal predicate found in the sentence")
        if not frame.finite:
            return Realization.not_applicable("the main predicate is not a finite verb")
        src = frame.predicate
        if src.cleft is not None:
            return Realization.not_applicable(
                f"the source is already an it-cleft (focus {src.cleft}); the surface backend does not rewrite it-clefts"
            )
        target, reason = target_features(src, plan)
        reason = reason or (refusal(analysis, plan) if target != src.features() or plan.swap else None)
        if reason:
            return Realization.not_applicable(reason)
        cut = None
        if plan.features.get("shorten"):
            cut = _shorten_cut(analysis, frame, plan.features["shorten"], target)
            if isinstance(cut, str):
                return Realization.not_applicable(cut)
        layout = _Layout(analysis, frame, target, plan)
        reason = self._arrange(layout, plan)
        if reason:
            return Realization.not_applicable(reason)
        if cut is not None:
            _apply_cut(layout, cut)
        if target == src.features() and not plan.swap and cut is None and self.tense_scope == "main":
            return Realization(OK, UNCHANGED + describe(plan), (Candidate(analysis.text, 1.0),))
        cleft = _resolve_cleft(target.get("cleft"), layout)
        if cleft is not None and _cleft_slot(layout, cleft) is None:
            return Realization.not_applicable(f"cleft({target['cleft']}): the predicate has no {cleft} that can be focused")
        texts: list[str] = []
        for options in _option_space(src, target, plan, layout):
            text = self._render(layout, options)
            if text and text not in texts:
                texts.append(text)
            if len(texts) >= self.max_candidates:
                break
        candidates = tuple(Candidate(t, 1.0 / (k + 1)) for k, t in enumerate(texts))
        reason = UNCHANGED + describe(plan) if texts == [analysis.text] else ""
        return Realization(OK, reason, candidates)

    def _retense(self, analysis: Analysis, frame: Frame, tense: str) -> dict[int, list[str]]:
        """Verb-group rewrites that give a secondary clause the tense ``tense``."""
        src = frame.predicate
        target, reason = target_features(src, EditPlan({"tense": tense}))
        if reason or target == src.features():
            return {}
        agr = _source_agreement(analysis, frame, _by_function(frame, "subj"))
        contracted = any(analysis.sentence.tokens[i].text.lower() == "n't" for i in frame.verb_group)
        opts = _Options(contract=contracted)
        chain = _verb_chain(src.lemma, target, agr, self.invariant, opts)
        chain = _with_negation(chain, target["polarity"] == "neg", opts, src.lemma, target["tense"], agr, self.invariant)
        return _place_chain(frame, chain, analysis.sentence.tokens)

    # -- argument structure ----------------------------------------------------------------
    def _arrange(self, layout: _Layout, plan: EditPlan) -> str | None:
        """Decide who is subject and what follows the verb; return a reason if impossible."""
        frame, target, tokens = layout.frame, layout.target, layout.analysis.sentence.tokens
        src = frame.predicate
        subj, obj, agent = (_by_function(frame, f) for f in ("subj", "obj", "agent"))
        voice_change = target["voice"] != src.voice
        if not voice_change and not plan.swap:
            if subj is not None:
                layout.subject = _items(tokens, subj.span, "subj")
                layout.subject_role = subj.role
                layout.removed.update(range(*subj.span))
            layout.agreement = _source_agreement(layout.analysis, frame, subj)
            return None
        if src.lemma == "be" and not src.voice == "passive":
            return "copular 'be' has no object to promote or swap"
        if subj is None:
            return "the predicate has no subject"
        iobj = _by_function(frame, "iobj")
        if iobj is not None:
            return f"double-object verb (indirect object '{iobj.text}'): the surface backend does not move its arguments"
        shared = _conjoined_verbs(layout.analysis, frame)
        if shared:
            word = tokens[min(shared)].text
            return f"the subject is shared with the conjoined verb '{word}'; moving it would change that verb's subject too"
        # The two core phrases, by role.
        if src.voice == "active":
            arg0, arg1 = subj, obj
        else:
            arg1, arg0 = subj, agent
        p0 = _items(tokens, (arg0.span[0] + (1 if arg0.function == "agent" else 0), arg0.span[1]), "arg0") if arg0 else None
        p1 = _items(tokens, arg1.span, "arg1") if arg1 else None
        if plan.swap:
            if p0 is None or p1 is None:
                return "swap needs both a subject and an object (the predicate has only one core argument)"
            p0, p1 = p1, p0
        for a in (subj, obj, agent):
            if a is not None:
                layout.removed.update(range(*a.span))
        if target["voice"] == "active":
            if p0 is None:
                return "an agentless passive has no agent to make the subject of an active sentence"
            layout.subject, layout.subject_role = _recase(p0, "nom"), "ARG0"
            if p1 is not None:
                layout.postverbal, layout.postverbal_role, layout.postverbal_slot = _recase(p1, "acc"), "ARG1", "obj"
        else:
            if p1 is None:
                return "no direct object to promote: passive needs a transitive verb with an object"
            layout.subject, layout.subject_role = _recase(p1, "nom"), "ARG1"
            if p0 is not None:
                layout.postverbal = [_Item("by", None, "agent")] + [
                    _Item(i.text, i.src, "agent") for i in _recase(p0, "acc")
                ]
                layout.postverbal_role, layout.postverbal_slot = "ARG0", "agent"
        for it in layout.subject:
            it.slot = "subj"
        head_src = _phrase_head(layout.analysis, frame, layout.subject)
        layout.agreement = _agreement_of(layout.analysis, head_src, layout.subject)
        return None

    # -- rendering -------------------------------------------------------------------------
    def _render(self, layout: _Layout, options: _Options) -> str:
        analysis, frame, target = layout.analysis, layout.frame, layout.target
        tokens = analysis.sentence.tokens
        src = frame.predicate
        question = target["force"] == "ques"
        cleft_role = _resolve_cleft(target.get("cleft"), layout)
        focus_is_subject = cleft_role is not None and cleft_role == layout.subject_role
        chain = _verb_chain(src.lemma, target, layout.agreement, self.invariant, options)
        # "never" is an adverb that negates: it needs no do-support, and it follows the first
        # auxiliary when there is one (*will never pay*), else it keeps its place.
        negative = target["polarity"] == "neg"
        never = [i for i in frame.verb_group if tokens[i].text.lower() == "never"] if negative else []
        chain = _with_negation(chain, negative and not never, options, src.lemma, target["tense"],
                               layout.agreement, self.invariant)
        never_moves = bool(never) and len(chain) > 1
        if never_moves:
            chain = [chain[0], *(tokens[i].text for i in never), *chain[1:]]  # will never pay
        operator: list[str] = []
        if question and cleft_role is None:
            chain, operator = _invert(chain, src.lemma, target, layout.agreement, self.invariant)

        group = set(frame.verb_group)
        src_subj = _by_function(frame, "subj")
        conj_verbs = _conjoined_verbs(analysis, frame)
        conj_tag = "VB" if operator and len(chain) <= 1 else _tag_of(chain, target)

        items: list[_Item] = []
        subject_emitted = False

        def emit_subject():
            nonlocal subject_emitted
            if subject_emitted or layout.subject is None:
                return
            items.extend(_Item(o, None, "op") for o in operator)
            items.extend(layout.subject)
            subject_emitted = True

        keep_source_vg = _unchanged_group(src, target, layout) and not operator and src.force == "prop"
        rewrites: dict[int, list[str]] = {} if keep_source_vg else _place_chain(frame, chain, tokens)
        for i in never if not keep_source_vg else ():
            if never_moves:
                rewrites[i] = []  # the chain carries it
            else:
                rewrites.pop(i, None)  # it stays where it is
        if self.tense_scope == "all" and "tense" in layout.plan.features:
            for other in _other_clauses(analysis, frame, conj_verbs):
                rewrites.update(self._retense(analysis, other, layout.plan.features["tense"]))
        for i, tok in enumerate(tokens):
            if src_subj is not None and i == src_subj.span[0]:
                emit_subject()
            if i in layout.removed:
                continue
            if i in rewrites:
                items.extend(_Item(w, None, "vg") for w in rewrites[i])
            elif i in group:
                items.append(_Item(tok.text, i, "vg"))
            if i in group or i in rewrites:
                if i == frame.verb and layout.postverbal and _particle_of(tokens, i) is None:
                    items.extend(layout.postverbal)
                continue
            if i in conj_verbs and not keep_source_vg:
                lemma = english.verb_lemma(tok.text, tok.lemma)
                items.append(_Item(english.inflect(lemma, conj_tag, layout.agreement, self.invariant), None, "other"))
                continue
            items.append(_Item(layout.respell.get(i, tok.text), i, "other"))
            if layout.postverbal and i == _particle_of(tokens, frame.verb):
                items.extend(layout.postverbal)  # after the particle: "given up by you"
        if not subject_emitted and layout.subject is None and operator:
            # Subjectless question (imperative, or a parse without a subject): operator first.
            items[:0] = [_Item(o, None, "op") for o in operator]
        _fix_final_punctuation(items, tokens, question)
        if cleft_role is not None:
            items = _cleft(items, cleft_role, focus_is_subject, layout, options, question)
            if items is None:
                return ""
        _fix_capitals(items, tokens)
        return _join(items, tokens)


_EMBEDDABLE = frozenset({"voice", "tense", "progressive", "perfect", "modality"})


def _target_frame(analysis: Analysis, plan: EditPlan) -> Frame | None:
    """The frame a plan edits: the main one, except that a voice change or swap the main
    predicate cannot take (no object: *they believe [the media played a role]*) goes to the
    first finite clause that can, when the plan has nothing clause-level (question, cleft,
    negation) that must stay on the main predicate."""
    main = analysis.main_frame
    moves = "voice" in plan.features or plan.swap
    if main is None or not moves or not set(plan.features) <= _EMBEDDABLE:
        return main

    def movable(f: Frame) -> bool:
        functions = {a.function for a in f.arguments}
        if "subj" not in functions or "iobj" in functions:
            return False
        return "obj" in functions or f.predicate.voice == "passive"

    if movable(main):
        return main
    for f in analysis.frames:
        if f is not main and f.finite and f.predicate.force == "prop" and movable(f):
            return f
    return main


def _place_chain(frame: Frame, chain: list[str], tokens: Sequence[Token]) -> dict[int, list[str]]:
    """Where the words of a new verb chain go: the first word takes the place of the first
    auxiliary after the subject (so adverbs between auxiliaries stay: *has also made* ->
    *will also have made*), the rest that of the lexical verb; other group tokens go."""
    subj = _by_function(frame, "subj")
    subj_start = subj.span[0] if subj else -1
    verbs = [i for i in frame.verb_group if tokens[i].dep != "neg"]
    anchor = next((i for i in verbs if i > subj_start), frame.verb)
    out: dict[int, list[str]] = {i: [] for i in frame.verb_group}
    if anchor != frame.verb:
        out[anchor], out[frame.verb] = chain[:1], chain[1:]
    else:
        out[frame.verb] = list(chain)
    return out


def _other_clauses(analysis: Analysis, main: Frame, conj_verbs: set[int]) -> list[Frame]:
    """Finite declarative clauses besides the main one (for ``tense_scope='all'``)."""
    taken = set(main.verb_group) | conj_verbs
    return [f for f in analysis.frames if f is not main and f.finite and f.predicate.force == "prop"
            and f.predicate.cleft is None and not taken & set(f.verb_group)]


# --- target features ------------------------------------------------------------------------
def _option_space(src: Predicate, target: dict, plan: EditPlan, layout: _Layout):
    tokens = layout.analysis.sentence.tokens
    contracted_src = any(tokens[i].text.lower() == "n't" for i in layout.frame.verb_group)
    stems = frozenset(tokens[i - 1].text.lower() for i in layout.frame.verb_group if i > 0 and tokens[i].text.lower() == "n't")
    # (contract, irregular contractions allowed): a contracted source keeps its style, but an
    # irregular contraction (won't) comes after the full form.
    contract_opts = ((True, False), (False, True), (True, True)) if contracted_src else ((False, True), (True, True))
    cleft = _resolve_cleft(target.get("cleft"), layout)
    person = cleft is not None and _focus_is_person(layout, cleft)
    focus_subject = cleft is not None and cleft == layout.subject_role
    if cleft is None:
        rel_opts = ("that",)
    elif focus_subject and person:
        rel_opts = ("who", "that")
    elif person:
        rel_opts = ("that", "who")
    else:
        rel_opts = ("that",)
    case_opts = ("nom", "acc") if focus_subject else ("acc",)
    modal_new = target.get("modality") and not src.modality and "tense" not in plan.features
    perfect_opts = (False, True) if modal_new and src.tense == "past" and not target["perfect"] else (False,)
    for perf, rel, case, (contract, irregular) in itertools.product(perfect_opts, rel_opts, case_opts, contract_opts):
        yield _Options(contract=contract, irregular_ok=irregular, source_stems=stems, relative=rel,
                       focus_case=case, modal_perfect=perf)


# --- verb chain -------------------------------------------------------------------------------
def _verb_chain(lemma: str, target: dict, agr: Agreement, invariant: frozenset[str], options: _Options) -> list[str]:
    words: list[str] = []
    need = "fin"
    tense = target["tense"]
    if target.get("modality"):
        words.append(target["modality"])
        need = "VB"
    elif tense == "fut":
        words.append("will")
        need = "VB"

    def form(lem: str) -> str:
        if need == "fin":
            tag = "VBD" if tense == "past" else ("VBZ" if english.third_singular(agr) else "VBP")
        else:
            tag = need
        return english.inflect(lem, tag, agr, invariant)

    if target["perfect"] or options.modal_perfect:
        words.append(form("have"))
        need = "VBN"
    if target["progressive"]:
        words.append(form("be"))
        need = "VBG"
    if target["voice"] == "passive":
        words.append(form("be"))
        need = "VBN"
    words.append(form(lemma))
    return words


def _has_auxiliary(chain: list[str], lemma: str) -> bool:
    return len(chain) > 1 or lemma == "be"


def _do_support(chain: list[str], lemma: str, agr: Agreement, tense: str, invariant) -> list[str]:
    tag = "VBD" if tense == "past" else ("VBZ" if english.third_singular(agr) else "VBP")
    return [english.inflect("do", tag, agr), english.inflect(lemma, "VB", agr, invariant)]


def _with_negation(chain: list[str], negative: bool, options: _Options, lemma: str, tense: str,
                   agr: Agreement, invariant: frozenset[str]) -> list[str]:
    if not negative:
        return chain
    if not _has_auxiliary(chain, lemma):
        # do-support: the finite form of the lexical verb moves to "do".
        chain = _do_support(chain, lemma, agr, tense, invariant)
    head, rest = chain[0], chain[1:]
    contraction = english.negative_contraction(head)
    # A contracted source keeps contractions first, except where the stem changes (won't).
    irregular = options.irregular_ok or (contraction is not None and contraction[:-3] in options.source_stems)
    contract = options.contract if english.is_regular_contraction(head) else options.contract and irregular
    if contract and contraction and not english.is_rare_contraction(contraction):
        # "won't" = "wo" + "n't", as tokenizers (and PTB) split it.
        return [contraction[:-3], "n't", *rest]
    return [head, "not", *rest]


def _invert(chain, lemma, target, agr, invariant) -> tuple[list[str], list[str]]:
    """Split the chain into the fronted operator and the rest (do-support if needed)."""
    if _has_auxiliary(chain, lemma) or (len(chain) > 1 and chain[1] in ("not", "n't")):
        if len(chain) > 1 and chain[1] == "n't":
            return chain[2:], [chain[0], "n't"]
        return chain[1:], chain[:1]
    do_chain = _do_support(chain, lemma, agr, target["tense"], invariant)
    return do_chain[1:], do_chain[:1]


def _tag_of(chain: list[str], target: dict) -> str:
    """Penn tag the lexical verb has in ``chain`` (for conjoined verbs)."""
    main = chain[-1]
    if len(chain) == 1:
        return "VBD" if target["tense"] == "past" else ("VBZ" if main.endswith("s") else "VBP")
    prev = chain[-2].lower()
    if prev in ("not", "n't"):
        prev = chain[-3].lower() if len(chain) > 2 else ""
    if prev in ("been", "was", "were", "is", "are", "am", "be", "being") and target["voice"] == "passive":
        return "VBN"
    if target["progressive"] and prev in ("be", "is", "are", "am", "was", "were", "been"):
        return "VBG"
    if prev in ("have", "has", "had"):
        return "VBN"
    return "VB"


def _by_function(frame: Frame, function: str) -> Argument | None:
    """The frame's first argument with this grammatical function (``subj``, ``obj`` ...)."""
    return next((a for a in frame.arguments if a.function == function), None)


def _unchanged_group(src: Predicate, target: dict, layout: _Layout) -> bool:
    keys = ("tense", "progressive", "perfect", "voice", "modality", "polarity")
    same = all(src.features()[k] == target[k] for k in keys)
    moved = layout.postverbal is not None or any(it.src is None for it in layout.subject or [])
    return same and not moved and layout.subject is not None and all(
        it.src is not None and it.slot == "subj" for it in layout.subject
    ) and _subject_is_source(layout)


def _subject_is_source(layout: _Layout) -> bool:
    src_subj = _by_function(layout.frame, "subj")
    return src_subj is not None and [it.src for it in layout.subject] == [
        i for i in range(*src_subj.span) if i not in layout.cut]


# --- arguments ---------------------------------------------------------------------------------
def _items(tokens: Sequence[Token], span: tuple[int, int], slot: str) -> list[_Item]:
    return [_Item(tokens[i].text, i, slot) for i in range(*span)]


def _recase(items: list[_Item], case: str) -> list[_Item]:
    if len(items) == 1 and english.is_personal_pronoun(items[0].text):
        new = english.with_case(items[0].text, case)
        if new != items[0].text:
            return [_Item(new, None, items[0].slot)]
    return [_Item(i.text, i.src, i.slot) for i in items]


def _phrase_head(analysis: Analysis, frame: Frame, phrase: list[_Item]) -> int | None:
    srcs = {it.src for it in phrase if it.src is not None}
    for arg in frame.arguments:
        if arg.head in srcs:
            return arg.head
        if arg.function == "agent":
            inner = [t for t in analysis.sentence.tokens if t.head == arg.head and t.dep == "pobj"]
            if inner and inner[0].i in srcs:
                return inner[0].i
    return None


def _agreement_of(analysis: Analysis, head: int | None, phrase: list[_Item]) -> Agreement:
    if len(phrase) == 1:
        agr = english.pronoun_agreement(phrase[0].text)
        if agr is not None:
            return agr
    if head is None:
        return english.THIRD_SG
    tokens = analysis.sentence.tokens
    tok = tokens[head]
    agr = english.pronoun_agreement(tok.text)
    if agr is not None:
        return agr
    if any(t.head == head and t.dep == "conj" for t in tokens) and any(
        t.head == head and t.dep == "cc" and t.text.lower() == "and" for t in tokens
    ):
        return english.THIRD_PL
    if tok.tag in ("NNS", "NNPS"):
        return english.THIRD_PL
    return english.THIRD_SG


def _source_agreement(analysis: Analysis, frame: Frame, subj) -> Agreement:
    """Agreement of an unchanged subject, from the source verb form where it shows it."""
    tokens = analysis.sentence.tokens
    if subj is None:
        return english.THIRD_SG
    by_noun = _agreement_of(analysis, subj.head, _items(tokens, subj.span, "subj"))
    if by_noun.person != 3:
        return by_noun
    for i in frame.verb_group:
        low = tokens[i].text.lower()
        if low in ("is", "was", "has", "does", "'s") or tokens[i].tag == "VBZ":
            return english.THIRD_SG
        if low in ("are", "were", "have", "do", "'re") or tokens[i].tag == "VBP":
            return english.THIRD_PL
    return by_noun


def _conjoined_verbs(analysis: Analysis, frame: Frame) -> set[int]:
    tokens = analysis.sentence.tokens
    out = set()
    for t in tokens:
        if t.dep == "conj" and t.head == frame.verb and t.tag in ("VBD", "VBZ", "VBP", "VB") and t.pos == "VERB":
            has_own = any(c.head == t.i and c.dep in ("aux", "auxpass", "nsubj", "nsubjpass") for c in tokens)
            if not has_own:
                out.add(t.i)
    return out


def _particle_of(tokens: Sequence[Token], verb: int) -> int | None:
    """Index of the verb's particle (*give it up*), or None."""
    return next((t.i for t in tokens if t.dep == "prt" and t.head == verb and t.i > verb), None)


# --- clefts --------------------------------------------------------------------------------------
def _resolve_cleft(role: str | None, layout: _Layout) -> str | None:
    if role == "SUBJ":
        return layout.subject_role
    return role


def _focus_is_person(layout: _Layout, role: str) -> bool:
    tokens = layout.analysis.sentence.tokens
    if role == layout.subject_role:
        phrase = layout.subject or []
    elif role == layout.postverbal_role:
        phrase = [it for it in layout.postverbal or [] if it.text != "by" or it.src is not None]
    else:
        arg = layout.frame.argument(role)
        phrase = _items(tokens, arg.span, "x") if arg else []
    words = [it.text.lower() for it in phrase]
    if len(words) == 1 and english.is_personal_pronoun(words[0]):
        return True
    persons = english.person_nouns()
    srcs = [it.src for it in phrase if it.src is not None]
    if any(tokens[s].ent_type == "PERSON" for s in srcs):
        return True
    return any(w in persons for w in words)


def _cleft_slot(layout: _Layout, role: str) -> tuple[str, tuple[int, int] | None] | None:
    """Where the focus of ``cleft(role)`` is: (slot, source span to mark) or None."""
    if role == layout.subject_role:
        return "subj", None
    if role == layout.postverbal_role and layout.postverbal:
        return layout.postverbal_slot, None
    if layout.postverbal is None:
        arg = layout.frame.argument(role)
        if arg is not None and arg.function == "obj":
            return "obj", arg.span
        if arg is not None and arg.function in ("pp", "attr", "agent"):
            return "arg:" + role, arg.span
    return None


def _cleft(items: list[_Item], role: str, focus_is_subject: bool, layout: _Layout, options: _Options,
           question: bool) -> list[_Item] | None:
    found = _cleft_slot(layout, role)
    if found is None:
        return None
    slot, span = found
    if span is not None:
        for it in items:
            if it.src is not None and span[0] <= it.src < span[1]:
                it.slot = slot
    focus = [it for it in items if it.slot == slot]
    if not focus:
        return None
    if len(focus) == 1 and english.is_personal_pronoun(focus[0].text):
        case = options.focus_case if slot == "subj" else "acc"
        focus = [_Item(english.with_case(focus[0].text, case), None, slot)]
    rest = [it for it in items if it.slot != slot]
    final = [rest.pop()] if rest and rest[-1].text in _PUNCT_END else []
    # Material before the subject (fronted adverbials) stays in front of "it".
    subj_pos = next((k for k, it in enumerate(rest) if it.slot in ("subj", "op")), None)
    if slot == "subj":
        subj_pos = next((k for k, it in enumerate(items) if it.slot == "subj"), 0)
        prefix = [it for it in items[:subj_pos] if it.slot not in ("vg",)]
        prefix = [it for it in prefix if it in rest]
    else:
        prefix = rest[:subj_pos] if subj_pos else []
    body = [it for it in rest if it not in prefix]
    copula = "was" if layout.target["tense"] == "past" and not layout.target.get("modality") else "is"
    head = [_Item(copula, None, "cleft"), _Item("it", None, "cleft")] if question else [
        _Item("it", None, "cleft"), _Item(copula, None, "cleft")]
    return prefix + head + focus + [_Item(options.relative, None, "cleft")] + body + final


# --- shorten -------------------------------------------------------------------------------------
_NP_POS = ("NOUN", "PROPN", "PRON", "NUM", "DET")
# What a head noun phrase keeps: determiners, possessors, numerals and compound nouns (with
# their own dependents: "at least two", "the man 's", "ice cream").
_KEEP_DEPS = ("det", "predet", "poss", "nummod", "compound", "quantmod", "case", "neg")
_DETERMINER_DEPS = ("det", "predet", "poss", "nummod", "quantmod")
# Adjectives that quantify rather than describe (*several people*, *a few men*): kept.
_QUANTITY_ADJECTIVES = frozenset({"few", "fewer", "several", "many", "much", "more", "most", "less", "little",
                                  "numerous", "multiple", "various", "countless"})


@dataclass(frozen=True)
class _Cut:
    removed: frozenset[int]
    respell: dict[int, str]


def _subtree(kids: list[list[int]], i: int) -> set[int]:
    out, todo = set(), [i]
    while todo:
        j = todo.pop()
        if j not in out:
            out.add(j)
            todo.extend(kids[j])
    return out


def _head_np(tokens: Sequence[Token], kids: list[list[int]], head: int, depth: int = 0) -> tuple[set[int], list[int]]:
    """The tokens a head noun phrase keeps, and its head nouns (a quantity noun or quantifier
    with an of-phrase keeps the of-phrase's head noun phrase too: *a group of children*)."""
    keep, heads = {head}, [head]
    for c in kids[head]:
        dep = tokens[c].dep
        quantity = dep == "amod" and tokens[c].text.lower() in _QUANTITY_ADJECTIVES and not _size_little(tokens, kids, c)
        if dep in _KEEP_DEPS or (dep == "nmod" and c < head) or quantity:
            keep |= _subtree(kids, c)
    tok = tokens[head]
    of = next((c for c in kids[head] if c > head and tokens[c].dep == "prep" and tokens[c].text.lower() == "of"), None)
    partitive = tok.text.lower() in english.quantity_nouns() or tok.pos in ("NUM", "DET") or tok.tag in ("CD", "DT")
    if of is not None and partitive and depth < 3:
        pobj = next((c for c in kids[of] if tokens[c].dep == "pobj"), None)
        if pobj is not None:
            inner, inner_heads = _head_np(tokens, kids, pobj, depth + 1)
            keep |= inner | {of}
            heads += inner_heads
    return keep, heads


def _words(tokens: Sequence[Token], indices: Iterable[int]) -> list[str]:
    """Token texts, with *a few* / *a little* (upward, unlike *few*, *little*) as one word."""
    words = [tokens[i].text.lower() for i in sorted(indices)]
    out: list[str] = []
    for w in words:
        if w in ("few", "little") and out and out[-1] == "a":
            out[-1] = "a " + w
        else:
            out.append(w)
    return out


def _size_little(tokens: Sequence[Token], kids: list[list[int]], i: int) -> bool:
    """*little* as an adjective of size (*two little dogs*, *the little girl*, *a little boy*),
    not a quantifier (*little water*, *a little water*): a plural, a person, or another
    determiner than *a* says size."""
    tok = tokens[i]
    if tok.text.lower() != "little" or tok.dep != "amod":
        return False
    noun = tokens[tok.head]
    dets = [tokens[c].text.lower() for c in kids[noun.i] if tokens[c].dep in _DETERMINER_DEPS]
    return (noun.tag in ("NNS", "NNPS") or noun.text.lower() in english.person_nouns()
            or any(d not in ("a", "an") for d in dets))


def _mentions(text: str, lexicon: frozenset[str]) -> str | None:
    """The first lexicon entry found in ``text`` as a whole word (hyphenated ones included)."""
    low = text.lower()
    for entry in sorted(lexicon):
        if re.search(r"(?<![\w-])" + re.escape(entry) + r"(?![\w-])", low):
            return entry
    return None


def _simple_present(features: dict) -> bool:
    return bool(features.get("modality")) or (
        features.get("tense") == "pres" and not features.get("progressive") and not features.get("perfect"))


def _shorten_cut(analysis: Analysis, frame: Frame, role: str, target: dict) -> _Cut | str:
    """The tokens ``shorten(role)`` drops from the core argument ``role``, or why it must not.

    The argument is cut down to its head noun phrase: determiners, possessors, numerals,
    compound nouns and the head noun stay; adjectives, prepositional phrases, relative
    clauses, participial modifiers and appositions go (*a big blue ball that was on the
    grass* -> *a ball*). The result must be entailed by the source, so it refuses where
    dropping a modifier is not an upward (weakening) step: under negation or in a question,
    with a non-upward determiner (*every*, *no*, *few*: ``non_upward_determiners.txt``) or a
    downward operator in the clause (*nobody*, *rarely*, *lack*: ``downward_operators.txt``),
    a privative adjective (*fake*, *former*: ``privative_adjectives.txt``), a coordinated
    argument, or a bare plural in a simple-present clause (possibly generic: *tall men play
    basketball* does not entail *men play basketball*).
    """
    name = readable_role(role)
    label = f"shorten({name})"
    src = frame.predicate
    if "neg" in (src.polarity, target["polarity"]):
        return f"{label}: the sentence is negated; dropping a modifier under negation is not an entailment"
    if "ques" in (src.force, target["force"]):
        return f"{label}: the sentence is a question; shorten only weakens statements"
    if frame.clause != "main":
        return f"{label}: the predicate found is in a subordinate clause ({frame.clause}), not the main clause"
    arg = frame.argument(role)
    if arg is None:
        return f"{label}: the predicate has no {name}"
    tokens = analysis.sentence.tokens
    kids = captions.children(tokens)
    head = arg.head
    start, end = arg.span
    if arg.function == "agent":
        head = next((c for c in kids[arg.head] if tokens[c].dep == "pobj"), -1)
        start += 1
    if arg.function not in ("subj", "obj", "agent") or head < 0 or tokens[head].pos not in _NP_POS:
        return f"{label}: the {name} '{arg.text}' is not a noun phrase"
    keep, heads = _head_np(tokens, kids, head)
    if any(tokens[c].dep in ("conj", "cc", "preconj") for h in heads for c in kids[h]):
        return f"{label}: the {name} '{arg.text}' is coordinated; shortening one conjunct is not supported"
    # Monotonicity: the argument's own determiners and focus adverbs (*only the men*), then
    # downward operators around it.
    focus = {c for h in heads for c in kids[h] if tokens[c].dep in ("advmod", "npadvmod") and c < h}
    region = [i for i in sorted(keep | focus) if start <= i <= max(heads) and not _size_little(tokens, kids, i)]
    quantifier = english.find_phrase(_words(tokens, region), english.non_upward_determiners())
    if quantifier is not None:
        return f"{label}: '{quantifier}' is not upward monotone; dropping modifiers under it is not an entailment"
    downward = english.downward_operators()
    if role == "ARG1" and src.lemma in downward:
        return f"{label}: the verb '{src.lemma}' is downward entailing on its object"
    for c in kids[frame.verb]:
        if tokens[c].dep in ("advmod", "neg", "npadvmod") and tokens[c].text.lower() in downward:
            return f"{label}: '{tokens[c].text}' makes the clause downward entailing"
    for other in frame.arguments:
        if other is arg or other.role not in ("ARG0", "ARG1", "ARG2"):
            continue
        word = english.find_phrase(_words(tokens, range(other.span[0], max(other.head, other.span[0]) + 1)), downward)
        if word is not None:
            return f"{label}: '{word}' in '{other.text}' makes the clause downward entailing"
    removed = set(range(start, end)) - keep
    # Privative adjectives (a fake gun is not a gun): among what goes before each head noun,
    # and in its adjectival modifiers.
    checked = {i for i in removed if i < max(heads)}
    for h in heads:
        for c in kids[h]:
            if tokens[c].dep == "amod":
                checked |= _subtree(kids, c)
    privative = _mentions("".join(tokens[i].text + tokens[i].whitespace for i in sorted(checked)),
                          english.privative_adjectives())
    if privative is not None:
        article = english.indefinite_article(privative)
        return f"{label}: '{privative}' is not an intersective adjective ({article} {privative} N need not be an N)"
    if not removed:
        return f"{label}: nothing to shorten: '{arg.text}' is already a head noun phrase"
    bare = not any(tokens[i].dep in _DETERMINER_DEPS for i in keep) and tokens[head].pos not in ("PROPN", "PRON")
    if bare and (_simple_present(src.features()) or _simple_present(target)):
        return (f"{label}: '{arg.text}' is a bare noun phrase in a simple-present clause and may be generic "
                "(shortening a generic is not an entailment)")
    kept = sorted(keep & set(range(start, end)))
    # A comma that closed a dropped apposition or relative clause before the verb goes too.
    if end < len(tokens) and end <= frame.verb and tokens[end].text == "," and any(
            tokens[i].text == "," and i > kept[-1] for i in removed):
        removed.add(end)
    respell: dict[int, str] = {}
    for a, b in itertools.pairwise(kept):
        low = tokens[a].text.lower()
        if low in ("a", "an") and b != a + 1:
            new = english.indefinite_article(tokens[b].text)
            if new != low:
                respell[a] = new.capitalize() if tokens[a].text[:1].isupper() else new
    return _Cut(frozenset(removed), respell)


# Public for other backends (the tailor backend asks for the same head noun phrase).
shorten_cut = _shorten_cut


def _apply_cut(layout: _Layout, cut: _Cut) -> None:
    """Drop the cut tokens from the moved phrases and from the sentence, respell articles."""
    layout.cut = cut.removed
    layout.respell = dict(cut.respell)
    layout.removed |= cut.removed
    for name in ("subject", "postverbal"):
        phrase = getattr(layout, name)
        if phrase is None:
            continue
        kept = [it for it in phrase if it.src is None or it.src not in cut.removed]
        for it in kept:
            if it.src in cut.respell:
                it.text = cut.respell[it.src]
        setattr(layout, name, kept)


# --- surface details ---------------------------------------------------------------------------
def _fix_final_punctuation(items: list[_Item], tokens: Sequence[Token], question: bool) -> None:
    last = items[-1] if items else None
    if last is not None and last.text in _PUNCT_END:
        want = "?" if question else ("." if last.text == "?" else last.text)
        if want != last.text:
            items[-1] = _Item(want, None, last.slot)
    elif question:
        items.append(_Item("?", None, "other"))


def _is_proper(tok: Token) -> bool:
    return tok.pos == "PROPN" or tok.text == "I" or (tok.text.isupper() and len(tok.text) > 1)


def _fix_capitals(items: list[_Item], tokens: Sequence[Token]) -> None:
    if not items or not tokens:
        return
    source_capitalized = tokens[0].text[:1].isupper()
    for k, it in enumerate(items):
        if k == 0:
            continue
        if it.src == 0 and not _is_proper(tokens[0]):
            it.text = it.text[:1].lower() + it.text[1:]
        elif it.src is None and it.text[:1].isupper() and it.text not in ("I",) and k > 0 and it.slot in ("vg", "op", "cleft"):
            it.text = it.text[:1].lower() + it.text[1:]
    first = items[0]
    if source_capitalized:
        first.text = first.text[:1].upper() + first.text[1:]
    elif first.src is None and first.text != "I":
        first.text = first.text[:1].lower() + first.text[1:]
    for it in items[1:]:
        if it.src is None and english.is_personal_pronoun(it.text) and it.text.lower() != "i":
            it.text = it.text.lower()


def _ptb_spacing(tokens: Sequence[Token]) -> bool:
    """True when the source separates clitics and punctuation by spaces (PTB style)."""
    for k in range(1, len(tokens)):
        if tokens[k].text in _NO_SPACE_BEFORE and tokens[k - 1].whitespace:
            return True
    return False


def _join(items: list[_Item], tokens: Sequence[Token]) -> str:
    ptb = _ptb_spacing(tokens)
    if not ptb:  # standard orthography writes "cannot" (PTB splits it)
        for k in range(len(items) - 1):
            if items[k].text.lower() == "can" and items[k + 1].text == "not" and items[k].src is None:
                items[k].text, items[k + 1].text = items[k].text + "not", ""
        items = [it for it in items if it.text]
    out: list[str] = []
    prev: _Item | None = None
    for it in items:
        if prev is None:
            out.append(it.text)
        else:
            if prev.src is not None and it.src is not None and it.src == prev.src + 1:
                space = tokens[prev.src].whitespace
            elif ptb:
                space = " "
            elif it.text in _NO_SPACE_BEFORE or (it.src is not None and it.src > 0 and not tokens[it.src - 1].whitespace and it.text in _NO_SPACE_BEFORE):
                space = ""
            else:
                space = " "
            out.append(space + it.text)
        prev = it
    return "".join(out).strip()
