"""Label-free auditing of a whole corpus (``seam audit``): run any corpus through any backends
and flag suspect ``ok`` outputs by signals that need no gold, then compare two runs.

>>> from engine.workflows.audit import inverse, equivalent
>>> from engine.ir import Predicate
>>> inverse("negate", Predicate("see")), equivalent("He didn't go.", "He did not go.")
('affirm', True)
"""

from .audit import (
    SIGNALS,
    AuditOptions,
    Auditor,
    compare_runs,
    format_summary,
    run_audit,
    summarize,
)
from .report import render, write
from .signals import commuting_pairs, equivalent, inverse, normalize, reanalysis

__all__ = [
    "SIGNALS",
    "AuditOptions",
    "Auditor",
    "commuting_pairs",
    "compare_runs",
    "equivalent",
    "format_summary",
    "inverse",
    "normalize",
    "reanalysis",
    "render",
    "run_audit",
    "summarize",
    "write",
]
