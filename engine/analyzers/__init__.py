"""Analyzers turn text into the shared IR (:class:`~engine.ir.Analysis`)."""

from .spacy_analyzer import SpacyAnalyzer

__all__ = ["SpacyAnalyzer"]
