"""How far an edit of the main clause reaches, and what it must not leave behind.

An edit is made only where the analysis accounts for every clause it concerns:

- **verb phrases coordinated with the main verb** and sharing its subject (*crushes ice and
  makes smoothies*): a tense or aspect edit is carried into each one alike, so each must be a
  single verb of the main verb's form; negation, a question, a voice change, a swap or a cleft
  of anything but the subject of the first alone would not be the sentence's, and of both would
  not mean the same (*does not crush ice and make smoothies* says "not both");
- **coordinated clauses** and verb phrases in an edit the main clause already shows: the
  record says "unchanged" only when every one of them shows it too;
- **temporal and conditional clauses** (*if it is stored ...*): the perfect does not fit a
  statement of what happens whenever they hold;
- forms nobody writes: *be being* and *been being*, the progressive of a statement of what
  usually happens (``habitual_adverbs.txt``: *often*, *usually*);

The modal's meaning, performatives and formulae are :mod:`.meaning`'s; what a moved argument
carries, :mod:`.moved`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import english
from ..ir import Analysis, Frame, Token
from ..transforms import EditPlan
from .clauses import (
    CONCESSIVE_SUBORDINATORS,
    TEMPORAL_SUBORDINATORS,
    main_clause_tokens,
    temporal_clauses,
)
from .meaning import modal_refusal
from .plan import describe, target_features

# Edits that restructure the clause or its polarity: not carried into a coordinated verb
# phrase. The others (time, and a question's do-support) are carried into each alike.
STRUCTURAL = ("polarity", "voice", "cleft")
TIME = ("tense", "progressive", "perfect", "modality")
ALIKE = (*TIME, "force")
_SUBJECTS = ("nsubj", "nsubjpass", "expl", "csubj", "csubjpass")
_VERB_TAGS = ("VB", "VBD", "VBZ", "VBP", "VBN", "VBG")
_NAMES = {
    "polarity": "negation",
    "voice": "a voice change",
    "cleft": "a cleft",
    "swap": "a swap",
}
_HABITUAL = english.phrase_pattern("habitual_adverbs")
_NOMINAL_DEPS = ("det", "compound", "poss", "amod", "nummod")
_NO_PROGRESSIVE_PASSIVE = english.read_lexicon("no_progressive_passives")
_ASPECTUAL = english.read_lexicon("aspectual_verbs")
_ACHIEVEMENTS = english.read_lexicon("achievement_verbs")


def verb_conjuncts(analysis: Analysis, main: Frame) -> list[Token]:
    """Verbs coordinated with the main verb that share its subject (no subject of their own):
    *makes* in *crushes ice and makes smoothies*."""
    return [t for t in _conjuncts(analysis, main) if not _has_subject(analysis, t)]


def clause_heads(analysis: Analysis, main: Frame) -> list[Frame]:
    """The main clause's frame and those of the verb phrases coordinated with it: the verbs a
    temporal or conditional clause of the main clause can hang on (*opens and closes itself
    once the pressure drops*)."""
    frames = {f.verb: f for f in analysis.frames}
    return [main] + [frames[c.i] for c in verb_conjuncts(analysis, main) if c.i in frames]


def clause_conjuncts(analysis: Analysis, main: Frame) -> list[Token]:
    """Verbs of main clauses coordinated with the main one, each with its own subject."""
    return [t for t in _conjuncts(analysis, main) if _has_subject(analysis, t)]


def _conjuncts(analysis: Analysis, main: Frame) -> list[Token]:
    tokens = analysis.sentence.tokens
    out = []
    for t in tokens:
        if t.dep != "conj" or t.pos not in ("VERB", "AUX") or t.tag not in _VERB_TAGS:
            continue
        i, seen = t.i, set()
        while tokens[i].dep == "conj" and i not in seen:  # A, B and C: each hangs on the first
            seen.add(i)
            i = tokens[i].head
        if i == main.verb:
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
    words = [tokens[i].text for i in sorted(set(inside)) if i >= start]
    return " ".join(words[:limit]) + (" ..." if len(words) > limit else "")


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
    if structural == ["polarity"] and negation_joins(analysis, main, plan) is not None:
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
    auxiliaries = len(main.verb_group) > 1
    for c in conjuncts:
        nominal = [x for x in tokens if x.head == c.i and x.dep in _NOMINAL_DEPS]
        if nominal:
            return (
                f"the parse makes '{c.text}' a verb coordinated with the main verb, but gives it "
                f"'{nominal[0].text}' as a noun's dependent; the sentence's structure is not "
                "clear enough to edit"
            )
        aux = _own_auxiliaries(analysis, c)
        if aux or c.pos != "VERB" or not _same_form(c, verb, auxiliaries):
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
        lemma = english.verb_lemma(c.text, c.lemma)
        if feats.get("progressive") is True and lemma in english.NO_PROGRESSIVE:
            return (
                f"the coordinated verb phrase '{phrase(analysis, c)}' has the stative verb "
                f"'{lemma}', which has no progressive"
            )
    return None


def _under_verb(tokens: Sequence[Token], i: int, verb: int) -> bool:
    """Whether token ``i`` depends on ``verb`` (at any depth) without crossing a clause."""
    seen = set()
    while 0 <= i < len(tokens) and i not in seen and tokens[i].head != i:
        seen.add(i)
        if tokens[i].dep in ("relcl", "ccomp", "advcl", "acl", "xcomp", "conj"):
            return False
        i = tokens[i].head
        if i == verb:
            return True
    return False


def _has_object(frame: Frame) -> bool:
    return any(a.function == "obj" for a in frame.arguments)


def negation_joins(analysis: Analysis, main: Frame, plan: EditPlan) -> list[int] | None:
    """The *and* tokens that join the verb phrases coordinated with the main verb, when the
    plan negates an affirmative clause: negated, they are joined by *or* (*does not crush ice
    or make smoothies*: neither). None when the edit is not a new negation, or a conjunct is
    joined by anything but *and* (*but*, *or*: their negation does not read the same)."""
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
    first = min(c.i for c in conjuncts)
    if any(t.text.lower() in _POSITIVE_POLARITY for t in tokens[first:]):
        return None  # *some* in a later conjunct would need its own *any*
    return [t.i for t in joins]


# Verbs of pseudo-coordination: *come and visit*, *go and see*, *try and find* are one
# predicate, whose negation is not *not come or visit*.
_SERIAL = frozenset({"come", "go", "try", "run", "stop", "wait", "be"})

_POSITIVE_POLARITY = frozenset(
    {"some", "something", "someone", "somebody", "somewhere", "already", "still"}
)


def _same_form(c: Token, verb: Token, auxiliaries: bool) -> bool:
    """Whether conjunct ``c`` has the main verb's form: the same tag (:func:`_form`), or a word
    that is also the main verb's form of its own lemma (*scored ... and set up*: *set* is
    tagged a base form, but it is its own past too; without an auxiliary only)."""
    if _form(c.tag, auxiliaries) == _form(verb.tag, auxiliaries):
        return True
    if auxiliaries:  # under an auxiliary the forms differ in kind (*was signed and ended*)
        return False
    from lemminflect import getInflection

    lemma = english.verb_lemma(c.text, c.lemma)
    return c.text.lower() in {f.lower() for f in getInflection(lemma, tag=verb.tag)}


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
    if reason or target != main.predicate.features():
        return None
    frames = {f.verb: f for f in analysis.frames}
    # (the progressive is left out: a stative conjunct has none to show, *I have been running
    # it since 2019 and I have never had a problem*)
    keys = [k for k in plan.features if k in ("tense", "perfect", "modality", "voice", "polarity")]
    asked = describe(plan).removeprefix("the sentence is already ")
    verb = analysis.sentence.tokens[main.verb]
    auxiliaries = len(main.verb_group) > 1
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
        mine, _ = target_features(frame.predicate, plan)
        if any(frame.predicate.features()[k] != mine[k] for k in keys):
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
        if 0 <= f.verb < len(tokens) and tokens[f.verb].dep in ("relcl", "advcl", "ccomp", "acl"):
            return (
                f"the clause '{phrase(analysis, tokens[f.verb])}' is in the past perfect, which "
                "needs the main clause in the past"
            )
    return None


def conditional_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the perfect does not fit: the clause states what happens when or if something holds
    (*may leak if it is stored in a damp place*, *is loaded when the server starts*)."""
    if plan.features.get("perfect") is not True or main.predicate.perfect:
        return None
    for other in (o for h in clause_heads(analysis, main) for o in temporal_clauses(analysis, h)):
        if other.predicate.tense == "pres" and not other.predicate.perfect:
            tokens = analysis.sentence.tokens
            start = min(
                [t.i for t in tokens if t.head == other.verb and t.dep in ("mark", "advmod")]
                + [other.verb]
            )
            return (
                f"the clause states what happens '{phrase_from(tokens, start)}'; the perfect "
                "does not fit such a statement, and the clause would be left in the present"
            )
    return None


def phrase_from(tokens: Sequence[Token], start: int, limit: int = 6) -> str:
    words = [t.text for t in tokens[start:] if t.text not in (".", "!", "?")]
    return " ".join(words[:limit]) + (" ..." if len(words) > limit else "")


def habitual_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the progressive does not fit: the clause states what usually happens (*often*,
    *every time*: ``habitual_adverbs.txt``)."""
    if plan.features.get("progressive") is not True or main.predicate.progressive:
        return None
    tokens = analysis.sentence.tokens
    own = main_clause_tokens(analysis, main)
    text = " ".join(tokens[i].text for i in own)
    found = m.group() if (m := _HABITUAL.search(text)) else None
    if found:
        return (
            f"'{found}' makes the clause a statement of what usually happens; its "
            "progressive would describe one ongoing occasion"
        )
    return None


def form_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the verb group the plan asks for is a form nobody writes: *be being* / *been being*
    (a passive progressive under a modal or the perfect)."""
    pred = main.predicate
    target, reason = target_features(pred, plan, periphrastic=True)
    if reason:
        return None
    changed = target != pred.features()
    tokens = analysis.sentence.tokens
    if plan.features.get("progressive") is True and not pred.progressive:
        ing = next(
            (
                t
                for t in tokens
                if t.head == main.verb
                and t.i > main.verb
                and (
                    (t.dep == "xcomp" and t.tag == "VBG")
                    or (pred.lemma in _ASPECTUAL and t.text.lower().endswith("ing"))
                )
            ),
            None,
        )
        if ing is not None:
            return (
                f"'{tokens[main.verb].text} {ing.text}': a verb whose complement is an -ing form "
                "has no progressive ('keeps building' / '*is keeping building')"
            )
        if pred.lemma in _ACHIEVEMENTS:
            return (
                f"'{pred.lemma}' names an event that is over as it happens; its progressive "
                "would say it was under way, not that it happened"
            )
        counted = next(
            (
                t
                for t in tokens
                if (t.tag == "CD" and _under_verb(tokens, t.i, main.verb))
                or (t.head == main.verb and t.text.lower() in ("twice", "once", "thrice"))
            ),
            None,
        )
        if counted is not None and pred.voice == "active" and _has_object(main):
            return (
                f"the clause counts what was done ('{counted.text}'); its progressive would say "
                "it was under way, not done"
            )
        if not pred.modality and any(
            other.predicate.tense == "pres"
            for head in clause_heads(analysis, main)
            for other in temporal_clauses(analysis, head)
        ):
            return (
                "the clause states what happens when or if something holds; its progressive "
                "would describe one ongoing occasion"
            )
        if pred.voice == "passive" and pred.lemma in _NO_PROGRESSIVE_PASSIVE:
            return (
                f"the passive of '{pred.lemma}' states a name, a view or an expectation; its "
                "progressive ('is being called', 'is being expected') is not natural English"
            )
    if plan.features.get("perfect") is True and not pred.perfect:
        if pred.voice == "passive" and pred.lemma in _NO_PROGRESSIVE_PASSIVE:
            return (
                f"the passive of '{pred.lemma}' states a name, a view or a standing fact (is "
                "survived by, is called); its perfect is not natural English"
            )
        own = main_clause_tokens(analysis, main)
        until = next(
            (tokens[i].text for i in own if tokens[i].text.lower() in ("until", "till")), None
        )
        if until is not None and pred.tense == "pres":
            return (
                f"the clause lasts '{until} ...' a time to come; its present perfect would end "
                "the state before now"
            )
    if (
        plan.features.get("perfect") is True
        and not pred.perfect
        and pred.lemma in english.STATIVE_VERBS
    ):
        return (
            f"'{pred.lemma}' states a lasting relation (what a thing contains or comprises); "
            "its perfect ('has comprised') is not natural English"
        )
    if (
        plan.features.get("voice") == "passive"
        and pred.voice == "active"
        and pred.lemma in english.STATIVE_VERBS
    ):
        return (
            f"'{pred.lemma}' states a relation, not an action; its passive ('is "
            f"{english.past_participle(pred.lemma)} by ...') is not natural English"
        )
    if (
        changed
        and target["progressive"]
        and target["voice"] == "passive"
        and (target["perfect"] or target.get("modality") or target["tense"] == "fut")
    ):
        form = "been being" if target["perfect"] else "be being"  # will be being held
        return (
            f"a passive progressive with a modal or the perfect ('{form}') is not natural English"
        )
    return None


def coordinated_clause_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a tense or aspect edit cannot be carried into the main clauses coordinated with the
    main one alike: under the perfect (which keeps each clause's tense), a clause whose tense
    and aspect differ from the main clause's (*We set up a calendar, and it has made a
    difference*: *had set up ... has made*) would come out in another time; and each
    coordinated clause must pass what the main clause passes (the modal's meaning, the perfect
    of a conditional statement, the progressive of a habit or a state, forms nobody writes)."""
    if not any(f in plan.features for f in TIME):
        return None
    frames = {f.verb: f for f in analysis.frames}
    keys = ("tense", "progressive", "perfect", "modality")
    mine = main.predicate.features()
    relative = "perfect" in plan.features and "tense" not in plan.features
    for c in clause_conjuncts(analysis, main):
        frame = frames.get(c.i)
        if frame is None:
            continue
        theirs = frame.predicate.features()
        if relative and any(theirs[k] != mine[k] for k in keys):
            return (
                f"the coordinated clause '{phrase(analysis, c)}' is in another tense or aspect "
                "than the main clause; the same edit would not put both in the same time"
            )
        tokens = analysis.sentence.tokens
        if any(tokens[i].text.lower() == "never" for i in frame.verb_group) and any(
            f in plan.features for f in ("tense", "perfect", "progressive")
        ):
            return (
                f"the coordinated clause '{phrase(analysis, c)}' is negated by 'never'; "
                "Seam does not yet carry 'never' into a clause it retenses"
            )
        for check in (modal_refusal, conditional_refusal, habitual_refusal, form_refusal):
            if why := check(analysis, frame, plan):
                return f"in the coordinated clause '{phrase(analysis, c)}': {why}"
        if plan.features.get("progressive") is True and frame.predicate.lemma in (
            english.NO_PROGRESSIVE
        ):
            return (
                f"the coordinated clause '{phrase(analysis, c)}' has the stative verb "
                f"'{frame.predicate.lemma}', which has no progressive"
            )
    return None
