"""A Polyjuice generator: any local GPT-2-family checkpoint, many prompts per forward pass.

The published model (``uw-hai/polyjuice``) is a fine-tuned GPT-2 small whose tokenizer knows
Polyjuice's special tokens. Download it on a machine with network, then pass ``--model DIR``,
set ``SEAM_POLYJUICE=DIR``, or put it in
``<cache>/polyjuice``. :func:`engine.testing.gpt2.build_tiny_polyjuice` makes a small random one for
tests, and ``seam train-polyjuice`` fine-tunes one.

Prompts are sorted by length and cut by :func:`~engine.batching.plan_batches`, then
left-padded: a decoder-only model continues each row from its last real token. Decoding is
the original's:

* sampling: temperature 1, top-k 50, 3 returns;
* beam search: 10 beams, 3 returns, early stopping.

The original's ``max_length=1000`` is a ``max_new_tokens`` budget here. Every completion is
read back by :func:`~engine.polyjuice.format.read_completion`; failures are kept with their
reason. The same seed gives the same outputs.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path

from ..batching import plan_batches
from ..decoding import Decoding
from ..errors import GeneratorError
from ..resources import require_checkpoint_dir
from .format import END, SPECIAL_TOKENS, Completion, read_completion

log = logging.getLogger(__name__)
ENV_VAR = "SEAM_POLYJUICE"


SAMPLING = Decoding()  # Polyjuice's: temperature 1, top-k 50, 64 new tokens
BEAM = Decoding(do_sample=False, num_beams=10)


def find_checkpoint(path: str | os.PathLike | None = None) -> Path:
    """The checkpoint directory: ``path``, else ``$SEAM_POLYJUICE``, else ``<cache>/polyjuice``."""
    return require_checkpoint_dir(
        path,
        ENV_VAR,
        "polyjuice",
        "Polyjuice checkpoint",
        "A checkpoint is a Hugging Face GPT-2-family model directory with config.json: download "
        "uw-hai/polyjuice on a machine with network (e.g. `huggingface-cli download "
        f"uw-hai/polyjuice --local-dir polyjuice`), then pass --model DIR or set {ENV_VAR}=DIR, "
        "or train one with `seam train-polyjuice`.",
    )


class PolyjuiceGenerator:
    """A causal LM and its tokenizer, opened once."""

    def __init__(self, model, tokenizer, device: str | None = None, path: Path | None = None):
        import torch

        self.device = (
            torch.device(device)
            if device
            else torch.device("cuda" if torch.cuda.is_available() else "cpu")
        )
        self.model = model.to(self.device).eval()
        self.tokenizer = tokenizer
        self.tokenizer.padding_side = "left"
        if self.tokenizer.pad_token_id is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token or END
        missing = [t for t in SPECIAL_TOKENS if t not in self.tokenizer.get_vocab()]
        if missing:
            log.warning(
                "the Polyjuice tokenizer lacks %s: the checkpoint was not trained on Polyjuice's "
                "format",
                ", ".join(missing),
            )
        self.path = path

    @classmethod
    def load(
        cls, path: str | os.PathLike | None = None, device: str | None = None
    ) -> PolyjuiceGenerator:
        directory = find_checkpoint(path)
        try:
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:  # pragma: no cover - the neural extra is missing
            raise GeneratorError(
                "the polyjuice backend needs torch and transformers: pip install 'seam[neural]'"
            ) from exc
        try:
            tokenizer = AutoTokenizer.from_pretrained(directory, local_files_only=True)
            model = AutoModelForCausalLM.from_pretrained(directory, local_files_only=True)
        except Exception as exc:
            raise GeneratorError(
                f"cannot load the causal LM checkpoint in {directory}: {exc}"
            ) from exc
        log.info("loaded Polyjuice generator from %s", directory)
        return cls(model, tokenizer, device, directory)

    def generate(
        self,
        prompts: Sequence[str],
        decoding: Decoding = SAMPLING,
        *,
        batch_size: int = 32,
        seed: int = 0,
        extra: dict | None = None,
    ) -> list[list[str]]:
        """The raw continuations of each prompt (special tokens kept), in input order. ``extra``:
        more ``model.generate`` arguments (e.g. a ``logits_processor``)."""
        import torch

        if not prompts:
            return []
        if batch_size < 1:
            raise GeneratorError(f"batch_size must be at least 1, not {batch_size}")
        lengths = [len(self.tokenizer(p)["input_ids"]) for p in prompts]
        order = sorted(range(len(prompts)), key=lambda i: (lengths[i], i))
        out: list[list[str]] = [[] for _ in prompts]
        torch.manual_seed(seed)
        for start, end in plan_batches([lengths[i] for i in order], batch_size):
            idx = order[start:end]
            for i, texts in zip(
                idx, self._batch([prompts[i] for i in idx], decoding, extra), strict=True
            ):
                out[i] = texts
        return out

    def _batch(
        self, batch: list[str], decoding: Decoding, extra: dict | None = None
    ) -> list[list[str]]:
        import torch

        enc = self.tokenizer(batch, return_tensors="pt", padding=True).to(self.device)
        with torch.no_grad():
            # Polyjuice's beam search stops when every beam is done (the original's setting)
            kwargs = decoding.kwargs()
            if not decoding.do_sample and kwargs["num_beams"] > 1:
                kwargs["early_stopping"] = True
            seqs = self.model.generate(
                **enc,
                **kwargs,
                **(extra or {}),
                pad_token_id=self.tokenizer.pad_token_id,
                eos_token_id=self.tokenizer.eos_token_id,
            )
        new = seqs[:, enc["input_ids"].shape[1] :]
        texts = self.tokenizer.batch_decode(new, skip_special_tokens=False)
        n = decoding.num_return_sequences
        return [[t.split(END)[0] for t in texts[b * n : (b + 1) * n]] for b in range(len(batch))]

    def complete(
        self,
        prompts: Sequence[str],
        decoding: Decoding = SAMPLING,
        *,
        batch_size: int = 32,
        seed: int = 0,
        extra: dict | None = None,
    ) -> list[list[Completion]]:
        """Each prompt's completions read back (distinct texts first, failures after)."""
        raw = self.generate(prompts, decoding, batch_size=batch_size, seed=seed, extra=extra)
        results = []
        for prompt, outs in zip(prompts, raw, strict=True):
            seen: set[str] = set()
            kept, failed = [], []
            for text in outs:
                got = read_completion(prompt + text)
                if got.text is None:
                    failed.append(got)
                elif got.text.lower() not in seen:
                    seen.add(got.text.lower())
                    kept.append(got)
            results.append(kept + failed)
        return results
