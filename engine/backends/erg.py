"""The ``erg`` backend: ACE parse -> MRS rewrite rules -> ACE generation -> filter and rank.

Grammatical by construction: every candidate is a realization the ERG generates from the
rewritten MRS. The backend then keeps only realizations that show the requested change
(a question must be inverted; tense, voice, polarity and modality are checked on the
realization with the surface analyzer), drops ERG junk variants ("Dad. on a phone",
"She she ..."), removes duplicates that differ only in commas, and orders by closeness to
the source; ``--rank`` / ``--validate`` (:mod:`engine.select`) rerank and judge the result
like any backend's.

Every record says why nothing came out: ``no_parse`` (with ACE's reason), ``not_applicable``
(the rule's reason), ``no_realization`` (what ACE returned and what the filters dropped),
``timeout`` or ``error`` (ACE's message).
"""

from __future__ import annotations

import difflib
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from delphin.mrs import MRS

from ..erg import ace as acemod
from ..erg.analyzer import analysis_from_mrs, passive_topic, propbank_to_role
from ..erg.grammar import Grammar, find_grammar
from ..erg.mrsview import View, encode
from ..erg.rules import APPLIED, UNSUPPORTED, RuleSet
from ..ir import Analysis, Sentence
from ..transforms import EditPlan
from .base import (
    ERROR,
    NO_PARSE,
    NO_REALIZATION,
    OK,
    TIMEOUT,
    Candidate,
    Realization,
    register,
)

log = logging.getLogger(__name__)

STEP_ORDER = ("swap", "voice", "promote", "tense", "progressive", "perfect", "modality", "polarity", "force", "cleft")
_AUX_START = re.compile(
    r"^(do|does|did|is|are|was|were|am|has|have|had|will|would|can|could|may|might|must|shall|should)"
    r"(n't)?\b", re.I)
_JUNK = (
    re.compile(r"[.?!]\s+\S"),  # sentence punctuation inside ("her Dad. on a phone")
    re.compile(r"\b(\w+)[\s-]+-?\1\b", re.I),  # stutters ("She she", "It-it")
)


@dataclass
class ParseInfo:
    """What ACE said about a source sentence; kept in ``Analysis.native`` of the erg backend."""

    status: str
    reason: str = ""
    mrs: MRS | None = None
    readings: int = 0


@dataclass
class _Job:
    """One (analysis, plan): the rewritten MRSs to generate from, or an early outcome."""

    variants: list[tuple[str, MRS]] = field(default_factory=list)  # (rules applied, MRS)
    outcome: Realization | None = None


def plan_steps(plan: EditPlan, view_mrs: MRS) -> list[tuple[str, dict[str, str]]] | str:
    """The rule families and parameters for a plan, in application order; a string is why
    the plan cannot be expressed with the MRS rules."""
    f = dict(plan.features)
    steps: list[tuple[str, dict[str, str]]] = []
    if plan.swap:
        steps.append(("swap", {}))
    if "voice" in f:
        steps.append(("passive", {"promote": propbank_to_role(f.get("promote", "ARG1"))})
                     if f["voice"] == "passive" else ("active", {}))
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
    if "shorten" in f:
        return "shortening an argument has no MRS rule (use the surface or tailor backend)"
    return steps


def _cleft_target(target: str, m: MRS) -> str:
    """Catalog cleft target (PropBank role or SUBJ) -> ERG role on this MRS."""
    if target != "SUBJ":
        return propbank_to_role(target)
    view = View(m)
    topic = passive_topic(view, view.main) if view.main is not None else None
    return topic or "ARG1"


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


def closeness(source: str, text: str) -> float:
    """Token-level similarity to the source (1.0 = same tokens in the same order)."""
    a = re.findall(r"\w+|[^\w\s]", source.lower())
    b = re.findall(r"\w+|[^\w\s]", text.lower())
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


@register("erg")
class ErgBackend:
    """Parse with ACE and the ERG, rewrite the MRS with ``rules/mrs``, generate with ACE.

    Options: ``ace`` / ``grammar`` paths (else ``SEAM_ACE`` / ``SEAM_ERG``, then the cache),
    ``erg_version`` (else detected), ``semi`` (a SEM-I file to check predicates against),
    ``workers`` (ACE processes of each kind; default one per core), ``timeout`` (seconds per
    item), ``fragments`` (allow fragment parses), ``max_candidates``, ``validate`` (check
    realizations with the surface analyzer), ``rules`` (rule files; default ``rules/mrs``).
    """

    name = "erg"
    supports = frozenset(STEP_ORDER)

    def __init__(self, ace: str | None = None, grammar: str | None = None, erg_version: int | None = None,
                 semi: str | None = None, workers: int | None = None, timeout: int = 10,
                 fragments: bool = False, max_candidates: int = 5, validate: bool = True,
                 rules: Sequence[str] | None = None, options: acemod.AceOptions | None = None,
                 grammar_info: Grammar | None = None, fresh: bool = False):
        self.grammar = grammar_info or find_grammar(ace, grammar, erg_version, semi)
        self.rules = RuleSet.load(rules)
        opts = options or acemod.AceOptions(timeout=timeout, fragments=fragments)
        self.pool = acemod.AcePool(self.grammar, workers=workers, options=opts, fresh=fresh)
        self.max_candidates = max_candidates
        self.validate = validate
        self._checker = None

    def close(self) -> None:
        self.pool.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- analysis ------------------------------------------------------------------------
    def analyze(self, texts: Sequence[str]) -> list[Analysis]:
        out = []
        for text, res in zip(texts, self.pool.parse(list(texts)), strict=True):
            if res.status == acemod.OK and res.results:
                mrs_text = res.results[0]["mrs"]
                try:
                    analysis = analysis_from_mrs(text, mrs_text)
                except Exception as exc:  # pydelphin decode errors have no common base
                    info = ParseInfo(ERROR, f"ACE returned an MRS Seam cannot read: {exc}")
                    out.append(Analysis(Sentence(text), analyzer="erg", native=info))
                    continue
                info = ParseInfo(OK, "", analysis.native, len(res.results))
                out.append(Analysis(analysis.sentence, analysis.frames, analysis.main, "erg", mrs_text, info))
            else:
                status = {acemod.NO_PARSE: NO_PARSE, acemod.TIMEOUT: TIMEOUT}.get(res.status, ERROR)
                reason = f"ACE parse: {res.status}" + (f" ({res.reason})" if res.reason else "")
                out.append(Analysis(Sentence(text), analyzer="erg", native=ParseInfo(status, reason)))
        return out

    # -- realization ---------------------------------------------------------------------
    def realize(self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]) -> list[Realization]:
        jobs = [self._rewrite(a, p) for a, p in zip(analyses, plans, strict=True)]
        todo = sorted({encode(m, lnk=False) for j in jobs if j.outcome is None for _, m in j.variants})
        generated = dict(zip(todo, self.pool.generate(todo), strict=True)) if todo else {}
        return [
            j.outcome if j.outcome is not None else self._select(a, p, j, generated)
            for a, p, j in zip(analyses, plans, jobs, strict=True)
        ]

    def _rewrite(self, analysis: Analysis, plan: EditPlan) -> _Job:
        info = analysis.native if isinstance(analysis.native, ParseInfo) else None
        if info is None or info.mrs is None:
            if info is None and analysis.mrs:
                from ..erg.mrsview import decode

                info = ParseInfo(OK, "", decode(analysis.mrs))
            else:
                return _Job(outcome=Realization(info.status if info else ERROR,
                                                info.reason if info else "no ERG analysis"))
        if plan.is_identity:  # the source is its own realization (LIT's 'original')
            return _Job(outcome=Realization(OK, "identity", (Candidate(analysis.text, 1.0),)))
        steps = plan_steps(plan, info.mrs)
        if isinstance(steps, str):
            return _Job(outcome=Realization.not_applicable(steps))
        variants = [("", info.mrs)]
        for family, params in steps:
            nxt = []
            failure = None
            for names, m in variants:
                p = dict(params)
                if family == "cleft":
                    p["target"] = _cleft_target(p["target"], m)
                    if p["target"] not in self.rules[family].params["target"]:
                        failure = f"cleft of {p['target']} is not supported"
                        continue
                for out in self.rules.apply_all(family, m, p, self.grammar.profile):
                    if out.status == APPLIED:
                        nxt.append((f"{names}, {out.rule}" if names else out.rule, out.mrs))
                    else:
                        failure = failure or (
                            f"{out.rule}: unsupported by ERG {self.grammar.version}: {out.reason}"
                            if out.status == UNSUPPORTED else f"{family}: {out.reason}")
            if not nxt:
                return _Job(outcome=Realization.not_applicable(failure or f"{family}: not applicable"))
            variants = nxt
        return _Job(variants)

    def _checker_analyze(self, texts: list[str]) -> list[Analysis | None]:
        if not self.validate or not texts:
            return [None] * len(texts)
        if self._checker is None:
            from ..analyzers import SpacyAnalyzer

            self._checker = SpacyAnalyzer()
        try:
            return list(self._checker.analyze(texts))
        except Exception:  # the checker is advisory; never lose a record to it
            log.debug("surface check failed", exc_info=True)
            return [None] * len(texts)

    def _select(self, analysis: Analysis, plan: EditPlan, job: _Job, generated: dict[str, Any]) -> Realization:
        raw: list[tuple[str, str | None, str]] = []  # surface, derivation, rules
        failures = []
        for names, m in job.variants:
            res = generated[encode(m, lnk=False)]
            if res.status != acemod.OK:
                failures.append((res.status, f"{names}: {res.status}" + (f" ({res.reason})" if res.reason else "")))
                continue
            raw += [(r.get("surface", ""), r.get("derivation"), names) for r in res.results if r.get("surface")]
        rules_used = "; ".join(n for n, _ in job.variants)
        if not raw:
            statuses = {s for s, _ in failures}
            status = TIMEOUT if statuses == {acemod.TIMEOUT} else (
                ERROR if acemod.ACE_ERROR in statuses else NO_REALIZATION)
            detail = "; ".join(d for _, d in failures) or "ACE generated nothing"
            return Realization(status, f"rules [{rules_used}] applied; generation: {detail}")
        dropped: dict[str, str] = {}
        kept = []
        for surface, derivation, names in raw:
            if any(p.search(surface) for p in _JUNK):
                dropped.setdefault(surface, "ill-formed variant")
                continue
            kept.append((surface, derivation, names))
        checks = self._checker_analyze([s for s, _, _ in kept])
        shown = []
        for (surface, derivation, names), check in zip(kept, checks, strict=True):
            why = shows_change(plan, surface, derivation, check)
            if why:
                dropped.setdefault(surface, why)
            else:
                shown.append((surface, names))
        if not shown:
            sample = "; ".join(f"{s!r}: {w}" for s, w in list(dropped.items())[:3])
            return Realization(NO_REALIZATION, f"rules [{rules_used}] applied; ACE produced {len(raw)} "
                               f"realizations, none shows the change ({sample})")
        best: dict[str, tuple[float, int, str]] = {}
        source = analysis.text
        for order, (surface, _names) in enumerate(shown):
            key = re.sub(r"\s+", " ", surface.replace(",", "")).strip().lower()
            score = closeness(source, surface)
            cand = (score - 0.001 * surface.count(","), -order, surface)
            if key not in best or cand > best[key]:
                best[key] = cand
        ranked = sorted(best.values(), reverse=True)[: self.max_candidates]
        return Realization(OK, "", tuple(Candidate(s, round(score, 6)) for score, _o, s in ranked))
