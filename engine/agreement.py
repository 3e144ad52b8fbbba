"""Subject-verb agreement read off the dependency analysis, shared by every layer that
inflects a verb for a subject (the surface realizer, caption reading).

>>> from engine.ir import Token
>>> toks = [Token(0, "Two", 0, 3, "two", "NUM", "CD", "nummod", 1, " "),
...         Token(1, "sheep", 4, 9, "sheep", "NOUN", "NN", "nsubj", 1)]
>>> noun_phrase(toks, 1).number
'pl'
"""

from __future__ import annotations

from collections.abc import Sequence

from . import english
from .english import Agreement
from .ir import Analysis, Frame, Token

_PLURAL_TAGS = ("NNS", "NNPS")
_SINGULAR_VERB_FORMS = ("is", "was", "has", "does", "'s")
_PLURAL_VERB_FORMS = ("are", "were", "have", "do", "'re")


def noun_phrase(tokens: Sequence[Token], head: int | None, words: Sequence[str] = ()) -> Agreement:
    """Agreement of the noun phrase headed by ``tokens[head]``: a pronoun's own (``words``,
    when the phrase is a single word as it will be written, e.g. re-cased), plural for a plural
    noun, a numeral other than *one*, or an *and*-coordination; else third singular."""
    if len(words) == 1:
        agr = english.pronoun_agreement(words[0])
        if agr is not None:
            return agr
    if head is None or not 0 <= head < len(tokens):
        return english.THIRD_SG
    tok = tokens[head]
    agr = english.pronoun_agreement(tok.text)
    if agr is not None:
        return agr
    deps = [t for t in tokens if t.head == head and t.i != head]
    numeral = any(t.dep == "nummod" and t.text.lower() not in ("one", "1") for t in deps)
    coordinated = any(t.dep == "conj" for t in deps) and any(t.dep == "cc" and t.text.lower() == "and" for t in deps)
    if tok.tag in _PLURAL_TAGS or numeral or coordinated:
        return english.THIRD_PL
    return english.THIRD_SG


def clause_subject(analysis: Analysis, frame: Frame) -> Agreement:
    """Agreement of a clause's unchanged subject: the noun phrase's, except that a third-person
    subject takes the number the source verb form shows where it shows one (*the family are*);
    an imperative's understood subject is *you*."""
    tokens = analysis.sentence.tokens
    subj = next((a for a in frame.arguments if a.function == "subj"), None)
    if subj is None:
        if imperative(tokens, frame):
            return english.pronoun_agreement("you") or english.THIRD_SG  # an imperative: understood *you*
        return english.THIRD_SG
    words = [tokens[i].text for i in range(*subj.span)]
    by_noun = noun_phrase(tokens, subj.head, words)
    if by_noun.person != 3:
        return by_noun
    for i in frame.verb_group:
        low = tokens[i].text.lower()
        if low in _SINGULAR_VERB_FORMS or tokens[i].tag == "VBZ":
            return english.THIRD_SG
        if low in _PLURAL_VERB_FORMS or tokens[i].tag == "VBP":
            return english.THIRD_PL
    return by_noun


def imperative(tokens: Sequence[Token], frame: Frame) -> bool:
    """A subjectless clause whose base-form verb starts the sentence, after nothing but its own
    auxiliaries (*Do not close ...*), *please*, punctuation or an interjection."""
    if not 0 <= frame.verb < len(tokens) or tokens[frame.verb].tag != "VB":
        return False
    if any(a.function == "subj" for a in frame.arguments) or (tokens and tokens[-1].text == "?"):
        return False
    group = set(frame.verb_group)
    return all(i in group or t.pos in ("PUNCT", "INTJ") or t.text.lower() == "please"
               for i, t in enumerate(tokens[: frame.verb]))
