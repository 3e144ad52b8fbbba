"""Where a phrase after the verb ends, and which words stay with the verb when the arguments
move: a time or verb phrase after an object, a secondary predicate (*painted the shed red*), a
complement prepositional phrase, and an object the parse cannot be trusted on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .. import english
from ..ir import Argument, Frame, Token


def unreliable_object(tokens: Sequence[Token], obj: Argument | None) -> str | None:
    """Why the parse of the object cannot be trusted for moving it, or None: an object headed by
    an adjective after a compound noun is a secondary predicate the parse did not separate
    (*painted the kitchen yellow*: *kitchen* compound, *yellow* object)."""
    if obj is None:
        return None
    head = tokens[obj.head]
    if _may_be_adjective(head) and any(
        t.head == head.i and t.dep == "compound" and t.pos in ("NOUN", "PROPN") for t in tokens
    ):
        return (
            f"the object '{obj.text}' ends in the adjective '{head.text}', a secondary predicate "
            "(resultative or depictive) that the parse does not separate from the object"
        )
    kids = [t for t in tokens if t.head == head.i and t.i != head.i]
    participle = next((t for t in kids if t.dep == "acl" and t.tag == "VBG" and t.i > head.i), None)
    if participle is not None and any(t.head == participle.i and t.dep == "dobj" for t in tokens):
        return (
            f"the participle '{participle.text}' after the object '{head.text}' may describe the "
            "subject (a caption's second participle), and moving the object would carry it along"
        )
    if (
        head.tag == "NN"
        and any((t.dep == "compound" and t.tag == "NNP") or t.tag == "PRP" for t in kids)
        and not any(t.dep in ("det", "poss", "nummod", "predet") for t in kids)
    ):
        return (
            f"the object '{obj.text}' is a name before a bare noun, likely an object and its "
            f"predicate (elected X {head.text}) that the parse does not separate"
        )
    return None


_SECONDARY_DEPS = ("oprd", "advcl", "advmod", "acomp", "ccomp", "xcomp")


def without_time_phrase(tokens: Sequence[Token], obj: Argument) -> Argument:
    """The object without a time phrase at its very end (*new measures to curb inflation [on
    Tuesday]*): the parser hangs it inside the object, but it dates the verb, and it stays
    after the verb when the object moves."""

    for pp in (
        t
        for t in tokens
        if t.dep == "prep"
        and obj.span[0] < t.i < obj.span[1]
        and t.head != t.i
        and t.text.lower() in _TIME_PREPOSITIONS
    ):
        end = subtree_end(tokens, pp.i)
        if end != obj.span[1] - 1:
            continue
        noun = next((t for t in tokens if t.head == pp.i and t.dep == "pobj"), None)
        if noun is not None and (
            noun.ent_type in ("DATE", "TIME") or noun.text.lower() in _TIME_NOUNS
        ):
            return replace(
                obj,
                span=(obj.span[0], pp.i),
                text=" ".join(t.text for t in tokens[obj.span[0] : pp.i]),
            )
    return obj


def without_verb_phrase(tokens: Sequence[Token], agent: Argument) -> Argument:
    """The by-phrase without a phrase at its end that modifies the verb, not the agent: a time
    phrase (*on Monday*, *during the night*) or one about the subject (*bitten by a dog on his
    morning round*: a possessive pronoun). The parser hangs such phrases on the agent's noun;
    in the active they stay after the verb."""

    noun = next((t for t in tokens if t.head == agent.head and t.dep == "pobj"), None)
    if noun is None:
        return agent
    for pp in (
        t for t in tokens if t.head == noun.i and t.dep == "prep" and noun.i < t.i < agent.span[1]
    ):
        inner = [t for t in tokens if english.descends(tokens, t.i, pp.i) and t.i != pp.i]
        obj = next((t for t in inner if t.head == pp.i and t.dep == "pobj"), None)
        if obj is None or pp.text.lower() == "of":
            continue
        temporal = (
            obj.ent_type in ("DATE", "TIME")
            or obj.text.lower() in _TIME_NOUNS
            or pp.text.lower() in ("during", "before", "after", "since", "until")
        )
        possessive = any(t.tag == "PRP$" for t in inner)
        if temporal or possessive:
            return replace(
                agent,
                span=(agent.span[0], pp.i),
                text=" ".join(t.text for t in tokens[agent.span[0] : pp.i]),
            )
    return agent


def secondary_predicate_end(
    tokens: Sequence[Token], frame: Frame, obj: Argument | None
) -> int | None:
    """The last token of a secondary predicate right after the object (*painted the fence
    white*, *elected him president*), or None: a passive's by-phrase follows it."""
    if obj is None or obj.span[1] >= len(tokens):
        return None
    first = tokens[obj.span[1]]
    if first.head == frame.verb and (
        first.dep == "oprd" or (first.dep in _SECONDARY_DEPS and first.tag.startswith("JJ"))
    ):
        return first.i
    if (
        first.dep == "det"
        and tokens[first.head].dep == "oprd"
        and tokens[first.head].head == frame.verb
    ):
        return subtree_end(tokens, first.head)  # called him a liar; called it the end of an era
    return None


# Prepositions that head a verb's place or goal complement right after its object (*hang the
# painting on the wall*, *carry passengers across the bay*): a passive's by-phrase follows it.
_WITH_VERBS = english.read_lexicon("with_verbs")  # *fill the room with light*

COMPLEMENT_PREPOSITIONS = english.read_lexicon("complement_prepositions")


def complement_pp_end(tokens: Sequence[Token], frame: Frame, obj: Argument | None) -> int | None:
    """The last token of a place or goal phrase of the verb right after its object, or None: a
    passive's by-phrase goes after it (*The painting was hung on the wall by her*). Time phrases
    (*on Monday*) are adjuncts and are left alone."""
    if obj is None or obj.span[1] >= len(tokens):
        return None
    first = tokens[obj.span[1]]
    if (
        first.dep == "prep"
        and first.text.lower() == "of"
        and frame.predicate.lemma in english.OF_COMPLEMENT_VERBS
    ):
        return subtree_end(tokens, first.i)  # cured of their fear by ...
    # *filled with a quiet light by her paintings*: the verb's own *with*-phrase
    with_verb = first.text.lower() == "with" and frame.predicate.lemma in _WITH_VERBS
    if first.dep not in ("prep", "dative") or (
        first.text.lower() not in COMPLEMENT_PREPOSITIONS and not with_verb
    ):
        return None
    placement = frame.predicate.lemma in english.placement_verbs() or with_verb
    if not placement and (first.head != frame.verb or first.text.lower() not in _GOAL_PREPOSITIONS):
        # a place phrase of another verb may modify the object (bought the house on the hill)
        return None
    if first.head not in (frame.verb, obj.head):
        return None
    pobj = next((t for t in tokens if t.head == first.i and t.dep == "pobj"), None)
    if pobj is None or pobj.ent_type in ("DATE", "TIME") or pobj.text.lower() in _TIME_NOUNS:
        return None
    end = subtree_end(tokens, first.i)
    if any(
        t.text in (",", ";", "(") or t.pos in ("VERB", "AUX") for t in tokens[first.i : end + 1]
    ):
        return (
            None  # a long phrase with its own clause or apposition: the by-phrase stays before it
        )
    return end


_TIME_PREPOSITIONS = english.read_lexicon("time_phrase_prepositions")


_GOAL_PREPOSITIONS = english.read_lexicon("goal_prepositions")


# A noun of time (rules/lexicon/time_nouns.txt), and *the past*, *the future*: a phrase of time
_TIME_NOUNS = english.read_lexicon("time_nouns") | {"past", "future"}


def subtree_end(tokens: Sequence[Token], head: int) -> int:
    """The last token of ``head``'s subtree (the parse's phrase headed there)."""
    end = head
    for t in tokens:
        if t.i > end and english.descends(tokens, t.i, head):
            end = t.i
    return end


def _may_be_adjective(tok: Token) -> bool:
    """Tagged an adjective, or a noun-tagged word from the secondary-predicate lexicon (*red*)."""
    return tok.tag.startswith("JJ") or tok.text.lower() in english.result_adjectives()
