"""How far an edit of the main clause reaches, and what it must not leave behind.

An edit is made only where the analysis accounts for every clause it concerns:

- **verb phrases coordinated with the main verb** and sharing its subject (*crushes ice and
  makes smoothies*): tense, aspect, a modal and a question are carried into each one alike, so
  each must be a single verb of the main verb's form; a negation joins them with *or* (*does
  not crush ice or make smoothies*) where they are joined by *and*; a voice change, a swap or
  a cleft of anything but the subject of the first alone would not be the sentence's, and of
  both would not mean the same; one with a verb group of its own (*and will update you*:
  :func:`own_group_conjuncts`) takes a tense edit as a coordinated clause does, and no other;
- **coordinated clauses**, verb phrases and (for the past) temporal, conditional, concessive
  and causal clauses in an edit the main clause already shows: the record says "unchanged"
  only when every one of them shows it too;
- **a clause in the past perfect** depending on a past main clause, which needs that past;

The modal's meaning, performatives and formulae are :mod:`.meaning`'s; what a moved argument
carries, :mod:`.moved`'s; the aspect forms an edit must not force (and the same checks on
coordinated clauses), :mod:`.aspect`'s.

One module, over 400 lines: every check here asks which clauses an edit of the main clause
reaches, through the same readers of conjuncts and dependent clauses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .. import english
from ..ir import Analysis, Frame, Token
from ..transforms import EditPlan
from .clauses import (
    CONCESSIVE_SUBORDINATORS,
    TEMPORAL_SUBORDINATORS,
    conj_of,
    depends_on,
    linked_clauses,
    temporal_clauses,
)
from .plan import describe, target_features
from .time import names_its_time

# Edits that restructure the clause or its polarity: not carried into a coordinated verb
# phrase. The others (time, and a question's do-support) are carried into each alike.
STRUCTURAL = ("polarity", "voice", "cleft")
TIME = ("tense", "progressive", "perfect", "modality")
ALIKE = (*TIME, "force")
_ASKING = english.read_lexicon("question_verbs")
_ACHIEVEMENTS = english.read_lexicon("achievement_verbs")
_SUBJECTS = ("nsubj", "nsubjpass", "expl", "csubj", "csubjpass")
_VERB_TAGS = ("VB", "VBD", "VBZ", "VBP", "VBN", "VBG")
_FINITE_TAGS = ("VBD", "VBZ", "VBP")
_JOINS = ("and", "or", "but")
_NAMES = {
    "polarity": "negation",
    "voice": "a voice change",
    "cleft": "a cleft",
    "swap": "a swap",
}
_NOMINAL_DEPS = ("det", "compound", "poss", "amod", "nummod")


def verb_conjuncts(analysis: Analysis, main: Frame) -> list[Token]:
    """Verbs coordinated with the main verb that share its subject (no subject of their own):
    *makes* in *crushes ice and makes smoothies*."""
    return [t for t in _conjuncts(analysis, main) if not _has_subject(analysis, t)]


def clause_heads(analysis: Analysis, main: Frame) -> list[Frame]:
    """The main clause's frame and those of the verb phrases coordinated with it: the verbs a
    temporal or conditional clause of the main clause can hang on (*opens and closes itself
    once the pressure drops*)."""
    frames = {f.verb: f for f in analysis.frames}
    heads = [main] + [frames[c.i] for c in verb_conjuncts(analysis, main) if c.i in frames]
    tokens = analysis.sentence.tokens
    # a participle phrase of the main clause (*sits on the ground, holding a leaf as joy lights
    # up his face*): its time is the main clause's
    return heads + [
        f
        for f in analysis.frames
        if not f.finite
        and 0 <= f.verb < len(tokens)
        and tokens[f.verb].tag == "VBG"
        and tokens[f.verb].dep == "advcl"
        and tokens[f.verb].head == main.verb
        and f not in heads
    ]


def reached_clauses(analysis: Analysis, main: Frame) -> list[Frame]:
    """The frames a tense edit of the main clause reaches: the main clause, the verb phrases
    coordinated with it (:func:`clause_heads`) and the main clauses coordinated with it, each
    with its own subject (:func:`clause_conjuncts`), the main clause first."""
    frames = {f.verb: f for f in analysis.frames}
    heads = clause_heads(analysis, main)
    return heads + [
        frames[c.i]
        for c in clause_conjuncts(analysis, main)
        if c.i in frames and frames[c.i] not in heads
    ]


def clause_conjuncts(analysis: Analysis, main: Frame) -> list[Token]:
    """Verbs of main clauses coordinated with the main one, each with its own subject, of
    the verb phrases that share the main subject but have a verb group of their own
    (:func:`own_group_conjuncts`), and of the clauses joined by a semicolon or *, so*
    (:func:`.clauses.linked_clauses`): a time edit reaches each alike, and each must pass the
    same checks."""
    own = {t.i for t in own_group_conjuncts(analysis, main)}
    joined = [t for t in _conjuncts(analysis, main) if _has_subject(analysis, t) or t.i in own]
    return joined + [t for t in linked_clauses(analysis, main) if t not in joined]


def own_group_conjuncts(analysis: Analysis, main: Frame) -> list[Token]:
    """Verb phrases coordinated with the main verb, sharing its subject, with a verb group of
    their own: an auxiliary (*is looking into it and will update you*, *applies to each claim
    and is deducted*), a finite copula (*crushed ice and is easy to clean*) or a finite verb of
    another tense (*crushed ice and makes smoothies*). A time edit gives each its own verb
    group, agreeing with the shared subject; the others do not reach them alike."""
    verb = analysis.sentence.tokens[main.verb]
    auxiliaries = _auxiliaries(main)
    out = []
    tokens = analysis.sentence.tokens
    conjuncts = verb_conjuncts(analysis, main)
    heads = {main.verb} | {c.i for c in conjuncts}
    for c in conjuncts:
        aux = _own_auxiliaries(analysis, c)
        first = min([*aux, c], key=lambda t: t.i)
        if first.tag not in (*_FINITE_TAGS, "MD"):
            continue  # *must sign in and be accompanied*: it shares the main verb's modal
        if not any(
            t.dep == "cc" and t.head in heads and t.i < first.i and t.text.lower() in _JOINS
            for t in tokens
        ):
            continue  # *..., so don't worry about it*: no *and* joins it; an imperative
        if aux or c.pos != "VERB" or not _same_form(c, verb, auxiliaries):
            out.append(c)
    return out


def with_shared_subject(frame: Frame, main: Frame) -> Frame:
    """The frame of a verb phrase coordinated with the main verb, given the main verb's subject
    (which it shares), so that checks of a clause read it as a clause."""
    if any(a.function == "subj" for a in frame.arguments):
        return frame
    subject = [a for a in main.arguments if a.function == "subj"]
    return replace(frame, arguments=(*subject, *frame.arguments))


def _conjuncts(analysis: Analysis, main: Frame) -> list[Token]:
    tokens = analysis.sentence.tokens
    out = []
    for t in tokens:
        if t.dep != "conj" or t.pos not in ("VERB", "AUX") or t.tag not in _VERB_TAGS:
            continue
        if conj_of(tokens, t.i, main.verb):  # A, B and C: each hangs on the one before
            out.append(t)
    return out


def _has_subject(analysis: Analysis, verb: Token) -> bool:
    return any(c.head == verb.i and c.dep in _SUBJECTS for c in analysis.sentence.tokens)


def _own_auxiliaries(analysis: Analysis, verb: Token) -> list[Token]:
    return [c for c in analysis.sentence.tokens if c.head == verb.i and c.dep in ("aux", "auxpass")]


def phrase(analysis: Analysis, verb: Token, limit: int = 6) -> str:
    """The first words of the phrase a verb heads, for a reason (*makes smoothies that ...*)."""
    tokens = analysis.sentence.tokens
    inside = [verb.i]
    for t in tokens:
        j, seen = t.i, set()
        while 0 <= j < len(tokens) and j != verb.i and j not in seen and tokens[j].head != j:
            seen.add(j)
            j = tokens[j].head
        if j == verb.i and t.text not in (",", ".", "!", "?", ";"):
            inside.append(t.i)
    start = min(inside)
    kept = [i for i in sorted(set(inside)) if i >= start]
    # as the sentence spells them (*cannot*, *don't*, not *can not*, *do n't*)
    shown = kept[:limit]
    text = "".join(
        tokens[i].text
        + ("" if k + 1 == len(shown) else tokens[i].whitespace if shown[k + 1] == i + 1 else " ")
        for k, i in enumerate(shown)
    )
    return " ".join(text.split()) + (" ..." if len(kept) > limit else "")


def coordination_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the plan cannot be carried into the verb phrases coordinated with the main verb, or
    None (see the module's docstring)."""
    conjuncts = verb_conjuncts(analysis, main)
    if not conjuncts:
        return None
    feats = plan.features
    first = conjuncts[0]
    what = f"the verb phrase '{phrase(analysis, first)}' is coordinated with the main verb"
    structural = [f for f in STRUCTURAL if f in feats and feats[f] != main.predicate.features()[f]]
    if "cleft" in structural and feats.get("cleft") == "SUBJ":
        structural.remove("cleft")  # It is the blender that crushes ice and makes smoothies.
    if plan.swap:
        structural.append("swap")
    if structural == ["polarity"] and _negation_joins(analysis, main, plan) is not None:
        structural = []  # *does not crush ice or make smoothies*: the conjuncts checked below
    if structural:
        edits = " and ".join(_NAMES[f] for f in structural)
        return (
            f"{what} and shares its subject: {edits} of the first alone would not be the "
            "sentence's, and of both would not mean the same"
        )
    if not any(f in feats for f in (*ALIKE, "polarity")):
        return None
    tokens = analysis.sentence.tokens
    verb = tokens[main.verb]
    auxiliaries = _auxiliaries(main)
    own = {c.i for c in own_group_conjuncts(analysis, main)}
    # a tense edit (with or without aspect) reaches them: an aspect alone would make a standing
    # rule an event (*applies to each claim and has been deducted*)
    time_only = "tense" in feats and set(feats) <= {"tense", "progressive", "perfect"}
    time_only = time_only and not plan.swap
    for c in conjuncts:
        nominal = [x for x in tokens if x.head == c.i and x.dep in _NOMINAL_DEPS]
        if nominal:
            return (
                f"the parse makes '{c.text}' a verb coordinated with the main verb, but gives it "
                f"'{nominal[0].text}' as a noun's dependent; the sentence's structure is not "
                "clear enough to edit"
            )
        if c.i in own and time_only:
            continue  # its own verb group takes the edit, checked as a clause's
        aux = _own_auxiliaries(analysis, c)
        lemma = english.verb_lemma(c.text, c.lemma)
        # a copula under the main verb's auxiliaries (*must hold a licence and be willing*)
        shared_copula = bool(auxiliaries) and lemma == "be" and c.tag == "VB" == verb.tag
        if aux or (c.pos != "VERB" and not shared_copula) or not _same_form(c, verb, auxiliaries):
            has = (
                f"its own auxiliary '{aux[0].text}'"
                if aux
                else f"the form '{c.text}'"
                + (" (a copula or auxiliary)" if c.pos != "VERB" else "")
            )
            return (
                f"the verb phrase '{phrase(analysis, c)}' is coordinated with the main verb but "
                f"has {has}, not the main verb's: the edit cannot be carried into it alike, and "
                "editing the first alone would leave the sentence half changed"
            )
        # *is light at low speeds and weighs up nicely*: the copula is negated and asked by
        # itself, the lexical verb only with *do*, which the shared verb group cannot give it
        copula_only = not auxiliaries and english.verb_lemma(verb.text, verb.lemma) == "be"
        if copula_only and lemma != "be" and _polar(feats, main):
            return (
                f"the verb phrase '{phrase(analysis, c)}' is coordinated with the copula "
                f"'{verb.text}': negated or asked, it needs 'do' of its own, which the copula's "
                "verb group does not give it"
            )
        # (*checked her ears and found an infection*: *was finding* is not what happened)
        if feats.get("progressive") is True and (
            lemma in english.NO_PROGRESSIVE | _ACHIEVEMENTS or lemma == "be"
        ):
            kind = "achievement" if lemma in _ACHIEVEMENTS else "stative"
            return (
                f"the coordinated verb phrase '{phrase(analysis, c)}' has the {kind} verb "
                f"'{lemma}', which has no progressive"
            )
        # (*keeps drinks cold and fits most cup holders*: *has ... fit* reads as a past)
        spans = ("for", "since", "always", "ever", "never")  # *remain hot for several minutes*
        if (
            feats.get("perfect") is True
            and not main.predicate.perfect
            and (lemma in english.NO_PROGRESSIVE | english.STATIVE_VERBS or lemma == "be")
            and not any(
                t.text.lower() in spans and english.descends(tokens, t.i, c.i) for t in tokens
            )
        ):
            return (
                f"the coordinated verb phrase '{phrase(analysis, c)}' has the stative verb "
                f"'{lemma}', whose perfect needs a span ('for years', 'since ...') of its own"
            )
    return None


def shared_passive_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a verb in *-ed* after a passive cannot follow a time edit: tagged a past, with no
    auxiliary, subject or object of its own, it may share the passive's *be* (*were filled with
    custard and rolled in sugar*: *will be filled ... and rolled*) or be a past of its own (*was
    injured and died*: *will be injured and will die*); a past and a participle alike, the form
    cannot tell."""
    feats, pred = plan.features, main.predicate
    moved = feats.get("tense", "past") != "past" or any(
        k in feats and feats[k] != pred.features()[k]
        for k in ("modality", "perfect", "progressive")
    )
    if not moved:
        return None
    tokens = analysis.sentence.tokens
    verb = tokens[main.verb]
    # the passive, or a copula before an adjective in *-ed* (*is slow-roasted ... and served*)
    passive = pred.voice == "passive" or (
        english.verb_lemma(verb.text, verb.lemma) == "be"
        and any(
            t.head == main.verb and t.dep == "acomp" and t.text.lower().endswith("ed")
            for t in tokens
        )
    )
    if not passive:
        return None
    for c in verb_conjuncts(analysis, main):
        # tagged a participle, it shares the passive, and the realizer keeps it (*will be
        # approved and signed*); tagged a past, the tagger did not decide
        if c.tag != "VBD" or _own_auxiliaries(analysis, c):
            continue
        if _has_subject(analysis, c) or any(
            t.head == c.i and t.dep in ("dobj", "dative", "attr", "acomp") for t in tokens
        ):
            continue
        lemma = english.verb_lemma(c.text, c.lemma)
        if c.text.lower() != english.past_participle(lemma).lower():
            continue  # *was arrested and went home*: a past that is no participle
        return (
            f"'{c.text}' after '{verb.text}' may share the passive's 'be' (a participle) or be a "
            "past of its own; the two read alike, and the edit would make them differ"
        )
    return None


def _polar(feats: Mapping[str, Any], main: Frame) -> bool:
    """Whether the plan changes the clause's polarity or makes it a question."""
    pred = main.predicate
    return feats.get("polarity", pred.polarity) != pred.polarity or (
        feats.get("force", pred.force) != pred.force
    )


def negation_joins(analysis: Analysis, main: Frame, plan: EditPlan) -> list[int] | None:
    """The *and* tokens that join the verb phrases coordinated with the main verb, when the
    plan negates an affirmative clause: negated, they are joined by *or* (*does not crush ice
    or make smoothies*: neither). None when the edit is not a new negation, or a conjunct is
    joined by anything but *and* (*but*, *or*: their negation does not read the same)."""
    if plan.features.get("force", main.predicate.force) == "ques":
        return None  # a negative question keeps *and*: *Didn't we pitch the tents and swim?*
    return _negation_joins(analysis, main, plan)


def _negation_joins(analysis: Analysis, main: Frame, plan: EditPlan) -> list[int] | None:
    """The *and* tokens of :func:`negation_joins`, for a statement or a question alike (a
    question keeps them: the negation on its fronted auxiliary covers every conjunct)."""
    if plan.features.get("polarity") != "neg" or main.predicate.polarity != "pos":
        return None
    tokens = analysis.sentence.tokens
    conjuncts = verb_conjuncts(analysis, main)
    heads = {main.verb} | {c.i for c in conjuncts}
    joins = [t for t in tokens if t.dep == "cc" and t.head in heads]
    if not conjuncts or not joins or any(t.text.lower() != "and" for t in joins):
        return None
    if any(t.dep == "preconj" and t.head in heads for t in tokens):  # both ... and
        return None
    if main.predicate.lemma in _SERIAL and any(t.i == main.verb + 1 for t in joins):
        return None  # *come and visit*: one predicate, not two
    if tokens[main.verb].tag == "VB" and not any(a.function == "subj" for a in main.arguments):
        return None  # *Press and hold the button*: one instruction; *Do not press and hold*
    if any(
        t.i + 1 < len(tokens) and tokens[t.i + 1].text.lower() in SEQUENCE_ADVERBS for t in joins
    ):
        return None  # *builds towers and then knocks them down*: one sequence, denied whole
    first = min(c.i for c in conjuncts)
    if any(t.text.lower() in _POSITIVE_POLARITY for t in tokens[first:]):
        return None  # *some* in a later conjunct would need its own *any*
    if any(
        t.text.lower() in ("never", "not", "n't") and t.head in heads - {main.verb} for t in tokens
    ):
        return None  # *and never looked back*: a negation of its own, which *or* cannot carry
    return [t.i for t in joins]


# Verbs of pseudo-coordination: *come and visit*, *go and see*, *try and find* are one
# predicate, whose negation is not *not come or visit*.
_SERIAL = frozenset({"come", "go", "try", "run", "stop", "wait", "be"})

# Adverbs after *and* that make two verb phrases one sequence of events.
SEQUENCE_ADVERBS = frozenset({"then", "later", "afterwards", "afterward", "finally", "next", "so"})

_POSITIVE_POLARITY = frozenset(
    {"some", "something", "someone", "somebody", "somewhere", "already", "still"}
)


def _auxiliaries(main: Frame) -> str:
    """What stands before the main verb: "" (nothing), "have" (the perfect's alone, which a
    coordinated participle shares: *has cut ... and hired*) or "other"."""
    if len(main.verb_group) <= 1:
        return ""
    pred = main.predicate
    perfect = pred.perfect and pred.voice == "active" and not pred.progressive
    return "have" if perfect and not pred.modality else "other"


def _same_form(c: Token, verb: Token, auxiliaries: str) -> bool:
    """Whether conjunct ``c`` has the main verb's form: the same tag (:func:`_form`), or a word
    that is also the main verb's form of its own lemma (*scored ... and set up*: *set* is
    tagged a base form, but it is its own past too; without an auxiliary only)."""
    if _form(c.tag, bool(auxiliaries)) == _form(verb.tag, bool(auxiliaries)):
        return True
    from lemminflect import getInflection

    lemma = english.verb_lemma(c.text, c.lemma)
    forms = {f.lower() for f in getInflection(lemma, tag=verb.tag)}
    if auxiliaries:
        # under an auxiliary the forms differ in kind (*was signed and ended*), but a participle
        # the tagger read as a past is the participle it shares (*has cut waiting times and
        # hired nurses*) where its past and participle are one word
        past = {f.lower() for f in getInflection(lemma, tag="VBD")}
        shared = auxiliaries == "have" and verb.tag == "VBN" and c.tag == "VBD"
        return shared and c.text.lower() in forms & past
    return c.text.lower() in forms


def _form(tag: str, under_auxiliary: bool) -> str:
    """A verb's form for comparing conjuncts: the tag, with the base form and the non-third
    person present alike (*run* / *deliver*), and without an auxiliary the past and the past
    participle alike (a tagger's slip between *made* VBD and VBN)."""
    if tag == "VBP":
        return "VB"
    if tag == "VBN" and not under_auxiliary:
        return "VBD"
    return tag


def unsatisfied_conjunct(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why "unchanged" would be false: the main clause already shows what the plan asks for
    but a clause or verb phrase coordinated with it does not (*I upgraded it last week, but
    Chrome still freezes* under the past); None otherwise."""
    target, reason = target_features(main.predicate, plan)
    if reason or target != main.predicate:
        return None
    frames = {f.verb: f for f in analysis.frames}
    # (the progressive is left out: a stative conjunct has none to show, *I have been running
    # it since 2019 and I have never had a problem*)
    keys = [k for k in plan.features if k in ("tense", "perfect", "modality", "voice", "polarity")]
    asked = describe(plan).removeprefix("the sentence is already ")
    verb = analysis.sentence.tokens[main.verb]
    auxiliaries = _auxiliaries(main)
    for c in _conjuncts(analysis, main):
        frame = frames.get(c.i)
        if frame is None:
            continue
        if (
            not _has_subject(analysis, c)
            and not _own_auxiliaries(analysis, c)
            and _same_form(c, verb, auxiliaries)
        ):
            continue  # it shares the main verb's form, so what the main clause shows, it shows
        mine, cannot = target_features(frame.predicate, plan)
        # *will change ..., and each course can be paired*: 'can' has no future to show; a
        # modal carries the tense (*and I still cannot eat it*: 'could' is its past)
        shown = [*keys, "modality"] if "tense" in keys and frame.predicate.modality else keys
        if cannot or any(getattr(frame.predicate, k) != getattr(mine, k) for k in shown):
            return (
                f"the main clause is already {asked}, but the coordinated "
                f"'{phrase(analysis, c)}' is not; Seam does not edit one conjunct without the "
                "other"
            )
    if plan.features.get("tense") == "past":
        for sub in (
            sub
            for head in clause_heads(analysis, main)
            for words in (TEMPORAL_SUBORDINATORS, CONCESSIVE_SUBORDINATORS)
            for sub in temporal_clauses(analysis, head, words)
        ):
            if sub.predicate.tense == "pres":
                tokens = analysis.sentence.tokens
                return (
                    f"the main clause is already {asked}, but the clause "
                    f"'{phrase(analysis, tokens[sub.verb])}' that depends on it is in the "
                    "present"
                )
    return None


def passive_elsewhere(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why "already active" would be false: the main clause is active, but a clause inside the
    sentence is a passive with its agent (*Did you know that the club was founded by three
    teachers?*), which reads as the sentence's passive; the edit does not reach it. (An
    agentless passive inside, *if no records are found*, leaves the sentence active.)"""
    if plan.features.get("voice") != "active" or main.predicate.voice != "active":
        return None
    tokens = analysis.sentence.tokens
    for f in analysis.frames:
        agent = any(a.function == "agent" for a in f.arguments)
        if f is not main and f.finite and f.predicate.voice == "passive" and agent:
            clause = phrase(analysis, tokens[f.verb])
            return (
                f"the main clause is already active, but the clause '{clause}' is passive; "
                "Seam edits the main clause only"
            )
    return None


_DEPENDENT = ("relcl", "advcl", "ccomp")  # the clauses a past perfect may depend in


def past_perfect_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a past main clause cannot go into the present or the future: a clause that depends
    on it is in the past perfect (*Williams, who had not played since January, withdrew*),
    which needs a past to be earlier than."""
    if plan.features.get("tense") not in ("pres", "fut") or main.predicate.tense != "past":
        return None
    tokens = analysis.sentence.tokens
    for f in analysis.frames:
        if f is main or not f.finite or f.predicate.tense != "past" or not f.predicate.perfect:
            continue
        # (*will say that the calves had picked it up*: a reported past perfect, too)
        # (*will reject the submission that the company had been acting ...*: a noun's clause
        # under the future; the present may report a theory of the past)
        deps = ("relcl", "advcl", "ccomp", "acl") if plan.features["tense"] == "fut" else _DEPENDENT
        if 0 <= f.verb < len(tokens) and tokens[f.verb].dep in deps:
            return (
                f"the clause '{phrase(analysis, tokens[f.verb])}' is in the past perfect, which "
                "needs the main clause in the past"
            )
    return None


def dependent_past_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a past main clause cannot go into the future: a temporal clause that dates it is in
    the past (*will teach me to cook when I was nine*), or a reported clause is a future in the
    past (*will tell reporters that the bridge would reopen*), and the realizer does not follow
    it there (it follows only the temporal and conditional clauses of the main verb itself)."""
    if plan.features.get("tense") != "fut":
        return None
    tokens = analysis.sentence.tokens
    heads = clause_heads(analysis, main)
    for head in reached_clauses(
        analysis, main
    ):  # *so that's how my morning went*: 'went' follows the present
        pred = head.predicate
        if pred.tense != "pres" or pred.modality or pred.lemma != "be":
            continue  # *explains why it failed* can go into the future: *will explain why*
        inner = next(
            (
                f
                for f in analysis.frames
                if f.finite
                and f.predicate.tense == "past"
                and 0 <= f.verb < len(tokens)
                and tokens[f.verb].head == head.verb
                and tokens[f.verb].dep in ("ccomp", "advcl", "relcl", "acl", "pcomp")
            ),
            None,
        )
        if inner is not None:
            return (
                f"the clause '{phrase(analysis, tokens[inner.verb])}' is in the past, told from "
                f"the present of '{tokens[head.verb].text}'; under the future it would no "
                "longer fit, and the realizer does not move it"
            )
    if main.predicate.tense != "past":
        return None
    followed = {f.verb for head in heads for f in temporal_clauses(analysis, head)}
    for f in temporal_clauses(analysis, main, frozenset({"while", "whereas"})):
        mark = next((t for t in tokens if t.head == f.verb and t.dep == "mark"), None)
        if mark is not None and mark.i > 0 and tokens[mark.i - 1].text == ",":
            return (  # *rose 3 percent, while European stocks closed lower*
                f"'{mark.text}' after a comma may set a contrast (its clause takes the future "
                "too) or a time (its clause takes the present); which one is not clear"
            )
    for f in analysis.frames:
        if not f.finite and _subject_participle(tokens, f.verb) and f.verb not in heads:
            if depends_on(tokens, f.verb, main.verb):  # *when the sea lions left* read as VBN
                return (
                    f"the parse reads '{tokens[f.verb].text}' as a participle though it has a "
                    "subject of its own; the realizer cannot tell the tense of its clause"
                )
        if f is main or f.verb in followed or not f.finite or not 0 <= f.verb < len(tokens):
            continue
        dep = tokens[f.verb].dep
        # *before they could take anything*: a past modal dates its clause like a past tense
        past = f.predicate.tense == "past" or (f.predicate.modality or "") in ("could", "would")
        # *taught me to cook when I was nine*: a time clause the parse made a complement (not
        # a question: *asked when it was built*)
        clausal = dep == "advcl" or (
            dep == "ccomp" and (tokens[tokens[f.verb].head].lemma or "").lower() not in _ASKING
        )
        dated = clausal and past and _temporal_mark(tokens, f.verb)
        reported = dep == "ccomp" and (f.predicate.modality or "") == "would"
        # *voted against every budget that would have funded our schools*: what would have
        # been, seen from a past; under the future it needs *would fund*
        reported = reported or (
            dep == "relcl"
            and (f.predicate.modality or "") in ("would", "could", "might")
            and f.predicate.perfect
        )
        # *threw a party that kept the building awake*: what the object's relative clause
        # tells followed the main event; under the future it would be told as past already
        after = (
            dep == "relcl"
            and not names_its_time(tokens, tokens[f.verb], clock=False)
            and f.predicate.tense == "past"
            and not f.predicate.modality
            and not f.predicate.perfect
            and f.verb > main.verb
            and any(
                a.function in ("obj", "pp") and a.span[0] <= f.verb < a.span[1]
                for a in main.arguments
            )
        )
        # *held the note so long that the audience forgot to breathe*: a result of *so* or
        # *such* hangs on the adverb, adjective or noun they mark; it follows the main event
        governor = tokens[tokens[f.verb].head]
        result = (
            dep in ("ccomp", "advcl", "acl")
            and past
            and governor.pos in ("ADV", "ADJ", "NOUN")
            and any(
                t.text.lower() in ("so", "such") and t.head in (governor.i, governor.head)
                for t in tokens
            )
        )
        if (dated or reported or after or result) and depends_on(tokens, f.verb, main.verb):
            return (
                f"the clause '{phrase(analysis, tokens[f.verb])}' is in the past, and the "
                "realizer does not move it with the main clause"
            )
    return None


def _subject_participle(tokens, verb: int) -> bool:
    """Whether ``verb`` is tagged a past participle yet has a subject and no auxiliary: a past
    tense the tagger misread (*when the sea lions left*)."""
    children = [t for t in tokens if t.head == verb and t.i != verb]
    return (
        tokens[verb].tag == "VBN"
        and any(t.dep == "nsubj" for t in children)
        and not any(t.dep in ("aux", "auxpass") for t in children)
    )


def purpose_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a past main clause cannot leave the past: a clause of purpose with a past modal
    (*saved money so that she could travel*) follows the past, and the realizer does not move
    it (*will save money so that she can travel*)."""
    if plan.features.get("tense") not in ("pres", "fut") or main.predicate.tense != "past":
        return None
    tokens = analysis.sentence.tokens
    for f in analysis.frames:
        if not 0 <= f.verb < len(tokens) or tokens[f.verb].head != main.verb:
            continue
        marks = {t.text.lower() for t in tokens if t.head == f.verb and t.dep in ("mark", "advmod")}
        if (f.predicate.modality or "") in ("could", "would", "might") and "so" in marks:
            return (
                f"the clause '{phrase(analysis, tokens[f.verb])}' tells a purpose with the past "
                f"modal '{f.predicate.modality}', which follows the main clause's past; the "
                "realizer does not move it"
            )
    return None


def negated_purpose_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a negation cannot go before a clause of purpose (*will close early so that staff
    can attend a training*): *will not close early so that staff can attend* reads as the
    purpose of not closing, or as closing for another purpose, and neither is the negation of
    the sentence."""
    if plan.features.get("polarity") != "neg" or main.predicate.polarity != "pos":
        return None
    tokens = analysis.sentence.tokens
    for f in analysis.frames:
        if not 0 <= f.verb < len(tokens) or tokens[f.verb].head != main.verb:
            continue
        if f.verb < main.verb or not f.predicate.modality:
            continue
        marks = {t.text.lower() for t in tokens if t.head == f.verb and t.dep in ("mark", "advmod")}
        if "so" in marks or {"in", "order"} <= marks:
            return (
                f"the clause '{phrase(analysis, tokens[f.verb])}' tells the purpose of the main "
                "event; negated, the sentence would read as the purpose of not doing it"
            )
    return None


def when_clause_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a past main clause cannot take the perfect: a *when*-, *as*- or *while*-clause in the
    simple past sets the main event at its time or right after it (*When the school was
    demolished, a capsule was found*; *Nobody spoke as the serac collapsed*), and a past perfect
    would put it before (*had been found*)."""
    if plan.features.get("perfect") is not True or main.predicate.perfect:
        return None
    if (plan.features.get("tense") or main.predicate.tense) != "past":
        return None
    if (plan.features.get("polarity") or main.predicate.polarity) == "neg":
        return None  # *When I moved, I hadn't spoken a word*: a state that held until then
    tokens = analysis.sentence.tokens
    for f in temporal_clauses(analysis, main):
        marks = {t.text.lower() for t in tokens if t.head == f.verb and t.dep in ("advmod", "mark")}
        if f.predicate.tense != "past" or f.predicate.perfect:
            continue
        # *Nobody spoke as the serac collapsed*: an event at the same time; not a state that
        # holds around it (*while I was at the pharmacy*), nor a contrast after a comma
        mark = next(
            (t for t in tokens if t.head == f.verb and t.text.lower() in ("as", "while")), None
        )
        lemma = f.predicate.lemma
        event = not f.predicate.progressive and lemma != "be" and lemma not in english.STATIVE_VERBS
        beside = mark is not None and mark.i > 0 and tokens[mark.i - 1].text == ","
        if "when" in marks or (mark is not None and event and not beside):
            return (
                f"the clause '{phrase(analysis, tokens[f.verb])}' sets the main event at its "
                "time; a past perfect would put it before"
            )
    return None


def _temporal_mark(tokens, verb: int) -> bool:
    """Whether the clause of ``verb`` is marked as temporal, conditional, concessive or causal
    (*when*, *if*, *even though*, *because*): its time is told beside the main clause's."""
    words = [t.text.lower() for t in tokens if t.head == verb and t.dep in ("mark", "advmod")]
    joined = " ".join(words)
    # (*as traders priced in a rise*: a time or a reason, told beside the main clause's)
    return any(w in TEMPORAL_SUBORDINATORS or w == "as" for w in words) or any(
        c == joined or c in words for c in CONCESSIVE_SUBORDINATORS
    )
