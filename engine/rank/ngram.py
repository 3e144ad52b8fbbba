"""An offline n-gram language model, so that ranking works on a fresh install.

The default model is the US-English trigram model that the ``pocketsphinx`` wheel ships
(``model/en-us/en-us.lm.bin``: lower-case words, numbers spelled out, contractions such as
``don't`` as one word, no punctuation). Any ARPA file (or a Sphinx binary model) can be given
by path instead. pocketsphinx reads the model (memory-mapped, in milliseconds) and applies
Katz back-off; this module tokenizes, keeps character spans and handles unknown words.

Tokenization: lower-cased words (letters and digits, with inner apostrophes: ``don't``,
``o'clock``); punctuation is not scored. Each text is scored as ``<s> w1 ... wn </s>``.
An out-of-vocabulary word gets a fixed log10 probability (``oov_log10``, default -6: rarer
than any word the default model knows) and does not serve as history. Scores are natural
logs, like the causal LM's.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from pathlib import Path

from ..errors import ResourceNotFoundError, ScorerError
from .base import TokenScores

ENV_VAR = "SEAM_NGRAM"
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
# pocketsphinx returns log probabilities as integers in base 1.0001 (its LogMath default)
_LN_UNIT = math.log(1.0001)
_LOG_ZERO = -(2**28)  # below this pocketsphinx means "probability zero" (unknown word)


def default_model_path() -> Path:
    """The trigram model inside the installed pocketsphinx package."""
    try:
        import pocketsphinx
    except ImportError as exc:
        raise ScorerError(
            "the offline n-gram model needs pocketsphinx: pip install pocketsphinx"
        ) from exc
    path = Path(pocketsphinx.get_model_path()) / "en-us" / "en-us.lm.bin"
    if not path.is_file():
        raise ResourceNotFoundError(
            f"pocketsphinx is installed but its English model is missing: {path}"
        )
    return path


def find_ngram(path: str | os.PathLike | None = None) -> Path:
    """The model file: ``path``, else ``$SEAM_NGRAM``, else pocketsphinx's English trigram model."""
    for source, candidate in (("argument", path), (ENV_VAR, os.environ.get(ENV_VAR))):
        if candidate:
            p = Path(candidate).expanduser()
            if not p.is_file():
                raise ResourceNotFoundError(
                    f"n-gram model not found: {p} (from the {source}); give an ARPA "
                    f"file (.arpa / .lm) or a Sphinx binary model (.lm.bin)"
                )
            return p
    return default_model_path()


def words(text: str) -> list[tuple[str, int, int]]:
    """The scored words of a text with their character spans, lower-cased.

    >>> words("Don't stop, Mr. Smith!")
    [("don't", 0, 5), ('stop', 6, 10), ('mr', 12, 14), ('smith', 16, 21)]
    """
    return [(m.group().lower().replace("’", "'"), m.start(), m.end()) for m in _WORD.finditer(text)]


class NgramLM:
    """A back-off n-gram model read by pocketsphinx.

    >>> lm = NgramLM()
    >>> good, bad = lm.token_scores(["the dog is in the house", "the house is in the dog"])
    >>> good.total > bad.total
    True
    """

    def __init__(
        self, path: str | os.PathLike | None = None, oov_log10: float = -6.0, name: str = "ngram"
    ):
        try:
            import pocketsphinx
        except ImportError as exc:
            raise ScorerError(
                "the offline n-gram model needs pocketsphinx: pip install pocketsphinx"
            ) from exc
        self.path = find_ngram(path)
        self.name = name
        self.oov = oov_log10 * math.log(10)
        try:
            self.model = pocketsphinx.NGramModel.readfile(str(self.path))
        except Exception as exc:  # pocketsphinx raises bare RuntimeError/ValueError on bad files
            raise ScorerError(f"cannot read the n-gram model {self.path}: {exc}") from exc
        self.order = int(self.model.size())
        self._known: dict[str, bool] = {}

    def known(self, word: str) -> bool:
        if word not in self._known:
            self._known[word] = self.model.prob([word]) > _LOG_ZERO
        return self._known[word]

    def _logprob(self, word: str, history: list[str]) -> float:
        # pocketsphinx takes the word first, then its history, most recent first
        value = self.model.prob(
            [word, *reversed(history[-(self.order - 1) :])] if self.order > 1 else [word]
        )
        return value * _LN_UNIT

    def token_scores(self, texts: Sequence[str]) -> list[TokenScores]:
        out = []
        for text in texts:
            history = ["<s>"]
            spans: list[tuple[int, int]] = []
            logprobs: list[float] = []
            for word, start, end in words(text):
                spans.append((start, end))
                if self.known(word):
                    logprobs.append(self._logprob(word, history))
                    history.append(word)
                else:
                    logprobs.append(self.oov)
                    history = []  # an unknown word is no context for the next one
            spans.append((len(text), len(text)))
            logprobs.append(self._logprob("</s>", history))
            out.append(TokenScores(text, tuple(spans), tuple(logprobs)))
        return out
