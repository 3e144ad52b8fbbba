"""Aspect and time an edit must not force: the perfect of a statement of what happens when or
if something holds (*may have leaked if it is stored*), the progressive of a habit
(``habitual_adverbs.txt``), of an event over as it happens (``achievement_verbs.txt``), of a
counted result (*scored twice*), of a verb with an *-ing* complement (``aspectual_verbs.txt``),
of a passive that names or expects (``no_progressive_passives.txt``), *be being* / *been
being*, the perfect of a lasting relation, and the same checks on every coordinated clause a
tense or aspect edit reaches.

One module, over 400 lines: each check here reads the verb's aspect against the clause's
time, and the coordinated clauses must meet all of them in one place."""

from __future__ import annotations

from collections.abc import Sequence

from .. import english
from ..ir import Analysis, Frame, Predicate, Token
from ..transforms import EditPlan
from . import states
from .agents import is_agent, subject_acts
from .clauses import conj_of, depends_on, main_clause_tokens, temporal_clauses
from .meaning import modal_refusal
from .plan import target_features
from .scope import (
    TIME,
    clause_conjuncts,
    clause_heads,
    phrase,
    verb_conjuncts,
    with_shared_subject,
)
from .sequence import perfect_time
from .time import TIME_WORDS, perfect_at_a_point, time_point

_HABITUAL = english.phrase_pattern("habitual_adverbs")
_NO_PROGRESSIVE_PASSIVE = english.read_lexicon("no_progressive_passives")
_MIND_STATES = english.read_lexicon("mind_state_passives")  # *is convinced that*
_ASPECTUAL = english.read_lexicon("aspectual_verbs")
_DEGREE = english.read_lexicon("degree_adverbs")  # *is well developed*: a state
_ACHIEVEMENTS = english.read_lexicon("achievement_verbs")
_THING_STATES = english.read_lexicon("thing_state_verbs")
_PROCESSES = english.read_lexicon("process_verbs")
_FINDINGS = english.read_lexicon("finding_verbs")
_FORCES = english.read_lexicon("force_nouns")
_PROSPECTIVE = english.read_lexicon("prospective_verbs")
_CLOCK = english.read_lexicon("clock_words")
# Words that give a perfect of a state its span (*has believed it for years*, *has always
# known*); without one, the perfect of a state says nothing the simple form does not.
_SPANS = english.read_lexicon("state_span_words")
# The subordinators of a condition or a recurring occasion (not *before*, *until*, *while*:
# *They are testing it before production begins* is one occasion).
_CONDITIONS = english.read_lexicon("occasion_subordinators")


def _has_object(frame: Frame) -> bool:
    return any(a.function == "obj" for a in frame.arguments)


def state_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the progressive or the perfect does not fit a state: a verb of ``thing_state_verbs``
    with a thing as subject (*The bungalow sits on a quiet street*: *is sitting*, *has sat*),
    and the present perfect of a stative verb with nothing that gives it a span (*I don't
    believe him*: *I haven't believed him*; *has believed it for years* is fine)."""
    pred = main.predicate
    f = plan.features
    aspect = (
        "progressive"
        if f.get("progressive") is True and not pred.progressive
        else "perfect"
        if f.get("perfect") is True and not pred.perfect
        else None
    )
    if (why := perfect_time(analysis, main, aspect)) is not None:
        return why
    tokens = analysis.sentence.tokens
    if (
        aspect is not None
        and pred.voice == "passive"
        and pred.lemma == "make"
        and any(t.head == main.verb and t.text.lower() in ("of", "from") for t in tokens)
    ):  # *Saturn's rings are made mostly of ice*: what a thing is made of is a state
        return f"'made of' states what a thing consists of; its {aspect} would describe a making"
    if aspect is not None and (why := states.state_refusal(analysis, main, aspect)):
        return why
    if aspect is None or pred.voice != "active":
        return None
    owned = states.possession(analysis, main)
    tokens = analysis.sentence.tokens
    if aspect == "progressive" and pred.perfect and pred.modality:
        return (
            f"'{pred.modality} have' with a past deed ('{phrase(analysis, tokens[main.verb])}') "
            "judges one event; its progressive would judge an activity"
        )
    if aspect == "progressive" and pred.perfect and pred.polarity == "neg" and _has_object(main):
        return (
            f"a negated perfect with an object ('{phrase(analysis, tokens[main.verb])}') says "
            "the deed is not done; its progressive would say nobody worked at it"
        )
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    head = tokens[subj.head] if subj is not None and 0 <= subj.head < len(tokens) else None
    if (
        aspect == "progressive"
        and pred.lemma in _FINDINGS
        and head is not None
        and not is_agent(analysis, head)
        and any(t.head == main.verb and t.dep == "ccomp" for t in tokens)
    ):  # *The experiment showed that water boils ...*: a finding, not an action under way
        return (
            f"'{pred.lemma}' with a that-clause reports what '{subj.text if subj else ''}' "
            "found; its progressive would describe an action under way"
        )
    if (
        pred.lemma in _THING_STATES
        and pred.tense == "pres"  # a description (*sits on a quiet street*), not a past scene
        and subj is not None
        and head is not None
        and not is_agent(analysis, head)
    ):
        return (
            f"with a thing as subject ('{subj.text}'), '{pred.lemma}' states where it is or what "
            f"it affords; its {aspect} would describe an action"
        )
    if (
        subj is not None
        and head is not None
        and aspect == "progressive"
        and pred.tense == "pres"  # a description; a past scene can show a thing at work
        and not pred.perfect  # *has made a difference*: an event, not a description
        and pred.lemma not in _PROCESSES
        and pred.lemma != "be"  # the copula's own checks decide (*is being careful*)
        and not is_agent(analysis, head)
        and (head.lemma or head.text).lower() not in _FORCES
    ):
        return (
            f"the subject ('{subj.text}') is not known to act (a person, a group, an animal, a "
            f"force), and with such a subject the present of '{pred.lemma}' states what it is "
            "or does; its progressive would describe an action under way"
        )
    if (
        aspect == "perfect"
        and pred.tense in ("pres", "fut")
        and (when := time_point(analysis, main))
    ):
        return perfect_at_a_point(when, pred.tense)
    own = main_clause_tokens(analysis, main)
    prospective = pred.lemma in _PROSPECTIVE and any(
        t.head == main.verb and t.dep == "xcomp" for t in tokens
    )
    if (
        aspect == "perfect"
        # (*nobody had had the heart to stop him* tells a past before a past: no span needed)
        and (
            pred.lemma in english.NO_PROGRESSIVE
            or prospective
            or (owned is not None and pred.tense != "past")
        )
        and not any(tokens[i].text.lower() in _SPANS for i in own)
    ):
        return (
            f"'{pred.lemma}' states a state; its perfect needs a span ('for years', 'since ...', "
            "'always') that the sentence does not give"
        )
    return None


def conditional_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the perfect does not fit: the clause states what happens when or if something holds
    (*may leak if it is stored in a damp place*, *is loaded when the server starts*)."""
    pred = main.predicate
    if plan.features.get("perfect") is not True or pred.perfect:
        return None
    # a present modal in the condition of a present (*If you can forgive its camera, it offers
    # ...*) states what holds as well; of a future (*If he can hold his serve, he will have
    # forced a decider*) it sets the time the future perfect counts to
    modals = pred.tense == "pres" and not pred.modality
    clauses = (
        o
        for h in clause_heads(analysis, main)
        for o in temporal_clauses(analysis, h, modals=modals)
    )
    for other in clauses:
        if other.predicate.tense == "pres":
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


def _is_time_of_day(tokens: Sequence[Token], i: int) -> bool:
    """Whether the number at ``i`` is a clock time (*8 a.m.*, *at 6*), not a count."""
    nxt = tokens[i + 1].text.lower() if i + 1 < len(tokens) else ""
    return nxt in _CLOCK or (i > 0 and tokens[i - 1].text.lower() == "at")


_RATE = frozenset({"a", "an", "per", "each", "every"})


def _counts_the_object(tokens: Sequence[Token], main: Frame, i: int) -> bool:
    """Whether the number at ``i`` counts or measures what the clause does (*scored three
    goals*, *opened the school with twelve pupils*): a number of the clause, not one in a
    phrase of the object (*a team of six engineers*) and not a rate (*4,000 orders a day*)."""
    obj = next((a for a in main.arguments if a.function == "obj"), None)
    if obj is None or not depends_on(tokens, i, main.verb, within_clause=True):
        return False
    head = tokens[i].head if tokens[i].dep == "nummod" else i
    after = tokens[head + 1].text.lower() if head + 1 < len(tokens) else ""
    in_object_phrase = (
        obj.span[0] <= i < obj.span[1] and head != obj.head and tokens[head].dep == "pobj"
    )
    return after not in _RATE and not in_object_phrase


def _is_duration(tokens: Sequence[Token], i: int) -> bool:
    """Whether the number at ``i`` counts a stretch of time (*for two years*), not results."""
    head = tokens[i].head
    return tokens[i].dep == "nummod" and tokens[head].lemma.lower() in TIME_WORDS


def _counted(tokens: Sequence[Token], main: Frame) -> Token | None:
    """A number that counts the clause's results or occasions (*scored two goals*, *twice*),
    not a time of day, a stretch of time or a date; else None."""
    return next(
        (
            t
            for t in tokens
            if (
                t.tag == "CD"
                and _counts_the_object(tokens, main, t.i)
                and not _is_time_of_day(tokens, t.i)
                and not _is_duration(tokens, t.i)
                and t.ent_type != "DATE"  # *in 1892*, *on 12 February*: a date, no count
            )
            or (t.tag == "CD" and _amount_of_change(tokens, main, t))
            or (t.head == main.verb and t.text.lower() in ("twice", "thrice"))
            or (t.head == main.verb and t.text.lower() == "once" and t.i > main.verb)
        ),
        None,
    )


def _amount_of_change(tokens: Sequence[Token], main: Frame, t: Token) -> bool:
    """Whether the number at ``t`` measures how far the event went (*fell by 12 percent*,
    *rose by three metres*): an amount reached, like a count."""
    noun = tokens[t.head] if 0 <= t.head < len(tokens) else t
    on_verb = noun.head == main.verb or (  # (*rose two metres overnight*)
        0 <= noun.head < len(tokens)
        and tokens[noun.head].dep == "advmod"
        and tokens[noun.head].head == main.verb
    )
    changes = noun.dep == "dobj" and (tokens[main.verb].lemma or "").lower() in _PROCESSES
    if (  # *has fallen four millibars*: a measure right on the verb
        (noun.dep == "npadvmod" or changes)
        and on_verb
        and noun.lemma.lower() not in TIME_WORDS
        and t.dep == "nummod"
    ):
        return True
    prep = tokens[noun.head] if 0 <= noun.head < len(tokens) else None
    return prep is not None and prep.text.lower() == "by" and prep.head == main.verb


_ROUGHLY = english.read_lexicon("rough_measure_words")


def _time_taken(tokens: Sequence[Token], main: Frame) -> str | None:
    """*in about twelve hours*, *in seconds*, *in under an hour*: an *in* on the main verb with
    a stretch of time, which measures how long the whole event took; or None."""
    n = len(tokens)
    for t in tokens:
        if t.text.lower() != "in" or t.head != main.verb:
            continue
        k = t.i + 1
        while k < n and tokens[k].text.lower() in _ROUGHLY:
            k += 1
        counted = k < n and (tokens[k].tag == "CD" or tokens[k].text.lower() in ("a", "an"))
        k += 1 if counted else 0
        if (
            k < n
            and tokens[k].lemma.lower() in TIME_WORDS
            and (counted or tokens[k].text.lower() in _STRETCHES)
        ):
            return " ".join(x.text for x in tokens[t.i : k + 1])
    return None


_STRETCHES = frozenset({"seconds", "minutes", "hours", "days", "weeks", "months", "years"})


def _over_or_never(tokens: Sequence[Token], main: Frame, target: Predicate) -> str | None:
    """Why a progressive does not fit the time the clause gives its event: *never* (at no
    time) or, in the past, a stretch the event filled (*for ten years*)."""
    never = next(  # on the verb or on a verb phrase coordinated with it (*and never looked back*)
        (
            t
            for t in tokens
            if t.text.lower() == "never"
            and 0 <= t.head < len(tokens)
            and (t.head == main.verb or conj_of(tokens, t.head, main.verb))
        ),
        None,
    )
    if never is not None:  # *never fully recovered*: at no time, not at no moment
        return (
            "'never' says the event did not happen at any time; its progressive would say "
            "it was not under way at some moment, another claim"
        )
    if target.tense != "past" or target.perfect:
        return None
    for t in tokens:  # *lived there for ten years*: a stretch the event filled, now over
        if t.tag != "CD" or not 0 <= t.head < len(tokens):
            continue
        if tokens[t.head].lemma.lower() in TIME_WORDS and (
            by := _spans_the_clause(tokens, main, t)
        ):
            return (
                f"'{' '.join(x.text for x in tokens[by.i : t.head + 1])}' measures a stretch "
                "the event filled and that is over; its past progressive would leave it unfinished"
            )
    return None


def _conjunct_without_progressive(analysis: Analysis, main: Frame) -> Token | None:
    """A verb joined to the main verb that takes no progressive: *have to* (*and had to be
    shut down*), or a state (``english.NO_PROGRESSIVE``); else None."""
    tokens = analysis.sentence.tokens
    for c in verb_conjuncts(analysis, main):
        lemma = (c.lemma or c.text).lower()
        has_to = lemma == "have" and any(
            x.head == c.i and x.dep == "xcomp" and x.i > c.i for x in tokens
        )
        if has_to or lemma in english.NO_PROGRESSIVE:
            return c
    return None


def _spans_the_clause(tokens: Sequence[Token], main: Frame, t: Token) -> Token | None:
    """The *for* on the main verb that the duration at ``t`` follows (*for eleven months*, *for
    about 165 million years*), the number itself for a stretch right on the verb (*waited two
    hours*), or None."""
    noun = tokens[t.head]
    if noun.dep in ("dobj", "npadvmod") and noun.head == main.verb and t.dep == "nummod":
        return t  # *waited two hours*: the stretch right on the verb
    before = [x for x in tokens[max(0, t.i - 3) : t.i] if x.text.lower() == "for"]
    if not before or before[-1].head != main.verb:
        return None
    between = tokens[before[-1].i + 1 : t.i]
    return before[-1] if all(x.pos in ("ADV", "ADP", "NUM", "ADJ") for x in between) else None


def _counted_phrase(tokens: Sequence[Token], i: int) -> str:
    """The number at ``i`` with the noun it counts (*two halves*), or the number alone."""
    head = tokens[i].head
    if tokens[i].dep == "nummod" and 0 <= head < len(tokens) and head > i:
        return " ".join(t.text for t in tokens[i : head + 1])
    return tokens[i].text


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
    if found is None and (routine := _fronted_frequency(tokens)):
        found = routine
    if found:
        return (
            f"'{found}' makes the clause a statement of what usually happens; its "
            "progressive would describe one ongoing occasion"
        )
    return None


def _fronted_frequency(tokens: Sequence[Token]) -> str | None:
    """*Every morning, Grandpa wakes up early*: a phrase of *every* or *each* with a time word
    that opens the sentence, before a comma, frames what follows as a routine (at the end, *is
    knocking my coffee off the desk every morning* is natural English)."""
    if len(tokens) < 3 or tokens[0].text.lower() not in ("every", "each"):
        return None
    comma = next((t.i for t in tokens[:5] if t.text == ","), None)
    if comma is None or not any(t.lemma.lower() in TIME_WORDS for t in tokens[1:comma]):
        return None
    return " ".join(t.text for t in tokens[:comma])


def _progressive_verb(analysis: Analysis, main: Frame) -> str | None:
    """Why the verb has no progressive: an *-ing* complement (*keeps building*), a relation
    (:func:`.states.stative_phrase`), an event over as it happens (``achievement_verbs.txt``)."""
    pred = main.predicate
    tokens = analysis.sentence.tokens
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
    if (relation := states.stative_phrase(analysis, main)) is not None:
        return (
            f"'{relation}' states a relation, not an event; its progressive is not natural English"
        )
    if pred.lemma == "come" and any(
        t.head == main.verb and t.dep == "prep" and t.text.lower() == "from" for t in tokens
    ):  # (its perfect tells where it was found: *has come from graves near the river*)
        return "'come from' states an origin; its progressive would describe a journey"
    if pred.lemma in _ACHIEVEMENTS:
        return (
            f"'{pred.lemma}' names an event that is over as it happens; its progressive "
            "would say it was under way, not that it happened"
        )
    return None


def _progressive_refusal(analysis: Analysis, main: Frame, target: Predicate) -> str | None:
    """Why the progressive the plan adds is a form nobody writes here: the verb's class
    (:func:`_progressive_verb`), a count, the time the clause gives its event, a condition, a
    passive that names or expects."""
    pred = main.predicate
    tokens = analysis.sentence.tokens
    if why := _progressive_verb(analysis, main):
        return why
    counted = _counted(tokens, main)
    if counted is not None and pred.voice == "active":
        return (
            f"the clause holds a number ('{_counted_phrase(tokens, counted.i)}'); its "
            "progressive could read as a count or an amount not reached yet"
        )
    if why := _over_or_never(tokens, main, target):
        return why
    if (taken := _time_taken(tokens, main)) is not None:
        return (
            f"'{taken}' measures how long the whole event took; with the progressive it would "
            "read as a time from now or leave the event unfinished"
        )
    if (other := _conjunct_without_progressive(analysis, main)) is not None:
        return (
            f"the verb phrase '{phrase(analysis, other)}' joined to the main verb has no "
            "progressive of its own ('has to' / '*is having to')"
        )
    if not pred.modality and any(
        other.predicate.tense == "pres"
        for head in clause_heads(analysis, main)
        for other in temporal_clauses(analysis, head, _CONDITIONS, modals=True)
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
    if pred.voice == "passive" and pred.lemma in _MIND_STATES:
        return (
            f"the passive of '{pred.lemma}' states a frame of mind; its progressive ('was being "
            "persuaded that') is not natural English"
        )
    tokens = analysis.sentence.tokens
    degree = next(
        (
            t
            for t in tokens[: main.verb]
            if t.head == main.verb and t.dep == "advmod" and t.text.lower() in _DEGREE
        ),
        None,
    )
    if pred.voice == "passive" and degree is not None:
        return (
            f"'{degree.text} {tokens[main.verb].text}' describes a state (a participle "
            f"graded by '{degree.text}'); its progressive is not natural English"
        )
    return None


def form_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the verb group the plan asks for is a form nobody writes: *be being* / *been being*
    (a passive progressive under a modal or the perfect)."""
    pred = main.predicate
    target, reason = target_features(pred, plan, periphrastic=True)
    if reason:
        return None
    changed = target != pred
    tokens = analysis.sentence.tokens
    if plan.features.get("progressive") is True and not pred.progressive:
        if why := _progressive_refusal(analysis, main, target):
            return why
    if plan.features.get("perfect") is True and not pred.perfect:
        own = main_clause_tokens(analysis, main)
        if pred.voice == "passive" and pred.lemma in _NO_PROGRESSIVE_PASSIVE:
            return (
                f"the passive of '{pred.lemma}' states a name, a view or a standing fact (is "
                "survived by, is called); its perfect is not natural English"
            )
        until = next(
            (tokens[i].text for i in own if tokens[i].text.lower() in ("until", "till")), None
        )
        if until is not None and pred.tense == "pres":
            return (
                f"the clause lasts '{until} ...' a time to come; its present perfect would end "
                "the state before now"
            )
    if plan.features.get("perfect") is True and not pred.perfect:
        if why := _perfect_of_a_relation(analysis, main):
            return why
    if (why := _recipient_passive(analysis, main, plan)) is not None:
        return why
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
        and target.progressive
        and target.voice == "passive"
        and (target.perfect or target.modality or target.tense == "fut")
    ):
        form = "been being" if target.perfect else "be being"  # will be being held
        return (
            f"a passive progressive with a modal or the perfect ('{form}') is not natural English"
        )
    return None


_RECIPIENT_VERBS = english.read_lexicon("recipient_verbs")


def _recipient_passive(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a verb of receiving (``recipient_verbs.txt``) with a subject that does not act has
    no passive: *Late submissions receive a mark of zero* -> *A mark of zero is received by late
    submissions* is not what anyone writes."""
    pred = main.predicate
    passive = plan.features.get("voice") == "passive" and pred.voice == "active"
    if not passive or plan.swap or pred.lemma not in _RECIPIENT_VERBS:
        return None
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if subj is None or subject_acts(analysis, main):
        return None
    return (
        f"'{pred.lemma}' tells what '{subj.text}' receives or undergoes, not what it does; with "
        "it as the by-phrase the sentence is not natural English"
    )


def _perfect_of_a_relation(analysis: Analysis, main: Frame) -> str | None:
    """Why the perfect does not fit a verb of a lasting relation (``stative_verbs.txt``, or a
    verb and preposition of ``stative_phrases.txt``: *comes with four mugs*)."""
    pred = main.predicate
    relation = pred.lemma if pred.lemma in english.STATIVE_VERBS else None
    if (relation := relation or states.stative_phrase(analysis, main)) is not None:
        return (
            f"'{relation}' states a lasting relation (what a thing contains or comprises); "
            "its perfect ('has comprised') is not natural English"
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
        kind = "clause" if any(a.function == "subj" for a in frame.arguments) else "verb phrase"
        frame = with_shared_subject(frame, main)  # *... and will update you*: the main subject's
        theirs = frame.predicate.features()
        if relative and any(theirs[k] != mine[k] for k in keys):
            return (
                f"the coordinated {kind} '{phrase(analysis, c)}' is in another tense or aspect "
                "than the main clause; the same edit would not put both in the same time"
            )
        tokens = analysis.sentence.tokens
        if any(tokens[i].text.lower() == "never" for i in frame.verb_group) and any(
            f in plan.features for f in ("tense", "perfect", "progressive")
        ):
            return (
                f"the coordinated {kind} '{phrase(analysis, c)}' is negated by 'never'; "
                "Seam does not yet carry 'never' into a clause it retenses"
            )
        for check in (
            modal_refusal,
            conditional_refusal,
            habitual_refusal,
            form_refusal,
            states.occasion_refusal,
            state_refusal,
        ):
            if why := check(analysis, frame, plan):
                return f"in the coordinated {kind} '{phrase(analysis, c)}': {why}"
        theirs_pred = frame.predicate
        if plan.features.get("progressive") is True and (
            theirs_pred.lemma in english.NO_PROGRESSIVE
            or (theirs_pred.lemma == "be" and theirs_pred.voice == "active")
        ):
            return (
                f"the coordinated {kind} '{phrase(analysis, c)}' has the stative verb "
                f"'{frame.predicate.lemma}', which has no progressive"
            )
    return None


def present_beside_past_perfect(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a past clause cannot take the perfect when an adverbial clause before it is in the
    present (*Although the story stumbles, the characters kept me playing*): the past perfect
    counts back from a past moment, and the sentence sets its time now."""
    pred = main.predicate
    if plan.features.get("perfect") is not True or pred.perfect or pred.tense != "past":
        return None
    if plan.features.get("tense", "past") != "past":
        return None
    tokens = analysis.sentence.tokens
    for f in analysis.frames:
        if f is main or not f.finite or f.predicate.tense != "pres":
            continue
        verb = tokens[f.verb] if 0 <= f.verb < len(tokens) else None
        # (before the main clause it sets the time the sentence speaks from; after it, a
        # reason that still holds can stay: *won the quiz, because Jake knows every capital*)
        if verb is not None and verb.dep == "advcl" and verb.i < main.verb == verb.head:
            return (
                f"the clause '{phrase(analysis, verb)}' is in the present; the past perfect "
                "would count back from a past moment the sentence does not set"
            )
    return None
