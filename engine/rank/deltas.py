"""Likelihood change from the source to a candidate, sentence- and phrase-level.

TAILOR's and Polyjuice's fluency filters, with their alignment bug fixed. For a source ``x``
and a candidate ``y``:

* ``pr_sent = log P(x) - log P(y)`` (positive: ``y`` is less likely than ``x``);
* the edit operations come from difflib over the spaCy tokens of both sides; an insertion or
  deletion is widened to the syntactic subtree around it (so "a" inserted before "red car"
  is judged as the phrase "a red car"), a replacement keeps its exact span;
* for each operation, ``pr_phrase = log P(phrase_x | x) - log P(phrase_y | y)``, the phrase
  scored in its own sentence by character offsets;
* the operation reported is the worst one: the largest ``max(pr_sent, pr_phrase)``.

A candidate with no edit at all (the same tokens) has ``pr_phrase = pr_sent`` and op
``equal``. Scores are natural logs; TAILOR keeps a candidate when both deltas are under 50,
Polyjuice under 10 (see :class:`engine.validate.LikelihoodDrop`).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from .base import LanguageModel, TokenScores


@dataclass(frozen=True)
class Delta:
    """How much less likely a candidate is than its source (nats), and where."""

    pr_sent: float
    pr_phrase: float
    op: str
    source_phrase: str
    phrase: str

    @property
    def worst(self) -> float:
        return max(self.pr_sent, self.pr_phrase)

    def to_dict(self) -> dict:
        return {"pr_sent": round(self.pr_sent, 4), "pr_phrase": round(self.pr_phrase, 4), "op": self.op,
                "source_phrase": self.source_phrase, "phrase": self.phrase}


def _subtree_chars(doc, start: int, end: int) -> tuple[int, int]:
    """Character span of tokens ``[start, end)`` widened to the subtrees they touch; for an
    empty token span, the subtree of the token after (or before) the gap."""
    if start == end:
        if len(doc) == 0:
            return 0, 0
        anchor = doc[min(start, len(doc) - 1)]
        left, right = anchor.left_edge.i, anchor.right_edge.i + 1
    else:
        left = min(doc[i].left_edge.i for i in range(start, end))
        right = max(doc[i].right_edge.i for i in range(start, end)) + 1
        left, right = min(left, start), max(right, end)
    return doc[left].idx, doc[right - 1].idx + len(doc[right - 1])


def _chars(doc, start: int, end: int) -> tuple[int, int]:
    if start == end:
        return 0, 0
    return doc[start].idx, doc[end - 1].idx + len(doc[end - 1])


def edit_spans(a_doc, b_doc) -> list[tuple[str, tuple[int, int], tuple[int, int]]]:
    """``(op, source chars, candidate chars)`` of every non-equal edit between two spaCy
    docs; insertions and deletions are widened to subtrees on both sides."""
    a_tok = [t.text for t in a_doc]
    b_tok = [t.text for t in b_doc]
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a_tok, b_tok, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op == "replace":
            out.append((op, _chars(a_doc, i1, i2), _chars(b_doc, j1, j2)))
        else:
            out.append((op, _subtree_chars(a_doc, i1, i2), _subtree_chars(b_doc, j1, j2)))
    return out


def deltas(lm: LanguageModel, sources: Sequence[str], texts: Sequence[str], nlp=None) -> list[Delta]:
    """The :class:`Delta` of every ``texts[k]`` against ``sources[k]``, in one batch of LM
    calls (each distinct sentence is scored once)."""
    if nlp is None:
        from ..resources import load_spacy

        nlp = load_spacy()
    distinct = list(dict.fromkeys([*sources, *texts]))
    scored: dict[str, TokenScores] = dict(zip(distinct, lm.token_scores(distinct), strict=True))
    docs = dict(zip(distinct, nlp.pipe(distinct), strict=True))
    out = []
    for source, text in zip(sources, texts, strict=True):
        xs, ys = scored[source], scored[text]
        pr_sent = xs.total - ys.total
        best = Delta(pr_sent, pr_sent, "equal", "", "")
        first = True
        for op, (a0, a1), (b0, b1) in edit_spans(docs[source], docs[text]):
            pr_phrase = xs.phrase(a0, a1) - ys.phrase(b0, b1)
            cand = Delta(pr_sent, pr_phrase, op, source[a0:a1], text[b0:b1])
            if first or cand.worst > best.worst:
                best, first = cand, False
        out.append(best)
    return out
