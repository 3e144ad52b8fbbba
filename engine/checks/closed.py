"""The closed world: an edit is made only where the parse accounts for the words it concerns.

A dependency parse attaches every word somewhere, but some attachments say that the parser could
not decide: a second root (the sentence read as two), the catch-all relation ``dep``, a phrase
after a relative clause that may end that clause or modify the main verb; and some contradict
themselves: a finite verb in a noun's place, a noun with a subject, a bare clause as subject, a
main clause marked as subordinate. And some words sit in
a slot the realizer has no rule for: a clause set off by a comma that comments on the whole
sentence (*..., which helps cover the mortgage*), an imperative joined to a statement (*..., so
ask for the raise*), a first word that may be a name or a common noun (*Windows users*). Each
check here names such a word and refuses the edits it would break; none guesses.

One module, over 400 lines: the checks share one reading of the parse (the clause of a word,
its first word, the comma relatives, what an edit moves), and each is a few lines of it.
"""

from __future__ import annotations

from .. import english
from ..english import descends
from ..ir import Analysis, Frame, Token
from ..transforms import EditPlan
from .scope import phrase
from .time import TIME_WORDS, names_its_time

_PUNCT = (",", ".", "!", "?", ";", ":", "-", "--", "—", "–", '"', "'", "(", ")")
# Relations that leave a phrase where the parser put it only for want of a better one.
_UNSETTLED = ("dep", "meta", "dislocated")
# Verbs that take a clause with no *that* (*said it rained*, *wonder who came*, *think so*) or
# an object and a bare verb (*lets the dough rest*).
_CLAUSE_TAKING = (
    english.read_lexicon("reporting_verbs")
    | english.read_lexicon("bare_infinitive_verbs")
    | english.read_lexicon("question_verbs")
    | english.read_lexicon("neg_raising_verbs")
)


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


def _opens(tokens, t: Token) -> bool:
    """Whether ``t`` is the sentence's first word (after any opening quotation marks)."""
    return all(x.text in ('"', "'", "“", "‘", "(") for x in tokens[: t.i])


def _object_first(tokens, verb: Token) -> bool:
    """Whether a verb's object comes before its subject (*and whatever herbs he had*): a free
    relative read as a clause of its own."""
    obj = next((x.i for x in tokens if x.head == verb.i and x.dep == "dobj"), None)
    subj = next((x.i for x in tokens if x.head == verb.i and x.dep == "nsubj"), None)
    return obj is not None and subj is not None and obj < subj < verb.i


def _broken_voice(tokens, main: Frame, plan: EditPlan) -> str | None:
    """A passive subject with no passive auxiliary in a clause the edit rewrites (*that the
    council has not yet fixed*); else None."""
    passive = next(  # *that the council has not yet fixed*: a passive subject with no *be*
        (
            t
            for t in tokens
            if t.dep == "nsubjpass"
            and 0 <= t.head < len(tokens)
            and not any(x.head == t.head and x.dep == "auxpass" for x in tokens)
            # (a clause the edit rewrites: the main one, or any under a tense edit)
            and (t.head == main.verb or "tense" in plan.features)
        ),
        None,
    )
    if passive is not None:
        return (
            f"the parse makes '{passive.text}' the passive subject of "
            f"'{tokens[passive.head].text}', which has no passive auxiliary; the clause's voice "
            "stays unsettled"
        )
    return None


def _misread_token(tokens, main: Frame) -> Token | None:
    """A word the parse tags one way and places another: a finite verb or a *that* in a noun's
    place, a verb joined to a noun, an opening bare verb made a subject; else None."""
    return next(
        (
            t
            for t in tokens
            if (
                (t.tag in _FINITE_TAGS or (t.tag == "IN" and t.text.lower() == "that"))
                and t.dep in _NOMINAL_DEPS
                and t.i != main.verb
            )
            or (  # *bones and whatever vegetables she had*: a verb joined to a noun
                t.tag in _FINITE_TAGS
                and t.dep == "conj"
                and tokens[t.head].pos in ("NOUN", "PROPN")
            )
            # *Serve slightly chilled ...*: a bare verb made a subject (an imperative misread)
            or (t.tag == "VB" and t.dep in ("nsubj", "nsubjpass") and _opens(tokens, t))
        ),
        None,
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
    misread = _misread_token(tokens, main)
    if (why := _broken_voice(tokens, main, plan)) is not None:
        return why
    if misread is not None:
        return (
            f"the parse tags '{misread.text}' as a verb or a conjunction but gives it a noun's "
            f"place ('{misread.dep}' of '{tokens[misread.head].text}'); what its clause is "
            "stays unsettled"
        )
    first = next(
        (
            t
            for t in tokens
            if t.tag in _FINITE_TAGS and t.dep == "conj" and _object_first(tokens, t)
        ),
        None,
    )
    if first is not None:
        return (
            f"the parse reads '{phrase(analysis, first)}' as a clause of its own with its object "
            "before its subject; it is more likely a phrase of the clause before it"
        )
    if (named := _name_before_verb(tokens, main)) is not None:
        return (
            f"the parse reads '{named.text}' as a noun after the name "
            f"'{tokens[named.i - 1].text}', but it may be the verb of which the name is the "
            "subject; the sentence's main verb stays unsettled"
        )
    mark = next((x for x in tokens if x.head == main.verb and x.dep == "mark"), None)
    if mark is not None and tokens[main.verb].head == main.verb:
        return (
            f"the parse marks the main clause with '{mark.text}' as if it were subordinate; "
            "which clause is the sentence's stays unsettled"
        )
    for t in tokens:
        children = [x for x in tokens if x.head == t.i and x.i != t.i]
        if (  # *I'm browning the onions ... carries the sauce*: no clause is a bare subject
            t.dep in ("csubj", "csubjpass")
            and any(x.dep in ("nsubj", "nsubjpass") for x in children)
            and not any(x.dep == "mark" or x.tag in ("WDT", "WP", "WRB") for x in children)
        ):
            return (
                f"the parse makes the clause '{phrase(analysis, t)}' the subject of "
                f"'{tokens[t.head].text}' though nothing marks it as one; the sentence's main "
                "clause stays unsettled"
            )
        if t.pos in ("NOUN", "PROPN") and any(x.dep == "mark" for x in children):
            # *fat that the body stores as reserves*: 'stores' read as a noun
            return (
                f"the parse gives the noun '{t.text}' a clause's place ('{t.dep}' of "
                f"'{tokens[t.head].text}'); it is likely the verb of that clause"
            )
        subjects = [x for x in children if x.dep in _SUBJECTS]
        if len(subjects) > 1 or (subjects and t.pos in ("NOUN", "PROPN", "PRON")):
            return (
                f"the parse gives '{t.text}' a subject ('{subjects[0].text}') it cannot have "
                "(a noun's, or a second one); one of the two is likely part of the other's phrase"
            )
    return _unsettled_for_a_move(analysis, main, plan)


def _unsettled_for_a_move(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Under an edit that moves an argument: a noun with its own determiner made part of the
    argument, or a phrase of the main verb attached by ``dep``, that the move could split."""
    tokens = analysis.sentence.tokens
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


def _name_before_verb(tokens, main: Frame):
    """The subject's head when it is a plural noun that is also a verb's *-s* form, right after
    a name and with no determiner (*Judge Harriet Okafor sentences repeat offenders ...*: the
    name is the subject and *sentences* the verb), else None."""
    from lemminflect import getAllLemmas

    head = next(
        (t for t in tokens if t.head == main.verb and t.dep in ("nsubj", "nsubjpass")), None
    )
    if (
        head is None
        or head.tag != "NNS"
        or head.i == 0
        or tokens[head.i - 1].pos != "PROPN"
        or tokens[head.i - 1].head != head.i
        or tokens[main.verb].tag != "VBP"
        or any(x.head == head.i and x.dep in ("det", "poss") for x in tokens)
    ):
        return None
    verb = tokens[main.verb].text.lower()  # *repeat* can be a modifier, *write* cannot
    other = getAllLemmas(verb, upos="NOUN") or getAllLemmas(verb, upos="ADJ")
    return head if other and getAllLemmas(head.text.lower(), upos="VERB") else None


def verb_read_as_noun(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the parse's subject cannot be trusted: its head is a plural noun that its own phrase
    contradicts (:func:`_verb_read_as_noun`), so it is likely the verb; or a noun anywhere has a
    verb's particle (*as an expression of joy lights up on his face*: *lights* with *up*)."""
    tokens = analysis.sentence.tokens
    particle = next(
        (
            t
            for t in tokens
            if t.dep == "prt" and 0 <= t.head < len(tokens) and tokens[t.head].pos == "NOUN"
        ),
        None,
    )
    if particle is not None:
        return (
            f"the parse reads '{tokens[particle.head].text}' as a noun, but '{particle.text}' "
            "after it is a verb's particle; it is likely a verb, and the clauses stay unsettled"
        )
    if (verb := _verb_read_as_noun(tokens, main)) is None:
        return None
    return (
        f"the parse reads '{verb.text}' as a plural noun, but its phrase cannot have one "
        "(a singular determiner, or an adverb of its own); it is likely the verb, and the "
        "sentence's main verb stays unsettled"
    )


def _verb_read_as_noun(tokens, main: Frame):
    """The subject's head when it is a plural noun that is also a verb's *-s* form and its
    phrase contradicts a plural noun: a singular determiner (*This printer copies quickly*) or
    an adverb in *-ly* hung on it; else None."""
    from lemminflect import getAllLemmas

    head = next(
        (t for t in tokens if t.head == main.verb and t.dep in ("nsubj", "nsubjpass")), None
    )
    if head is None or head.tag != "NNS" or not getAllLemmas(head.text.lower(), upos="VERB"):
        return None
    own = [x for x in tokens if x.head == head.i]
    singular = any(x.dep == "det" and x.text.lower() in _SINGULAR_DETERMINERS for x in own)
    adverb = any(x.dep == "advmod" and x.text.lower().endswith("ly") for x in own)
    return head if singular or adverb else None


_SINGULAR_DETERMINERS = frozenset({"this", "that", "a", "an", "each", "every", "another"})

# Words that open a clause as well as a phrase (*as Patel sprints*, *as the race*)
_SUBORDINATORS = english.read_lexicon("clause_or_phrase_openers")


def clause_read_as_noun(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the parse leaves a clause unread: a subordinator's object is a plural noun that
    may be the clause's verb, or a noun with a past form after it that may be the clause's
    subject and verb (:func:`_clause_read_as_noun`)."""
    tokens = analysis.sentence.tokens
    if (noun := _clause_read_as_noun(tokens)) is None:
        return None
    if noun.dep == "acl" and plan.features.get("tense", main.predicate.tense) == (
        main.predicate.tense
    ):
        return None  # the clause keeps its words unless its tense must follow the main one
    if noun.dep == "acl":
        subject = tokens[noun.head]
        return (
            f"the parse reads '{tokens[subject.head].text} {subject.text} {noun.text}' as a "
            f"phrase with a participle, where it may be a clause ('{subject.text}' its subject, "
            f"'{noun.text}' its verb); what that clause is stays unsettled"
        )
    return (
        f"the parse reads '{noun.text}' after '{tokens[noun.head].text}' as a noun, where it "
        "may be the verb of a clause; what that clause is stays unsettled"
    )


def _clause_read_as_noun(tokens):
    """A plural noun read as the object of a subordinator that opens a clause, when it is also
    a verb's *-s* form and follows a name or a noun with nothing between (*as Patel sprints
    down the straight*: *Patel* the subject, *sprints* the verb; *before resentment builds*),
    else None."""
    from lemminflect import getAllLemmas

    for t in tokens:
        if (
            t.dep == "pobj"
            and t.tag == "NNS"
            and t.i >= 2
            and tokens[t.head].text.lower() in _SUBORDINATORS
            and tokens[t.head].i < t.i - 1
            and tokens[t.i - 1].head == t.i
            and tokens[t.i - 1].dep in ("compound", "amod", "nmod")
            # *as Patel sprints* (a name the tagger may call an adjective), *before resentment
            # builds*
            and (tokens[t.i - 1].pos in ("PROPN", "NOUN") or tokens[t.i - 1].text[:1].isupper())
            and getAllLemmas(t.text.lower(), upos="VERB")
        ):
            return t
        if (  # *as traders priced in a rise*: the subject of a past clause, its verb an 'acl'
            t.dep == "pobj"
            and t.pos in ("NOUN", "PROPN", "PRON")
            and tokens[t.head].text.lower() in _SUBORDINATORS
            and t.i + 1 < len(tokens)
            and tokens[t.i + 1].head == t.i
            and tokens[t.i + 1].dep == "acl"
            and tokens[t.i + 1].tag in ("VBD", "VBN")
        ):
            return tokens[t.i + 1]
    return None


def bare_clause_after_verb(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the parse cannot be trusted: it makes a clause of the two words after the main verb
    (a noun as subject and a finite verb with nothing of its own: *copies documents fast*,
    *fast* read as a verb), with no *that* and no question word, under a verb that reports
    neither speech nor thought. The second word modifies the verb or the noun."""
    tokens = analysis.sentence.tokens
    lemma = main.predicate.lemma
    if lemma in _CLAUSE_TAKING:
        return None
    for t in tokens:
        if t.dep != "ccomp" or t.head != main.verb or t.tag not in ("VBP", "VBZ", "VBD"):
            continue
        own = [c for c in tokens if c.head == t.i and c.text not in _PUNCT]
        if len(own) != 1 or own[0].dep != "nsubj" or own[0].i != t.i - 1:
            continue
        if own[0].tag not in ("NN", "NNS"):
            continue  # a pronoun or a name may well be a subject (*I guess she knows*)
        if not main.verb < own[0].i or any(c.head == own[0].i for c in tokens):
            continue  # a bare noun right after the verb, then the word read as its verb
        if any(tokens[k].text in _PUNCT for k in range(main.verb + 1, t.i)):
            continue
        return (
            f"the parse makes '{own[0].text} {t.text}' a clause of its own after "
            f"'{tokens[main.verb].text}', which takes no clause; '{t.text}' may modify the "
            "verb, and the sentence's structure is unsettled"
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
    if f.get("polarity") not in (None, pred.polarity):
        for t in tokens:  # *will move across the region, bringing showers*: still brings them
            if (
                t.head == main.verb
                and t.dep == "advcl"
                and t.tag == "VBG"
                and t.i > main.verb
                and tokens[t.i - 1].text == ","
            ):
                return (
                    f"the phrase ', {phrase(analysis, t)}' is set off by a comma and says more "
                    "of the main clause's event; under the negation it would still assert it"
                )
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
        and not _plural_verb(tokens, t)  # *dampers, which smooth out potholes*: of the noun
        and not names_its_time(tokens, t)  # *the third quarter, which ended on September 30*
        # *rejected the batch, which had arrived warm*: what came before the event is no
        # comment on it, but a description of the noun
        and not any(x.head == t.i and x.dep == "aux" and x.text.lower() == "had" for x in tokens)
    ]


def _plural_verb(tokens, verb: Token) -> bool:
    """Whether a relative clause's verb group is plural (*which smooth*, *which are*): it
    tells of a plural noun, never of a whole clause, which takes the singular."""
    group = [verb, *(x for x in tokens if x.head == verb.i and x.dep in ("aux", "auxpass"))]
    first = min(group, key=lambda x: x.i)
    return first.tag == "VBP" or first.text.lower() in ("are", "were", "have")


def _first_word(tokens, verb: Token) -> int:
    """The index of the first word of the clause of ``verb``."""
    return min((x.i for x in tokens if x.head == verb.i and x.i < verb.i), default=verb.i)


def _relative_word(tokens, verb: Token) -> str:
    return tokens[_first_word(tokens, verb)].text.lower()


def _comma_relatives(tokens) -> list[Token]:
    """Verbs of relative clauses introduced by *which* (or *who*, *whom*, *whose*) right
    after a comma: the non-restrictive ones."""
    out = []
    for t in tokens:
        if t.pos not in ("VERB", "AUX") or t.dep not in ("relcl", "advcl", "ccomp", "acl"):
            continue
        first = _first_word(tokens, t)
        rel = tokens[first]
        if (
            rel.text.lower() in ("which", "who", "whom", "whose", "where", "when")
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


# The edits of a statement with a modal that reach an imperative joined to it.
_SWALLOWING = ("tense", "perfect", "progressive", "polarity", "force")


def imperative_conjunct(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a statement joined to an imperative cannot be edited: the second verb has no subject
    and the bare form while the main verb is finite (*The stars favor bold moves, so ask for
    the raise*); edited alike it would become a statement (*so asked for the raise*), left
    alone the question or negation would swallow it."""
    tokens = analysis.sentence.tokens
    verb = tokens[main.verb]
    if verb.tag == "VB":
        if len(main.verb_group) == 1:
            return None  # an imperative itself
        # *will be out of the office, so please contact Dev*: another modal keeps the
        # imperative's bare form; a tense or an aspect would re-inflect it (*so invested*), a
        # negation or a question swallow it
        pred, feats = main.predicate, plan.features
        if not any(feats.get(k, getattr(pred, k)) != getattr(pred, k) for k in _SWALLOWING):
            return None
    for t in tokens:
        joined = [x for x in tokens if x.head in (t.i, main.verb) and x.dep == "cc" and x.i < t.i]
        # *will be everywhere this autumn, so invest in a pair*: no conjunction but 'so' (*will
        # study and so pass* shares 'will')
        joined = joined or [
            x
            for x in tokens
            if x.head == t.i and x.dep == "advmod" and x.text.lower() == "so" and x.i < t.i
        ]
        # the tagger confuses the bare form with the plural present (*run a bakery and
        # deliver bread*); a comma before the conjunction or *please* marks an imperative
        marked = verb.tag in ("VBZ", "VBD") or any(
            x.i > 0 and tokens[x.i - 1].text == "," for x in joined
        )
        marked = marked or any(x.head == t.i and x.text.lower() == "please" for x in tokens)
        # *have completed the first week, so add one more set*: 'so' never joins a verb that
        # shares the auxiliary, and the parse may leave the imperative as a bare 'dep'
        loose = t.dep == "dep" or any(x.text.lower() == "so" for x in joined)
        # after a modal's bare form, ', so' and a present with no subject is one too (*will be
        # in fashion this winter, so buy a pair*: 'buy' tagged a plural present)
        bare = t.tag == "VB" or (t.tag == "VBP" and verb.tag == "VB" and loose and marked)
        if (
            t.dep in ("conj", "dep")
            and t.head == main.verb
            and bare
            and (marked or loose)
            and not any(x.head == t.i and x.dep.startswith("nsubj") for x in tokens)
            # *and would happily come back*: a modal of its own makes no imperative
            and not any(x.head == t.i and x.tag == "MD" for x in tokens)
            and (loose or not any(x.head == main.verb and x.dep == "aux" for x in tokens))
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
            and (noun.ent_type in ("DATE", "TIME") or noun.lemma.lower() in TIME_WORDS)
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


# endings that build common English words, not names (*northbound*, *eastward*, *citywide*)
_COMMON_ENDS = ("bound", "ward", "wards", "wide", "ful", "less", "ous", "ive", "able", "ness")


def first_word_case(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why an edit that takes the sentence's first word out of first place cannot tell how to
    write it: a capitalized plural noun that modifies the next one (*Windows users*: a name,
    or *Sports fans*: a common noun) or a word no English lexicon knows that the tagger calls a
    common noun or an adjective (*Plugins*, *Northbound*), or a common noun the tagger takes
    for a one-word name before a common noun (*Bat activity*). Either capital could be wrong
    (*Should windows users ...?*, *It is Plugins that ...*), so the edit is refused."""
    from lemminflect import getAllLemmas

    f = plan.features
    takes = f.get("force") == "ques" or f.get("cleft") or moves(main, plan)
    tokens = analysis.sentence.tokens
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if not takes or subj is None or subj.span[0] != 0 or not tokens:
        return None
    first = tokens[0]
    word = first.text
    if not (word[:1].isupper() and word[1:].islower() and word.isalpha()):
        return None
    nouns = getAllLemmas(word.lower()).get("NOUN", ())
    head = tokens[first.head] if 0 < first.head < len(tokens) else None
    # *Bat activity was monitored*: a common noun the tagger calls a one-word name, before a
    # common noun (*Bush administration officials* reads the same way)
    # (or tagged a common noun that the entity tagger calls an organisation or a place:
    # *Charcoal samples from the hearth*)
    named_noun = (
        (
            first.ent_type == "PERSON"
            or (first.ent_type in ("ORG", "PRODUCT", "GPE", "LOC", "FAC") and first.tag == "NN")
        )
        and first.dep == "compound"
        and bool(nouns)
        and head is not None
        and head.pos == "NOUN"
        and head.text.islower()
        and tokens[1].ent_type != "PERSON"
    )
    if (
        first.ent_type in ("PERSON", "ORG", "GPE", "PRODUCT", "NORP", "LOC", "FAC")
        and not named_noun
    ):
        return None
    plural_modifier = first.dep == "compound" and any(n != word.lower() for n in nouns)
    # a word the lexicon does not know that the tagger calls a plural or an adjective, or that
    # is built like a common word (*Plugins*, *Northbound traffic*); *Spock* is most often a
    # name
    unknown = not getAllLemmas(word.lower()) and (
        first.tag in ("NNS", "JJ") or (first.tag == "NN" and word.lower().endswith(_COMMON_ENDS))
    )
    if plural_modifier or unknown or named_noun:
        return (
            f"the sentence opens with '{word}', which may be a name or a common noun; moved "
            "from the start, it could not be written right"
        )
    return None


# The words that can be auxiliaries (and *to* of an infinitive); a verb the parse makes one
# (*the machine employs reduced ...*: 'employs' an aux) is a misread
_AUXILIARY_LEMMAS = english.read_lexicon("auxiliary_lemmas")


def conjunct_of_another_verb(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the parse's coordination cannot be trusted under a negation: a verb joined to the
    main verb's *-ing* or *to*-complement that has the main verb's form, not its head's
    (*should stop using them and contact us*: *contact* is *stop*'s conjunct, not *using*'s),
    so which verbs the negation's *or* would join is not clear."""
    if plan.features.get("polarity") != "neg" or main.predicate.polarity != "pos":
        return None  # (a negation joins the conjuncts with *or*: it must know which they are)
    tokens = analysis.sentence.tokens
    verb = tokens[main.verb] if 0 <= main.verb < len(tokens) else None
    if verb is None:
        return None
    for t in tokens:
        if t.dep != "conj" or t.pos != "VERB" or not 0 <= t.head < len(tokens):
            continue
        head = tokens[t.head]
        if head.head != main.verb or head.dep != "xcomp" or head.i == main.verb:
            continue
        if t.tag == verb.tag and t.tag != head.tag:
            return (
                f"the parse joins '{t.text}' to '{head.text}', but its form is that of "
                f"'{verb.text}'; which verb it joins is not clear enough to edit"
            )
    return None


def misread_order(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the parse's verb group or word order cannot be trusted: a word that is no auxiliary
    made one of the main verb's (*the machine employs reduced ...*: 'employs' an aux of
    another word), or a statement whose subject follows its verb with nothing fronted that
    licenses it (*my unk said mr. smith*: an inverted reporting clause without its comma),
    which the edit would set back in order."""
    tokens = analysis.sentence.tokens
    for i in main.verb_group:
        t = tokens[i]
        if (
            i != main.verb
            and t.dep in ("aux", "auxpass")
            and t.tag != "MD"
            and (t.lemma or t.text).lower() not in _AUXILIARY_LEMMAS
        ):
            return (
                f"the parse makes '{t.text}' an auxiliary of '{tokens[main.verb].text}'; what "
                "the verb of the clause is stays unsettled"
            )
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if (
        subj is not None
        and main.predicate.force == "prop"
        and subj.span[0] > main.verb
        and tokens[subj.head].dep in ("nsubj", "nsubjpass")
        and not any(t.text == "?" for t in tokens)
    ):
        return (
            f"the subject '{subj.text}' follows its verb '{tokens[main.verb].text}' (an "
            "inverted clause); the edit would set it back before the verb"
        )
    first = min((i for i in main.verb_group if tokens[i].pos in ("AUX", "VERB")), default=main.verb)
    if (
        subj is not None
        and main.predicate.force == "prop"
        and first < subj.span[0] < main.verb
        and not any(t.text == "?" for t in tokens)
        and set(plan.features) - {"polarity"}
    ):  # *Never have I seen such a mess*: the auxiliary before the subject
        return (
            f"the auxiliary '{tokens[first].text}' comes before the subject '{subj.text}' (an "
            "inversion after a fronted word); Seam does not rebuild it with the edit"
        )
    return None


def second_question(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a question of two questions cannot be edited: a clause joined to the main verb puts
    its own auxiliary before its own subject (*Does the set need to revolve, or is the director
    showing off?*); an edit of the first would leave the second as it was, or break its order
    (*or will be the director showing off*). Asked as a question again, it is one already, and
    a past or present edit changes a second *be* or *have* where it stands."""
    tokens = analysis.sentence.tokens
    pred = main.predicate
    if not tokens or tokens[-1].text != "?":
        return None
    feats = plan.features
    if feats.get("force") == "ques" == pred.force and set(feats) == {"force"}:
        return None  # "unchanged": both are questions
    # a past or present of 'be' or 'have' changes where it stands (*Did ..., or was the
    # director ...?*); one of 'do' loses its verb's form (*or they just love the cast?*)
    in_place = set(feats) == {"tense"} and feats["tense"] in ("past", "pres") and not plan.swap
    for c in tokens:
        if c.dep != "conj" or c.head != main.verb:
            continue
        inner = [c, *(t for t in tokens if t.head == c.i and t.dep in ("ccomp", "xcomp"))]
        subject = next(
            (t for t in tokens if t.head in {x.i for x in inner} and t.dep.startswith("nsubj")),
            None,
        )
        if subject is None and c.pos == "AUX":  # *or is the old one good enough?*: the
            # subject read as the copula's complement
            subject = next((t for t in tokens if t.head == c.i and t.dep == "attr"), None)
        first = min(
            (t for t in tokens if t.i == c.i or (t.head == c.i and t.dep in ("aux", "auxpass"))),
            key=lambda t: t.i,
        )
        if in_place and english.verb_lemma(first.text, first.lemma) in ("be", "have"):
            continue
        if subject is not None and first.pos == "AUX" and first.i < subject.i:
            return (
                f"'{phrase(analysis, c)}' is a second question joined to the first, with its "
                "own auxiliary before its own subject; the edit would reach the first alone"
            )
    return None


def two_objects(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the object cannot be trusted: the parse gives the main verb two direct objects, a
    pronoun and a bare word right after it (*told us backstage*: *backstage* an adverb read as a
    noun); which words are the object, and so what a voice edit or a swap moves, is not
    settled."""
    if "voice" not in plan.features and not plan.swap:
        return None
    tokens = analysis.sentence.tokens
    objects = [t for t in tokens if t.head == main.verb and t.dep == "dobj"]
    if len(objects) < 2:
        return None
    # the model also marks both objects of *send all passengers a voucher* and the two nouns of
    # *a floor mop* so; a pronoun and a bare word after it are no such pair
    first, second = objects[0], objects[1]
    if first.tag != "PRP" or second.i != first.i + 1 or any(t.head == second.i for t in tokens):
        return None
    return (
        f"the parse gives '{tokens[main.verb].text}' two direct objects, '{first.text}' and "
        f"'{second.text}'; which words are its object is not settled"
    )


def comma_splice(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a sentence of two clauses joined by a bare comma cannot be edited as one: an
    imperative first (*Get in the truck, we're leaving now*: the parse makes it a clause of
    the statement, and edited alone the statement no longer fits it), or a frame of saying
    before what it says without *that* (*I told you, I'm not going back*: the second clause is
    the words said, which the edit of the frame would leave as they are)."""
    tokens = analysis.sentence.tokens
    for t in tokens:
        if (
            t.head == main.verb
            and t.i < main.verb
            and t.dep in ("advcl", "dep", "ccomp")
            and t.tag == "VB"
            and all(x.pos in ("PUNCT", "INTJ") for x in tokens[: t.i])
            and not any(x.head == t.i and x.dep in ("mark", "aux", "nsubj") for x in tokens)
            and any(x.text == "," and t.i < x.i < main.verb for x in tokens)
        ):
            return (
                f"'{phrase(analysis, t)}' is an imperative joined to the statement by a comma; "
                "the edit would leave it beside a clause it no longer fits"
            )
    said = next(
        (
            t
            for t in tokens
            if t.head == main.verb
            and t.dep == "ccomp"
            and t.i > main.verb
            and t.i > 0
            and any(x.text == "," and main.verb < x.i < t.i for x in tokens)
            and not any(x.head == t.i and x.dep == "mark" for x in tokens)
            and (tokens[main.verb].lemma or "").lower() in _SAYING
        ),
        None,
    )
    if said is not None and (set(plan.features) - {"tense"} or plan.swap):
        return (
            f"'{phrase(analysis, said)}' is what '{tokens[main.verb].text}' says, set off by a "
            "comma as quoted words are; the edit of the frame alone would not fit them"
        )
    return None


_SAYING = english.read_lexicon("reporting_verbs")
_LINKING = english.read_lexicon("linking_verbs")


def clause_read_as_subject(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a subject of two conjuncts joined by a comma and a coordinator is taken for two
    clauses: English sets a comma before *and* between two noun phrases hardly ever, but always
    between two clauses, so *The gardens open at nine, and tours leave hourly* read with one
    subject (*The gardens open at nine, and tours*) hides a first clause whose verb the parse
    took for an adjective or a noun; edited, that clause stays as it was."""
    tokens = analysis.sentence.tokens
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if subj is None or subj.span[1] > main.verb:
        return None
    start, end = subj.span
    for cc in tokens[start + 1 : end]:
        if not (cc.dep == "cc" and tokens[cc.i - 1].text == ","):
            continue
        conjuncts = [t for t in tokens if t.head == cc.head and t.dep == "conj"]
        if len(conjuncts) == 1 and cc.i < conjuncts[0].i < end:
            return (
                f"the parse makes '{subj.text}' one subject, but a comma before "
                f"'{cc.text}' between two conjuncts joins clauses; the first may be a clause "
                "of its own, which the edit would leave as it is"
            )
    return None


def verb_read_as_conjunct(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a coordination after the main verb hides a second verb: the parse coordinates a noun
    with the main verb itself (*underestimated the gun, and tens of thousands of men paid for
    it*: *thousands* made the verb's conjunct, *paid* a noun's modifier), or joins to the
    object, as a bare noun beside a determined one, a word that is the main verb's own form of
    another verb (*picks up a charge and sticks to the wall*: *sticks* read as a noun). The
    second verb phrase, read so, would stay as it is."""
    from lemminflect import getAllLemmas, getInflection

    tokens = analysis.sentence.tokens
    verb = tokens[main.verb]
    for t in tokens:
        if t.dep != "conj" or not 0 <= t.head < len(tokens) or t.i < main.verb:
            continue
        head = tokens[t.head]
        if t.pos == "VERB" and t.tag in ("VB", "VBZ", "VBP", "VBD") and head.pos == "NOUN":
            return (  # *stop using the spray and contact your doctor*: 'contact' on 'spray'
                f"the parse joins the verb '{t.text}' to the noun '{head.text}'; which verb it "
                "is coordinated with is not clear enough to edit"
            )
        joined_by_a_comma = any(  # *, and tens of thousands*: clauses, not verb phrases
            x.dep == "cc" and main.verb < x.i < t.i and tokens[x.i - 1].text == "," for x in tokens
        )
        # (a verb in *-s* read as a noun on a lexical verb is :func:`.sentences.misparsed_verb`'s)
        # and a verb in the noun's phrase, which the parse made its modifier (*men paid*); a
        # phrase set off by commas (*swept over Crete, and other parts of ...*) has none
        misread = any(
            x.tag in ("VBD", "VBZ", "VBP", "VBN") and x.i > t.i and descends(tokens, x.i, t.i)
            for x in tokens
        )
        if (
            t.head == main.verb
            and t.pos in ("NOUN", "PROPN", "NUM")
            and ((joined_by_a_comma and misread) or verb.pos == "AUX")
        ):
            return (
                f"the parse coordinates the noun '{t.text}' with the verb '{verb.text}'; the "
                "clause after it is likely one of its own, with a verb the parse misread"
            )
        own = {x.dep for x in tokens if x.head == t.i}
        if (
            head.pos == "NOUN"
            and t.tag in ("NN", "NNS")
            and verb.tag in ("VBZ", "VBD", "VBP")
            and not own & {"det", "poss", "nummod", "amod", "compound"}
            and descends(tokens, head.i, main.verb)
            and _takes_as_a_verb(tokens, t, head)
            and any(
                t.text.lower() in {f.lower() for f in getInflection(lemma, tag=verb.tag)}
                for lemma in getAllLemmas(t.text.lower(), upos="VERB").get("VERB", ())
            )
        ):
            return (
                f"the parse reads '{t.text}' as a noun joined to '{head.text}', but it is "
                f"also a verb in the form of '{verb.text}'; it may begin a second verb phrase, "
                "which the edit would leave as it is"
            )
    return None


def _takes_as_a_verb(tokens, t: Token, head: Token) -> bool:
    """Whether what follows a bare noun joined to ``head`` is what a verb takes next: an object
    (*and crosses two streams*), or, beside a determined noun, a preposition or an adverb
    (*a charge and sticks to the wall*); never a list's end (*a sofa and chairs.*)."""
    if t.i + 1 >= len(tokens):
        return False
    after = tokens[t.i + 1]
    if after.pos in ("DET", "NUM", "PRON") and after.tag not in ("WDT", "WP", "WP$"):
        return True
    determined = any(x.head == head.i and x.dep in ("det", "poss") for x in tokens)
    return determined and after.pos in ("ADP", "ADV", "PART")


def noun_read_as_verb(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the main verb may be the second noun of its subject: a verb in *-s* that is also a
    plural noun, right after its subject's singular noun, before a word that is the plural's
    verb (*The zoo gates open at nine*: *zoo* the subject, *gates* the verb, *open* its
    adjective); read so, the edit would make *The zoo gated open*."""
    from lemminflect import getAllLemmas

    tokens = analysis.sentence.tokens
    verb = tokens[main.verb]
    if verb.tag != "VBZ" or not 0 < main.verb < len(tokens) - 2 or len(main.verb_group) > 1:
        return None
    before, after, then = tokens[main.verb - 1], tokens[main.verb + 1], tokens[main.verb + 2]
    if (
        before.dep == "nsubj"
        and before.head == main.verb
        and before.tag == "NN"
        and getAllLemmas(verb.text.lower(), upos="NOUN")
        and english.verb_lemma(verb.text, verb.lemma) not in _LINKING
        and after.tag in ("JJ", "VB", "VBP")
        and after.text.lower() in getAllLemmas(after.text.lower(), upos="VERB").get("VERB", ())
        and then.pos not in ("NOUN", "PROPN")
    ):
        return (
            f"'{before.text} {verb.text}' may be one noun, the subject of '{after.text}', "
            f"though the parse makes '{verb.text}' the verb; the clause stays unsettled"
        )
    return None


def clause_after_a_colon(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a negation or a question cannot stop at a colon: the clause after it spells out or
    goes on from the one before (*Try this at home: fill a glass ...*; *The rule is simple:
    nobody leaves early*), and whichever of the two the edit takes, the other would still say,
    or tell to do, what the edit denies or asks."""
    tokens = analysis.sentence.tokens
    pred = main.predicate
    f = plan.features
    if f.get("polarity", pred.polarity) == pred.polarity and f.get("force", pred.force) in (
        pred.force,
        "prop",
    ):
        return None
    for mark in (t for t in tokens if t.text in (":", ";")):
        other = next(
            (
                t
                for t in tokens
                if t.pos in ("VERB", "AUX")
                and t.dep not in ("aux", "auxpass")
                and (t.i > mark.i) != (main.verb > mark.i)
                and (t.head == main.verb or t.dep == "ROOT" or main.verb == t.head != t.i)
            ),
            None,
        )
        if other is not None and other.i != main.verb:
            return (
                f"the clause '{phrase(analysis, other)}' stands on the other side of the "
                f"'{mark.text}' and goes on from the one the edit takes; negated or asked alone, "
                "that one would leave it saying what it says"
            )
    return None


def clause_joined_in_a_complement(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a clause after *, and* (*, but*, *, or*) that the parse joins to the main verb's
    complement cannot be left as it is: with its own subject and no *that* of its own (*moved
    that the report be received, and the motion was seconded*), it reads as well as a second
    main clause, which the edit of the first would not reach."""
    tokens = analysis.sentence.tokens
    for t in tokens:
        if t.dep != "conj" or t.pos not in ("VERB", "AUX") or not 0 <= t.head < len(tokens):
            continue
        head = tokens[t.head]
        if head.dep != "ccomp" or head.head != main.verb or head.i == main.verb:
            continue
        kids = [x for x in tokens if x.head == t.i and x.i < t.i]
        subj = next((x for x in kids if x.dep in _SUBJECTS), None)
        if subj is None or any(x.dep == "mark" for x in kids):
            continue
        start = min([subj.i, *(i for i in range(subj.i) if descends(tokens, i, subj.i))])
        if _already_in(plan, main, tokens, t):
            continue  # (a past edit of two clauses in the past changes neither)
        if start >= 2 and tokens[start - 1].dep == "cc" and tokens[start - 2].text == ",":
            return (
                f"the parse joins the clause '{phrase(analysis, t)}' to the complement of "
                f"'{tokens[main.verb].text}'; after '{tokens[start - 2].text} "
                f"{tokens[start - 1].text}' it may as well be a second main clause, which the "
                "edit would not reach"
            )
    return None


def _already_in(plan: EditPlan, main: Frame, tokens, verb: Token) -> bool:
    """Whether the plan only sets a tense that the main clause and the clause of ``verb``
    both have already (a past verb or a past auxiliary: *was seconded*)."""
    f = plan.features
    if set(f) != {"tense"} or plan.swap or f["tense"] != main.predicate.tense:
        return False
    group = [verb, *(x for x in tokens if x.head == verb.i and x.dep in ("aux", "auxpass"))]
    first = min(group, key=lambda x: x.i)
    return f["tense"] == "past" and first.tag == "VBD"


def clause_read_as_frame(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a main verb whose complement comes before its subject with no comma or quotation
    mark between them is a misread: a frame after what it frames is set off (*The tide turns
    at six, the harbourmaster says*), so *I wasted my evening picking up junk I didn't need*
    read as 'I didn't need' framing the rest is the relative clause taken for the main one."""
    tokens = analysis.sentence.tokens
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if subj is None or subj.span[0] <= 0:
        return None
    if (tokens[main.verb].lemma or "").lower() in _CLAUSE_TAKING:
        return None  # a frame of saying or thinking (*... he said*, however it is set off)
    framed = next(
        (t for t in tokens if t.head == main.verb and t.dep == "ccomp" and t.i < subj.span[0]),
        None,
    )
    if framed is None:
        return None
    if any(t.text in _PUNCT for t in tokens[framed.i + 1 : subj.span[0]]):
        return None  # (*The storm passed, so we set off*: set off by the comma)
    text = analysis.sentence.text
    said = text[tokens[subj.span[0]].start : tokens[main.verb].end]
    return (
        f"the parse reads '{said}' as the main clause with "
        f"'{phrase(analysis, framed)}' before it as its complement, though nothing sets that "
        "off; which clause is the main one stays unsettled"
    )


def clause_as_subject(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a tense, a perfect, a question or a cleft cannot go on a clause whose subject is a
    clause with a finite verb of its own (*What looks like a harbour scene is in fact a
    record*): the subject's verb keeps its tense, and *What looks like ... was* or *... has
    been* no longer holds together (the realizer does not retense a subject); a question
    would set the verb before a whole clause (*Is what looks like ... a record?*), and a
    cleft would focus one (*It is what looks like ... that is*), which nobody writes."""
    pred = main.predicate
    f = plan.features
    new_tense = f.get("tense", pred.tense) != pred.tense
    new_perfect = f.get("perfect") is True and not pred.perfect
    asked = f.get("force", pred.force) == "ques" and pred.force != "ques"
    if not (new_tense or new_perfect or asked or f.get("cleft")):
        return None
    tokens = analysis.sentence.tokens
    for t in tokens:
        if t.head != main.verb or t.dep != "csubj" or t.i == main.verb:
            continue
        finite = t.tag in _FINITE_TAGS or any(
            x.head == t.i and x.dep in ("aux", "auxpass") and x.tag in _FINITE_TAGS for x in tokens
        )
        if finite:
            return (
                f"the subject '{phrase(analysis, t)}' is a clause with its own verb "
                f"('{t.text}'); "
                + (
                    "the edit would leave it in its tense beside the new one"
                    if new_tense or new_perfect
                    else "the edit would set a verb before or a focus on a whole clause"
                )
            )
    return None


def subject_ends_in_a_conjunction(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why a subject the parse ends with a conjunction cannot be trusted (*Why does my terrier
    bark at the postman but ignore ...*: 'my terrier bark at the postman but' the subject):
    where the subject ends and the verb begins is unsettled. (It runs after the checks that
    name the misread word itself, whose reasons say more.)"""
    tokens = analysis.sentence.tokens
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if subj is None:
        return None
    words = [t for t in tokens[subj.span[0] : subj.span[1]] if t.pos != "PUNCT"]
    if words and words[-1].dep == "cc":
        return (
            f"the parse ends the subject '{subj.text}' with '{words[-1].text}'; where the "
            "subject ends and the verb begins stays unsettled"
        )
    return None


# The edits that put words after a question's subject or take its operator out of it.
_AFTER_THE_SUBJECT = ("modality", "perfect", "progressive", "cleft", "force")


def copula_without_complement(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """*Was Margaret the daughter of John's first wife?*: the parse gives *be* a subject that runs
    to the end of the sentence (the complement read as an apposition to it) and nothing after it.
    Where the subject ends is not settled, so an edit that writes a word after it (*Might
    Margaret the daughter ... have been?*) or moves the operator there cannot be made; an edit
    of the operator alone (*Wasn't Margaret ...?*) can."""
    pred = main.predicate
    changed = {
        k for k in _AFTER_THE_SUBJECT if plan.features.get(k, getattr(pred, k)) != getattr(pred, k)
    }
    if not (changed or plan.swap):
        return None
    tokens = analysis.sentence.tokens
    verb = tokens[main.verb]
    if (verb.lemma or "").lower() != "be" or len(main.verb_group) != 1:
        return None
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if subj is None or subj.span[0] < verb.i or subj.span[1] - subj.span[0] < 3:
        return None
    if any(a.function not in ("subj", "neg", "adv") for a in main.arguments):
        return None
    if not all(t.text in _PUNCT for t in tokens[subj.span[1] :]):
        return None
    return (
        f"the parse gives '{verb.text}' nothing after its subject ('{subj.text}'): the "
        "complement is read inside the subject, so where the subject ends is not settled"
    )


def question_without_subject(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """*Are the new hives in the orchard?*: the parse of a polar question gives its operator no
    subject (the subject read as the complement), so the verb would agree with nothing and an
    edit would put its words in the wrong place (*Has been the new hives ...?*)."""
    pred = main.predicate
    if not plan.swap and all(getattr(pred, k, None) == v for k, v in plan.features.items()):
        return None  # nothing to change: "unchanged"
    tokens = analysis.sentence.tokens
    words = [t for t in tokens if t.text not in _PUNCT]
    if not words or tokens[-1].text != "?" or words[0].i not in main.verb_group:
        return None
    if any(a.function == "subj" for a in main.arguments):
        return None
    if any(
        t.dep in ("nsubj", "nsubjpass", "expl", "csubj") and t.head == main.verb for t in tokens
    ):
        return None
    return (
        f"the parse gives the question's '{words[0].text}' no subject (it reads what follows as "
        "its complement), so the edit could not put the subject before or after the verb"
    )


def operator_of_another_verb(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """*Can you send me some of those cookies Grandma makes?*: the question's operator opens the
    sentence, but the parse makes another verb the main one (*makes*, with *send* its
    complement); an edit of that verb would edit a relative clause and leave the question."""
    tokens = analysis.sentence.tokens
    pred = main.predicate
    if (
        not plan.swap
        and set(plan.features) <= {"voice"}
        and all(getattr(pred, k, None) == v for k, v in plan.features.items())
    ):
        return None  # already active, whichever verb is the main one
    if not tokens or tokens[-1].text != "?":
        return None
    first = tokens[0]
    if first.tag != "MD" and first.dep not in ("aux", "auxpass"):
        return None
    if first.i in main.verb_group or first.head == main.verb or not 0 <= first.head < len(tokens):
        return None
    owner = tokens[first.head]
    return (
        f"the question's operator '{first.text}' belongs to '{owner.text}', but the parse makes "
        f"'{tokens[main.verb].text}' the main verb; the edit would change the wrong clause"
    )
