"""A small random NLI classifier for tests, built without any download: a 2-layer BERT
sequence classifier and a word-level tokenizer trained on the given sentences, saved the way
:class:`~engine.nli.classifier.NliClassifier` loads a real checkpoint."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

NLI_ID2LABEL = {0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION"}


def build_tiny_nli(
    path: str | Path,
    sentences: Sequence[str],
    id2label: Mapping[int, str] = NLI_ID2LABEL,
    seed: int = 0,
) -> Path:
    """Save a random BERT classifier with ``id2label`` and a tokenizer over ``sentences``."""
    import torch
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors, trainers
    from transformers import BertConfig, BertForSequenceClassification, PreTrainedTokenizerFast

    path = Path(path)
    tok = Tokenizer(models.WordLevel(unk_token="[UNK]"))
    tok.normalizer = normalizers.Lowercase()
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.train_from_iterator(
        list(sentences),
        trainers.WordLevelTrainer(special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]"]),
    )
    cls, sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", cls), ("[SEP]", sep)],
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        model_input_names=["input_ids", "token_type_ids", "attention_mask"],
    )
    torch.manual_seed(seed)
    config = BertConfig(
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
    BertForSequenceClassification(config).save_pretrained(path)
    fast.save_pretrained(path)
    return path
