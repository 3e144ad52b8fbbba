"""Seam's one status vocabulary and the result types every layer shares.

Every record Seam writes has a ``status`` from this module:

==================  =======================================================================
``ok``              realized (contrast: both sides realized and a label inferred)
``not_applicable``  the transformation does not apply to this sentence; ``reason`` says why
``no_parse``        the backend's analyzer found no analysis (ERG: no parse)
``no_realization``  analyzed, but no realization shows the change
``timeout``         the backend ran out of time on this item
``error``           bad input (``code`` says which kind) or a backend bug (``code`` ``backend_bug``)
``rejected``        every candidate was rejected by a validator (``--validate``)
``no_label``        contrast: both sides realized, but no label rule decides
``incompatible``    contrast: the pair expression cannot be realized (``rules/algebra.toml``)
==================  =======================================================================

``ace_error`` is the status of one ACE item (:mod:`engine.erg.ace`); backends report it as
``error``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

OK = "ok"
NOT_APPLICABLE = "not_applicable"
NO_PARSE = "no_parse"
NO_REALIZATION = "no_realization"
TIMEOUT = "timeout"
ERROR = "error"
REJECTED = "rejected"
NO_LABEL = "no_label"
INCOMPATIBLE = "incompatible"
ACE_ERROR = "ace_error"

# The statuses of a transform record, and of a contrast record.
STATUSES = (OK, NOT_APPLICABLE, NO_PARSE, NO_REALIZATION, TIMEOUT, ERROR, REJECTED)
CONTRAST_STATUSES = (*STATUSES, NO_LABEL, INCOMPATIBLE)


@dataclass(frozen=True)
class Candidate:
    """One realization; ``score`` is the backend's preference (higher is better).

    After ranking and validation (:mod:`engine.select`), ``scores`` holds every ranker's
    score and ``verdicts`` every validator's verdict; ``transformation`` names the
    alternative of a choice (``a|b``) the candidate realizes."""

    text: str
    score: float
    transformation: str = ""
    scores: dict = field(default_factory=dict, compare=False, hash=False)
    verdicts: tuple = ()

    def to_dict(self) -> dict:
        out: dict = {"text": self.text, "score": round(self.score, 6)}
        if self.transformation:
            out["transformation"] = self.transformation
        if self.scores:
            out["scores"] = dict(self.scores)
        if self.verdicts:
            out["verdicts"] = [v.to_dict() for v in self.verdicts]
        return out


@dataclass(frozen=True)
class Realization:
    """A backend's answer for one analysis and one plan."""

    status: str
    reason: str = ""
    candidates: tuple[Candidate, ...] = field(default=())
    rejected: tuple[Candidate, ...] = field(default=())
    details: dict = field(default_factory=dict, compare=False, hash=False)  # backend facts for the record

    @property
    def best(self) -> str | None:
        return self.candidates[0].text if self.candidates else None

    @classmethod
    def not_applicable(cls, reason: str) -> Realization:
        return cls(NOT_APPLICABLE, reason)
