"""The trained acceptability classifier as a validator of any backend's output
(``--validate accept --accept-model DIR``): a candidate below the classifier's threshold is
rejected (the command line's validator) or, without ``veto``, flagged, with its probability."""

from __future__ import annotations

from collections.abc import Sequence

from ..accept.classifier import AcceptClassifier, pair_input
from ..accept.validator import plan_text
from .base import ACCEPT, FLAG, REJECT, Item, Verdict


class AcceptValidator:
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
