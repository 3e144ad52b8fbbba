"""The ``polyjuice`` backend: edit plan -> Polyjuice control code and blanks -> GPT-2 generation.

The plans Polyjuice's codes can express:

| plan | code | blanks |
|---|---|---|
| polarity (``negate``, ``affirm``) | negation | the verb group |
| tense | restructure | the verb group |
| voice (``passive``, ``active``), alone or with tense | restructure | the whole sentence |
| ``swap`` | shuffle | subject and object |
| ``shorten(R)`` | delete | the argument R |

Anything else (clefts, questions, modals, aspect, several families at once) is
``not_applicable``, and the reason says so. Every prompt of a batch goes through the generator
together. A completion is kept only when all of these hold:

* it reads back cleanly;
* it is not the source;
* its detected code is the plan's code (the original's code filter);
* the re-analysis shows the plan's change and keeps the rest of the source (the shared checks
  every backend meets: the verb, the arguments in their roles, the other words in place).

With ``lm`` (a causal LM folder), Polyjuice's fluency filter also drops completions whose
sentence or edited phrase is more than ``max_drop`` nats less likely than the source's.

Options: ``model`` (else ``$SEAM_POLYJUICE``, else the cache), ``device``, ``settings``
(sampling or beam), ``batch_size``, ``max_candidates``, ``seed``, ``lm``, ``max_drop``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from ..analyzers import SpacyAnalyzer
from ..checks import keeps_source, shows_change
from ..decoding import choose
from ..ir import Analysis
from ..polyjuice.detect import detect
from ..polyjuice.format import prompt
from ..polyjuice.generator import BEAM, SAMPLING, PolyjuiceGenerator
from ..polyjuice.plans import code_and_blanks
from ..rank.causal import CausalLM
from ..rank.deltas import deltas
from ..transforms import EditPlan
from .base import CANDIDATES, NO_PARSE, NO_REALIZATION, OK, Candidate, Option, Realization, register

log = logging.getLogger(__name__)

SUPPORTS = frozenset({"polarity", "tense", "voice", "swap", "shorten"})
UNSUPPORTED_REASONS = {
    "cleft": "Polyjuice's control codes cannot express an it-cleft",
    "force": "Polyjuice's control codes cannot express a question",
    "modality": "Polyjuice's control codes have no modality",
    "progressive": "Polyjuice's control codes have no aspect (progressive)",
    "perfect": "Polyjuice's control codes have no aspect (perfect)",
    "promote": "Polyjuice's control codes cannot choose which object a passive promotes",
}


def _decoding(name: str):

    return choose(name, SAMPLING, BEAM)


@register("polyjuice")
class PolyjuiceBackend:
    """Realize plans with a Polyjuice-format GPT-2-family checkpoint."""

    name = "polyjuice"
    supports = SUPPORTS
    unsupported_reasons = UNSUPPORTED_REASONS
    options = (
        CANDIDATES,
        Option("model", "--model", "checkpoint directory (else SEAM_POLYJUICE, then the cache)"),
        Option("device", "--device", "torch device (default: cuda if available, else cpu)"),
        Option(
            "settings",
            "--decoding",
            "sampling (default) or beam search",
            str,
            "sample",
            choices=("sample", "beam"),
            convert=_decoding,
        ),
        Option("seed", "--seed", "sampling seed (default 0)", int, 0),
    )

    def __init__(
        self,
        model=None,
        device: str | None = None,
        settings=None,
        batch_size: int = 32,
        max_candidates: int = 4,
        seed: int = 0,
        lm: str | None = None,
        max_drop: float = 10.0,
        generator=None,
        analyzer=None,
    ):

        self.generator = generator or PolyjuiceGenerator.load(model, device=device)
        self.analyzer = analyzer or SpacyAnalyzer()
        self.settings = settings or SAMPLING
        self.batch_size = batch_size
        self.max_candidates = max_candidates
        self.seed = seed
        self.max_drop = max_drop
        self.lm = None
        if lm:
            self.lm = CausalLM(lm, device=device)

    def analyze(self, texts: Sequence[str]) -> list[Analysis]:
        return list(self.analyzer.analyze(list(texts)))

    def realize(self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]) -> list[Realization]:

        items: list[tuple[str, str] | Realization] = []
        for analysis, plan in zip(analyses, plans, strict=True):
            if analysis.main_frame is None:
                items.append(Realization(NO_PARSE, "no predicate found to place blanks on"))
                continue
            found = code_and_blanks(analysis, plan)
            items.append(Realization.not_applicable(found) if isinstance(found, str) else found)
        todo = [k for k, x in enumerate(items) if not isinstance(x, Realization)]
        prompts = [prompt(analyses[k].text, items[k][0], items[k][1]) for k in todo]
        completions = self.generator.complete(
            prompts, self.settings, batch_size=self.batch_size, seed=self.seed
        )
        out: list[Realization] = [x if isinstance(x, Realization) else None for x in items]  # type: ignore[misc]
        kept, why_not = self._check(
            [(k, items[k][0], c) for k, cs in zip(todo, completions, strict=True) for c in cs],
            analyses,
            plans,
        )
        for k, p in zip(todo, prompts, strict=True):
            texts = kept.get(k, [])
            if texts:
                out[k] = Realization(
                    OK,
                    "",
                    tuple(Candidate(t, float(-n)) for n, t in enumerate(texts))[
                        : self.max_candidates
                    ],
                )
            else:
                why = (
                    "; ".join(dict.fromkeys(r for r in why_not.get(k, []) if r))
                    or "the generator returned nothing"
                )
                out[k] = Realization(NO_REALIZATION, f"prompt {p!r}: {why[:300]}")
        return out

    def _check(
        self, found, analyses: Sequence[Analysis], plans: Sequence[EditPlan]
    ) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
        """Keep the completions that read back, changed the source, carry the plan's code and
        show its change (then pass the fluency filter when there is an LM); and why the others
        were dropped."""

        why: dict[int, list[str]] = {}
        usable = []
        for k, code, c in found:
            if c.text is None:
                why.setdefault(k, []).append(c.problem)
            elif c.text.strip().lower() == analyses[k].text.strip().lower():
                why.setdefault(k, []).append("the completion is the source sentence")
            else:
                usable.append((k, code, c.text))
        texts = list(dict.fromkeys(t for _, _, t in usable))
        parsed = dict(zip(texts, self.analyzer.analyze(texts), strict=True)) if texts else {}
        drops = {}
        if self.lm is not None and usable:
            ds = deltas(
                self.lm, [analyses[k].text for k, _, _ in usable], [t for _, _, t in usable]
            )
            drops = {(k, t): d.worst for (k, _, t), d in zip(usable, ds, strict=True)}
        kept: dict[int, list[str]] = {}
        for k, code, text in usable:
            got = detect(analyses[k], parsed[text])
            if got != code:
                why.setdefault(k, []).append(f"{text!r} is a {got} edit, not {code}")
                continue
            missing = shows_change(plans[k], text, None, parsed[text]) or keeps_source(
                analyses[k], plans[k], parsed[text]
            )
            if missing:
                why.setdefault(k, []).append(f"{text!r}: {missing}")
                continue
            if drops.get((k, text), 0.0) > self.max_drop:
                why.setdefault(k, []).append(f"{text!r}: {drops[(k, text)]:.1f} nats less likely")
                continue
            if text not in kept.setdefault(k, []):
                kept[k].append(text)
        return kept, why
