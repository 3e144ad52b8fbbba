"""Shared checks on plans and realizations, the same for every backend and validator.

* :func:`target_features`: what a predicate's features become under a plan (the modal carries
  the tense: ``can`` + past is ``could``), or why the plan cannot be expressed on it;
* :func:`already_satisfied`: the one definition of "the source already shows this change";
  every backend answers it the same way: status ``ok``, the source as the only candidate,
  and a reason starting ``unchanged:``;
* :func:`shows_change`: whether a realization shows the plan's change;
* :func:`keeps_source`: whether a realization keeps everything the plan does not change
  (voice, tense, aspect, polarity, modality, force, the lexical verb and the core arguments
  in their roles), judged by analyzing source and realization with the same analyzer.

>>> from engine.ir import Predicate
>>> from engine.transforms import EditPlan
>>> already_satisfied(Predicate("see", tense="past"), EditPlan({"tense": "past"}))
'unchanged: the sentence is already past tense'
>>> target_features(Predicate("see", tense="pres", modality="can"), EditPlan({"tense": "past"}))[0]["modality"]
'could'
"""

from __future__ import annotations

import re
from typing import Any

from . import english
from .ir import Analysis, Argument, Frame, Predicate
from .transforms import EditPlan

UNCHANGED = "unchanged: "

_NAMES = {"tense": {"past": "past tense", "pres": "present tense", "fut": "future tense"},
          "progressive": {True: "progressive", False: "non-progressive"},
          "perfect": {True: "perfect", False: "non-perfect"},
          "modality": {None: "without a modal"},
          "voice": {"active": "active", "passive": "passive"},
          "polarity": {"neg": "negated", "pos": "affirmative"},
          "force": {"ques": "a question", "prop": "declarative"},
          "cleft": {None: "not an it-cleft"}}

# Features a realization must show exactly as planned (or as in the source, when unplanned).
CLAUSE_FEATURES = ("tense", "progressive", "perfect", "voice", "modality", "polarity", "force")
_AUX_START = re.compile(
    r"^(do|does|did|is|are|was|were|am|has|have|had|will|would|can|could|may|might|must|shall|should)"
    r"(n't)?\b", re.I)
_PRONOUN_CASE = {"him": "he", "her": "she", "them": "they", "me": "i", "us": "we", "whom": "who"}


def describe(plan: EditPlan) -> str:
    """``the sentence is already past tense and negated``."""
    parts = []
    for feat, value in plan.features.items():
        if feat in ("promote", "shorten"):
            continue
        label = _NAMES.get(feat, {}).get(value) or (f"modal '{value}'" if feat == "modality" else f"{feat}={value}")
        parts.append(label)
    return "the sentence is already " + " and ".join(parts) if parts else "nothing to change"


def target_features(src: Predicate, plan: EditPlan, promote_ok: bool = False) -> tuple[dict[str, Any], str | None]:
    """The source predicate's features after the plan, and why it cannot apply (or None).

    A modal source carries the tense (``can`` -> ``could`` for the past, ``will be able to``
    for the future); a modal and a non-present tense cannot be asked for together; a modal
    added to a past source keeps the past reading with the perfect (``may have seen``).
    """
    target = src.features()
    feats = dict(plan.features)
    feats.pop("shorten", None)  # not a predicate feature
    if feats.pop("promote", None) is not None and not promote_ok:
        return target, "the surface backend passivizes only by promoting the object (passive(ARG1))"
    if "modality" in feats and feats["modality"] is not None and "tense" in feats and feats["tense"] != "pres":
        return target, f"modal({feats['modality']}) cannot combine with tense({feats['tense']}): the modal carries the tense"
    if src.modality and "tense" in feats and "modality" not in feats:
        shifted = english.shift_modal(src.modality, feats.pop("tense"))
        if shifted is None:
            return target, f"the modal '{src.modality}' has no {plan.features['tense']} tense form"
        feats["modality"], feats["tense"] = shifted
    new_modal = feats.get("modality") is not None and src.modality is None
    target.update(feats)
    if new_modal and src.tense == "past" and "tense" not in plan.features:
        target["perfect"] = True  # a modal keeps a past source's past reading: "may have seen"
    if target.get("modality") is not None:
        target["tense"] = "pres"
    if target["cleft"] is not None and target["cleft"] != "SUBJ" and target["cleft"] not in ("ARG0", "ARG1", "ARG2"):
        return target, f"cleft({target['cleft']}) is not supported"
    return target, None


def already_satisfied(src: Predicate, plan: EditPlan) -> str | None:
    """``unchanged: <why>`` when the source already shows everything the plan asks for."""
    if plan.is_identity or plan.swap or plan.features.get("shorten") or "promote" in plan.features:
        return None
    target, reason = target_features(src, plan)
    if reason is None and target == src.features():
        return UNCHANGED + describe(plan)
    return None


def shows_change(plan: EditPlan, text: str, derivation: str | None, analysis: Analysis | None) -> str | None:
    """Why a realization does not show the plan's change, or None if it does (or cannot tell)."""
    f = plan.features
    if f.get("force") == "ques":
        if derivation:
            head = re.findall(r"\(\s*\d*\s*([\w-]+)", derivation)[:3]
            if "hd_yesno_c" not in head:
                return "not an inverted question"
        elif not _AUX_START.match(text.strip()):
            return "not an inverted question"
    if analysis is None or analysis.main_frame is None:
        return None
    got = analysis.main_frame.predicate
    checks = {
        "tense": lambda v: got.tense in (v, None) or got.modality is not None,
        "voice": lambda v: got.voice == v,
        "polarity": lambda v: got.polarity == v,
        "modality": lambda v: v is None or got.modality == v,
        "progressive": lambda v: got.progressive == v,
        "perfect": lambda v: got.perfect == v,
    }
    for feat, ok in checks.items():
        if feat in f and not ok(f[feat]):
            return f"{feat} is not {f[feat]}"
    return None


def _phrase(analysis: Analysis, arg: Argument) -> str:
    words = [t.text.lower() for t in analysis.sentence.tokens[arg.span[0]:arg.span[1]] if t.text.isalnum()]
    if words and words[0] == "by" and arg.function == "agent":
        words = words[1:]
    return " ".join(_PRONOUN_CASE.get(w, w) for w in words)


def core_arguments(analysis: Analysis, frame: Frame) -> dict[str, str]:
    """ARG0-ARG2 of a frame as normalized phrases (agent *by* dropped, pronouns in the
    nominative)."""
    return {a.role: _phrase(analysis, a) for a in frame.arguments if a.role in ("ARG0", "ARG1", "ARG2")}


def keeps_source(source: Analysis, plan: EditPlan, realization: Analysis) -> str | None:
    """Why a realization changes something the plan does not ask for, or None.

    Source and realization must come from the same analyzer. Checked: every clause feature
    equals the planned target (so unplanned ones keep the source's value), the lexical verb,
    and each core argument's phrase in its role (swapped for ``swap``; the clefted focus is
    not compared, as the analyzer reads the relative pronoun there).
    """
    src_frame, got_frame = source.main_frame, realization.main_frame
    if src_frame is None:
        return None
    if got_frame is None:
        return "the realization has no main verb"
    target, reason = target_features(src_frame.predicate, plan, promote_ok=True)
    if reason:
        return reason
    got = got_frame.predicate
    if got.lemma != src_frame.predicate.lemma:
        return f"the verb changed ({src_frame.predicate.lemma} -> {got.lemma})"
    for feat in CLAUSE_FEATURES:
        if got.features()[feat] != target[feat]:
            return f"{feat} is {got.features()[feat]}, expected {target[feat]}"
    if (got.cleft is None) != (target["cleft"] is None):
        return "the it-cleft is " + ("missing" if got.cleft is None else "not asked for")
    want = core_arguments(source, src_frame)
    if plan.swap and "ARG0" in want and "ARG1" in want:
        want["ARG0"], want["ARG1"] = want["ARG1"], want["ARG0"]
    have = core_arguments(realization, got_frame)
    focus = target["cleft"]
    if focus == "SUBJ":
        focus = next((a.role for a in src_frame.arguments if a.function == "subj"), "ARG0")
    skip = {focus, got.cleft} if focus is not None else set()
    for role, phrase in want.items():
        if role in skip or not phrase or role not in have:
            continue  # an argument the analyzer does not find in the realization cannot be judged
        if have[role] != phrase:
            return f"{role} is {have[role]!r}, expected {phrase!r}"
    return None
