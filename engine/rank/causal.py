"""Causal language model scoring (GPT-2 family, any local Hugging Face checkpoint).

Each text is scored as ``BOS + text + EOS`` (the convention of TAILOR's and Polyjuice's
GPT-2 filters): every text token and the final EOS are scored given everything before
them, so the total is the log-probability of the whole sentence, ending included. A model
without a BOS token scores from the second token on (nothing to condition the first on), as
LIT's scorer did; ``add_bos`` / ``add_eos`` turn either end off.

Batches are right-padded with an attention mask, so positions of the real tokens are the
same as unbatched and the pad token is never scored or attended to (no new pad embedding is
added to the model, unlike TAILOR's filter); the result does not depend on the batch
composition: batched and one-at-a-time scores agree to float rounding.

Speed (the cost of a pass is its padded tokens, ``rows x width``):

* Texts are sorted by length and cut into batches of at most ``batch_size`` by
  :func:`~engine.batching.plan_batches`, which minimises padded tokens plus ``pass_cost``
  tokens per forward pass, instead of cutting every ``batch_size`` texts (on 64 SNLI
  premises, that computed 45% more positions than there are tokens; the plan, 14%).
* The output layer runs on real positions only, ``head_chunk`` rows at a time into one
  reused buffer, with the log-sum-exp taken in place (no batch-sized copies of the logits).
* GPT-2's tanh-approximated GELU (``gelu_new``, written as six element-wise operations) runs
  as PyTorch's fused kernel of the same function (``gelu_pytorch_tanh``); the two agree to
  float rounding.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from ..batching import plan_batches
from ..errors import ScorerError
from ..resources import require_checkpoint_dir
from .base import TokenScores

ENV_VAR = "SEAM_LM"


def find_lm(path: str | os.PathLike | None = None) -> Path:
    """The checkpoint directory: ``path``, else ``$SEAM_LM``, else ``<cache>/lm``."""
    return require_checkpoint_dir(
        path,
        ENV_VAR,
        "lm",
        "causal language model",
        "Give a Hugging Face model directory with config.json and a fast tokenizer, e.g. GPT-2 "
        "downloaded on a machine with network (`huggingface-cli download gpt2 --local-dir "
        f"gpt2`), with --lm DIR or {ENV_VAR}=DIR; the offline n-gram ranker (--rank ngram) needs "
        "no download.",
    )


def _fuse_gelu(model) -> int:
    """Swap GPT-2's ``NewGELUActivation`` modules for the fused ``GELUTanh`` (same
    function); returns how many were swapped."""
    try:
        from transformers.activations import GELUTanh, NewGELUActivation
    except ImportError:  # another transformers layout: keep the model as it is
        return 0
    swaps = [
        (parent, name)
        for parent in model.modules()
        for name, child in parent.named_children()
        if type(child) is NewGELUActivation
    ]
    for parent, name in swaps:
        setattr(parent, name, GELUTanh())
    return len(swaps)


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """A token's character span without the leading space byte-level BPE folds into it."""
    while start < end and text[start].isspace():
        start += 1
    return start, end


class CausalLM:
    """A local causal LM checkpoint and its fast tokenizer, opened once.

    >>> lm = CausalLM("/path/to/gpt2")                      # doctest: +SKIP
    >>> [round(t.total, 2) for t in lm.token_scores(["A cat sat.", "Cat a sat."])]  # doctest: +SKIP
    [-25.1, -33.7]
    """

    def __init__(
        self,
        path: str | os.PathLike | None = None,
        device: str | None = None,
        batch_size: int = 32,
        max_length: int | None = None,
        add_bos: bool = True,
        add_eos: bool = True,
        name: str = "lm",
        pass_cost: int = 64,
        head_chunk: int = 128,
        fuse_gelu: bool = True,
    ):
        try:
            import torch
            import transformers
        except ImportError as exc:
            raise ScorerError(
                f"language-model scoring needs torch and transformers ({exc.name} is missing): "
                f'pip install ".[neural]"'
            ) from exc
        if batch_size < 1:
            raise ScorerError(f"batch size must be at least 1, got {batch_size}")
        if head_chunk < 1 or pass_cost < 0:
            raise ScorerError(
                f"head_chunk must be at least 1 and pass_cost at least 0, got {head_chunk}, "
                f"{pass_cost}"
            )
        self._torch = torch
        self.pass_cost = pass_cost
        self.head_chunk = head_chunk
        self.path = find_lm(path)
        self.name = name
        self.batch_size = batch_size
        try:
            self.tokenizer = transformers.AutoTokenizer.from_pretrained(
                self.path, local_files_only=True
            )
            self.model = transformers.AutoModelForCausalLM.from_pretrained(
                self.path, local_files_only=True
            )
        except (OSError, ValueError, KeyError) as exc:
            raise ScorerError(f"cannot load the language model in {self.path}: {exc}") from exc
        if not getattr(self.tokenizer, "is_fast", False):
            raise ScorerError(
                f"the tokenizer in {self.path} is not a fast tokenizer; character offsets "
                "(for phrase scores) need one (tokenizer.json)"
            )
        self.device = torch.device(device or ("cuda" if torch.cuda.is_available() else "cpu"))
        self.model.to(self.device).eval()
        if fuse_gelu:
            _fuse_gelu(self.model)
        tok = self.tokenizer
        self.bos_id = tok.bos_token_id if add_bos else None
        self.eos_id = tok.eos_token_id if add_eos else None
        pad = tok.pad_token_id if tok.pad_token_id is not None else tok.eos_token_id
        self.pad_id = pad if pad is not None else 0
        limits = [
            n
            for n in (
                max_length,
                getattr(self.model.config, "n_positions", None),
                getattr(self.model.config, "max_position_embeddings", None),
            )
            if n
        ]
        self.max_length = min(limits) if limits else 1024

    def _encode(self, text: str) -> tuple[list[int], list[tuple[int, int]], bool]:
        enc = self.tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
        ids, spans = list(enc["input_ids"]), [_trim(text, s, e) for s, e in enc["offset_mapping"]]
        room = self.max_length - (self.bos_id is not None) - (self.eos_id is not None)
        truncated = len(ids) > room
        ids, spans = ids[:room], spans[:room]
        if self.bos_id is not None:
            ids, spans = [self.bos_id, *ids], [(0, 0), *spans]
        if self.eos_id is not None:
            ids, spans = [*ids, self.eos_id], [*spans, (len(text), len(text))]
        return ids, spans, truncated

    def _logprobs(self, ids, mask):
        """Log-probabilities of every real next token of a right-padded batch, row by row,
        flattened. The output layer runs on real positions only (not on padding), which
        saves most of its cost on short sentences; models that post-process their logits
        (soft-capping, scaling) take the plain forward pass."""
        torch = self._torch
        real = mask[:, 1:].bool()
        target = ids[:, 1:][real]
        config = self.model.config
        head = self.model.get_output_embeddings()
        base = getattr(self.model, "base_model", None)
        if (
            head is None
            or base is None
            or base is self.model
            or any(
                getattr(config, a, None)
                for a in ("final_logit_softcapping", "logit_scale", "logits_scaling")
            )
        ):
            logits = (
                self.model(input_ids=ids, attention_mask=mask, use_cache=False)
                .logits[:, :-1][real]
                .float()
            )
            return logits.gather(-1, target.unsqueeze(-1)).squeeze(-1) - torch.logsumexp(
                logits, dim=-1
            )
        hidden = base(input_ids=ids, attention_mask=mask, use_cache=False).last_hidden_state[
            :, :-1
        ][real]
        out = torch.empty(len(hidden), dtype=torch.float32, device=hidden.device)
        plain = (
            isinstance(head, torch.nn.Linear)
            and head.bias is None
            and head.weight.dtype == torch.float32
            and hidden.dtype == torch.float32
        )
        buffer = (
            hidden.new_empty((min(self.head_chunk, len(hidden)), head.weight.shape[0]))
            if plain
            else None
        )
        for start in range(0, len(hidden), self.head_chunk):
            chunk = hidden[start : start + self.head_chunk]
            if plain:  # one buffer for every chunk's logits
                logits = torch.mm(chunk, head.weight.t(), out=buffer[: len(chunk)])
            else:
                logits = head(chunk).float()
            rows = len(logits)
            picked = logits.gather(-1, target[start : start + rows].unsqueeze(-1)).squeeze(-1)
            top = logits.amax(dim=-1, keepdim=True)
            total = logits.sub_(top).exp_().sum(dim=-1).log_().add_(top.squeeze(-1))
            out[start : start + rows] = picked - total
        return out

    def token_scores(self, texts: Sequence[str]) -> list[TokenScores]:
        """Per-token log-probabilities of every text (the first token, BOS when there is one,
        is the context and is not scored). A text given several times (a source among its
        candidates, candidates that coincide) is scored once."""
        unique = list(dict.fromkeys(texts))
        if len(unique) < len(texts):
            scored = dict(zip(unique, self._token_scores(unique), strict=True))
            return [scored[t] for t in texts]
        return self._token_scores(list(texts))

    def _token_scores(self, texts: list[str]) -> list[TokenScores]:
        torch = self._torch
        encoded = [self._encode(t) for t in texts]
        out: list[TokenScores | None] = [None] * len(texts)
        for i, (seq, _spans, truncated) in enumerate(encoded):
            if len(seq) < 2:  # nothing to score: no context token or no token at all
                out[i] = TokenScores(texts[i], (), (), truncated)
        order = sorted(
            (i for i in range(len(texts)) if out[i] is None), key=lambda i: (len(encoded[i][0]), i)
        )
        with torch.inference_mode():
            lengths = [len(encoded[i][0]) for i in order]
            for start, end in plan_batches(lengths, self.batch_size, self.pass_cost):
                batch = order[start:end]
                width = lengths[end - 1]
                ids = torch.full((len(batch), width), self.pad_id, dtype=torch.long)
                mask = torch.zeros((len(batch), width), dtype=torch.long)
                for row, i in enumerate(batch):
                    seq = encoded[i][0]
                    ids[row, : len(seq)] = torch.tensor(seq, dtype=torch.long)
                    mask[row, : len(seq)] = 1
                picked = self._logprobs(ids.to(self.device), mask.to(self.device)).cpu().tolist()
                k = 0
                for i in batch:
                    seq, spans, truncated = encoded[i]
                    n = len(seq) - 1
                    out[i] = TokenScores(
                        texts[i], tuple(spans[1:]), tuple(picked[k : k + n]), truncated
                    )
                    k += n
        return out  # type: ignore[return-value]
