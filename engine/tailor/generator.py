"""The TAILOR generator: a T5 checkpoint read from a local directory, run in batches.

The checkpoint is a directory in Hugging Face format (``config.json``, the weights, the T5
tokenizer files), such as a local copy of ``allenai/tailor``. It is found by explicit path,
then ``$SEAM_TAILOR``, then ``<cache>/tailor`` (:func:`engine.resources.cache_dir`); nothing
is ever downloaded.

Decoding defaults to TAILOR's settings: sampling with temperature 0.75, top-k 50, top-p 0.9,
no repeated bigram, up to 200 tokens, 3 outputs per prompt. :data:`BEAM` is the
deterministic alternative. Many prompts go through one forward pass (``batch_size``); prompts
are sorted by length first so that padding stays small, and the outputs come back in the
input order. Sampling is seeded per call, so a run is reproducible with the same prompts and
batch size.

>>> Decoding().num_return_sequences, BEAM.do_sample
(3, False)
"""

from __future__ import annotations

import logging
import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..decoding import Decoding
from ..errors import DegenerateGenerationError, GeneratorError
from ..resources import require_checkpoint_dir
from .codes import Generation, Prompt, parse_generation

log = logging.getLogger(__name__)

ENV_VAR = "SEAM_TAILOR"


SAMPLING = Decoding(
    temperature=0.75, top_p=0.9, no_repeat_ngram_size=2, max_new_tokens=200
)  # TAILOR's
# Beam search without the bigram ban: a labelled target repeats the pieces "] [" between
# spans, which no_repeat_ngram_size=2 forbids after the first time; that ban is a likely
# source of the missing brackets TAILOR's parser has to tolerate.
BEAM = Decoding(do_sample=False, num_beams=4, num_return_sequences=4, max_new_tokens=200)


@dataclass(frozen=True)
class Output:
    """One decoded output: the raw text (special tokens stripped, sentinels kept) and its
    mean token log-probability under the model."""

    text: str
    score: float


def find_checkpoint(path: str | os.PathLike | None = None) -> Path:
    """The checkpoint directory: ``path``, else ``$SEAM_TAILOR``, else ``<cache>/tailor``."""
    return require_checkpoint_dir(
        path,
        ENV_VAR,
        "tailor",
        "TAILOR checkpoint",
        "A checkpoint is a Hugging Face model directory with config.json: download "
        "allenai/tailor on a machine with network (e.g. `huggingface-cli download allenai/tailor "
        f"--local-dir tailor`), then pass --model DIR or set {ENV_VAR}=DIR, or train one with "
        "`seam train-tailor`.",
    )


def _device(device: str | None):
    import torch

    if device:
        return torch.device(device)
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


class TailorGenerator:
    """A T5 model and its tokenizer, opened once, generating for batches of prompts.

    ``TailorGenerator.load(path)`` opens a checkpoint directory; ``generate(sources)`` returns
    the raw outputs per source; ``generate_prompts(prompts)`` parses them into
    :class:`~engine.tailor.codes.Generation` s and drops degenerate ones.
    """

    def __init__(self, model, tokenizer, device: str | None = None, path: Path | None = None):
        self.device = _device(device)
        self.model = model.to(self.device).eval()
        self.tokenizer = tokenizer
        self.path = path

    @classmethod
    def load(
        cls, path: str | os.PathLike | None = None, device: str | None = None
    ) -> TailorGenerator:
        directory = find_checkpoint(path)
        try:
            from transformers import AutoTokenizer, T5ForConditionalGeneration
        except ImportError as exc:  # pragma: no cover - the neural extra is missing
            raise GeneratorError(
                "the tailor backend needs torch and transformers: pip install 'seam[neural]'"
            ) from exc
        try:
            tokenizer = AutoTokenizer.from_pretrained(directory, local_files_only=True)
            model = T5ForConditionalGeneration.from_pretrained(directory, local_files_only=True)
        except Exception as exc:
            raise GeneratorError(f"cannot load the T5 checkpoint in {directory}: {exc}") from exc
        log.info("loaded TAILOR generator from %s", directory)
        return cls(model, tokenizer, device, directory)

    # -- decoding -----------------------------------------------------------------------------
    def generate(
        self,
        sources: Sequence[str],
        settings: Decoding = SAMPLING,
        *,
        batch_size: int = 32,
        seed: int = 0,
        max_source_length: int = 512,
        extra: dict | None = None,
    ) -> list[list[Output]]:
        """Raw outputs for each source string, in input order, best first. ``extra``: more
        ``model.generate`` arguments (e.g. a ``logits_processor``)."""
        import torch

        if not sources:
            return []
        if batch_size < 1:
            raise GeneratorError(f"batch_size must be at least 1, not {batch_size}")
        lengths = [len(self.tokenizer(s, add_special_tokens=True)["input_ids"]) for s in sources]
        order = sorted(range(len(sources)), key=lambda i: (lengths[i], i))
        results: list[list[Output] | None] = [None] * len(sources)
        torch.manual_seed(seed)
        for k in range(0, len(order), batch_size):
            idx = order[k : k + batch_size]
            batch = [sources[i] for i in idx]
            for i, outs in zip(
                idx, self._generate_batch(batch, settings, max_source_length, extra), strict=True
            ):
                results[i] = outs
        return [r or [] for r in results]

    def _generate_batch(
        self,
        batch: Sequence[str],
        settings: Decoding,
        max_source_length: int,
        extra: dict | None = None,
    ) -> list[list[Output]]:
        import torch

        enc = self.tokenizer(
            list(batch),
            return_tensors="pt",
            padding=True,
            truncation=True,
            max_length=max_source_length,
        ).to(self.device)
        n = settings.num_return_sequences
        kwargs = {**settings.kwargs(), **(extra or {})}
        if not settings.do_sample:
            kwargs["num_beams"] = max(settings.num_beams, n)
        with torch.no_grad():
            out = self.model.generate(
                **enc, **kwargs, output_scores=True, return_dict_in_generate=True
            )
            beam_indices = (
                getattr(out, "beam_indices", None) if kwargs.get("num_beams", 1) > 1 else None
            )
            steps = self.model.compute_transition_scores(
                out.sequences, out.scores, beam_indices, normalize_logits=True
            )
        seqs = out.sequences[:, 1:]  # drop the decoder start token
        pad = self.tokenizer.pad_token_id
        texts = self.tokenizer.batch_decode(seqs, skip_special_tokens=False)
        outputs: list[list[Output]] = []
        for b in range(len(batch)):
            row = []
            for j in range(b * n, (b + 1) * n):
                mask = seqs[j] != pad
                logps = steps[j][: mask.shape[0]][mask]
                finite = logps[torch.isfinite(logps)]
                score = float(finite.mean()) if finite.numel() else -math.inf
                row.append(Output(_strip_special(texts[j]), score))
            row.sort(key=lambda o: -o.score)
            outputs.append(row)
        return outputs

    def generate_prompts(
        self,
        prompts: Sequence[Prompt],
        settings: Decoding = SAMPLING,
        *,
        batch_size: int = 32,
        seed: int = 0,
        extra: dict | None = None,
    ) -> list[tuple[list[Generation], list[str]]]:
        """For each prompt: its distinct parsed generations (best first) and why the others
        were dropped (degenerate, duplicate)."""
        raw = self.generate(
            [p.source for p in prompts], settings, batch_size=batch_size, seed=seed, extra=extra
        )
        results = []
        for prompt, outs in zip(prompts, raw, strict=True):
            kept: list[Generation] = []
            dropped: list[str] = []
            seen: set[str] = set()
            for o in outs:
                try:
                    g = parse_generation(o.text, prompt.header)
                except DegenerateGenerationError as exc:
                    dropped.append(str(exc))
                    continue
                key = g.text.lower()
                if key in seen:
                    continue
                seen.add(key)
                kept.append(Generation(g.raw, g.words, g.spans, o.score))
            results.append((kept, dropped))
        return results


def _strip_special(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"</s>|<pad>|<unk>", " ", text)).strip()
