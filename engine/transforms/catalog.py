r"""The catalog of named transformations, as edits of IR features.

A :class:`Transformation` is a sequence of :class:`Step`\ s; each step is a catalog entry
with its argument (``tense(past)``, ``passive``) and lowers to one or more :class:`Edit`\ s
on :class:`~engine.ir.Predicate` features. :func:`plan` folds the edits into an
:class:`EditPlan`: a later value of the same feature wins, ``swap`` twice cancels out, and
edits of different features commute, so a backend sees one normalized plan whatever the
order the user wrote.

>>> from engine.transforms import parse
>>> parse("tense(past)+tense(fut)+passive").plan().as_dict()
{'voice': 'passive', 'tense': 'fut'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import UnknownTransformationError
from ..ir import MODALS, TENSES, propbank_role

CLEFT_TARGETS = ("ARG0", "ARG1", "ARG2", "AGENT", "PATIENT", "SUBJ")
# The features a plan may set, in the order backends apply them.
FEATURES = ("swap", "voice", "promote", "tense", "progressive", "perfect", "modality", "polarity", "force", "cleft",
            "shorten")
CORE_TARGETS = ("ARG0", "ARG1", "AGENT", "PATIENT")


@dataclass(frozen=True)
class Edit:
    """Set one feature of the target predicate (``swap`` toggles the core arguments)."""

    feature: str
    value: Any


@dataclass(frozen=True)
class Entry:
    """A catalog entry: its name, what its argument may be, and a one-line description."""

    name: str
    description: str
    args: tuple[str, ...] = ()
    example: str = ""
    optional: bool = False  # the argument may be left out

    def edits(self, arg: str | None) -> tuple[Edit, ...]:
        return _LOWER[self.name](arg)


def _flag(value: str | None) -> bool:
    return value == "+"


_LOWER = {
    "identity": lambda a: (),
    "tense": lambda a: (Edit("tense", a),),
    "prog": lambda a: (Edit("progressive", _flag(a)),),
    "perf": lambda a: (Edit("perfect", _flag(a)),),
    # passive(ARG2) promotes the second object (the recipient); ARG1 (the theme) is the default.
    "passive": lambda a: (Edit("voice", "passive"),) + ((Edit("promote", a),) if a and a != "ARG1" else ()),
    "active": lambda a: (Edit("voice", "active"),),
    # ``will`` is the future tense in the IR, not a modal.
    "modal": lambda a: (
        (Edit("modality", None), Edit("tense", "fut")) if a == "will" else (Edit("modality", a),)
    ),
    "negate": lambda a: (Edit("polarity", "neg"),),
    "affirm": lambda a: (Edit("polarity", "pos"),),
    "question": lambda a: (Edit("force", "ques"),),
    "declarative": lambda a: (Edit("force", "prop"),),
    "cleft": lambda a: (Edit("cleft", a if a == "SUBJ" else propbank_role(a)),),
    "uncleft": lambda a: (Edit("cleft", None),),
    "swap": lambda a: (Edit("swap", True),),
    "shorten": lambda a: (Edit("shorten", propbank_role(a)),),
}

CATALOG: dict[str, Entry] = {
    e.name: e
    for e in (
        Entry("identity", "the source itself (LIT's `o`)", example="identity"),
        Entry("tense", "set the tense", TENSES, "tense(past)"),
        Entry("prog", "add (+) or remove (-) progressive aspect", ("+", "-"), "prog(+)"),
        Entry("perf", "add (+) or remove (-) perfect aspect", ("+", "-"), "perf(-)"),
        Entry("passive", "passive voice, the object (ARG1, default) or the recipient (ARG2) promoted",
              ("ARG1", "ARG2"), "passive", optional=True),
        Entry("active", "active voice, the by-agent demoted", example="active"),
        Entry("modal", "add a modal (`will` sets the future tense)", tuple(m for m in MODALS if m != "shall"), "modal(might)"),
        Entry("negate", "sentential negation", example="negate"),
        Entry("affirm", "remove sentential negation", example="affirm"),
        Entry("question", "polar question (inversion or do-support)", example="question"),
        Entry("declarative", "back to a declarative", example="declarative"),
        Entry("cleft", "it-cleft focusing an argument (SUBJ: whatever the subject is)", CLEFT_TARGETS, "cleft(ARG1)"),
        Entry("uncleft", "undo an it-cleft", example="uncleft"),
        Entry("swap", "exchange subject and object", example="swap"),
        Entry("shorten", "cut a core argument down to its head noun phrase (TAILOR's shorten_core_argument)",
              CORE_TARGETS, "shorten(PATIENT)"),
    )
}


@dataclass(frozen=True)
class Step:
    """One catalog entry applied with its argument."""

    name: str
    arg: str | None = None

    def __post_init__(self):
        entry = CATALOG.get(self.name)
        if entry is None:
            raise UnknownTransformationError(
                f"unknown transformation {self.name!r}; known: {', '.join(sorted(CATALOG))}"
            )
        if entry.args and self.arg is None and not entry.optional:
            raise UnknownTransformationError(
                f"{self.name} needs an argument, one of {', '.join(entry.args)}: e.g. {entry.example}"
            )
        if not entry.args and self.arg is not None:
            raise UnknownTransformationError(f"{self.name} takes no argument (got {self.arg!r})")
        if entry.args and self.arg is not None and self.arg not in entry.args:
            raise UnknownTransformationError(
                f"{self.name}({self.arg}) is not in the catalog; {self.name} takes one of "
                f"{', '.join(entry.args)}"
            )

    @property
    def edits(self) -> tuple[Edit, ...]:
        return CATALOG[self.name].edits(self.arg)

    def __str__(self) -> str:
        return self.name if self.arg is None else f"{self.name}({self.arg})"


@dataclass(frozen=True)
class EditPlan:
    """Normalized target: the features to set, and whether to swap subject and object."""

    features: Mapping[str, Any] = field(default_factory=dict)
    swap: bool = False

    def as_dict(self) -> dict[str, Any]:
        out = dict(sorted(self.features.items(), key=lambda kv: FEATURES.index(kv[0])))
        if self.swap:
            out = {"swap": True, **out}
        return out

    @property
    def is_identity(self) -> bool:
        return not self.features and not self.swap

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.features.items(), key=str)), self.swap))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EditPlan) and self.as_dict() == other.as_dict()


@dataclass(frozen=True)
class Transformation:
    """A sequence of steps; ``a + b`` applies ``a`` then ``b``."""

    steps: tuple[Step, ...] = ()

    def __add__(self, other: Transformation) -> Transformation:
        return Transformation(self.steps + other.steps)

    def plan(self) -> EditPlan:
        features: dict[str, Any] = {}
        swap = False
        for step in self.steps:
            for edit in step.edits:
                if edit.feature == "swap":
                    swap = not swap
                else:
                    features[edit.feature] = edit.value
        return EditPlan(features, swap)

    def __str__(self) -> str:
        return "+".join(str(s) for s in self.steps) or "identity"


def plan(transformation: Transformation) -> EditPlan:
    """Fold a transformation into its :class:`EditPlan`."""
    return transformation.plan()
