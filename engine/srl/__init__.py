"""Semantic role labelling: BIO tag sequences, and a BERT SRL tagger without AllenNLP."""

from .tags import SrlFrame, SrlSpan, bio_to_spans, spans_to_bio

__all__ = ["SrlFrame", "SrlSpan", "bio_to_spans", "spans_to_bio"]
