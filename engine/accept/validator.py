"""The trained acceptability classifier as a validator of any backend's output
(``--validate accept --accept-model DIR``): a candidate below the classifier's threshold is
rejected (the command line's validator) or, without ``veto``, flagged, with its probability.

It joins the validator registry the way an outside package's validator would: through the
``seam.validators`` entry point that Seam's own ``pyproject.toml`` declares (``accept``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..transforms import parse
from ..validate.base import ACCEPT, FLAG, REJECT, Item, Settings, Validator, Verdict
from .classifier import AcceptClassifier, pair_input


def plan_text(plan) -> str:
    """The plan as the classifier reads it: an expression or plan, normalized (``tense=past``)."""
    if plan is None:
        return ""
    if isinstance(plan, str):
        return str(parse(plan).plan())
    return str(plan)


class AcceptValidator(Validator):
    name = "accept"

    def __init__(self, classifier: AcceptClassifier, veto: bool = False):
        self.classifier = classifier
        self.veto = veto

    def check(self, items: Sequence[Item]) -> list[Verdict]:
        probs = self.classifier.proba(
            [pair_input(i.source, plan_text(i.plan), i.text) for i in items]
        )
        t = self.classifier.threshold
        return [
            Verdict(self.name, ACCEPT, f"P(acceptable) {p:.2f}")
            if p >= t
            else Verdict(
                self.name, REJECT if self.veto else FLAG, f"P(acceptable) {p:.2f} < {t:.2f}"
            )
            for p in probs
        ]


def accept_validator(settings: Settings) -> AcceptValidator:
    """The trained acceptability classifier (seam train-accept): a candidate below its
    threshold is rejected."""
    return AcceptValidator(
        AcceptClassifier.load(settings.accept_model, device=settings.toolkit.device), veto=True
    )
