"""What every backend provides, and the backend registry.

A backend analyzes text into the IR (with its own analyzer: spaCy, ACE, SRL) and realizes an
:class:`~engine.transforms.EditPlan` on an analysis as a :class:`Realization`: a status, a
reason, and candidates best first. Per-record outcomes are statuses, never exceptions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ..errors import UnknownBackendError
from ..ir import Analysis
from ..results import (  # noqa: F401 - the backend API re-exports the shared result types
    ERROR,
    NO_PARSE,
    NO_REALIZATION,
    NOT_APPLICABLE,
    OK,
    REJECTED,
    STATUSES,
    TIMEOUT,
    Candidate,
    Realization,
)
from ..transforms import EditPlan


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
