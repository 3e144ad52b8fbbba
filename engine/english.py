"""English lexical facts shared by the analyzer and the surface realizer.

Auxiliary and modal forms, pronoun case, agreement, verb inflection (lemminflect, with
hand-written paradigms for the auxiliaries), the person-noun lexicon that chooses the
it-cleft relative pronoun, and the monotonicity lexicons that keep ``shorten`` an entailment
(privative adjectives, non-upward determiners, downward operators). Lexicons that linguists
may want to extend are data files in ``rules/lexicon/``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .resources import rules_dir

if TYPE_CHECKING:
    from .ir import Argument, Frame, Token

# --- modals -----------------------------------------------------------------------------
# Clitic and contracted spellings -> modal lemma ("wo" is spaCy's split of "won't").
_MODAL_FORMS = {
    "will": "will",
    "'ll": "will",
    "wo": "will",
    "shall": "shall",
    "sha": "shall",
    "may": "may",
    "might": "might",
    "must": "must",
    "can": "can",
    "ca": "can",
    "could": "could",
    "should": "should",
    "would": "would",
    "'d": "would",
    "ought": "ought to",
}
# The future auxiliary. *shall* is kept as the modal it is written as (*shall* stays *shall*: it
# has no past form, and *should* is another modal, not its past).
FUTURE_MODALS = frozenset({"will"})

# Negative contractions of finite auxiliaries ("am" has none in standard English).
_NEG_CONTRACTION = {
    "is": "isn't",
    "are": "aren't",
    "was": "wasn't",
    "were": "weren't",
    "has": "hasn't",
    "have": "haven't",
    "had": "hadn't",
    "does": "doesn't",
    "do": "don't",
    "did": "didn't",
    "will": "won't",
    "can": "can't",
    "could": "couldn't",
    "should": "shouldn't",
    "would": "wouldn't",
    "must": "mustn't",
    "might": "mightn't",
    "shall": "shan't",
    "may": "mayn't",
}
# Contractions that are rare enough that the full form must come first.
_RARE_CONTRACTIONS = frozenset({"mayn't", "mightn't", "shan't", "mustn't"})

# Modals that pair a present and a past form; "would" is the past of future "will".
_MODAL_PAST = {"can": "could", "may": "might", "will": "would"}
_MODAL_PRESENT = {v: k for k, v in _MODAL_PAST.items()}
# Modals whose present form already refers to the future (*We shall see*): tense(fut) leaves them.
_FUTURE_BY_ITSELF = frozenset({"shall"})


def shift_modal(modal: str, tense: str) -> tuple[str | None, str] | None:
    """(modality, tense) after setting ``tense`` on a modal predicate, or None if impossible.

    *can* -> *could* in the past, *could* -> *can* in the present; *would* becomes *will* in
    the future (modality None, tense ``fut``) and *shall* is its own future. Other modals have
    no future form (*should*, *may*, *ought to*: None; the periphrases of *can* and *must* are
    :func:`engine.checks.target_features`'), and a modal without a past form (*must*,
    *should*, *shall*, *ought to*) cannot be put in the past: None, and the caller refuses
    naming the modal. *should* is never read as the past of *shall*.

    >>> shift_modal("can", "past"), shift_modal("could", "fut"), shift_modal("must", "past")
    (('could', 'pres'), None, None)
    >>> shift_modal("should", "past"), shift_modal("should", "fut"), shift_modal("shall", "fut")
    (None, None, ('shall', 'pres'))
    """
    if tense == "past":
        if modal in _MODAL_PAST:
            return _MODAL_PAST[modal], "pres"
        return (modal, "pres") if modal in _MODAL_PRESENT else None
    present = _MODAL_PRESENT.get(modal, modal)
    if present == "will":
        return None, "fut"
    if tense == "fut":
        return (present, "pres") if present in _FUTURE_BY_ITSELF else None
    return present, "pres"


_BE_FORMS = {"be", "is", "am", "are", "was", "were", "been", "being", "'m", "'re"}
_HAVE_FORMS = {"have", "has", "had", "having", "'ve"}
_DO_FORMS = {"do", "does", "did"}
NEGATORS = frozenset({"not", "n't", "never"})


def modal_lemma(text: str) -> str | None:
    """The modal lemma of a token text, or None (``'ll`` -> ``will``, ``ca`` -> ``can``)."""
    return _MODAL_FORMS.get(text.lower())


def negative_contraction(aux: str) -> str | None:
    """``does`` -> ``doesn't``; None where English has no contraction."""
    return _NEG_CONTRACTION.get(aux.lower())


def is_rare_contraction(word: str) -> bool:
    return word.lower() in _RARE_CONTRACTIONS


def is_regular_contraction(aux: str) -> bool:
    """True when the contraction is the auxiliary plus *n't* (*does* -> *doesn't*), not a
    changed stem (*will* -> *won't*, *can* -> *can't*)."""
    contraction = negative_contraction(aux)
    return contraction is not None and contraction[:-3] == aux.lower()


def aux_lemma(text: str, next_tag: str = "", next_text: str = "", dep: str = "") -> str | None:
    """Lemma of an auxiliary token: ``be``, ``have``, ``do``, a modal, or None.

    ``'s`` and ``'d`` are ambiguous; the following token decides: ``'s been`` and ``'s`` before
    an active participle are *has*, otherwise *is*; ``'d`` before a participle is *had*.
    """
    low = text.lower()
    if low == "'s":
        if next_text.lower() == "been" or (next_tag == "VBN" and dep == "aux"):
            return "have"
        return "be"
    if low == "'d":
        return "have" if next_tag == "VBN" else "would"
    if low in _BE_FORMS:
        return "be"
    if low in _HAVE_FORMS:
        return "have"
    if low in _DO_FORMS:
        return "do"
    return modal_lemma(low)


_FINITE_AUX = {
    "is": "pres",
    "am": "pres",
    "are": "pres",
    "'m": "pres",
    "'re": "pres",
    "'s": "pres",
    "has": "pres",
    "have": "pres",
    "'ve": "pres",
    "do": "pres",
    "does": "pres",
    "was": "past",
    "were": "past",
    "had": "past",
    "did": "past",
}


# The words that can open a polar question (the operator): finite auxiliaries and modals.
OPERATORS = frozenset(
    {
        "is",
        "are",
        "was",
        "were",
        "am",
        "do",
        "does",
        "did",
        "has",
        "have",
        "had",
        "will",
        "would",
        "can",
        "could",
        "may",
        "might",
        "must",
        "shall",
        "should",
    }
)


def finite_aux_tense(text: str) -> str | None:
    """Tense shown by a finite auxiliary form (``did`` -> ``past``); None for other words.

    Only for a group's first auxiliary: after a modal, *have* is not finite."""
    return _FINITE_AUX.get(text.lower())


# --- agreement --------------------------------------------------------------------------
@dataclass(frozen=True)
class Agreement:
    """Person (1, 2, 3) and number (``sg``/``pl``) of a subject."""

    person: int = 3
    number: str = "sg"


THIRD_SG = Agreement(3, "sg")
THIRD_PL = Agreement(3, "pl")

_PRONOUN_AGREEMENT = {
    "i": Agreement(1, "sg"),
    "me": Agreement(1, "sg"),
    "you": Agreement(2, "sg"),
    "we": Agreement(1, "pl"),
    "us": Agreement(1, "pl"),
    "they": THIRD_PL,
    "them": THIRD_PL,
    "these": THIRD_PL,
    "those": THIRD_PL,
}


def pronoun_agreement(word: str) -> Agreement | None:
    return _PRONOUN_AGREEMENT.get(word.lower())


def be_form(tense: str, agr: Agreement) -> str:
    """Finite form of *be*: past or present, agreeing with ``agr``."""
    if tense == "past":
        return "was" if agr.number == "sg" and agr.person != 2 else "were"
    if agr.person == 1 and agr.number == "sg":
        return "am"
    return "is" if agr.number == "sg" and agr.person == 3 else "are"


def third_singular(agr: Agreement) -> bool:
    return agr.person == 3 and agr.number == "sg"


# --- pronoun case -----------------------------------------------------------------------
_TO_ACCUSATIVE = {"i": "me", "he": "him", "she": "her", "we": "us", "they": "them", "who": "whom"}
TO_NOMINATIVE = {v: k for k, v in _TO_ACCUSATIVE.items()}  # him -> he, whom -> who
_PERSONAL_PRONOUNS = frozenset(
    {
        "i",
        "me",
        "you",
        "he",
        "him",
        "she",
        "her",
        "we",
        "us",
        "they",
        "them",
        "someone",
        "somebody",
        "everyone",
        "everybody",
        "anyone",
        "anybody",
        "nobody",
        "who",
        "whom",
    }
)


def with_case(word: str, case: str) -> str:
    """Put a personal pronoun in ``nom`` or ``acc`` case, keeping its capitalization.

    >>> with_case("He", "acc"), with_case("them", "nom"), with_case("the man", "acc")
    ('Him', 'they', 'the man')
    """
    low = word.lower()
    table = _TO_ACCUSATIVE if case == "acc" else TO_NOMINATIVE
    if low not in table:
        return word
    out = table[low]
    if out == "i":
        return "I"
    if word[:1].isupper() and low != "i":
        return out[:1].upper() + out[1:]
    return out


def is_personal_pronoun(word: str) -> bool:
    return word.lower() in _PERSONAL_PRONOUNS


def read_lexicon(name: str) -> frozenset[str]:
    """The entries of ``rules/lexicon/<name>.txt``: one a line, lower case, ``#`` comments."""
    path = rules_dir() / "lexicon" / f"{name}.txt"
    words = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = " ".join(line.split("#", 1)[0].lower().split())
        if line:
            words.add(line)
    return frozenset(words)


def phrase_pattern(name: str) -> re.Pattern[str]:
    """The phrases of ``rules/lexicon/<name>.txt`` as one case-blind pattern that matches any of
    them as whole words (the longest first where two start at the same word)."""
    phrases = sorted(read_lexicon(name), key=lambda p: (-len(p), p))
    return re.compile(r"\b(" + "|".join(re.escape(p) for p in phrases) + r")\b", re.I)


@functools.lru_cache(maxsize=1)
def person_nouns() -> frozenset[str]:
    """Nouns that denote people (``rules/lexicon/person_nouns.txt``), for *who* vs *that*."""
    return read_lexicon("person_nouns")


@functools.lru_cache(maxsize=1)
def clothing_nouns() -> frozenset[str]:
    """Nouns of clothing (``rules/lexicon/clothing_nouns.txt``): a phrase *in a blue shirt*
    after a noun describes that noun."""
    return read_lexicon("clothing_nouns")


@functools.lru_cache(maxsize=1)
def names_with_the() -> frozenset[str]:
    """Names that keep a capital *The* inside a sentence (*The New York Times*):
    ``rules/lexicon/names_with_the.txt``."""
    return read_lexicon("names_with_the")


@functools.lru_cache(maxsize=1)
def privative_adjectives() -> frozenset[str]:
    """Adjectives whose noun phrase is not a kind of its noun (*fake*, *former*, *alleged*):
    ``rules/lexicon/privative_adjectives.txt``. ``shorten`` never drops them."""
    return read_lexicon("privative_adjectives")


def prepositional_verbs() -> frozenset[str]:
    """``"verb preposition"`` pairs whose prepositional object can be a passive subject (*The
    joke was laughed at*): ``rules/lexicon/prepositional_verbs.txt``."""
    return read_lexicon("prepositional_verbs")


def result_adjectives() -> frozenset[str]:
    """Adjectives that often follow an object as a secondary predicate (*painted the shed red*):
    ``rules/lexicon/result_adjectives.txt``."""
    return read_lexicon("result_adjectives")


@functools.lru_cache(maxsize=1)
def non_upward_determiners() -> frozenset[str]:
    """Determiners and quantifiers that make a noun phrase non-upward in its noun (*every*,
    *no*, *few*, *at most*): ``rules/lexicon/non_upward_determiners.txt``."""
    return read_lexicon("non_upward_determiners")


@functools.lru_cache(maxsize=1)
def downward_operators() -> frozenset[str]:
    """Words that make their scope downward entailing (*nobody*, *rarely*, *lack*):
    ``rules/lexicon/downward_operators.txt``."""
    return read_lexicon("downward_operators")


@functools.lru_cache(maxsize=1)
def quantity_nouns() -> frozenset[str]:
    """Nouns that group or measure their of-phrase (*a group of*, *a couple of*):
    ``rules/lexicon/quantity_nouns.txt``."""
    return read_lexicon("quantity_nouns")


def find_phrase(words: list[str], lexicon: frozenset[str]) -> str | None:
    """The first lexicon entry (one word or a word sequence) found in ``words``, or None.

    >>> find_phrase(["at", "most", "two"], frozenset({"at most"})), find_phrase(["a", "man"], frozenset({"no"}))
    ('at most', None)
    """
    low = [w.lower() for w in words]
    for k in range(len(low)):
        for n in (3, 2, 1):
            if k + n <= len(low) and " ".join(low[k : k + n]) in lexicon:
                return " ".join(low[k : k + n])
    return None


# "an" before a vowel sound: the spelling decides, with the usual exceptions.
_A_BEFORE_VOWEL_LETTER = (
    "uni",
    "use",
    "usu",
    "uti",
    "ure",
    "uro",
    "uku",
    "eu",
    "ewe",
    "one",
    "once",
    "ubiq",
)
_AN_BEFORE_CONSONANT_LETTER = ("hour", "honest", "honor", "honour", "heir")


def indefinite_article(word: str) -> str:
    """``a`` or ``an`` before ``word``, by its spelling.

    >>> [indefinite_article(w) for w in ("man", "apple", "umbrella", "unicycle", "hour", "European")]
    ['a', 'an', 'an', 'a', 'an', 'a']
    """
    low = word.lower()
    if low.startswith(_AN_BEFORE_CONSONANT_LETTER):
        return "an"
    if low.startswith(_A_BEFORE_VOWEL_LETTER):
        return "a"
    return "an" if low[:1] in ("a", "e", "i", "o", "u") else "a"


# Verbs with no progressive in their stative sense (*consist*, *contain*): a caption's
# participle of one of them (*a box containing toys*) is a modifier, never "is containing".
STATIVE_VERBS = read_lexicon("stative_verbs")


# Stative verbs that refuse the progressive outright (*She is knowing the answer.); a superset of
# STATIVE_VERBS with the verbs of knowing, believing and liking.
NO_PROGRESSIVE = STATIVE_VERBS | read_lexicon("no_progressive_verbs")
# Verbs whose second phrase is a measure or a possession, not an object: no passive, no swap
# (*Twenty kilos are weighed by the suitcase., *A red bicycle is had by Lena.).
NO_OBJECT = read_lexicon("no_object_verbs")
REFLEXIVES = frozenset(
    {
        "myself",
        "yourself",
        "himself",
        "herself",
        "itself",
        "ourselves",
        "yourselves",
        "themselves",
        "oneself",
    }
)
WH_WORDS = frozenset({"who", "whom", "whose", "what", "which", "where", "when", "why", "how"})
# prepositions of place: a phrase with one after an object may modify the verb as well as the
# noun (*paddling a canoe in the water*), so ``swap`` leaves it after the verb on every backend
LOCATIVE_PREPOSITIONS = frozenset(
    {
        "in",
        "on",
        "at",
        "near",
        "under",
        "behind",
        "inside",
        "along",
        "across",
        "through",
        "by",
        "beside",
        "over",
        "into",
        "onto",
        "around",
        "outside",
        "above",
        "below",
        "beneath",
        "past",
    }
)


@functools.lru_cache(maxsize=1)
def placement_verbs() -> frozenset[str]:
    """Verbs whose place or goal phrase after the object is their complement (*hang the painting
    on the wall*): ``rules/lexicon/placement_verbs.txt``."""
    return read_lexicon("placement_verbs")


# Adverbial particles of phrasal verbs that may follow the object (*throw the letters away*).
ADVERB_PARTICLES = frozenset(
    {
        "away",
        "back",
        "up",
        "down",
        "off",
        "out",
        "over",
        "aside",
        "apart",
        "together",
        "around",
        "along",
        "forward",
        "in",
        "on",
    }
)
# Negative polarity items: they need a negation or a question to license them (*anything*,
# *ever*, *yet*): a subject made of one, or a statement that loses its licence, is not English.
NEGATIVE_POLARITY_ITEMS = frozenset(
    {"any", "anything", "anyone", "anybody", "anywhere", "ever", "yet"}
)


# Verbs with an *of*-phrase complement after the object (*cured them of their fear*, *accused
# him of theft*): the phrase is the verb's, whatever the parser attached it to.
OF_COMPLEMENT_VERBS = frozenset(
    {
        "cure",
        "rob",
        "deprive",
        "accuse",
        "convince",
        "remind",
        "inform",
        "warn",
        "suspect",
        "relieve",
        "clear",
        "strip",
        "rid",
        "assure",
        "notify",
        "persuade",
        "convict",
        "absolve",
        "acquit",
        "cheat",
        "drain",
        "empty",
    }
)


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
    from dataclasses import replace

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


# --- verb inflection --------------------------------------------------------------------
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


def prepositional_object(tokens: Sequence[Token], frame: Frame) -> tuple[int, Argument] | None:
    """(preposition, its object as the argument to promote) for a listed prepositional verb
    whose preposition follows it directly (*laughed at the joke*), or None. Shared by the
    surface realizer (which writes that passive) and the checks (which accept it)."""
    from .ir import Argument

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


_TIME_WORDS = frozenset(
    {
        "morning",
        "mornings",
        "afternoon",
        "afternoons",
        "evening",
        "evenings",
        "night",
        "nights",
        "day",
        "days",
        "week",
        "weeks",
        "weekend",
        "weekends",
        "month",
        "months",
        "year",
        "years",
    }
)
# Verbs whose *to*-phrase after the object is the recipient (ARG2 in PropBank): *lent the painting
# to a gallery* is a lending to someone, not a direction.
RECIPIENT_VERBS = frozenset(
    {
        "give",
        "hand",
        "show",
        "send",
        "tell",
        "lend",
        "loan",
        "offer",
        "sell",
        "pass",
        "teach",
        "bring",
        "mail",
        "email",
        "owe",
        "pay",
        "award",
        "grant",
        "deliver",
        "donate",
        "promise",
        "assign",
        "serve",
        "feed",
        "read",
        "write",
        "throw",
        "leave",
        "forward",
        "return",
    }
)


def descends(tokens: Sequence[Token], i: int, head: int) -> bool:
    """Whether token ``i`` is ``head`` or below it in the dependency tree of ``tokens``."""
    seen = set()
    while i != head and i not in seen and 0 <= i < len(tokens) and tokens[i].head != i:
        seen.add(i)
        i = tokens[i].head
    return i == head
