"""What every backend provides, and the backend registry.

A backend analyzes text into the IR (with its own analyzer: spaCy, ACE, SRL) and realizes an
:class:`~engine.transforms.EditPlan` on an analysis as a :class:`Realization`: a status, a
reason, and candidates best first. Per-record outcomes are statuses, never exceptions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from ..errors import UnknownBackendError
from ..ir import Analysis
from ..transforms import EditPlan

# Record statuses shared by every backend and the pipeline.
OK = "ok"
NOT_APPLICABLE = "not_applicable"
NO_PARSE = "no_parse"
NO_REALIZATION = "no_realization"
TIMEOUT = "timeout"
ERROR = "error"
REJECTED = "rejected"  # every candidate was rejected by a validator (``--validate``)
STATUSES = (OK, NOT_APPLICABLE, NO_PARSE, NO_REALIZATION, TIMEOUT, ERROR, REJECTED)


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


@runtime_checkable
class Backend(Protocol):
    """The protocol backends implement. ``supports`` lists the plan features it realizes."""

    name: str
    supports: frozenset[str]

    def analyze(self, texts: Sequence[str]) -> list[Analysis]: ...

    def realize(self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]) -> list[Realization]: ...


_REGISTRY: dict[str, Callable[..., Backend]] = {}


def register(name: str):
    """Class decorator: make a backend available to ``get_backend(name)`` and the CLI."""

    def deco(factory):
        _REGISTRY[name] = factory
        return factory

    return deco


def available_backends() -> list[str]:
    return sorted(_REGISTRY)


def get_backend(name: str | Backend = "surface", **options) -> Backend:
    """A backend by name (``surface``), or the backend object itself."""
    if not isinstance(name, str):
        return name
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise UnknownBackendError(
            f"unknown backend {name!r}; available: {', '.join(available_backends())}."
        ) from None
    return factory(**options)
