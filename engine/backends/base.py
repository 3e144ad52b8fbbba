"""What every backend provides, and the backend registry.

A backend analyzes text into the IR (with its own analyzer: spaCy, ACE, SRL) and realizes an
:class:`~engine.transforms.EditPlan` on an analysis as a :class:`Realization`: a status, a
reason, and candidates best first. Per-record outcomes are statuses, never exceptions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..errors import UnknownBackendError
from ..ir import Analysis
from ..registry import Registry
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
    """The protocol backends implement. ``supports`` lists the plan features it realizes
    (the contract, :mod:`engine.contract`, refuses the others before the backend runs);
    ``options`` (optional) the :class:`Option` s its constructor takes from the command line."""

    name: str
    supports: frozenset[str]

    def analyze(self, texts: Sequence[str]) -> list[Analysis]: ...

    def realize(
        self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]
    ) -> list[Realization]: ...


@dataclass(frozen=True)
class Option:
    """A constructor option a backend declares for the command line: ``seam`` adds ``flag``
    (in the backend's argument group) and passes its value as ``keyword`` when that backend
    is chosen. ``convert`` maps the flag's value to the keyword's; options of several backends
    with the same flag share it."""

    keyword: str
    flag: str
    help: str
    type: Callable[[str], Any] | None = str
    default: Any = None
    choices: tuple | None = None
    switch: bool = False  # a flag without a value (store_true)
    convert: Callable[[Any], Any] | None = None

    @property
    def dest(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")

    def value(self, args: Any) -> Any:
        raw = getattr(args, self.dest)
        return self.convert(raw) if self.convert is not None else raw


# Options every bundled backend takes.
CANDIDATES = Option(
    "max_candidates",
    "--candidates",
    "candidates the backend keeps per sentence (default 4)",
    int,
    4,
)

BACKENDS: Registry[Backend] = Registry("backend", UnknownBackendError, entry_points="seam.backends")


def register(name: str):
    """Class decorator: make a backend available to ``get_backend(name)`` and the CLI."""
    return BACKENDS.register(name)


def available_backends() -> list[str]:
    return sorted(BACKENDS.names())


def backend_options(name: str) -> tuple[Option, ...]:
    """The command-line options the backend ``name`` declares (its class's ``options``)."""
    return tuple(getattr(BACKENDS.factory(name), "options", ()))


def get_backend(name: str | Backend = "surface", **options) -> Backend:
    """A backend by name (``surface``), or the backend object itself."""
    if not isinstance(name, str):
        return name
    return BACKENDS.create(name, **options)
