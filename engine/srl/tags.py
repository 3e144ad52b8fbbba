"""PropBank BIO tag sequences: the one format SRL taggers, CoNLL readers and TAILOR share.

A frame of one predicate over ``n`` tokens is ``n`` tags: ``B-ARG0``, ``I-ARG0``, ``B-V``,
``B-ARGM-TMP``, ``O`` ... (continuation ``C-`` and reference ``R-`` prefixes are kept in the
label: ``B-R-ARG0``). :func:`bio_to_spans` reads one into labelled spans, tolerating what
taggers produce (an ``I-`` with no ``B-`` opens a span); :func:`spans_to_bio` writes spans back.

>>> tags = ["B-ARG0", "I-ARG0", "B-V", "B-ARG1", "O"]
>>> bio_to_spans(tags)  # doctest: +NORMALIZE_WHITESPACE
[SrlSpan(label='ARG0', start=0, end=2), SrlSpan(label='V', start=2, end=3),
 SrlSpan(label='ARG1', start=3, end=4)]
>>> spans_to_bio(bio_to_spans(tags), 5) == tags
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import InputError


@dataclass(frozen=True)
class SrlSpan:
    """A labelled token span ``[start, end)``; ``label`` has no ``B-``/``I-`` prefix."""

    label: str
    start: int
    end: int


@dataclass(frozen=True)
class SrlFrame:
    """One predicate's SRL analysis: the tokens, the verb index and the BIO tags.

    ``lemma`` and ``frameset`` (the roleset number, ``"01"``) are known for gold data
    (OntoNotes) and unknown (``None``) for tagger output.
    """

    tokens: tuple[str, ...]
    verb: int
    tags: tuple[str, ...]
    lemma: str | None = None
    frameset: str | None = None
    score: float | None = field(default=None, compare=False)

    def __post_init__(self):
        if len(self.tokens) != len(self.tags):
            raise InputError(f"SRL frame has {len(self.tokens)} tokens but {len(self.tags)} tags")
        if not 0 <= self.verb < len(self.tokens):
            raise InputError(
                f"SRL frame verb index {self.verb} is outside the {len(self.tokens)} tokens"
            )

    @property
    def spans(self) -> list[SrlSpan]:
        return bio_to_spans(self.tags)


def bio_to_spans(tags: Sequence[str]) -> list[SrlSpan]:
    """Labelled spans of a BIO sequence, in order. ``O`` and malformed tags close spans."""
    spans: list[SrlSpan] = []
    label, start = None, 0
    for i, tag in enumerate(list(tags) + ["O"]):
        prefix, _, name = tag.partition("-")
        if prefix == "I" and name == label:
            continue
        if label is not None:
            spans.append(SrlSpan(label, start, i))
            label = None
        if prefix in ("B", "I") and name:
            label, start = name, i
    return spans


def spans_to_bio(spans: Iterable[SrlSpan], length: int) -> list[str]:
    """The BIO sequence of non-overlapping spans over ``length`` tokens."""
    tags = ["O"] * length
    for span in spans:
        if span.start < 0 or span.end > length or span.start >= span.end:
            raise InputError(f"span {span} does not fit in {length} tokens")
        if any(t != "O" for t in tags[span.start : span.end]):
            raise InputError(f"span {span} overlaps another span")
        tags[span.start] = f"B-{span.label}"
        for i in range(span.start + 1, span.end):
            tags[i] = f"I-{span.label}"
    return tags
