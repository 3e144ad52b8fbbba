"""The ``erg`` backend: ACE parse -> MRS rewrite rules -> ACE generation -> filter and rank.

Grammatical by construction: every candidate is a realization the ERG generates from the
rewritten MRS. The steps live in :mod:`engine.erg` as functions over an
:class:`~engine.erg.session.ErgSession` (the grammar, the ACE pool, the rules, opened once), so
other callers use them without this class:

* **Reading choice** (:mod:`engine.erg.reading`): the reading that agrees best with the spaCy
  analysis of the same sentence, ties broken by a round trip; records say which (``details``).
* **Already satisfied** is decided before any rule runs, with the shared definition of
  :mod:`engine.checks` (``ok``, the source unchanged, reason ``unchanged: ...``).
* **Rewriting** (:mod:`engine.erg.rewrite`): the refusals before any rule runs, then the rule
  families of each step of the plan.
* **Generation, filters and ranking** (:mod:`engine.erg.realize`): every realization must show
  the change and keep everything else; junk, non-words and comma variants are dropped; the
  rest is ordered by the n-gram model plus closeness (``rules/ranking.toml``); ``--rank`` /
  ``--validate`` (:mod:`engine.select`) rerank and judge the result like any backend's.
* **It-clefts** on ERG 2018 (:mod:`engine.erg.cleft`): built around the clause and confirmed
  by parsing.

Every record says why nothing came out: ``no_parse`` (with ACE's reason), ``not_applicable``
(the rule's reason), ``no_realization`` (what ACE returned and what the filters dropped),
``timeout`` or ``error`` (ACE's message).
"""

from __future__ import annotations

from collections.abc import Sequence

from delphin.mrs import MRS

from ..erg import ace as acemod
from ..erg import reading
from ..erg.cleft import realize_clefts
from ..erg.plan import STEP_ORDER
from ..erg.realize import realize
from ..erg.rewrite import builds_cleft, targets
from ..erg.session import ErgSession
from ..ir import Analysis
from ..transforms import EditPlan
from .base import CANDIDATES, Option, Realization, register

ParseInfo = reading.ParseInfo  # what ACE said about a source: ``Analysis.native``


@register("erg")
class ErgBackend:
    """Parse with ACE and the ERG, rewrite the MRS with ``rules/mrs``, generate with ACE.

    Options: ``ace`` / ``grammar`` paths (else ``SEAM_ACE`` / ``SEAM_ERG``, then the cache),
    ``erg_version`` (else detected), ``semi`` (a SEM-I file to check predicates against),
    ``workers`` (ACE processes of each kind; default one per core), ``timeout`` (seconds per
    item), ``fragments`` (allow fragment parses), ``max_candidates``, ``validate`` (check
    realizations with the surface analyzer), ``rules`` (rule files; default ``rules/mrs``),
    ``round_trip`` (break ties between equally agreeing readings by regenerating them),
    ``rank`` (order realizations by the n-gram model plus closeness; else closeness alone),
    ``gen_timeout`` (seconds per generation; default ``timeout``), ``round_trip_timeout``
    (seconds for the round trip; a sentence slower than that is not edited; default
    ``ROUND_TRIP_SECONDS``, or ``gen_timeout`` where that is lower), ``gen_results`` (ask ACE for
    at most N realizations with ``-n``; default: ``max_realizations`` (100) where a probe shows
    this ACE counts results per item, else all; 0: never; a forced N on a stock 0.9.34
    desynchronizes it, and it is restarted).
    """

    name = "erg"
    supports = frozenset(STEP_ORDER)
    options = (
        CANDIDATES,
        Option("ace", "--ace", "ACE binary (else SEAM_ACE, then the cache)"),
        Option("grammar", "--grammar", "ERG image .dat (else SEAM_ERG, then the cache)"),
        Option(
            "erg_version",
            "--erg-version",
            "ERG version of the image if it cannot be detected (e.g. 2018)",
            int,
        ),
        Option("workers", "--workers", "ACE processes of each kind (default: one per core)", int),
        Option("timeout", "--timeout", "ACE seconds per item (default 10)", int, 10),
        Option(
            "fragments",
            "--fragments",
            "allow fragment parses (root_frag)",
            None,
            False,
            switch=True,
        ),
        Option(
            "gen_timeout", "--gen-timeout", "ACE seconds per generation (default: --timeout)", int
        ),
        Option(
            "round_trip_timeout",
            "--round-trip-timeout",
            "ACE seconds for regenerating a sentence's unchanged "
            "reading; one slower is not edited (default: 2, or --gen-timeout if lower)",
            int,
        ),
        Option(
            "gen_results",
            "--gen-results",
            "ask ACE for at most N realizations per generation (-n; default: "
            "100 where ACE is found to count per item, else all; 0: all)",
            int,
        ),
    )

    def __init__(self, session: ErgSession | None = None, **options):
        """``options``: those of :class:`~engine.erg.session.ErgSession` (above); or an open
        ``session`` to share (a workbench's), which this backend then does not close."""
        self.erg = session if session is not None else ErgSession(**options)
        self._owns = session is None

    @property
    def grammar(self):
        return self.erg.grammar

    @property
    def pool(self) -> acemod.AcePool:
        return self.erg.ace()

    @property
    def round_trip_limit(self) -> int:
        return self.erg.round_trip_limit

    def close(self) -> None:
        if self._owns:
            self.erg.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def analyze(self, texts: Sequence[str]) -> list[Analysis]:
        """ERG analyses of ``texts``, each with the reading used
        (:func:`engine.erg.reading.analyze`)."""
        return reading.analyze(self.erg, texts)

    def checked(self, analysis: Analysis) -> Analysis:
        """The analysis the shared checks read (the contract's ``checked``): the spaCy reading
        of the sentence kept beside the MRS, else the ERG analysis itself."""
        return reading.checked(analysis)

    def realize(self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]) -> list[Realization]:
        """Clefts built around the clause go to :func:`~engine.erg.cleft.realize_clefts`, the
        rest to the rules (:func:`~engine.erg.realize.realize`); one record per plan, in order."""
        out: list[Realization | None] = [None] * len(plans)
        built = [k for k, p in enumerate(plans) if builds_cleft(self.erg.grammar, p)]
        rest = [k for k in range(len(plans)) if k not in set(built)]
        for ks, step in ((rest, realize), (built, realize_clefts)):
            done = step(self.erg, [analyses[k] for k in ks], [plans[k] for k in ks]) if ks else []
            for k, real in zip(ks, done, strict=True):
                out[k] = real
        return out  # type: ignore[return-value]

    def targets(self, analysis: Analysis, plan: EditPlan) -> list[MRS]:
        """The rule-rewritten MRSs a realization of ``plan`` on ``analysis`` should have (what
        generation starts from); empty where no rule applies. The hybrid backend verifies
        other realizers' candidates against them."""
        return targets(self.erg, analysis, plan)

    def generate(self, mrss: Sequence[str], seconds: int | None = None) -> list[acemod.AceResult]:
        """ACE's realizations of SimpleMRS strings, one result each."""
        return self.erg.generate(mrss, seconds)

    def parse_texts(self, texts: Sequence[str], readings: int | None = None) -> list:
        """ACE's parses of ``texts`` (one :class:`~engine.erg.ace.AceResult` each)."""
        return self.erg.parse_texts(texts, readings)
