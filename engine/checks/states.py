"""Clauses that state how things are or that an event is done, which the progressive and the
perfect would turn into events under way: *have* of possession (what is not in
``event_have_nouns.txt``: *has a car*, *had the heart to*), a participle of place after *be*
with no agent (``state_participles.txt``: *are gathered here*), *be* an ordinal *time* (*This
is the third time ...*), a perfect with *already* (*has already cancelled the charge*), an
event that stopped another (*scared them off before they could take anything*) and a past
event told after another (*froze the account after it detected fraud*); and the occasions an
aspect edit would change (:func:`occasion_refusal`: a decision taken, a count of occasions, a
state that has stopped, a passive at a point in time); a verb and a preposition that state a
relation (:func:`stative_phrase`, ``stative_phrases.txt``: *comes with*, *depends on*)."""

from __future__ import annotations

from .. import english
from ..ir import Analysis, Frame, Token
from ..transforms import EditPlan
from .agents import subject_acts
from .clauses import main_clause_tokens, temporal_clauses
from .plan import target_features
from .scope import phrase
from .time import perfect_at_a_point, time_point

_EVENT_HAVE = english.read_lexicon("event_have_nouns")
_DECISIONS = english.read_lexicon("decision_verbs")
_NOBODY = english.read_lexicon("negative_words")  # *none of her crew*, *nobody*
_ENDED = frozenset({"anymore"})  # *any longer*, *no longer*: :func:`_phrase_in`
_STATE_PARTICIPLES = english.read_lexicon("state_participles")
_THEN = frozenset({"when", "as soon as", "once", "the moment"})  # one event, then the main one
# words that give a perfect a span of time, so its progressive tells what went on through it
_SPANS = english.read_lexicon("progressive_span_words")
_LANGUAGE_VERBS = english.read_lexicon("language_verbs")
_ORDINALS = english.read_lexicon("ordinal_words")


_STATIVE_PHRASES = english.read_lexicon("stative_phrases")


def stative_phrase(analysis: Analysis, frame: Frame) -> str | None:
    """The verb and preposition of ``stative_phrases.txt`` the frame's verb heads (*comes
    with*, *depends on*), as lemma and preposition; else None. An active clause's only, with a
    subject not known to act (*the courier came with the parcel* is an event)."""

    if frame.predicate.voice != "active" or subject_acts(analysis, frame):
        return None
    tokens = analysis.sentence.tokens
    for t in tokens:
        if t.head == frame.verb and t.dep in ("prep", "agent") and t.i > frame.verb:
            pair = f"{frame.predicate.lemma} {t.text.lower()}"
            if pair in _STATIVE_PHRASES:
                return pair
    return None


def _children(tokens, head: int):
    return [t for t in tokens if t.head == head and t.i != head]


def possession(analysis: Analysis, frame: Frame) -> str | None:
    """The object of *have* when the clause states what its subject owns, holds or is (*has
    at least 95 moons*, *had the heart to stop him*), or None: *have* with an event noun
    (*have lunch*), *have to*, *have it done* and *have them wait* are events."""
    pred = frame.predicate
    if pred.lemma != "have" or pred.voice != "active" or pred.modality == "have to":
        return None
    tokens = analysis.sentence.tokens
    children = _children(tokens, frame.verb)
    if any(t.dep in ("xcomp", "ccomp") for t in children):
        return None
    obj = next((t for t in children if t.dep == "dobj"), None)
    if obj is None or (obj.lemma or obj.text).lower() in _EVENT_HAVE:
        return None
    return phrase(analysis, obj)


def state_participle(analysis: Analysis, frame: Frame) -> Token | None:
    """The participle of an agentless passive that names where something is or how it is
    placed (*are gathered here*, *is located downtown*), or None."""
    pred = frame.predicate
    if pred.voice != "passive":
        return None
    tokens = analysis.sentence.tokens
    verb = tokens[frame.verb]
    if verb.text.lower() not in _STATE_PARTICIPLES:
        return None
    if any(t.dep == "agent" for t in _children(tokens, frame.verb)):
        return None
    return verb


def verb_group(analysis: Analysis, verb: Token) -> str:
    """The auxiliaries and the verb, as written (*are gathered*, *is now located*: *is
    located*)."""
    tokens = analysis.sentence.tokens
    auxes = [t for t in _children(tokens, verb.i) if t.dep in ("aux", "auxpass") and t.i < verb.i]
    return " ".join(t.text for t in [*auxes, verb])


def ordinal_time(analysis: Analysis, frame: Frame) -> str | None:
    """The predicate noun of *be* the ordinal *time* (*This is the third time tonight ...*,
    *It was the first time she had flown*), or None."""
    if frame.predicate.lemma != "be":
        return None
    tokens = analysis.sentence.tokens
    for t in _children(tokens, frame.verb):
        if t.dep == "attr" and (t.lemma or t.text).lower() == "time":
            mods = _children(tokens, t.i)
            if any(m.text.lower() in _ORDINALS or m.tag == "JJS" for m in mods):
                return " ".join(m.text for m in sorted(mods + [t], key=lambda m: m.i) if m.i <= t.i)
    return None


def state_refusal(analysis: Analysis, frame: Frame, aspect: str) -> str | None:
    """Why the ``aspect`` (``"progressive"`` or ``"perfect"``) the edit adds would turn the
    clause's state or finished deed into an event under way, or None."""
    tokens = analysis.sentence.tokens
    pred = frame.predicate
    if (placed := state_participle(analysis, frame)) is not None:
        return (
            f"'{verb_group(analysis, placed)}' with no agent says where something is; its "
            f"{aspect} would describe an act of putting it there"
        )
    if (nth := ordinal_time(analysis, frame)) is not None:
        return f"'{nth}' counts an occasion as it happens; its {aspect} is not natural English"
    if aspect != "progressive" or pred.voice != "active":
        return None
    if (owned := possession(analysis, frame)) is not None:
        return (
            f"'have' with '{owned}' states what is held or owned, not an event; its "
            "progressive is not natural English"
        )
    children = _children(tokens, frame.verb)
    if (
        pred.perfect
        and any(t.dep == "dobj" for t in children)
        and any(t.text.lower() == "already" for t in children)
    ):  # *has already cancelled the charge*: done; *has already been cancelling* is not
        return (
            f"'already' with the perfect ('{phrase(analysis, tokens[frame.verb])}') says the "
            "deed is done; its progressive would say it went on"
        )
    if (
        pred.perfect
        and not pred.modality  # (a modal's perfect and a negated one have checks of their own)
        and pred.polarity == "pos"
        and any(t.dep in ("dobj", "ccomp") for t in children)
        and not any(t.text.lower() in _SPANS for t in tokens if t.i > frame.verb)
    ):  # *Police have closed the A38*: the road is closed now; *have been closing* is not
        return (
            f"the perfect ('{phrase(analysis, tokens[frame.verb])}') tells a deed done whose "
            "result holds now; its progressive would say it went on instead"
        )
    if any(
        other.predicate.modality in ("can", "could")
        for other in temporal_clauses(analysis, frame, frozenset({"before"}), modals=True)
    ):  # *scared them off before they could take anything*: done, and it stopped them
        return (
            "'before ... could' says the event happened and prevented another; its "
            "progressive would leave it unfinished"
        )
    if pred.tense == "past" and temporal_clauses(analysis, frame, _THEN, True):
        # *When the son came home, his father ran out*: one after the other; *was running*
        # would put the homecoming inside a run under way
        return (
            "a 'when'-clause tells what came first; the progressive would put it inside an "
            "event already under way"
        )
    if pred.tense == "past" and temporal_clauses(analysis, frame, frozenset({"after"}), True):
        # *froze the account after it detected ...*: one event told after another
        return (
            "an 'after'-clause tells the event as a whole that followed another; its "
            "progressive would leave it under way"
        )
    return None


def occasion_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the aspect asked for would change which occasions the clause tells of: the
    progressive of a decision or a promise with an infinitive (``decision_verbs.txt``: *decided
    to raise the fee*) or of a count of occasions (*rewritten four times*); the perfect of a
    state said to have stopped (*don't read them anymore*, *no longer*), or of a passive at a
    point in time (*will be held on Saturday*: *will have been held* says it is over by then;
    an active one: :func:`.aspect.state_refusal`)."""
    pred = main.predicate
    target, reason = target_features(pred, plan, periphrastic=True)
    if reason:
        return None
    tokens = analysis.sentence.tokens
    own = main_clause_tokens(analysis, main)
    if plan.features.get("progressive") is True and not pred.progressive:
        if pred.lemma in _DECISIONS and any(
            t.head == main.verb and t.dep == "xcomp" and t.tag == "VB" for t in tokens
        ):
            return (
                f"'{pred.lemma}' with an infinitive names the moment a decision or a promise is "
                "made; its progressive would say it was under way, not that it was made"
            )
        subj = next((a for a in main.arguments if a.function == "subj" and a.text), None)
        first = subj.text.split()[0].lower() if subj is not None else ""
        if subj is not None and first in _NOBODY and pred.voice == "passive":
            return (  # *none of her crew were being injured*
                f"the subject '{subj.text}' says it did not happen to anyone; its passive "
                "progressive would describe it under way"
            )
        if (language := _language_object(tokens, main)) is not None:
            return (  # *didn't speak a word of German*: what she could, not what she did
                f"'{pred.lemma}' with '{language}' states a skill; its progressive would say "
                "the language was in use at the time"
            )
        if times := _repetitions(tokens, main):
            return (
                f"'{times}' counts how often it happened; the progressive would describe one "
                "occasion under way"
            )
    if plan.features.get("perfect") is not True or pred.perfect:
        return None
    ended = next((tokens[i].text for i in own if tokens[i].text.lower() in _ENDED), None)
    if ended is not None or _phrase_in(tokens, own, ("no", "longer"), ("any", "longer")):
        return (
            f"'{ended or 'longer'}' says that something has stopped by now; the perfect "
            "would tell how far it has gone instead"
        )
    if (
        pred.voice == "passive"  # (an active clause: :func:`.aspect.state_refusal`)
        and pred.tense in ("pres", "fut")
        and (when := time_point(analysis, main))
    ):
        return perfect_at_a_point(when, pred.tense)
    return None


def _language_object(tokens, main: Frame) -> str | None:
    """A language named in the object of a verb of using one (*speak German*, *read a word of
    Latin*, ``language_verbs.txt``), as written; else None."""
    if main.predicate.lemma not in _LANGUAGE_VERBS:
        return None
    objects = [t.i for t in tokens if t.head == main.verb and t.dep == "dobj"]
    seen = list(objects)
    while seen:
        i = seen.pop()
        if tokens[i].ent_type in ("LANGUAGE", "NORP"):
            return tokens[i].text
        seen.extend(t.i for t in tokens if t.head == i and t.dep in ("prep", "pobj", "compound"))
    return None


def _repetitions(tokens, main: Frame) -> str | None:
    """A count of occasions on the verb, *four times*, *several times*, *twice* aside (the
    number check reads it), as written; else None."""
    for t in tokens:
        if t.head != main.verb or t.text.lower() != "times" or t.i < main.verb:
            continue
        count = [c for c in tokens if c.head == t.i and c.dep in ("nummod", "amod", "det")]
        if count:
            return " ".join(x.text for x in tokens[min(c.i for c in count) : t.i + 1])
    return None


def _phrase_in(tokens, own: list[int], *phrases: tuple[str, ...]) -> bool:
    """Whether one of ``phrases`` (words in a row) stands among the clause's own tokens."""
    words = [tokens[i].text.lower() for i in sorted(own)]
    return any(tuple(words[k : k + len(p)]) == p for p in phrases for k in range(len(words)))
