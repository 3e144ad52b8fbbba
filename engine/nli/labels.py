"""NLI label inference from rule tables (``rules/labels/*.toml``).

Given the premise's plan, the hypothesis's plan, the original gold label and what the
original sentences are (tense, polarity, ... of their main predicates), :meth:`LabelRules.infer`
returns the new label with the rule that decided it, or ``unknown``. It never guesses.

How a decision is made:

1. **Effective plans.** An edit that sets a feature to the value the original already has
   changes nothing and is dropped (``tense(past)`` on a past-tense premise); a side whose
   realization is the original text is the identity.
2. **Direct match.** Each rule names a premise and a hypothesis expression (choices allowed,
   ``cleft(ARG0)|cleft(SUBJ)``), the original labels it covers, and conditions on the
   originals. A rule matches when both effective plans are among its sides' plans.
3. **Composition.** If no rule matches, the meaning-preserving features declared in
   ``[meaning_preserving]`` (voice, cleft) are removed from both plans and step 2 is retried:
   ``p;f +pa`` is decided by the ``p;f`` rule, and ``record["via"]`` says what was removed.
4. **Conflicts** between matching rules give ``unknown`` with both rule ids in the reason.

>>> rules = LabelRules.load()
>>> d = rules.infer("tense(past)+passive", "tense(fut)+passive", "entailment",
...                 premise={"tense": "pres"}, hypothesis={"tense": "pres"})
>>> d.label, d.rule, d.via
('neutral', 'lit-1a', ('voice',))
>>> rules.infer("swap", "o", "entailment").label
'unknown'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ExpressionError, RuleError
from ..resources import rules_dir
from ..transforms import FEATURES, EditPlan, Transformation, parse_choice

LABELS = ("entailment", "neutral", "contradiction")
UNKNOWN = "unknown"
SAME = "same"  # a rule's output: the original label
_RULE_KEYS = {"id", "premise", "hypothesis", "labels", "when", "reverse", "reason", "source"}
# Features of an original sentence a condition may test (the IR predicate's features + lemma).
CONDITION_FEATURES = (
    "tense",
    "progressive",
    "perfect",
    "voice",
    "modality",
    "polarity",
    "force",
    "cleft",
    "lemma",
)


@dataclass(frozen=True)
class Decision:
    """The outcome of label inference for one pair and one original label."""

    label: str
    rule: str | None = None
    reason: str = ""
    via: tuple[str, ...] = ()
    reverse: bool = False

    @property
    def known(self) -> bool:
        return self.label != UNKNOWN


@dataclass(frozen=True)
class LabelRule:
    """One row of a label table."""

    id: str
    premise: tuple[EditPlan, ...]
    hypothesis: tuple[EditPlan, ...]
    labels: Mapping[str, str]
    when: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    reverse: bool = False
    reason: str = ""
    source: str = ""
    path: str = ""
    line: int | None = None

    def output(self, original: str) -> str | None:
        out = self.labels.get(original, self.labels.get("*"))
        if out is None:
            return None
        return original if out == SAME else out

    def holds(self, premise: Mapping[str, Any], hypothesis: Mapping[str, Any]) -> bool:
        if self.when.get("same_predicate") and not (
            premise.get("lemma") and premise.get("lemma") == hypothesis.get("lemma")
        ):
            return (
                False  # the label depends on the main predication only when both sentences share it
            )
        if self.when.get("same_participants") and not same_participants(premise, hypothesis):
            return (
                False  # a contradiction may lie in who takes part, which no edit of the verb lifts
            )
        for side, feats in (("premise", premise), ("hypothesis", hypothesis)):
            for feature, expected in self.when.get(side, {}).items():
                if feature not in feats:
                    return False  # an unknown original never satisfies a condition
                value = feats[feature]
                if isinstance(expected, Mapping):
                    if value in expected["not"]:
                        return False
                elif isinstance(expected, list):
                    if value not in expected:
                        return False
                elif value != expected:
                    return False
        return True


def effective(plan: EditPlan, original: Mapping[str, Any] | None) -> EditPlan:
    """The plan without the edits that set a feature to the value the original already has.

    >>> from engine.transforms import parse
    >>> plan = parse("tense(past)+passive").plan()
    >>> effective(plan, {"tense": "past", "voice": "active"}).as_dict()
    {'voice': 'passive'}
    """
    if not original:
        return plan
    feats = {k: v for k, v in plan.features.items() if not (k in original and original[k] == v)}
    if "voice" not in feats:
        feats.pop("promote", None)
    return EditPlan(feats, plan.swap)


def strip(plan: EditPlan, features: Iterable[str]) -> EditPlan:
    drop = set(features)
    return EditPlan(
        {k: v for k, v in plan.features.items() if k not in drop}, plan.swap and "swap" not in drop
    )


class LabelRules:
    """A set of label rules, loaded from TOML files (default: every ``rules/labels/*.toml``)."""

    def __init__(self, rules: Sequence[LabelRule], preserving: Sequence[str] = ()):
        self.rules = tuple(rules)
        self.preserving = tuple(preserving)

    @classmethod
    def load(cls, paths: Iterable[str | Path] | None = None) -> LabelRules:
        files = (
            [Path(p) for p in paths]
            if paths is not None
            else sorted((rules_dir() / "labels").glob("*.toml"))
        )
        if not files:
            raise RuleError("no label rule files found", str(rules_dir() / "labels"))
        rules: list[LabelRule] = []
        preserving: list[str] = []
        for path in files:
            file_rules, file_preserving = _load_file(path)
            rules.extend(file_rules)
            preserving.extend(f for f in file_preserving if f not in preserving)
        seen: dict[str, LabelRule] = {}
        for rule in rules:
            if rule.id in seen:
                raise RuleError(
                    f"duplicate rule id {rule.id!r} (also at "
                    f"{seen[rule.id].path}:{seen[rule.id].line})",
                    rule.path,
                    rule.line,
                )
            seen[rule.id] = rule
        return cls(rules, preserving)

    # -- inference ----------------------------------------------------------------------------
    def infer(
        self,
        premise_plan: EditPlan | Transformation | str,
        hypothesis_plan: EditPlan | Transformation | str,
        original_label: str,
        premise: Mapping[str, Any] | None = None,
        hypothesis: Mapping[str, Any] | None = None,
    ) -> Decision:
        """Decide the label of a transformed pair (see the module docstring)."""
        label = (original_label or "").strip().lower()
        if label not in LABELS:
            return Decision(
                UNKNOWN,
                reason=f"the original label {original_label!r} is not one of {', '.join(LABELS)}",
            )
        p = effective(_as_plan(premise_plan), premise)
        h = effective(_as_plan(hypothesis_plan), hypothesis)
        premise, hypothesis = premise or {}, hypothesis or {}
        decision = self._match(p, h, label, premise, hypothesis, ())
        if decision is None and self.preserving:
            via = tuple(f for f in self.preserving if f in p.features or f in h.features)
            if via:
                decision = self._match(
                    strip(p, self.preserving),
                    strip(h, self.preserving),
                    label,
                    premise,
                    hypothesis,
                    via,
                )
        if decision is None:
            return Decision(
                UNKNOWN,
                reason=f"no rule covers premise [{p}] ; hypothesis [{h}] with "
                f"original label {label}",
            )
        return decision

    def label_map(
        self, premise_plan, hypothesis_plan, premise=None, hypothesis=None
    ) -> dict[str, str]:
        """The label each possible original label turns into (``unknown`` where no rule decides)."""
        return {
            lab: self.infer(premise_plan, hypothesis_plan, lab, premise, hypothesis).label
            for lab in LABELS
        }

    def _match(
        self, p: EditPlan, h: EditPlan, label: str, premise, hypothesis, via
    ) -> Decision | None:
        hits = [
            r
            for r in self.rules
            if p in r.premise
            and h in r.hypothesis
            and r.output(label) is not None
            and r.holds(premise, hypothesis)
        ]
        if not hits:
            return None
        outcomes = {(r.output(label), r.reverse) for r in hits}
        if len(outcomes) > 1:
            detail = "; ".join(
                f"{r.id} says {r.output(label)}{' (reversed)' if r.reverse else ''}" for r in hits
            )
            return Decision(UNKNOWN, reason=f"conflicting rules: {detail}", via=via)
        rule = hits[0]
        return Decision(rule.output(label), rule.id, rule.reason, via, rule.reverse)


def _as_plan(value: EditPlan | Transformation | str) -> EditPlan:
    if isinstance(value, EditPlan):
        return value
    if isinstance(value, str):
        value = parse_choice(value)
        if len(value.options) != 1:
            raise ExpressionError(f"label inference needs one plan per side, not a choice: {value}")
        value = value.options[0]
    return value.plan()


# -- loading ----------------------------------------------------------------------------------
def _line_of(text: str, rule_id: str) -> int | None:
    m = re.search(r'^\s*id\s*=\s*["\']' + re.escape(rule_id) + r'["\']', text, re.M)
    return text.count("\n", 0, m.start()) + 1 if m else None


def _load_file(path: Path) -> tuple[list[LabelRule], list[str]]:
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise RuleError(f"invalid TOML: {exc}", str(path), int(m.group(1)) if m else None) from None
    unknown_top = set(data) - {"rule", "meaning_preserving", "description"}
    if unknown_top:
        raise RuleError(
            f"unknown top-level keys {sorted(unknown_top)} (expected [[rule]], "
            "[meaning_preserving], description)",
            str(path),
        )
    preserving = list(data.get("meaning_preserving", {}).get("features", []))
    for f in preserving:
        if f not in FEATURES:
            raise RuleError(f"[meaning_preserving] unknown feature {f!r}", str(path))
    rules = [_rule(entry, path, text, k) for k, entry in enumerate(data.get("rule", []), start=1)]
    return rules, preserving


def _rule(entry: dict, path: Path, text: str, k: int) -> LabelRule:
    """One ``[[rule]]`` table as a rule; a RuleError (with the rule's line) says what is wrong."""
    rid = entry.get("id")
    line = _line_of(text, rid) if isinstance(rid, str) else None

    def fail(msg: str):
        raise RuleError(f"rule {rid or '#' + str(k)}: {msg}", str(path), line)

    if problem := _keys_problem(entry):
        fail(problem)
    sides = []
    for key in ("premise", "hypothesis"):
        try:
            sides.append(tuple(parse_choice(entry[key]).plans()))
        except ExpressionError as exc:
            fail(f"{key}: {exc}")
    labels, when = entry["labels"], entry.get("when", {})
    if problem := _labels_problem(labels) or _when_problem(when):
        fail(problem)
    if not entry.get("reason"):
        fail("every rule needs a 'reason' saying why the label follows")
    return LabelRule(
        rid,
        sides[0],
        sides[1],
        dict(labels),
        when,
        bool(entry.get("reverse", False)),
        entry["reason"],
        entry.get("source", ""),
        str(path),
        line,
    )


def _keys_problem(entry: dict) -> str | None:
    """What is wrong with a rule's keys (no id, unknown or missing keys), or None."""
    rid = entry.get("id")
    if not isinstance(rid, str) or not rid:
        return "needs an id"
    unknown = set(entry) - _RULE_KEYS
    if unknown:
        return f"unknown keys {sorted(unknown)} (allowed: {', '.join(sorted(_RULE_KEYS))})"
    for key in ("premise", "hypothesis", "labels"):
        if key not in entry:
            return f"missing {key!r}"
    return None


def _labels_problem(labels) -> str | None:
    """What is wrong with a rule's ``labels`` table (original label -> new label), or None."""
    if not isinstance(labels, dict) or not labels:
        return 'labels must be a table such as { entailment = "neutral" }'
    for src, out in labels.items():
        if src not in (*LABELS, "*"):
            return f'labels: {src!r} is not an original label ({", ".join(LABELS)} or "*")'
        if out not in (*LABELS, SAME):
            return f'labels: {out!r} is not a label ({", ".join(LABELS)} or "same")'
    return None


_PAIR_CONDITIONS = ("same_predicate", "same_participants")


def _when_problem(when) -> str | None:
    """What is wrong with a rule's ``when`` conditions, or None."""
    if set(when) - {"premise", "hypothesis", *_PAIR_CONDITIONS}:
        return (
            "when may only have 'premise' and 'hypothesis' tables, 'same_predicate' and "
            "'same_participants'"
        )
    for key in _PAIR_CONDITIONS:
        if not isinstance(when.get(key, False), bool):
            return f"when.{key} must be true or false"
    for side in (v for k, v in when.items() if k not in _PAIR_CONDITIONS):
        for feature, expected in side.items():
            if feature not in CONDITION_FEATURES:
                return f"when: unknown feature {feature!r} (known: {', '.join(CONDITION_FEATURES)})"
            if isinstance(expected, dict) and set(expected) != {"not"}:
                return f"when.{feature}: a table condition must be {{ not = [...] }}"
    return None


def same_participants(premise: Mapping[str, Any], hypothesis: Mapping[str, Any]) -> bool:
    """Whether both sentences tell of the same participants: the same subject (its head's
    lemma and any number in it: *two men* is not *three women*, nor *a man*), and the same
    object where both have one. Unknown participants are never the same."""
    mine, theirs = premise.get("participants"), hypothesis.get("participants")
    if not mine or not theirs or "subj" not in mine or mine.get("subj") != theirs.get("subj"):
        return False
    return "obj" not in mine or "obj" not in theirs or mine["obj"] == theirs["obj"]


def _participants(analysis, frame) -> dict[str, str]:
    """The main frame's subject and object as label conditions compare them: the head's
    lemma, after the numbers of the phrase (*two man*)."""
    tokens = analysis.sentence.tokens
    out = {}
    for arg in frame.arguments:
        if arg.function not in ("subj", "obj") or arg.function in out:
            continue
        if not 0 <= arg.head < len(tokens):
            continue
        head = tokens[arg.head]
        numbers = [
            t.text.lower()
            for t in tokens[arg.span[0] : arg.span[1]]
            if t.tag == "CD" and t.head == arg.head
        ]
        out[arg.function] = " ".join([*numbers, (head.lemma or head.text).lower()])
    return out


def original_features(analysis) -> dict[str, Any]:
    """What label conditions may test about an original sentence: its main predicate's
    features and lemma, and its participants (:func:`same_participants`); empty when the
    analysis has no main predicate."""
    frame = getattr(analysis, "main_frame", None)
    if frame is None:
        return {}
    return {
        **frame.predicate.features(),
        "lemma": frame.predicate.lemma,
        "participants": _participants(analysis, frame),
    }
