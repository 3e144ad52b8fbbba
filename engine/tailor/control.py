"""Controllability: does a sentence follow a TAILOR header? (TAILOR's cycle consistency.)

The sentence is analyzed again (spaCy analyzer by default, the BERT SRL analyzer when given)
and compared with what the header asks for:

* the verb: a frame whose lemma is the requested lemma (else the main frame), with the
  requested tense (read as TAILOR reads it: a perfect counts as past) and voice;
* each argument: some argument of that frame with the requested label (``role``); for a
  keyword other than ``*``, that argument's text contains it, case-insensitively
  (``content``), with the requested specificity (``specificity``). The labels AGENT and
  PATIENT are compared on the core roles (ARG0, ARG1); MODAL and NEGATION are also found in
  the predicate's modality and polarity.

It reads plain text, so it checks any backend's output against the controls a plan implies
(:func:`controls_for_plan`), not only the generator's.

>>> from engine.tailor.codes import ArgControl, Header, VerbControl
>>> agent = ArgControl("AGENT", "by the dog", "complete")
>>> header = Header(VerbControl("chase", "passive", "past"), (agent,))
>>> outputs = ["The cat was chased by the dog.", "The dog chased the cat."]
>>> [r.followed for r in ControlValidator().check(header, outputs)]
[True, False]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..analyzers import SpacyAnalyzer
from ..errors import InputError
from ..ir import Analysis, Frame
from .codes import ANY, Header, specificity_of, tailor_tense
from .inputs import role_label
from .plans import plan_prompt


@dataclass(frozen=True)
class ControlReport:
    """Which controls a sentence follows; ``failures`` says what is off, in words."""

    text: str
    checks: dict[str, bool] = field(default_factory=dict)
    failures: tuple[str, ...] = ()

    @property
    def followed(self) -> bool:
        return all(self.checks.values()) and bool(self.checks)

    @property
    def rate(self) -> float:
        """The share of checks passed (1.0 when all are)."""
        return sum(self.checks.values()) / len(self.checks) if self.checks else 0.0

    def to_dict(self) -> dict:
        return {
            "followed": self.followed,
            "checks": dict(self.checks),
            "failures": list(self.failures),
        }


class ControlValidator:
    """Check sentences against headers; one analyzer, opened once, analyzes each batch."""

    def __init__(self, analyzer=None, frames=None):
        if analyzer is None:
            analyzer = SpacyAnalyzer()
        self.analyzer = analyzer
        self.frames = frames

    def check(self, header: Header | Sequence[Header], texts: Sequence[str]) -> list[ControlReport]:
        """One report per text; ``header`` is one header for all texts, or one per text."""
        headers = [header] * len(texts) if isinstance(header, Header) else list(header)
        if len(headers) != len(texts):
            raise InputError(
                f"{len(headers)} headers for {len(texts)} texts: give one header, or one per text"
            )
        analyses = self.analyzer.analyze(list(texts)) if texts else []
        return [self.check_analysis(h, a) for h, a in zip(headers, analyses, strict=True)]

    def check_analysis(self, header: Header, analysis: Analysis) -> ControlReport:
        checks: dict[str, bool] = {}
        failures: list[str] = []

        def record(name: str, ok: bool, why: str) -> None:
            checks[name] = ok
            if not ok:
                failures.append(why)

        frame = _frame_for(analysis, header.verb.lemma)
        if frame is None:
            return ControlReport(analysis.text, {"verb": False}, ("no predicate found",))
        pred = frame.predicate
        lemma = header.verb.lemma.lower()
        verb_text = analysis.sentence.tokens[frame.verb].text.lower()
        record(
            "lemma",
            lemma in (pred.lemma.lower(), verb_text) or lemma in verb_text,
            f"verb lemma is {pred.lemma!r}, not {header.verb.lemma!r}",
        )
        got_tense = tailor_tense(pred.tense, pred.perfect)
        record(
            "tense",
            got_tense == header.verb.tense,
            f"tense is {got_tense}, not {header.verb.tense}",
        )
        record(
            "voice",
            pred.voice == header.verb.voice,
            f"voice is {pred.voice}, not {header.verb.voice}",
        )
        labelled = {}
        for arg in frame.arguments:
            label = role_label(arg.role, pred.lemma, self.frames)
            if label and label not in labelled:
                labelled[label] = arg
        for control in header.args:
            name = control.label
            arg = labelled.get(name)
            text = arg.text if arg is not None else None
            if arg is None and name == "MODAL" and (pred.modality or pred.tense == "fut"):
                text = pred.modality or "will"
            if arg is None and name == "NEGATION" and pred.polarity == "neg":
                text = "not"
            record(f"{name}.role", text is not None, f"no {name} found")
            if text is None or control.keyword == ANY:
                continue
            keyword = control.keyword.lower()
            if name == "AGENT" and header.verb.voice == "passive" and keyword.startswith("by "):
                keyword = keyword[3:]
                text = text[3:] if text.lower().startswith("by ") else text
            content = keyword in text.lower()
            record(
                f"{name}.content",
                content,
                f"{name} is {text!r}, which does not contain {control.keyword!r}",
            )
            if control.specificity and arg is not None:
                got = specificity_of(keyword, len(text.split()))
                record(
                    f"{name}.specificity",
                    got == control.specificity,
                    f"{name} {text!r} is {got} for {control.keyword!r}, not {control.specificity}",
                )
        return ControlReport(analysis.text, checks, tuple(failures))


def _frame_for(analysis: Analysis, lemma: str) -> Frame | None:
    for frame in analysis.frames:
        if frame.predicate.lemma.lower() == lemma.lower():
            return frame
    return analysis.main_frame


def controls_for_plan(analysis: Analysis, plan, frames=None) -> Header | str:
    """The header a plan asks for on an analysis (what any backend's output should follow),
    or why TAILOR's codes cannot express the plan."""

    planned = plan_prompt(analysis, plan, frames=frames)
    return planned if isinstance(planned, str) else planned.prompt.header
