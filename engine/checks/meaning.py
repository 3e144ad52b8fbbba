"""What an edit must not change in what the clause means: the reading of its modal
(``rules/lexicon/modals.toml``: *may not* as a ban never becomes *might not*, *must* as an
obligation never *must have*), performative formulae (*We regret to inform you*:
``performative_verbs.txt``), negation raised by a verb of opinion (*I don't think anyone
noticed*: ``neg_raising_verbs.txt``), formulae (*x = 3*), and what a negation would turn
against the sentence (a concession, a contrast after a comma, a question that brings news).

One module, over 400 lines: each check reads what the clause means through the same modal
table, readings of the subject and formula lists, and each is a few lines of them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from .. import english
from ..ir import Analysis, Frame, Token
from ..transforms import EditPlan
from .agents import subject_acts
from .clauses import depends_on, main_clause_tokens, temporal_clauses
from .plan import target_features
from .scope import phrase
from .states import possession as _possession
from .time import dates

_FORMULA_SIGNS = frozenset("= + < > ± × ÷ ≤ ≥".split())
_PERFORMATIVES = english.read_lexicon("performative_verbs")
_NEG_RAISING = english.read_lexicon("neg_raising_verbs")
_ATTITUDES = english.read_lexicon("attitude_formulae")
_EPISTEMIC_ADVERBS = english.read_lexicon("epistemic_adverbs")
_POSITIVE_ADVERBS = english.phrase_pattern("positive_adverbs")
_SPEAKER = english.read_lexicon("speaker_adverbs")
_SPEAKER_PHRASES = english.read_lexicon("speaker_phrases")
# Words of a subject that speak of all of a kind: under a negation, *All staff do not ...* is
# read as none or as not all.
_UNIVERSAL = frozenset({"all", "every", "each", "everyone", "everybody", "everything", "both"})


def adverb_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why an adverb of the main clause does not survive the edit: one of how sure the speaker
    is (``epistemic_adverbs.txt``) in a question (*Did the team probably lose?*), one with which
    the speaker comments (``speaker_adverbs.txt``) before the verb of a question (*Luckily did
    the bus ...?*), one before a negated verb in a question (*still hasn't*); *still*
    under negation (its negation is *no longer*, a rewording) or the perfect; an *until*
    phrase or clause under negation (*did not live here until 1961* says when it began, not
    that it did not happen); a question or statement of a sentence that ends inside a
    quotation (*... say, "You need to see this."*)."""

    tokens = analysis.sentence.tokens
    own = main_clause_tokens(analysis, main)
    words = _words_of(tokens, own)
    feats = plan.features
    if feats.get("force") == "ques" and main.predicate.force != "ques":
        if why := _question_adverb(analysis, main, own, words):
            return why
    first = min(main.verb_group or (main.verb,))
    adds_aux = feats.get("tense") == "fut" or any(
        feats.get(k) not in (None, False) and feats.get(k) != getattr(main.predicate, k)
        for k in ("modality", "perfect", "progressive")
    )
    if (
        adds_aux
        and first >= 2
        and [t.text.lower() for t in tokens[first - 2 : first]]
        == [
            "no",
            "longer",
        ]
    ):  # *Dark mode no longer resets*: *will no longer reset*, which the realizer does not write
        return "'no longer' would have to follow the new auxiliary, which the realizer does not do"
    if feats.get("perfect") is True and not main.predicate.perfect and "still" in words:
        return "'still' with the perfect ('have still brought') is not natural English"
    if feats.get("force") in ("ques", "prop") and feats["force"] != main.predicate.force:
        last = [t.text for t in tokens[-2:]]
        if len(last) == 2 and last[0] in (".", "!", "?") and last[1] in ('"', "'", "”", "’"):
            return (
                "the sentence ends inside a quotation; its new final mark would stand after "
                "the quotation's own"
            )
    if feats.get("polarity") == "neg" and main.predicate.polarity == "pos":
        found = next((w for w in words if w in _EPISTEMIC_ADVERBS), None)
        if found:
            return (
                f"'{words[found]}' says how sure the speaker is; it stays outside the "
                "negation ('probably did not'), which the realizer does not move it to"
            )
        if "still" in words:
            return "negating 'still ...' needs 'no longer', a rewording rather than a negation"
        subj = next((a for a in main.arguments if a.function == "subj"), None)
        every = next(
            (
                tokens[i]
                for i in range(*(subj.span if subj is not None else (0, 0)))
                if tokens[i].text.lower() in _UNIVERSAL
            ),
            None,
        )
        if every is not None:
            return (
                f"with '{every.text}' in the subject, a negation is read two ways ('{every.text} "
                "... do not' = none, or not all); the sentence's negation needs a rewording"
            )
        text = " ".join(tokens[i].text.lower() for i in own)
        # (a negative question keeps them: *Hadn't they largely ignored it?*)
        question = plan.features.get("force", main.predicate.force) == "ques"
        if not question and (m := _POSITIVE_ADVERBS.search(text)):
            return (
                f"'{m.group()}' cannot stand under the negation ('did not {m.group()} ...'); "
                "negating the sentence needs a rewording"
            )
        only = [
            t
            for t in tokens
            if t.text.lower() == "only"
            and t.i >= (subj.span[0] if subj is not None else 0)  # (*This weekend only, ...*)
            and not (t.i + 1 < len(tokens) and tokens[t.i + 1].tag == "CD")  # *only twelve*
            and (
                t.i in own  # *Only members can vote*, *opens only on Sundays*
                or (t.i + 1 < len(tokens) and tokens[t.i + 1].dep == "mark")  # *only if ...*
            )
        ]
        if only:
            return (
                "'only' under the negation is read as 'not only', another claim; negating the "
                "sentence needs a rewording"
            )
        if why := _negation_against_clause(analysis, main) or _negated_reason(analysis, main):
            return why
        if (
            "until" in words
            or "till" in words
            or any(
                t.text.lower() in ("until", "till")
                and 0 <= t.head < len(tokens)
                and (t.head in own or tokens[t.head].head in own)
                for t in tokens
            )
        ):
            return (
                "with 'until', the negation would say when it began ('did not ... until'), "
                "not that it did not happen"
            )
    return None


def _words_of(tokens: Sequence[Token], own: list[int]) -> dict[str, str]:
    """The words at ``own`` and each two of them in a row (*of course*), lowercased, to their
    spelling in the sentence."""
    words = {tokens[i].text.lower(): tokens[i].text for i in own}
    for i in own:
        if i + 1 in own:
            pair = f"{tokens[i].text} {tokens[i + 1].text}"
            words.setdefault(pair.lower(), pair)
    return words


def _question_adverb(
    analysis: Analysis, main: Frame, own: list[int], words: dict[str, str]
) -> str | None:
    """Why a yes/no question cannot keep a word of the statement (see :func:`adverb_refusal`)."""
    tokens = analysis.sentence.tokens
    found = next((w for w in words if w in _EPISTEMIC_ADVERBS), None)
    if found:
        return f"'{words[found]}' says how sure the speaker is; a yes/no question cannot keep it"
    said = next(
        (tokens[i] for i in own if i < main.verb and tokens[i].text.lower() in _SPEAKER),
        None,
    )
    if said is not None:
        return (
            f"with '{said.text}' the speaker comments on a statement; a yes/no question "
            "cannot keep it before its verb"
        )
    opening = " ".join(t.text.lower() for t in tokens[: main.verb])
    framed = next((p for p in _SPEAKER_PHRASES if opening.startswith(p + " ,")), None)
    if framed is not None:
        said_as = " ".join(t.text for t in tokens[: len(framed.split())])
        return (
            f"'{said_as}' frames a statement as the speaker's opinion; a yes/no question "
            "cannot keep it"
        )
    before = next(
        (
            tokens[i]
            for i in own
            if tokens[i].dep == "advmod"
            and tokens[i].head == main.verb
            and i < min(main.verb_group or (main.verb,))
        ),
        None,
    )
    if main.predicate.polarity == "neg" and before is not None:
        return (
            f"'{before.text}' stands before the negated verb; in the question it would have "
            f"to follow the subject with the negation ('{before.text} not'), which the "
            "realizer does not write"
        )
    return None


# Subordinators whose clause concedes or gives a reason against or for the main clause's
# event: negating the main clause turns the concession or the reason against it.
_AGAINST = frozenset({"although", "though", "even though", "even if", "whereas", "as", "since"})


def _negation_against_clause(analysis: Analysis, main: Frame) -> str | None:
    """Why negating the main clause would not fit a clause that leans on it: a concession or a
    reason (*will reopen in March, although several galleries remain closed*; *bring
    comfortable shoes, as the tour covers six kilometres*), or a relative clause set off by a
    comma that tells more of an indefinite phrase (*digs a den, where she gives birth*: a den
    that, negated, is not there)."""

    tokens = analysis.sentence.tokens
    contrast = next(
        (
            t
            for t in tokens
            if t.text.lower() == "not"
            and t.i > 0
            and tokens[t.i - 1].text == ","
            and t.i not in main.verb_group
        ),
        None,
    )
    if contrast is not None:  # *wanted viewers to stand close, not to admire them from afar*
        return (
            f"', not {tokens[contrast.i + 1].text if contrast.i + 1 < len(tokens) else ''} ...' "
            "sets what the sentence says against what it does not; negated, the contrast "
            "would turn against itself"
        )
    for f in temporal_clauses(analysis, main, _AGAINST, modals=True):
        marks = {t.text.lower() for t in tokens if t.head == f.verb and t.dep == "mark"}
        if marks <= {"as", "since"} and f.verb < main.verb:
            continue  # *As he stepped across the threshold, ...*: a time, not a reason
        return (
            f"the clause '{phrase(analysis, tokens[f.verb])}' concedes or gives a reason for "
            "the main clause's event; negated, the sentence would turn it against itself"
        )
    for t in tokens:
        if t.dep != "relcl" or not 0 < t.head < len(tokens):
            continue
        noun = tokens[t.head]
        first = min((x.i for x in tokens if x.head == t.i and x.i < t.i), default=t.i)
        comma = first > 0 and tokens[first - 1].text == ","
        chain = [noun.i]  # *a den in the snow, where ...*: the phrase the clause hangs in
        while tokens[chain[-1]].dep == "pobj" and tokens[tokens[chain[-1]].head].dep == "prep":
            chain.append(tokens[tokens[chain[-1]].head].head)
        indefinite = next(  # *a den*, *some roses*, *six novels, two of which ...*
            (
                tokens[x.head]
                for x in tokens
                if x.head in chain
                and (
                    (x.dep == "det" and x.text.lower() in ("a", "an", "some"))
                    or (x.dep == "nummod" and x.i < x.head)
                )
            ),
            None,
        )
        if comma and indefinite is not None and depends_on(tokens, noun.i, main.verb):
            return (
                f"the clause '{phrase(analysis, t)}' tells more of '{phrase(analysis, indefinite)}'"
                ", which the negation would say is not there"
            )
    return None


def _negated_reason(analysis: Analysis, main: Frame) -> str | None:
    """Why a negation cannot go before a *because*-clause that follows the main clause: it is
    read two ways, *did not miss the train* (because ...) or *missed it, but not because* ...
    (the natural reading where the event plainly happened), and the sentence cannot say
    which."""

    tokens = analysis.sentence.tokens
    for f in temporal_clauses(analysis, main, _REASON, modals=True):
        if f.verb > main.verb:
            return (
                f"a negation before the clause '{phrase(analysis, tokens[f.verb])}' is read two "
                "ways (it did not happen, or it happened for another reason); the sentence "
                "cannot say which"
            )
    return None


def question_reason_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a yes/no question cannot keep a *because*-clause set off by a comma after it: the
    clause gives the writer's reason for a statement, and stays an assertion beside the question
    (*Should you book early, because the tours sell out?*); a negative question (*Don't we
    accept ..., because we cannot ...?*) would ask for agreement with the opposite. Without
    the comma the reason is part of what is asked (*Did we cancel it because it rained?*)."""
    feats = plan.features
    if feats.get("force") != "ques" or main.predicate.force == "ques":
        return None
    negative = feats.get("polarity", main.predicate.polarity) == "neg"

    tokens = analysis.sentence.tokens
    for f in temporal_clauses(analysis, main, _REASON, modals=True):
        first = min((t.i for t in tokens if t.head == f.verb and t.dep == "mark"), default=0)
        if f.verb > main.verb and first > 0 and tokens[first - 1].text == ",":
            return (
                f"the clause '{phrase(analysis, tokens[f.verb])}', set off by a comma, gives the "
                "reason for a statement; "
                + (
                    "a negative question would ask for agreement against it"
                    if negative
                    else "beside a question it would still assert a reason for what is asked"
                )
            )
    return None


_REASON = frozenset({"because"})


@functools.lru_cache(maxsize=1)
def modal_table() -> Mapping[str, Any]:
    """``rules/lexicon/modals.toml``: per modal, per edit, per reading, true or why not."""
    return english.read_table("modals")


def modal_reading(analysis: Analysis, main: Frame) -> tuple[str, ...]:
    """The readings a modal clause can have: ``("epistemic",)`` when its verb is a state, a
    progressive or a perfect, or its subject does not act (:func:`is_agent`); ``("root",)``
    when its subject acts and its verb is an action; both for copular *be* with a subject who
    acts (*You must be careful* / *tired*). *can* states a capacity (root) of any subject
    unless its verb is one of happening (*can cause drowsiness*: ``modals.toml``'s
    ``[possibility]``). *should* and *must* with a subject that does not act are read either
    way (*An emergency fund should cover three months* is advice), and a modal of *have* of
    possession is epistemic (*may have kidney disease*)."""
    pred = main.predicate
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    tokens = analysis.sentence.tokens
    acts = subject_acts(analysis, main)
    if pred.perfect or pred.progressive or pred.lemma in english.NO_PROGRESSIVE:
        return ("epistemic",)
    if _possession(analysis, main) is not None:  # *may have kidney disease*: a state
        return ("epistemic",)
    if (pred.modality or "").split()[0] == "can":  # a capacity, unless the verb is a happening
        possible = pred.lemma in modal_table()["possibility"]["verbs"]
        return ("epistemic",) if possible else ("root",)
    if subj is None or not 0 <= subj.head < len(tokens):
        return ("root", "epistemic")
    if not acts:
        # *An emergency fund should cover three months*: advice or a rule about a thing is
        # still advice, beside the guess (*The parcel should arrive today*)
        norm = (pred.modality or "").split()[0] in ("should", "must")
        return ("epistemic",) if pred.voice == "active" and not norm else ("root", "epistemic")
    if pred.lemma == "be" and pred.voice == "active":
        return ("root", "epistemic")
    return ("root",)


def suggestion_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why *you could ...* / *we might ...* (a suggestion, with nothing that dates it in the
    past) cannot be negated or asked: *you could not leave the car at home* says it is not
    possible, and *could you leave the car at home?* is a request, not the suggestion."""
    pred, feats = main.predicate, plan.features
    if (pred.modality or "").split()[:1] not in (["could"], ["might"]) or pred.force != "prop":
        return None  # (*Could you send me a photo?* is a request already)
    negated = feats.get("polarity") == "neg" and pred.polarity == "pos"
    asked = feats.get("force") == "ques" and pred.force != "ques"
    if not (negated or asked):
        return None
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if subj is None or subj.text.lower() not in ("you", "we"):
        return None

    if dates(analysis, main)[0] is not None:
        return None  # *In 1990 you could buy a house for ...*: a past ability
    edit = "its negation would say it is not possible" if negated else "its question is a request"
    return f"'{subj.text.lower()} {pred.modality}' makes a suggestion here; {edit}"


# Modals of possibility: one of them in place of a modal of advice makes the advice a guess.
_POSSIBILITY_MODALS = frozenset({"might", "may", "could"})


def _modal_edits(main: Frame, plan: EditPlan) -> list[str]:
    """The keys of ``modals.toml`` the plan asks of the clause's modal."""
    feats, pred = plan.features, main.predicate
    edits = []
    if "modality" in feats:  # modal(...): another modal in its place
        edits.append("replace")
        if feats["modality"] in _POSSIBILITY_MODALS:
            edits.append("weaken")
    elif feats.get("tense") in ("past", "fut"):
        edits.append(feats["tense"])
    if feats.get("perfect") is True and not pred.perfect:
        edits.append("perfect")
    if feats.get("progressive") is True and not pred.progressive:
        edits.append("progressive")
    if feats.get("force") == "ques" and pred.force != "ques":
        edits.append("question")
    if feats.get("polarity") == "neg" and pred.polarity == "pos":
        edits.append("negate")
    return edits


def modal_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the plan would change what the clause's modal means (``modals.toml``), or None."""
    modal = main.predicate.modality
    if not modal:
        return None
    entry = modal_table().get(modal.split()[0])
    if entry is None or "past" not in entry:
        return None
    feats = plan.features
    if "modality" in feats and feats["modality"] in (None, modal):
        return None
    edits = _modal_edits(main, plan)
    if (
        modal.split()[0] == "must"
        and main.predicate.polarity == "neg"
        and set(edits) & {"past", "fut", "replace"}
    ):  # *must not be weaned*: *will not have to* / *might not have to* say nothing is owed
        form = (
            "'did not have to' (the negation of 'had to')"
            if "past" in edits
            else "'will not have to'"
            if "fut" in edits
            else "'might not have to'"
        )
        return f"'{modal} not' states a ban; {form} would say there is no obligation instead"
    if modal.split()[0] == "must" and main.predicate.polarity == "neg" and "question" in edits:
        # *Must you not let bitterness take root?* asks for agreement that one must
        return (
            f"'{modal} not' states a ban; its question ('Must ... not ...?') would ask the opposite"
        )
    wish = (
        modal.split()[0] in ("would", "'d")
        and main.predicate.lemma in (modal_table()["wish"]["verbs"])
    )
    if wish and set(edits) & {"past", "fut", "perfect", "progressive", "replace"}:
        return (  # *Would you like to add a side?*: not *Will you like*, *Would you have liked*
            f"the modal '{modal}' with '{main.predicate.lemma}' states a wish politely, about "
            "now; the edit would lose the wish"
        )
    condition = _condition_of(analysis, main) if modal.split()[0] in ("would", "'d") else None
    if condition is not None and set(edits) & {"past", "fut", "perfect"}:
        mark, verbless = condition
        if set(edits) & {"past", "perfect"} or not verbless:
            return (  # *If successful, the project would provide ...*: no past of *will*
                f"the modal '{modal}' states what the condition '{mark} ...' would bring; it is "
                "no past of 'will', and its tense or perfect would change the condition"
            )
    readings = modal_reading(analysis, main)
    if "weaken" in edits and main.predicate.perfect and modal.split()[0] in ("should", "ought"):
        if subject_acts(analysis, main):
            return (  # *The tribunal should have considered it*: not *might have considered*
                f"'{modal} have' reproaches a deed not done; a modal of possibility in its place "
                "would make it a guess about the past"
            )
    for edit in edits:
        if edit == "fut" and condition is not None and condition[1]:
            continue  # *If successful, the project will provide ...*: the condition holds
        for reading in readings:
            verdict = entry.get(edit, {}).get(reading, True)
            if verdict is not True:
                how = "" if len(readings) == 1 else " (it can be read either way)"
                return f"the modal '{modal}' {verdict}{how}"
    return None


def _news_question(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """*Did you know that the club was founded in 1952?*, *Have you heard that ...?*: a question
    that brings news, not one about what the hearer knows; a modal, an aspect, a cleft or a
    voice change would ask about that instead (*Might you have known ...?*)."""
    pred = main.predicate
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    tokens = analysis.sentence.tokens
    if (
        pred.force != "ques"
        or subj is None
        or subj.text.lower() != "you"
        or pred.lemma not in ("know", "hear", "realize", "realise", "remember", "notice")
        or not any(t.head == main.verb and t.dep == "ccomp" for t in tokens)
    ):
        return None
    feats = plan.features
    if not (set(feats) & {"modality", "progressive", "perfect", "cleft", "voice"} or plan.swap):
        return None
    return (
        f"'{tokens[0].text} you {tokens[main.verb].text} ...?' brings news in the clause after it; "
        "this edit would ask about what the hearer knows instead"
    )


def formula_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the clause is a formula the edit would break: a mathematical formula (*x = 3*) under
    an edit that moves its parts or its verb's aspect; a
    performative (*We regret to inform you ...*: ``performative_verbs.txt``), which does what
    it says only as it is (present, affirmative, plain); a negated verb of opinion with a
    first-person subject and a clause (*I don't think anyone noticed*:
    ``neg_raising_verbs.txt``), whose negation belongs to the clause it governs; a first-person
    attitude formula framing a clause (*I hope this letter finds you well*, *I'm afraid I
    cannot come*: ``attitude_formulae.txt``)."""
    tokens = analysis.sentence.tokens
    feats = plan.features
    moves = plan.swap or any(f in feats for f in ("voice", "cleft", "progressive"))
    if any(t.text in _FORMULA_SIGNS for t in tokens) and moves:
        sign = next(t.text for t in tokens if t.text in _FORMULA_SIGNS)
        return f"the sentence holds a formula (with '{sign}'), which the parse does not read"
    pred = main.predicate
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    target, reason = target_features(pred, plan)
    if reason is None and target == pred and not plan.swap:
        return None  # nothing changes: "unchanged" is true
    if why := _news_question(analysis, main, plan):
        return why
    if subj is None or subj.text.lower() not in ("i", "we"):
        return None
    edits = [f for f in feats if f not in ("shorten",)] + (["swap"] if plan.swap else [])
    if pred.lemma in _PERFORMATIVES and pred.tense == "pres" and edits:
        return (
            f"'{subj.text} {tokens[main.verb].text} ...' is a performative formula: it does what "
            "it says only as it is, in the plain present"
        )
    clause = any(t.head == main.verb and t.dep in ("ccomp", "xcomp") for t in tokens)
    attitude = pred.lemma in _ATTITUDES or any(
        t.head == main.verb and t.dep == "acomp" and t.text.lower() in _ATTITUDES for t in tokens
    )
    framed = clause or any(
        t.dep == "ccomp" and 0 <= t.head < len(tokens) and tokens[t.head].head == main.verb
        for t in tokens
    )
    opinion = pred.lemma in _NEG_RAISING and clause and pred.polarity == "pos"
    if (
        opinion
        and any(f in feats for f in ("progressive", "perfect", "modality", "force"))
        or (opinion and feats.get("tense") == "fut")
    ):
        return (
            f"'{subj.text} {tokens[main.verb].text} ...' gives an opinion on the clause after it; "
            "its future, aspect, modal or question is not how English says an opinion"
        )
    if attitude and framed and pred.tense == "pres" and not pred.perfect and edits:
        verb = tokens[main.verb].text
        said = f"{subj.text}{verb}" if verb.startswith("'") else f"{subj.text} {verb}"
        return (
            f"'{said} ...' frames the clause after it as a polite "
            "formula (I hope ..., I'm afraid ...); edited, it would report a feeling instead"
        )
    if clause and pred.lemma in _NEG_RAISING and pred.polarity == "neg" and edits:
        group = " ".join(tokens[i].text for i in main.verb_group).replace(" n't", "n't")
        return (
            f"'{subj.text} {group}' negates the "
            f"clause it governs ('{pred.lemma}' raises the negation); the edit would change an "
            "opinion into a report"
        )
    return None


def _condition_of(analysis: Analysis, main: Frame) -> tuple[str, bool] | None:
    """The subordinator of a condition on the clause (*If successful, ...*, *... unless it
    rained*) and whether the condition has no verb of its own (*If successful*: its future
    *will provide* keeps it), or None."""
    tokens = analysis.sentence.tokens
    for t in tokens:
        if t.dep != "mark" or t.text.lower() not in ("if", "unless"):
            continue
        head = tokens[t.head] if 0 <= t.head < len(tokens) else None
        if head is None:
            continue
        if head.i == main.verb or (head.dep == "advcl" and head.head == main.verb):
            return t.text, head.i == main.verb or head.pos not in ("VERB", "AUX")
    return None
