"""Phrases and complements: the closed word classes that decide where a phrase belongs (place
prepositions, adverb particles, negative polarity items, wh-words, time words), the verbs whose
*of*- or *to*-phrase is their complement, and the helpers that cut such a phrase off an object
(:func:`verb_complement_cut`, :func:`without_place_phrase`), find the prepositional object a
passive promotes (:func:`prepositional_object`) and walk the dependency tree (:func:`descends`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..ir import Argument
from .inflection import verb_lemma
from .lexicon import placement_verbs, prepositional_verbs, read_lexicon

if TYPE_CHECKING:
    from ..ir import Argument, Frame, Token

# Words that open a wh-question or a wh-clause.
WH_WORDS = read_lexicon("wh_words")
# The words that open the relative clause of an it-cleft (*It was Sam who / that ...*).
CLEFT_RELATIVIZERS = ("who", "whom", "that", "which")
# prepositions of place: a phrase with one after an object may modify the verb as well as the
# noun (*paddling a canoe in the water*), so ``swap`` leaves it after the verb on every backend
LOCATIVE_PREPOSITIONS = read_lexicon("locative_prepositions")


# Adverbial particles of phrasal verbs that may follow the object (*throw the letters away*).
ADVERB_PARTICLES = read_lexicon("adverb_particles")
# Negative polarity items: they need a negation or a question to license them (*anything*,
# *ever*, *yet*): a subject made of one, or a statement that loses its licence, is not English.
NEGATIVE_POLARITY_ITEMS = frozenset(
    {"any", "anything", "anyone", "anybody", "anywhere", "ever", "yet"}
)


# Verbs with an *of*-phrase complement after the object (*cured them of their fear*, *accused
# him of theft*): the phrase is the verb's, whatever the parser attached it to.
OF_COMPLEMENT_VERBS = read_lexicon("of_complement_verbs")


def verb_complement_cut(tokens, obj, lemma: str):
    """The object without the phrase of its verb at its end: a place or goal phrase of a
    placement verb (:func:`placement_verbs`), the *of*-phrase of :data:`OF_COMPLEMENT_VERBS`;
    else ``obj`` itself."""
    if lemma in OF_COMPLEMENT_VERBS:
        return without_place_phrase(tokens, obj, frozenset({"of"}))
    if lemma in placement_verbs():
        return without_place_phrase(tokens, obj)
    return obj


def without_place_phrase(tokens, obj, prepositions: frozenset[str] = LOCATIVE_PREPOSITIONS):
    """The object argument ``obj`` without a place phrase at its end (*a canoe* of *a canoe in
    the water*: a preposition of ``prepositions``, by default :data:`LOCATIVE_PREPOSITIONS`,
    attached to its head after it), or ``obj`` itself. ``tokens``: the sentence's, with spaCy
    heads and dependencies."""

    pp = next(
        (
            t
            for t in tokens
            if t.head == obj.head
            and t.dep == "prep"
            and obj.head < t.i < obj.span[1]
            and t.text.lower() in prepositions
        ),
        None,
    )
    if pp is None:
        return obj
    return replace(
        obj, span=(obj.span[0], pp.i), text=" ".join(t.text for t in tokens[obj.span[0] : pp.i])
    )


def prepositional_object(tokens: Sequence[Token], frame: Frame) -> tuple[int, Argument] | None:
    """(preposition, its object as the argument to promote) for a listed prepositional verb
    whose preposition follows it directly (*laughed at the joke*), or None. Shared by the
    surface realizer (which writes that passive) and the checks (which accept it)."""

    verb = tokens[frame.verb]
    prep = next(
        (t for t in tokens if t.head == frame.verb and t.dep == "prep" and t.i == frame.verb + 1),
        None,
    )
    if prep is None:
        return None
    lemma = verb_lemma(verb.text, verb.lemma)
    if f"{lemma} {prep.text.lower()}" not in prepositional_verbs():
        return None
    pobj = next((t for t in tokens if t.head == prep.i and t.dep == "pobj"), None)
    if pobj is None:
        return None
    # the noun phrase up to its head, with its of-phrases (the effectiveness of the new technology
    # ...); a time phrase after it is the verb's (looks after the children on weekday afternoons);
    # another PP after it may modify the verb (talked about the plan for hours): refused
    end = pobj.i + 1
    for t in tokens:
        if t.head != pobj.i or t.i <= pobj.i or t.dep == "punct":
            continue
        inner = [u for u in tokens if descends(tokens, u.i, t.i)]
        gerund = any(u.head == t.i and u.dep == "pcomp" and u.tag == "VBG" for u in inner)
        if t.dep == "prep" and (t.text.lower() == "of" or gerund) and t.i == end:
            end = (
                max(u.i for u in inner) + 1
            )  # the effectiveness [of the technology] [in promoting ...]
        elif (
            t.dep == "prep"
            and t.i == end
            and any(
                u.ent_type in ("DATE", "TIME", "EVENT") or u.text.lower() in _TIME_WORDS
                for u in inner
                if u.head == t.i
            )
        ):
            break
        else:
            return None
    span = (prep.i + 1, end)
    text = " ".join(t.text for t in tokens[span[0] : span[1]])
    return prep.i, Argument("ARG1", span, text, pobj.i, "obj")


_TIME_WORDS = read_lexicon("day_part_nouns")
# Verbs whose *to*-phrase after the object is the recipient (ARG2 in PropBank): *lent the painting
# to a gallery* is a lending to someone, not a direction.
RECIPIENT_VERBS = read_lexicon("recipient_to_verbs")


def descends(tokens: Sequence[Token], i: int, head: int) -> bool:
    """Whether token ``i`` is ``head`` or below it in the dependency tree of ``tokens``."""
    seen = set()
    while i != head and i not in seen and 0 <= i < len(tokens) and tokens[i].head != i:
        seen.add(i)
        i = tokens[i].head
    return i == head
