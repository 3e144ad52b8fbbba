"""Backends realize edit plans: ``surface`` (embedded default) and ``erg`` (ACE + the ERG)."""

from . import erg as _erg  # noqa: F401 - registers the erg backend
from .base import (
    ERROR,
    NO_PARSE,
    NO_REALIZATION,
    NOT_APPLICABLE,
    OK,
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
    "ERROR", "NO_PARSE", "NO_REALIZATION", "NOT_APPLICABLE", "OK", "STATUSES", "TIMEOUT", "Backend",
    "Candidate", "Realization", "SurfaceBackend", "available_backends", "get_backend", "register",
]
