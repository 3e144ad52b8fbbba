"""The plan as the acceptability classifier reads it. The classifier as a validator of any
backend's output (``--validate accept``) is :class:`engine.validate.accept.AcceptValidator`."""

from __future__ import annotations


def plan_text(plan) -> str:
    """The plan as the classifier reads it: an expression or plan, normalized (``tense=past``)."""
    if plan is None:
        return ""
    if isinstance(plan, str):
        from ..transforms import parse

        return str(parse(plan).plan())
    return str(plan)
