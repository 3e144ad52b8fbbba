"""What every scorer provides: per-token log-probabilities aligned to characters, and scores.

A *language model* here is anything with ``token_scores(texts) -> list[TokenScores]``: the
log-probability (natural log) of every scored token of each text, with the character span
the token covers, so that a phrase can be scored inside its sentence by character offsets
(TAILOR and Polyjuice re-tokenize the text before the phrase and count tokens, which drifts
when the tokenization of a prefix differs from its tokenization in context).

A *scorer* is anything with ``name`` and ``score(texts, sources=None) -> list[float]``,
batched, higher is better. :class:`LMScorer` turns a language model into one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..errors import RankError

#: How a sentence's token log-probabilities become one number.
SUM, MEAN = "sum", "mean"
REDUCTIONS = (SUM, MEAN)


@dataclass(frozen=True)
class TokenScores:
    """The scored tokens of one text: ``spans[k]`` is the ``(start, end)`` character span of
    token ``k`` in ``text`` (an end-of-sentence token has the empty span ``(len, len)``) and
    ``logprobs[k]`` its natural-log probability given the tokens before it."""

    text: str
    spans: tuple[tuple[int, int], ...]
    logprobs: tuple[float, ...]
    truncated: bool = False

    @property
    def total(self) -> float:
        """Log-probability of the whole text (TAILOR's and Polyjuice's sentence score)."""
        return float(sum(self.logprobs))

    @property
    def mean(self) -> float:
        """Mean token log-probability (LIT's GPT-2 score: no penalty for length)."""
        return self.total / len(self.logprobs) if self.logprobs else 0.0

    def reduce(self, how: str) -> float:
        if how == SUM:
            return self.total
        if how == MEAN:
            return self.mean
        raise RankError(f"unknown reduction {how!r}; use one of {', '.join(REDUCTIONS)}")

    def phrase(self, start: int, end: int) -> float:
        """Log-probability of the characters ``[start, end)`` in context: the sum over the
        tokens that overlap the span. An empty span scores 0."""
        if end <= start:
            return 0.0
        return float(
            sum(
                lp
                for (s, e), lp in zip(self.spans, self.logprobs, strict=True)
                if s < end and e > start
            )
        )


@runtime_checkable
class LanguageModel(Protocol):
    """Per-token log-probabilities for a batch of texts."""

    name: str

    def token_scores(self, texts: Sequence[str]) -> list[TokenScores]: ...


@runtime_checkable
class Scorer(Protocol):
    """A batched score, higher is better; ``sources`` are the texts the candidates were made
    from (scorers that compare with the source need them; the others ignore them)."""

    name: str

    def score(self, texts: Sequence[str], sources: Sequence[str] | None = None) -> list[float]: ...


class LMScorer:
    """A language model as a scorer: the summed (``sum``) or mean (``mean``) token
    log-probability of each text."""

    def __init__(self, lm: LanguageModel, reduce: str = SUM, name: str | None = None):
        if reduce not in REDUCTIONS:
            raise RankError(f"unknown reduction {reduce!r}; use one of {', '.join(REDUCTIONS)}")
        self.lm = lm
        self.reduce = reduce
        self.name = name or (lm.name if reduce == SUM else f"{lm.name}-{reduce}")

    def score(self, texts: Sequence[str], sources: Sequence[str] | None = None) -> list[float]:
        return [t.reduce(self.reduce) for t in self.lm.token_scores(list(texts))]
