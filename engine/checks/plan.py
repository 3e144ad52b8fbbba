"""Plan semantics: what a predicate's features become under a plan (:func:`target_features`),
the one definition of "already satisfied" (:func:`already_satisfied`), how a plan is described
and which backends can express it (:func:`unsupported`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from .. import english
from ..ir import Predicate
from ..transforms import EditPlan

UNCHANGED = "unchanged: "


_PERIPHRASTIC_FUTURE = {
    "can": "will be able to",
    "could": "will be able to",
    "must": "will have to",
}


_NAMES: dict[str, dict[Any, str]] = {
    "tense": {"past": "past tense", "pres": "present tense", "fut": "future tense"},
    "progressive": {True: "progressive", False: "non-progressive"},
    "perfect": {True: "perfect", False: "non-perfect"},
    "modality": {None: "without a modal"},
    "voice": {"active": "active", "passive": "passive"},
    "polarity": {"neg": "negated", "pos": "affirmative"},
    "force": {"ques": "a question", "prop": "declarative"},
    "cleft": {None: "not an it-cleft"},
}


# Features a realization must show exactly as planned (or as in the source, when unplanned).
CLAUSE_FEATURES = ("tense", "progressive", "perfect", "voice", "modality", "polarity", "force")


def describe(plan: EditPlan) -> str:
    """``the sentence is already past tense and negated``."""
    parts = []
    for feat, value in plan.features.items():
        if feat in ("promote", "shorten"):
            continue
        label = _NAMES.get(feat, {}).get(value) or (
            f"modal '{value}'" if feat == "modality" else f"{feat}={value}"
        )
        parts.append(label)
    return "the sentence is already " + " and ".join(parts) if parts else "nothing to change"


def target_features(
    src: Predicate, plan: EditPlan, periphrastic: bool = False
) -> tuple[Predicate, str | None]:
    """The source predicate as the plan makes it (the target: the same lemma, the features the
    plan sets, made with :func:`dataclasses.replace`), and why the plan cannot apply (or None).

    A modal source carries the tense (``can`` -> ``could`` for the past); a modal and a
    non-present tense cannot be asked for together; a modal added to a past source keeps the
    past reading with the perfect (``may have seen``). With ``periphrastic`` (a realizer that
    writes multi-word modals), a modal without the asked form takes its periphrasis: ``can`` ->
    ``will be able to`` (future), ``must`` -> ``will have to`` (future) and ``had to`` (past,
    affirmative statements only), and a new modal on ``can`` stacks as ``may be able to``;
    otherwise those are refused with the reason.
    """
    target = src
    feats: dict[str, Any] = dict(plan.features)
    feats.pop("shorten", None)  # not a predicate feature
    feats.pop(
        "promote", None
    )  # which argument a passive promotes: the backend's contract (``supports``)
    if (
        "modality" in feats
        and feats["modality"] is not None
        and "tense" in feats
        and feats["tense"] != "pres"
    ):
        return (
            target,
            f"modal({feats['modality']}) cannot combine with tense({feats['tense']}): the modal "
            "carries the tense",
        )
    if src.modality and "tense" in feats and "modality" not in feats:
        tense = feats.pop("tense")
        shifted = english.shift_modal(src.modality, tense)
        if tense == "fut" and src.modality in _PERIPHRASTIC_FUTURE:
            if not periphrastic:
                return target, (
                    f"the modal '{src.modality}' has no future form; its future is periphrastic "
                    f"('{_PERIPHRASTIC_FUTURE[src.modality]}'), which this backend does not build"
                )
            shifted = (_PERIPHRASTIC_FUTURE[src.modality], "pres")
        elif shifted is None and periphrastic and (src.modality, tense) == ("must", "past"):
            if (
                feats.get("polarity", src.polarity) == "neg"
                or feats.get("force", src.force) == "ques"
            ):
                return target, (
                    "the past of 'must' is 'had to', a lexical verb; Seam does not negate or "
                    "question it in the same step"
                )
            shifted = ("had to", "pres")
        if shifted is None:
            name = {"past": "past", "pres": "present", "fut": "future"}.get(tense, tense)
            return target, f"the modal '{src.modality}' has no {name} tense form"
        feats["modality"], feats["tense"] = shifted
    elif (
        periphrastic
        and src.modality == "can"
        and feats.get("modality") not in (None, "can", "could")
    ):
        feats["modality"] = f"{feats['modality']} be able to"  # may be able to swim
    elif (
        periphrastic
        and src.modality == "must"
        and feats.get("modality") not in (None, "must")
        and "tense" not in plan.features
    ):
        feats["modality"] = f"{feats['modality']} have to"  # might have to come
    new_modal = feats.get("modality") is not None and src.modality is None
    if new_modal and src.tense == "past" and "tense" not in plan.features:
        feats["perfect"] = True  # a modal keeps a past source's past reading: "may have seen"
    if feats.get("modality", src.modality) is not None:
        feats["tense"] = "pres"
    target = dataclasses.replace(src, **feats)
    if (
        target.cleft is not None
        and target.cleft != "SUBJ"
        and target.cleft not in ("ARG0", "ARG1", "ARG2")
    ):
        return target, f"cleft({target.cleft}) is not supported"
    return target, None


def already_satisfied(src: Predicate, plan: EditPlan) -> str | None:
    """``unchanged: <why>`` when the source already shows everything the plan asks for."""
    if plan.is_identity or plan.swap or plan.features.get("shorten") or "promote" in plan.features:
        return None
    target, reason = target_features(src, plan)
    if reason is None and target == src:
        return UNCHANGED + describe(plan)
    return None


# -- what a backend supports (its contract: engine.contract) ----------------------------------
def value_name(value: Any) -> str:
    """How a feature value is written in ``supports``: ``none``, ``+``/``-``, else as is."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "+" if value else "-"
    return str(value)


def plan_features(plan: EditPlan) -> list[tuple[str, Any]]:
    """The plan's (feature, value) pairs, ``swap`` included."""
    out = [("swap", True)] if plan.swap else []
    return out + list(plan.features.items())


def unsupported(
    name: str, supports: frozenset[str], plan: EditPlan, reasons: dict[str, str] | None = None
) -> str | None:
    """Why a backend named ``name`` that realizes ``supports`` cannot take ``plan``, or None.

    ``reasons`` explains a feature (key ``feature`` or ``feature=value``) in the backend's terms.
    """
    for feature, value in plan_features(plan):
        written = f"{feature}={value_name(value)}"
        if feature in supports or written in supports:
            continue
        why = (reasons or {}).get(written) or (reasons or {}).get(feature)
        shown = feature if feature == "swap" else written
        return f"the {name} backend does not realize {shown}" + (f" ({why})" if why else "")
    return None
