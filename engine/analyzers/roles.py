"""Semantic roles from the dependency parse: the core arguments by dependency (subject, object,
indirect object, *by*-agent, copular complement) and the modifiers by preposition or word class
(time, location, direction, cause, manner, comitative); spans clipped to contiguous tokens and
adjacent pieces of one phrase merged (:func:`arguments`)."""

from __future__ import annotations

from collections.abc import Sequence

from .. import english
from ..ir import Argument

_LOCATIVE_ADVERBS = english.read_lexicon("locative_adverbs")  # here, outside, home

_LOCATIVE = english.read_lexicon("place_role_prepositions")


_DIRECTIONAL = english.read_lexicon("directional_prepositions")


_TEMPORAL = english.read_lexicon("temporal_prepositions")


_CAUSAL = {"because", "due"}


# Words that make an adverbial one of time (ARGM-TMP): rules/lexicon/time_adverbs.txt and the
# nouns of time_nouns.txt, singular or plural (*three years ago*)
_TIME_NOUNS = english.read_lexicon("time_nouns")
_TIME_WORDS = english.read_lexicon("time_adverbs") | _TIME_NOUNS | {f"{n}s" for n in _TIME_NOUNS}


def _span(tok, exclude: Sequence = ()) -> tuple[int, int]:
    """Token span of ``tok``'s subtree, contiguous, not crossing into ``exclude`` tokens."""
    start, end = tok.left_edge.i, tok.right_edge.i + 1
    for ex in exclude:
        if ex.i < tok.i:
            start = max(start, ex.i + 1)
        elif ex.i > tok.i:
            end = min(end, ex.i)
    return start, end


def _pp_role(prep) -> str:
    low = prep.lower_
    pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
    if low in _TEMPORAL or (
        pobj is not None and (pobj.ent_type_ in ("DATE", "TIME") or pobj.lower_ in _TIME_WORDS)
    ):
        return "ARGM-TMP"
    if low in _CAUSAL:
        return "ARGM-CAU"
    if low == "with":
        return (
            "ARGM-COM" if pobj is not None and pobj.lower_ in english.person_nouns() else "ARGM-MNR"
        )
    if low in _LOCATIVE:
        return "ARGM-LOC"
    if low in _DIRECTIONAL:
        return "ARGM-DIR"
    if low == "for":
        return "ARGM-PRP"
    return "ARGM-ADV"


def _adv_role(tok) -> str:
    low = tok.lower_
    if low in english.NEGATORS:
        return "ARGM-NEG"
    if low in _TIME_WORDS or tok.ent_type_ in ("DATE", "TIME"):
        return "ARGM-TMP"
    if low in _LOCATIVE_ADVERBS:
        return "ARGM-LOC"
    if low.endswith("ly"):
        return "ARGM-MNR"
    return "ARGM-ADV"


# Dependents whose (role, function) as an argument of their verb is the same everywhere.
_FIXED_ARGUMENTS = {
    "dobj": ("ARG1", "obj"),
    "agent": ("ARG0", "agent"),
    "attr": ("ARG2", "attr"),
    "acomp": ("ARG2", "attr"),
    "oprd": ("ARG2", "attr"),
    "advcl": ("ARGM-ADV", "comp"),
    "neg": ("ARGM-NEG", "neg"),
}


def _argument_label(
    c, tok, has_dobj: bool, copula: bool, verb_lemma: str
) -> tuple[str, str] | None:
    """(role, function) of the verb ``tok``'s dependent ``c`` as its argument, or None."""
    dep = c.dep_
    if dep in _FIXED_ARGUMENTS:
        return _FIXED_ARGUMENTS[dep]
    if dep in ("nsubj", "csubj", "expl"):
        return ("ARG1" if copula else "ARG0"), "subj"
    if dep in ("nsubjpass", "csubjpass"):
        return ("ARG2" if has_dobj else "ARG1"), "subj"
    if dep == "dative":
        return "ARG2", ("pp" if c.pos_ == "ADP" else "iobj")
    if dep in ("ccomp", "xcomp"):
        return None if has_dobj else ("ARG1", "comp")
    if dep == "prep":
        if _recipient_pp(c, tok, has_dobj, verb_lemma):
            return "ARG2", "pp"  # lent the painting [to a gallery]: the recipient
        return _pp_role(c), "pp"
    if dep == "advmod":
        return _adv_role(c), "adv"
    if dep == "npadvmod":
        if _misparsed_object(c, tok, has_dobj):
            return "ARG1", "obj"
        time = c.lower_ in _TIME_WORDS or c.ent_type_ in ("DATE", "TIME")
        return ("ARGM-TMP" if time else "ARGM-EXT"), "adv"
    if dep == "aux" and c.tag_ == "MD":
        return "ARGM-MOD", "aux"
    return None


def _recipient_pp(c, tok, has_dobj: bool, verb_lemma: str) -> bool:
    """Whether ``c`` is a *to*-phrase after the object of a recipient verb."""
    return (
        c.lower_ == "to"
        and has_dobj
        and verb_lemma in english.RECIPIENT_VERBS
        and any(d.dep_ == "dobj" and d.i < c.i for d in tok.children)
    )


def arguments(tok, passive: bool, group) -> list[Argument]:
    doc = tok.doc
    args: list[Argument] = []
    children = list(tok.children)
    has_dobj = any(c.dep_ == "dobj" for c in children)
    copula = tok.pos_ == "AUX"
    verb_lemma = english.verb_lemma(tok.text, tok.lemma_)

    def add(role: str, head, function: str, span=None):
        # a phrase stops at the verb group (*A woman ... does not walk ...: berlin*, where the
        # parser hung a word after the verb on the subject)
        start, end = span or _span(head, exclude=[tok, *(g for g in group if g.i != head.i)])
        args.append(Argument(role, (start, end), doc[start:end].text, head.i, function))

    for c in children:
        label = _argument_label(c, tok, has_dobj, copula, verb_lemma)
        if label is not None:
            role, function = label
            # a negation or a modal is its one word
            add(role, c, function, (c.i, c.i + 1) if function in ("neg", "aux") else None)
    return _merge_adjacent(_merge_adjacent_subjects(args, doc), doc, "obj")


def _merge_adjacent_subjects(args: list[Argument], doc) -> list[Argument]:
    """One subject even when the parser attached two adjacent pieces of it to the verb
    (a tokenizer split such as ``u.s`` + ``.``)."""
    subjects = sorted((a for a in args if a.function == "subj"), key=lambda a: a.span)
    if len(subjects) < 2:
        return args
    merged = [subjects[0]]
    for a in subjects[1:]:
        last = merged[-1]
        if a.span[0] == last.span[1] and a.role == last.role:
            start, end = last.span[0], a.span[1]
            merged[-1] = Argument(last.role, (start, end), doc[start:end].text, last.head, "subj")
        else:
            merged.append(a)
    return [a for a in args if a.function != "subj"] + merged


def _merge_adjacent(args: list[Argument], doc, function: str) -> list[Argument]:
    """One argument of ``function`` where the parser gave the verb two adjacent ones (*used a
    floor mop*: *floor* and *mop* both ``dobj``): the phrase is one, headed by its last head."""
    found = sorted((a for a in args if a.function == function), key=lambda a: a.span)
    if len(found) < 2:
        return args
    merged = [found[0]]
    for a in found[1:]:
        last = merged[-1]
        if (
            a.span[0] == last.span[1]
            and a.role == last.role
            and function == "obj"
            and _determined(doc[a.head])
            and _determined(doc[last.head])
        ):
            # two noun phrases, each with its determiner: a double object the parser did not label
            # (*send all passengers a voucher*): the first is the recipient
            merged[-1] = Argument("ARG2", last.span, last.text, last.head, "iobj")
            merged.append(a)
        elif a.span[0] == last.span[1] and a.role == last.role:
            # a clause the parser hung on the second noun (*a floor mop [to clean up ...]*) is the
            # verb's
            head = doc[a.head]
            end = (
                max(
                    [head.i]
                    + [
                        c.right_edge.i
                        for c in head.children
                        if c.dep_ not in ("advcl", "relcl", "acl") and c.i > head.i
                    ]
                )
                + 1
            )
            start = last.span[0]
            merged[-1] = Argument(last.role, (start, end), doc[start:end].text, a.head, function)
        else:
            merged.append(a)
    return [a for a in args if a.function != function] + merged


def _determined(noun) -> bool:
    """A noun phrase with its own determiner, possessor or numeral, or a pronoun."""
    return noun.pos_ == "PRON" or any(
        c.dep_ in ("det", "poss", "nummod", "predet") for c in noun.children
    )


def _misparsed_object(np, verb, has_dobj: bool) -> bool:
    """A determiner-headed noun phrase right after a non-copular verb that has no object is
    its object, not an adverbial (the small model reads *led the way* as npadvmod)."""
    return (
        not has_dobj
        and verb.pos_ == "VERB"
        and np.left_edge.i == verb.i + 1
        and np.pos_ in ("NOUN", "PROPN")
        and np.lower_ not in _TIME_WORDS
        and np.ent_type_ not in ("DATE", "TIME")
        and any(c.dep_ in ("det", "poss") for c in np.children)
    )
