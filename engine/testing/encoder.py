"""A small random BERT with a WordPiece tokenizer, to fine-tune as an acceptability classifier
in tests (:mod:`engine.accept.classifier`); :func:`bert_tokenizer` and :func:`save_bert` are
shared with the NLI builder (:mod:`.nli`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def bert_tokenizer(tok, **extra):
    """A trained ``tokenizers.Tokenizer`` as a BERT tokenizer: ``[CLS] A [SEP] (B [SEP])``."""
    from tokenizers import processors
    from transformers import PreTrainedTokenizerFast

    cls_id, sep_id = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", cls_id), ("[SEP]", sep_id)],
    )
    return PreTrainedTokenizerFast(
        tokenizer_object=tok,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        **extra,
    )


def save_bert(path: str | Path, tokenizer, seed: int, **config) -> Path:
    """A random ``BertForSequenceClassification`` of ``config`` and its tokenizer, saved."""
    import torch
    from transformers import BertConfig, BertForSequenceClassification

    torch.manual_seed(seed)
    model = BertForSequenceClassification(BertConfig(**config))
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


def build_tiny_encoder(
    path: str | Path, corpus: Sequence[str], *, hidden: int = 64, layers: int = 2, seed: int = 0
) -> Path:
    """A random small BERT with a WordPiece tokenizer trained on ``corpus``, saved to ``path``."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers

    wp = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    wp.normalizer = normalizers.BertNormalizer(lowercase=True)
    wp.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    wp.train_from_iterator(
        list(corpus),
        trainers.WordPieceTrainer(vocab_size=800, special_tokens=specials, show_progress=False),
    )
    tokenizer = bert_tokenizer(wp, mask_token="[MASK]")
    return save_bert(
        path,
        tokenizer,
        seed,
        vocab_size=len(tokenizer),
        hidden_size=hidden,
        num_hidden_layers=layers,
        num_attention_heads=4,
        intermediate_size=hidden * 2,
        max_position_embeddings=256,
        num_labels=2,
    )
