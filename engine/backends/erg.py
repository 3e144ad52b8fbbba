"""The ``erg`` backend: ACE parse -> MRS rewrite rules -> ACE generation -> filter and rank.

Grammatical by construction: every candidate is a realization the ERG generates from the
rewritten MRS. Around that:

* **Reading choice.** ACE returns up to ``parse_results`` readings; the backend uses the
  first one that agrees best with the spaCy analysis of the same sentence (main verb lemma,
  tense, voice, core argument phrases), so *saw* is not read as the tool; ties may be broken
  by a round trip (the reading whose unchanged MRS regenerates the source). Records say
  which reading was used (``details``).
* **Already satisfied** is decided before any rule runs, with the shared definition of
  :mod:`engine.checks` (``ok``, the source unchanged, reason ``unchanged: ...``).
* **Filters.** Every realization must show the change (a question must be inverted) and keep
  everything the plan does not change (voice, tense, aspect, polarity, modality, force, the
  verb, the core arguments in their roles), judged by analyzing source and realization with
  the same analyzer; ERG junk ("Dad. on a phone", "She she ...") and non-words ("childs")
  are dropped; duplicates that differ only in commas are merged.
* **Ranking.** What is left is ordered by the n-gram model plus closeness to the source
  (``rules/ranking.toml``); ``--rank`` / ``--validate`` (:mod:`engine.select`) rerank and
  judge the result like any backend's.

Every record says why nothing came out: ``no_parse`` (with ACE's reason), ``not_applicable``
(the rule's reason), ``no_realization`` (what ACE returned and what the filters dropped),
``timeout`` or ``error`` (ACE's message).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path

from delphin.mrs import MRS

from ..checks import declarative_of, keeps_source, shows_change, target_features
from ..erg import ace as acemod
from ..erg.analyzer import analysis_from_mrs
from ..erg.filters import (
    JUNK,
    closeness,
    doubled_auxiliary,
    head_mismatch,
    non_word,
    normalized,
    reading_agreement,
    relativizer_mismatch,
    selects_preposition,
    shortlist,
    source_casing,
)
from ..erg.grammar import Grammar, find_grammar
from ..erg.mrsview import decode, encode
from ..erg.plan import STEP_ORDER, cleft_target, plan_steps
from ..erg.rules import APPLIED, UNSUPPORTED, RuleSet
from ..ir import Analysis, Sentence
from ..transforms import EditPlan
from .base import (
    CANDIDATES,
    ERROR,
    NO_PARSE,
    NO_REALIZATION,
    OK,
    TIMEOUT,
    Candidate,
    Option,
    Realization,
    register,
)

log = logging.getLogger(__name__)

CLEFT_READINGS = 60  # readings searched for the focus-cleft one when confirming a built cleft
CLEFT_SECONDS = (
    3  # time limit for that parse (on the first 100 SNLI dev premises, ERG 2018 image: every
)
# confirming parse took under 1.5 s, even with 200 readings; the ones that took 2.5-10 s confirmed nothing)
RETRY_SECONDS = 1  # generation limit for the other readings in the round trip
ROUND_TRIP_SECONDS = (
    2  # default limit for the round trip of the reading used (or --gen-timeout if lower): a
)
# sentence slower than that is not edited. On the first 100 SNLI dev premises, ERG 2018 image, the
# sentences whose unchanged reading took 2-5 s to generate cost as much ACE time as 80 others
# (their edits took about as long each) and gave 10 of the 170 ok records: in the same hour 5 s ran
# 0.77 sentences/s, 2 s 1.06-1.10
SLOW_ROUND_TRIP = (
    1.0  # seconds: a reading this slow to generate that gives back no source is not edited
)
# (on the first 100 SNLI dev premises, ERG 2018 image: the 3 such sentences' 20 edits took 52 s of
# ACE's 304 s and gave 2 records; each edit generates about as slowly as the unchanged reading)
SMALL_MRS = (
    12  # EPs: a single agreeing reading this small is not round-tripped (on SNLI premises no
)
# generation from an MRS under 15 EPs took half a second; the slow ones had 16 and more)
ANALYZE_CHUNK = 32  # realizations the checker analyzes at a time while ACE generates the rest


def _following_clause(shared: Analysis, main, plan: EditPlan) -> str | None:
    """A temporal or conditional clause of the main clause whose tense would have to change
    with it (:func:`engine.checks.temporal_clauses`), as text, or None."""
    from ..checks import temporal_clauses

    target, _ = target_features(main.predicate, plan)
    follow = "past" if target.get("tense") == "past" and not target.get("modality") else "pres"
    for f in temporal_clauses(shared, main):
        if f.predicate.tense != follow:
            tokens = shared.sentence.tokens
            verb = tokens[f.verb]
            span = [t.i for t in tokens if t.i <= verb.i and (t.head == verb.i or t.i == verb.i)]
            return shared.sentence.span_text(min(span), verb.i + 1)
    return None


def _modifiers_seen(check: Analysis, plan: EditPlan) -> str | None:
    """What the spaCy analysis of the source would cut for ``plan``'s shortening (the words),
    or None where it also finds nothing: an ERG reading that finds no modifier where the
    sentence has one attached the modifier elsewhere, and its "unchanged" is not trusted."""
    from ..shortening import shorten_cut

    frame = check.main_frame
    if frame is None:
        return None
    target, reason = target_features(frame.predicate, plan)
    cut = shorten_cut(check, frame, plan.features["shorten"], target) if reason is None else None
    if cut is None or isinstance(cut, str) or not cut.removed:
        return None
    return " ".join(check.sentence.tokens[i].text for i in sorted(cut.removed))


def _without_force(plan: EditPlan) -> EditPlan:
    return EditPlan({f: v for f, v in plan.features.items() if f != "force"}, swap=plan.swap)


def _adjective(word: str) -> bool:
    """Whether ``word`` can be an adjective at all (spaCy tags *geese* ADJ now and then)."""
    from lemminflect import getAllLemmas

    return "ADJ" in getAllLemmas(word.lower())


@dataclass
class ParseInfo:
    """What ACE said about a source sentence; kept in ``Analysis.native`` of the erg backend.

    ``reading`` is the 0-based index of the reading used among ``readings``; ``check`` the
    spaCy analysis of the source the realizations are compared with."""

    status: str
    reason: str = ""
    mrs: MRS | None = None
    readings: int = 0
    reading: int = 0
    chosen_by: str = ""
    check: Analysis | None = None
    caption: str = ""  # the note when a verbless caption was read as a clause
    # why edits are not attempted: the unchanged reading does not generate in time (status
    # timeout), or generates slowly and not into the source (no_realization)
    slow: str = ""
    slow_status: str = TIMEOUT


@dataclass
class _Job:
    """One (analysis, plan): the rewritten MRSs to generate from, or an early outcome."""

    variants: list[tuple[str, MRS]] = field(default_factory=list)  # (rules applied, MRS)
    outcome: Realization | None = None


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
        self.pool = acemod.AcePool(self.grammar, workers=workers, options=opts, fresh=fresh)
        self.max_candidates = max_candidates
        self.validate = validate
        self.round_trip = round_trip
        self.round_trip_timeout = round_trip_timeout
        self._auto_limit = gen_results is None and options is None  # probe whether -n is safe
        self._probed = False
        self.rank = rank
        self._checker = None
        self._ranker = None

    def close(self) -> None:
        self.pool.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- analysis ------------------------------------------------------------------------
    def analyze(self, texts: Sequence[str]) -> list[Analysis]:
        """ERG analyses of ``texts``. Streamed: ACE parses while spaCy analyzes the batch, and
        each sentence's round trip goes to the generators as soon as its reading is chosen,
        so the ACE processes are not left idle between the steps."""
        texts = list(texts)
        parsing = self.pool.submit_parse(texts)
        checks = self._checker_analyze(texts)
        notes = [""] * len(texts)
        if self._checker is not None and all(c is not None for c in checks):
            from .. import captions  # verbless captions are parsed as their clause reading

            for k, found in enumerate(captions.restore(self._checker, checks)):
                if found is not None:
                    checks[k], notes[k] = found
                    if found[0].text != texts[k]:
                        texts[k] = found[0].text
                        parsing[k].cancel()
                        parsing[k] = self.pool.submit_parse([texts[k]])[0]
        out: list[Analysis] = []
        ties: list[tuple[int, list[tuple[int, Analysis]]]] = []
        trips: dict[str, Future] = {}  # the round trips under way, by MRS
        limit = self.round_trip_limit
        for text, fut, check, note in zip(texts, parsing, checks, notes, strict=True):
            res = fut.result()
            if res.status != acemod.OK or not res.results:
                status = {acemod.NO_PARSE: NO_PARSE, acemod.TIMEOUT: TIMEOUT}.get(res.status, ERROR)
                reason = f"ACE parse: {res.status}" + (f" ({res.reason})" if res.reason else "")
                out.append(
                    Analysis(
                        Sentence(text),
                        analyzer="erg",
                        native=ParseInfo(status, reason, check=check),
                    )
                )
                continue
            readings: list[tuple[int, Analysis]] = []
            problem = ""
            for k, r in enumerate(res.results):
                try:
                    readings.append((k, analysis_from_mrs(text, r["mrs"])))
                except Exception as exc:  # pydelphin decode errors have no common base
                    first = " ".join(str(exc).split())[
                        :120
                    ]  # pydelphin's message spans lines with a caret
                    problem = (
                        problem
                        or f"ACE returned an MRS Seam cannot read ({type(exc).__name__}: {first})"
                    )
            if not readings:
                out.append(
                    Analysis(
                        Sentence(text),
                        analyzer="erg",
                        native=ParseInfo(ERROR, problem, check=check),
                    )
                )
                continue
            scored = [(reading_agreement(a, check), -k, k, a) for k, a in readings]
            best = max(scored, key=lambda t: t[:2])
            tied = [(k, a) for sc, _neg, k, a in scored if sc == best[0]]
            # among equally agreeing readings, one the checks below would refuse never goes first,
            # and a prepositional verb's reading goes before the verb with a modifier
            refused = {k: self._reading_refusal(a, check) is not None for k, a in tied}
            tied.sort(key=lambda t: (refused[t[0]], not selects_preposition(t[1])))
            k, chosen = tied[0]
            how = (
                "first reading"
                if len(readings) == 1
                else (
                    "agrees best with the spaCy analysis"
                    if len(tied) == 1
                    else "first of the readings that agree best"
                )
            )
            info = ParseInfo(OK, "", chosen.native, len(res.results), k, how, check, note)
            out.append(
                Analysis(
                    chosen.sentence, chosen.frames, chosen.main, "erg", res.results[k]["mrs"], info
                )
            )
            if self.round_trip and (check is None or check.main_frame is not None):
                # a parsed sentence the checks do not refuse whatever the plan: its unchanged
                # reading is generated once (a refused one would only spend the generator's time),
                # where that can change something: a tie between readings to break, or an MRS
                # big enough that its edits may not generate in time
                usable = [t for t in tied if not refused[t[0]]][:3]
                if usable and (len(usable) > 1 or len(usable[0][1].native.rels) > SMALL_MRS):
                    ties.append((len(out) - 1, usable))
                    mrs = encode(usable[0][1].native, lnk=False)
                    if mrs not in trips:
                        trips[mrs] = self._submit_generate([mrs], limit)[0]
        if ties:
            self._break_ties(out, ties, {m: f.result() for m, f in trips.items()}, limit)
        return out

    @property
    def round_trip_limit(self) -> int:
        """Seconds the round trip of a sentence's reading may take: ``round_trip_timeout``, else
        ``ROUND_TRIP_SECONDS`` or the generation limit where that is lower."""
        return self.round_trip_timeout or min(
            ROUND_TRIP_SECONDS, self.pool.options.seconds("generate")
        )

    def _break_ties(
        self,
        out: list[Analysis],
        ties: list[tuple[int, list[tuple[int, Analysis]]]],
        first: dict[str, acemod.AceResult],
        limit: int,
    ) -> None:
        """The round trip. ``first``: the generations of each chosen reading's unchanged MRS
        (``limit`` seconds each, submitted by :meth:`analyze`). Where one does not give back
        the source, the other readings that agree as well as it are generated (with a shorter
        time limit: ACE either realizes one of these at once or runs into any limit) and the
        first that regenerates the source wins. A sentence whose reading does not finish
        generating in time is marked, and no edit of it is sent to ACE (each would run into the
        same limit: on SNLI premises that was most of the generator's time), unless another
        reading regenerates the source in time; so is one where no reading gives back the source
        and the one used took more than ``SLOW_ROUND_TRIP`` seconds."""
        again: list[tuple[int, list[tuple[int, Analysis]]]] = []
        missed: dict[
            int, float
        ] = {}  # sentence -> seconds its reading took, where it gave back no source
        for i, tied in ties:
            source = normalized(out[i].text)
            res = first[encode(tied[0][1].native, lnk=False)]
            if res.status == acemod.TIMEOUT:  # even where what it realized includes the source
                out[
                    i
                ].native.slow = f"the unchanged sentence does not finish generating within {limit}s on this grammar"
            if any(normalized(r.get("surface", "")) == source for r in res.results):
                continue
            if res.status != acemod.TIMEOUT:
                missed[i] = res.ace_seconds or res.seconds
            if len(tied) > 1:
                again.append((i, tied[1:]))
        others = (
            self._generated([a for _i, tied in again for _k, a in tied], min(RETRY_SECONDS, limit))
            if again
            else {}
        )
        for i, tied in again:
            source = normalized(out[i].text)
            for k, a in tied:
                if any(
                    normalized(r.get("surface", "")) == source
                    for r in others[encode(a.native, lnk=False)].results
                ):
                    old = out[i].native
                    # this reading generated in time: the first one's timeout no longer holds
                    info = ParseInfo(
                        OK,
                        "",
                        a.native,
                        old.readings,
                        k,
                        "regenerates the source",
                        old.check,
                        old.caption,
                        "",
                    )
                    mrs_text = a.mrs if isinstance(a.mrs, str) else encode(a.native)
                    out[i] = Analysis(a.sentence, a.frames, a.main, "erg", mrs_text, info)
                    missed.pop(i, None)
                    break
        for i, seconds in missed.items():
            if seconds > SLOW_ROUND_TRIP:
                # each edit would generate about as slowly, and edits of a reading that does not
                # give back its own sentence rarely keep the source's wording
                out[i].native.slow = (
                    f"no reading gives back the sentence, and generating the one used took "
                    f"{seconds:.1f}s"
                )
                out[i].native.slow_status = NO_REALIZATION

    def generate(self, mrss: Sequence[str], seconds: int | None = None) -> list[acemod.AceResult]:
        """ACE's realizations of SimpleMRS strings, one result each. Before the first, unless
        ``gen_results`` was given, the pool learns whether this ACE may be asked for at most
        ``max_realizations`` with ``-n`` (ranked: the top ones, and far faster where an MRS has
        hundreds), or must enumerate them all."""
        return [f.result() for f in self._submit_generate(mrss, seconds)]

    def _submit_generate(self, mrss: Sequence[str], seconds: int | None = None) -> list[Future]:
        """:meth:`generate` without waiting: one future per MRS."""
        if not self._probed:
            self._probed = True
            if self._auto_limit:
                self.pool.limit_realizations(self.pool.options.max_realizations)
        return self.pool.submit_generate(list(mrss), seconds=seconds) if mrss else []

    def _generated(
        self, readings: Sequence[Analysis], seconds: int | None = None
    ) -> dict[str, acemod.AceResult]:
        """ACE's realizations of each reading's unchanged MRS, by its encoding without links."""
        todo = sorted({encode(a.native, lnk=False) for a in readings})
        return dict(zip(todo, self.generate(todo, seconds=seconds), strict=True))

    # -- realization ---------------------------------------------------------------------
    def realize(self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]) -> list[Realization]:
        out: list[Realization | None] = [None] * len(plans)
        built = [k for k, p in enumerate(plans) if self._builds_cleft(p)]
        rest = [k for k in range(len(plans)) if k not in set(built)]
        for k, real in zip(
            rest, self._realize([analyses[k] for k in rest], [plans[k] for k in rest]), strict=True
        ):
            out[k] = real
        for k, real in zip(
            built,
            self._clefts([analyses[k] for k in built], [plans[k] for k in built]),
            strict=True,
        ):
            out[k] = real
        return out  # type: ignore[return-value]

    def _builds_cleft(self, plan: EditPlan) -> bool:
        """ERG 2018 and later: an it-cleft is built around the clause (:mod:`engine.erg.cleft`);
        on every version, undoing one (no rule generates a clause from a cleft's MRS)."""
        if "cleft" in plan.features and plan.features["cleft"] is None:
            return True
        return plan.features.get("cleft") is not None and (self.grammar.version or 2018) >= 2018

    def _realize(
        self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]
    ) -> list[Realization]:
        """Rewrite, generate, check and rank. Streamed: each job's MRSs are queued for the
        generators as soon as it is rewritten, and the jobs that are done are analyzed, judged
        and ranked in chunks while ACE works on the rest."""
        jobs: list[_Job] = []
        mrss: list[list[str]] = []
        futures: dict[str, Future] = {}
        for a, p in zip(
            analyses, plans, strict=True
        ):  # each job's MRSs are queued as it is rewritten
            jobs.append(self._rewrite(a, p))
            mrss.append(
                [encode(m, lnk=False) for _, m in jobs[-1].variants]
                if jobs[-1].outcome is None
                else []
            )
            todo = [m for m in dict.fromkeys(mrss[-1]) if m not in futures]
            futures.update(zip(todo, self._submit_generate(todo), strict=True))
        out: list[Realization | None] = [j.outcome for j in jobs]
        checked: dict[str, Analysis | None] = {}
        stated: dict[str, Analysis | None] = {}
        waiting: list[str] = []  # realizations to analyze, in the order their jobs finished
        ready: dict[
            int, list[tuple[str, str | None, str]]
        ] = {}  # jobs whose realizations are in `waiting`

        def finish() -> None:  # analyze what waits, then judge and rank the jobs it belongs to
            checked.update(
                zip(waiting, self._checker_analyze(waiting, entities=False), strict=True)
            )
            waiting.clear()
            self._state_questions(
                [(analyses[k], plans[k], r) for k, r in ready.items()], checked, stated
            )
            for k, r in ready.items():
                out[k] = self._select(analyses[k], plans[k], jobs[k], r, checked, stated)
            ready.clear()

        for k, (a, p, j) in enumerate(zip(analyses, plans, jobs, strict=True)):
            if j.outcome is not None:
                continue
            got = self._collect(j, [futures[m].result() for m in mrss[k]])
            if isinstance(got, Realization):
                out[k] = got
                continue
            ready[k] = shortlist(got, a.text, p)
            for surface, _d, _n in ready[k]:
                if (text := source_casing(surface, a.text)) not in checked:
                    checked[text] = None
                    waiting.append(text)
            if len(waiting) >= ANALYZE_CHUNK:
                finish()
        finish()
        return [
            self._with_details(a, real, "; ".join(n for n, _ in j.variants))  # type: ignore[arg-type]
            for a, j, real in zip(analyses, jobs, out, strict=True)
        ]

    def _state_questions(
        self,
        jobs: Sequence[tuple[Analysis, EditPlan, list]],
        checked: dict[str, Analysis | None],
        stated: dict[str, Analysis | None],
    ) -> None:
        """A polar question the tagger misreads is judged through the statement it inverts (see
        :meth:`_select`): for the question realizations of ``jobs`` that fail the checks as
        analyzed in ``checked``, the statements are analyzed into ``stated``."""
        statements: dict[str, str] = {}
        for a, p, r in jobs:
            source = a.native.check if isinstance(a.native, ParseInfo) else None
            if p.features.get("force") != "ques" or source is None:
                continue
            for s, _d, _n in r:
                q = source_casing(s, a.text)
                if (
                    (got := checked.get(q)) is not None
                    and keeps_source(source, p, got) is not None
                    and (statement := declarative_of(q, source)) is not None
                ):
                    statements[q] = statement
        todo = sorted(set(statements.values()) - set(checked))
        checked.update(zip(todo, self._checker_analyze(todo, entities=False), strict=True))
        stated.update({q: checked.get(statement) for q, statement in statements.items()})

    @staticmethod
    def _with_details(analysis: Analysis, real: Realization, rules: str = "") -> Realization:
        info = analysis.native if isinstance(analysis.native, ParseInfo) else None
        if info is None or info.status != OK or not info.readings:
            return real
        details = {
            "reading": info.reading,
            "readings": info.readings,
            "chosen_by": info.chosen_by,
            **real.details,
        }
        if info.caption:
            details["caption"] = info.caption
        if rules:
            details["rules"] = rules
        return Realization(real.status, real.reason, real.candidates, real.rejected, details)

    def _clefts(self, analyses: Sequence[Analysis], plans: Sequence[EditPlan]) -> list[Realization]:
        """It-clefts on ERG 2018: the rest of the plan realized by the ERG, the cleft built
        around that clause, and kept only where the ERG parses it as a focus cleft."""
        from ..erg import cleft

        out: list[Realization | None] = [None] * len(plans)
        unclefts: dict[
            int, tuple[str, str] | Realization
        ] = {}  # k -> (clause, verb lemma) or the record
        clause_of: dict[int, tuple[str, Analysis | None]] = {}
        sub_k, sub_plans = [], []
        for k, (a, p) in enumerate(zip(analyses, plans, strict=True)):
            early = self._precheck(a, p)
            if early is not None:
                out[k] = early
                continue
            rest = EditPlan({f: v for f, v in p.features.items() if f != "cleft"}, swap=p.swap)
            if p.features["cleft"] is None:
                unclefts[k] = self._unbuild(a, rest)
                continue
            if rest.is_identity:
                clause_of[k] = (a.text, a.native.check if isinstance(a.native, ParseInfo) else None)
            else:
                sub_k.append(k)
                sub_plans.append(rest)
        if sub_k:
            subs = self._realize([analyses[k] for k in sub_k], sub_plans)
            texts = [s.candidates[0].text for s in subs if s.status == OK and s.candidates]
            checks = dict(zip(texts, self._checker_analyze(texts), strict=True))
            for k, sub in zip(sub_k, subs, strict=True):
                if sub.status != OK or not sub.candidates:
                    out[k] = Realization(sub.status, f"the clause without the cleft: {sub.reason}")
                else:
                    clause_of[k] = (sub.candidates[0].text, checks.get(sub.candidates[0].text))
        candidates: dict[int, list[str]] = {}
        focus: dict[int, str] = {}
        for k, (text, clause) in clause_of.items():
            if clause is None:
                out[k] = Realization(
                    NO_REALIZATION, f"cannot analyze the clause {text!r} to build the cleft around"
                )
                continue
            built = cleft.build(clause, plans[k].features["cleft"])
            if isinstance(built, str):
                out[k] = Realization.not_applicable(built)
                continue
            arg = cleft.focus_argument(clause, plans[k].features["cleft"])
            candidates[k], focus[k] = built, clause.sentence.span_text(*arg.span)
        plain = sorted({u[0] for u in unclefts.values() if isinstance(u, tuple)})
        plain_parsing = dict(zip(plain, self.pool.submit_parse(plain), strict=True))
        # candidates are parsed best first, the next only where the ERG does not confirm the one
        # before and finished parsing it (a long cleft takes seconds to parse with this many
        # readings, and the other relativizer takes as long)
        parses: dict[str, acemod.AceResult] = {}
        left = {k: list(cs) for k, cs in candidates.items()}
        confirmed: dict[int, str] = {}
        seconds = min(CLEFT_SECONDS, self.pool.options.timeout)
        while left:
            todo = sorted({cs[0] for cs in left.values()} - set(parses))
            parses.update(
                zip(
                    todo,
                    self.pool.parse(todo, readings=CLEFT_READINGS, seconds=seconds),
                    strict=True,
                )
            )
            for k in list(left):
                c = left[k].pop(0)
                if any(cleft.confirms(r.get("mrs", ""), focus[k]) for r in parses[c].results):
                    confirmed[k] = c
                if k in confirmed or not left[k] or parses[c].status == acemod.TIMEOUT:
                    del left[k]
        for k, u in unclefts.items():
            out[k] = (
                u
                if isinstance(u, Realization)
                else _confirm_plain(u[0], u[1], plain_parsing[u[0]].result())
            )
        for k, cs in candidates.items():
            if k in confirmed:
                out[k] = Realization(
                    OK,
                    "",
                    (Candidate(confirmed[k], 1.0),),
                    details={
                        "cleft": "built around the clause; the ERG parses it as a focus cleft"
                    },
                )
            elif slow := [c for c in cs if c in parses and parses[c].status == acemod.TIMEOUT]:
                out[k] = Realization(
                    TIMEOUT,
                    f"built {slow[0]!r}, but the ERG did not finish parsing it within "
                    f"{seconds}s to confirm it as an it-cleft",
                )
            else:
                out[k] = Realization(
                    NO_REALIZATION,
                    f"built {cs[0]!r}, but the ERG does not parse it as an it-cleft "
                    f"with focus {focus[k]!r} ({parses[cs[0]].status})",
                )
        return [self._with_details(a, r) for a, r in zip(analyses, out, strict=True)]  # type: ignore[arg-type]

    @staticmethod
    def _info(analysis: Analysis) -> ParseInfo | None:
        info = analysis.native if isinstance(analysis.native, ParseInfo) else None
        if info is None and analysis.mrs:
            info = ParseInfo(OK, "", decode(analysis.mrs))
        return info

    def checked(self, analysis: Analysis) -> Analysis:
        """The analysis the shared checks read (the contract's ``checked``): the spaCy reading
        of the sentence kept beside the MRS, else the ERG analysis itself."""
        info = self._info(analysis)
        return info.check if info is not None and info.check is not None else analysis

    def _precheck(self, analysis: Analysis, plan: EditPlan) -> Realization | None:
        """The record when no rule needs to run: no parse, or no reading with the source's main verb
        (:mod:`engine.checks`). Identity and already-satisfied plans never get here
        (:mod:`engine.contract`)."""
        info = self._info(analysis)
        if info is None or info.mrs is None:
            return Realization(
                info.status if info else ERROR, info.reason if info else "no ERG analysis"
            )
        shared = self.checked(analysis)
        check = shared.main_frame
        if check is None and info.check is not None:
            return Realization.not_applicable(
                "the sentence has no finite main verb (a caption?): the erg backend "
                "edits clauses; the surface backend reads captions as clauses"
            )
        if check is not None:
            if why := target_features(check.predicate, plan)[1]:
                return Realization.not_applicable(why)
            if (refused := self._reading_refusal(analysis, shared)) is not None:
                return refused
            if (
                "tense" in plan.features
                and (clause := _following_clause(shared, check, plan)) is not None
            ):
                return Realization.not_applicable(
                    f"the temporal clause '{clause}' follows the main clause's tense (sequence of tenses), and the erg "
                    "backend's tense rules edit the main clause only"
                )
        if info.slow:
            return Realization(info.slow_status, f"{info.slow}; its edits are not attempted")
        return None

    @staticmethod
    def _reading_refusal(reading: Analysis, check: Analysis | None) -> Realization | None:
        """``no_parse`` where an ERG reading disagrees with the spaCy analysis ``check`` of the
        same sentence whatever the plan: another main verb, another noun heading a core
        argument, or a core argument headed by a word spaCy tags as an adjective; None where it
        agrees (or either has no main verb)."""
        if check is None or check.main_frame is None or reading.main_frame is None:
            return None
        erg_main, lemma = reading.main_frame.predicate.lemma, check.main_frame.predicate.lemma
        cleft = erg_main == "be" and check.main_frame.predicate.cleft is not None
        if (
            erg_main != lemma
            and lemma != "be"
            and erg_main not in ("and", "or", "but")
            and not cleft
        ):
            # a copula has no EP of its own, a coordination's index is the conjunction, and an
            # it-cleft's is its copula: the realization checks judge those
            return Realization(
                NO_PARSE,
                f"no ERG reading has the main verb '{lemma}' (the reading used has '{erg_main}')",
            )
        if erg_main == lemma and (wrong := head_mismatch(reading, check)):
            return Realization(
                NO_PARSE,
                f"no ERG reading has the spaCy analysis' {wrong} as the head of that argument",
            )
        tagged = {t.start: t for t in check.sentence.tokens}
        for arg in reading.main_frame.arguments:
            head = (
                reading.sentence.tokens[arg.head]
                if 0 <= arg.head < len(reading.sentence.tokens)
                else None
            )
            if (
                head is not None
                and arg.role in ("ARG0", "ARG1", "ARG2")
                and getattr(tagged.get(head.start), "pos", "") == "ADJ"
                and _adjective(head.text)
            ):
                # "We painted the kitchen yellow." read with the noun phrase "the kitchen yellow"
                return Realization(
                    NO_PARSE,
                    f"the ERG reading used takes the adjective '{head.text}' as the head "
                    f"of {arg.role} ('{arg.text}'), and no reading agrees better",
                )
        return None

    def targets(self, analysis: Analysis, plan: EditPlan) -> list[MRS]:
        """The rule-rewritten MRSs a realization of ``plan`` on ``analysis`` should have (what
        generation starts from); empty where no rule applies. The hybrid backend verifies
        other realizers' candidates against them."""
        if self._builds_cleft(plan):
            return []
        job = self._rewrite(analysis, plan)
        return [m for _, m in job.variants] if job.outcome is None else []

    def parse_texts(self, texts: Sequence[str], readings: int | None = None) -> list:
        """ACE's parses of ``texts`` (one :class:`~engine.erg.ace.AceResult` each)."""
        return self.pool.parse(list(texts), readings=readings) if texts else []

    def _rewrite(self, analysis: Analysis, plan: EditPlan) -> _Job:
        early = self._precheck(analysis, plan)
        if early is not None:
            return _Job(outcome=early)
        info = self._info(analysis)
        steps = plan_steps(plan)
        if isinstance(steps, str):
            return _Job(outcome=Realization.not_applicable(steps))
        variants = [("", info.mrs)]
        for implements, params in steps:
            if implements == "shorten":
                from ..erg.shorten import shorten

                cut = shorten(info.mrs, params["role"])
                if (
                    cut == "unchanged"
                    and info.check is not None
                    and (why := _modifiers_seen(info.check, plan))
                ):
                    return _Job(
                        outcome=Realization.not_applicable(
                            f"shorten: the ERG reading has no modifier to remove "
                            f"but the sentence has one ({why}); not trusted"
                        )
                    )
                if cut == "unchanged":
                    return _Job(
                        outcome=Realization(
                            OK,
                            "unchanged: the argument has no modifier after its noun to remove",
                            (Candidate(analysis.text, 1.0),),
                        )
                    )
                if isinstance(cut, str):
                    return _Job(outcome=Realization.not_applicable(f"shorten: {cut}"))
                variants = [("shorten", cut)]
                continue
            families = self.rules.implementing(implements)
            if not families:
                return _Job(
                    outcome=Realization.not_applicable(f"no rule file implements {implements}")
                )
            version = self.grammar.version
            if not any(r.erg.admits(version) for fam in families for r in fam.rules):
                specs = ", ".join(sorted({r.erg.text for fam in families for r in fam.rules}))
                names = ", ".join(Path(fam.path).name for fam in families)
                return _Job(
                    outcome=Realization.not_applicable(
                        f"{implements}: no rule targets ERG {version} ({names}: ERG {specs}; see the file's header)"
                    )
                )
            nxt = []
            failure = None
            for family in families:
                for names, m in variants:
                    p = dict(params)
                    if implements == "cleft":
                        p["target"] = cleft_target(p["target"], m)
                        if p["target"] not in family.params.get("target", ()):
                            failure = f"cleft of {p['target']} is not supported"
                            continue
                    for out in self.rules.apply_all(family.name, m, p, self.grammar.profile):
                        if out.status == APPLIED:
                            nxt.append((f"{names}, {out.rule}" if names else out.rule, out.mrs))
                        else:
                            failure = failure or (
                                f"{out.rule}: unsupported by ERG {self.grammar.version}: {out.reason}"
                                if out.status == UNSUPPORTED
                                else f"{family.name}: {out.reason}"
                            )
            if not nxt:
                return _Job(
                    outcome=Realization.not_applicable(failure or f"{implements}: not applicable")
                )
            if implements == "swap":  # a place phrase of the old object stays with the verb
                from ..erg.attach import locatives_to_verb

                nxt = [(names, locatives_to_verb(m)) for names, m in nxt]
            variants = nxt
        return _Job(variants)

    def _unbuild(self, analysis: Analysis, rest: EditPlan) -> tuple[str, str] | Realization:
        """The clause of an it-cleft rebuilt from the source, with the verb the ERG must find
        in it (:func:`_confirm_plain`), or the record when it cannot be built."""
        from ..erg import cleft

        info = self._info(analysis)
        check = info.check if info is not None else None
        if check is None:
            return Realization(NO_REALIZATION, "no analysis of the source to undo the cleft with")
        if not rest.is_identity:
            return Realization.not_applicable(
                "undoing an it-cleft does not compose with other changes on the erg backend"
            )
        try:
            return cleft.unbuild(check), check.main_frame.predicate.lemma
        except ValueError as exc:
            return Realization.not_applicable(str(exc))

    def _checker_analyze(self, texts: list[str], entities: bool = True) -> list[Analysis | None]:
        """The spaCy analyses of ``texts`` (None each where the checks are off or fail).
        Realizations are analyzed with ``entities=False``: what their checks compare (the verb
        group, the core arguments, the order of the words) reads no entity type, and the
        entity recognizer is half of the small model's time; sources and cleft clauses keep
        it (a named person is the focus of *who*)."""
        if not self.validate or not texts:
            return [None] * len(texts)
        if self._checker is None:
            from ..analyzers import SpacyAnalyzer

            self._checker = SpacyAnalyzer()
        try:
            return list(self._checker.analyze(texts, entities=entities))
        except Exception:  # the checker is advisory; never lose a record to it
            log.debug("surface check failed", exc_info=True)
            return [None] * len(texts)

    @staticmethod
    def _collect(
        job: _Job, generated: Sequence[acemod.AceResult]
    ) -> list[tuple[str, str | None, str]] | Realization:
        """Every realization of a job's MRSs (``generated``: ACE's result for each variant), or
        the record when there is none."""
        raw: list[tuple[str, str | None, str]] = []  # surface, derivation, rules
        failures = []
        for (names, _m), res in zip(job.variants, generated, strict=True):
            # a generation that ran out of time while unpacking has still realized what it
            # returned: each is the ERG's realization of the MRS, judged by the filters like any
            if res.status != acemod.OK and not (res.status == acemod.TIMEOUT and res.results):
                failures.append(
                    (
                        res.status,
                        f"{names}: {res.status}" + (f" ({res.reason})" if res.reason else ""),
                    )
                )
                continue
            raw += [
                (r.get("surface", ""), r.get("derivation"), names)
                for r in res.results
                if r.get("surface")
            ]
        if raw:
            return raw
        rules_used = "; ".join(n for n, _ in job.variants)
        statuses = {s for s, _ in failures}
        status = (
            TIMEOUT
            if statuses == {acemod.TIMEOUT}
            else (ERROR if acemod.ACE_ERROR in statuses else NO_REALIZATION)
        )
        detail = "; ".join(d for _, d in failures) or "ACE generated nothing"
        return Realization(status, f"rules [{rules_used}] applied; generation: {detail}")

    def _select(
        self,
        analysis: Analysis,
        plan: EditPlan,
        job: _Job,
        raw: list[tuple[str, str | None, str]],
        checked: dict[str, Analysis | None],
        stated: dict[str, Analysis | None],
    ) -> Realization:
        """The realizations of ``raw`` that pass every filter, ranked; ``checked``: the spaCy
        analysis of each realization, ``stated``: of the statement a misread question inverts."""
        info = analysis.native if isinstance(analysis.native, ParseInfo) else None
        source_check = info.check if info is not None else None
        rules_used = "; ".join(n for n, _ in job.variants)
        dropped: dict[str, str] = {}
        shown: list[str] = []
        for surface, derivation, _names in raw:
            surface = source_casing(surface, analysis.text)
            if surface in shown or surface in dropped:
                continue
            check = checked.get(surface)
            why = "ill-formed variant" if any(p.search(surface) for p in JUNK) else None
            if why is None and (bad := non_word(surface, analysis.text, check)):
                why = f"non-word {bad!r}"
            why = why or doubled_auxiliary(check, source_check)
            if why is None and plan.features.get("cleft") is not None and source_check is not None:
                why = relativizer_mismatch(surface, source_check, plan.features["cleft"])
            why = why or shows_change(plan, surface, derivation, check)
            if why is None and source_check is not None and check is not None:
                why = keeps_source(source_check, plan, check)
                statement = stated.get(surface)
                if (
                    why
                    and statement is not None
                    and keeps_source(source_check, _without_force(plan), statement) is None
                ):
                    why = None  # the tagger misread the inverted question; the statement it inverts keeps the source
            if why:
                dropped[surface] = why
            else:
                shown.append(surface)
        if not shown:
            sample = "; ".join(f"{s!r}: {w}" for s, w in list(dropped.items())[:3])
            return Realization(
                NO_REALIZATION,
                f"rules [{rules_used}] applied; ACE produced {len(raw)} "
                f"realizations, none shows exactly the change ({sample})",
            )
        best: dict[str, str] = {}
        for surface in shown:  # realizations that differ only in commas: keep the one with fewer
            key = re.sub(r"\s+", " ", surface.replace(",", "")).strip().lower()
            if key not in best or surface.count(",") < best[key].count(","):
                best[key] = surface
        texts = list(best.values())
        scores = self._scores(analysis.text, texts)
        ranked = sorted(
            zip(scores, range(len(texts)), texts, strict=True), key=lambda t: (-t[0], t[1])
        )[: self.max_candidates]
        return Realization(OK, "", tuple(Candidate(s, round(score, 6)) for score, _o, s in ranked))

    def _scores(self, source: str, texts: list[str]) -> list[float]:
        """n-gram log-probability plus 10 x closeness (``rules/ranking.toml``), or closeness alone."""
        if self.rank:
            try:
                if self._ranker is None:
                    from ..rank import Ranker

                    self._ranker = Ranker("composite")
                return [row["rank"] for row in self._ranker.score(texts, [source] * len(texts))]
            except Exception:  # no n-gram model: closeness still orders them
                log.warning("n-gram ranking unavailable; ordering by closeness", exc_info=True)
                self.rank = False
        return [closeness(source, t) for t in texts]


def _confirm_plain(text: str, lemma: str, parsed: acemod.AceResult) -> Realization:
    """A rebuilt clause is kept only if the ERG parses it with the same main verb and no cleft."""
    for r in parsed.results:
        try:
            reading = analysis_from_mrs(text, r["mrs"])
        except Exception:  # an unreadable reading confirms nothing
            continue
        frame = reading.main_frame
        if frame is not None and frame.predicate.lemma == lemma and frame.predicate.cleft is None:
            return Realization(
                OK,
                "",
                (Candidate(text, 1.0),),
                details={"cleft": "clause rebuilt from the cleft; the ERG parses it"},
            )
    return Realization(
        NO_REALIZATION,
        f"built {text!r}, but the ERG does not parse it as a plain clause "
        f"with the verb '{lemma}' ({parsed.status})",
    )
