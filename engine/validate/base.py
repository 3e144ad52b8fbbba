"""Validators: accept, reject or flag a candidate, with a reason.

Every validator has a ``name`` and ``check(items) -> list[Verdict]``, batched: one verdict
per :class:`Item` (a candidate with its source, and the plan and source analysis when known).
``reject`` removes the candidate from the ranked list (the record keeps it, with the verdict,
under ``rejected``); ``flag`` keeps it but ranks it after every unflagged candidate;
``accept`` says nothing is wrong. A validator that cannot judge an item (the grammar timed
out, no plan to check against) flags or accepts it and says so: it never loses a record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

ACCEPT, FLAG, REJECT = "accept", "flag", "reject"
VERDICTS = (ACCEPT, FLAG, REJECT)


@dataclass(frozen=True)
class Item:
    """A candidate to validate: ``text`` made from ``source`` by ``plan`` (an
    :class:`~engine.transforms.EditPlan`, or None), ``analysis`` the source's IR if known."""

    source: str
    text: str
    plan: Any = None
    analysis: Any = None


@dataclass(frozen=True)
class Verdict:
    validator: str
    verdict: str
    reason: str = ""

    def to_dict(self) -> dict:
        return {"validator": self.validator, "verdict": self.verdict, "reason": self.reason}


@runtime_checkable
class Validator(Protocol):
    name: str

    def check(self, items: Sequence[Item]) -> list[Verdict]: ...


def worst(verdicts: Sequence[Verdict]) -> str:
    """The overall verdict: ``reject`` if any rejects, else ``flag`` if any flags, else ``accept``."""
    found = {v.verdict for v in verdicts}
    return REJECT if REJECT in found else FLAG if FLAG in found else ACCEPT
