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
- **the modal's meaning** (``rules/lexicon/modals.toml``): an edit is made only when it keeps
  the reading the modal has (*may not* as a ban never becomes *might not*);
- forms nobody writes: *be being* and *been being*, the progressive of a habitual statement
  (``habitual_adverbs.txt``, or *every* / *each* before a noun of ``time_nouns.txt``);
- **phrases a moved object would carry** that may be the verb's (*disclose information to
  third parties*, *develop resistance over time*).
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Sequence

from .. import english
from ..ir import Analysis, Frame, Token
from ..resources import rules_dir
from ..transforms import EditPlan
from .clauses import main_clause_tokens, temporal_clauses
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
_TIME_NOUNS = english.read_lexicon("time_nouns")


def verb_conjuncts(analysis: Analysis, main: Frame) -> list[Token]:
    """Verbs coordinated with the main verb that share its subject (no subject of their own):
    *makes* in *crushes ice and makes smoothies*."""
    return [t for t in _conjuncts(analysis, main) if not _has_subject(analysis, t)]


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
    if structural:
        edits = " and ".join(_NAMES[f] for f in structural)
        return (
            f"{what} and shares its subject: {edits} of the first alone would not be the "
            "sentence's, and of both would not mean the same"
        )
    if not any(f in feats for f in ALIKE):
        return None
    tokens = analysis.sentence.tokens
    verb = tokens[main.verb]
    auxiliaries = len(main.verb_group) > 1
    for c in conjuncts:
        aux = _own_auxiliaries(analysis, c)
        if aux or _form(c.tag, auxiliaries) != _form(verb.tag, auxiliaries):
            has = f"its own auxiliary '{aux[0].text}'" if aux else f"the form '{c.text}'"
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
    keys = [k for k in plan.features if k in (*TIME, "voice", "polarity")]
    asked = describe(plan).removeprefix("the sentence is already ")
    for c in _conjuncts(analysis, main):
        frame = frames.get(c.i)
        if frame is None:
            continue
        mine, _ = target_features(frame.predicate, plan)
        if any(frame.predicate.features()[k] != mine[k] for k in keys):
            return (
                f"the main clause is already {asked}, but the coordinated "
                f"'{phrase(analysis, c)}' is not; Seam does not edit one conjunct without the "
                "other"
            )
    return None


def conditional_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the perfect does not fit: the clause states what happens when or if something holds
    (*may leak if it is stored in a damp place*, *is loaded when the server starts*)."""
    if plan.features.get("perfect") is not True or main.predicate.perfect:
        return None
    for other in temporal_clauses(analysis, main):
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
    for k, i in enumerate(own[:-1]):  # every morning, each spring
        nxt = tokens[own[k + 1]].text.lower()
        if tokens[i].text.lower() in ("every", "each") and nxt.rstrip("s") in _TIME_NOUNS:
            found = found or f"{tokens[i].text} {tokens[own[k + 1]].text}"
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
    if (
        changed
        and target["progressive"]
        and target["voice"] == "passive"
        and (target["perfect"] or target.get("modality"))
    ):
        form = "been being" if target["perfect"] else "be being"
        return (
            f"a passive progressive with a modal or the perfect ('{form}') is not natural English"
        )
    return None


@functools.lru_cache(maxsize=1)
def modal_table() -> dict[str, dict[str, dict[str, bool | str]]]:
    """``rules/lexicon/modals.toml``: per modal, per edit, per reading, true or why not."""
    with open(rules_dir() / "lexicon" / "modals.toml", "rb") as fh:
        return tomllib.load(fh)


_PERSON_WORDS = frozenset(
    "i you we he she they everyone everybody anyone anybody someone somebody nobody".split()
)
_AGENT_SUFFIXES = ("er", "or", "ist", "ant", "ent", "ee", "ian", "ate", "eer")


def is_agent(analysis: Analysis, head: Token) -> bool:
    """Whether a subject's head names someone who acts: a personal pronoun, a person or
    institution noun (``person_nouns.txt``, ``agent_nouns.txt``), a person, organization or
    group name, or a noun with an agent suffix (*employees*, *candidates*, *drivers*)."""
    word = head.text.lower()
    lemma = head.lemma.lower() or word
    if word in _PERSON_WORDS or head.ent_type in ("PERSON", "ORG", "NORP", "GPE"):
        return True
    nouns = english.person_nouns() | _AGENT_NOUNS
    if lemma in nouns or word in nouns or head.tag == "NNP":
        return True
    return head.pos == "NOUN" and lemma.endswith(_AGENT_SUFFIXES) and lemma not in _THING_NOUNS


_AGENT_NOUNS = english.read_lexicon("agent_nouns")
_THING_NOUNS = english.read_lexicon("thing_nouns")


def modal_reading(analysis: Analysis, main: Frame) -> tuple[str, ...]:
    """The readings a modal clause can have: ``("epistemic",)`` when its verb is a state, a
    progressive or a perfect, or its subject does not act (:func:`is_agent`); ``("root",)``
    when its subject acts and its verb is an action; both for copular *be* with a subject who
    acts (*You must be careful* / *tired*). *can* states a capacity (root) of any subject
    unless its verb is one of happening (*can cause drowsiness*: ``modals.toml``'s
    ``[possibility]``)."""
    pred = main.predicate
    if pred.perfect or pred.progressive or pred.lemma in english.NO_PROGRESSIVE:
        return ("epistemic",)
    if (pred.modality or "").split()[0] == "can":  # a capacity, unless the verb is a happening
        possible = pred.lemma in modal_table()["possibility"]["verbs"]
        return ("epistemic",) if possible else ("root",)
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    tokens = analysis.sentence.tokens
    if subj is None or not 0 <= subj.head < len(tokens):
        return ("root", "epistemic")
    if not is_agent(analysis, tokens[subj.head]):
        return ("epistemic",) if pred.voice == "active" else ("root", "epistemic")
    if pred.lemma == "be" and pred.voice == "active":
        return ("root", "epistemic")
    return ("root",)


def modal_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the plan would change what the clause's modal means (``modals.toml``), or None."""
    modal = main.predicate.modality
    if not modal or "modality" in plan.features:
        return None
    entry = modal_table().get(modal.split()[0])
    if entry is None or "past" not in entry:
        return None
    feats = plan.features
    edits = []
    if feats.get("tense") in ("past", "fut"):
        edits.append(feats["tense"])
    if feats.get("perfect") is True and not main.predicate.perfect:
        edits.append("perfect")
    if feats.get("progressive") is True and not main.predicate.progressive:
        edits.append("progressive")
    if feats.get("force") == "ques" and main.predicate.force != "ques":
        edits.append("question")
    readings = modal_reading(analysis, main)
    for edit in edits:
        for reading in readings:
            verdict = entry.get(edit, {}).get(reading, True)
            if verdict is not True:
                how = "" if len(readings) == 1 else " (it can be read either way)"
                return f"the modal '{modal}' {verdict}{how}"
    return None


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
        inside = [x for x in tokens if x.head == t.i and x.dep == "pobj"]
        timely = bool(inside) and (
            inside[0].ent_type in ("DATE", "TIME")
            or inside[0].text.lower().rstrip("s") in _TIME_NOUNS
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


def coordinated_clause_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a tense or aspect edit cannot be carried into the main clauses coordinated with the
    main one alike: a clause whose tense and aspect differ from the main clause's (*We set up
    a calendar, and it has made a difference*) would come out in another time; and each
    coordinated clause must pass what the main clause passes (the modal's meaning, the perfect
    of a conditional statement, the progressive of a habit or a state, forms nobody writes)."""
    if not any(f in plan.features for f in TIME):
        return None
    frames = {f.verb: f for f in analysis.frames}
    keys = ("tense", "progressive", "perfect", "modality")
    mine = main.predicate.features()
    for c in clause_conjuncts(analysis, main):
        frame = frames.get(c.i)
        if frame is None:
            continue
        theirs = frame.predicate.features()
        if any(theirs[k] != mine[k] for k in keys):
            return (
                f"the coordinated clause '{phrase(analysis, c)}' is in another tense or aspect "
                "than the main clause; the same edit would not put both in the same time"
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
