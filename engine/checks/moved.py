"""What an argument moved by a voice change or a swap would carry, and whether it can be
moved whole: a phrase after the object that may be the verb's (*disclose information to third
parties*, *develop resistance over time*), words of its phrase the parse leaves outside it, a
measure (*30%*), a generic *you* that a passive would make a *by*-phrase."""

from __future__ import annotations

from .. import english
from ..ir import Analysis, Frame
from ..transforms import EditPlan
from .clauses import depends_on
from .scope import phrase
from .time import TIME_NOUNS

# Verbs whose *about*-phrase after the object is their own (asked the chef about the menu).
_ABOUT_VERBS = english.read_lexicon("reporting_verbs") | frozenset(
    {"ask", "tell", "warn", "remind", "inform", "question", "advise", "teach", "interview"}
)


def carried_phrase(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why moving the object (a passive, a swap) could carry a phrase that is not its own: a
    prepositional phrase after the object's noun other than an *of*-phrase (*disclose
    information to third parties*, *develop resistance over time*). The parse attaches it to
    the noun or to the verb, and a dependency parse does not settle which; moved with the
    object, a phrase of the verb changes the meaning (*Information to third parties may not be
    disclosed*)."""
    pred = main.predicate
    if not (plan.swap or (plan.features.get("voice") == "passive" and pred.voice == "active")):
        return None
    obj = next((a for a in main.arguments if a.function == "obj"), None)
    if obj is None:
        return None
    tokens = analysis.sentence.tokens
    start, end = obj.span
    for t in tokens[start:end]:
        if not (
            t.dep == "prep"
            and t.i > obj.head
            and start <= t.head < end
            and tokens[t.head].pos in ("NOUN", "PROPN", "PRON", "NUM")
        ):
            continue
        word = t.text.lower()
        if word == "about" and pred.lemma in _ABOUT_VERBS:
            return (
                f"'{phrase(analysis, t)}' may say what '{pred.lemma}' is about rather than "
                f"which '{tokens[t.head].text}'; moved with the object it could change the meaning"
            )
        inside = [x for x in tokens if x.head == t.i and x.dep == "pobj"]
        timely = bool(inside) and (
            inside[0].ent_type in ("DATE", "TIME")
            or inside[0].text.lower().rstrip("s") in TIME_NOUNS
        )
        if word in _VERB_PREPOSITIONS or (timely and word != "of"):
            pp = phrase(analysis, t)
            kind = "a time phrase" if timely else f"a '{word}'-phrase"
            return (
                f"the parse does not settle whether '{pp}' ({kind}) belongs to "
                f"'{tokens[t.head].text}' or to the verb; moved with the object it could "
                "change the meaning"
            )
    return None


# Prepositions whose phrase after an object is most often the verb's (a recipient, a source,
# a goal, a span of time): disclose information to third parties, buy it from a dealer.
_VERB_PREPOSITIONS = frozenset(
    {"to", "from", "into", "onto", "during", "throughout", "since", "until", "till", "over"}
)


def moved_phrase_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why an argument a voice change or swap moves is not a whole phrase the realizer can
    move: words of its head's phrase outside its span (*the Pixel | 8*), a measure (*30%*), or
    a generic *you* or *one* that a passive would make a *by*-phrase while a phrase after the
    verb still needs it as its subject (*can be canceled by you without paying a fee*)."""
    pred = main.predicate
    moves = plan.swap or (plan.features.get("voice") == "passive" and pred.voice == "active")
    if not moves:
        return None
    tokens = analysis.sentence.tokens
    for arg in main.arguments:
        if arg.function not in ("subj", "obj") or not 0 <= arg.head < len(tokens):
            continue
        start, end = arg.span
        outside = [
            t
            for t in tokens
            if not start <= t.i < end
            and t.dep not in ("punct", "cc")
            and depends_on(tokens, t.i, arg.head)
        ]
        if outside:
            return (
                f"the parse puts '{outside[0].text}' in the phrase of "
                f"'{tokens[arg.head].text}' but outside its words; the phrase cannot be moved "
                "whole"
            )
    obj = next((a for a in main.arguments if a.function == "obj"), None)
    after = tokens[obj.span[1]] if obj is not None and obj.span[1] < len(tokens) else None
    if (
        after is not None
        and after.head == main.verb
        and after.dep in ("ccomp", "xcomp", "oprd", "acomp")
        and after.tag in ("VBN", "JJ")
    ):
        return (
            f"'{after.text}' after the object says what becomes of it (a secondary "
            "predicate the parse gives the verb); moving the object would strand it"
        )
    if after is not None and after.pos == "NUM" and after.head == main.verb:
        return (
            f"the parse attaches '{after.text}' after the object to the verb, not to the "
            "object; where it belongs is not clear enough to move the object"
        )
    if obj is not None and 0 <= obj.head < len(tokens):
        head = tokens[obj.head]
        if head.pos == "NUM" or head.text in ("%", "percent", "per cent"):
            return f"the object '{obj.text}' is a measure, not a participant that can be promoted"
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    controlled = any(  # *without paying a fee*: its understood subject is the clause's
        t.head == main.verb
        and t.dep == "prep"
        and any(x.head == t.i and x.dep == "pcomp" and x.tag == "VBG" for x in tokens)
        for t in tokens
    )
    if (
        plan.features.get("voice") == "passive"
        and subj is not None
        and subj.text.lower() in ("you", "one")
        and controlled
    ):
        return (
            f"the subject '{subj.text}' is generic here and understood in the phrase after the "
            f"verb; its passive ('by {subj.text.lower()}') would leave that phrase without it"
        )
    return None
