"""A small random NLI classifier for tests, built without any download: a 2-layer BERT
sequence classifier and a word-level tokenizer trained on the given sentences, saved the way
:class:`~engine.nli.classifier.NliClassifier` loads a real checkpoint."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from .encoder import bert_tokenizer, save_bert

NLI_ID2LABEL = {0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION"}


def build_tiny_nli(
    path: str | Path,
    sentences: Sequence[str],
    id2label: Mapping[int, str] = NLI_ID2LABEL,
    seed: int = 0,
) -> Path:
    """Save a random BERT classifier with ``id2label`` and a tokenizer over ``sentences``."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers

    tok = Tokenizer(models.WordLevel(unk_token="[UNK]"))
    tok.normalizer = normalizers.Lowercase()
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.train_from_iterator(
        list(sentences),
        trainers.WordLevelTrainer(special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]"]),
    )
    fast = bert_tokenizer(tok, model_input_names=["input_ids", "token_type_ids", "attention_mask"])
    return save_bert(
        path,
        fast,
        seed,
        vocab_size=tok.get_vocab_size(),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=37,
        max_position_embeddings=64,
        num_labels=len(id2label),
        id2label=dict(id2label),
        label2id={v: k for k, v in id2label.items()},
    )
