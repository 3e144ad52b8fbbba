"""Semantic role labelling: BIO tag sequences, a BERT SRL tagger that reads AllenNLP's archive
without AllenNLP, PropBank frame files, and CoNLL-2012 / JSONL frame readers."""

from .analyzer import SrlAnalyzer, frames_with_srl, span_head
from .bert import (
    BertSrlTagger,
    SrlError,
    SrlResourceError,
    find_archive,
    find_tokenizer,
    spacy_predicates,
    viterbi_bio,
)
from .conll import ConllSentence, read_conll2012, read_frames_jsonl, read_srl_corpus
from .propbank import PropBankFrames, readable_name
from .tags import SrlFrame, SrlSpan, bio_to_spans, spans_to_bio

__all__ = [
    "BertSrlTagger",
    "ConllSentence",
    "PropBankFrames",
    "SrlAnalyzer",
    "SrlError",
    "SrlFrame",
    "SrlResourceError",
    "SrlSpan",
    "bio_to_spans",
    "find_archive",
    "find_tokenizer",
    "read_conll2012",
    "read_frames_jsonl",
    "read_srl_corpus",
    "readable_name",
    "frames_with_srl",
    "span_head",
    "spacy_predicates",
    "spans_to_bio",
    "viterbi_bio",
]
