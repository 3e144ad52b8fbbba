"""How a generator decodes: one settings type for every Hugging Face generator in Seam (the
TAILOR T5 and the Polyjuice GPT-2), and the choice between a generator's sampling and beam
presets by name (``--decoding sample|beam``).

>>> Decoding(do_sample=False, num_beams=4, num_return_sequences=4).kwargs()["num_beams"]
4
>>> sorted(Decoding(max_new_tokens=20).kwargs())  # doctest: +NORMALIZE_WHITESPACE
['do_sample', 'max_new_tokens', 'num_beams', 'num_return_sequences', 'temperature',
 'top_k', 'top_p']
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Decoding:
    """Sampling (``do_sample``: temperature, top-k, top-p) or beam search (``num_beams``),
    ``num_return_sequences`` outputs per input, at most ``max_new_tokens`` (and at least
    ``min_new_tokens``, 0: no minimum) new tokens, optionally no repeated n-gram of
    ``no_repeat_ngram_size`` (0: allowed)."""

    do_sample: bool = True
    temperature: float = 1.0
    top_k: int = 50
    top_p: float = 1.0
    num_beams: int = 1
    num_return_sequences: int = 3
    max_new_tokens: int = 64
    min_new_tokens: int = 0
    no_repeat_ngram_size: int = 0

    def kwargs(self) -> dict:
        """The keyword arguments of ``model.generate``."""
        out: dict = {
            "do_sample": self.do_sample,
            "num_return_sequences": self.num_return_sequences,
            "max_new_tokens": self.max_new_tokens,
        }
        if self.min_new_tokens:
            out["min_new_tokens"] = self.min_new_tokens
        if self.no_repeat_ngram_size:
            out["no_repeat_ngram_size"] = self.no_repeat_ngram_size
        if self.do_sample:
            out.update(
                num_beams=self.num_beams,
                temperature=self.temperature,
                top_k=self.top_k,
                top_p=self.top_p,
            )
        else:  # beam search needs at least as many beams as outputs
            out["num_beams"] = max(self.num_beams, self.num_return_sequences)
        return out


def choose(name: str, sampling: Decoding, beam: Decoding) -> Decoding:
    """A generator's preset by its ``--decoding`` name: ``beam``, else sampling."""
    return beam if name == "beam" else sampling
