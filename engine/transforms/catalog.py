r"""The catalog of named transformations, as edits of IR features.

A :class:`Step` is a catalog entry with its argument (``tense(past)``, ``passive``); it
lowers to one or more :class:`Edit`\ s on :class:`~engine.ir.Predicate` features. How steps
compose into plans is :mod:`engine.transforms.algebra`.

>>> [str(e) for e in Step("passive", "ARG2").edits]
["Edit(voice='passive')", "Edit(promote='ARG2')"]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args

from ..errors import UnknownTransformationError
from ..ir import MODALS, TENSES, propbank_role

CLEFT_TARGETS = ("ARG0", "ARG1", "ARG2", "AGENT", "PATIENT", "SUBJ")
# The features a plan may set, in the one order backends apply them (the ERG's rule steps,
# :data:`engine.erg.plan.STEP_ORDER`, follow it): ``shorten`` first, since its cut is read on
# the source's roles, then the arguments, the verb group, the clause and the cleft.
Feature = Literal[
    "shorten",
    "swap",
    "voice",
    "promote",
    "tense",
    "progressive",
    "perfect",
    "modality",
    "polarity",
    "force",
    "cleft",
]
FEATURES: tuple[Feature, ...] = get_args(Feature)
CORE_TARGETS = ("ARG0", "ARG1", "AGENT", "PATIENT")


class _Clear:
    """The value of an edit that removes a feature from the plan (``active`` clears ``promote``)."""

    def __repr__(self) -> str:
        return "CLEAR"


CLEAR = _Clear()


@dataclass(frozen=True)
class Edit:
    """Set one feature of the target predicate (``swap`` toggles the core arguments;
    the value :data:`CLEAR` unsets the feature)."""

    feature: str
    value: Any

    def __str__(self) -> str:
        return f"Edit({self.feature}={self.value!r})"


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
    # Setting the voice always settles which argument is promoted, so ``passive(ARG2)+active``
    # is ``active`` and ``passive(ARG2)+passive`` is ``passive``.
    "passive": lambda a: (
        Edit("voice", "passive"),
        Edit("promote", a if a and a != "ARG1" else CLEAR),
    ),
    "active": lambda a: (Edit("voice", "active"), Edit("promote", CLEAR)),
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
        Entry(
            "passive",
            "passive voice, the object (ARG1, default) or the recipient (ARG2) promoted",
            ("ARG1", "ARG2"),
            "passive",
            optional=True,
        ),
        Entry("active", "active voice, the by-agent demoted", example="active"),
        Entry(
            "modal",
            "add a modal (`will` sets the future tense)",
            tuple(m for m in MODALS if m != "shall"),
            "modal(might)",
        ),
        Entry("negate", "sentential negation", example="negate"),
        Entry("affirm", "remove sentential negation", example="affirm"),
        Entry("question", "polar question (inversion or do-support)", example="question"),
        Entry("declarative", "back to a declarative", example="declarative"),
        Entry(
            "cleft",
            "it-cleft focusing an argument (SUBJ: whatever the subject is)",
            CLEFT_TARGETS,
            "cleft(ARG1)",
        ),
        Entry("uncleft", "undo an it-cleft", example="uncleft"),
        Entry("swap", "exchange subject and object", example="swap"),
        Entry(
            "shorten",
            "cut a core argument down to its head noun phrase (TAILOR's shorten_core_argument)",
            CORE_TARGETS,
            "shorten(PATIENT)",
        ),
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
                f"{self.name} needs an argument, one of {', '.join(entry.args)}: e.g. "
                f"{entry.example}"
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
