"""The closed world: an edit is made only where the parse accounts for the words it concerns.

A dependency parse attaches every word somewhere, but some attachments say that the parser could
not decide: a second root (the sentence read as two), the catch-all relation ``dep``, a phrase
after a relative clause that may end that clause or modify the main verb. And some words sit in
a slot the realizer has no rule for: a clause set off by a comma that comments on the whole
sentence (*..., which helps cover the mortgage*), an imperative joined to a statement (*..., so
ask for the raise*). Each check here names such a word and refuses the edits it would break;
none guesses.
"""

from __future__ import annotations

from .. import english
from ..english import descends
from ..ir import Analysis, Frame, Token
from ..transforms import EditPlan
from .scope import phrase
from .time import TIME_NOUNS, names_its_time

_PUNCT = (",", ".", "!", "?", ";", ":", "-", "--", "—", "–", '"', "'", "(", ")")
# Relations that leave a phrase where the parser put it only for want of a better one.
_UNSETTLED = ("dep", "meta", "dislocated")


def moved_functions(main: Frame, plan: EditPlan) -> tuple[str, ...]:
    """The functions of the main clause's arguments that the plan moves: subject and object
    (and agent) under a voice change or a swap, the focus of a cleft."""
    voice = plan.features.get("voice")
    if plan.swap or (voice is not None and voice != main.predicate.voice):
        return ("subj", "obj", "agent")
    cleft = plan.features.get("cleft")
    if cleft:
        return ("subj",) if cleft == "SUBJ" else ("obj", "agent")
    return ()


def moves(main: Frame, plan: EditPlan) -> bool:
    """Whether the plan moves an argument of the main clause: a voice change, a swap, a cleft."""
    return bool(moved_functions(main, plan))


# A finite verb's tags, and the functions of a noun phrase's words: a finite verb in one of
# them is a misread (*and the wheat bends low*: 'bends' the subject of 'low').
_FINITE_TAGS = frozenset({"VBZ", "VBD", "VBP", "MD"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj", "expl"})
_NOMINAL_DEPS = frozenset(
    {"nsubj", "nsubjpass", "dobj", "pobj", "compound", "amod", "attr", "appos", "poss"}
)


def unsettled_parse(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the parse does not settle the sentence's structure: it has a second root (the words
    after it are no part of the main clause: *It rained all afternoon, so Leo and I stayed in*),
    a finite verb or a complementizer *that* in a noun's place (*and the wheat bends low*), a
    subject of a noun or a second subject (*The indicator light turns*: 'indicator' the subject
    of 'light'), or a phrase of the main verb is attached by the catch-all ``dep`` (*closed the
    library, the pool and the park*), which an edit that moves an argument could split."""
    tokens = analysis.sentence.tokens
    roots = [t for t in tokens if t.head == t.i and t.text not in _PUNCT]
    if len(roots) > 1:
        other = next(t for t in roots if t.i != _root_of(tokens, main.verb))
        return (
            f"the parse reads the sentence as two (a second root, '{other.text}'); the edit "
            "would reach only one of them"
        )
    misread = next(
        (
            t
            for t in tokens
            if (t.tag in _FINITE_TAGS or (t.tag == "IN" and t.text.lower() == "that"))
            and t.dep in _NOMINAL_DEPS
            and t.i != main.verb
        ),
        None,
    )
    if misread is not None:
        return (
            f"the parse tags '{misread.text}' as a verb or a conjunction but gives it a noun's "
            f"place ('{misread.dep}' of '{tokens[misread.head].text}'); what its clause is "
            "stays unsettled"
        )
    for t in tokens:
        subjects = [x for x in tokens if x.head == t.i and x.i != t.i and x.dep in _SUBJECTS]
        if len(subjects) > 1 or (subjects and t.pos in ("NOUN", "PROPN")):
            return (
                f"the parse gives '{t.text}' a subject ('{subjects[0].text}') it cannot have "
                "(a noun's, or a second one); one of the two is likely part of the other's phrase"
            )
    if not moves(main, plan):
        return None
    for a in main.arguments:
        start, end = a.span
        merged = next(
            (
                t
                for t in tokens[start:end]
                if t.dep == "compound" and any(x.head == t.i and x.dep == "det" for x in tokens)
            ),
            None,
        )
        if a.function in ("subj", "obj") and merged is not None:
            return (
                f"the parse makes '{merged.text}', a noun with its own determiner, part of "
                f"'{a.text}'; it may be a phrase of its own, and moving it could merge the two"
            )
    functions = moved_functions(main, plan)
    for t in tokens:
        side = "obj" if t.i > main.verb else "subj"  # the argument it may belong to
        if (
            t.head == main.verb
            and t.dep in _UNSETTLED
            and t.text not in _PUNCT
            and side in functions
        ):
            return (
                f"the parse does not settle what '{phrase(analysis, t)}' belongs to (it "
                f"attaches it to '{tokens[main.verb].text}' as '{t.dep}'); moving an argument "
                "could split its phrase"
            )
    return None


def _root_of(tokens, i: int) -> int:
    seen = set()
    while 0 <= i < len(tokens) and tokens[i].head != i and i not in seen:
        seen.add(i)
        i = tokens[i].head
    return i


def comment_clause(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a clause set off by a comma blocks the edit: a *which*-clause that ends the sentence
    after the main clause comments on what it says (*brings in $1,400 a month, which helps
    cover the mortgage*), so a negation or a question of the main clause leaves it asserting
    what is denied or asked, and a new tense leaves it in the old one; and a comma clause inside
    an argument that an edit moves cannot move with it (*the report I wrote, which ...*)."""
    tokens = analysis.sentence.tokens
    f = plan.features
    pred = main.predicate
    asserts = f.get("polarity") not in (None, pred.polarity) or f.get("force") not in (
        None,
        pred.force,
    )
    # a new tense is carried into the comment (:func:`comment_clauses`); a modal is not
    modal = f.get("modality") not in (None, pred.modality)
    timed = f.get("tense") not in (None, pred.tense)
    comments = comment_clauses(analysis, main)
    for t in _comma_relatives(tokens):
        what = None
        if _inside_an_argument(main, t, moved_functions(main, plan)):
            what = "cannot move with the phrase it is part of"
        elif t.i in comments and timed and _holds_a_clause(tokens, t):
            what = "comments on the main clause; the clause inside it would keep its tense"
        elif t.i in comments and (asserts or modal):
            what = (
                "comments on the main clause; it would still assert what the edit denies or asks"
                if asserts
                else "comments on the main clause; the modal would not reach it"
            )
        if what:
            return f"the clause ', {phrase(analysis, t)}' is set off by a comma and {what}"
    return None


def _holds_a_clause(tokens, verb: Token) -> bool:
    """Whether a clause holds a finite clause of its own (a subject or a modal of another verb
    under it: *which meant emails may go astray*)."""
    return any(
        x.dep in ("nsubj", "nsubjpass", "aux")
        and x.head != verb.i
        and descends(tokens, x.head, verb.i)
        and (x.dep != "aux" or x.tag == "MD")
        for x in tokens
    )


def comment_clauses(analysis: Analysis, main: Frame) -> list[int]:
    """The verbs of the *which*-clauses set off by a comma that end the sentence after the
    main clause and comment on it (*lasts ten hours, which is plenty*): a new tense of the main
    clause is carried into them (*lasted ten hours, which was plenty*)."""
    tokens = analysis.sentence.tokens
    return [
        t.i
        for t in _comma_relatives(tokens)
        if t.i > main.verb
        and _ends_sentence(tokens, t)
        and not _inside_an_argument(main, t, ("subj",))
        and _relative_word(tokens, t) == "which"  # *, who lives in Paris* tells of a person
        and not names_its_time(tokens, t)  # *the third quarter, which ended on September 30*
    ]


def _relative_word(tokens, verb: Token) -> str:
    first = min((x.i for x in tokens if x.head == verb.i and x.i < verb.i), default=verb.i)
    return tokens[first].text.lower()


def _comma_relatives(tokens) -> list[Token]:
    """Verbs of relative clauses introduced by *which* (or *who*, *whom*, *whose*) right
    after a comma: the non-restrictive ones."""
    out = []
    for t in tokens:
        if t.pos not in ("VERB", "AUX") or t.dep not in ("relcl", "advcl", "ccomp", "acl"):
            continue
        first = min(
            (x.i for x in tokens if x.head == t.i and x.i < t.i), default=t.i
        )  # the clause's first word
        rel = tokens[first] if 0 <= first < len(tokens) else None
        if (
            rel is not None
            and rel.text.lower() in ("which", "who", "whom", "whose")
            and first > 0
            and tokens[first - 1].text == ","
        ):
            out.append(t)
    return out


def _inside_an_argument(main: Frame, verb: Token, functions: tuple[str, ...]) -> bool:
    return any(a.function in functions and a.span[0] <= verb.i < a.span[1] for a in main.arguments)


def _ends_sentence(tokens, verb: Token) -> bool:
    """Whether nothing but the clause's own words and final punctuation follow it."""
    last = max(x.i for x in tokens if descends(tokens, x.i, verb.i))
    return all(x.text in _PUNCT for x in tokens[last + 1 :])


def imperative_conjunct(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a statement joined to an imperative cannot be edited: the second verb has no subject
    and the bare form while the main verb is finite (*The stars favor bold moves, so ask for
    the raise*); edited alike it would become a statement (*so asked for the raise*), left
    alone the question or negation would swallow it."""
    tokens = analysis.sentence.tokens
    verb = tokens[main.verb]
    if verb.tag == "VB":
        return None
    for t in tokens:
        joined = [x for x in tokens if x.head in (t.i, main.verb) and x.dep == "cc" and x.i < t.i]
        # the tagger confuses the bare form with the plural present (*run a bakery and
        # deliver bread*); a comma before the conjunction or *please* marks an imperative
        marked = verb.tag in ("VBZ", "VBD") or any(
            x.i > 0 and tokens[x.i - 1].text == "," for x in joined
        )
        marked = marked or any(x.head == t.i and x.text.lower() == "please" for x in tokens)
        if (
            t.dep == "conj"
            and t.head == main.verb
            and t.tag == "VB"
            and marked
            and not any(x.head == t.i and x.dep.startswith("nsubj") for x in tokens)
            and not any(x.head == main.verb and x.dep == "aux" for x in tokens)
        ):
            return (
                f"'{phrase(analysis, t)}' is an imperative joined to the statement; the edit "
                "would turn it into a statement or leave it inside a clause it does not fit"
            )
    return None


def _clause_time_phrase(tokens, span: tuple[int, int]) -> Token | None:
    """The time phrase that ends an argument and hangs on a verb inside it (*the songs my
    mother used to hum [on winter nights]*, *a party that kept us awake [until 3 a.m.]*)."""
    start, end = span
    for t in tokens[start:end]:
        head = tokens[t.head] if 0 <= t.head < len(tokens) else t
        if t.dep != "prep" or head.pos not in ("VERB", "AUX") or not start <= head.i < end:
            continue
        if not any(  # *a plan to cut costs on Monday*: an infinitive's time is the main verb's
            x.dep == "relcl" and start <= x.i < end and descends(tokens, head.i, x.i)
            for x in tokens
        ):
            continue
        last = max(x.i for x in tokens if descends(tokens, x.i, t.i))
        noun = next((x for x in tokens if x.head == t.i and x.dep == "pobj"), None)
        if (
            last == end - 1
            and noun is not None
            and (noun.ent_type in ("DATE", "TIME") or noun.lemma.lower() in TIME_NOUNS)
        ):
            return t
    return None


def attachment_after_relative(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why an argument that ends in a relative clause cannot move: the word after it that the
    parse gives the main verb may end the relative clause instead (*a coworker who has been
    quiet lately could ...*, *a party that kept the building awake until 3 a.m.*); moved with
    or without it, the sentence would say something else."""
    if not moves(main, plan):
        return None
    tokens = analysis.sentence.tokens
    for a in main.arguments:
        if a.function not in moved_functions(main, plan) or a.function == "agent":
            continue
        start, end = a.span
        has_relative = any(
            start <= t.i < end and t.dep in ("relcl", "acl") and t.pos in ("VERB", "AUX")
            for t in tokens
        )
        if not has_relative:
            continue
        if (dated := _clause_time_phrase(tokens, a.span)) is not None:
            return (
                f"the parse hangs '{phrase(analysis, dated)}' on '{tokens[dated.head].text}' "
                f"inside '{a.text}', but it may date the main verb; moving the argument would "
                "settle it one way"
            )
        if end >= len(tokens):
            continue
        after = tokens[end]
        if after.head == main.verb and after.dep in ("advmod", "prep", "npadvmod"):
            return (
                f"the parse gives '{phrase(analysis, after)}' to the main verb, but it may end "
                f"the relative clause of '{a.text}'; moving that phrase could change what it "
                "says"
            )
    return None


_FORWARD = {
    "plural": frozenset({"their", "theirs", "them", "themselves"}),
    "person": frozenset({"his", "him", "himself", "her", "herself"}),
    "thing": frozenset({"its", "it", "itself"}),
}


def _pronoun_class(tokens, head: Token) -> str:
    """Which pronouns can refer to the noun phrase headed by ``head``: ``plural``, ``person``
    (a person noun, a name that is not an organization's or a place's) or ``thing``."""
    if head.tag in ("NNS", "NNPS") or any(t.head == head.i and t.dep == "conj" for t in tokens):
        return "plural"
    if head.lemma.lower() in english.person_nouns() or (
        head.tag == "NNP" and head.ent_type not in ("ORG", "GPE", "LOC", "FAC", "PRODUCT")
    ):
        return "person"
    return "thing"


def passive_order(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the passive would put words in an order that says something else: a pronoun in a
    phrase of the object or right after it that can refer to the subject but not to the object
    would come before the by-phrase that names it (*The printer stores 50 pages in its memory*:
    *50 pages are stored in its memory by the printer*; a pronoun of the object's own head opens
    the sentence, *Its stake was sold by the company*), and a subject that ends in a relative
    clause or a phrase of its own would take what follows the by-phrase (*by customers who
    upgrade early at no cost*)."""
    if plan.features.get("voice") != "passive" or main.predicate.voice != "active" or plan.swap:
        return None
    tokens = analysis.sentence.tokens
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if subj is None or not 0 <= subj.head < len(tokens):
        return None
    head = tokens[subj.head]
    if head.tag == "PRP":
        return None  # *She keeps her keys ...*: a pronoun subject names no one new
    after = [t for t in tokens if t.i > main.verb and descends(tokens, t.i, main.verb)]
    obj = next((a for a in main.arguments if a.function == "obj"), None)
    if obj is None:
        return None  # no passive to make: the realizer says why
    # a phrase in or right after the object that the by-phrase may follow (*stored in its
    # memory by the printer*); a pronoun of the object's own head opens the sentence and is
    # read as any possessive is (*Its stake was sold by the company*)
    preps = [
        t
        for t in tokens
        if t.dep in ("prep", "dative")
        and (obj.span[0] <= t.i < obj.span[1] or (t.i == obj.span[1] and t.head == main.verb))
    ]
    ahead = {t.i for t in tokens for p in preps if descends(tokens, t.i, p.i)}
    # a pronoun that fits the object as well may be the object's, which comes first then
    forward = (
        _FORWARD[_pronoun_class(tokens, head)] - _FORWARD[_pronoun_class(tokens, tokens[obj.head])]
    )
    pronoun = next((t for t in after if t.i in ahead and t.text.lower() in forward), None)
    if pronoun is not None:
        return (
            f"'{pronoun.text}' may refer to the subject '{subj.text}'; in the passive it could "
            "come before the by-phrase that names it"
        )
    start, end = subj.span
    modified = any(
        start <= t.i < end and t.head == head.i and t.dep in ("relcl", "acl", "prep")
        for t in tokens
    )
    trailing = [t for t in after if t.text not in _PUNCT]
    beyond = [t for t in trailing if obj is None or t.i >= obj.span[1]]
    if modified and beyond:
        return (
            f"the subject '{subj.text}' ends in a phrase of its own; as a by-phrase it would "
            f"run into '{phrase(analysis, beyond[0])}', which could then read as part of it"
        )
    return None
