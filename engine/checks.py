"""Shared checks on plans and realizations, the same for every backend and validator.

* :func:`target_features`: what a predicate's features become under a plan (the modal carries
  the tense: ``can`` + past is ``could``), or why the plan cannot be expressed on it;
* :func:`already_satisfied`: the one definition of "the source already shows this change";
  every backend answers it the same way: status ``ok``, the source as the only candidate,
  and a reason starting ``unchanged:``;
* :func:`shows_change`: whether a realization shows the plan's change;
* :func:`keeps_source`: whether a realization keeps everything the plan does not change
  (voice, tense, aspect, polarity, modality, force, the lexical verb, the core arguments in
  their roles, and the order and place of every other word and punctuation mark), judged by
  analyzing source and realization with the same analyzer;
* :func:`refusal`: the linguistic refusals every backend shares (imperatives, wh-questions,
  stative verbs, measure verbs, reflexives, contradicting time adverbs).

>>> from engine.ir import Predicate
>>> from engine.transforms import EditPlan
>>> already_satisfied(Predicate("see", tense="past"), EditPlan({"tense": "past"}))
'unchanged: the sentence is already past tense'
>>> target_features(Predicate("see", tense="pres", modality="can"), EditPlan({"tense": "past"}))[0]["modality"]
'could'
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from typing import Any

from . import agreement, english
from .ir import Analysis, Argument, Frame, Predicate
from .transforms import EditPlan

UNCHANGED = "unchanged: "
_PERIPHRASTIC_FUTURE = {
    "can": "will be able to",
    "could": "will be able to",
    "must": "will have to",
}

_NAMES = {
    "tense": {"past": "past tense", "pres": "present tense", "fut": "future tense"},
    "progressive": {True: "progressive", False: "non-progressive"},
    "perfect": {True: "perfect", False: "non-perfect"},
    "modality": {None: "without a modal"},
    "voice": {"active": "active", "passive": "passive"},
    "polarity": {"neg": "negated", "pos": "affirmative"},
    "force": {"ques": "a question", "prop": "declarative"},
    "cleft": {None: "not an it-cleft"},
}

# Features a realization must show exactly as planned (or as in the source, when unplanned).
CLAUSE_FEATURES = ("tense", "progressive", "perfect", "voice", "modality", "polarity", "force")
_AUX_START = re.compile(
    r"^(do|does|did|is|are|was|were|am|has|have|had|will|would|can|could|may|might|must|shall|should)"
    r"(n't)?\b",
    re.I,
)
# pronouns to their nominative (english.with_case's table), and any to some: some/any alternate
# with polarity (I bought some / did not buy any)
_PRONOUN_CASE = {**english.TO_NOMINATIVE, "any": "some"}


def describe(plan: EditPlan) -> str:
    """``the sentence is already past tense and negated``."""
    parts = []
    for feat, value in plan.features.items():
        if feat in ("promote", "shorten"):
            continue
        label = _NAMES.get(feat, {}).get(value) or (
            f"modal '{value}'" if feat == "modality" else f"{feat}={value}"
        )
        parts.append(label)
    return "the sentence is already " + " and ".join(parts) if parts else "nothing to change"


def target_features(
    src: Predicate, plan: EditPlan, periphrastic: bool = False
) -> tuple[dict[str, Any], str | None]:
    """The source predicate's features after the plan, and why it cannot apply (or None).

    A modal source carries the tense (``can`` -> ``could`` for the past); a modal and a
    non-present tense cannot be asked for together; a modal added to a past source keeps the
    past reading with the perfect (``may have seen``). With ``periphrastic`` (a realizer that
    writes multi-word modals), a modal without the asked form takes its periphrasis: ``can`` ->
    ``will be able to`` (future), ``must`` -> ``will have to`` (future) and ``had to`` (past,
    affirmative statements only), and a new modal on ``can`` stacks as ``may be able to``;
    otherwise those are refused with the reason.
    """
    target = src.features()
    feats = dict(plan.features)
    feats.pop("shorten", None)  # not a predicate feature
    feats.pop(
        "promote", None
    )  # which argument a passive promotes: the backend's contract (``supports``)
    if (
        "modality" in feats
        and feats["modality"] is not None
        and "tense" in feats
        and feats["tense"] != "pres"
    ):
        return (
            target,
            f"modal({feats['modality']}) cannot combine with tense({feats['tense']}): the modal carries the tense",
        )
    if src.modality and "tense" in feats and "modality" not in feats:
        tense = feats.pop("tense")
        shifted = english.shift_modal(src.modality, tense)
        if tense == "fut" and src.modality in _PERIPHRASTIC_FUTURE:
            if not periphrastic:
                return target, (
                    f"the modal '{src.modality}' has no future form; its future is periphrastic "
                    f"('{_PERIPHRASTIC_FUTURE[src.modality]}'), which this backend does not build"
                )
            shifted = (_PERIPHRASTIC_FUTURE[src.modality], "pres")
        elif shifted is None and periphrastic and (src.modality, tense) == ("must", "past"):
            if (
                feats.get("polarity", src.polarity) == "neg"
                or feats.get("force", src.force) == "ques"
            ):
                return target, (
                    "the past of 'must' is 'had to', a lexical verb; Seam does not negate or question it "
                    "in the same step"
                )
            shifted = ("had to", "pres")
        if shifted is None:
            name = {"past": "past", "pres": "present", "fut": "future"}.get(tense, tense)
            return target, f"the modal '{src.modality}' has no {name} tense form"
        feats["modality"], feats["tense"] = shifted
    elif (
        periphrastic
        and src.modality == "can"
        and feats.get("modality") not in (None, "can", "could")
    ):
        feats["modality"] = f"{feats['modality']} be able to"  # may be able to swim
    new_modal = feats.get("modality") is not None and src.modality is None
    target.update(feats)
    if new_modal and src.tense == "past" and "tense" not in plan.features:
        target["perfect"] = True  # a modal keeps a past source's past reading: "may have seen"
    if target.get("modality") is not None:
        target["tense"] = "pres"
    if (
        target["cleft"] is not None
        and target["cleft"] != "SUBJ"
        and target["cleft"] not in ("ARG0", "ARG1", "ARG2")
    ):
        return target, f"cleft({target['cleft']}) is not supported"
    return target, None


def already_satisfied(src: Predicate, plan: EditPlan) -> str | None:
    """``unchanged: <why>`` when the source already shows everything the plan asks for."""
    if plan.is_identity or plan.swap or plan.features.get("shorten") or "promote" in plan.features:
        return None
    target, reason = target_features(src, plan)
    if reason is None and target == src.features():
        return UNCHANGED + describe(plan)
    return None


_PAST_TIME = re.compile(
    r"\b(yesterday|ago|last (night|week|month|year|summer|winter|spring|autumn|weekend|time)|"
    r"earlier today|the day before)\b",
    re.I,
)
_FUTURE_TIME = re.compile(
    r"\b(tomorrow|next (week|month|year|summer|winter|spring|autumn|weekend|time)|"
    r"the day after|from now)\b",
    re.I,
)


def refusal(analysis: Analysis, plan: EditPlan) -> str | None:
    """Why a plan does not apply to this sentence on any backend, or None.

    One definition of the linguistic refusals: imperatives (no subject, no tense or mood to
    change; ``negate`` still applies), wh-questions under ``declarative``, stative verbs under
    ``prog(+)``, measure and possession verbs, reflexive objects and copular *be* under passive
    or swap, a time adverb that contradicts the new tense (*yesterday* under the future),
    text that is not English, clefts of expletive *there*/*it*, and clause-level edits of a
    reporting clause that follows what it reports (*..., Bork said softly.*).
    """
    if why := not_english(analysis):
        return why
    frame = analysis.main_frame
    if frame is None:
        return None
    pred, f, tokens = frame.predicate, plan.features, analysis.sentence.tokens
    words = [t.text.lower() for t in tokens]
    if (cleft := f.get("cleft")) in ("SUBJ", "ARG0", "ARG1") and any(
        t.dep == "expl" or (t.dep == "nsubj" and t.text.lower() == "there") for t in tokens
    ):
        return f"cleft({cleft}): an expletive subject ('there', 'it') has no referent to focus"
    if cleft is not None:
        focus = next(
            (
                a
                for a in frame.arguments
                if (a.function == "subj" if cleft == "SUBJ" else a.role == cleft)
            ),
            None,
        )
        if focus is not None and focus.text.lower() in ("it", "there"):
            return (
                f"cleft({cleft}): the focus would be '{focus.text}', which has no referent to focus (weather or "
                f"expletive 'it': *It is it that is snowing*)"
            )
    if set(f) - {"tense", "progressive", "perfect", "shorten"} and (
        why := reporting_clause(analysis)
    ):
        return why
    if why := several_clauses(analysis) or inverted_reporting(analysis) or presentational(analysis):
        return why
    if (
        "subj" not in {a.function for a in frame.arguments}
        and not agreement.imperative(tokens, frame)
        and tokens
        and tokens[-1].text != "?"
        and frame.finite
        and frame.clause == "main"
        and set(f) & {"tense", "polarity", "force", "modality", "progressive", "perfect"}
    ):
        return (
            f"the main verb '{tokens[frame.verb].text}' has no subject (a fragment, or a set phrase such as "
            "'thank God'), so there is no clause to edit"
        )
    if (
        f.get("polarity") == "neg"
        and pred.polarity == "pos"
        and (
            adv := next(
                (
                    tokens[i].text
                    for i in main_clause_tokens(analysis, frame)
                    if tokens[i].text.lower() in NEGATIVE_ADVERBS
                ),
                None,
            )
        )
    ):
        return (
            f"the clause is already nearly negative through '{adv}'; '{'do not ' + adv.lower()} ...' is not "
            "English, and negating it means rewording the adverb"
        )
    if "polarity" in f and (neg := next((w for w in words if w in _NEGATIVE_WORDS), None)):
        return f"the clause is negative through '{neg}', not through its verb: " + (
            "adding 'not' would make a double negative"
            if f["polarity"] == "neg"
            else "affirming it means replacing that word, which is not a polarity edit"
        )
    functions = {a.function: a for a in frame.arguments}
    if (
        "subj" not in functions
        and tokens
        and agreement.imperative(tokens, frame)
        and set(f) & {"tense", "modality", "force", "progressive", "perfect", "voice"}
    ):
        return "an imperative has no subject and no tense or mood to change"
    if (
        words
        and words[0] in ("what", "how")
        and words[-1] != "?"
        and set(f) & {"polarity", "force", "voice", "cleft"}
    ):
        return (
            f"an exclamative ('{tokens[0].text} ...!') has no negation, question, voice or cleft of its own "
            "(*What a day it is not!*)"
        )
    if f.get("force") == "prop" and words and words[0] in english.WH_WORDS and words[-1] == "?":
        return "a wh-question has no declarative counterpart: the questioned phrase has no value to restore"
    if (
        "cleft" in f
        and f["cleft"] is None
        and words[:1] == ["it"]
        and len(words) > 2
        and words[1] in ("is", "was", "'s", "will", "seems", "seemed")
        and (
            pred.cleft is None
            or tokens[2].tag.startswith(("JJ", "VBN"))
            or (
                tokens[2].tag.startswith("RB")
                and len(tokens) > 3
                and tokens[3].tag.startswith(("JJ", "VBN", "RB"))
            )
        )
    ):
        return "an expletive or raising 'it' (It is obvious that ...), not an it-cleft: there is no cleft to undo"
    if (
        f.get("perfect") is False
        and pred.perfect
        and (
            since := next(
                (
                    tokens[i].text
                    for i in main_clause_tokens(analysis, frame)
                    if tokens[i].text.lower() == "since"
                ),
                None,
            )
        )
    ):
        return (
            f"'{since}' dates the start of what the perfect describes ('has worked here since March'); without "
            "the perfect the sentence is not English"
        )
    if (
        f.get("progressive") is True
        and not pred.progressive
        and pred.lemma in english.NO_PROGRESSIVE
    ):
        return f"the stative verb '{pred.lemma}' has no progressive"
    if (
        f.get("progressive") is True
        and not pred.progressive
        and pred.lemma == "be"
        and pred.voice == "active"
    ):
        return (
            "copular 'be' states a property or identity; its progressive ('is being unlikely') describes "
            "behaviour and would change the meaning"
        )
    if any(
        tokens[k].text.lower() in ("'d", "had") and tokens[k + 1].text.lower() == "better"
        for k in range(len(tokens) - 1)
    ) and set(f) - {"shorten"}:
        return (
            "'had better' is a fixed modal idiom with no other tense, negation after its auxiliary or "
            "question form that Seam writes"
        )
    infinitive = next(
        (
            t
            for t in tokens
            if t.head == frame.verb
            and t.dep == "xcomp"
            and any(g.head == t.i and g.dep == "aux" and g.text.lower() == "to" for g in tokens)
        ),
        None,
    )
    if (
        pred.lemma == "use"
        and infinitive is not None
        and "obj" not in functions
        and pred.tense == "past"
        and (
            f.get("tense") in ("pres", "fut")
            or set(f) & {"modality", "progressive", "perfect", "voice"}
            or plan.swap
        )
    ):
        return (
            "'used to' is a past habit with no present, future, perfect, progressive or modal form "
            "(*will use to*, *might have used to* are not English)"
        )
    moves = plan.swap or (f.get("voice") == "passive" and pred.voice == "active")
    obj_ = functions.get("obj")
    if (moves or (f.get("voice") == "active" and pred.voice == "passive")) and any(
        tokens[i].text.lower() == "than" for i in main_clause_tokens(analysis, frame)
    ):
        return (
            "the clause compares its subject ('... better than ...'); moving the arguments would change what "
            "is compared"
        )
    if (
        moves
        and obj_ is not None
        and tokens[obj_.span[0]].text.lower() in english.NEGATIVE_POLARITY_ITEMS
    ):
        return (
            f"the object '{obj_.text}' is a negative polarity item; as a subject ('{obj_.text[:1].upper()}"
            f"{obj_.text[1:]} is ...') it has no negation before it to license it"
        )
    licensed_now = pred.polarity == "neg" or pred.force == "ques"
    licensed_after = (
        f.get("polarity", pred.polarity) == "neg" or f.get("force", pred.force) == "ques"
    )
    if (
        licensed_now
        and not licensed_after
        and (
            npi := next(
                (
                    tokens[i].text
                    for i in main_clause_tokens(analysis, frame)
                    if tokens[i].text.lower() in ("ever", "yet")
                ),
                None,
            )
        )
    ):
        return (
            f"'{npi}' needs a negation or a question; the statement would not license it (*You have {npi.lower()} "
            "been ...*)"
        )
    if moves and pred.lemma == "have" and infinitive is not None and "obj" not in functions:
        return (
            f"'have to' is a semi-modal: the object belongs to '{tokens[infinitive.i].text}', and its passive "
            f"('have to be {english.past_participle(english.verb_lemma(tokens[infinitive.i].text))}') is not built"
        )
    if moves:
        if pred.lemma in english.NO_OBJECT:
            return f"'{pred.lemma}' takes a measure or possession phrase, not an object that can be promoted or swapped"
        obj = functions.get("obj")
        if obj is not None and obj.text.lower() in english.REFLEXIVES:
            return f"the reflexive object '{obj.text}' cannot be promoted or swapped"
        if pred.lemma == "be" and pred.voice == "active":
            return "copular 'be': the predicate nominal is not an object"
    if "tense" in f and (why := time_conflict(analysis, frame, f["tense"])):
        return why
    return None


_CLAUSE_BOUNDARIES = (
    "relcl",
    "ccomp",
    "advcl",
    "acl",
    "xcomp",
    "csubj",
    "csubjpass",
    "parataxis",
    "pcomp",
)
_MONTHS = frozenset(
    {
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    }
)
_YEAR = re.compile(r"^(1[0-9]{3}|20[0-9]{2})s?$")


def main_clause_tokens(analysis: Analysis, frame: Frame) -> list[int]:
    """The tokens of ``frame``'s own clause: those whose head chain reaches its verb without
    entering another clause (relative, complement, adverbial, infinitival) or the *of*-phrase of
    a noun (*the Act of 1994*)."""
    tokens = analysis.sentence.tokens
    out = []
    for tok in tokens:
        i, seen, inside = tok.i, set(), True
        while i != frame.verb:
            if i in seen or not 0 <= i < len(tokens) or tokens[i].head == i:
                inside = False
                break
            seen.add(i)
            t = tokens[i]
            if t.dep in _CLAUSE_BOUNDARIES or (
                t.dep == "prep" and tokens[t.head].pos in ("NOUN", "PROPN")
            ):
                inside = False
                break
            i = t.head
        if inside:
            out.append(tok.i)
    return out


def time_conflict(
    analysis: Analysis, frame: Frame, tense: str, year: int | None = None
) -> str | None:
    """Why the main clause's own time adverbial contradicts ``tense``, or None: a past-time one
    (*yesterday*, *last winter*, *in 1998*, *in March 2019*) under the present or future, a
    future-time one (*tomorrow*, *next year*, a year after this one) under the past. A time
    phrase inside a relative or other embedded clause, or inside a noun phrase (*the Act of
    1994*), does not concern the main clause. ``year``: this year (default: today's)."""
    import datetime

    tokens = analysis.sentence.tokens
    own = main_clause_tokens(analysis, frame)
    text = " ".join(tokens[i].text for i in own)
    this_year = year or datetime.date.today().year
    past = m.group() if (m := _PAST_TIME.search(text)) else None
    future = m.group() if (m := _FUTURE_TIME.search(text)) else None
    for i in own:
        word = tokens[i].text
        if _YEAR.match(word) and (
            tokens[i].ent_type == "DATE"
            or tokens[tokens[i].head].text.lower() in _MONTHS
            or tokens[tokens[i].head].dep == "prep"
            or tokens[i].dep == "pobj"
        ):
            when = int(word.rstrip("s"))
            start, j = i, tokens[i].head
            while (
                0 <= j < len(tokens)
                and j in own
                and (tokens[j].text.lower() in _MONTHS or tokens[j].dep == "prep")
            ):
                start, j = min(start, j), (tokens[j].head if tokens[j].dep != "prep" else -1)
            phrase = " ".join(t.text for t in tokens[start : i + 1])
            if when < this_year and past is None:
                past = phrase
            elif when > this_year and future is None:
                future = phrase
    names = {"past": "past", "pres": "present", "fut": "future"}
    if tense in ("fut", "pres") and past is not None:
        return (
            f"the past-time expression '{past}' dates the main clause; the {names[tense]} tense would "
            "contradict it, and changing it would alter the content"
        )
    if tense == "past" and future is not None:
        return (
            f"the future-time expression '{future}' dates the main clause; the past tense would "
            "contradict it, and changing it would alter the content"
        )
    return None


# Frequency and degree adverbs that are nearly negative: *does not rarely eat* is not English.
NEGATIVE_ADVERBS = frozenset({"rarely", "seldom", "hardly", "scarcely", "barely"})


_INDEFINITES = frozenset(
    {
        "everyone",
        "everybody",
        "everything",
        "someone",
        "somebody",
        "something",
        "anyone",
        "anybody",
        "anything",
        "nobody",
        "nothing",
        "none",
        "one",
        "all",
        "each",
    }
)
_NEGATIVE_WORDS = frozenset(
    {"nobody", "nothing", "no", "none", "neither", "nor", "no-one", "noone", "nowhere"}
)
_ENGLISH_WORD = re.compile(r"^[A-Za-z][A-Za-z'.-]*$")
REPORTING_VERBS = english.read_lexicon("reporting_verbs")  # rules/lexicon/reporting_verbs.txt


def not_english(analysis: Analysis) -> str | None:
    """Why the text is not English to edit, or None: fewer than half of its words are written
    in the Latin alphabet (random Unicode, another script)."""
    words = [t.text for t in analysis.sentence.tokens if any(c.isalnum() for c in t.text)]
    if not words:
        return "the text has no words"
    foreign = [
        w for w in words if any(c.isalpha() and "LATIN" not in unicodedata.name(c, "") for c in w)
    ]
    if foreign:
        return f"the text is not English: '{foreign[0]}' is not written in the Latin alphabet"
    latin = sum(1 for w in words if _ENGLISH_WORD.match(w) or w.isdigit())
    if latin * 2 < len(words):
        return f"the text is not English: {len(words) - latin} of its {len(words)} words are not plain words"
    return None


def reporting_clause(analysis: Analysis) -> str | None:
    """Why the main clause found is not the sentence's, or None: a reporting clause after what
    it reports (*Never trust a stranger, Bork said softly.*) carries none of its content."""
    frame = analysis.main_frame
    if frame is None or frame.predicate.lemma not in REPORTING_VERBS:
        return None
    tokens = analysis.sentence.tokens
    reported = [
        t
        for t in tokens
        if t.head == frame.verb
        and t.i < frame.verb
        and t.dep in ("ccomp", "parataxis", "advcl")
        and t.pos in ("VERB", "AUX")
        and any(p.text == "," and t.i < p.i < frame.verb for p in tokens)
    ]
    if reported:
        return (
            f"'{tokens[frame.verb].text}' heads a reporting clause after what it reports; the reported clause "
            "is the content, and editing the reporting clause would not edit it"
        )
    return None


def inverted_reporting(analysis: Analysis) -> str | None:
    """Why the main clause found is an inverted reporting clause (*..., admitted Tuppence.*,
    *..., continued my friend.*), or None: every edit of it would edit the wrong clause."""
    frame = analysis.main_frame
    if frame is None or frame.predicate.lemma not in REPORTING_VERBS:
        return None
    tokens = analysis.sentence.tokens
    verb = tokens[frame.verb]
    last = max((t.i for t in tokens if t.text not in (".", "!", "?", '"', "'")), default=verb.i)
    if any(a.function == "subj" and a.span[1] <= verb.i for a in frame.arguments):
        return None  # a subject before the verb (*the Sun, announced ...*): not inverted
    if (
        verb.i > 0
        and tokens[verb.i - 1].text in (",", '"', "'")
        and verb.i > 2
        and (
            last == verb.i
            or all(english.descends(tokens, t.i, verb.i) for t in tokens[verb.i + 1 : last + 1])
        )
    ):
        return (
            f"'{verb.text}' heads an inverted reporting clause after what it reports (..., {verb.text} "
            f"{analysis.sentence.span_text(verb.i + 1, last + 1)}); the reported clause is the content"
        )
    return None


_PRESENTATIONAL = frozenset({"here", "there"})
# verbs an expletive "there" is the subject of (There is / seems to be / remains ...)
_EXISTENTIAL = frozenset(
    {"be", "seem", "appear", "exist", "remain", "happen", "tend", "use", "have", "need", "ought"}
)


def presentational(analysis: Analysis) -> str | None:
    """Why the sentence is a presentational inversion (*Here are a bunch of people enjoying
    dinner.*, *There goes the bus.*), or None: a fronted *here*/*there* followed by the verb
    group and then its subject. The participle that follows is not the clause's predicate but a
    modifier of the presented noun, and every clause edit would edit the wrong thing
    (*Here dinner is enjoying a bunch of people.*). An expletive *there* (*There is a man ...*)
    is not this: its *be* is the predicate and the copular checks answer for it."""
    frame = analysis.main_frame
    tokens = analysis.sentence.tokens
    if frame is None or not tokens or tokens[0].text.lower() not in _PRESENTATIONAL:
        return None
    first_verb = min(frame.verb_group) if frame.verb_group else frame.verb
    if tokens[0].dep == "expl":  # There goes the bus: a verb of motion or position, not be
        if (
            first_verb == 1
            and frame.predicate.lemma not in _EXISTENTIAL
            and not any(t.text == "?" for t in tokens)
        ):
            return (
                f"a presentational 'There {tokens[1].text} ...' sentence: 'there' is not its subject, and "
                "no clause edit applies"
            )
        return None
    subject = next((a for a in frame.arguments if a.function == "subj"), None)
    if subject is None or not (0 < first_verb < subject.span[0]):
        return None
    if any(t.text == "?" for t in tokens):
        return None  # a question (*Here is where?*) is another matter
    return (
        f"a presentational '{tokens[0].text} {tokens[first_verb].text} ...' sentence: the subject follows the "
        "verb, and what follows the subject modifies it; no clause edit applies"
    )


def several_clauses(analysis: Analysis) -> str | None:
    """Why the sentence is not one clause to edit, or None: independent clauses joined by a
    semicolon, or by a bare comma before the main clause's subject (*A man is stealing a bike,
    the chances he is a thief are high.*). An edit of the clause the parser made the root would
    leave the other as it was."""
    frame = analysis.main_frame
    tokens = analysis.sentence.tokens
    if frame is None:
        return None
    if any(t.text == ";" for t in tokens):
        return "the sentence has independent clauses joined by ';'; an edit of one would leave the other as it is"
    subj = next((a for a in frame.arguments if a.function == "subj"), None)
    start = subj.span[0] if subj is not None else frame.verb
    for t in tokens:
        if (
            t.head != frame.verb
            or t.dep not in ("ccomp", "parataxis", "conj", "advcl")
            or t.pos not in ("VERB", "AUX")
            or frame.predicate.lemma in REPORTING_VERBS
        ):
            continue
        own_subject = next(
            (c for c in tokens if c.head == t.i and c.dep in ("nsubj", "nsubjpass")), None
        )
        if own_subject is None or any(
            c.head == t.i and (c.dep in ("mark", "cc") or c.tag in ("WRB", "WDT", "WP"))
            for c in tokens
        ):
            continue
        finite = t.tag in ("VBZ", "VBP", "VBD") or any(
            c.head == t.i and c.dep in ("aux", "auxpass") and c.tag in ("VBZ", "VBP", "VBD", "MD")
            for c in tokens
        )
        if not finite:
            continue
        lo, hi = (t.i, start) if t.i < start else (frame.verb, own_subject.i)
        joined = [p for p in tokens if lo < p.i < hi and p.head in (frame.verb, t.i)]
        if any(p.text == "," for p in joined) and not any(p.dep == "cc" for p in joined):
            return (
                "the sentence has two independent clauses joined by a comma; an edit of one would leave the other "
                "as it is"
            )
    return None


def misparsed_verb(analysis: Analysis) -> str | None:
    """Why the dependency parse cannot be trusted, or None: a past-tense or participle form that
    English has only as a verb was tagged a noun (*The bell rang and the children ran*: *rang*
    read as a noun in a coordinated subject), so the clause structure is wrong."""
    from lemminflect import getAllLemmas

    frame = analysis.main_frame
    tokens = analysis.sentence.tokens
    if (
        frame is not None
        and 0 <= frame.verb < len(tokens)
        and tokens[frame.verb].tag in ("VBD", "VBN")
    ):
        subj = next((a for a in frame.arguments if a.function == "subj"), None)
        head = tokens[subj.head] if subj is not None else None
        verb = tokens[frame.verb]
        participle = (
            english.inflect(english.verb_lemma(verb.text, verb.lemma), "VBN") == verb.text.lower()
        )
        if (
            head is not None
            and subj.span[0] == 0
            and head.tag == "NN"
            and head.text.lower() not in _INDEFINITES
            and not any(
                t.head == head.i and t.dep in ("det", "poss", "nummod", "predet") for t in tokens
            )
            and len(frame.verb_group) == 1
            and participle
            and not any(a.function == "obj" for a in frame.arguments)
        ):
            return (
                f"'{subj.text} {tokens[frame.verb].text} ...' reads as a caption (a bare noun and a participle), "
                "not a past-tense clause"
            )
    if (
        frame is not None
        and 0 <= frame.verb < len(tokens)
        and (
            (
                frame.verb + 1 < len(tokens)
                and tokens[frame.verb + 1].text == "-"
                and not tokens[frame.verb].whitespace
            )
            or (
                frame.verb > 0
                and tokens[frame.verb - 1].text == "-"
                and not tokens[frame.verb - 1].whitespace
            )
        )
    ):
        first = last = frame.verb
        while (
            first > 0
            and not tokens[first - 1].whitespace
            and tokens[first - 1].text not in (",", ";", ":")
        ):
            first -= 1
        while (
            last + 1 < len(tokens)
            and not tokens[last].whitespace
            and tokens[last + 1].text not in (",", ".", ";", ":", "?", "!")
        ):
            last += 1
        word = analysis.sentence.text[tokens[first].start : tokens[last].end]
        return (
            f"the verb '{tokens[frame.verb].text}' is part of a hyphenated word ('{word}') that the parse split, so "
            "the clause structure it gives cannot be trusted"
        )
    if frame is not None and any(
        tokens[i].text == ","
        for i in range(min(frame.verb_group), frame.verb)
        if 0 <= i < len(tokens)
    ):
        return (
            f"the parse puts a comma inside the verb group of '{tokens[frame.verb].text}', so the clause "
            "structure it gives cannot be trusted"
        )
    if frame is not None and sum(a.function == "subj" for a in frame.arguments) > 1:
        return (
            f"the parse gives '{tokens[frame.verb].text}' two subjects, so the clause structure it gives "
            "cannot be trusted"
        )
    for tok in analysis.sentence.tokens:
        word = tok.text.lower()
        if tok.pos not in ("NOUN", "PROPN") or not word.isalpha() or word.endswith("ing"):
            continue
        readings = getAllLemmas(word)
        if set(readings) == {"VERB"} and word not in readings["VERB"]:
            return (
                f"the parse took the verb '{tok.text}' for a noun, so the clause structure it gives "
                "cannot be trusted"
            )
    for tok in analysis.sentence.tokens:
        # the converse: a coordinated "verb" English has only as a noun or adjective (*a horse and
        # buggy* read as *... riding and buggy*)
        word = tok.text.lower()
        if tok.dep == "conj" and tok.tag.startswith("VB") and word.isalpha():
            readings = getAllLemmas(word)
            if readings and "VERB" not in readings and "AUX" not in readings:
                return (
                    f"the parse took '{tok.text}' for a coordinated verb, which English has only as a "
                    f"{'noun' if 'NOUN' in readings else 'adjective'}, so the clause structure it gives cannot be trusted"
                )
        # and a verb form tagged as a noun conjoined with a verb (*She sings and dances*: *dances* NNS)
        head = (
            analysis.sentence.tokens[tok.head]
            if 0 <= tok.head < len(analysis.sentence.tokens)
            else None
        )
        if (
            tok.dep == "conj"
            and tok.pos == "NOUN"
            and head is not None
            and head.pos == "VERB"
            and word.isalpha()
            and "VERB" in getAllLemmas(word)
            and not any(
                t.head == tok.i and t.dep in ("det", "poss", "amod", "nummod")
                for t in analysis.sentence.tokens
            )
        ):
            return (
                f"the parse took '{tok.text}' for a noun conjoined with the verb '{head.text}', so the clause "
                "structure it gives cannot be trusted"
            )
    return None


def shows_change(
    plan: EditPlan, text: str, derivation: str | None, analysis: Analysis | None
) -> str | None:
    """Why a realization does not show the plan's change, or None if it does (or cannot tell)."""
    f = plan.features
    if f.get("force") == "ques":
        if derivation:
            head = re.findall(r"\(\s*\d*\s*([\w-]+)", derivation)[:3]
            if "hd_yesno_c" not in head:
                return "not an inverted question"
        elif not _AUX_START.match(text.strip()):
            return "not an inverted question"
    if analysis is None or analysis.main_frame is None:
        return None
    got = analysis.main_frame.predicate
    checks = {
        "tense": lambda v: got.tense in (v, None) or got.modality is not None,
        "voice": lambda v: got.voice == v,
        "polarity": lambda v: got.polarity == v,
        "modality": lambda v: v is None or got.modality == v,
        "progressive": lambda v: got.progressive == v,
        "perfect": lambda v: got.perfect == v,
    }
    for feat, ok in checks.items():
        if feat in f and not ok(f[feat]):
            return f"{feat} is not {f[feat]}"
    return None


def _phrase(analysis: Analysis, arg: Argument) -> str:
    words = [
        t.text.lower()
        for t in analysis.sentence.tokens[arg.span[0] : arg.span[1]]
        if t.text.isalnum()
    ]
    if words and words[0] == "by" and arg.function == "agent":
        words = words[1:]
    return " ".join(_PRONOUN_CASE.get(w, w) for w in words)


def core_arguments(analysis: Analysis, frame: Frame) -> dict[str, str]:
    """ARG0-ARG2 of a frame as normalized phrases (agent *by* dropped, pronouns in the
    nominative)."""
    return {
        a.role: _phrase(analysis, a) for a in frame.arguments if a.role in ("ARG0", "ARG1", "ARG2")
    }


_CORE = ("ARG0", "ARG1", "ARG2")


def _skeleton(
    analysis: Analysis, frame: Frame, with_roles: bool, verb_slot: bool = True
) -> list[str]:
    """The sentence as the words outside the verb group and the core arguments, with each
    core argument as its role (``with_roles``) or left out; final punctuation dropped."""
    tokens = analysis.sentence.tokens
    spans = [(a.role, range(*a.span)) for a in frame.arguments if a.role in _CORE]
    group = set(frame.verb_group)
    out: list[str] = []
    for i, tok in enumerate(tokens):
        role = next((r for r, span in spans if i in span), None)
        if role is not None:
            if with_roles and (not out or out[-1] != role):
                out.append(role)
            continue
        if (
            i == frame.verb and verb_slot
        ):  # the lexical verb's place (auxiliaries, modals, negation come and go)
            out.append("V")
            continue
        word = tok.text.lower()
        if (
            i in group
            or tok.tag == "MD"
            or word in ("not", "n't")
            or tok.dep == "expl"
            or (word == "there" and i < 2)
        ):
            continue
        out.append(word)
    while out and out[-1] in (".", "?", "!"):
        out.pop()
    return out


def _voice_moves(skeleton: list[str], plan: EditPlan) -> list[str]:
    """The skeleton after a voice change: the promoted argument takes the subject's place and
    the agent (its by-phrase) the promoted argument's, or, if other core arguments follow
    that place, comes after the last of them (*Grandma gave the children some sweets* ->
    *The children were given some sweets by Grandma*)."""
    if plan.features["voice"] == "passive":
        subject, promoted = "ARG0", plan.features.get("promote", "ARG1")
    else:  # active: the agent comes back to the front
        subject, promoted = "ARG1", "ARG0"
    if subject not in skeleton or promoted not in skeleton:
        return skeleton
    out = list(skeleton)
    at = out.index(promoted)
    out[out.index(subject)] = promoted
    out[at] = None  # type: ignore[call-overload]
    after = [k for k in range(at + 1, len(out)) if out[k] in _CORE]
    out.insert((after[-1] + 1) if after else at, subject)
    return [w for w in out if w is not None]


def keeps_order(
    source: Analysis,
    plan: EditPlan,
    realization: Analysis,
    frame: Frame | None = None,
    got: Frame | None = None,
) -> str | None:
    """Why the words the plan does not touch are not as in the source, or None: adverbs,
    prepositional phrases and punctuation keep their order and their place among the core
    arguments (for a voice change, which moves the arguments, only their order). ``frame``
    and ``got``: the main frames as the caller reads them (default: the analyses')."""
    if plan.features.get("cleft") is not None:
        return None
    src_frame, got_frame = frame or source.main_frame, got or realization.main_frame
    if src_frame is None or got_frame is None:
        return None
    existential = any(
        t.dep == "expl" or t.text.lower() == "there" for t in source.sentence.tokens[:2]
    )
    roles = not existential  # the analyzer's roles of "there is" vary
    # a question inverts the verb when it is "be" (or an auxiliary): then only the order of the rest counts
    verb = "force" not in plan.features and src_frame.predicate.lemma not in ("be", "have")
    want, have = (
        _skeleton(source, src_frame, roles, verb),
        _skeleton(realization, got_frame, roles, verb),
    )
    if roles and "voice" in plan.features and src_frame.predicate.voice != plan.features["voice"]:
        want = _voice_moves(want, plan)
        recipient = core_arguments(source, src_frame).get("ARG2")
        if recipient and "ARG2" not in have:  # "gave the children sweets" -> "... to the children"
            pattern = ["to", *recipient.split()]
            at = next((k for k in range(len(have)) if have[k : k + len(pattern)] == pattern), None)
            if at is not None:
                have = have[:at] + ["ARG2"] + have[at + len(pattern) :]
                agent = "ARG0" if plan.features["voice"] == "passive" else "ARG1"
                if agent in want and "V" in want:  # the by-phrase may come before the to-phrase
                    early = [w for w in want if w != agent]
                    early.insert(early.index("V") + 1, agent)
                    if have == early:
                        return None
    if (
        want != have
        and roles
        and plan.features.get("voice") == "passive"
        and _by_phrase_moved(want, have)
    ):
        return None  # the by-phrase after a place or goal phrase: *hung on the wall by her*
    if want != have:
        return f"words outside the edit changed ({' '.join(want)!r} -> {' '.join(have)!r})"
    return None


def _by_phrase_moved(want: list[str], have: list[str]) -> bool:
    """Whether ``have`` is ``want`` with the agent (``ARG0``, the by-phrase) further along after
    the verb: the rest in the same order."""
    if "ARG0" not in have or "V" not in have or "ARG0" not in want:
        return False
    return [w for w in want if w != "ARG0"] == [w for w in have if w != "ARG0"] and have.index(
        "ARG0"
    ) > have.index("V")


def keeps_source(source: Analysis, plan: EditPlan, realization: Analysis) -> str | None:
    """Why a realization changes something the plan does not ask for, or None.

    Source and realization must come from the same analyzer. Checked: every clause feature
    equals the planned target (so unplanned ones keep the source's value), the lexical verb,
    and each core argument's phrase in its role (swapped for ``swap``; the clefted focus is
    not compared, as the analyzer reads the relative pronoun there).
    """
    src_frame, got_frame = source.main_frame, realization.main_frame
    if src_frame is None:
        return None
    if got_frame is None:
        return "the realization has no main verb"
    target, reason = target_features(src_frame.predicate, plan)
    if reason:
        return reason
    got = got_frame.predicate
    if got.lemma != src_frame.predicate.lemma:
        return f"the verb changed ({src_frame.predicate.lemma} -> {got.lemma})"
    if not (plan.swap or set(plan.features) & {"voice", "cleft", "shorten"}) and (
        (lost := _punctuation(source) - _punctuation(realization))
        or (_punctuation(realization) - _punctuation(source))
    ):
        mark = next(iter(lost or (_punctuation(realization) - _punctuation(source))))
        return f"the punctuation changed (a '{mark}' {'lost' if lost else 'added'}: a comma can change what a clause modifies)"
    for feat in CLAUSE_FEATURES:
        if got.features()[feat] != target[feat]:
            return f"{feat} is {got.features()[feat]}, expected {target[feat]}"
    if (got.cleft is None) != (target["cleft"] is None):
        return "the it-cleft is " + ("missing" if got.cleft is None else "not asked for")
    if plan.swap:  # a place phrase after the object stays after the verb, in both
        src_frame, got_frame = (
            _place_with_verb(source, src_frame),
            _place_with_verb(realization, got_frame),
        )
    elif (
        plan.features.get("voice") == "passive"
    ):  # so does the verb's own phrase (hung on the wall, cured of ...)
        lemma = src_frame.predicate.lemma
        src_frame = _place_with_verb(source, src_frame, lemma)
        got_frame = _place_with_verb(realization, got_frame, lemma)
    if plan.features.get("voice") == "passive" and src_frame.predicate.voice == "active":
        src_frame = _prepositional_object(source, src_frame)
    want = core_arguments(source, src_frame)
    if plan.swap and "ARG0" in want and "ARG1" in want:
        want["ARG0"], want["ARG1"] = want["ARG1"], want["ARG0"]
    have = core_arguments(realization, got_frame)
    if plan.features.get("shorten"):
        # the shortened argument is meant to change, into a front part of itself (the head
        # noun phrase): "The man, the grey coat" is not a shortening of "The man in the grey coat"
        before, after = want.pop(plan.features["shorten"], None), have.get(plan.features["shorten"])
        if before and after:
            bw, aw = re.findall(r"[\w']+", before.lower()), re.findall(r"[\w']+", after.lower())
            if aw != bw[: len(aw)]:
                return f"{plan.features['shorten']} is {after!r}, not a front part of {before!r}"
    focus = target["cleft"]
    if focus == "SUBJ":
        focus = next((a.role for a in src_frame.arguments if a.function == "subj"), "ARG0")
    skip = {focus, got.cleft} if focus is not None else set()
    promoted = plan.features.get("promote") if plan.features.get("voice") == "passive" else None
    for role, phrase in want.items():
        if role in skip or not phrase or role not in have:
            continue  # an argument the analyzer does not find in the realization cannot be judged
        if role == promoted and phrase.startswith("to ") and have[role] == phrase[3:]:
            continue  # the recipient of "giving a sample to a customer" becomes the subject
        if "voice" in plan.features and role == "ARG2" and have[role] == f"to {phrase}":
            continue  # "gave the children sweets" -> "sweets were given to the children"
        if have[role] != phrase:
            return f"{role} is {have[role]!r}, expected {phrase!r}"
    if (
        not plan.swap
        and "voice" not in plan.features
        and target["cleft"] is None
        and src_frame.predicate.cleft is None
    ):
        # the same subject: the finite verb agrees with it as in the source ("A lot of people
        # rely ..." is not "Does a lot of people rely ...?")
        before, after = _finite(source, src_frame), _finite(realization, got_frame)
        if before and after and not _agreement(before) & _agreement(after):
            return (
                f"the verb agrees with another subject number ({before.text!r} -> {after.text!r})"
            )
    return keeps_order(source, plan, realization, src_frame, got_frame)


def declarative_of(question: str, source: Analysis) -> str | None:
    """The statement a polar question inverts, built with the source's subject: *Is a woman
    with sneakers sweeping out a shed?* -> *A woman with sneakers is sweeping out a shed.* A
    tagger often misreads the inverted form (the verb as a modifier of the subject); the
    statement is analyzed instead. The subject is the source's, or one of its core arguments
    (*Were the children given sweets by Grandma?*, a passive of *Grandma gave the children
    sweets.*). None where the question is not the first word, then such a phrase word for word,
    then the rest."""
    frame = source.main_frame
    subj = (
        next((a for a in frame.arguments if a.function == "subj"), None)
        if frame is not None
        else None
    )
    text = question.strip()
    if subj is None or not text.endswith("?") or " " not in text:
        return None
    first, rest = text.split(" ", 1)
    if not first.isalpha() and "'" not in first:
        return None
    # the question's subject: the source's, or the core argument a passive in the plan promoted
    others = [a for a in frame.arguments if a is not subj and a.role in ("ARG0", "ARG1", "ARG2")]
    for arg in [subj, *others]:
        subject = source.sentence.span_text(*arg.span)
        tail = rest[len(subject) + 1 :].rstrip("?").rstrip()
        if rest.lower().startswith(subject.lower() + " ") and tail:
            return f"{subject[:1].upper()}{subject[1:]} {first.lower()} {tail}."
    return None


# Subordinators of temporal and conditional clauses, which follow the main clause's sequence of
# tenses (*When the bell rang, the children ran out.*; *After the storm passes, they will ...*).
TEMPORAL_SUBORDINATORS = frozenset(
    {"when", "whenever", "after", "before", "until", "till", "once", "if", "unless", "as soon as"}
)


def temporal_clauses(analysis: Analysis, main: Frame) -> list[Frame]:
    """Finite temporal and conditional clauses that modify ``main`` (``advcl`` with a
    subordinator of :data:`TEMPORAL_SUBORDINATORS`), without a modal of their own."""
    tokens = analysis.sentence.tokens
    out = []
    for f in analysis.frames:
        if f is main or not f.finite or f.predicate.modality or not 0 <= f.verb < len(tokens):
            continue
        verb = tokens[f.verb]
        if verb.dep != "advcl":
            continue
        # *as soon as I get home*: the clause hangs on *soon*, an adverb of the main verb
        via = tokens[verb.head] if 0 <= verb.head < len(tokens) else None
        if verb.head != main.verb and not (
            via is not None and via.dep in ("advmod", "xcomp") and via.head == main.verb
        ):
            continue  # (*keeps crashing whenever I open it*: the clause hangs on the verb's complement)
        marks = [
            t for t in tokens if t.head == f.verb and t.dep in ("mark", "advmod") and t.i < f.verb
        ]
        if verb.head != main.verb and via is not None and via.dep == "advmod":
            marks = sorted(
                [
                    via,
                    *(t for t in tokens if t.head == via.i and t.dep == "advmod" and t.i < via.i),
                    *marks,
                ],
                key=lambda t: t.i,
            )
        words = (
            " ".join(t.text.lower() for t in tokens[marks[0].i : marks[-1].i + 1]) if marks else ""
        )
        if words in TEMPORAL_SUBORDINATORS or (
            marks and marks[0].text.lower() in TEMPORAL_SUBORDINATORS and len(marks) == 1
        ):
            out.append(f)
    return out


def _punctuation(analysis: Analysis):
    """The sentence's inner punctuation marks, counted (commas, semicolons, colons, dashes,
    parentheses); the final mark is the plan's business."""
    from collections import Counter

    tokens = analysis.sentence.tokens
    inner = tokens[:-1] if tokens and tokens[-1].text in (".", "?", "!") else tokens
    return Counter(t.text for t in inner if t.text in (",", ";", ":", "(", ")", "--", "—"))


def _prepositional_object(analysis: Analysis, frame: Frame) -> Frame:
    """``frame`` with the object of a prepositional verb of the lexicon as its ARG1 where it has
    none (:func:`english.prepositional_object`, as the surface realizer reads it): *looked
    after the twins* read as ``ARG0 V after ARG1``, the argument a passive promotes (*The twins
    were looked after by the nurse*). The analyzer reads it as a prepositional phrase."""
    found = (
        english.prepositional_object(analysis.sentence.tokens, frame)
        if frame.argument("ARG1") is None
        else None
    )
    if found is None:
        return frame
    prep, obj = found
    return dataclasses.replace(
        frame, arguments=tuple(a for a in frame.arguments if a.span[0] != prep) + (obj,)
    )


def _place_with_verb(analysis: Analysis, frame: Frame, lemma: str | None = None) -> Frame:
    """``frame`` with a place phrase at the end of its object (ARG1) counted outside it:
    ``swap`` leaves *in the water* of *paddling a canoe in the water* after the verb. With
    ``lemma``, only the verb's own phrase (:func:`english.verb_complement_cut`)."""
    obj = frame.argument("ARG1")
    if obj is None:
        cut = None
    elif lemma is not None:
        cut = english.verb_complement_cut(analysis.sentence.tokens, obj, lemma)
    else:
        cut = english.without_place_phrase(analysis.sentence.tokens, obj)
    if cut is None or cut is obj:
        return frame
    return dataclasses.replace(
        frame, arguments=tuple(cut if a is obj else a for a in frame.arguments)
    )


def _finite(analysis: Analysis, frame: Frame):
    """The first token of a frame's verb group that shows subject agreement, or None."""
    tokens = analysis.sentence.tokens
    for i in sorted(set(frame.verb_group) | {frame.verb}):
        if 0 <= i < len(tokens) and _agreement(tokens[i]):
            return tokens[i]
    return None


def _agreement(token) -> frozenset[str]:
    """The subjects (1sg, 3sg, 2, pl) a verb form agrees with; empty where it shows none (a
    past tense other than *be*, a modal, an untensed form)."""
    word = token.text.lower()
    if word in ("am", "'m"):
        return frozenset({"1sg"})
    if word in ("are", "'re", "were"):
        return frozenset({"2", "pl"})
    if word == "was":
        return frozenset({"1sg", "3sg"})
    if token.tag == "VBZ":
        return frozenset({"3sg"})
    if token.tag == "VBP":
        return frozenset({"1sg", "2", "pl"})
    return frozenset()


# -- what a backend supports (its contract: engine.contract) ----------------------------------
def value_name(value: Any) -> str:
    """How a feature value is written in ``supports``: ``none``, ``+``/``-``, else as is."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "+" if value else "-"
    return str(value)


def plan_features(plan: EditPlan) -> list[tuple[str, Any]]:
    """The plan's (feature, value) pairs, ``swap`` included."""
    out = [("swap", True)] if plan.swap else []
    return out + list(plan.features.items())


def unsupported(
    name: str, supports: frozenset[str], plan: EditPlan, reasons: dict[str, str] | None = None
) -> str | None:
    """Why a backend named ``name`` that realizes ``supports`` cannot take ``plan``, or None.

    ``reasons`` explains a feature (key ``feature`` or ``feature=value``) in the backend's terms.
    """
    for feature, value in plan_features(plan):
        written = f"{feature}={value_name(value)}"
        if feature in supports or written in supports:
            continue
        why = (reasons or {}).get(written) or (reasons or {}).get(feature)
        shown = feature if feature == "swap" else written
        return f"the {name} backend does not realize {shown}" + (f" ({why})" if why else "")
    return None
