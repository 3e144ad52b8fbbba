"""The surface realizer: feature-driven realization of an edit plan on the spaCy analysis.

It edits as little as it can: tokens that a transformation does not touch are copied from the
source with their original whitespace, so contrast sets stay minimal. Where English allows
several forms it returns several candidates, in order of preference (full and contracted
negation, *who* and *that*, nominative and accusative focus pronouns); ``score`` is that
preference (1, 1/2, 1/3, ...) until a ranker re-scores them.

One module, over 400 lines: :class:`SurfaceRealizer` is the one place that decides, per plan,
which clause is edited, what is refused and how the layout, the verb chain and the moves are put
together; the parts live in :mod:`.layout`, :mod:`.moves`, :mod:`.verbs`, :mod:`.clefts` and
:mod:`.orthography`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from .. import agreement, english
from ..checks import (
    CONCESSIVE_SUBORDINATORS,
    UNCHANGED,
    already_satisfied,
    backshifted_clauses,
    clause_heads,
    clause_phrase,
    comment_clauses,
    describe,
    misparsed_verb,
    negation_joins,
    own_group_conjuncts,
    target_features,
    temporal_clauses,
)
from ..ir import Analysis, Frame, Predicate, Token
from ..results import OK, Candidate, Realization
from ..shortening import Cut, shorten_cut
from ..transforms import EditPlan
from .clefts import (
    bare_noun_focus,
    cleft,
    cleft_slot,
    comma_clause_in_focus,
    focus_is_person,
    resolve_cleft,
)
from .layout import (
    Item,
    Layout,
    Options,
    apply_cut,
    by_function,
    conjoined_verbs,
    coordinated_clauses,
    other_clauses,
    particle_of,
    polarity_items,
    target_frame,
    unchanged_group,
)
from .moves import arrange
from .orthography import fix_capitals, fix_final_punctuation, join
from .verbs import invert, passive_auxiliary, place_chain, tag_of, verb_chain, with_negation

_TIME_FEATURES = frozenset({"tense", "progressive", "perfect"})
_EDIT_NAMES = {
    "force": "a question or declarative",
    "polarity": "negation or affirmation",
    "voice": "a voice change",
    "modality": "a modal",
    "cleft": "a cleft",
}


class SurfaceRealizer:
    """Realizes plans on analyses; ``invariant`` words never inflect, ``tense_scope`` is
    ``main`` (the main clause only, LIT's convention) or ``all`` (every finite clause)."""

    def __init__(
        self, invariant: Iterable[str] = (), max_candidates: int = 4, tense_scope: str = "main"
    ):
        if tense_scope not in ("main", "all"):
            raise ValueError(f"tense_scope must be 'main' or 'all', not {tense_scope!r}")
        self.invariant = frozenset(w.lower() for w in invariant)
        self.max_candidates = max_candidates
        self.tense_scope = tense_scope

    def realize(self, analysis: Analysis, plan: EditPlan) -> Realization:
        """Realize ``plan`` on the clause it edits (the main one, see :func:`target_frame`)."""
        if misread := misparsed_verb(analysis):
            return Realization.not_applicable(misread.reason, misread.code)
        frame = target_frame(analysis, plan)
        if frame is None:
            return Realization.not_applicable(
                "the parse finds no verb in the sentence (it may have read the verb as a noun)"
            )
        if why := _unrealizable_clause(analysis, frame):
            return Realization.not_applicable(why)
        src = frame.predicate
        target, reason = target_features(src, plan, periphrastic=True)
        if reason:  # the shared refusals (engine.checks.refusal) are the contract's, before this
            return Realization.not_applicable(reason)
        cut = _shortening(analysis, frame, plan, target)
        if isinstance(cut, Realization):
            return cut
        coordinated = coordinated_clauses(analysis, frame)
        if why := _coordination_refusal(analysis, plan, coordinated):
            return Realization.not_applicable(why)
        layout = Layout(analysis, frame, target, plan)
        layout.coordinated = coordinated + _own_group_frames(analysis, frame, plan)
        reason = arrange(layout, plan)
        if reason:
            return Realization.not_applicable(reason)
        if cut is not None:
            apply_cut(layout, cut)
        layout.respell.update(polarity_items(layout))
        for i in negation_joins(analysis, frame, plan) or ():
            layout.respell[i] = "or"  # does not crush ice or make smoothies
        if self.tense_scope == "main" and (why := already_satisfied(src, plan)):
            # on a clause other than the main one
            return Realization(OK, why, (Candidate(analysis.text, 1.0),))
        if why := _cleft_refusal(layout):
            return Realization.not_applicable(why)
        if why := _unknown_verb_form(layout, self.invariant):
            return Realization.not_applicable(why)
        texts = self._texts(layout)
        if layout.left_behind:
            verb, why = next(iter(layout.left_behind.items()))
            clause = clause_phrase(analysis, analysis.sentence.tokens[verb])
            return Realization.not_applicable(
                f"the clause '{clause}' cannot take the edit with the main clause ({why})"
            )
        if (
            src.force == "ques"
            and target.force == "prop"
            and texts
            and (why := _still_inverted(texts[0]))
        ):
            return Realization.not_applicable(why)
        candidates = tuple(Candidate(t, 1.0 / (k + 1)) for k, t in enumerate(texts))
        reason = UNCHANGED + describe(plan) if texts == [analysis.text] else ""
        return Realization(OK, reason, candidates)

    def _texts(self, layout: Layout) -> list[str]:
        """The distinct candidate texts, one per spelling option, at most ``max_candidates``."""
        texts: list[str] = []
        for options in option_space(layout.frame.predicate, layout.target, layout.plan, layout):
            text = self._render(layout, options)
            if text and text not in texts:
                texts.append(text)
            if len(texts) >= self.max_candidates:
                break
        return texts

    def _retense(self, layout: Layout, frame: Frame, features: dict) -> dict[int, list[str]]:
        """Verb-group rewrites that give another clause the same tense and aspect edits; a
        clause that cannot take them is noted in ``layout.left_behind``."""
        analysis = layout.analysis
        src = frame.predicate
        target, reason = target_features(src, EditPlan(features))
        if reason:
            layout.left_behind[frame.verb] = reason
            return {}
        if target == src:
            return {}
        shares_subject = not any(a.function == "subj" for a in frame.arguments)
        agr = (
            layout.agreement  # a verb phrase sharing the main clause's subject
            if frame in layout.coordinated and shares_subject
            else agreement.clause_subject(analysis, frame)
        )
        contracted = any(
            analysis.sentence.tokens[i].text.lower() == "n't" for i in frame.verb_group
        )
        opts = Options(contract=contracted)
        tokens = analysis.sentence.tokens
        chain = verb_chain(
            src.lemma, target, agr, self.invariant, opts, passive_auxiliary(tokens, frame)
        )
        chain = with_negation(
            chain,
            target.polarity == "neg",
            opts,
            src.lemma,
            target.tense,
            agr,
            self.invariant,
        )
        out = place_chain(frame, chain, analysis.sentence.tokens)
        # its own coordinated verbs follow it (*until she opens her beak and drops the cheese*)
        tag = tag_of(chain, target)
        for i in conjoined_verbs(analysis, frame) if frame is not layout.frame else ():
            tok = analysis.sentence.tokens[i]
            lemma = english.verb_lemma(tok.text, tok.lemma)
            form = english.inflect(lemma, tag, agr, self.invariant)
            out[i] = [english.keep_spelling(form, tok.text, lemma)]
        dependent = frame is not layout.frame and frame not in layout.coordinated
        if dependent and (own := own_group_conjuncts(analysis, frame)):
            # *if a player is injured and cannot leave*: *cannot* would stay as it is
            layout.left_behind[frame.verb] = (
                f"its coordinated '{own[0].text}' has a verb group of its own, which the "
                "realizer does not move with it"
            )
        return out

    def _clause_rewrites(self, layout: Layout, conj_verbs: set[int]) -> dict[int, list[str]]:
        """Verb-group rewrites of the other clauses that take the plan's tense edits: every
        finite clause (``tense_scope`` ``all``), else the coordinated main clauses and the
        temporal clauses that follow the sequence of tenses."""
        analysis, frame, target = layout.analysis, layout.frame, layout.target
        features = layout.plan.features
        rewrites: dict[int, list[str]] = {}
        if self.tense_scope == "all" and "tense" in features:
            for other in other_clauses(analysis, frame, conj_verbs):
                rewrites.update(self._retense(layout, other, {"tense": features["tense"]}))
            return rewrites
        time = {k: v for k, v in features.items() if k in _TIME_FEATURES}
        for other in layout.coordinated if time else ():  # coordinated main clauses alike
            would = _future_in_a_past_conjunct(layout, other, time)
            rewrites.update(would if would is not None else self._retense(layout, other, time))
        if "tense" in features and target.tense is not None:
            # temporal and conditional clauses follow the sequence of tenses: past under a
            # past clause, present under a present or future one
            # (a modal's past follows too: *had to be supervised while they were using it*)
            follow = "past" if features["tense"] == "past" else "pres"
            heads = [*clause_heads(analysis, frame), *layout.coordinated]
            for clause in heads:  # each clause's and verb phrase's own temporal clauses
                for other in temporal_clauses(analysis, clause):
                    if other.predicate.tense != follow:
                        rewrites.update(self._retense(layout, other, {"tense": follow}))
                if follow == "past":  # concessive and causal clauses follow into the past
                    for other in temporal_clauses(analysis, clause, CONCESSIVE_SUBORDINATORS):
                        if other.predicate.tense == "pres":
                            rewrites.update(self._retense(layout, other, {"tense": "past"}))
        if "tense" in features and target.tense is not None:
            frames = {f.verb: f for f in analysis.frames}
            for verb in comment_clauses(analysis, frame):  # *, which was plenty*
                if verb in frames and frames[verb].predicate.tense != target.tense:
                    rewrites.update(
                        self._retense(layout, frames[verb], {"tense": features["tense"]})
                    )
        if features.get("tense") == "past" and frame.predicate.tense != "past":
            self._into_the_past(layout, rewrites, conj_verbs)
        return rewrites

    def _into_the_past(
        self, layout: Layout, rewrites: dict[int, list[str]], conj_verbs: set[int]
    ) -> None:
        """What depends on a clause put into the past follows it (the sequence of tenses):
        *will* and *can* become *would* and *could*, a present becomes a past (*knew it is
        wrong* -> *knew it was wrong*; *a den, where she gives birth* -> *gave birth*). The verbs
        coordinated with the main verb take its form instead (*Did it melt and become water?*)."""
        analysis, frame = layout.analysis, layout.frame
        rewrites.update(_future_in_the_past(analysis, frame, rewrites))
        heads = [frame.verb, *(f.verb for f in layout.coordinated)]
        for other in backshifted_clauses(analysis, heads):
            if not set(other.verb_group) & (set(rewrites) | conj_verbs):
                rewrites.update(self._retense(layout, other, {"tense": "past"}))

    def _render(self, layout: Layout, options: Options) -> str:
        """One candidate: the verb chain for these options, the source tokens laid out around
        it, then cleft, capitals and spacing."""
        target = layout.target
        question = target.force == "ques"
        cleft_role = resolve_cleft(target.cleft, layout)
        chain, operator, never, never_moves = self._chain(
            layout, options, question and cleft_role is None
        )
        items = self._items(layout, chain, operator, never, never_moves)
        fix_final_punctuation(items, layout.analysis.sentence.tokens, question)
        if cleft_role is not None:
            items = cleft(items, cleft_role, layout, options, question)
            if items is None:
                return ""
        fix_capitals(items, layout.analysis.sentence.tokens)
        return join(items, layout.analysis.sentence.tokens)

    def _chain(self, layout: Layout, options: Options, invert_it: bool):
        """The new verb chain, the fronted operator of a question (else empty), the source's
        *never* tokens under negation, and whether *never* moves into the chain."""
        frame, target, tokens = layout.frame, layout.target, layout.analysis.sentence.tokens
        src = frame.predicate
        chain = verb_chain(
            src.lemma,
            target,
            layout.agreement,
            self.invariant,
            options,
            passive_auxiliary(tokens, frame),
        )
        # "never" is an adverb that negates: it needs no do-support, and it follows the first
        # auxiliary when there is one (*will never pay*), else it keeps its place.
        negative = target.polarity == "neg"
        never = (
            [i for i in frame.verb_group if tokens[i].text.lower() == "never"] if negative else []
        )
        chain = with_negation(
            chain,
            negative and not never,
            options,
            src.lemma,
            target.tense,
            layout.agreement,
            self.invariant,
        )
        never_moves = bool(never) and len(chain) > 1
        if never_moves:
            chain = [chain[0], *(tokens[i].text for i in never), *chain[1:]]  # will never pay
        operator: list[str] = []
        if invert_it:
            chain, operator = invert(chain, src.lemma, target, layout.agreement, self.invariant)
        return chain, operator, never, never_moves

    def _items(
        self,
        layout: Layout,
        chain: list[str],
        operator: list[str],
        never: list[int],
        never_moves: bool,
    ) -> list[Item]:
        """The source tokens in order with the subject, the verb group and what follows the verb
        replaced by the layout's phrases and the new chain."""
        analysis, frame, target = layout.analysis, layout.frame, layout.target
        tokens = analysis.sentence.tokens
        src = frame.predicate
        group = set(frame.verb_group)
        src_subj = by_function(frame, "subj")
        # a conjunct with a verb group of its own takes the edit as a clause (or keeps a tense
        # it has: *has been mobilising and managed to walk* -> *had been ... and managed*)
        conj_verbs = conjoined_verbs(analysis, frame) - {f.verb for f in layout.coordinated}
        conj_tag = tag_of([*operator, *chain], target)  # *Has it cut ... and hired*
        keep_source_vg = (
            unchanged_group(src, target, layout) and not operator and src.force == "prop"
        )
        rewrites: dict[int, list[str]] = (
            {}
            if keep_source_vg
            else _chain_rewrites(frame, chain, tokens, never, never_moves, operator)
        )
        rewrites.update(self._clause_rewrites(layout, conj_verbs))
        # An inverted copula (*Is the museum open?*) stands before its subject: what is left of
        # the chain after the operator goes after the subject (*Isn't the museum open?*, *Could
        # the pharmacy be open?*, *The museum is open.*), never in the copula's old place.
        after_subject: list[str] = []
        if (
            src_subj is not None
            and layout.subject is not None
            and frame.verb < src_subj.span[0]
            and frame.verb in rewrites
        ):
            after_subject, rewrites[frame.verb] = rewrites[frame.verb], []
        particle = particle_of(tokens, frame.verb)
        items: list[Item] = []
        for i, tok in enumerate(tokens):
            if src_subj is not None and i == src_subj.span[0] and layout.subject is not None:
                items.extend(Item(o, None, "op") for o in operator)
                items.extend(  # a dependent clause inside the subject takes its rewrites too
                    Item(rewrites[it.src][0], None, it.slot)
                    if it.src is not None
                    and it.src not in group
                    and len(rewrites.get(it.src, ())) == 1
                    else Item(layout.respell[it.src], it.src, it.slot)
                    if it.src in layout.respell
                    else it
                    for it in layout.subject
                )
                items.extend(Item(w, None, "vg") for w in after_subject)
            if i in layout.removed:
                continue
            if i in rewrites:
                items.extend(Item(w, None, "vg") for w in rewrites[i])
            elif i in group:
                items.append(Item(tok.text, i, "vg"))
            if i in group or i in rewrites:
                if (
                    i == frame.verb
                    and layout.postverbal
                    and particle is None
                    and layout.postverbal_at is None
                ):
                    items.extend(layout.postverbal)
                continue
            if i in conj_verbs and not keep_source_vg:
                lemma = english.verb_lemma(tok.text, tok.lemma)
                form = english.inflect(lemma, conj_tag, layout.agreement, self.invariant)
                items.append(Item(english.keep_spelling(form, tok.text, lemma), None, "other"))
                continue
            items.append(Item(layout.respell.get(i, tok.text), i, "other"))
            if layout.postverbal and i == (
                layout.postverbal_at if layout.postverbal_at is not None else particle
            ):
                items.extend(
                    layout.postverbal
                )  # after the particle: "given up by you"; "painted white by them"
        if layout.subject is None and operator:
            # Subjectless question (imperative, or a parse without a subject): operator first.
            items[:0] = [Item(o, None, "op") for o in operator]
        return items


_DEPENDENT = ("relcl", "ccomp", "advcl", "acl")
# *will* / *can* of a dependent clause under a main clause put into the past (*won't* is
# *wo* + *n't*; *cannot* is *can* + *not*)
_MODAL_PASTS = {"will": "would", "wo": "would", "can": "could", "ca": "could", "may": "might"}


def _future_in_the_past(
    analysis: Analysis, frame: Frame, taken: dict[int, list[str]]
) -> dict[int, list[str]]:
    """*will*, *can* and a reported *may* of a clause that depends on the main one become
    *would*, *could* and *might* when the main clause goes into the past (*makes smoothies that
    kids will drink* -> *made smoothies that kids would drink*; *a player who cannot follow
    suit* -> *who could not*; *warns that the bridge may stay shut* -> *might*)."""
    tokens = analysis.sentence.tokens
    out: dict[int, list[str]] = {}
    for tok in tokens:
        word = tok.text.lower()
        if tok.tag != "MD" or word not in _MODAL_PASTS or tok.i in frame.verb_group:
            continue
        if tok.i in taken or not 0 <= tok.head < len(tokens):
            continue
        # a reported *may* is a guess, whose past is *might* (*warned that the bridge may stay
        # shut* -> *might*); elsewhere it may be a permission, which *might* is not
        if tokens[tok.head].dep in _DEPENDENT and (
            word != "may" or tokens[tok.head].dep == "ccomp"
        ):
            new = _MODAL_PASTS[word]
            out[tok.i] = [new.capitalize() if tok.text[:1].isupper() else new]
    return out


def _own_group_frames(analysis: Analysis, frame: Frame, plan: EditPlan) -> list[Frame]:
    """The frames of the verb phrases coordinated with the main verb that have a verb group of
    their own (:func:`~engine.checks.own_group_conjuncts`), when the plan is a tense edit: they
    take it as coordinated clauses do. Empty for any other plan (the checks refused it)."""
    if "tense" not in plan.features or not set(plan.features) <= _TIME_FEATURES or plan.swap:
        return []
    frames = {f.verb: f for f in analysis.frames}
    return [frames[c.i] for c in own_group_conjuncts(analysis, frame) if c.i in frames]


def _future_in_a_past_conjunct(
    layout: Layout, other: Frame, time: dict
) -> dict[int, list[str]] | None:
    """A verb phrase coordinated with the main verb (sharing its subject) whose *will* says what
    comes after the main verb's time, when the main clause goes into the past: *will* becomes
    *would* (*is looking into it and will update you* -> *was looking into it and would update
    you*), so that it still comes after; None where that is not the case."""
    tokens = layout.analysis.sentence.tokens
    if (
        time != {"tense": "past"}
        or other.predicate.tense != "fut"
        or layout.frame.predicate.tense == "fut"
        or any(a.function == "subj" for a in other.arguments)
    ):
        return None
    out = {}
    for i in other.verb_group:
        word = tokens[i].text.lower()
        if word in ("will", "wo", "'ll"):
            out[i] = ["'d" if word == "'ll" else "would"]
    return out or None


def _chain_rewrites(
    frame: Frame,
    chain: list[str],
    tokens: Sequence[Token],
    never: list[int],
    never_moves: bool,
    operator: list[str],
) -> dict[int, list[str]]:
    """The new chain placed over the source verb group (``operator``: the words that went
    before the subject, in a question); *never* moves into it or stays put."""
    rewrites = place_chain(frame, chain, tokens, operator)
    for i in never:
        if never_moves:
            rewrites[i] = []  # the chain carries it
        else:
            rewrites.pop(i, None)  # it stays where it is
    return rewrites


def _unrealizable_clause(analysis: Analysis, frame: Frame) -> str | None:
    """Why the clause the plan edits is not one this backend rewrites, or None: the main verb
    heads a subordinate clause, is not finite, or the source is an it-cleft already."""
    main = analysis.main_frame
    if main is not None and main.clause != "main" and main.predicate.cleft is None:
        tokens = analysis.sentence.tokens
        root = next((t for t in tokens if t.dep == "ROOT"), None)
        head = (
            f"its root is '{root.text}', not a verb; "
            if root is not None and root.pos != "VERB"
            else ""
        )
        return (
            f"the parse gives the sentence no main-clause verb ({head}the verb found, "
            f"'{tokens[main.verb].text}', heads a subordinate clause: {main.clause}); editing it "
            "would not edit the sentence"
        )
    if not frame.finite:
        return "the main predicate is not a finite verb"
    if frame.predicate.cleft is not None:
        return (
            f"the source is already an it-cleft (focus {frame.predicate.cleft}); the surface "
            "backend does not rewrite it-clefts"
        )
    return None


def _shortening(
    analysis: Analysis, frame: Frame, plan: EditPlan, target: Predicate
) -> Cut | Realization | None:
    """The cut of a ``shorten`` edit; None without one or when it removes nothing; or the
    finished realization when the cut is refused or nothing else is left to do."""
    if not plan.features.get("shorten"):
        return None
    order = list(plan.features)
    later = frozenset(order[order.index("shorten") + 1 :])  # applied to the shortened statement
    cut = shorten_cut(analysis, frame, plan.features["shorten"], target, later)
    if isinstance(cut, str):
        return Realization.not_applicable(cut)
    if cut.removed:
        return cut
    # the argument is a head noun phrase already
    rest = EditPlan({k: v for k, v in plan.features.items() if k != "shorten"}, plan.swap)
    if rest.is_identity or already_satisfied(frame.predicate, rest):
        return Realization(OK, UNCHANGED + cut.why, (Candidate(analysis.text, 1.0),))
    return None


def _coordination_refusal(
    analysis: Analysis, plan: EditPlan, coordinated: list[Frame]
) -> str | None:
    """Why edits other than tense and aspect cannot apply to coordinated main clauses, or None."""
    others = sorted(
        _EDIT_NAMES.get(f, f) for f in set(plan.features) - _TIME_FEATURES - {"shorten", "promote"}
    )
    others += ["swap"] if plan.swap else []
    if not (coordinated and others):
        return None
    second = analysis.sentence.tokens[coordinated[0].verb].text
    return (
        f"the sentence has coordinated main clauses (the second with '{second}'): "
        f"{' and '.join(others)} of the first alone would not be the sentence's, and of each "
        "would not mean the same (only tense and aspect are edited in every clause)"
    )


def _cleft_refusal(layout: Layout) -> str | None:
    """Why the cleft the target asks for cannot focus its role, or None."""
    role = resolve_cleft(layout.target.cleft, layout)
    if role is None:
        return None
    if cleft_slot(layout, role) is None:
        return f"cleft({layout.target.cleft}): the predicate has no {role} that can be focused"
    if why := bare_noun_focus(layout, role) or comma_clause_in_focus(layout, role):
        return f"cleft({layout.target.cleft}): {why}"
    return None


def _unknown_verb_form(layout: Layout, invariant: frozenset[str]) -> str | None:
    """Why the lexical verb cannot take its new form, or None: the lexicon of inflections does
    not know the word (*waterskies*), so its lemma and forms would be guesses."""
    from lemminflect import getAllLemmas

    tokens, frame = layout.analysis.sentence.tokens, layout.frame
    word = tokens[frame.verb].text
    if (
        not word.isalpha()
        or word.lower() in invariant
        or "VERB" in getAllLemmas(word.lower())
        or "AUX" in getAllLemmas(word.lower())
    ):
        return None
    target, src = layout.target, frame.predicate
    chain = verb_chain(
        src.lemma,
        target,
        layout.agreement,
        invariant,
        Options(),
        passive_auxiliary(layout.analysis.sentence.tokens, frame),
    )
    do_support = (
        len(chain) == 1
        and src.lemma != "be"
        and (target.polarity == "neg" or target.force == "ques")
    )
    if do_support:
        chain = [src.lemma]  # does not + the base form
    if chain and chain[-1].lower() == word.lower():
        return None
    return (
        f"the verb '{word}' is not in the lexicon of inflections, so its other forms would be "
        f"guessed ('{chain[-1] if chain else frame.predicate.lemma}')"
    )


def _still_inverted(statement: str) -> str | None:
    """Why a statement made from a question is not one, or None: it still starts with the
    operator, or the operator was left at its end (*Kids on a ride are.*). Both come from a
    question the parser misread; the record is refused rather than guessed."""
    words = statement.rstrip(" .?!").split()
    if not words:
        return None
    if words[0].lower() in english.OPERATORS or words[-1].lower() in english.OPERATORS:
        return (
            "the parse of the question does not show where its subject ends, so its statement "
            f"could not be built (got {statement!r})"
        )
    return None


def option_space(src: Predicate, target: Predicate, plan: EditPlan, layout: Layout):
    """Every way to spell the target English allows, most preferred first."""
    tokens = layout.analysis.sentence.tokens
    contracted_src = any(tokens[i].text.lower() == "n't" for i in layout.frame.verb_group)
    stems = frozenset(
        tokens[i - 1].text.lower()
        for i in layout.frame.verb_group
        if i > 0 and tokens[i].text.lower() == "n't"
    )
    # (contract, irregular contractions allowed): a contracted source keeps its style, but an
    # irregular contraction (won't) comes after the full form.
    contract_opts = (
        ((True, False), (False, True), (True, True))
        if contracted_src
        else ((False, True), (True, True))
    )
    if target.force == "ques" and target.polarity == "neg" and src.polarity == "pos":
        contract_opts = (
            (True, True),
            (False, True),
        )  # a new negative question: *Isn't it ...?*, *Didn't she ...?*
    role = resolve_cleft(target.cleft, layout)
    person = role is not None and focus_is_person(layout, role)
    focus_subject = role is not None and role == layout.subject_role
    if role is None:
        rel_opts = ("that",)
    elif focus_subject and person:
        rel_opts = ("who", "that")
    elif person:
        rel_opts = ("that", "who")
    else:
        rel_opts = ("that",)
    case_opts = ("nom", "acc") if focus_subject else ("acc",)
    modal_new = target.modality and not src.modality and "tense" not in plan.features
    perfect_opts = (
        (False, True) if modal_new and src.tense == "past" and not target.perfect else (False,)
    )
    for perf, rel, case, (contract, irregular) in itertools.product(
        perfect_opts, rel_opts, case_opts, contract_opts
    ):
        yield Options(
            contract=contract,
            irregular_ok=irregular,
            source_stems=stems,
            relative=rel,
            focus_case=case,
            modal_perfect=perf,
        )
