"""The ERG's resources, opened once: the grammar, the ACE process pool, the MRS rewrite rules,
the spaCy checker and the ranker, with the settings the erg backend's steps read.

The steps are functions over an :class:`ErgSession` (:mod:`.reading`: parsing and the choice of
reading; :mod:`.rewrite`: the rules; :mod:`.realize`: generation, the filters and the ranking;
:mod:`.cleft`: it-clefts built and confirmed), so a caller that is not the backend (a workbench
page, the audit) can run any of them on a session of its own::

    from engine.erg import reading
    from engine.erg.session import ErgSession

    with ErgSession() as erg:  # finds ACE and the ERG like the erg backend
        [analysis] = reading.analyze(erg, ["The dog chased the cat."])
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from ..analyzers import SpacyAnalyzer
from ..errors import GrammarError
from ..ir import Analysis
from ..rank import Ranker
from ..rank.closeness import span_overlap as closeness
from . import ace as acemod
from .grammar import Grammar, find_grammar, profile_for
from .mrsview import encode
from .rules import RuleSet

log = logging.getLogger(__name__)

# seconds: the default limit for the round trip of the reading used (or the generation limit if
# lower): a sentence slower than that is not edited. On the first 100 SNLI dev premises, ERG
# 2018 image, the sentences whose unchanged reading took 2-5 s to generate cost as much ACE time
# as 80 others (their edits took about as long each) and gave 10 of the 170 ok records: in the
# same hour 5 s ran 0.77 sentences/s, 2 s 1.06-1.10
ROUND_TRIP_SECONDS = 2


class ErgSession:
    """ACE + the ERG + ``rules/mrs``, opened once (see the erg backend for the options)."""

    def __init__(
        self,
        ace: str | None = None,
        grammar: str | None = None,
        erg_version: int | None = None,
        semi: str | None = None,
        workers: int | None = None,
        timeout: int = 10,
        fragments: bool = False,
        max_candidates: int = 5,
        validate: bool = True,
        rules: Sequence[str] | None = None,
        options: acemod.AceOptions | None = None,
        grammar_info: Grammar | None = None,
        fresh: bool = False,
        round_trip: bool = True,
        rank: bool = True,
        gen_timeout: int | None = None,
        gen_results: int | None = None,
        round_trip_timeout: int | None = None,
    ):
        self.grammar = grammar_info or find_grammar(ace, grammar, erg_version, semi)
        self.rules = RuleSet.load(rules)
        opts = options or acemod.AceOptions(
            timeout=timeout,
            fragments=fragments,
            generate_timeout=gen_timeout,
            generate_results=gen_results or None,
        )
        self.pool: acemod.AcePool | None = acemod.AcePool(
            self.grammar, workers=workers, options=opts, fresh=fresh
        )
        self.max_candidates = max_candidates
        self.validate = validate
        self.round_trip = round_trip
        self.round_trip_timeout = round_trip_timeout
        self._auto_limit = gen_results is None and options is None  # probe whether -n is safe
        self._probed = False
        self.rank = rank
        self.checker: Any = None  # the spaCy analyzer, opened on first use
        self.ranker: Any = None  # the composite ranker, opened on first use

    @classmethod
    def without_ace(cls, version: int = 2018, rules: Sequence[str] | None = None) -> ErgSession:
        """A session with no ACE process: the rules (``rules/mrs``, or ``rules``) and the
        reading choice, applied to MRSs parsed earlier (recorded parses). Parsing and generation
        raise :class:`~engine.errors.GrammarError`."""

        self = cls.__new__(cls)
        self.grammar = Grammar(Path("-"), Path("-"), version, profile_for(version))
        self.rules = RuleSet.load(rules)
        self.pool = None
        self.max_candidates, self.validate, self.round_trip, self.rank = 5, True, False, False
        self.round_trip_timeout, self._auto_limit, self._probed = None, False, True
        self.checker = self.ranker = None
        return self

    @property
    def live(self) -> bool:
        """Whether ACE runs behind this session (else: recorded parses only)."""
        return self.pool is not None

    def ace(self) -> acemod.AcePool:
        """The ACE pool (a :class:`~engine.errors.GrammarError` in a session without one)."""
        if self.pool is None:
            raise GrammarError(
                "no ACE and ERG image: this session applies rules to recorded parses"
            )
        return self.pool

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()

    @property
    def round_trip_limit(self) -> int:
        """Seconds the round trip of a sentence's reading may take: ``round_trip_timeout``, else
        ``ROUND_TRIP_SECONDS`` or the generation limit where that is lower."""
        return self.round_trip_timeout or min(
            ROUND_TRIP_SECONDS, self.ace().options.seconds("generate")
        )

    def generate(self, mrss: Sequence[str], seconds: int | None = None) -> list[acemod.AceResult]:
        """ACE's realizations of SimpleMRS strings, one result each. Before the first, unless
        ``gen_results`` was given, the pool learns whether this ACE may be asked for at most
        ``max_realizations`` with ``-n`` (ranked: the top ones, and far faster where an MRS has
        hundreds), or must enumerate them all."""
        return [f.result() for f in self.submit_generate(mrss, seconds)]

    def submit_generate(self, mrss: Sequence[str], seconds: int | None = None) -> list[Future]:
        """:meth:`generate` without waiting: one future per MRS."""
        if not self._probed:
            self._probed = True
            if self._auto_limit:
                pool = self.ace()
                pool.limit_realizations(pool.options.max_realizations)
        return self.ace().submit_generate(list(mrss), seconds=seconds) if mrss else []

    def generated(
        self, readings: Sequence[Analysis], seconds: int | None = None
    ) -> dict[str, acemod.AceResult]:
        """ACE's realizations of each reading's unchanged MRS, by its encoding without links."""
        todo = sorted({encode(a.native, lnk=False) for a in readings})
        return dict(zip(todo, self.generate(todo, seconds=seconds), strict=True))

    def checker_analyze(self, texts: list[str], entities: bool = True) -> list[Analysis | None]:
        """The spaCy analyses of ``texts`` (None each where the checks are off or fail).
        Realizations are analyzed with ``entities=False``: what their checks compare (the verb
        group, the core arguments, the order of the words) reads no entity type, and the
        entity recognizer is half of the small model's time; sources and cleft clauses keep
        it (a named person is the focus of *who*)."""
        if not self.validate or not texts:
            return [None] * len(texts)
        if self.checker is None:
            self.checker = SpacyAnalyzer()
        try:
            return list(self.checker.analyze(texts, entities=entities))
        except Exception:  # the checker is advisory; never lose a record to it
            log.debug("surface check failed", exc_info=True)
            return [None] * len(texts)

    def scores(self, source: str, texts: list[str]) -> list[float]:
        """n-gram log-probability plus 10 x closeness (``rules/ranking.toml``), or closeness
        alone."""
        if self.rank:
            try:
                if self.ranker is None:
                    self.ranker = Ranker("composite")
                return [row["rank"] for row in self.ranker.score(texts, [source] * len(texts))]
            except Exception:  # no n-gram model: closeness still orders them
                log.warning("n-gram ranking unavailable; ordering by closeness", exc_info=True)
                self.rank = False
        return [closeness(source, t) for t in texts]

    def parse_texts(self, texts: Sequence[str], readings: int | None = None) -> list:
        """ACE's parses of ``texts`` (one :class:`~engine.erg.ace.AceResult` each)."""
        return self.ace().parse(list(texts), readings=readings) if texts else []

    def __enter__(self) -> ErgSession:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
