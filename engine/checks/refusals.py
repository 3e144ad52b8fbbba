"""The refusals of the main clause that every backend shares, each a small function of a
:class:`Clause` (the clause a plan would edit, with what they read off it): the reason it may
not be edited, or None. :mod:`.table` gives each its code and its place in the order asked.

The English word lists they read are data files under ``rules/lexicon/`` (nearly negative
adverbs, negative words; the time adverbials and months of :mod:`.time`).

One module, over 400 lines: the refusals read off the clause alone stay beside the clause they
read (the refusals of an edit's reach, its meaning and what it moves live in :mod:`.scope`,
:mod:`.meaning` and :mod:`.moved`, the misread parses in :mod:`.closed`)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any

from .. import agreement, english
from ..ir import Analysis, Argument, Frame, Predicate, Token
from ..transforms import EditPlan
from .agents import measures_as_an_act
from .clauses import linked_clauses, main_clause_tokens
from .plan import target_features
from .sentences import (
    inverted_reporting,
    presentational,
    reporting_clause,
    several_clauses,
)
from .time import TIME_WORDS, present_time, time_conflict

# The English word lists, from rules/lexicon/ (each file says what its words are for).
NEGATIVE_ADVERBS = english.read_lexicon("nearly_negative_adverbs")
NEGATIVE_WORDS = english.read_lexicon("negative_words")


@dataclasses.dataclass
class Clause:
    """The main clause a plan would edit, with what the refusals read off it (each once)."""

    analysis: Analysis
    plan: EditPlan
    frame: Frame

    @property
    def pred(self) -> Predicate:
        return self.frame.predicate

    @property
    def f(self) -> Mapping[str, Any]:
        return self.plan.features

    @property
    def tokens(self) -> Sequence[Token]:
        return self.analysis.sentence.tokens

    @functools.cached_property
    def words(self) -> list[str]:
        return [t.text.lower() for t in self.tokens]

    @functools.cached_property
    def functions(self) -> dict[str, Argument]:
        return {a.function: a for a in self.frame.arguments}

    @functools.cached_property
    def own(self) -> list[int]:
        return main_clause_tokens(self.analysis, self.frame)

    def own_word(self, words) -> str | None:
        """The first word of the main clause's own tokens that is in ``words``, as written."""
        tokens = self.tokens
        return next((tokens[i].text for i in self.own if tokens[i].text.lower() in words), None)

    @functools.cached_property
    def infinitive(self):
        """A *to*-infinitive complement of the verb (*used to go*, *have to leave*), or None."""
        tokens, verb = self.tokens, self.frame.verb
        return next(
            (
                t
                for t in tokens
                if t.head == verb
                and t.dep == "xcomp"
                and any(g.head == t.i and g.dep == "aux" and g.text.lower() == "to" for g in tokens)
            ),
            None,
        )

    @property
    def moves(self) -> bool:
        """Whether the plan moves the object into the subject (passive, or a swap)."""
        return bool(
            self.plan.swap or (self.f.get("voice") == "passive" and self.pred.voice == "active")
        )


def cleft_of_an_expletive(c: Clause) -> str | None:
    if (cleft := c.f.get("cleft")) in ("SUBJ", "ARG0", "ARG1") and any(
        t.dep == "expl" or (t.dep == "nsubj" and t.text.lower() == "there") for t in c.tokens
    ):
        return f"cleft({cleft}): an expletive subject ('there', 'it') has no referent to focus"
    return None


def cleft_focus_without_referent(c: Clause) -> str | None:
    if (cleft := c.f.get("cleft")) is None:
        return None
    focus = next(
        (
            a
            for a in c.frame.arguments
            if (a.function == "subj" if cleft == "SUBJ" else a.role == cleft)
        ),
        None,
    )
    if focus is not None and focus.text.lower() in ("it", "there"):
        return (
            f"cleft({cleft}): the focus would be '{focus.text}', which has no referent to focus "
            "(weather or expletive 'it': *It is it that is snowing*)"
        )
    return None


def indefinite_focus_under_negation(c: Clause) -> str | None:
    """*I didn't speak a word of German*: an indefinite under a negation says there was none;
    clefted (*It was a word of German that I didn't speak*) it names one that there was."""
    cleft = c.f.get("cleft")
    if cleft is None or c.f.get("polarity", c.pred.polarity) != "neg":
        return None
    focus = next(
        (
            a
            for a in c.frame.arguments
            if (a.function == "subj" if cleft == "SUBJ" else a.role == cleft)
        ),
        None,
    )
    if focus is None or not focus.text:
        return None
    first = focus.text.split()[0].lower()
    if first in ("a", "an", "any", "one", "single") and c.pred.polarity == "neg":
        return (
            f"cleft({cleft}): '{focus.text}' under the negation says there is none; the cleft "
            "would name one that there is"
        )
    return None


def clause_edit_of_a_reporting_clause(c: Clause) -> str | None:
    if set(c.f) - {"tense", "progressive", "perfect", "shorten"}:
        return reporting_clause(c.analysis)
    return None


# The first halves of contracted negative operators as the tokenizer splits them (*wo|n't*).
_CONTRACTED_OPERATORS = frozenset({"wo", "ca", "sha", "ai"})


def tag_question(c: Clause) -> str | None:
    """*The library opens on Monday, doesn't it?*: a tag question answers the clause before it
    (its operator, its tense and its polarity, a pronoun for its subject); an edit of the
    clause would leave the tag answering a clause that is no longer there (*The library
    opened on Monday, doesn't it?*). Only a shortened argument leaves the tag as it is."""
    if not c.plan.swap and set(c.f) <= {"shorten"}:
        return None
    words = [t.text.lower() for t in c.tokens]
    if len(words) < 6 or words[-1] != "?":
        return None
    k = len(words) - 2  # the tag's pronoun
    if not (english.is_personal_pronoun(words[k]) or words[k] in ("it", "there", "one")):
        return None
    k -= 1 + (words[k - 1] in ("n't", "not"))
    if words[k] not in english.OPERATORS | _CONTRACTED_OPERATORS or words[k - 1] != ",":
        return None
    tag = c.analysis.sentence.span_text(k, len(words) - 1)
    return (
        f"the sentence ends in a tag question (', {tag}?') that answers the clause: its "
        "operator and polarity would have to change with the edit, and Seam does not rewrite "
        "the tag"
    )


def questioned_object_swap(c: Clause) -> str | None:
    """*What would you do ...?*: the questioned phrase is the object, and it opens the question;
    a swap would make it the subject and leave the question without its operator's place
    (*Would what do you ...?*)."""
    if not c.plan.swap:
        return None
    obj = c.functions.get("obj")
    if obj is None:
        return None
    start, end = obj.span
    first = next((t for t in c.tokens if t.text not in ("'", '"', "(")), None)
    # the wh-word opens the question and the object (not a relative pronoun inside it)
    if first is None or first.i != start or first.tag not in ("WP", "WDT", "WP$"):
        return None
    if c.tokens[-1].text != "?":
        return None
    return (
        f"the questioned phrase '{obj.text}' is the object and opens the question; a swap would "
        "make it the subject of a question built around it"
    )


def cleft_of_a_wh_question(c: Clause) -> str | None:
    """*Which word order does German require?* under a cleft: the questioned phrase would have
    to open the cleft (*Which word order is it that German requires?*), which the realizer does
    not build; put after *it is* it is not English (*Is it which word order that ...?*)."""
    words = c.words
    if c.f.get("cleft") is None or not words or words[-1] != "?":
        return None
    if words[0] not in english.WH_WORDS or c.tokens[0].tag not in ("WP", "WDT", "WP$"):
        return None  # (a wh-adverb, *Why would we ...?*, is another check's)
    return (
        f"'{c.tokens[0].text} ...?' is a wh-question: its cleft would open with the questioned "
        f"phrase ('{c.tokens[0].text} ... is it that ...?'), which the realizer does not build"
    )


def going_to_future(c: Clause) -> str | None:
    """*are going to climb*: *be going to* is a future, not a progressive of *go*; "already
    progressive" would be false, and its progressive (*are going to be climbing*) is not built."""
    if "progressive" not in c.f or c.pred.lemma != "go" or not c.pred.progressive:
        return None
    verb = c.frame.verb
    after = c.tokens[verb + 1 : verb + 3]
    if len(after) < 2 or after[0].text.lower() != "to" or after[1].tag != "VB":
        return None
    return (
        f"'{c.tokens[verb].text} to {after[1].text}' is the future 'be going to', not a "
        "progressive of 'go'; its progressive ('going to be ...ing') is not built"
    )


def sentence_shape(c: Clause) -> str | None:
    a = c.analysis
    # a tense edit reaches a clause joined by a semicolon or *, so* as a coordinated one
    time_only = set(c.f) <= {"tense"} and not c.plan.swap
    linked = frozenset(t.i for t in linked_clauses(a, c.frame)) if time_only else frozenset()
    return several_clauses(a, linked) or inverted_reporting(a) or presentational(a)


def no_subject(c: Clause) -> str | None:
    tokens, frame = c.tokens, c.frame
    if (
        "subj" not in {a.function for a in frame.arguments}
        and not agreement.imperative(tokens, frame)
        and tokens
        and tokens[-1].text != "?"
        and frame.finite
        and frame.clause == "main"
        and set(c.f) & {"tense", "polarity", "force", "modality", "progressive", "perfect", "cleft"}
    ):
        return (
            f"the parse finds no subject for the main verb '{tokens[frame.verb].text}' (a "
            "fragment, a set phrase such as 'thank God', or a misread), so there is no clause to "
            "edit"
        )
    return None


def nearly_negative(c: Clause) -> str | None:
    if (
        c.f.get("polarity") == "neg"
        and c.pred.polarity == "pos"
        and (adv := c.own_word(NEGATIVE_ADVERBS))
    ):
        return (
            f"the clause is already nearly negative through '{adv}'; '{'do not ' + adv.lower()} "
            "...' is not English, and negating it means rewording the adverb"
        )
    return None


def negative_word(c: Clause) -> str | None:
    if "polarity" in c.f and (neg := next((w for w in c.words if w in NEGATIVE_WORDS), None)):
        return f"the clause is negative through '{neg}', not through its verb: " + (
            "adding 'not' would make a double negative"
            if c.f["polarity"] == "neg"
            else "affirming it means replacing that word, which is not a polarity edit"
        )
    return None


def few_or_little_subject(c: Clause) -> str | None:
    """*Little is known about ...*, *Few people agree*: a subject of *few* or *little* (not *a
    few*) already makes the clause nearly negative; its negation (*Little is not known*) says
    something else, and its question (*Is little known ...?*) is not natural English."""
    subj = c.functions.get("subj")
    if subj is None or not ({"polarity", "force"} & set(c.f)):
        return None
    start, end = subj.span
    words = [t.text.lower() for t in c.tokens[start:end]]
    quantity = next((w for w in words[:1] if w in ("few", "little")), None)
    if quantity is None:
        return None
    if quantity == "little" and end - start > 1 and c.tokens[start + 1].tag != "NN":
        return None  # *little children*: the adjective of size, not a quantity (*little water*)
    return (
        f"the subject '{subj.text}' makes the clause nearly negative already; its negation or "
        "question would not keep what it says"
    )


def imperative(c: Clause) -> str | None:
    edits = set(c.f) & {"tense", "modality", "force", "progressive", "perfect", "voice", "cleft"}
    if edits == {"voice"} and c.f["voice"] == "active" == c.pred.voice and not c.plan.swap:
        return None  # *Press the seams open*: already active ("unchanged")
    if "subj" not in c.functions and c.tokens and agreement.imperative(c.tokens, c.frame) and edits:
        verb = c.tokens[c.frame.verb].text if 0 <= c.frame.verb < len(c.tokens) else "the verb"
        return (
            f"the sentence reads as an imperative ('{verb}' with no subject before it): an "
            "imperative has no subject to focus and no tense or mood to change"
        )
    return None


_ADJECTIVAL = english.read_lexicon("adjectival_participles")


def adjectival_participle(c: Clause) -> str | None:
    """*The dog is laid back*: a participle of state after 'be' without a by-phrase is an
    adjective; a voice edit would call it "already passive" or look for its agent."""
    if (
        "voice" not in c.f
        or c.pred.voice != "passive"
        or any(a.role == "ARG0" for a in c.frame.arguments)
    ):
        return None
    verb = c.tokens[c.frame.verb]
    after = c.tokens[verb.i + 1].text.lower() if verb.i + 1 < len(c.tokens) else ""
    said = next(
        (w for w in (f"{verb.text.lower()} {after}", verb.text.lower()) if w in _ADJECTIVAL),
        None,
    )
    if said is None:
        return None
    return (
        f"'{said}' describes a state here (an adjective after 'be'), not a passive: there is "
        "no voice to change"
    )


def exclamative(c: Clause) -> str | None:
    words = c.words
    second = c.tokens[1] if len(c.tokens) > 1 else None
    # *What a day!*, *How kind you are*: not a clause that *what* or *how* begins as its
    # subject (*What she said was true*, *How it works is a mystery*)
    exclaims = second is not None and (
        words[-1] == "!"
        or (words[0] == "what" and second.text.lower() in ("a", "an"))
        or (words[0] == "how" and second.pos in ("ADJ", "ADV"))
    )
    if (
        exclaims
        and words[0] in ("what", "how")
        and words[-1] != "?"
        and set(c.f) & {"polarity", "force", "voice", "cleft"}
    ):
        return (
            f"an exclamative ('{c.tokens[0].text} ...!') has no negation, question, voice or "
            "cleft of its own (*What a day it is not!*)"
        )
    return None


def declarative_of_a_wh_question(c: Clause) -> str | None:
    words = c.words
    if c.f.get("force") == "prop" and words and words[0] in english.WH_WORDS and words[-1] == "?":
        return (
            "a wh-question has no declarative counterpart: the questioned phrase has no value to "
            "restore"
        )
    return None


def polar_question_of_a_wh_question(c: Clause) -> str | None:
    """*Why does the dog bark?* under `question`: a question already, but not the yes/no
    question the edit asks for; "unchanged" would be false, and a wh-word has no yes/no
    counterpart."""
    words = c.words
    if not words or words[0] not in english.WH_WORDS or words[-1] != "?":
        return None
    if c.f.get("force") == "ques":
        return (
            f"'{c.tokens[0].text} ...?' is a wh-question; the edit asks for a yes/no question, "
            "which the questioned phrase has no form of"
        )
    if c.pred.force != "ques":  # *How many people came?*: the wh-word in the subject
        operator = next(
            (t for t in c.tokens[1:3] if t.tag == "MD" or t.dep in ("aux", "auxpass")), None
        )
        verb = c.tokens[operator.head] if operator is not None else None
        if operator is not None and verb is not None and verb.pos not in ("VERB", "AUX"):
            # *Why would a king commission a map ...?*: 'commission' read as a noun
            return (
                f"the parse does not read '{c.tokens[0].text} ...?' as a question: it finds no "
                f"verb after '{operator.text}' (it reads '{verb.text}' as a noun); the edit "
                "would end it as a statement"
            )
        return (
            f"the parse does not read '{c.tokens[0].text} ...?' as a question (its wh-word is "
            "in the subject, with no inversion); the edit would end it as a statement"
        )
    return None


def uncleft_of_an_expletive(c: Clause) -> str | None:
    words, tokens, pred = c.words, c.tokens, c.pred
    if (
        "cleft" in c.f
        and c.f["cleft"] is None
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
        return (
            "an expletive or raising 'it' (It is obvious that ...), not an it-cleft: there is no "
            "cleft to undo"
        )
    return None


def perfect_dated_by_since(c: Clause) -> str | None:
    if c.f.get("perfect") is False and c.pred.perfect and (since := c.own_word(("since",))):
        return (
            f"'{since}' dates the start of what the perfect describes ('has worked here since "
            "March'); without the perfect the sentence is not English"
        )
    return None


def progressive_of_a_state(c: Clause) -> str | None:
    pred = c.pred
    if c.f.get("progressive") is not True or pred.progressive:
        return None
    if pred.lemma in english.NO_PROGRESSIVE and not measures_as_an_act(c.analysis, c.frame):
        return f"the stative verb '{pred.lemma}' has no progressive"
    if pred.lemma == "be" and pred.voice == "active":
        return (
            "copular 'be' states a property or identity; its progressive ('is being unlikely') "
            "describes behaviour and would change the meaning"
        )
    return None


def had_better(c: Clause) -> str | None:
    tokens = c.tokens
    if any(
        tokens[k].text.lower() in ("'d", "had") and tokens[k + 1].text.lower() == "better"
        for k in range(len(tokens) - 1)
    ) and set(c.f) - {"shorten"}:
        return (
            "'had better' is a fixed modal idiom with no other tense, negation after its "
            "auxiliary or question form that Seam writes"
        )
    return None


def used_to(c: Clause) -> str | None:
    f, pred = c.f, c.pred
    if (
        pred.lemma == "use"
        and c.infinitive is not None
        and "obj" not in c.functions
        and pred.tense == "past"
        and (
            f.get("tense") in ("pres", "fut")
            or set(f) & {"modality", "progressive", "perfect", "voice"}
            or c.plan.swap
        )
    ):
        return (
            "'used to' is a past habit with no present, future, perfect, progressive or modal form "
            "(*will use to*, *might have used to* are not English)"
        )
    return None


def going_to(c: Clause) -> str | None:
    """*is going to leave* already states a future: its future (*will be going to*) and its
    perfect (*has been going to*) are not English."""
    f, pred = c.f, c.pred
    if not (pred.lemma == "go" and pred.progressive and c.infinitive is not None):
        return None
    if f.get("tense") == "fut" or (f.get("perfect") is True and not pred.perfect):
        edit = "future" if f.get("tense") == "fut" else "perfect"
        verb = c.tokens[c.frame.verb].text
        return f"'{verb} to' states a future already; its {edit} is not English"
    return None


def adverb_before_able(c: Clause) -> str | None:
    """*can't just walk in* under the future: *will not just be able to walk* moves *just*
    from the verb to *be able*, where it reads as 'merely'."""
    pred, tokens = c.pred, c.tokens
    if c.f.get("tense") != "fut" or (pred.modality or "").split()[:1] != ["can"]:
        return None
    first = min(c.frame.verb_group, default=c.frame.verb)
    adverb = next(
        (
            t
            for t in tokens
            if t.head == c.frame.verb
            and t.dep == "advmod"
            and first < t.i < c.frame.verb
            and t.text.lower() not in ("not", "n't", "never")
        ),
        None,
    )
    if adverb is None:
        return None
    return (
        f"'{adverb.text}' stands before the verb after 'can'; in the future 'will be able to' it "
        "would fall before 'be able' and change what it says"
    )


def comparison(c: Clause) -> str | None:
    reverses = c.f.get("voice") == "active" and c.pred.voice == "passive"
    tokens = c.tokens
    # *raised more money from small donors than any campaign*: the comparison may hang inside
    # the object, and moving the object would compare it with the campaign
    inside = any(
        tokens[i].text.lower() == "than"
        for a in c.frame.arguments
        if a.function in ("subj", "obj")
        for i in range(*a.span)
    )
    if (c.moves or reverses) and (c.own_word(("than",)) or inside):
        than = next(t.i for t in tokens if t.text.lower() == "than")
        said = " ".join(t.text for t in tokens[max(0, than - 2) : than + 2])
        return (
            f"the clause holds a comparison ('{said}'); moving the arguments could change what "
            "is compared"
        )
    return None


def negative_polarity_object(c: Clause) -> str | None:
    obj_ = c.functions.get("obj")
    if (
        c.moves
        and obj_ is not None
        and c.tokens[obj_.span[0]].text.lower() in english.NEGATIVE_POLARITY_ITEMS
    ):
        return (
            f"the object '{obj_.text}' is a negative polarity item; as a subject "
            f"('{obj_.text[:1].upper()}{obj_.text[1:]} is ...') it has no negation before it to "
            "license it"
        )
    return None


# Subjects that take no negation after them: *Somebody did not steal it* is not the negation of
# *Somebody stole it* (that is *Nobody stole it*)
_SOME_SUBJECTS = frozenset({"somebody", "someone", "something"})


def positive_polarity_subject(c: Clause) -> str | None:
    subj = c.functions.get("subj")
    if (
        c.f.get("polarity") == "neg"
        and c.pred.polarity == "pos"
        and subj is not None
        and c.tokens[subj.span[0]].text.lower() in _SOME_SUBJECTS
    ):
        first = c.tokens[subj.span[0]].text
        return (
            f"the subject '{subj.text}' takes no negation after it ('{first} ... did not' is not "
            "the sentence's negation; 'No...' would be, which Seam does not write)"
        )
    return None


def rhetorical_question(c: Clause) -> str | None:
    """*Why would I give up a job I love?* asks only to deny: negated, put under another modal
    or cleft, it asks in earnest or implies the opposite."""
    moves = c.plan.swap or c.f.get("voice", c.pred.voice) != c.pred.voice
    if not set(c.f) & {"polarity", "modality", "cleft"} and not moves:
        return None
    words = c.words
    subj = c.functions.get("subj")
    if (
        c.pred.force == "ques"
        and words[:1] == ["why"]
        and any(words[i] in ("would", "should") for i in c.frame.verb_group)
        and subj is not None
        and subj.text.lower() in ("i", "we")
    ):
        return (
            f"'Why {c.tokens[1].text} {subj.text} ...?' is a question asked only to deny; "
            "this edit would ask it in earnest or imply the opposite"
        )
    return None


def request(c: Clause) -> str | None:
    """*Can you grab some milk?*, *Could anyone explain why ...?*: a request, not a question
    about an ability; its past (*Could you grab ...?*) would read as the same request or ask
    about a past ability."""
    subj = c.functions.get("subj")
    if (
        c.pred.force != "ques"
        or subj is None
        or subj.text.lower() not in _ASKED
        or (c.pred.modality or "").split(" ")[0] not in ("can", "could", "will", "would")
    ):
        return None
    if c.f.get("tense") != "past":
        return None
    return (
        f"'{c.tokens[c.frame.verb_group[0]].text} {subj.text} ...?' asks someone to do "
        "something; its past would ask about a past ability instead"
    )


def measure_after_by(c: Clause) -> str | None:
    """*have been delayed by at least two hours*, *was cut by 10 percent*: a *by*-phrase of a
    passive that measures (a number of a unit or of time) names no doer; made active it would
    be the subject (*two hours have delayed all departures*)."""
    agent = c.functions.get("agent")
    if agent is None or c.pred.voice != "passive" or c.f.get("voice") != "active":
        return None
    inside = c.tokens[agent.span[0] : agent.span[1]]
    counted = any(t.tag == "CD" for t in inside)
    nouns = {(t.lemma or t.text).lower() for t in inside}
    if counted and nouns & (_MEASURES | TIME_WORDS):
        return (
            f"'{agent.text}' measures how much, and names no doer; the active would make "
            "it the subject"
        )
    return None


def means_after_by(c: Clause) -> str | None:
    """*is made by hand*, *was sent by post*: a *by*-phrase of a passive whose noun of means
    (``means_nouns.txt``) stands bare (no determiner or word of its own) says how, not who; made
    active or swapped it would be a subject (*Hand makes all of our pasta*)."""
    agent = c.functions.get("agent")
    if agent is None or c.pred.voice != "passive":
        return None
    if c.f.get("voice") != "active" and not c.plan.swap:
        return None
    tokens = c.tokens
    noun = next(
        (
            t
            for t in tokens[agent.span[0] : agent.span[1]]
            if t.dep == "pobj" and tokens[t.head].text.lower() == "by"
        ),
        None,
    )
    if noun is None or noun.tag != "NN" or any(t.head == noun.i for t in tokens):
        return None
    if noun.text.lower() not in _MEANS:
        return None
    return (
        f"'by {noun.text}' says how it was done (a bare noun after 'by'), not who did it; "
        "there is no doer to move"
    )


_MEANS = english.read_lexicon("means_nouns")
_MEASURES = english.read_lexicon("unit_nouns") | frozenset({"percent", "per", "cent", "%"})


def please_request(c: Clause) -> str | None:
    """*Could passenger Lopez please make her way to the desk?*: *please* makes the question a
    request; another modal (*Might ... please*), a statement (*... please could make her
    way*), a past, an aspect or a cleft (*Is it passenger Lopez who ...*) would no longer ask
    for anything."""
    if c.pred.force != "ques" or "please" not in c.words:
        return None
    f = c.f
    changes = [
        k for k in ("modality", "force", "tense", "perfect", "progressive", "cleft") if k in f
    ]
    if not changes or all(f[k] == c.pred.features().get(k) for k in changes):
        return None
    return "'please' makes the question a request; the edit would no longer ask for anything"


def perfect_of_a_will_question(c: Clause) -> str | None:
    """*Will the minister tell the House ...?*, *Can you send me the file?*: a question with
    *will* or *can* asks for an act or a forecast; its perfect (*Will the minister have told
    the House?*) asks whether it is done by a time, and without one (*by Friday*, *before*,
    *when ...*) reads as a guess about now."""
    if c.pred.force != "ques" or c.pred.perfect or c.f.get("perfect") is not True:
        return None
    modal = (c.pred.modality or "").split(" ")[0]
    if modal not in ("can", "could", "will", "would") and c.pred.tense != "fut":
        return None
    if any(w in ("by", "before", "when", "once", "until") for w in c.words):
        return None
    return (
        f"'{c.tokens[c.frame.verb_group[0]].text} ...?' asks for an act or a forecast; its "
        "perfect would ask what is done by a time the sentence does not give"
    )


def first_person_will_question(c: Clause) -> str | None:
    """*Will I call you when I get there?*: English asks the hearer about the speaker's own act
    with *Shall I*; a question made with *will* asks the hearer to foretell it."""
    subj = c.functions.get("subj")
    target, _ = target_features(c.pred, c.plan, periphrastic=True)
    if (
        subj is None
        or subj.text.lower() not in ("i", "we")
        or target.force != "ques"
        or c.pred.force == "ques"
        or (target.modality or "").split(" ")[0] != "will"
        and target.tense != "fut"
    ):
        return None
    return (
        f"'Will {subj.text} ...?' would ask the hearer to foretell the speaker's own act; "
        "English asks 'Shall I ...?', which Seam does not write"
    )


_ASKED = frozenset({"you", "anyone", "anybody", "someone", "somebody"})


def story_opening(c: Clause) -> str | None:
    """*Once upon a time, a poor woodcutter lived ...*: the opening of a tale that brings its
    hero in (with *live*, *be*, *dwell*, ...); negated, asked or clefted it introduces no one."""
    if c.words[:4] != ["once", "upon", "a", "time"] or c.pred.lemma not in _BEING:
        return None  # (*Once upon a time, a fox tricked a crow*: an event, edited as any)
    if not set(c.f) & {"polarity", "force", "cleft", "voice"} and not c.plan.swap:
        return None
    return (
        "'Once upon a time, ...' opens a tale by bringing someone in; negated, asked or moved "
        "it would bring in no one"
    )


_BEING = frozenset({"live", "be", "dwell", "reign", "exist", "rule", "stand"})


def apology_frame(c: Clause) -> str | None:
    """*Sorry, I can't make dinner tonight*: an apology that frames the statement after it;
    asked as a question (*Sorry, can't I make dinner ...?*) it apologises for nothing."""
    words = c.words
    if (
        len(words) > 1
        and words[0] in ("sorry", "apologies")
        and words[1] == ","
        and c.f.get("force", c.pred.force) == "ques"
        and c.pred.force != "ques"
    ):
        return (
            f"'{c.tokens[0].text}, ...' apologises for what the sentence states; as a question "
            "it would apologise for nothing"
        )
    return None


def pronoun_after_particle(c: Clause) -> str | None:
    """*so can you drop them off tomorrow?* swapped: the subject *you* would become an object
    after the particle (*drop off you*), where English puts a pronoun before it."""
    subj = c.functions.get("subj")
    particle = next((t for t in c.tokens if t.head == c.frame.verb and t.dep == "prt"), None)
    if not c.plan.swap or subj is None or particle is None:
        return None
    if not english.is_personal_pronoun(subj.text):
        return None
    return (
        f"the verb has the particle '{particle.text}'; the subject '{subj.text}' made its "
        "object is a pronoun, which would have to stand before the particle ('drop you off', "
        "not 'drop off you'), and the swap does not write it there"
    )


def unlicensed_ever_or_yet(c: Clause) -> str | None:
    pred, f = c.pred, c.f
    licensed_now = pred.polarity == "neg" or pred.force == "ques"
    licensed_after = (
        f.get("polarity", pred.polarity) == "neg" or f.get("force", pred.force) == "ques"
    )
    if licensed_now and not licensed_after and (npi := c.own_word(("ever", "yet"))):
        return (
            f"'{npi}' needs a negation or a question; the statement would not license it (*You "
            f"have {npi.lower()} been ...*)"
        )
    return None


def object_that_cannot_move(c: Clause) -> str | None:
    if not c.moves:
        return None
    pred, infinitive = c.pred, c.infinitive
    if pred.lemma == "have" and infinitive is not None and "obj" not in c.functions:
        verb = c.tokens[infinitive.i].text
        return (
            f"'have to' is a semi-modal: the object belongs to '{verb}', and its passive "
            f"('have to be {english.past_participle(english.verb_lemma(verb))}') is not built"
        )
    if pred.lemma in english.NO_OBJECT and not measures_as_an_act(c.analysis, c.frame):
        return (
            f"'{pred.lemma}' takes a measure or possession phrase, not an object that can be "
            "promoted or swapped"
        )
    obj = c.functions.get("obj")
    words = c.tokens[obj.span[0] : obj.span[1]] if obj is not None else []
    reflexive = next((t.text for t in words if t.text.lower() in english.REFLEXIVES), None)
    if reflexive is not None:
        return f"the object holds the reflexive '{reflexive}', which cannot be promoted or swapped"
    if pred.lemma == "be" and pred.voice == "active":
        return "copular 'be': the predicate nominal is not an object"
    return None


def time_adverbial(c: Clause) -> str | None:
    tense = c.f.get("tense") if c.f.get("tense") != c.frame.predicate.tense else None
    perfect = c.f.get("perfect") is True and not c.frame.predicate.perfect
    if why := present_time(c.analysis, c.frame, tense, perfect):
        return why
    if "tense" in c.f:
        return time_conflict(c.analysis, c.frame, c.f["tense"])
    return None
