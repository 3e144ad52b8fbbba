"""Control adherence: re-analysis shows the requested change.

Each candidate is re-analyzed with the surface analyzer (spaCy, one batch) and checked
twice:

1. against the plan's features (the check the erg backend applies to ACE's realizations:
   an inverted question, and the requested tense, voice, polarity, modality, aspect on the
   main predicate) -- a failure is a ``reject``;
2. against the TAILOR control header the plan asks for on the source analysis (verb lemma,
   tense, voice, which roles are present and their content), with the neural layer's
   :class:`~engine.tailor.control.ControlValidator` -- a failure is a ``flag``, since the
   header is stricter than the plan (it also fixes argument content).

A candidate without a plan is accepted ("nothing requested").
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from ..analyzers import SpacyAnalyzer
from ..checks import keeps_source, shows_change
from ..tailor.codes import Header
from ..tailor.control import ControlValidator, controls_for_plan
from .base import ACCEPT, FLAG, MEANING, REJECT, Item, Validator, Verdict

log = logging.getLogger(__name__)


class ControlAdherence(Validator):
    name = "control"
    scope = MEANING

    def __init__(self, analyzer=None):
        if analyzer is None:
            analyzer = SpacyAnalyzer()

        self.analyzer = analyzer
        self.controls = ControlValidator(analyzer)

    def check(self, items: Sequence[Item]) -> list[Verdict]:

        todo = [
            k
            for k, i in enumerate(items)
            if i.plan is not None and i.plan.features and i.text.strip()
        ]
        texts = list(dict.fromkeys(items[k].text for k in todo))
        analyses = dict(zip(texts, self.analyzer.analyze(texts), strict=True)) if texts else {}
        out = [
            Verdict(self.name, ACCEPT, "nothing requested")
            if i.text.strip()
            else Verdict(self.name, REJECT, "empty text")
            for i in items
        ]
        for k in todo:
            item = items[k]
            got = analyses[item.text]
            why = shows_change(item.plan, item.text, None, got)
            if why:
                out[k] = Verdict(self.name, REJECT, f"the change is not shown: {why}")
                continue
            header = None
            if item.analysis is not None:
                try:
                    header = controls_for_plan(item.analysis, item.plan)
                except Exception:  # the header check is advisory; the plan check has passed
                    log.debug("no control header for %r", item.source, exc_info=True)
            if isinstance(header, Header):
                report = self.controls.check_analysis(header, got)
                if not report.followed:
                    out[k] = Verdict(
                        self.name, FLAG, "controls not followed: " + "; ".join(report.failures)
                    )
                    continue
                out[k] = Verdict(self.name, ACCEPT, f"change shown; controls {header} followed")
            else:
                out[k] = Verdict(self.name, ACCEPT, "change shown")
        return out


class Recovery(Validator):
    """REC-VAL (after Batra et al.): re-analysis recovers the plan from the output: the change
    shows and the rest of the source is kept (the checks every backend's output meets).
    ``accept`` when the plan is recovered, ``reject`` when not; an item without a plan is
    flagged (nothing to recover)."""

    name = "rec-val"
    scope = MEANING
    incompatible_reason = "no plan to recover"

    def __init__(self, analyzer=None):
        if analyzer is None:
            analyzer = SpacyAnalyzer()
        self.analyzer = analyzer

    def compatible(self, plan) -> bool:
        return plan is not None

    def check(self, items: Sequence[Item]) -> list[Verdict]:

        texts = list(dict.fromkeys(t for i in items for t in (i.source, i.text)))
        analyses = dict(zip(texts, self.analyzer.analyze(texts), strict=True)) if texts else {}
        out = []
        for item in items:
            why = shows_change(item.plan, item.text, None, analyses[item.text]) or keeps_source(
                analyses[item.source], item.plan, analyses[item.text]
            )
            out.append(
                Verdict(self.name, REJECT, why)
                if why
                else Verdict(self.name, ACCEPT, "the plan is recovered")
            )
        return out
