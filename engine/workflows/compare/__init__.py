"""``seam compare``: every backend on the same edit plans, measured the same way, with a
self-contained HTML report (:mod:`engine.workflows.compare.report`)."""

from .comparison import (
    Comparison,
    Row,
    format_summary,
    measure,
    phenomenon,
    run_backends,
    summarize,
)

__all__ = [
    "Comparison",
    "Row",
    "format_summary",
    "measure",
    "phenomenon",
    "run_backends",
    "summarize",
]
