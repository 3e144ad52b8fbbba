"""Rewriting the MRS of a chosen reading with the rules of ``rules/mrs`` for a plan: the
checks that refuse a sentence before any rule runs (:func:`precheck`), then each step of the
plan by the rule families that implement it (:func:`rewrite`), giving the MRSs to generate from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from delphin.mrs import MRS

from ..checks import target_features, temporal_clauses
from ..erg.attach import locatives_to_verb
from ..erg.shorten import shorten
from ..ir import Analysis
from ..results import (
    ERROR,
    OK,
    Candidate,
    Realization,
)
from ..shortening import shorten_cut
from ..transforms import EditPlan
from .plan import cleft_target, plan_steps
from .reading import ParseInfo, checked, info_of, reading_refusal
from .rules import APPLIED, UNSUPPORTED
from .session import ErgSession


@dataclass
class Job:
    """One (analysis, plan): the rewritten MRSs to generate from, or an early outcome."""

    variants: list[tuple[str, MRS]] = field(default_factory=list)  # (rules applied, MRS)
    outcome: Realization | None = None


def following_clause(shared: Analysis, main, plan: EditPlan) -> str | None:
    """A temporal or conditional clause of the main clause whose tense would have to change
    with it (:func:`engine.checks.temporal_clauses`), as text, or None."""

    target, _ = target_features(main.predicate, plan)
    follow = "past" if target.tense == "past" and not target.modality else "pres"
    for f in temporal_clauses(shared, main):
        if f.predicate.tense != follow:
            tokens = shared.sentence.tokens
            verb = tokens[f.verb]
            span = [t.i for t in tokens if t.i <= verb.i and (t.head == verb.i or t.i == verb.i)]
            return shared.sentence.span_text(min(span), verb.i + 1)
    return None


def modifiers_seen(check: Analysis, plan: EditPlan) -> str | None:
    """What the spaCy analysis of the source would cut for ``plan``'s shortening (the words),
    or None where it also finds nothing: an ERG reading that finds no modifier where the
    sentence has one attached the modifier elsewhere, and its "unchanged" is not trusted."""

    frame = check.main_frame
    if frame is None:
        return None
    target, reason = target_features(frame.predicate, plan)
    cut = shorten_cut(check, frame, plan.features["shorten"], target) if reason is None else None
    if cut is None or isinstance(cut, str) or not cut.removed:
        return None
    return " ".join(check.sentence.tokens[i].text for i in sorted(cut.removed))


def precheck(erg: ErgSession, analysis: Analysis, plan: EditPlan) -> Realization | None:
    """The record when no rule needs to run: no parse, or no reading with the source's main verb
    (:mod:`engine.checks`). Identity and already-satisfied plans never get here
    (:mod:`engine.contract`)."""
    info = info_of(analysis)
    if info is None or info.mrs is None:
        return Realization(
            info.status if info else ERROR, info.reason if info else "no ERG analysis"
        )
    shared = checked(analysis)
    check = shared.main_frame
    if check is None and info.check is not None:
        return Realization.not_applicable(
            "the sentence has no finite main verb (a caption?): the erg backend "
            "edits clauses; the surface backend reads captions as clauses"
        )
    if check is not None:
        if why := target_features(check.predicate, plan)[1]:
            return Realization.not_applicable(why)
        if (refused := reading_refusal(analysis, shared)) is not None:
            return refused
        if (
            "tense" in plan.features
            and (clause := following_clause(shared, check, plan)) is not None
        ):
            return Realization.not_applicable(
                f"the temporal clause '{clause}' follows the main clause's tense (sequence of "
                "tenses), and the erg backend's tense rules edit the main clause only"
            )
    if info.slow:
        return Realization(info.slow_status, f"{info.slow}; its edits are not attempted")
    return None


Variants = list[tuple[str, MRS]]  # (the rules applied, the MRS they made)


def rewrite(erg: ErgSession, analysis: Analysis, plan: EditPlan) -> Job:
    """The MRSs to generate ``plan`` from, rewritten step by step from the reading used, or
    the outcome when a step cannot be taken (refused, no rule, unchanged)."""
    early = precheck(erg, analysis, plan)
    if early is not None:
        return Job(outcome=early)
    info = info_of(analysis)
    assert info is not None and info.mrs is not None  # precheck refused an analysis without one
    steps = plan_steps(plan)
    if isinstance(steps, str):
        return Job(outcome=Realization.not_applicable(steps))
    variants: Variants = [("", info.mrs)]
    for implements, params in steps:
        if implements == "shorten":
            got = _shortened(info, analysis, plan, params["role"])
        else:
            got = _by_rules(erg, implements, params, variants)
        if isinstance(got, Realization):
            return Job(outcome=got)
        variants = got
    return Job(variants)


def _shortened(info: ParseInfo, analysis: Analysis, plan: EditPlan, role: str):
    """``shorten`` on the MRS of the reading (:mod:`engine.erg.shorten`): the one variant, or
    the outcome (nothing to remove; a modifier the reading misses is not trusted)."""

    cut = shorten(info.mrs, role)
    if cut == "unchanged" and info.check is not None and (why := modifiers_seen(info.check, plan)):
        return Realization.not_applicable(
            f"shorten: the ERG reading has no modifier to remove "
            f"but the sentence has one ({why}); not trusted"
        )
    if cut == "unchanged":
        return Realization(
            OK,
            "unchanged: the argument has no modifier after its noun to remove",
            (Candidate(analysis.text, 1.0),),
        )
    if isinstance(cut, str):
        return Realization.not_applicable(f"shorten: {cut}")
    return [("shorten", cut)]


def _by_rules(erg: ErgSession, implements: str, params: dict, variants: Variants):
    """One step by every rule family that implements it, on every variant so far: the new
    variants, or the outcome when no rule applies."""
    families = erg.rules.implementing(implements)
    if not families:
        return Realization.not_applicable(f"no rule file implements {implements}")
    version = erg.grammar.version
    if not any(r.erg.admits(version) for fam in families for r in fam.rules):
        specs = ", ".join(sorted({r.erg.text for fam in families for r in fam.rules}))
        names = ", ".join(Path(fam.path).name for fam in families)
        return Realization.not_applicable(
            f"{implements}: no rule targets ERG {version} ({names}: ERG {specs}; see the file's "
            "header)"
        )
    nxt: Variants = []
    failure = None
    for family in families:
        for names, m in variants:
            p = dict(params)
            if implements == "cleft":
                p["target"] = cleft_target(p["target"], m)
                if p["target"] not in family.params.get("target", ()):
                    failure = f"cleft of {p['target']} is not supported"
                    continue
            for out in erg.rules.apply_all(family.name, m, p, erg.grammar.profile):
                if out.status == APPLIED:
                    nxt.append((f"{names}, {out.rule}" if names else out.rule, out.mrs))
                else:
                    failure = failure or (
                        f"{out.rule}: unsupported by ERG {erg.grammar.version}: {out.reason}"
                        if out.status == UNSUPPORTED
                        else f"{family.name}: {out.reason}"
                    )
    if not nxt:
        return Realization.not_applicable(failure or f"{implements}: not applicable")
    if implements == "swap":  # a place phrase of the old object stays with the verb
        nxt = [(names, locatives_to_verb(m)) for names, m in nxt]
    return nxt


def builds_cleft(grammar, plan: EditPlan) -> bool:
    """Whether an it-cleft of ``plan`` is built around the clause (:mod:`engine.erg.cleft`,
    ERG 2018 and later) rather than by the rules; on every version, undoing one is (no rule
    generates a clause from a cleft's MRS)."""
    if "cleft" in plan.features and plan.features["cleft"] is None:
        return True
    return plan.features.get("cleft") is not None and (grammar.version or 2018) >= 2018


def targets(erg: ErgSession, analysis: Analysis, plan: EditPlan) -> list[MRS]:
    """The rule-rewritten MRSs a realization of ``plan`` on ``analysis`` should have (what
    generation starts from); empty where no rule applies. The hybrid backend verifies
    other realizers' candidates against them."""
    if builds_cleft(erg.grammar, plan):
        return []
    job = rewrite(erg, analysis, plan)
    return [m for _, m in job.variants] if job.outcome is None else []
