"""Closeness to the source: minimal edits are what contrast sets want.

Both measures compare lower-cased word and punctuation tokens, are 1.0 for the same token
sequence and fall toward 0.0 as the candidate drifts away:

* :func:`levenshtein` -- 1 minus the token edit distance (insertions, deletions and
  substitutions, unit cost) divided by the longer length;
* :func:`span_overlap` -- the share of both texts covered by the longest matching spans
  (difflib's ratio, ``2 * matched / (len(a) + len(b))``), which credits a moved phrase that
  Levenshtein counts as deleted and re-inserted. No tree edit distance, so no parser.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from ..errors import RankError

_TOKEN = re.compile(r"\w+(?:'\w+)?|[^\w\s]")


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Token Levenshtein distance.

    >>> edit_distance("a b c".split(), "a c d".split())
    2
    """
    if len(a) < len(b):
        a, b = b, a
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, start=1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


def levenshtein(source: str, text: str) -> float:
    """1 - normalized token edit distance.

    >>> levenshtein("The cat sat.", "The cat sat.")
    1.0
    >>> levenshtein("The cat sat.", "The cat did not sit.")
    0.5
    """
    a, b = tokens(source), tokens(text)
    if not a and not b:
        return 1.0
    return 1.0 - edit_distance(a, b) / max(len(a), len(b))


def span_overlap(source: str, text: str) -> float:
    """Share of both token sequences covered by matching spans.

    >>> round(span_overlap("Alice saw Bob.", "Bob was seen by Alice."), 3)
    0.4
    """
    a, b = tokens(source), tokens(text)
    if not a and not b:
        return 1.0
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


MEASURES = {"levenshtein": levenshtein, "overlap": span_overlap}


class Closeness:
    """A scorer: closeness of each candidate to its source (``levenshtein``, ``overlap``, or
    ``closeness``: the mean of the two)."""

    def __init__(self, measure: str = "closeness"):
        if measure != "closeness" and measure not in MEASURES:
            raise RankError(
                f"unknown closeness measure {measure!r}; use closeness, {', '.join(MEASURES)}"
            )
        self.name = measure
        self.measure = measure

    def one(self, source: str, text: str) -> float:
        if self.measure == "closeness":
            return (levenshtein(source, text) + span_overlap(source, text)) / 2
        return MEASURES[self.measure](source, text)

    def score(self, texts: Sequence[str], sources: Sequence[str] | None = None) -> list[float]:
        if sources is None or len(sources) != len(texts):
            raise RankError(
                f"{self.name} compares each candidate with its source: give one source per text"
            )
        return [self.one(s, t) for s, t in zip(sources, texts, strict=True)]
