"""Seam edit plans as Polyjuice control codes and blanks (the ``polyjuice`` backend's mapping;
see its module for the table)."""

from __future__ import annotations

from ..ir import Analysis
from ..transforms import EditPlan
from .blanks import blanked, ir_blanks


def code_and_blanks(analysis: Analysis, plan: EditPlan) -> tuple[str, str] | str:
    """``(code, blanked sentence)`` for a plan, or why Polyjuice cannot express it."""

    f = dict(plan.features)
    families = {
        "polarity" if "polarity" in f else None,
        "restructure" if {"tense", "voice"} & set(f) else None,
        "swap" if plan.swap else None,
        "shorten" if "shorten" in f else None,
    } - {None}
    if len(families) != 1:
        return "Polyjuice's control codes express one kind of edit at a time"
    family = families.pop()
    frame = analysis.main_frame
    if family == "polarity":
        return "negation", ir_blanks(analysis, "V")
    if family == "restructure":
        if "voice" in f:
            return "restructure", blanked(analysis, [(0, len(analysis.sentence.tokens))])
        return "restructure", ir_blanks(analysis, "V")
    if family == "swap":
        spans = [a.span for a in frame.arguments if a.role in ("ARG0", "ARG1")]
        if len(spans) != 2:
            return "swap needs a subject and an object"
        return "shuffle", blanked(analysis, sorted(spans))
    role = str(f["shorten"])
    text = ir_blanks(analysis, role)
    return ("delete", text) if text else f"the clause has no {role} to shorten"
