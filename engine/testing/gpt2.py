"""Small random causal LMs for tests and benchmarks, built without any download.

:func:`build_tiny_lm` saves a randomly initialised GPT-2 and a byte-level BPE tokenizer
trained on a corpus (GPT-2's own pre-tokenization and ``<|endoftext|>`` as BOS, EOS and
pad) to a folder that :class:`~engine.rank.causal.CausalLM` loads like a real checkpoint.
:func:`gpt2_small_config` is GPT-2 small's shape (12 layers, 768 wide, 50,257 tokens), for
timing a GPT-2-sized model with random weights.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..polyjuice.format import SPECIAL_TOKENS

END = "<|endoftext|>"

DEFAULT_CORPUS = (
    "A man is riding a bike down the road.",
    "The children were playing in the park after school.",
    "She did not like the film, but her brother loved it.",
    "Two dogs chased a red ball across the wet grass.",
    "Will the train arrive before noon tomorrow?",
    "It was the cook who burned the toast this morning.",
    "The old bridge was repaired by the town last year.",
    "Nobody has seen the letter that he wrote.",
)


def train_tokenizer(corpus: Sequence[str], vocab_size: int = 400):
    """A GPT-2-style fast tokenizer (byte-level BPE) trained on ``corpus``."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=[END],
        show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    bpe.train_from_iterator([line for line in corpus if line.strip()], trainer)
    return PreTrainedTokenizerFast(
        tokenizer_object=bpe, bos_token=END, eos_token=END, unk_token=END
    )


def tiny_config(
    vocab_size: int, *, n_embd: int = 32, n_layer: int = 2, n_head: int = 4, n_positions: int = 128
):
    from transformers import GPT2Config

    return GPT2Config(
        vocab_size=vocab_size,
        n_embd=n_embd,
        n_layer=n_layer,
        n_head=n_head,
        n_positions=n_positions,
        bos_token_id=0,
        eos_token_id=0,
    )


def gpt2_small_config():
    """GPT-2 small's shape (about 124M parameters)."""
    from transformers import GPT2Config

    return GPT2Config(bos_token_id=0, eos_token_id=0)


def build_tiny_lm(
    path: str | Path,
    corpus: Sequence[str] | None = None,
    *,
    vocab_size: int = 400,
    config=None,
    seed: int = 0,
) -> Path:
    """Save a random GPT-2 (``config``, default a 2-layer, 32-wide one) and a tokenizer
    trained on ``corpus`` to ``path``; the weights depend only on ``seed`` and the sizes.
    ``<|endoftext|>`` is token 0. Returns the folder."""
    import torch
    from transformers import GPT2LMHeadModel

    path = Path(path)
    tokenizer = train_tokenizer(list(corpus or DEFAULT_CORPUS), vocab_size)
    config = config or tiny_config(len(tokenizer))
    config.vocab_size = max(config.vocab_size, len(tokenizer))
    torch.manual_seed(seed)
    model = GPT2LMHeadModel(config)
    model.eval()
    path.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


def build_tiny_polyjuice(
    path: str | Path,
    corpus: Sequence[str],
    *,
    n_embd: int = 64,
    n_layer: int = 2,
    seed: int = 0,
    vocab_size: int = 600,
) -> Path:
    """A random small GPT-2 and a byte-level BPE tokenizer trained on ``corpus`` that knows
    Polyjuice's special tokens (each one token), saved to ``path``."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import GPT2LMHeadModel, PreTrainedTokenizerFast

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=[END, *SPECIAL_TOKENS],
        show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    bpe.train_from_iterator([line for line in corpus if line.strip()], trainer)
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=bpe,
        bos_token=END,
        eos_token=END,
        unk_token=END,
        pad_token=END,
        additional_special_tokens=list(SPECIAL_TOKENS),
    )
    torch.manual_seed(seed)
    model = GPT2LMHeadModel(
        tiny_config(len(tokenizer), n_embd=n_embd, n_layer=n_layer, n_positions=256)
    )
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path
