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
    noun, a numeral other than *one* before it, an *and*-coordination, or *a number of* / *a lot
    of* + a plural noun; singular for a plural-looking noun after *a*/*this* (*an annual
    savings*) and for a noun with a label numeral after it (*Section 106*); else third singular."""
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
    low = tok.text.lower()
    if low in _PLURAL_PRONOUNS:
        return english.THIRD_PL  # *many of the soldiers were*, *both are*
    if low in _PARTITIVES:  # *some of the water is*, *most of the students are*
        of = next(
            (t for t in deps if t.dep == "prep" and t.text.lower() == "of" and t.i > head), None
        )
        noun = next(
            (t for t in tokens if of is not None and t.head == of.i and t.dep == "pobj"), None
        )
        if noun is not None:
            return noun_phrase(tokens, noun.i)
    # a numeral before the noun counts it (*two sheep*); one after it is a label (*Section 106*)
    numeral = any(
        t.dep == "nummod" and t.i < head and t.text.lower() not in ("one", "1") for t in deps
    )
    # *the museum, the zoo and the aquarium*: the *and* hangs on the last conjunct
    chain = {head}
    for t in tokens:
        if t.dep == "conj" and t.head in chain:
            chain.add(t.i)
    coordinated = len(chain) > 1 and any(
        t.dep == "cc" and t.text.lower() == "and" and t.head in chain for t in tokens
    )
    singular_det = any(t.dep == "det" and t.text.lower() in _SINGULAR_DETERMINERS for t in deps)
    if tok.text.lower() in _PLURAL_QUANTITIES and any(
        t.dep == "det" and t.text.lower() in ("a", "an") for t in deps
    ):
        of = next(
            (t for t in deps if t.dep == "prep" and t.text.lower() == "of" and t.i > head), None
        )
        noun = next(
            (t for t in tokens if of is not None and t.head == of.i and t.dep == "pobj"), None
        )
        if noun is not None and (
            noun.tag in _PLURAL_TAGS or noun.text.lower() in ("people", "children")
        ):
            return english.THIRD_PL  # *a number of steps have been taken*
    if singular_det and tok.tag in _PLURAL_TAGS and not coordinated:
        return english.THIRD_SG  # *an annual net savings of $5 million is estimated*
    if tok.tag in _PLURAL_TAGS or numeral or coordinated:
        return english.THIRD_PL
    return english.THIRD_SG


_SINGULAR_DETERMINERS = english.read_lexicon("singular_determiners")
# Quantifiers standing for a noun phrase: some always plural, some taking the number of their
# of-phrase (*some of the water is*, *some of the pipes are*).
_PLURAL_PRONOUNS = frozenset({"many", "few", "several", "both", "others"})
_PARTITIVES = english.read_lexicon("partitive_quantifiers")
# Quantity nouns that take the number of their of-phrase after *a* (*a number of*, *a lot of*).
# Collective nouns (*a group of people*) take either number in English; Seam writes the plural
# that their usual plural of-phrase suggests, as most writers do.
_PLURAL_QUANTITIES = english.read_lexicon("plural_quantity_nouns")


def clause_subject(analysis: Analysis, frame: Frame) -> Agreement:
    """Agreement of a clause's unchanged subject: the noun phrase's, except that a third-person
    subject takes the number the source verb form shows where it shows one (*the family are*);
    an imperative's understood subject is *you*."""
    tokens = analysis.sentence.tokens
    subj = next((a for a in frame.arguments if a.function == "subj"), None)
    if subj is None:
        if imperative(tokens, frame):
            return (
                english.pronoun_agreement("you") or english.THIRD_SG
            )  # an imperative: understood *you*
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
    # a fronted clause or phrase of the verb may come first (*If you forget it, click ...*)
    fronted = {
        t.i
        for t in tokens[: frame.verb]
        if t.head == frame.verb and t.dep in ("advcl", "prep", "advmod", "npadvmod")
    }

    return all(
        i in group
        or t.pos in ("PUNCT", "INTJ")
        or t.text.lower() == "please"
        or any(english.descends(tokens, i, f) for f in fronted)
        for i, t in enumerate(tokens[: frame.verb])
    )
