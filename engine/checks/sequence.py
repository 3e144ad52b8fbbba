"""The sequence of tenses: which clauses depending on the main clause must follow it when its
tense changes, and which the realizer cannot move. A present relative clause that tells an
event tied to the main clause's time (*Customers who upgrade before March 15 receive ...*,
*in the week that follows*) must follow it into the past.

One module, over 400 lines: every check here reads how the times of two clauses, or of a clause
and its time phrases, relate (the sequence of tenses, sequences of events, deadlines, the
perfect's count of time), and they share the readers of dependent clauses and time words."""

from __future__ import annotations

from collections.abc import Sequence

from .. import english
from ..english import descends
from ..ir import Analysis, Frame
from ..transforms import EditPlan
from . import states
from .clauses import depends_on, main_clause_tokens, temporal_clauses
from .plan import target_features
from .scope import SEQUENCE_ADVERBS, phrase, reached_clauses, verb_conjuncts
from .time import TIME_WORDS, clause_of, dates, names_its_time

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
            or pred.progressive
            or not any(start <= f.verb < end for start, end in spans)
        ):
            continue
        head = tokens[f.verb].head
        anyone = _any_one(tokens, head) or _a_subject(tokens, head, main)
        # a state keeps its present (*particles that are larger than 0.3 microns*) unless the
        # clause is timed or perfect
        state = pred.voice == "active" and (
            pred.lemma in english.NO_PROGRESSIVE or pred.lemma in ("be", "have")
        )
        timed = bool(temporal_clauses(analysis, f))  # *who is offside when the ball is played*
        if not (anyone or _follows(tokens, f)) or (not pred.perfect and not timed and state):
            continue
        return (
            f"the relative clause '{phrase(analysis, tokens[f.verb])}' is in the present and "
            "tied to the main clause's time; under the past it would have to follow, and the "
            "realizer does not move it"
        )
    return None


_ANY_ONE = frozenset({"every", "each", "any", "all", "no"})


_FOLLOWING = english.read_lexicon("following_verbs")


def _follows(tokens, f: Frame) -> bool:
    """Whether a relative clause places its noun in time after or around the main event
    (*in the week that follows*, *the season that begins in May*)."""
    return f.predicate.lemma in _FOLLOWING


def _a_subject(tokens, noun: int, main: Frame) -> bool:
    """Whether the noun at ``noun`` is the main clause's subject with *a* or *an* (*A player
    who touches a piece must move it*): in a clause that is not in the past, anyone of its
    kind."""
    if not 0 <= noun < len(tokens) or tokens[noun].head != main.verb:
        return False
    if tokens[noun].dep not in ("nsubj", "nsubjpass"):
        return False
    dets = [x.text.lower() for x in tokens if x.head == noun and x.dep == "det"]
    return dets in (["a"], ["an"])


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
    fact, and *would force* a counterfactual. Neither is the sentence. *can* and *may* under a
    condition (*If your knees hurt, your coach can adjust your stance*) likewise: *could*
    reads as the same possibility, not a past one."""
    pred = main.predicate
    modal = (pred.modality or "").split()[:1]
    if plan.features.get("tense") != "past" or not (
        pred.tense == "fut" or modal in (["will"], ["can"], ["may"], ["shall"])
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
            if modal in (["can"], ["may"]):  # *your coach can adjust it*: *could* is a guess
                return (
                    f"'{modal[0]} {tokens[main.verb].text}' says what is possible under the "
                    f"condition '{phrase(analysis, t)}'; its past ('could', 'might') would read "
                    "as the same possibility, not a past one"
                )
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
    present perfect takes the future perfect (*The students will have read the novel*), unless
    a word ties it to now (*has just booked*, *until spring*: ``_RECENT``)."""
    if plan.features.get("tense") != "fut" or plan.features.get("perfect") is False:
        return None
    tokens = analysis.sentence.tokens
    pred = main.predicate
    if pred.perfect and pred.tense == "pres" and not pred.modality:
        own = main_clause_tokens(analysis, main)
        recent = next((tokens[i].text for i in own if tokens[i].text.lower() in _RECENT), None)
        if recent is not None:  # *has just booked*, *has lent it until spring*
            return (
                f"'{recent}' ties the present perfect to now; its future perfect would need a "
                "time it is done by ('by June'), and reads as a guess without one"
            )
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


# Words that tie a present perfect to the moment of speaking (*has just left*, *has lent it
# until spring*, *has recently moved*).
_RECENT = frozenset({"just", "until", "till", "recently", "lately"})

# Relative adverbs that tie a clause to the time of a noun of the main clause.
_TIME_RELATIVES = frozenset({"when", "while", "whenever"})


def where_clause_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the future cannot keep a *where*-clause set off by a comma after the main clause when
    it tells what is going on now as a result of a perfect or in the progressive (*have pushed
    traffic onto the ring road, where it is crawling along*): it would have to move into the
    future with the main clause, and the realizer does not move it (into the past it does:
    :func:`backshifted_clauses`). A plain present tells what happens there at any time (*digs a
    den, where she gives birth*) and stays."""
    if plan.features.get("tense") != "fut" or main.predicate.tense == "fut":
        return None
    tokens = analysis.sentence.tokens
    for f in analysis.frames:
        if not f.finite or f.verb <= main.verb or f.predicate.tense != "pres":
            continue
        if not 0 <= f.verb < len(tokens) or tokens[f.verb].dep != "relcl" or f.predicate.modality:
            continue
        if not (f.predicate.progressive or main.predicate.perfect):
            continue  # (*digs a den, where she gives birth*: what happens there, at any time)
        first = min((t.i for t in tokens if t.head == f.verb and t.i < f.verb), default=f.verb)
        if tokens[first].text.lower() == "where" and first > 0 and tokens[first - 1].text == ",":
            return (
                f"the clause '{phrase(analysis, tokens[f.verb])}' tells what comes of the main "
                "event; under the future it would have to follow, and the realizer does not "
                "move it"
            )
    return None


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


_MANDATIVE = english.read_lexicon("mandative_verbs")
_CLOCK = english.read_lexicon("clock_words")
_BARE_INFINITIVE = english.read_lexicon("bare_infinitive_verbs")
_WH_TAGS = ("WRB", "WDT", "WP")  # a wh-word opens a finite clause (*how we treat ...*)
_QUOTES = frozenset({'"', "“", "”", "``", "''"})


def backshifted_clauses(
    analysis: Analysis, heads: Sequence[int], never: bool = False
) -> list[Frame]:
    """The present clauses that follow a clause into the past (the sequence of tenses): every
    finite clause whose nearest finite clause above it is one of ``heads`` (the clauses the
    edit puts into the past) or one of these, nested at any depth: what is reported (*knew
    it is wrong* -> *knew it was wrong*), relative clauses (*energy that the plant stores*
    -> *stored*), *where*-clauses (*dug a den, where she gives birth* -> *gave birth*). Left
    as they are: a relative clause of the subject (*Buyers who love to entertain appreciated
    ...*), a clause with a modal (those follow by their own rule), a clause that names its own
    time (*says the shop opens tomorrow*; not the occasion an ordinal *time* counts), a
    question or a cleft, and quoted words."""
    tokens = analysis.sentence.tokens
    finite = {f.verb: f for f in analysis.frames if f.finite and 0 <= f.verb < len(tokens)}
    quoted = _quoted(tokens)
    # a relative clause of the subject names who or what it is, whenever that holds (*Buyers
    # who love to entertain appreciated ...*): it keeps its tense, and so does what it holds
    subjects = [
        a.span
        for f in analysis.frames
        if f.verb in heads
        for a in f.arguments
        if a.function == "subj"
    ]
    reached = set(heads)
    out: list[Frame] = []
    grew = True
    while grew:
        grew = False
        for verb, f in finite.items():
            above = tokens[verb].head if tokens[verb].head != verb else -1
            if verb in reached or clause_of(tokens, above, set(finite)) not in reached:
                continue
            if any(start <= verb < end for start, end in subjects):
                continue
            reached.add(verb)
            grew = True
            pred = f.predicate
            if (
                pred.tense == "pres"
                and _finite_present(tokens, f)
                and not pred.modality
                and pred.force == "prop"
                and pred.cleft is None
                and verb not in quoted
                and (not _own_time(tokens, verb) or _counted_occasion(analysis, verb))
                # *who has never won*: the realizer writes no 'never' into a new chain; those
                # clauses are asked for apart (``never``), and refuse the edit
                and never == any(t.head == verb and t.text.lower() == "never" for t in tokens)
            ):
                out.append(f)
    return sorted(out, key=lambda f: f.verb)


def _counted_occasion(analysis: Analysis, verb: int) -> bool:
    """Whether the clause of ``verb`` is the occasion an ordinal *time* counts (*That was the
    third time tonight the umpire had called ...*): it keeps the main clause's time, whatever
    time words it holds."""
    tokens = analysis.sentence.tokens
    head = tokens[verb].head
    if tokens[head].lemma.lower() == "time" and tokens[verb].dep == "relcl":
        head = tokens[head].head
    frame = next((f for f in analysis.frames if f.verb == head), None)
    return frame is not None and states.ordinal_time(analysis, frame) is not None


def _own_time(tokens, verb: int) -> bool:
    """Whether the clause of ``verb`` names a time of its own (:func:`names_its_time`), not
    counting a stretch it lasts (*for one summer*, *during the winter*)."""
    if not names_its_time(tokens, tokens[verb]):
        return False
    perfect = any(t.head == verb and t.dep == "aux" and t.lemma.lower() == "have" for t in tokens)
    stretches = [
        t.i
        for t in tokens
        if (
            t.text.lower() in ("for", "during", "throughout")
            # *than she has slept in months*: with the perfect, a stretch up to then
            or (
                perfect
                and t.text.lower() == "in"
                and any(x.head == t.i and x.tag == "NNS" for x in tokens)
            )
        )
        and descends(tokens, t.i, verb)
    ]
    return any(
        descends(tokens, x.i, verb)
        and x.pos in ("NOUN", "PROPN", "NUM")
        and (x.ent_type in ("DATE", "TIME") or x.lemma.lower() in TIME_WORDS)
        and not any(descends(tokens, x.i, s) for s in stretches)
        for x in tokens
    )


def _finite_present(tokens, f: Frame) -> bool:
    """Whether the clause's first verb is a present form with a subject of its own or of the
    clause it is joined to: not a bare form after *let* or *make* (*let it go*), a subjunctive
    (*asked that guests refrain*), or a verb the parse reads in a noun's phrase (*face down*)."""
    first = tokens[min(f.verb_group)]
    if first.tag not in ("VBZ", "VBP"):
        return False
    verb = tokens[f.verb]
    above = tokens[verb.head] if 0 <= verb.head < len(tokens) else verb
    opened = any(t.head == f.verb and (t.dep == "mark" or t.tag in _WH_TAGS) for t in tokens)
    if verb.dep == "ccomp" and (above.lemma or "").lower() in _BARE_INFINITIVE and not opened:
        return False  # *let it go*, *made them wait* (not *watching how we treat them*)
    if (above.lemma or "").lower() in _MANDATIVE and verb.dep == "ccomp":
        return False  # *asked that guests refrain*: a subjunctive keeps its form
    subject = next(
        (
            t
            for t in tokens
            if t.head == f.verb and t.dep in ("nsubj", "nsubjpass", "expl", "csubj")
        ),
        None,
    )
    if subject is not None and subject.text.lower() in ("me", "him", "us", "them"):
        return False  # *placed them face down*: an object and a small clause, no clause
    return subject is not None or verb.dep == "conj"


def _quoted(tokens) -> set[int]:
    """The indices of the words between quotation marks."""
    out: set[int] = set()
    opened = None
    for t in tokens:
        if t.text in _QUOTES:
            if opened is None:
                opened = t.i
            else:
                out.update(range(opened + 1, t.i))
                opened = None
    return out


def sequence_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the progressive does not fit the clause's events: verb phrases told in sequence
    (*compares ... but then admits*: *is comparing ... but then admitting* puts both under way
    at once), or a deadline (*should tell the leader by Wednesday*: a deed to be done by then,
    not one under way)."""
    if plan.features.get("progressive") is not True or main.predicate.progressive:
        return None
    tokens = analysis.sentence.tokens
    later = next(
        (
            c
            for c in verb_conjuncts(analysis, main)
            if any(
                t.head == c.i and t.text.lower() in SEQUENCE_ADVERBS and t.i < c.i for t in tokens
            )
        ),
        None,
    )
    conjuncts = verb_conjuncts(analysis, main)
    if later is None and main.predicate.tense == "past" and not main.predicate.perfect:
        # three events or more told in a row in the past are a story's steps (*picked me up,
        # drove me to the studio and handed me the lyrics*); two may well overlap (*replaced
        # the belt and checked the pump*: was replacing ... and checking)
        past = [c for c in conjuncts if c.tag == "VBD"]
        later = past[0] if len(past) >= 2 else None
    if later is not None:
        return (
            f"'{phrase(analysis, later)}' follows the main verb's event in sequence; the "
            "progressive would put both under way at once"
        )
    for t in tokens:
        if t.text.lower() != "by" or t.head != main.verb or t.dep != "prep":
            continue
        inside = [x for x in tokens if x.head == t.i and x.dep == "pobj"]
        if inside and (
            inside[0].ent_type in ("DATE", "TIME")
            or inside[0].text.lower().rstrip("s") in TIME_WORDS
            or inside[0].text.lower() in _CLOCK
        ):
            return (
                f"'{phrase(analysis, t)}' sets a deadline for the deed; its progressive would "
                "describe it under way instead"
            )
    return None


def modal_perfect_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the perfect of a modal clause would not fit what depends on it: *should have* and
    *must have* look back at a past (*should not have been allowed to use phones*), while a
    present clause that depends on it still speaks of now (*since they can easily look up
    answers*)."""
    pred = main.predicate
    if plan.features.get("perfect") is not True or pred.perfect or not pred.modality:
        return None
    tokens = analysis.sentence.tokens
    for f in analysis.frames:
        if (
            f is main
            or not f.finite
            or f.predicate.tense != "pres"
            or not 0 <= f.verb < len(tokens)
            or tokens[f.verb].dep not in ("advcl", "ccomp", "relcl")
            or not depends_on(tokens, f.verb, main.verb)
        ):
            continue
        return (
            f"the clause '{phrase(analysis, tokens[f.verb])}' speaks of the present; the "
            f"perfect '{pred.modality} have ...' would look back at a past beside it"
        )
    return None


def perfect_time(analysis: Analysis, main: Frame, aspect: str | None) -> str | None:
    """Why the perfect would count the clause's time wrongly: *ago* under a past perfect
    (*had left the star four years ago* counts from two times), and a present with a *for*
    phrase of how long it lasts each time (*Results are cached for ten minutes*: *have been
    cached for ten minutes* says how long so far)."""
    pred = main.predicate
    if aspect != "perfect":
        return None
    tokens = analysis.sentence.tokens
    own = main_clause_tokens(analysis, main)
    if pred.tense == "past" and any(tokens[i].text.lower() == "ago" for i in own):
        return "'ago' counts back from now; the past perfect would count back from a past moment"
    deadline = next(
        (
            tokens[i]
            for i in own
            if tokens[i].text.lower() == "by"
            and i + 1 < len(tokens)
            and (
                tokens[i + 1].ent_type in ("DATE", "TIME")
                or tokens[i + 1].text.lower() in TIME_WORDS
            )
        ),
        None,
    )
    if pred.tense == "pres" and deadline is not None:  # *has submitted the form by Friday*
        return (
            f"'{phrase(analysis, deadline)}' is a deadline; only the future perfect takes one "
            "('will have ... by')"
        )
    lasts = any(tokens[i].text.lower() == "for" and tokens[i].head == main.verb for i in own)
    if pred.tense == "pres" and not pred.modality and lasts:
        return (
            "the present with a 'for' phrase says how long it lasts each time; its perfect "
            "would say how long it has lasted so far"
        )
    return None


def cleft_tense_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a cleft cannot take one tense for verb phrases in two (*was launched in 1990 and has
    photographed thousands of galaxies*: *It was the telescope that ... has photographed*)."""
    if not plan.features.get("cleft"):
        return None
    frames = {f.verb: f for f in analysis.frames}
    pred = main.predicate
    for c in verb_conjuncts(analysis, main):
        other = frames.get(c.i)
        if other is None or not other.finite:
            continue
        if (other.predicate.tense, other.predicate.perfect) != (pred.tense, pred.perfect):
            return (
                f"the verb phrase '{phrase(analysis, c)}' is in another tense than the main "
                "verb's; the cleft's 'It is/was' can fit only one of them"
            )
    return None


def never_clause_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a past edit cannot follow into a clause with *never* (*trains a teenager who has
    never won a fight*: it needs *had never won*, which the realizer does not write)."""
    if plan.features.get("tense") != "past" or main.predicate.tense == "past":
        return None
    heads = [f.verb for f in reached_clauses(analysis, main)]
    for f in backshifted_clauses(analysis, heads, never=True):
        return (
            f"the clause '{phrase(analysis, analysis.sentence.tokens[f.verb])}' would have to "
            "follow into the past with its 'never', which the realizer does not write"
        )
    return None


# The forms that can stand for a whole verb phrase after *than* (*than her brother does*)
_ELLIPTIC = english.read_lexicon("elliptic_operators")
_TIME_KEYS = ("tense", "progressive", "perfect", "modality")


def elliptic_comparison(analysis: Analysis) -> tuple[int, int] | None:
    """The span from *than* to an auxiliary that stands for the compared verb phrase (*than
    her brother does*, *than she has in months*), or None."""
    tokens = analysis.sentence.tokens
    for t in tokens:
        if t.text.lower() != "than":
            continue
        for k in range(t.i + 1, min(t.i + 6, len(tokens))):
            word = tokens[k]
            if word.text.lower() in _ELLIPTIC and word.tag in ("VBZ", "VBP", "VBD", "MD"):
                after = tokens[k + 1] if k + 1 < len(tokens) else None
                if after is None or not after.tag.startswith(("VB", "JJ", "RB", "NN", "DT")):
                    return (t.i, k + 1)
                break
            if word.pos not in ("PRON", "NOUN", "PROPN", "DET", "ADJ", "NUM"):
                break
    return None


def elliptic_comparison_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why an edit of the main clause's time cannot leave a comparison that repeats its verb
    with a present auxiliary (*She sleeps better than she has in months*, *earns more than her
    brother does*) when it puts the clause into the past or the perfect: the auxiliary would
    have to change with it (*slept better than she had*; *has slept better than she has*
    repeats itself), unless the comparison is a clause the sequence of tenses moves (*earned
    more than her brother did*). A future or a progressive can stand beside it (*will feel
    better than I have in weeks*)."""
    span = elliptic_comparison(analysis)
    if span is None:
        return None
    target, reason = target_features(main.predicate, plan)
    source = main.predicate.features()
    tokens = analysis.sentence.tokens
    aux = span[1] - 1
    if reason or tokens[aux].tag not in ("VBZ", "VBP"):
        return None  # *ran faster than the old one did*: a past fits any edit into the past
    past = target.tense == "past" and source.get("tense") != "past"
    perfect = bool(target.perfect) and not source.get("perfect")
    if not (past or perfect):
        return None
    moved = {f.verb for f in backshifted_clauses(analysis, [main.verb])}
    if not perfect and aux in moved:
        return None
    said = " ".join(t.text for t in tokens[span[0] : span[1]])
    return (
        f"the comparison '{said}' repeats the verb with an auxiliary, which would have to "
        "change with the edit; Seam does not rewrite it"
    )


# Words that give a future perfect the time it is done by (*will have left by noon*, *before
# the guests arrive*, *by the time we land*)
_BY_WORDS = frozenset({"by", "before", "until", "till", "when", "once"})


def negated_future_perfect_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a negated clause cannot take the future perfect with no time it is done by: *The
    insurer will not pay for wear and tear* is a commitment; *will not have paid* reads as a
    guess that it did not happen (*by the end of the month* would give it its time)."""
    target, reason = target_features(main.predicate, plan)
    if reason or not target.perfect or main.predicate.perfect:
        return None
    if target.tense != "fut" or target.polarity != "neg":
        return None
    tokens = analysis.sentence.tokens
    if any(tokens[i].text.lower() in _BY_WORDS for i in main_clause_tokens(analysis, main)):
        return None
    if temporal_clauses(analysis, main, _BY_WORDS):  # *before the guests arrive*
        return None
    return (
        "a negated future perfect with no time it is done by ('by June') reads as a guess that "
        "it did not happen, not as what the sentence says will not be done"
    )


def suggestion_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why *we can* does not go into the past as *we could* when nothing dates the clause in
    the past: *Together we could bring the jobs back* reads as a proposal for now, not as a
    past ability (*In 1990 we could ...* is dated, and stays a past)."""
    pred = main.predicate
    if plan.features.get("tense") != "past" or (pred.modality or "").split()[:1] != ["can"]:
        return None
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if subj is None or subj.text.lower() != "we":
        return None
    if dates(analysis, main)[0] is not None:
        return None
    return (
        "'we could ...' reads as a proposal for now, not as a past ability, and nothing in the "
        "clause dates it in the past"
    )
