"""Backends realize edit plans: ``surface`` (embedded default), ``erg`` (ACE + the ERG),
``hybrid`` (the ERG where it works, the surface realizer elsewhere), ``tailor`` (a
TAILOR-format T5 checkpoint) and ``polyjuice`` (a Polyjuice-format GPT-2-family checkpoint)."""

from . import erg as _erg  # noqa: F401 - registers the erg backend
from . import hybrid as _hybrid  # noqa: F401 - registers the hybrid backend
from . import polyjuice as _polyjuice  # noqa: F401 - registers the polyjuice backend
from . import tailor as _tailor  # noqa: F401 - registers the tailor backend
from .base import (
    ERROR,
    NO_PARSE,
    NO_REALIZATION,
    NOT_APPLICABLE,
    OK,
    REJECTED,
    STATUSES,
    TIMEOUT,
    Backend,
    Candidate,
    Realization,
    available_backends,
    get_backend,
    register,
)
from .surface import SurfaceBackend

__all__ = [
    "ERROR",
    "NO_PARSE",
    "NO_REALIZATION",
    "NOT_APPLICABLE",
    "OK",
    "REJECTED",
    "STATUSES",
    "TIMEOUT",
    "Backend",
    "Candidate",
    "Realization",
    "SurfaceBackend",
    "available_backends",
    "get_backend",
    "register",
]
