"""Likelihood change from the source to a candidate, sentence- and phrase-level.

TAILOR's and Polyjuice's fluency filters, with their alignment bug fixed. For a source ``x``
and a candidate ``y``:

* ``pr_sent = log P(x) - log P(y)`` (positive: ``y`` is less likely than ``x``);
* the edit operations come from difflib over the spaCy tokens of both sides; an insertion or
  deletion is widened, on both sides, to the subtree of the phrase it attaches to (so "red"
  inserted before "car" is judged as the pair "a car" / "a red car"), a replacement keeps
  its exact spans;
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

from ..resources import load_spacy
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
        return {
            "pr_sent": round(self.pr_sent, 4),
            "pr_phrase": round(self.pr_phrase, 4),
            "op": self.op,
            "source_phrase": self.source_phrase,
            "phrase": self.phrase,
        }


def _chars(doc, start: int, end: int) -> tuple[int, int]:
    if start >= end:
        return 0, 0
    return doc[start].idx, doc[end - 1].idx + len(doc[end - 1])


def _subtree(token) -> tuple[int, int]:
    return token.left_edge.i, token.right_edge.i + 1


def _head_outside(doc, start: int, end: int):
    """The nearest token outside ``[start, end)`` that the span's tokens hang from (None
    when the span holds the root)."""
    for i in range(start, end):
        head = doc[i].head
        if not start <= head.i < end:
            return head
    return None


def _widened(inserted_doc, other_doc, start: int, end: int, gap: int, align: dict[int, int]):
    """Token spans for an insertion of ``inserted_doc[start:end]`` at token ``gap`` of
    ``other_doc``: the subtree of the inserted tokens' head on the inserting side, and the
    subtree of the aligned head on the other side ("red" inserted before "car": the pair
    "a car" / "a red car")."""
    head = _head_outside(inserted_doc, start, end)
    if head is None or head.i not in align:
        return (0, len(inserted_doc)), (0, len(other_doc))
    left, right = _subtree(head)
    o_left, o_right = _subtree(other_doc[align[head.i]])
    return (min(left, start), max(right, end)), (min(o_left, gap), max(o_right, gap))


def edit_spans(a_doc, b_doc) -> list[tuple[str, tuple[int, int], tuple[int, int]]]:
    """``(op, source chars, candidate chars)`` of every non-equal edit between two spaCy
    docs; a replacement keeps its exact spans, an insertion or deletion is widened to the
    subtree of the phrase it attaches to, on both sides."""
    a_tok = [t.text for t in a_doc]
    b_tok = [t.text for t in b_doc]
    ops = difflib.SequenceMatcher(None, a_tok, b_tok, autojunk=False).get_opcodes()
    a_to_b: dict[int, int] = {}
    for op, i1, i2, j1, _j2 in ops:
        if op == "equal":
            a_to_b.update({i1 + k: j1 + k for k in range(i2 - i1)})
    b_to_a = {j: i for i, j in a_to_b.items()}
    out = []
    for op, i1, i2, j1, j2 in ops:
        if op == "equal":
            continue
        if op == "replace":
            out.append((op, _chars(a_doc, i1, i2), _chars(b_doc, j1, j2)))
        elif op == "insert":
            (b0, b1), (a0, a1) = _widened(b_doc, a_doc, j1, j2, i1, b_to_a)
            out.append((op, _chars(a_doc, a0, a1), _chars(b_doc, b0, b1)))
        else:  # delete
            (a0, a1), (b0, b1) = _widened(a_doc, b_doc, i1, i2, j1, a_to_b)
            out.append((op, _chars(a_doc, a0, a1), _chars(b_doc, b0, b1)))
    return out


def deltas(
    lm: LanguageModel, sources: Sequence[str], texts: Sequence[str], nlp=None
) -> list[Delta]:
    """The :class:`Delta` of every ``texts[k]`` against ``sources[k]``, in one batch of LM
    calls (each distinct sentence is scored once)."""
    if nlp is None:
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


def fluency_ratios(
    lm: LanguageModel, sources: Sequence[str], texts: Sequence[str]
) -> list[float | None]:
    """TAILOR's fluency metric (after MiCE): the LM loss of each ``texts[k]`` over the loss of
    ``sources[k]``, the loss being the mean negative log-probability per token. 1.0 means
    the edit kept the source's likelihood per token; above 1, the edit reads worse. The
    log base cancels, so any :class:`LanguageModel` serves (the n-gram model included).
    None where the source has no scored token or a zero loss. Each distinct sentence is
    scored once.

    Conventions of Seam's LMs apply: a causal LM scores BOS + text + EOS, the n-gram model
    words only (TAILOR's paper reports GPT-2 losses without saying how the ends were treated,
    and its repository has no code for the metric).
    """
    distinct = list(dict.fromkeys([*sources, *texts]))
    scored: dict[str, TokenScores] = dict(zip(distinct, lm.token_scores(distinct), strict=True))
    out: list[float | None] = []
    for source, text in zip(sources, texts, strict=True):
        xs, ys = scored[source], scored[text]
        if not xs.logprobs or xs.mean == 0.0 or not ys.logprobs:
            out.append(None)
        else:
            out.append(ys.mean / xs.mean)
    return out
