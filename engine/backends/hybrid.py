"""The ``hybrid`` backend: the ERG where it parses and generates, the surface realizer elsewhere.

For each (sentence, plan):

1. the ``erg`` backend runs first; its realizations are grammatical by construction
   (candidates say ``origin: erg``);
2. where it gives nothing (no parse, no rule, no realization, a timeout), the ``surface``
   backend's candidates are used (``origin: surface``), each checked by the ERG as a judge:
   ACE re-parses it, and where the ERG parsed the source and has the rule-rewritten target
   MRS, a candidate whose parse has that MRS (the same predications, arguments and scopes,
   and the same tense, aspect, mood and sentence force on the main event; ICONS aside) is
   **verified**: as trustworthy as a generated one. A candidate the ERG cannot parse is
   kept, with that evidence in the record: the hand-built and release images lack words
   and frames a person would accept (``benchmarks/erg_judge.py`` measures how often).

Records carry ``details.produced_by`` (``erg`` or ``surface``), and for surface candidates
``details.erg_judge`` (``verified``, ``parses``, ``no parse``, or why it was not judged).
Options: those of the erg backend (``--ace``, ``--grammar``, ``--workers``, ``--timeout`` ...)
and ``--candidates``. Backends are reached through the registry; none is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from delphin import mrs as delphin_mrs

from ..checks import unsupported
from ..ir import Analysis
from ..transforms import EditPlan
from .base import BACKENDS, CANDIDATES, OK, Realization, get_backend, register

_EVENT_PROPS = ("TENSE", "PROG", "PERF", "SF", "MOOD")


@dataclass(frozen=True)
class _Both:
    """``Analysis.native`` of a hybrid analysis: the surface backend's own native value and
    the erg backend's analysis of the same text."""

    surface: Any
    erg: Analysis


class _ErgOptions:
    """The hybrid backend's options: its candidate count, then the erg backend's other
    options, read from the registry when they are asked for (so the order in which the
    backends are registered does not matter)."""

    def __get__(self, obj, owner=None) -> tuple:
        erg = getattr(BACKENDS.factory("erg"), "options", ())
        return (CANDIDATES, *(o for o in erg if o.keyword != "max_candidates"))


@register("hybrid")
class HybridBackend:
    """ERG first, the surface realizer elsewhere, with ERG judging and verification."""

    name = "hybrid"

    def __init__(self, erg=None, surface=None, max_candidates: int = 4, **erg_options):
        self.erg = (
            erg
            if erg is not None
            else get_backend("erg", max_candidates=max_candidates, **erg_options)
        )
        self.surface = (
            surface
            if surface is not None
            else get_backend("surface", max_candidates=max_candidates)
        )
        self.supports = frozenset(self.erg.supports) | frozenset(self.surface.supports)
        self.scope = "main"

    options = _ErgOptions()

    def close(self) -> None:
        close = getattr(self.erg, "close", None)
        if close is not None:
            close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def analyze(self, texts: Sequence[str]) -> list[Analysis]:
        surface = self.surface.analyze(texts)
        erg = self.erg.analyze(texts)
        return [replace(s, native=_Both(s.native, e)) for s, e in zip(surface, erg, strict=True)]

    def checked(self, analysis: Analysis) -> Analysis:
        return self._surface(analysis)

    @staticmethod
    def _surface(analysis: Analysis) -> Analysis:
        both = analysis.native
        return replace(analysis, native=both.surface) if isinstance(both, _Both) else analysis

    @staticmethod
    def _erg(analysis: Analysis) -> Analysis | None:
        both = analysis.native
        return both.erg if isinstance(both, _Both) else None

    def realize(self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]) -> list[Realization]:
        out: list[Realization | None] = [None] * len(plans)
        erg_todo = [
            k
            for k, p in enumerate(plans)
            if self._erg(analyses[k]) is not None
            and not unsupported(self.erg.name, self.erg.supports, p)
        ]
        erg_said: dict[int, Realization] = {}
        if erg_todo:
            done = self.erg.realize(
                [self._erg(analyses[k]) for k in erg_todo], [plans[k] for k in erg_todo]
            )
            for k, real in zip(erg_todo, done, strict=True):
                erg_said[k] = real
                if real.status == OK and real.candidates:
                    out[k] = self._from("erg", real)
        for k in range(
            len(plans)
        ):  # what the surface realizer does not take keeps the ERG's answer
            why = unsupported(
                self.surface.name,
                self.surface.supports,
                plans[k],
                getattr(self.surface, "unsupported_reasons", None),
            )
            if out[k] is None and why:
                out[k] = (
                    self._from("erg", erg_said[k])
                    if k in erg_said
                    else Realization.not_applicable(why)
                )
        rest = [k for k in range(len(plans)) if out[k] is None]
        if rest:
            done = self.surface.realize(
                [self._surface(analyses[k]) for k in rest], [plans[k] for k in rest]
            )
            judged = self._judge(analyses, plans, rest, done)
            for k, real in zip(rest, judged, strict=True):
                out[k] = real
        return out  # type: ignore[return-value]

    @staticmethod
    def _from(origin: str, real: Realization, **details) -> Realization:
        candidates = tuple(replace(c, origin=origin) for c in real.candidates)
        return replace(
            real, candidates=candidates, details={**real.details, "produced_by": origin, **details}
        )

    def _judge(
        self, analyses, plans, todo: list[int], results: list[Realization]
    ) -> list[Realization]:
        """Surface realizations with the ERG's judgement of their best candidate."""
        best = sorted({r.best for r in results if r.status == OK and r.best})
        parses = (
            dict(zip(best, self.erg.parse_texts(best, readings=5), strict=True)) if best else {}
        )
        out = []
        for k, real in zip(todo, results, strict=True):
            if real.status != OK or not real.best:
                out.append(replace(real, details={**real.details, "produced_by": "surface"}))
                continue
            parsed = parses[real.best]
            if parsed.status != OK:
                verdict = (
                    "no parse" if parsed.status == "no_parse" else f"not judged ({parsed.status})"
                )
            else:
                erg_analysis = self._erg(analyses[k])
                targets = (
                    self.erg.targets(erg_analysis, plans[k]) if erg_analysis is not None else []
                )
                verdict = (
                    "verified"
                    if any(
                        _same_meaning(r.get("mrs", ""), t) for r in parsed.results for t in targets
                    )
                    else "parses"
                )
            out.append(self._from("surface", real, erg_judge=verdict))
        return out


def _same_meaning(parsed: str, target) -> bool:
    """Whether a parse's MRS is the target MRS: isomorphic without ICONS and variable
    properties, and the same tense, aspect, mood and force on the index event."""
    from delphin.codecs import simplemrs

    try:
        m = simplemrs.decode(parsed)
    except Exception:
        return False

    def bare(x):
        return delphin_mrs.MRS(x.top, x.index, x.rels, x.hcons, icons=[], variables={})

    if not delphin_mrs.is_isomorphic(bare(m), bare(target), properties=False):
        return False
    mine, theirs = m.variables.get(m.index, {}), target.variables.get(target.index, {})
    return all(mine.get(p) == theirs.get(p) for p in _EVENT_PROPS if p in theirs)
