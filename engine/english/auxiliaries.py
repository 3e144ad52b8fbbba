"""Auxiliaries and modals: their spellings and lemmas (clitics such as ``'ll``, ``'s``, ``'d``),
negative contractions, the finite forms and the tense they show, the polar-question operators,
and tense shifting of a modal predicate (:func:`shift_modal`)."""

from __future__ import annotations

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
