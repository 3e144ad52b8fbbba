"""What a test expects of a realization: ``ok`` with its sentence, or a refusal naming its cause."""

from __future__ import annotations


def ok_text(result) -> str:
    """The best sentence of an ``ok`` result (the status and reason shown otherwise)."""
    assert result.status == "ok", (result.status, result.reason)
    return result.best


def declined(result, why: str) -> None:
    """The result is ``not_applicable`` and its reason says ``why``."""
    assert result.status == "not_applicable", (result.status, result.best)
    assert why in result.reason, result.reason
