"""The sequence of tenses: which clauses depending on the main clause must follow it when its
tense changes, and which the realizer cannot move. A present relative clause that tells an
event tied to the main clause's time (*Customers who upgrade before March 15 receive ...*,
*in the week that follows*) must follow it into the past."""

from __future__ import annotations

from .. import english
from ..ir import Analysis, Frame
from ..transforms import EditPlan
from .clauses import main_clause_tokens
from .scope import phrase, reached_clauses

_INDEFINITES = english.read_lexicon("indefinite_pronouns")


def relative_event_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a main clause cannot go into the past: a relative clause of one of its arguments
    tells, in the present, an event that happens whenever the main clause holds (*tastes every
    sauce that leaves our kitchen*, *Customers who upgrade before March 15 receive ...*,
    *Anyone who says so is wrong*: a relative clause of a noun that stands for any one of its
    kind, :func:`_any_one`); under a past main clause it would have to follow into the past,
    and the realizer does not move it there. A relative clause of a state keeps its present
    (*Buyers who love to entertain appreciated the kitchen*), and so does one that describes
    a given one (*The teacher who runs the club organized a trip*)."""
    if plan.features.get("tense") != "past" or main.predicate.tense == "past":
        return None
    tokens = analysis.sentence.tokens
    spans = [
        a.span
        for f in reached_clauses(analysis, main)
        for a in f.arguments
        if a.function in ("subj", "obj", "pp")
    ]
    for f in analysis.frames:
        pred = f.predicate
        if (
            f is main
            or not f.finite
            or not 0 <= f.verb < len(tokens)
            or tokens[f.verb].dep != "relcl"
            or pred.tense != "pres"
            or pred.modality
            or pred.perfect
            or pred.progressive
            or (pred.voice == "active" and pred.lemma in ("be", "have"))
            or (pred.voice == "active" and pred.lemma in english.NO_PROGRESSIVE)
            or not any(start <= f.verb < end for start, end in spans)
            or not (_any_one(tokens, tokens[f.verb].head) or _follows(tokens, f))
        ):
            continue
        return (
            f"the relative clause '{phrase(analysis, tokens[f.verb])}' tells in the present "
            "an event tied to the main clause's time; under the past it would have to follow, "
            "and the realizer does not move it"
        )
    return None


_ANY_ONE = frozenset({"every", "each", "any", "all", "no"})
_INDEFINITES = english.read_lexicon("indefinite_pronouns")


_FOLLOWING = frozenset({"follow", "come", "begin", "start", "open", "end", "close", "finish"})


def _follows(tokens, f: Frame) -> bool:
    """Whether a relative clause places its noun in time after or around the main event
    (*in the week that follows*, *the season that begins in May*)."""
    return f.predicate.lemma in _FOLLOWING


def _any_one(tokens, noun: int) -> bool:
    """Whether the noun at ``noun`` stands for anyone or anything of its kind: a bare plural
    (*Customers who ...*), a quantifier (*every sauce that ...*), an indefinite pronoun
    (*Anyone who ...*, *those who*)."""
    if not 0 <= noun < len(tokens):
        return False
    t = tokens[noun]
    dets = [x for x in tokens if x.head == noun and x.dep in ("det", "poss", "nummod")]
    if t.text.lower() in _INDEFINITES or t.text.lower() in ("those", "whoever"):
        return True
    if any(d.text.lower() in _ANY_ONE for d in dets):
        return True
    # a capital plural at the start is often tagged a name (*Tokens that are captured ...*)
    plural = t.tag in ("NNS", "NNPS") or (t.i == 0 and t.tag == "NNP" and t.text.endswith("s"))
    return not dets and plural


_CONDITIONAL = frozenset({"if", "unless", "provided", "providing"})


def conditional_future_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a future under a condition cannot go into the past: *If Jenkins can hold his serve,
    he will force a deciding set* predicts; its past (*he forced*) would report a habit or a
    fact, and *would force* a counterfactual. Neither is the sentence."""
    pred = main.predicate
    if plan.features.get("tense") != "past" or not (
        pred.tense == "fut" or (pred.modality or "").split()[:1] == ["will"]
    ):
        return None
    tokens = analysis.sentence.tokens
    for t in tokens:  # a condition with a modal of its own counts too (*if he can hold ...*)
        if (
            t.head == main.verb
            and t.dep == "advcl"
            and any(
                x.head == t.i and x.dep == "mark" and x.text.lower() in _CONDITIONAL for x in tokens
            )
        ):
            return (
                f"the future of '{tokens[main.verb].text}' depends on the condition "
                f"'{phrase(analysis, t)}'; in the past it would report a fact or a habit instead "
                "of a prediction"
            )
    return None


def future_perfect_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a present perfect in a clause coordinated with a main clause of another form cannot
    go into the future with it: *We set up a calendar, and it has made a difference* tells a
    past event and what is done by now; *will set up ..., and it will have made* needs a time
    it will be done by (*by June*), and without one reads as a guess. A main clause's own
    present perfect takes the future perfect (*The students will have read the novel*)."""
    if plan.features.get("tense") != "fut" or plan.features.get("perfect") is False:
        return None
    tokens = analysis.sentence.tokens
    for f in reached_clauses(analysis, main)[1:] if not main.predicate.perfect else ():
        if f.predicate.tense != "pres" or not f.predicate.perfect or f.predicate.modality:
            continue
        own = main_clause_tokens(analysis, f)
        if any(tokens[i].text.lower() in ("by", "before", "until", "when", "once") for i in own):
            continue
        group = " ".join(tokens[i].text for i in sorted({*f.verb_group, f.verb}))
        return (
            f"the present perfect '{group}' says what is done by now; its future needs a time "
            "it will be done by ('by June'), which the sentence does not give"
        )
    return None


# Relative adverbs that tie a clause to the time of a noun of the main clause.
_TIME_RELATIVES = frozenset({"when", "while", "whenever"})


def time_relative_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a tense edit cannot keep a clause that tells the time of the main event (*prunes
    her trees in February, when the branches are bare*; *a day when the stores were closed*):
    a *when*-clause of a noun in a clause the edit reaches shares that clause's time, so it
    must be past under a past and present under a future, and the realizer does not move it."""
    target = plan.features.get("tense")
    if target not in ("past", "fut"):
        return None
    tokens = analysis.sentence.tokens
    reached = reached_clauses(analysis, main)
    if target == main.predicate.tense and all(f.predicate.tense == target for f in reached):
        return None  # nothing is edited
    want = "past" if target == "past" else "pres"
    for f in analysis.frames:
        if not f.finite or not 0 <= f.verb < len(tokens) or tokens[f.verb].dep != "relcl":
            continue
        if not any(
            t.head == f.verb and t.text.lower() in _TIME_RELATIVES and t.i < f.verb for t in tokens
        ):
            continue
        if not _dates(tokens, tokens[f.verb].head, {r.verb for r in reached}):
            continue  # *remembers the day when the river flooded*: a day of its own
        told = "past" if f.predicate.tense == "past" or f.predicate.perfect else "pres"
        if told != want:
            return (
                f"the clause '{phrase(analysis, tokens[f.verb])}' tells the time of the main "
                f"event; under the {'past' if target == 'past' else 'future'} it would have to "
                "change its tense too, and the realizer does not move it"
            )
    return None


def _dates(tokens, noun: int, verbs: set[int]) -> bool:
    """Whether ``noun`` is a time adverbial of one of ``verbs`` (*in February*, *that day*)."""
    t = tokens[noun]
    if t.dep == "npadvmod":
        return t.head in verbs
    if t.dep == "pobj" and 0 <= t.head < len(tokens):
        prep = tokens[t.head]
        return prep.dep == "prep" and prep.head in verbs
    return False
