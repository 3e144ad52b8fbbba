"""Edit plans as rule steps: what each plan step needs a rule file to ``implement``, in
application order."""

from __future__ import annotations

from delphin.mrs import MRS

from ..transforms import FEATURES, EditPlan
from .analyzer import passive_topic, propbank_to_role
from .mrsview import View

# Plan steps in application order: the plan's features in the catalog's order
# (:data:`engine.transforms.FEATURES`), each the step a rule file ``implements``
STEP_ORDER: tuple[str, ...] = FEATURES


def plan_steps(plan: EditPlan) -> list[tuple[str, dict[str, str]]] | str:
    """What each plan step needs a rule file to ``implement``, with its parameters, in
    application order; a string is why the plan cannot be expressed with MRS rules."""
    f = dict(plan.features)
    steps: list[tuple[str, dict[str, str]]] = []
    if f.get(
        "shorten"
    ):  # a built-in MRS operation (engine/erg/shorten.py), first: on the source's roles
        steps.append(("shorten", {"role": propbank_to_role(f["shorten"])}))
    if plan.swap:
        steps.append(("swap", {}))
    if "voice" in f:
        steps.append(
            ("passive", {"promote": propbank_to_role(f.get("promote", "ARG1"))})
            if f["voice"] == "passive"
            else ("active", {})
        )
    if f.get("tense"):
        steps.append(("tense", {"value": f["tense"]}))
    if "progressive" in f:
        steps.append(("progressive", {"value": "+" if f["progressive"] else "-"}))
    if "perfect" in f:
        steps.append(("perfect", {"value": "+" if f["perfect"] else "-"}))
    if "modality" in f:
        if f["modality"] is None:
            if f.get("tense") != "fut":
                return "removing a modal has no MRS rule"
        else:
            steps.append(("modality", {"value": f["modality"]}))
    if "polarity" in f:
        steps.append(("negation", {}) if f["polarity"] == "neg" else ("affirmation", {}))
    if "force" in f:
        steps.append(("question", {}) if f["force"] == "ques" else ("declarative", {}))
    if "cleft" in f:
        if f["cleft"] is None:
            return "undoing an it-cleft has no MRS rule"
        steps.append(("cleft", {"target": f["cleft"]}))
    return steps


def cleft_target(target: str, m: MRS) -> str:
    """Catalog cleft target (PropBank role or SUBJ) -> ERG role on this MRS."""
    if target != "SUBJ":
        return propbank_to_role(target)
    view = View(m)
    topic = passive_topic(view, view.main) if view.main is not None else None
    return topic or "ARG1"
