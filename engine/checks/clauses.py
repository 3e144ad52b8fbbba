"""Reading a clause off an analysis, for the refusals and the output checks: the tokens of the
main clause, its temporal and conditional clauses, its finite verb, where a place phrase or a
prepositional object sits, punctuation, and agreement features."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from .. import english
from ..ir import Analysis, Frame, Token

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


def depends_on(tokens: Sequence[Token], i: int, head: int, *, within_clause: bool = False) -> bool:
    """Whether token ``i`` depends on token ``head`` at any depth (``i`` itself does not);
    ``within_clause``: without crossing into a relative, complement, adverbial or coordinated
    clause on the way."""
    seen = set()
    while 0 <= i < len(tokens) and i not in seen and tokens[i].head != i:
        seen.add(i)
        if within_clause and tokens[i].dep in (*_CLAUSE_BOUNDARIES, "conj"):
            return False
        i = tokens[i].head
        if i == head:
            return True
    return False


def conj_of(tokens: Sequence[Token], i: int, verb: int) -> bool:
    """Whether token ``i`` is coordinated with ``verb``, directly or through other conjuncts
    (*receives ..., identifies ... and stores*: each hangs on the one before)."""
    seen = set()
    while tokens[i].dep == "conj" and i not in seen and 0 <= tokens[i].head < len(tokens):
        seen.add(i)
        i = tokens[i].head
        if i == verb:
            return True
    return False


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


# Subordinators of temporal and conditional clauses, which follow the main clause's sequence of
# tenses (*When the bell rang, the children ran out.*): rules/lexicon/temporal_subordinators.txt
TEMPORAL_SUBORDINATORS = english.read_lexicon("temporal_subordinators")


# Subordinators of concessive and causal clauses (*even though the drive shows up*), which
# follow a main clause put into the past: rules/lexicon/concessive_subordinators.txt
CONCESSIVE_SUBORDINATORS = english.read_lexicon("concessive_subordinators")


def temporal_clauses(
    analysis: Analysis,
    main: Frame,
    subordinators: frozenset[str] = TEMPORAL_SUBORDINATORS,
    modals: bool = False,
) -> list[Frame]:
    """Finite temporal and conditional clauses that modify ``main`` (``advcl`` with a
    subordinator of :data:`TEMPORAL_SUBORDINATORS`, or of ``subordinators``), without a modal
    of their own unless ``modals`` (*if he can hold his serve*, *before they could take it*)."""
    tokens = analysis.sentence.tokens
    out = []
    for f in analysis.frames:
        if (
            f is main
            or not f.finite
            or (f.predicate.modality and not modals)
            or not 0 <= f.verb < len(tokens)
        ):
            continue
        verb = tokens[f.verb]
        if verb.dep != "advcl":
            continue
        # *as soon as I get home*: the clause hangs on *soon*, an adverb of the main verb
        via = tokens[verb.head] if 0 <= verb.head < len(tokens) else None
        if verb.head != main.verb and not (
            via is not None and via.dep in ("advmod", "xcomp") and via.head == main.verb
        ):
            # (*keeps crashing whenever I open it*: the clause hangs on the verb's complement)
            continue
        # the words that open the clause, before its subject (*although the roof still
        # leaks*: 'still' is the clause's own adverb, no part of its subordinator)
        start = min(
            (t.i for t in tokens if t.head == f.verb and t.dep in ("nsubj", "nsubjpass", "expl")),
            default=f.verb,
        )
        # (*when the vehicle is sold or transferred*: the parse may hang *when* on the
        # second verb, but it stands before the subject of both)
        conjuncts = {f.verb} | {t.i for t in tokens if t.head == f.verb and t.dep == "conj"}
        marks = [
            t for t in tokens if t.head in conjuncts and t.dep in ("mark", "advmod") and t.i < start
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
        focused = words.split(" ", 1)[1] if words.startswith(("only ", "just ")) else None
        if (
            words in subordinators
            or focused in subordinators  # *only if he becomes involved*, *just before*
            or (marks and marks[0].text.lower() in subordinators and len(marks) == 1)
        ):
            out.append(f)
    return out


def punctuation(analysis: Analysis):
    """The sentence's inner punctuation marks, counted (commas, semicolons, colons, dashes,
    parentheses); the final mark is the plan's business."""

    tokens = analysis.sentence.tokens
    inner = tokens[:-1] if tokens and tokens[-1].text in (".", "?", "!") else tokens
    return Counter(t.text for t in inner if t.text in (",", ";", ":", "(", ")", "--", "—"))


def prepositional_object(analysis: Analysis, frame: Frame) -> Frame:
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


def place_with_verb(analysis: Analysis, frame: Frame, lemma: str | None = None) -> Frame:
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


def finite_verb(analysis: Analysis, frame: Frame):
    """The first token of a frame's verb group that shows subject agreement, or None."""
    tokens = analysis.sentence.tokens
    for i in sorted(set(frame.verb_group) | {frame.verb}):
        if 0 <= i < len(tokens) and agreement_of(tokens[i]):
            return tokens[i]
    return None


def agreement_of(token) -> frozenset[str]:
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


_LINK_DEPS = ("ccomp", "parataxis", "conj", "advcl")


def heads_a_finite_clause(tokens: Sequence[Token], verb: Token) -> bool:
    """Whether ``verb`` heads a finite clause: a finite form, or a finite auxiliary or a modal
    of its own."""
    return verb.tag in ("VBZ", "VBP", "VBD") or any(
        c.head == verb.i and c.dep in ("aux", "auxpass") and c.tag in ("VBZ", "VBP", "VBD", "MD")
        for c in tokens
    )


def linked_clauses(analysis: Analysis, main: Frame) -> list[Token]:
    """Verbs of main clauses joined to the main one by a semicolon or by *, so* (*The road is
    icy, so drivers slow down*; *The Moon makes no light; it reflects the Sun's*), each finite
    with a subject of its own and no subordinator: a tense edit reaches them as it reaches
    coordinated clauses (the parse makes one of the two the other's dependent)."""
    tokens = analysis.sentence.tokens
    if not any(t.head == main.verb and t.dep in ("nsubj", "nsubjpass", "expl") for t in tokens):
        return []  # *..., so don't wait for us*: an imperative takes no tense
    out = []
    for t in tokens:
        if t.head != main.verb or t.i == main.verb or t.dep not in _LINK_DEPS:
            continue
        if t.pos not in ("VERB", "AUX"):
            continue
        own = [c for c in tokens if c.head == t.i]
        if not any(c.dep in ("nsubj", "nsubjpass") for c in own) or any(
            c.dep == "mark" or c.tag in ("WRB", "WDT", "WP") for c in own
        ):
            continue
        if not heads_a_finite_clause(tokens, t):
            continue
        lo, hi = sorted((t.i, main.verb))
        between = [x for x in tokens[lo:hi] if x.head in (t.i, main.verb) or x.text == ";"]
        semicolon = any(x.text == ";" for x in tokens[lo:hi])
        so = any(
            x.text.lower() == "so"
            and x.i > 0
            and tokens[x.i - 1].text == ","
            and x.head == max(t.i, main.verb)
            and x.dep in ("advmod", "cc")
            and not (x.i + 1 < len(tokens) and tokens[x.i + 1].text.lower() == "that")
            for x in between
        )
        if (semicolon or so) and _same_time(analysis, t.i, main):
            out.append(t)
    return out


def _same_time(analysis: Analysis, verb: int, main: Frame) -> bool:
    """Whether the clause of ``verb`` is in the main clause's tense, with no *going to* of its
    own: clauses of two times (*The gel shows a band, so the protein expressed*) would lose
    the difference under one tense."""
    frame = next((f for f in analysis.frames if f.verb == verb), None)
    if frame is None:
        return False
    pred, src = frame.predicate, main.predicate
    going = (
        any(
            t.text.lower() == "going" and t.head == verb and t.i < verb
            for t in analysis.sentence.tokens
        )
        or analysis.sentence.tokens[verb].text.lower() == "going"
    )
    return (pred.tense, pred.perfect) == (src.tense, src.perfect) and not going
