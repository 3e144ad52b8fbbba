"""Validation and ranking after any backend: the ``--validate`` and ``--rank`` step.

A :class:`Selector` takes every candidate of a batch of realizations, runs each validator
once over all of them, scores them with the ranker in one batch, and reorders each
realization: candidates that no validator rejects come first, unflagged before flagged,
then by the ranker's score (highest first), then in the backend's order. Rejected
candidates move to ``rejected``; when every candidate of a realization is rejected, its
status becomes ``rejected`` and the reason quotes the verdicts. Each candidate keeps its
``scores`` and ``verdicts``, so a record shows why its best candidate won.

>>> from engine import Transformer
>>> t = Transformer("surface", selector=Selector("closeness", "degeneracy"))
>>> rec = t.run_texts(["A man is riding a bike."], "tense(past)")[0]
>>> rec["best"], rec["candidates"][0]["scores"]["closeness"]
('A man was riding a bike.', 0.857143)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import RankError
from .rank import Ranker, Toolkit
from .results import OK, REJECTED, Candidate, Realization
from .validate import (
    ACCEPT,
    FLAG,
    REJECT,
    VALIDATOR_REGISTRY,
    Item,
    Settings,
    worst,
)
from .validate import validate as run_validator

DEFAULT_VALIDATORS = ("degeneracy", "control")
_TIER = {ACCEPT: 0, FLAG: 1}


@dataclass(frozen=True)
class ToJudge:
    """A realization to validate and rank: its source ``analysis`` (or None), and the plan of
    each candidate (a choice's alternatives have different plans)."""

    source: str | None  # None for an input without a text (its realization is never ok)
    realization: Realization
    plans: tuple[Any, ...]
    analysis: Any = None


def parse_validators(spec: str | Sequence[str] | None) -> list[str]:
    """Validator names from ``--validate`` values (comma-separated or repeated).

    >>> parse_validators("degeneracy, erg")
    ['degeneracy', 'erg']
    """
    if spec is None:
        return []
    parts = [spec] if isinstance(spec, str) else list(spec)
    names = [n.strip() for p in parts for n in p.split(",") if n.strip()]
    for n in names:
        if n not in VALIDATOR_REGISTRY:
            raise RankError(f"unknown validator {n!r}; use {', '.join(VALIDATOR_REGISTRY.names())}")
    return list(dict.fromkeys(names))


class Selector:
    """Validators and a ranker, opened once.

    ``rank``: a ``--rank`` spec (``ngram``, ``closeness``, ``ngram=1,closeness=10``,
    ``composite``) or weights; ``validate``: validator names. Resources: ``toolkit`` (or
    ``lm`` / ``ngram`` / ``nli`` paths and ``device``), ``rank_config`` (composite weights),
    ``ace`` / ``grammar`` or ``parses`` (a recorded-parses JSONL) for the ``erg`` validator,
    ``bleu_range`` (low, high), ``expect`` (``same`` / ``different`` for ``entailment``),
    ``max_drop`` and ``likelihood_lm`` (``lm`` or ``ngram``; default ``lm`` when an LM path is
    given) for ``likelihood``, ``accept_model`` (a ``seam train-accept`` folder) for ``accept``.
    """

    def __init__(
        self,
        rank: str | Mapping[str, float] | None = None,
        validate: str | Sequence[str] | None = None,
        *,
        toolkit: Toolkit | None = None,
        lm: str | None = None,
        ngram: str | None = None,
        nli: str | None = None,
        device: str | None = None,
        rank_config: str | Path | None = None,
        ace: str | None = None,
        grammar: str | None = None,
        parses: str | Path | None = None,
        bleu_range: tuple[float, float] = (0.1, 0.95),
        expect: str = "same",
        max_drop: float = 50.0,
        likelihood_lm: str | None = None,
        accept_model: str | None = None,
    ):
        self.toolkit = toolkit or Toolkit(lm=lm, ngram=ngram, nli=nli, device=device)
        self.ranker = Ranker(rank, self.toolkit, rank_config) if rank else None
        self.settings = Settings(
            toolkit=self.toolkit,
            parses=parses,
            ace=ace,
            grammar=grammar,
            bleu_range=bleu_range,
            expect=expect,
            max_drop=max_drop,
            likelihood_lm=likelihood_lm,
            accept_model=accept_model,
        )
        self.validators = [
            VALIDATOR_REGISTRY.create(name, self.settings) for name in parse_validators(validate)
        ]

    @property
    def active(self) -> bool:
        return self.ranker is not None or bool(self.validators)

    def apply(self, entries: Sequence[ToJudge]) -> list[Realization]:
        """Validated and ranked realizations, one per entry; an entry that is not ``ok`` is
        returned as it is."""
        items: list[Item] = []
        owners: list[tuple[int, int]] = []
        for e, entry in enumerate(entries):
            if entry.realization.status != OK:
                continue
            assert entry.source is not None  # an ok realization has a source text
            for c, cand in enumerate(entry.realization.candidates):
                items.append(Item(entry.source, cand.text, entry.plans[c], entry.analysis))
                owners.append((e, c))
        verdicts: list[list] = [[] for _ in items]
        for validator in self.validators:
            for k, v in enumerate(run_validator(validator, items)):
                verdicts[k].append(v)
        scores: list[dict] = [{} for _ in items]
        if self.ranker is not None and items:
            scores = self.ranker.score([i.text for i in items], [i.source for i in items])
        judged: dict[int, list[tuple[Candidate, str]]] = {}
        for k, (e, c) in enumerate(owners):
            cand = dataclasses.replace(
                entries[e].realization.candidates[c], scores=scores[k], verdicts=tuple(verdicts[k])
            )
            judged.setdefault(e, []).append((cand, worst(verdicts[k])))
        return [
            self._reorder(entry, judged.get(e, []))
            if entry.realization.status == OK
            else entry.realization
            for e, entry in enumerate(entries)
        ]

    def _reorder(self, entry: ToJudge, judged: list[tuple[Candidate, str]]) -> Realization:
        real = entry.realization
        if not judged:  # nothing to judge: the pipeline reports no_realization
            return real
        kept = [(n, c, v) for n, (c, v) in enumerate(judged) if v != REJECT]
        rejected = tuple(c for c, v in judged if v == REJECT)
        kept.sort(key=lambda x: (_TIER[x[2]], -x[1].scores.get("rank", 0.0), x[0]))
        if not kept:
            why = "; ".join(
                f"{c.text!r}: "
                + ", ".join(f"{v.validator}: {v.reason}" for v in c.verdicts if v.verdict == REJECT)
                for c in rejected[:3]
            )
            return Realization(
                REJECTED, f"every candidate was rejected ({why})", (), rejected, real.details
            )
        return Realization(
            real.status, real.reason, tuple(c for _, c, _ in kept), rejected, real.details
        )
