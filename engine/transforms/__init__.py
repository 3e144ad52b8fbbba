"""Transformations: the catalog of named edits, the expression language, edit plans."""

from .catalog import CATALOG, FEATURES, Edit, EditPlan, Entry, Step, Transformation, plan
from .expr import parse, shorthand

__all__ = [
    "CATALOG", "FEATURES", "Edit", "EditPlan", "Entry", "Step", "Transformation", "parse",
    "plan", "shorthand",
]
