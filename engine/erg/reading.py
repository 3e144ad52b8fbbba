"""Parsing a sentence with ACE and choosing its reading.

ACE returns up to ``parse_results`` readings; the one used is the first that agrees best with
the spaCy analysis of the same sentence (main verb lemma, tense, voice, core argument
phrases), so *saw* is not read as the tool; ties may be broken by a round trip (the reading
whose unchanged MRS regenerates the source). A reading that disagrees with spaCy whatever the
plan is refused (:func:`reading_refusal`). What ACE said is kept in :class:`ParseInfo`, the
``native`` of the analysis.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, replace

from delphin.mrs import MRS

from ..ir import Analysis, Sentence
from ..results import (
    ERROR,
    NO_PARSE,
    NO_REALIZATION,
    OK,
    TIMEOUT,
    Realization,
)
from . import ace as acemod
from .analyzer import analysis_from_mrs
from .filters import (
    head_mismatch,
    normalized,
    reading_agreement,
    selects_preposition,
)
from .mrsview import decode, encode
from .session import ErgSession

log = logging.getLogger(__name__)

RETRY_SECONDS = 1  # generation limit for the other readings in the round trip
# seconds: a reading this slow to generate that gives back no source is not edited (on the first
# 100 SNLI dev premises, ERG 2018 image: the 3 such sentences' 20 edits took 52 s of ACE's 304 s
# and gave 2 records; each edit generates about as slowly as the unchanged reading)
SLOW_ROUND_TRIP = 1.0
# EPs: a single agreeing reading this small is not round-tripped (on SNLI premises no generation
# from an MRS under 15 EPs took half a second; the slow ones had 16 and more)
SMALL_MRS = 12


def _adjective(word: str) -> bool:
    """Whether ``word`` can be an adjective at all (spaCy tags *geese* ADJ now and then)."""
    from lemminflect import getAllLemmas

    return "ADJ" in getAllLemmas(word.lower())


@dataclass(frozen=True)
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


def info_of(analysis: Analysis) -> ParseInfo | None:
    info = analysis.native if isinstance(analysis.native, ParseInfo) else None
    if info is None and analysis.mrs:
        info = ParseInfo(OK, "", decode(analysis.mrs))
    return info


def checked(analysis: Analysis) -> Analysis:
    """The analysis the shared checks read (the contract's ``checked``): the spaCy reading
    of the sentence kept beside the MRS, else the ERG analysis iterg."""
    info = info_of(analysis)
    return info.check if info is not None and info.check is not None else analysis


@dataclass
class Choice:
    """The reading used among a sentence's readings: its ``index`` and ``analysis``, ``how`` it
    was chosen, the readings that agree as well as it (``tied``, in the order they are tried,
    as (index, analysis)) and which of those the checks refuse whatever the plan."""

    index: int
    analysis: Analysis
    how: str
    tied: list[tuple[int, Analysis]]
    refused: dict[int, bool]


def choose(text: str, mrss: Sequence[str], check: Analysis | None) -> Choice | str:
    """The reading the erg backend uses among ACE's readings (``mrss``, in ACE's order) of
    ``text``: the first that agrees best with the spaCy analysis ``check``; among equally
    agreeing ones, one the checks would refuse never goes first, and a prepositional verb's
    reading goes before the verb with a modifier. A string says why there is none (no
    reading Seam can read)."""
    readings: list[tuple[int, Analysis]] = []
    problem = ""
    for k, mrs in enumerate(mrss):
        try:
            readings.append((k, analysis_from_mrs(text, mrs)))
        except Exception as exc:  # pydelphin decode errors have no common base
            # pydelphin's message spans lines with a caret
            first = " ".join(str(exc).split())[:120]
            problem = (
                problem or f"ACE returned an MRS Seam cannot read ({type(exc).__name__}: {first})"
            )
    if not readings:
        return problem or "ACE returned no reading"
    scored = [(reading_agreement(a, check), -k, k, a) for k, a in readings]
    best = max(scored, key=lambda t: t[:2])
    tied = [(k, a) for sc, _neg, k, a in scored if sc == best[0]]
    refused = {k: reading_refusal(a, check) is not None for k, a in tied}
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
    return Choice(k, chosen, how, tied, refused)


def analyze(erg: ErgSession, texts: Sequence[str]) -> list[Analysis]:
    """ERG analyses of ``texts``. Streamed: ACE parses while spaCy analyzes the batch, and
    each sentence's round trip goes to the generators as soon as its reading is chosen,
    so the ACE processes are not left idle between the steps."""
    texts = list(texts)
    parsing = erg.ace().submit_parse(texts)
    checks = erg.checker_analyze(texts)
    notes = [""] * len(texts)
    if erg.checker is not None and all(c is not None for c in checks):
        from .. import captions  # verbless captions are parsed as their clause reading

        every = [c for c in checks if c is not None]  # all of them, as the test above says
        for k, found in enumerate(captions.restore(erg.checker, every)):
            if found is not None:
                checks[k], notes[k] = found
                if found[0].text != texts[k]:
                    texts[k] = found[0].text
                    parsing[k].cancel()
                    parsing[k] = erg.ace().submit_parse([texts[k]])[0]
    out: list[Analysis] = []
    ties: list[tuple[int, list[tuple[int, Analysis]]]] = []
    trips: dict[str, Future] = {}  # the round trips under way, by MRS
    limit = erg.round_trip_limit
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
        choice = choose(text, [r["mrs"] for r in res.results], check)
        if isinstance(choice, str):
            out.append(
                Analysis(
                    Sentence(text), analyzer="erg", native=ParseInfo(ERROR, choice, check=check)
                )
            )
            continue
        k, chosen, how, tied, refused = (
            choice.index,
            choice.analysis,
            choice.how,
            choice.tied,
            choice.refused,
        )
        info = ParseInfo(OK, "", chosen.native, len(res.results), k, how, check, note)
        out.append(
            Analysis(
                chosen.sentence, chosen.frames, chosen.main, "erg", res.results[k]["mrs"], info
            )
        )
        if erg.round_trip and (check is None or check.main_frame is not None):
            # a parsed sentence the checks do not refuse whatever the plan: its unchanged
            # reading is generated once (a refused one would only spend the generator's time),
            # where that can change something: a tie between readings to break, or an MRS
            # big enough that its edits may not generate in time
            usable = [t for t in tied if not refused[t[0]]][:3]
            if usable and (len(usable) > 1 or len(usable[0][1].native.rels) > SMALL_MRS):
                ties.append((len(out) - 1, usable))
                mrs = encode(usable[0][1].native, lnk=False)
                if mrs not in trips:
                    trips[mrs] = erg.submit_generate([mrs], limit)[0]
    if ties:
        break_ties(erg, out, ties, {m: f.result() for m, f in trips.items()}, limit)
    return out


def break_ties(
    erg: ErgSession,
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
            slow = (
                f"the unchanged sentence does not finish generating within {limit}s on this grammar"
            )
            out[i] = replace(out[i], native=replace(out[i].native, slow=slow))
        if any(normalized(r.get("surface", "")) == source for r in res.results):
            continue
        if res.status != acemod.TIMEOUT:
            missed[i] = res.ace_seconds or res.seconds
        if len(tied) > 1:
            again.append((i, tied[1:]))
    others = (
        erg.generated([a for _i, tied in again for _k, a in tied], min(RETRY_SECONDS, limit))
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
                info = replace(
                    old,
                    status=OK,
                    reason="",
                    mrs=a.native,
                    reading=k,
                    chosen_by="regenerates the source",
                    slow="",
                )
                mrs_text = a.mrs if isinstance(a.mrs, str) else encode(a.native)
                out[i] = Analysis(a.sentence, a.frames, a.main, "erg", mrs_text, info)
                missed.pop(i, None)
                break
    for i, seconds in missed.items():
        if seconds > SLOW_ROUND_TRIP:
            # each edit would generate about as slowly, and edits of a reading that does not
            # give back its own sentence rarely keep the source's wording
            slow = (
                f"no reading gives back the sentence, and generating the one used took "
                f"{seconds:.1f}s"
            )
            native = replace(out[i].native, slow=slow, slow_status=NO_REALIZATION)
            out[i] = replace(out[i], native=native)


def reading_refusal(reading: Analysis, check: Analysis | None) -> Realization | None:
    """``no_parse`` where an ERG reading disagrees with the spaCy analysis ``check`` of the
    same sentence whatever the plan: another main verb, another noun heading a core
    argument, or a core argument headed by a word spaCy tags as an adjective; None where it
    agrees (or either has no main verb)."""
    if check is None or check.main_frame is None or reading.main_frame is None:
        return None
    erg_main, lemma = reading.main_frame.predicate.lemma, check.main_frame.predicate.lemma
    cleft = erg_main == "be" and check.main_frame.predicate.cleft is not None
    if erg_main != lemma and lemma != "be" and erg_main not in ("and", "or", "but") and not cleft:
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
