"""The MRS rule schema: what a rule file holds once loaded (families, rules, EP patterns,
conditions, actions, worked examples, grammar versions) and the rule outcomes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from delphin.mrs import MRS

from ..errors import RuleError

APPLIED = "applied"

UNSUPPORTED = "unsupported"
ILL_FORMED = "ill_formed"

VAR_TYPES = set("xehiup")
# The ERG's full property bundle, given to every new event variable unless the rule sets it.
EVENT_DEFAULTS = {"SF": "prop", "TENSE": "untensed", "MOOD": "indicative", "PROG": "-", "PERF": "-"}
PSEUDO = ("INDEX", "TOP", "TOPLBL")

# Plan features (and their values) a rule family can implement: the backend maps each plan
# step to the family whose ``implements`` names it.
IMPLEMENTABLE = (
    "tense",
    "progressive",
    "perfect",
    "modality",
    "negation",
    "affirmation",
    "question",
    "declarative",
    "passive",
    "active",
    "cleft",
    "swap",
)


# -- grammar versions ------------------------------------------------------------------------


@dataclass(frozen=True)
class VersionSpec:
    """``"*"``, ``">=2018"``, ``"<2018"``, ``"1214"`` or a comma-separated conjunction."""

    text: str

    def __post_init__(self):
        for part in self._parts():
            if part != "*" and not re.fullmatch(r"(>=|<=|>|<|==)?\d{4}", part):
                raise ValueError(
                    f"bad ERG version constraint {part!r} (use e.g. '>=2018', '<2018', '1214', '*')"
                )

    def _parts(self) -> list[str]:
        return [p.strip() for p in self.text.split(",") if p.strip()]

    def admits(self, version: int | None) -> bool:
        if version is None:
            return True
        for part in self._parts():
            if part == "*":
                continue
            op, num = re.fullmatch(r"(>=|<=|>|<|==)?(\d{4})", part).groups()
            n = int(num)
            ok = {
                ">=": version >= n,
                "<=": version <= n,
                ">": version > n,
                "<": version < n,
            }.get(op or "==", version == n)
            if not ok:
                return False
        return True


@dataclass(frozen=True)
class GrammarProfile:
    """What the rule engine knows about the grammar: its version and its predicates.

    ``predicates`` is the SEM-I predicate inventory when one is available (None: unknown);
    ``absent`` lists predicates known not to exist in this version (from the registry).
    """

    version: int | None = None
    predicates: frozenset[str] | None = None
    absent: frozenset[str] = frozenset()

    def lacks(self, pred: str) -> bool:
        if pred in self.absent:
            return True
        return self.predicates is not None and pred not in self.predicates


# -- schema ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EPPattern:
    name: str
    preds: tuple[str, ...] = ()
    index: bool = False
    main: bool = False
    args: Mapping[str, str] = field(default_factory=dict)
    label: str | None = None
    props: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Condition:
    reason: str
    ep: EPPattern | None = None
    icons: Mapping[str, str] | None = None
    var: str | None = None
    props: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    line: int | None = None


@dataclass(frozen=True)
class Action:
    op: str
    params: Mapping[str, Any]
    line: int | None = None


@dataclass(frozen=True)
class Example:
    """``mrs`` is None for a sentence example; ``accept`` lists the realizations a live check
    accepts (a sentence example's ``expect``, or an MRS example's ``realization``)."""

    sentence: str
    mrs: str | None
    params: Mapping[str, str] = field(default_factory=dict)
    expect: str | None = None
    not_applicable: str | None = None
    realization: str | None = None
    line: int | None = None
    accept: tuple[str, ...] = ()
    erg: VersionSpec = field(default_factory=lambda: VersionSpec("*"))


@dataclass(frozen=True)
class Rule:
    name: str
    family: str
    description: str
    erg: VersionSpec
    match: tuple[EPPattern, ...]
    require: tuple[Condition, ...]
    unless: tuple[Condition, ...]
    actions: tuple[Action, ...]
    examples: tuple[Example, ...]
    needs: str
    path: str
    line: int | None
    when: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def admits(self, params: Mapping[str, str]) -> bool:
        """Whether the rule's ``when`` allows these parameter values."""
        return all(params.get(k) in vals for k, vals in self.when.items())

    def predicates(self, params: Mapping[str, str]) -> set[str]:
        """The predicates this rule introduces, with its parameters filled in."""
        return {
            fill(a.params["pred"], params) for a in self.actions if a.op in ("add_ep", "set_pred")
        }


@dataclass(frozen=True)
class Family:
    """The rules implementing one plan feature, tried in file order."""

    name: str
    implements: str
    description: str
    strategy: str  # "first": first applicable rule; "all": every applicable rule
    params: Mapping[str, tuple[str, ...]]
    rules: tuple[Rule, ...]
    path: str


@dataclass
class Outcome:
    """The result of applying one rule (or family) to one MRS."""

    status: str
    rule: str = ""
    reason: str = ""
    mrs: MRS | None = None
    matched: bool = False  # the pattern matched but a condition blocked it


# -- loading ---------------------------------------------------------------------------------


def fill(text: str, params: Mapping[str, str]) -> str:
    """``text`` with each ``{name}`` replaced by the value of parameter ``name``:
    ``fill("_{verb}_v_1", {"verb": "see"})`` is ``"_see_v_1"``. A name without a value in
    ``params`` raises :class:`~engine.errors.RuleError` naming it (loading a rule file already
    refuses a name its [params] does not declare)."""

    def value(m: re.Match) -> str:
        if m.group(1) not in params:
            given = ", ".join(f"{k}={v}" for k, v in params.items()) or "none"
            raise RuleError(
                f"{text!r} needs the parameter {m.group(1)!r}, which was not given (given: {given})"
            )
        return params[m.group(1)]

    return re.sub(r"\{(\w+)\}", value, text)
