"""Transformations: the catalog of named edits and the composition algebra over them."""

from .algebra import (
    IDENTITY,
    Choice,
    EditPlan,
    Incompatibility,
    Pair,
    Transformation,
    commutes,
    equivalent,
    incompatibilities,
    parse,
    parse_choice,
    parse_pair,
    shorthand,
)
from .catalog import CATALOG, CLEAR, FEATURES, Edit, Entry, Step

__all__ = [
    "CATALOG",
    "CLEAR",
    "FEATURES",
    "IDENTITY",
    "Choice",
    "Edit",
    "EditPlan",
    "Entry",
    "Incompatibility",
    "Pair",
    "Step",
    "Transformation",
    "commutes",
    "equivalent",
    "incompatibilities",
    "parse",
    "parse_choice",
    "parse_pair",
    "shorthand",
]
