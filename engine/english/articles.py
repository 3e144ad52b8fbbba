"""Articles: *a* or *an* before a word, by its spelling (:func:`indefinite_article`)."""

from __future__ import annotations

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

    >>> words = ("man", "apple", "umbrella", "unicycle", "hour", "European")
    >>> [indefinite_article(w) for w in words]
    ['a', 'an', 'an', 'a', 'an', 'a']
    """
    low = word.lower()
    if low.startswith(_AN_BEFORE_CONSONANT_LETTER):
        return "an"
    if low.startswith(_A_BEFORE_VOWEL_LETTER):
        return "a"
    return "an" if low[:1] in ("a", "e", "i", "o", "u") else "a"
