"""Ranking candidates: language-model and n-gram scores, closeness, the weighted composite.

See :mod:`engine.rank.ranker` for the scorer names, :mod:`engine.rank.deltas` for
TAILOR/Polyjuice's sentence- and phrase-level likelihood deltas and TAILOR's fluency ratio,
and :mod:`engine.validate` for the validators that run beside the rankers.
"""

from .base import MEAN, SUM, LanguageModel, LMScorer, Scorer, TokenScores
from .closeness import Closeness, levenshtein, span_overlap
from .deltas import Delta, deltas, fluency_ratios
from .ranker import COMPOSITE, SCORERS, Ranker, Toolkit, load_weights, parse_rank

__all__ = [
    "COMPOSITE",
    "MEAN",
    "SCORERS",
    "SUM",
    "Closeness",
    "Delta",
    "LMScorer",
    "LanguageModel",
    "Ranker",
    "Scorer",
    "TokenScores",
    "Toolkit",
    "deltas",
    "fluency_ratios",
    "levenshtein",
    "load_weights",
    "parse_rank",
    "span_overlap",
]
