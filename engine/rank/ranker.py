"""Rankers: scorers by name, heavy models opened once, and the weighted composite.

Scorer names (``--rank NAME`` or ``--rank NAME=WEIGHT,NAME=WEIGHT``):

=================  ==========================================================================
``ngram``          summed log-probability under the offline n-gram model (pocketsphinx's
                   English trigram model, or ``--ngram FILE``)
``ngram-mean``     the same, per token
``lm``             summed log-probability under a local causal LM (``--lm DIR``: GPT-2 family)
``lm-mean``        the same, per token (LIT's GPT-2 score)
``closeness``      mean of ``levenshtein`` and ``overlap`` (closeness to the source, 0..1)
``levenshtein``    1 - normalized token edit distance to the source
``overlap``        share of tokens in spans matching the source
``composite``      the weighted sum in ``rules/ranking.toml`` (or ``--rank-config FILE``)
=================  ==========================================================================

A composite score is ``sum(weight * score)`` over raw scores: log-probabilities are in nats,
closeness is 0..1, so a closeness weight of 10 lets a fully rewritten candidate lose to an
untouched one by up to 10 nats. Only differences within one candidate set matter.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..analyzers import SpacyAnalyzer
from ..errors import RankError, ResourceNotFoundError
from ..nli.classifier import NliClassifier
from ..registry import Registry
from ..resources import load_spacy, rules_dir
from .base import MEAN, SUM, LMScorer, Scorer
from .causal import CausalLM
from .closeness import Closeness
from .ngram import NgramLM

COMPOSITE = "composite"
SCORER_REGISTRY: Registry[Scorer] = Registry(
    "scorer", RankError, entry_points="seam.scorers"
)  # factories of a Toolkit
for _name, _which, _mode in (
    ("ngram", "ngram", SUM),
    ("ngram-mean", "ngram", MEAN),
    ("lm", "lm", SUM),
    ("lm-mean", "lm", MEAN),
):
    SCORER_REGISTRY.register(
        _name,
        lambda tk, w=_which, m=_mode, n=_name: LMScorer(tk.language_model(w), m, n),
        help=f"{'mean' if _mode == MEAN else 'summed'} log-probability under the {_which} model",
    )
for _name in ("closeness", "levenshtein", "overlap"):
    SCORER_REGISTRY.register(_name, lambda tk, n=_name: Closeness(n), help=f"{_name} to the source")
SCORERS = tuple(SCORER_REGISTRY.names())


class Toolkit:
    """Heavy resources for rankers and validators, each opened on first use and then shared:
    the causal LM (``lm``: a checkpoint directory), the n-gram model (``ngram``: a model
    file; default pocketsphinx's), the NLI classifier (``nli``), spaCy and the surface
    analyzer. ``device`` applies to the neural models."""

    def __init__(
        self,
        lm: str | None = None,
        ngram: str | None = None,
        nli: str | None = None,
        device: str | None = None,
        lm_batch_size: int = 32,
    ):
        self.options = {"lm": lm, "ngram": ngram, "nli": nli}
        self.device = device
        self.lm_batch_size = lm_batch_size
        self._cache: dict[str, Any] = {}

    def _get(self, key: str, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def causal_lm(self):

        return self._get(
            "lm",
            lambda: CausalLM(self.options["lm"], device=self.device, batch_size=self.lm_batch_size),
        )

    def ngram_lm(self):

        return self._get("ngram", lambda: NgramLM(self.options["ngram"]))

    def language_model(self, which: str):
        """``lm`` or ``ngram``."""
        if which == "lm":
            return self.causal_lm()
        if which == "ngram":
            return self.ngram_lm()
        raise RankError(f"unknown language model {which!r}; use lm or ngram")

    def nli(self):

        if not self.options["nli"]:
            raise ResourceNotFoundError(
                "the entailment validator needs a local NLI checkpoint: give --nli-model DIR"
            )
        return self._get("nli", lambda: NliClassifier(self.options["nli"], device=self.device))

    def spacy(self):

        return self._get("spacy", load_spacy)

    def analyzer(self):

        return self._get("analyzer", SpacyAnalyzer)

    def scorer(self, name: str) -> Scorer:
        if name not in SCORER_REGISTRY:
            raise RankError(
                f"unknown scorer {name!r}; use one of {', '.join(SCORER_REGISTRY.names())} or "
                f"{COMPOSITE}"
            )
        return self._get(f"scorer:{name}", lambda: SCORER_REGISTRY.create(name, self))


def default_config() -> Path:
    return rules_dir() / "ranking.toml"


def load_weights(path: str | Path | None = None) -> dict[str, float]:
    """The ``[composite]`` weights of a ranking config file (default ``rules/ranking.toml``)."""
    path = Path(path) if path else default_config()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ResourceNotFoundError(f"ranking config not found: {path}") from None
    except tomllib.TOMLDecodeError as exc:
        raise RankError(f"{path}: not valid TOML: {exc}") from exc
    table = data.get("composite")
    if not isinstance(table, dict) or not table:
        raise RankError(f"{path}: needs a [composite] table of scorer = weight lines")
    return check_weights(table, where=str(path))


def check_weights(weights: Mapping[str, Any], where: str = "--rank") -> dict[str, float]:
    out = {}
    for name, weight in weights.items():
        if name not in SCORER_REGISTRY:
            raise RankError(
                f"{where}: unknown scorer {name!r}; use {', '.join(SCORER_REGISTRY.names())}"
            )
        if isinstance(weight, bool) or not isinstance(weight, int | float):
            raise RankError(f"{where}: the weight of {name} must be a number, got {weight!r}")
        out[name] = float(weight)
    if not any(out.values()):
        raise RankError(f"{where}: at least one weight must be non-zero")
    return out


def parse_rank(spec: str, config: str | Path | None = None) -> dict[str, float]:
    """Weights from a ``--rank`` value.

    >>> parse_rank("ngram")
    {'ngram': 1.0}
    >>> parse_rank("ngram=1, closeness=10")
    {'ngram': 1.0, 'closeness': 10.0}
    """
    spec = spec.strip()
    if spec == COMPOSITE:
        return load_weights(config)
    weights: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        name, _, value = part.partition("=")
        name = name.strip()
        if name in weights:
            raise RankError(f"--rank {spec!r}: {name} is given twice")
        try:
            weights[name] = float(value) if value.strip() else 1.0
        except ValueError:
            raise RankError(
                f"--rank {spec!r}: the weight of {name} is not a number: {value!r}"
            ) from None
    if not weights:
        raise RankError("--rank needs a scorer name, NAME=WEIGHT pairs, or composite")
    return check_weights(weights, where=f"--rank {spec!r}")


class Ranker:
    """Scores candidates with weighted scorers; the ``rank`` score is their weighted sum.

    >>> r = Ranker({"closeness": 1.0})
    >>> sources = ["The cat sat.", "The cat sat."]
    >>> [s["rank"] for s in r.score(["The cat sat.", "A dog ran."], sources)]
    [1.0, 0.25]
    """

    def __init__(
        self,
        weights: Mapping[str, float] | str,
        toolkit: Toolkit | None = None,
        config: str | Path | None = None,
    ):
        self.weights = (
            parse_rank(weights, config) if isinstance(weights, str) else check_weights(weights)
        )
        self.toolkit = toolkit or Toolkit()
        self.scorers = {name: self.toolkit.scorer(name) for name in self.weights}

    @property
    def name(self) -> str:
        return ",".join(f"{n}={w:g}" for n, w in self.weights.items())

    def score(self, texts: Sequence[str], sources: Sequence[str]) -> list[dict[str, float]]:
        """Every scorer's score and the weighted ``rank`` score of each text (one batch per
        scorer)."""
        columns = {name: scorer.score(texts, sources) for name, scorer in self.scorers.items()}
        out = []
        for k in range(len(texts)):
            row = {name: round(col[k], 6) for name, col in columns.items()}
            row["rank"] = round(sum(self.weights[n] * columns[n][k] for n in self.weights), 6)
            out.append(row)
        return out
