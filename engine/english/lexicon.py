"""The lexicons of ``rules/lexicon/``: the reader (:func:`read_lexicon`, :func:`phrase_pattern`,
:func:`find_phrase`), the cached word lists (person and clothing nouns, names with *The*, the
monotonicity lexicons of ``shorten``, prepositional and placement verbs, ...) and the verb
classes read at import (:data:`STATIVE_VERBS`, :data:`NO_PROGRESSIVE`, :data:`NO_OBJECT`)."""

from __future__ import annotations

import functools
import re
import tomllib
from types import MappingProxyType
from typing import Any

from ..resources import rules_dir


@functools.cache
def read_lexicon(name: str) -> frozenset[str]:
    """The entries of ``rules/lexicon/<name>.txt``: one a line, lower case, ``#`` comments.
    Read once: every module asks this one accessor."""
    return frozenset(read_word_list(name))


@functools.cache
def read_word_list(name: str) -> tuple[str, ...]:
    """The entries of ``rules/lexicon/<name>.txt`` in the file's order (the same format as
    :func:`read_lexicon`): for vocabularies a seeded sampler draws from, whose order the seed's
    draws depend on. Read once."""
    path = rules_dir() / "lexicon" / f"{name}.txt"
    words: dict[str, None] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = " ".join(line.split("#", 1)[0].lower().split())
        if line:
            words[line] = None
    return tuple(words)


@functools.cache
def read_table(name: str) -> MappingProxyType[str, Any]:
    """The tables of ``rules/lexicon/<name>.toml`` (``modals``, ``placeholders``), read once;
    the mapping is read-only."""
    with open(rules_dir() / "lexicon" / f"{name}.toml", "rb") as fh:
        return MappingProxyType(tomllib.load(fh))


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

    >>> find_phrase(["at", "most", "two"], frozenset({"at most"})), find_phrase(
    ...     ["a", "man"], frozenset({"no"})
    ... )
    ('at most', None)
    """
    low = [w.lower() for w in words]
    for k in range(len(low)):
        for n in (3, 2, 1):
            if k + n <= len(low) and " ".join(low[k : k + n]) in lexicon:
                return " ".join(low[k : k + n])
    return None


# Verbs with no progressive in their stative sense (*consist*, *contain*): a caption's
# participle of one of them (*a box containing toys*) is a modifier, never "is containing".
STATIVE_VERBS = read_lexicon("stative_verbs")


# Stative verbs that refuse the progressive outright (*She is knowing the answer.); a superset of
# STATIVE_VERBS with the verbs of knowing, believing and liking.
NO_PROGRESSIVE = STATIVE_VERBS | read_lexicon("no_progressive_verbs")
# Verbs whose second phrase is a measure or a possession, not an object: no passive, no swap
# (*Twenty kilos are weighed by the suitcase., *A red bicycle is had by Lena.).
NO_OBJECT = read_lexicon("no_object_verbs")
# Nouns that also say where something goes without a preposition (*sends it home*).
ADVERB_PLACES = read_lexicon("place_adverbs")


@functools.lru_cache(maxsize=1)
def placement_verbs() -> frozenset[str]:
    """Verbs whose place or goal phrase after the object is their complement (*hang the painting
    on the wall*): ``rules/lexicon/placement_verbs.txt``."""
    return read_lexicon("placement_verbs")
