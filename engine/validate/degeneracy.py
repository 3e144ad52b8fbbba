"""Degeneracy heuristics: the junk every generator produces, caught before ranking.

Rejected: an empty output; an output equal to the source (ignoring case and spacing) when
the plan asked for a change the source does not already show; T5's degenerate token ``sanatate``
(TAILOR's junk check); leaked control codes (TAILOR role labels such as ``[AGENT:`` or ``VERB+``,
Polyjuice's ``[BLANK]``/``[SEP]``/``[ANSWER]``/``<|perturb|>``, T5 sentinels ``<extra_id_0>``,
special tokens ``</s>``, ``<pad>``, ``<unk>``, ``<|endoftext|>``); a phrase of one to four words
repeated back to back ("the dog the dog", "was was").

Flagged: a three-word sequence that occurs twice anywhere (loops that are not adjacent).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .. import english
from ..checks import shows_change
from ..tailor.codes import GOLD_LABELS
from .base import ACCEPT, FLAG, REJECT, Item, Validator, Verdict

_SPECIAL = re.compile(
    r"\[(?:BLANK|SEP|ANSWER|EMPTY)\]|<extra_id_\d+>|<\|[a-z]+\|>|</?s>|<pad>|<unk>"
)
_LABEL = re.compile(
    r"(?:\[\s*|\b)(?:"
    + "|".join(sorted(map(re.escape, GOLD_LABELS), key=len, reverse=True))
    + r")\s*(?:[:+\]|])"
)
_STUTTER = re.compile(r"\b(\w+(?:['’]\w+)?(?:\s+\w+(?:['’]\w+)?){0,3})\s+\1\b", re.I)
# doubled words that English allows ("She had had enough", "He said that that was fine")
_DOUBLE_OK = english.read_lexicon("doubled_words")
_WORD = re.compile(r"\w+(?:['’]\w+)?")


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def degeneracy(item: Item) -> tuple[str, str]:
    """``(verdict, reason)`` for one candidate."""
    text = item.text
    if not text or not text.strip():
        return REJECT, "empty output"
    if "sanatate" in text.lower():
        return REJECT, "T5's degenerate token 'sanatate'"
    m = _SPECIAL.search(text) or _LABEL.search(text)
    if m:
        return REJECT, f"leaked control code {m.group().strip()!r}"
    asked = item.plan is not None and bool(getattr(item.plan, "features", None))
    if asked and _norm(text) == _norm(item.source):
        if item.analysis is not None and _already(item):
            return ACCEPT, "unchanged: the source already shows the change"
        return REJECT, "unchanged: the output is the source"
    for m in _STUTTER.finditer(text):
        phrase = m.group(1)
        if phrase.lower() not in _DOUBLE_OK:
            return REJECT, f"repeated phrase {phrase!r}"
    words = [w.lower() for w in _WORD.findall(text)]
    seen: set[tuple[str, ...]] = set()
    for k in range(len(words) - 2):
        gram = tuple(words[k : k + 3])
        if gram in seen:
            return FLAG, f"repeated 3-gram {' '.join(gram)!r}"
        seen.add(gram)
    return ACCEPT, ""


def _already(item: Item) -> bool:
    """Whether the source already has what the plan asks (then an unchanged output is right)."""

    return shows_change(item.plan, item.source, None, item.analysis) is None


class Degeneracy(Validator):
    name = "degeneracy"

    def check(self, items: Sequence[Item]) -> list[Verdict]:
        return [Verdict(self.name, *degeneracy(item)) for item in items]
