"""Seam's edit plans lowered to TAILOR prompts: :func:`plan_prompt` maps an
:class:`~engine.transforms.EditPlan` to a prompt and operations (:mod:`engine.tailor.perturb`):
tense through the verb control (the future also through ``MODAL: will``), voice through the
verb control with AGENT and PATIENT blanked, modality through the MODAL argument, negation
through NEGATION, ``swap`` through SwapCore, ``shorten`` through the argument's keyword.
Plans TAILOR's codes cannot express (it-cleft, questions, aspect, promoting ARG2) give the
reason instead.

:data:`SUPPORTS` is what the codes can express (the tailor backend's ``supports``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..checks import unsupported
from ..ir import Analysis
from ..shortening import shorten_cut
from .codes import (
    CORE_LABELS,
    TENSE_OF_IR,
    Prompt,
)
from .inputs import prompt_from_frame, role_label
from .perturb import (
    ChangeContent,
    ChangeTense,
    ChangeVoice,
    DeleteArg,
    Op,
    PerturbationError,
    SetArg,
    SwapCore,
    perturb,
)


@dataclass(frozen=True)
class PlannedPrompt:
    """The prompt for a plan: the base prompt from the analysis, the operations, the result."""

    base: Prompt
    ops: tuple[Op, ...]
    prompt: Prompt


# What TAILOR's control codes can express: the tailor backend's ``supports`` (engine.contract).
SUPPORTS = frozenset(
    {"swap", "voice", "tense", "modality", "polarity", "shorten", "cleft=none", "force=prop"}
)


UNSUPPORTED_REASONS = {
    "cleft": "TAILOR's control codes cannot express an it-cleft",
    "force": "TAILOR's control codes cannot express a question",
    "progressive": "TAILOR's control codes have no aspect (progressive)",
    "perfect": "TAILOR's control codes have no aspect (perfect)",
    "promote": "TAILOR's control codes cannot choose which object a passive promotes",
}


class _Refused(Exception):
    """Why a plan is beyond TAILOR's control codes: :func:`plan_prompt` returns the message."""


def plan_prompt(
    analysis: Analysis,
    plan,
    *,
    frames=None,
    cased: bool = True,
    extra_blanks: int = 0,
    seed: int = 0,
) -> PlannedPrompt | str:
    """The perturbed prompt realizing ``plan`` on the main frame, or why TAILOR cannot.

    Only what the plan touches is blanked (the verb and its auxiliaries always; AGENT and
    PATIENT for voice and swap; the shortened argument; MODAL and NEGATION when present), so
    the rest of the sentence is kept as context. Keywords keep their case (the paper's advice
    for keeping argument order).
    """

    features = dict(plan.features)
    if why := unsupported("tailor", SUPPORTS, plan, UNSUPPORTED_REASONS):
        return why
    frame = analysis.main_frame
    if frame is None:
        return "no predicate found"
    src = frame.predicate
    try:
        _check_undoable(features, src)
        base = prompt_from_frame(
            analysis,
            roles=_roles_to_blank(plan, features),
            cased=cased,
            extra_blanks=extra_blanks,
            frames=frames,
            seed=seed,
        )
        header = base.header
        ops = [
            *_core_ops(plan, features, src, header),
            *_tense_and_modality_ops(features, src, header),
            *_polarity_ops(features, src, header),
            *_shorten_ops(analysis, frame, features, header),
        ]
    except _Refused as why:
        return str(why)
    try:
        prompt = perturb(base, ops)
    except PerturbationError as exc:
        return str(exc)
    return PlannedPrompt(base, tuple(ops), prompt)


def _check_undoable(features: dict, src) -> None:
    """Refuse to undo what the control codes cannot: an it-cleft, a question."""
    if features.get("cleft") is None and src.cleft:
        raise _Refused("TAILOR's control codes cannot undo an it-cleft")
    if features.get("force") == "prop" and src.force == "ques":
        raise _Refused("TAILOR's control codes cannot turn a question into a declarative")


def _roles_to_blank(plan, features: dict) -> set[str]:
    """The argument roles the plan's prompt blanks (besides the verb group)."""

    roles = {"MODAL", "NEGATION"}
    if "voice" in features or plan.swap:
        roles |= set(CORE_LABELS)
    shorten = features.get("shorten")
    if shorten:
        roles.add(role_label(shorten) or shorten)
    return roles


def _core_ops(plan, features: dict, src, header) -> list[Op]:
    """Swapping AGENT and PATIENT, changing the voice."""
    ops: list[Op] = []
    if plan.swap:
        if header.arg("AGENT") is None or header.arg("PATIENT") is None:
            raise _Refused("swap needs both an AGENT and a PATIENT")
        ops.append(SwapCore())
    if "voice" in features and features["voice"] != src.voice:
        if header.arg("PATIENT") is None:
            raise _Refused(f"{features['voice']} voice needs a PATIENT (an object) to promote")
        ops.append(ChangeVoice(features["voice"]))
    return ops


def _tense_and_modality_ops(features: dict, src, header) -> list[Op]:
    """The tense, and the MODAL: ``will`` for the future unless a modality is asked for; a
    modal set, or deleted (but not the future's ``will``)."""
    ops: list[Op] = []
    tense = features.get("tense")
    if tense:
        ops.append(ChangeTense(TENSE_OF_IR[tense]))
        if tense == "fut" and "modality" not in features and not src.modality:
            ops.append(SetArg("MODAL", "will"))
    if "modality" not in features:
        return ops
    if features["modality"] is None:
        if header.arg("MODAL") is not None and tense != "fut":
            ops.append(DeleteArg("MODAL", keep_blank=False))
    else:
        ops.append(SetArg("MODAL", features["modality"]))
        if not tense and src.tense == "fut":
            ops.append(ChangeTense("present"))
    return ops


def _polarity_ops(features: dict, src, header) -> list[Op]:
    """Adding ``not`` as NEGATION, or deleting the NEGATION argument."""
    if "polarity" not in features or features["polarity"] == src.polarity:
        return []
    if features["polarity"] == "neg":
        return [SetArg("NEGATION", "not")]
    if header.arg("NEGATION") is not None:
        return [DeleteArg("NEGATION", keep_blank=False)]
    raise _Refused("the negation is not a NEGATION argument TAILOR can remove")


def _shorten_ops(analysis: Analysis, frame, features: dict, header) -> list[Op]:
    """The shortened argument's new content: its words less those :func:`shorten_cut` removes."""

    shorten = features.get("shorten")
    if not shorten:
        return []
    src = frame.predicate
    label = role_label(shorten) or shorten
    if header.arg(label) is None:
        raise _Refused(f"the predicate has no {label} to shorten")
    target = replace(src, **{k: v for k, v in features.items() if k in src.features()})
    cut = shorten_cut(analysis, frame, shorten, target)
    if isinstance(cut, str):
        raise _Refused(cut)
    if not cut.removed:
        raise _Refused(f"shorten: nothing to shorten: {cut.why}")
    arg = frame.argument(shorten)
    kept = [
        analysis.sentence.tokens[i].text if i not in cut.respell else cut.respell[i]
        for i in range(*arg.span)
        if i not in cut.removed
    ]
    return [ChangeContent(label, " ".join(kept), "complete")]
