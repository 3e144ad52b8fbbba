"""Pronouns, case and agreement: the person and number of a subject (:class:`Agreement`), the
finite forms of *be*, pronoun case (*he* / *him*), the personal and reflexive pronouns."""

from __future__ import annotations

from dataclasses import dataclass


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


# Reflexive pronouns (*herself*, *themselves*).
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
