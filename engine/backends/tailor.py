"""The ``tailor`` backend: edit plan -> TAILOR control codes -> T5 generation -> checks.

Each plan becomes a perturbed TAILOR prompt on the sentence's main predicate
(:func:`engine.tailor.plans.plan_prompt`): only what the plan touches is blanked, so the
rest of the sentence is kept as context. All prompts of a batch go through the generator
together. Every generation is read back (:func:`~engine.tailor.codes.parse_generation`),
degenerate ones are dropped, and the survivors are checked against the requested controls by
analyzing them again (:class:`~engine.tailor.control.ControlValidator`): candidates that
follow every control come first, then by the model's score. A record says why nothing came
out: ``not_applicable`` (what the control codes cannot express: it-cleft, questions, aspect),
``no_realization`` (what was generated and why it was dropped).

Options: ``model`` (checkpoint directory; else ``$SEAM_TAILOR``, else the cache), ``device``,
``srl`` / ``srl_tokenizer`` (a BERT SRL archive for the analysis; else the spaCy analyzer),
``frames`` (PropBank frame files), ``settings`` (decoding; TAILOR's sampling by default),
``batch_size``, ``max_candidates``, ``validate`` (keep only candidates that follow every
control), ``seed``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence

from ..analyzers import SpacyAnalyzer
from ..decoding import choose
from ..ir import Analysis
from ..srl.analyzer import SrlAnalyzer
from ..srl.bert import BertSrlTagger
from ..srl.propbank import PropBankFrames
from ..tailor.codes import Prompt
from ..tailor.control import ControlValidator
from ..tailor.generator import BEAM, SAMPLING, TailorGenerator
from ..tailor.plans import SUPPORTS, UNSUPPORTED_REASONS, plan_prompt
from ..transforms import EditPlan
from .base import CANDIDATES, NO_PARSE, NO_REALIZATION, OK, Candidate, Option, Realization, register

log = logging.getLogger(__name__)


def _decoding(name: str):

    return choose(name, SAMPLING, BEAM)


@register("tailor")
class TailorBackend:
    """Realize plans with a TAILOR-format T5 checkpoint."""

    name = "tailor"
    supports = SUPPORTS
    options = (
        CANDIDATES,
        Option(
            "model", "--model", "TAILOR T5 checkpoint directory (else SEAM_TAILOR, then the cache)"
        ),
        Option("device", "--device", "torch device (default: cuda if available, else cpu)"),
        Option(
            "settings",
            "--decoding",
            "TAILOR's sampling (default) or beam search",
            str,
            "sample",
            ("sample", "beam"),
            convert=_decoding,
        ),
        Option("seed", "--seed", "sampling seed (default 0)", int, 0),
        Option(
            "srl",
            "--srl",
            "AllenNLP SRL BERT archive for the analysis (else SEAM_SRL; default: spaCy roles)",
        ),
        Option(
            "srl_tokenizer",
            "--srl-tokenizer",
            "bert-base-uncased tokenizer directory for --srl (else SEAM_SRL_TOKENIZER)",
        ),
        Option(
            "frames",
            "--frames",
            "PropBank frame files for ARG2-ARG5 names (else SEAM_PROPBANK_FRAMES)",
        ),
        Option(
            "validate",
            "--check-controls",
            "keep only generations that follow every control code (cycle consistency)",
            None,
            False,
            switch=True,
        ),
    )
    unsupported_reasons = UNSUPPORTED_REASONS

    def __init__(
        self,
        model=None,
        device: str | None = None,
        srl: str | None = None,
        srl_tokenizer: str | None = None,
        frames: str | None = None,
        settings=None,
        batch_size: int = 32,
        max_candidates: int = 4,
        validate: bool = False,
        seed: int = 0,
        generator=None,
        analyzer=None,
    ):

        self.generator = generator or TailorGenerator.load(model, device=device)
        srl = srl or os.environ.get("SEAM_SRL")
        if analyzer is None:
            if srl:
                analyzer = SrlAnalyzer(
                    tagger=BertSrlTagger.load(srl, tokenizer=srl_tokenizer, device=device)
                )
            else:
                analyzer = SpacyAnalyzer()
        self.analyzer = analyzer
        self.frames = PropBankFrames.find(frames)
        self.settings = settings or SAMPLING
        self.batch_size = batch_size
        self.max_candidates = max_candidates
        self.validate = validate
        self.seed = seed
        checker = analyzer if isinstance(analyzer, SpacyAnalyzer) else SpacyAnalyzer()
        self.validator = ControlValidator(checker, self.frames)

    def analyze(self, texts: Sequence[str]) -> list[Analysis]:
        return list(self.analyzer.analyze(list(texts)))

    def prompts(
        self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]
    ) -> list[Prompt | Realization]:
        """The prompt for each (analysis, plan), or the record's outcome when there is none."""

        out: list[Prompt | Realization] = []
        for analysis, plan in zip(analyses, plans, strict=True):
            if analysis.main_frame is None:
                out.append(Realization(NO_PARSE, "no predicate found to build control codes on"))
            else:
                planned = plan_prompt(analysis, plan, frames=self.frames, seed=self.seed)
                out.append(
                    Realization.not_applicable(planned)
                    if isinstance(planned, str)
                    else planned.prompt
                )
        return out

    def realize(self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]) -> list[Realization]:
        items = self.prompts(analyses, plans)
        todo = [i for i, x in enumerate(items) if isinstance(x, Prompt)]
        generated = self.generator.generate_prompts(
            [items[i] for i in todo], self.settings, batch_size=self.batch_size, seed=self.seed
        )
        texts = [(i, g) for i, (kept, _) in zip(todo, generated, strict=True) for g in kept]
        reports = self.validator.check(
            [items[i].header for i, _ in texts], [g.text for _, g in texts]
        )
        by_item: dict[int, list] = {i: [] for i in todo}
        for (i, g), report in zip(texts, reports, strict=True):
            by_item[i].append((g, report))
        dropped = {i: why for i, (_, why) in zip(todo, generated, strict=True)}
        return [
            self._select(analyses[k], item, by_item[k], dropped[k])
            if isinstance(item, Prompt)
            else item
            for k, item in enumerate(items)
        ]

    def _select(
        self, analysis: Analysis, prompt: Prompt, outs: list, dropped: list[str]
    ) -> Realization:
        source = analysis.text.strip().lower()
        ranked = []
        reasons = list(dropped)
        for g, report in outs:
            if g.text.strip().lower() == source:
                reasons.append("the generation is the source sentence")
                continue
            if self.validate and not report.followed:
                reasons.append(f"{g.text!r}: " + "; ".join(report.failures))
                continue
            ranked.append((report.rate, g.score if g.score is not None else -1e9, g.text))
        if not ranked:
            detail = "; ".join(reasons[:3]) or "the generator returned nothing"
            return Realization(NO_REALIZATION, f"prompt {prompt.source!r}: {detail}")
        ranked.sort(key=lambda r: (-r[0], -r[1]))
        # Candidates that follow more of the controls first, then by mean token log-probability.
        candidates = tuple(Candidate(text, round(score, 6)) for _rate, score, text in ranked)
        return Realization(OK, "", candidates[: self.max_candidates])
