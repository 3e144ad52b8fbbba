"""Small T5 checkpoints built in-process, for tests and benchmarks that must run offline.

:func:`build_tiny_checkpoint` trains a SentencePiece-style Unigram tokenizer on a few
sentences (with the `tokenizers` library; T5's layout: ``<pad>`` 0, ``</s>`` 1, ``<unk>`` 2,
the pieces, then the sentinels ``<extra_id_N>`` in reverse order, as special tokens), makes a
randomly initialised :class:`transformers.T5ForConditionalGeneration`, and saves both to a
folder that ``AutoTokenizer.from_pretrained`` / ``T5ForConditionalGeneration.from_pretrained``
load with no network. The tokenizer loads as ``T5Tokenizer`` (``T5TokenizerFast``) and as
``PreTrainedTokenizerFast`` alike; like T5's it appends ``</s>`` to every sequence.

TAILOR's control-code vocabulary (labels, tenses, voices, specificities, brackets) is always
part of the tokenizer's training text, so headers and targets tokenize into whole pieces.

Sizes are parameters: the default is tiny (``d_model`` 32, 2 layers); pass
``config=t5_base_config(vocab_size)`` for a model shaped like ``t5-base`` (random weights),
e.g. to time training or generation.

The model has random weights: what it generates is noise. It exists so that code paths
(tokenization, training steps, checkpointing, generation, parsing) can run anywhere.
"""

from __future__ import annotations

import copy
import math
import string
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..ir import READABLE_NAMES

if TYPE_CHECKING:
    from transformers import T5Config

# the examples' imports (engine/conftest.py skips them without)
__doctest_requires__ = ("transformers",)

EXTRA_IDS = 100  # T5's number of sentinels
_SPECIALS = ("<pad>", "</s>", "<unk>")  # ids 0, 1, 2, as in T5

# Sentences of our own, used when no corpus is given.
DEFAULT_CORPUS: tuple[str, ...] = (
    "The nurse comforted the child in the hallway .",
    "A storm will close the bridge tomorrow .",
    "The letters were sorted by a clerk before noon .",
    "She has never visited the museum .",
    "The farmer gave the goat some hay after lunch .",
    "The boiling water burned his hand .",
    "Two students are painting a mural on the wall .",
    "The old ferry crossed the river slowly .",
)


def control_vocabulary() -> list[str]:
    """Lines that cover TAILOR's control codes, so the tokenizer has pieces for them."""
    labels = sorted(set(READABLE_NAMES) | {"INSTRUMENT", "ATTRIBUTE", "START", "END"})
    lines = [
        f"[VERB+{v}+{t}: go" for v in ("active", "passive") for t in ("past", "present", "future")
    ]
    lines += [
        f"| {label}+{spec}: x | {label}: * ] [{label}: x ]"
        for label in labels
        for spec in ("complete", "partial", "sparse")
    ]
    lines.append(" ".join(string.ascii_letters + string.digits))
    return lines


def train_tokenizer(corpus: Iterable[str], vocab_size: int = 512, extra_ids: int = EXTRA_IDS):
    """A T5-style tokenizer (``T5Tokenizer``, backed by `tokenizers`) trained on ``corpus``.

    ``vocab_size`` bounds the number of pieces (a small corpus gives fewer); the
    ``extra_ids`` sentinels come on top. The result depends only on the corpus and the
    sizes: the pieces come from a BPE trainer (deterministic, unlike the Unigram trainer,
    whose scores and order vary from run to run), scored by their log frequency in the
    corpus for the Unigram model T5 uses.
    """
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers
    from transformers import T5Tokenizer

    if vocab_size < len(_SPECIALS) + 2:
        raise ValueError(f"vocab_size must be at least {len(_SPECIALS) + 2}, not {vocab_size}")
    # The same pre-tokenization T5Tokenizer builds around the vocabulary when it loads.
    bpe = Tokenizer(models.BPE(unk_token="<unk>"))
    bpe.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.WhitespaceSplit(),
            pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always", split=True),
        ]
    )
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(_SPECIALS),
        initial_alphabet=list(string.printable.strip()),
        show_progress=False,
    )
    lines = [line for line in corpus if line.strip()] + control_vocabulary()
    bpe.train_from_iterator(lines, trainer)
    pieces = sorted(bpe.get_vocab().items(), key=lambda kv: kv[1])
    words = Counter("▁" + w for line in lines for w in line.split())
    counts = {
        p: sum(c * w.count(p) for w, c in words.items()) for p, _ in pieces if p not in _SPECIALS
    }
    total = sum(counts.values()) + len(counts)
    vocab = [(p, 0.0) for p in _SPECIALS]
    vocab += [
        (p, round(math.log((counts[p] + 1) / total), 6)) for p, _ in pieces if p not in _SPECIALS
    ]
    vocab += [(f"<extra_id_{i}>", 0.0) for i in range(extra_ids - 1, -1, -1)]
    return T5Tokenizer(vocab=vocab, extra_ids=extra_ids)


def t5_base_config(vocab_size: int = 32128) -> T5Config:
    """A configuration shaped like ``t5-base`` (TAILOR's starting checkpoint): 12+12 layers,
    ``d_model`` 768, ``d_ff`` 3072, 12 heads; about 220M parameters at T5's vocabulary size.

    >>> cfg = t5_base_config(1000)
    >>> cfg.d_model, cfg.num_layers, cfg.num_heads, cfg.vocab_size
    (768, 12, 12, 1000)
    """
    return tiny_config(
        vocab_size, d_model=768, d_ff=3072, num_heads=12, layers=12, dropout_rate=0.1
    )


def tiny_config(
    vocab_size: int,
    *,
    d_model: int = 32,
    d_ff: int | None = None,
    num_heads: int = 4,
    layers: int = 2,
    dropout_rate: float = 0.0,
) -> T5Config:
    """A T5 configuration with T5's token ids (pad 0 = decoder start, eos 1)."""
    from transformers import T5Config

    if d_model % num_heads:
        raise ValueError(f"d_model ({d_model}) must be a multiple of num_heads ({num_heads})")
    return T5Config(
        vocab_size=vocab_size,
        d_model=d_model,
        d_kv=d_model // num_heads,
        d_ff=d_ff or 4 * d_model,
        num_layers=layers,
        num_decoder_layers=layers,
        num_heads=num_heads,
        dropout_rate=dropout_rate,
        pad_token_id=0,
        eos_token_id=1,
        decoder_start_token_id=0,
        feed_forward_proj="relu",
        tie_word_embeddings=True,
    )


def build_tiny_checkpoint(
    path: str | Path,
    corpus: Sequence[str] | None = None,
    *,
    d_model: int = 32,
    d_ff: int | None = None,
    num_heads: int = 4,
    layers: int = 2,
    vocab_size: int = 512,
    extra_ids: int = EXTRA_IDS,
    dropout_rate: float = 0.0,
    seed: int = 0,
    config: T5Config | None = None,
) -> Path:
    """Save a randomly initialised T5 and a tokenizer trained on ``corpus`` to ``path``.

    ``corpus`` defaults to :data:`DEFAULT_CORPUS`; TAILOR's control codes are always added.
    The model's vocabulary is ``max(vocab_size, len(tokenizer))`` (like T5, it may have more
    embedding rows than tokens). ``config`` replaces the size arguments (its vocabulary is
    widened if the tokenizer needs more). Weights depend only on ``seed`` and the sizes.
    Returns the folder.
    """
    import torch
    from transformers import T5ForConditionalGeneration

    path = Path(path)
    tokenizer = train_tokenizer(DEFAULT_CORPUS if corpus is None else corpus, vocab_size, extra_ids)
    n = max(vocab_size, len(tokenizer))
    if config is None:
        config = tiny_config(
            n,
            d_model=d_model,
            d_ff=d_ff,
            num_heads=num_heads,
            layers=layers,
            dropout_rate=dropout_rate,
        )
    elif config.vocab_size < len(tokenizer):
        config = copy.deepcopy(config)  # the caller's stays as it was
        config.vocab_size = len(tokenizer)
    state = torch.random.get_rng_state()
    torch.manual_seed(seed)
    try:
        model = T5ForConditionalGeneration(config)
    finally:
        torch.random.set_rng_state(state)
    path.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


__all__ = [
    "DEFAULT_CORPUS",
    "EXTRA_IDS",
    "build_tiny_checkpoint",
    "control_vocabulary",
    "t5_base_config",
    "tiny_config",
    "train_tokenizer",
]
