"""Verbless captions read as clauses, for every backend.

SNLI's captions are often a noun phrase with an ``-ing`` participle (*A man in a blue shirt
standing in front of a garage.*), which annotators read as a present progressive clause:
:func:`restore` inserts *is*/*are* before the participle and returns the analysis of that
clause, where it parses as meant, with a note for the record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import english
from .english import Agreement
from .ir import Analysis, Token

_PUNCT_END = {".", "?", "!"}


def children(tokens: Sequence[Token]) -> list[list[int]]:
    """Each token's dependents, by index."""
    kids: list[list[int]] = [[] for _ in tokens]
    for t in tokens:
        if t.head != t.i and 0 <= t.head < len(tokens):
            kids[t.head].append(t.i)
    return kids


def restore(analyzer, analyses: Sequence[Analysis]) -> list[tuple[Analysis, str] | None]:
    """For each analysis of a verbless caption, the analysis of its clause reading and a note
    (one analyzer batch over the restored texts); None where there is none or the clause does
    not parse as meant (the participle heading a finite present progressive main clause)."""
    todo = [(k, found) for k, a in enumerate(analyses) if (found := caption_clause(a)) is not None]
    out: list[tuple[Analysis, str] | None] = [None] * len(analyses)
    if not todo:
        return out
    clauses = analyzer.analyze([found.text for _, found in todo])
    for (k, found), clause in zip(todo, clauses, strict=True):
        main = clause.main_frame
        tokens = clause.sentence.tokens
        if (
            main is None
            or not main.finite
            or main.verb != found.verb
            or not main.predicate.progressive
            or main.predicate.tense != "pres"
            or tokens[found.verb].text != found.verb_text
        ):
            continue
        out[k] = (clause, found.note)
    return out


@dataclass(frozen=True)
class CaptionClause:
    text: str  # the caption with "is"/"are" inserted
    verb: int  # the participle's token index in the restored text
    verb_text: str
    note: str


def caption_clause(analysis: Analysis) -> CaptionClause | None:
    """The clause reading of a verbless caption (*A man in a blue shirt standing ...*), or None.

    A caption is a subject-like noun phrase with an ``-ing`` participle: the parse's root is
    a noun with an ``acl`` participle of its own (not of a noun inside a prepositional phrase:
    *a view of a woman having a beverage* is no clause), or the root is the participle with a
    subject and no auxiliary. *is*/*are* (agreeing with the noun) goes before the participle and
    its adverbs; the rest of the text is kept as it is. Past participles (*a dog covered in
    mud*) are left alone, as are stative verbs (*a box containing toys*) and participles after
    an unpaired comma (*a man in a hat , jumping ...*), where a copula would separate subject
    and verb by one comma.
    """
    tokens = analysis.sentence.tokens
    roots = [t for t in tokens if t.dep == "ROOT"]
    if len(roots) != 1:
        return None
    root = roots[0]
    main = analysis.main_frame
    if main is not None and main.finite and main.verb == root.i:
        return (
            None  # a clause already; a finite verb elsewhere (*... while she waits*) does not count
        )
    kids = children(tokens)
    if root.pos in ("NOUN", "PROPN", "PRON"):
        subj = root
        part = next(
            (
                tokens[c]
                for c in kids[root.i]
                if c > root.i and tokens[c].dep == "acl" and tokens[c].tag == "VBG"
            ),
            None,
        )
    elif root.pos == "VERB" and root.tag == "VBG":
        if any(tokens[c].dep in ("aux", "auxpass") for c in kids[root.i]):
            return None
        subj = next(
            (
                tokens[c]
                for c in kids[root.i]
                if c < root.i
                and tokens[c].dep == "nsubj"
                and tokens[c].pos in ("NOUN", "PROPN", "PRON")
            ),
            None,
        )
        part = root
    else:
        return None
    if subj is None or part is None or any(tokens[c].dep == "case" for c in kids[subj.i]):
        return None
    if english.verb_lemma(part.text, part.lemma) in english.STATIVE_VERBS:
        return None  # *a show consisting of ...* has no progressive reading
    # another participle that could be the clause's verb: one that modifies a noun or the
    # first participle, opened by no subordinator or preposition (not *after ripping up paper*,
    # *while looking confused*, *a crying baby*, *running and jumping*, *keeps running*)
    describes = english.verb_lemma(part.text, part.lemma) in _DESCRIBING
    later = [
        t
        for t in tokens
        if t.i > part.i
        and t.tag == "VBG"
        # (after *wearing*, an *-ing* the parse hangs on it is another action: *wearing makeup
        # playing a bass*; after another verb it is its complement: *enjoying cooling off*)
        and (t.dep == "acl" or (describes and t.dep in ("advcl", "xcomp") and t.head == part.i))
        and not any(c.head == t.i and c.dep == "mark" for c in tokens)
        and not any(tokens[j].text == "," for j in range(part.i, t.i))
    ]
    describing = [english.verb_lemma(t.text, t.lemma) in _DESCRIBING for t in [part, *later]]
    if later and not all(describing[1:]):
        # *A boy wearing pajamas leaping into the air*: the first participle describes him and
        # the other tells what he does (*A man riding a bike wearing a helmet*: the first
        # does); of two actions, which one is the clause's is not clear
        if not describing[0] or len(later) > 1:
            return None
        part = later[0]
    if _misparsed_verb(tokens, kids, part.i):
        return None
    ins = part.i
    # *is* goes before the participle's adverbs and its *not* (*People not standing in line*)
    while (
        ins - 1 > subj.i
        and tokens[ins - 1].dep in ("advmod", "neg")
        and tokens[ins - 1].head == part.i
    ):
        ins -= 1
    commas = [
        j
        for j in range(subj.i + 1, ins)
        if tokens[j].text == "," and tokens[j].head in (subj.i, part.i)
    ]
    if len(commas) % 2:
        return None
    be = english.be_form("pres", _caption_agreement(tokens, kids, subj))
    text = analysis.text
    pos = tokens[ins].start
    restored = text[:pos] + be + " " + text[pos:]
    first = (
        analysis.sentence.span_text(0, subj.i + 1)
        if subj.i < 4
        else f"{tokens[0].text} ... {subj.text}"
    )
    gap = " ..." if ins > subj.i + 1 else ""
    rest = " ..." if any(t.text not in _PUNCT_END for t in tokens[part.i + 1 :]) else ""
    note = (
        f"read the caption as a clause: '{first}{gap} {be} "
        f"{analysis.sentence.span_text(ins, part.i + 1)}{rest}'"
    )
    return CaptionClause(restored, part.i + 1, part.text, note)


_SINGULAR_DETERMINERS = ("a", "an", "another", "each", "every", "this", "that")
# participles that describe what someone has on or in hand (*a man wearing a hat*), beside
# the one that tells what they do (*... riding a bike*)
_DESCRIBING = frozenset({"wear", "hold", "carry", "sport"})


def _misparsed_verb(tokens: Sequence[Token], kids: list[list[int]], after: int) -> bool:
    """A plural noun with a singular determiner after the participle is a finite verb the
    tagger took for a noun (*a man running a marathon talks to his friend*): that text is a
    clause already, and inserting *is* would break it."""
    return any(
        t.i > after
        and t.tag == "NNS"
        and any(
            tokens[c].dep == "det" and tokens[c].text.lower() in _SINGULAR_DETERMINERS
            for c in kids[t.i]
        )
        for t in tokens
    )


def _caption_agreement(tokens: Sequence[Token], kids: list[list[int]], subj: Token) -> Agreement:
    agr = english.pronoun_agreement(subj.text)
    if agr is not None:
        return agr
    # a numeral before the noun counts it; one after it is a label (*Dirt biker number 52*)
    numeral = any(
        tokens[c].dep == "nummod" and c < subj.i and tokens[c].text.lower() not in ("one", "1")
        for c in kids[subj.i]
    )
    coordinated = any(tokens[c].dep == "conj" for c in kids[subj.i]) and any(
        tokens[c].dep == "cc" and tokens[c].text.lower() == "and" for c in kids[subj.i]
    )
    if subj.tag in ("NNS", "NNPS") or numeral or coordinated:
        return english.THIRD_PL
    return english.THIRD_SG
