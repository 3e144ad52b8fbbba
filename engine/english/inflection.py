"""Verb inflection: lemmas (:func:`verb_lemma`), forms for a Penn tag (:func:`inflect`, with
hand-written paradigms for the auxiliaries), past participles (:func:`past_participle` and the
``rules/lexicon/participles.txt`` table), and the two verbs spelt *lie* (:func:`verb_sense`)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .agreement import THIRD_SG, Agreement, be_form, third_singular
from .auxiliaries import aux_lemma
from .lexicon import read_lexicon

_IRREGULAR_AUX = {
    ("have", "VBD"): "had",
    ("have", "VBN"): "had",
    ("have", "VBZ"): "has",
    ("have", "VBP"): "have",
    ("have", "VBG"): "having",
    ("have", "VB"): "have",
    ("do", "VBD"): "did",
    ("do", "VBN"): "done",
    ("do", "VBZ"): "does",
    ("do", "VBP"): "do",
    ("do", "VBG"): "doing",
    ("do", "VB"): "do",
    ("be", "VBN"): "been",
    ("be", "VBG"): "being",
    ("be", "VB"): "be",
}


@functools.lru_cache(maxsize=65536)
def verb_lemma(text: str, fallback: str = "") -> str:
    """Lemma of a verb form; lemminflect first (spaCy's lemmatizer gives *riding* -> *rid*).
    Cached: lemminflect deep-copies its tables on every lookup, and every analyzed sentence
    asks for its verbs."""
    from lemminflect import getLemma

    low = text.lower()
    aux = aux_lemma(low)
    if aux in ("be", "have", "do"):
        return aux
    lemmas = getLemma(low, upos="VERB")
    if lemmas:
        return lemmas[0]
    return (fallback or low).lower()


# *lie* has two verbs: *lie, lay, lain* (recline) and *lie, lied, lied* (say what is false).
LIE_UNTRUE = "lie (say what is false)"
_LIE_UNTRUE_FORMS = {
    "VB": "lie",
    "VBP": "lie",
    "VBZ": "lies",
    "VBD": "lied",
    "VBN": "lied",
    "VBG": "lying",
}


def verb_sense(lemma: str, form: str, prepositions: Sequence[str] = ()) -> str:
    """The lemma with its sense where one spelling is two verbs with different inflections:
    *lie* is :data:`LIE_UNTRUE` when its form is *lied* or it has a *to*/*about* phrase (*He
    was lying to us* -> *He lied to us*), else *lie* (*lay*, *lain*).

    >>> verb_sense("lie", "lying", ["to"]) == LIE_UNTRUE, verb_sense("lie", "lay", ["on"])
    (True, 'lie')
    """
    if lemma == "lie" and (
        form.lower() == "lied" or {p.lower() for p in prepositions} & {"to", "about"}
    ):
        return LIE_UNTRUE
    return lemma


def inflect(
    lemma: str, tag: str, agr: Agreement = THIRD_SG, invariant: frozenset[str] = frozenset()
) -> str:
    """Inflect a verb lemma for a Penn tag (VB, VBD, VBN, VBG, VBZ, VBP).

    ``be`` agrees with ``agr`` in VBD/VBZ/VBP; words in ``invariant`` (corpus stand-ins
    such as StylePTB's ``unk``) never change.

    >>> from engine.english import THIRD_PL
    >>> inflect("ride", "VBN"), inflect("be", "VBD", THIRD_PL), inflect("go", "VBZ")
    ('ridden', 'were', 'goes')
    """
    from lemminflect import getInflection

    if lemma in invariant:
        return lemma
    if lemma == LIE_UNTRUE:
        return _LIE_UNTRUE_FORMS.get(tag, "lie")
    if lemma == "be" and tag in ("VBD", "VBZ", "VBP"):
        return be_form("past" if tag == "VBD" else "pres", agr)
    if tag in ("VBZ", "VBP") and lemma in ("have", "do"):
        tag = "VBZ" if third_singular(agr) else "VBP"
    if (lemma, tag) in _IRREGULAR_AUX:
        return _IRREGULAR_AUX[(lemma, tag)]
    if tag == "VB":
        return lemma
    if tag == "VBN":
        return past_participle(lemma)
    forms = getInflection(lemma, tag=tag)
    if forms:
        return forms[0]
    return lemma


def keep_spelling(new: str, old: str, lemma: str, same_form: bool = False) -> str:
    """``new``, a form of ``lemma``, spelled as the source form ``old`` spells the verb: a
    British doubled consonant stays doubled (*labelled* -> *labelled*, not *labeled*;
    *travelled* -> *travelling*), and a past form the source writes another standard way stays
    as written (*learnt*, *spelt* where the other form is *learned*, *spelled*). With
    ``same_form`` (``old`` stands where ``new`` goes: a participle for a participle, a past
    for a past), any other listed spelling of that form stays too (*had fitted*, where Seam's
    participle is *fit*).

    >>> keep_spelling("labeled", "labelled", "label")
    'labelled'
    >>> keep_spelling("traveling", "travelled", "travel")
    'travelling'
    >>> keep_spelling("learned", "learnt", "learn"), keep_spelling("started", "start", "start")
    ('learnt', 'started')
    >>> keep_spelling("fit", "fitted", "fit", True), keep_spelling("begun", "began", "begin")
    ('fitted', 'begun')
    """
    lemma, low = lemma.lower(), old.lower()
    if len(lemma) < 2 or new.lower() == low:
        return new
    doubled = lemma + lemma[-1]
    for suffix in ("ed", "ing"):
        if new.lower() == lemma + suffix and any(low == doubled + s for s in ("ed", "ing")):
            return doubled + suffix
    if new.lower() == lemma + "ed" and low != lemma and low in (lemma + "t", lemma[:-1] + "t"):
        return low  # learnt, dreamt, spelt, smelt: the source's own past
    if same_form and lemma == "get" and low == "got" and new.lower() == "gotten":
        return low  # *has got*: the participle as the source writes it
    if same_form and lemma != "be" and _same_past_form(new.lower(), low, lemma):
        return low  # *had fitted* stays *fitted* (the table's participle is *fit*)
    return new


def _same_past_form(new: str, old: str, lemma: str) -> bool:
    """Whether ``old`` is another standard spelling of the past form ``new`` of ``lemma``:
    both listed for the past or both for the participle (*woken* / *waked*), or ``new`` the
    participle Seam writes and ``old`` a listed participle (*fit* / *fitted*)."""
    from lemminflect import getAllInflections

    forms = getAllInflections(lemma, upos="VERB")
    past, participle = set(forms.get("VBD", ())), set(forms.get("VBN", ()))
    if old == new or old not in past | participle:
        return False
    if (new in past and old in past) or (new in participle and old in participle):
        return True
    return new == past_participle(lemma) and old in participle


@functools.lru_cache(maxsize=1)
def participle_table() -> dict[str, str]:
    """``lemma -> participle`` overrides from ``rules/lexicon/participles.txt`` (*show* ->
    *shown*, *bear* -> *borne*): the standard form where the lexicon of inflections gives
    another first."""
    table = {}
    for entry in read_lexicon("participles"):
        lemma, _, participle = entry.partition(" ")
        if participle:
            table[lemma] = participle
    return table


@functools.lru_cache(maxsize=8192)
def past_participle(lemma: str) -> str:
    """The standard past participle: the table of ``rules/lexicon/participles.txt`` first
    (*shown*, *sewn*, *borne*, *swollen*); otherwise consistent with the simple past: a verb
    whose usual past is regular has the same regular participle (*leaned*, not *leant*); an
    irregular one keeps an irregular participle where there is one (*woken*, *hung*), else
    its past (*lit*).

    >>> [past_participle(v) for v in ("lean", "wake", "light", "ride", "show", "sew", "bear")]
    ['leaned', 'woken', 'lit', 'ridden', 'shown', 'sewn', 'borne']
    """
    from lemminflect import getInflection

    lemma = lemma.lower()
    if lemma in participle_table():
        return participle_table()[lemma]
    past = getInflection(lemma, tag="VBD")
    participles = getInflection(lemma, tag="VBN")
    if past and past[0].endswith("ed"):
        return past[0]
    irregular = [f for f in participles if not f.endswith("ed")]
    if irregular:
        return irregular[0]
    return (past or participles or (lemma,))[0]
