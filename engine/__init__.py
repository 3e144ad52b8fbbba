"""Seam: controlled sentence transformations over a shared IR.

>>> import engine
>>> engine.transform(["A man is riding a bike."], apply="tense(past)+passive")[0]["best"]
'A bike was being ridden by a man.'

Public API: :func:`transform` and :class:`Transformer` (the batch pipeline), :func:`analyze`
(text -> IR), :func:`parse` (expressions), the IR classes, and :func:`get_backend`.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .analyzers import SpacyAnalyzer
from .backends import available_backends, get_backend  # noqa: E402  (after the IR)
from .errors import (
    BackendError,
    ExpressionError,
    InputError,
    RecordError,
    ResourceNotFoundError,
    SeamError,
    UnknownBackendError,
    UnknownTransformationError,
)
from .hf import transform_dataset  # noqa: E402
from .ir import Analysis, Argument, Frame, Predicate, Sentence, Token
from .pipeline import Transformer, transform  # noqa: E402
from .transforms import EditPlan, Transformation, parse


def analyze(texts, model: str | None = None) -> list[Analysis]:
    """Analyze texts with the spaCy analyzer (the IR every backend reads)."""

    if isinstance(texts, str):
        texts = [texts]
    return SpacyAnalyzer(model=model).analyze(list(texts))


__all__ = [
    "Analysis",
    "Argument",
    "BackendError",
    "EditPlan",
    "ExpressionError",
    "Frame",
    "InputError",
    "Predicate",
    "RecordError",
    "ResourceNotFoundError",
    "SeamError",
    "Sentence",
    "Token",
    "Transformation",
    "Transformer",
    "UnknownBackendError",
    "UnknownTransformationError",
    "analyze",
    "available_backends",
    "get_backend",
    "parse",
    "transform",
    "transform_dataset",
]
