"""Clauses that state how things are or that an event is done, which the progressive and the
perfect would turn into events under way: *have* of possession (what is not in
``event_have_nouns.txt``: *has a car*, *had the heart to*), a participle of place after *be*
with no agent (``state_participles.txt``: *are gathered here*), *be* an ordinal *time* (*This
is the third time ...*), a perfect with *already* (*has already cancelled the charge*), an
event that stopped another (*scared them off before they could take anything*) and a past
event told after another (*froze the account after it detected fraud*)."""

from __future__ import annotations

from .. import english
from ..ir import Analysis, Frame, Token
from .clauses import temporal_clauses
from .scope import phrase

_EVENT_HAVE = english.read_lexicon("event_have_nouns")
_STATE_PARTICIPLES = english.read_lexicon("state_participles")
_ORDINALS = frozenset(
    {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
     "tenth", "last", "only", "next", "umpteenth", "nth"}
)  # fmt: skip


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
    if any(
        other.predicate.modality in ("can", "could")
        for other in temporal_clauses(analysis, frame, frozenset({"before"}), modals=True)
    ):  # *scared them off before they could take anything*: done, and it stopped them
        return (
            "'before ... could' says the event happened and prevented another; its "
            "progressive would leave it unfinished"
        )
    if pred.tense == "past" and temporal_clauses(analysis, frame, frozenset({"after"}), True):
        # *froze the account after it detected ...*: one event told after another
        return (
            "an 'after'-clause tells the event as a whole that followed another; its "
            "progressive would leave it under way"
        )
    return None
