"""It-clefts on ERG 2018: built around the clause, confirmed by the grammar.

ERG 2018 has no ``_be_v_itcleft``: its true cleft reading marks the focus in ICONS, and the
release switches off generation from it, while the copula + relative-clause MRS it also
assigns realizes the relative-clause reading of referential *it* ("It is Alice, which saw
Bob."). So on 2018 the cleft is built around the clause (the source, or the ERG's realization
of the rest of the plan): the focused argument moves after *It is/was*, a relativizer joins the
rest, and the candidate is kept only if the ERG parses it with a **focus** ICONS on the focused
phrase: the grammar confirms every cleft it lets through.

:func:`realize_clefts` is that flow on an :class:`~engine.erg.session.ErgSession`: the rest of
the plan realized by the ERG, the cleft built around the clause and confirmed by parsing it;
and the reverse, a cleft's clause rebuilt from the source and kept where the ERG parses it as
a plain clause with the same verb (:func:`confirm_plain`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from delphin.mrs import MRS

from .. import english
from ..ir import Analysis
from ..results import NO_REALIZATION, OK, TIMEOUT, Candidate, Realization
from ..transforms import EditPlan
from . import ace as acemod
from .analyzer import analysis_from_mrs, lemma_of
from .focus import focus_argument, is_person
from .mrsview import decode
from .reading import ParseInfo, info_of
from .realize import realize, with_details
from .rewrite import precheck
from .session import ErgSession

CLEFT_READINGS = 60  # readings searched for the focus-cleft one when confirming a built cleft
# seconds: the time limit for that parse (on the first 100 SNLI dev premises, ERG 2018 image:
# every confirming parse took under 1.5 s, even with 200 readings; the ones that took 2.5-10 s
# confirmed nothing)
CLEFT_SECONDS = 3

_CLEFTABLE = ("ARG0", "ARG1", "ARG2")


def build(clause: Analysis, target: str) -> list[str] | str:
    """Cleft candidates around ``clause`` for the focus ``target``, best first, or why none."""
    frame = clause.main_frame
    if frame is None:
        return "no main verb to build the cleft around"
    arg = focus_argument(clause, target)
    if arg is None:
        return f"cleft({target}): the clause has no {target} that can be focused"
    tokens = clause.sentence.tokens
    subj = next((a for a in frame.arguments if a.function == "subj"), None)
    if subj is None:
        return "the clause has no subject"
    pred = frame.predicate
    copula = "was" if pred.tense == "past" and pred.modality is None and not pred.perfect else "is"
    # material before the subject ("In the park, ...") stays in front
    lead = tokens[: subj.span[0]]
    lead_text = clause.sentence.span_text(0, subj.span[0]).strip() if lead else ""
    if lead_text and not lead_text.endswith(","):
        return "material before the subject that is not a fronted phrase"
    end = len(tokens)
    final = ""
    if tokens and tokens[-1].text in (".", "!"):
        end, final = end - 1, tokens[-1].text
    rest = [t for t in tokens[subj.span[0] : end] if not (arg.span[0] <= t.i < arg.span[1])]
    if not rest:
        return "nothing left to relativize"
    words = []
    for k, t in enumerate(rest):
        text = t.text
        if k == 0 and t.i == 0 and t.tag not in ("NNP", "NNPS") and text != "I":
            text = text.lower()
        words.append((text, t.whitespace))
    rest_text = "".join(w + ws for w, ws in words).strip()
    focus = clause.sentence.span_text(*arg.span)
    if arg.span[0] == 0 and tokens[0].tag not in ("NNP", "NNPS") and focus.split()[0] != "I":
        focus = focus[:1].lower() + focus[1:]
    subject_focus = arg is subj
    if not subject_focus:
        focus = english.with_case(focus, "acc")
    person = is_person(clause, arg)
    relativizers = (
        (["who", "that"] if person else ["that"])
        if subject_focus
        else (["that", "who"] if person else ["that"])
    )
    it = "it" if lead_text else "It"
    head = f"{lead_text} " if lead_text else ""
    return [f"{head}{it} {copula} {focus} {rel} {rest_text}{final}" for rel in relativizers]


def confirms(mrs_text: str, focus: str) -> bool:
    """Whether an ERG reading is a true cleft on ``focus``: an ICONS focus whose entity is
    described by one of the focus phrase's words."""
    if "focus" not in mrs_text:  # no ICONS focus: most of the readings searched, not decoded
        return False
    try:
        m: MRS = decode(mrs_text)
    except Exception:  # an unreadable reading confirms nothing
        return False
    words = {w.lower() for w in re.findall(r"[\w']+", focus)}
    from lemminflect import getAllLemmas

    # the EP's lemma against the focus words and their lemmas ("nets" is _net_n_1)
    words |= {
        lem.lower() for w in list(words) for forms in getAllLemmas(w).values() for lem in forms
    }
    for ic in m.icons:
        if ic.relation != "focus":
            continue
        for ep in m.rels:
            if ep.iv != ic.right or ep.is_quantifier():
                continue
            names = {lemma_of(ep.predicate).lower(), str(ep.carg or "").lower()}
            if ep.predicate == "pron":
                return True  # a pronoun focus: the phrase is the pronoun itself
            if names & words or any(n and n in words for n in names):
                return True
    return False


def unbuild(source: Analysis) -> str:
    """The plain clause of an it-cleft ("It was the dog that dug the hole." -> "The dog dug
    the hole."), or raises ValueError with the reason. Zero-relativizer clefts are refused."""
    frame = source.main_frame
    tokens = source.sentence.tokens
    words = [t.text.lower() for t in tokens]
    if frame is None or frame.predicate.cleft is None or words[:1] != ["it"] or len(words) < 5:
        raise ValueError("the sentence is not an it-cleft")
    rel = next((i for i in range(3, len(words)) if words[i] in english.CLEFT_RELATIVIZERS), None)
    if rel is None or words[1] not in ("is", "was", "'s"):
        raise ValueError(
            "an it-cleft without a relativizer (or with a complex copula) is not undone"
        )
    focus_toks, rest = tokens[2:rel], [t for t in tokens[rel + 1 :] if t.text not in (".", "!")]
    if not rest:
        raise ValueError("nothing after the relativizer")
    subject_focus = rest[0].tag.startswith(
        ("VB", "MD")
    )  # "... who saw Bob": the gap is the subject
    focus = " ".join(t.text for t in focus_toks)
    if focus.lower().startswith(("to ", "by ")):
        raise ValueError("a pied-piped focus is not undone")
    if focus_toks and (focus_toks[0].tag in ("IN", "RB") or focus_toks[0].pos == "ADV"):
        raise ValueError(
            f"an adverbial focus ('{focus}') is not undone on the erg backend (the clause has no "
            "gap to put it back into)"
        )
    if subject_focus:
        out = [english.with_case(focus, "nom")] + [t.text for t in rest]
    else:
        verb = max((i for i, t in enumerate(rest) if t.i == frame.verb), default=None)
        if verb is None:
            raise ValueError("the verb of the relative clause was not found")
        after = verb + 1
        while after < len(rest) and rest[after].dep == "prt":  # a particle stays with its verb
            after += 1
        out = (
            [t.text for t in rest[:after]]
            + [english.with_case(focus, "acc")]
            + [t.text for t in rest[after:]]
        )
    text = " ".join(out)
    text = re.sub(r"\s+([,;:])", r"\1", text).replace(" n't", "n't").replace(" 's", "'s")
    final = tokens[-1].text if tokens[-1].text in (".", "!") else "."
    return text[:1].upper() + text[1:] + final


def realize_clefts(
    erg: ErgSession, analyses: Sequence[Analysis], plans: Sequence[EditPlan]
) -> list[Realization]:
    """It-clefts on ERG 2018: the rest of the plan realized by the ERG, the cleft built
    around that clause, and kept only where the ERG parses it as a focus cleft; a cleft undone
    where the ERG parses the rebuilt clause."""
    out: list[Realization | None] = [None] * len(plans)
    unclefts, clause_of = _clauses(erg, analyses, plans, out)
    candidates, focus = _candidates(clause_of, plans, out)
    plain = sorted({u[0] for u in unclefts.values() if isinstance(u, tuple)})
    plain_parsing = dict(zip(plain, erg.ace().submit_parse(plain), strict=True))
    seconds = min(CLEFT_SECONDS, erg.ace().options.timeout)
    parses, confirmed = _confirmed(erg, candidates, focus, seconds)
    for k, u in unclefts.items():
        out[k] = (
            u
            if isinstance(u, Realization)
            else confirm_plain(u[0], u[1], plain_parsing[u[0]].result())
        )
    for k, cs in candidates.items():
        out[k] = _cleft_record(cs, confirmed.get(k), parses, seconds, focus[k])
    return [with_details(a, r) for a, r in zip(analyses, out, strict=True)]  # type: ignore[arg-type]


def _clauses(
    erg: ErgSession,
    analyses: Sequence[Analysis],
    plans: Sequence[EditPlan],
    out: list[Realization | None],
) -> tuple[dict[int, tuple[str, str] | Realization], dict[int, tuple[str, Analysis | None]]]:
    """Per plan: the clause of a cleft to undo (with the verb the ERG must find in it), or the
    clause to build a cleft around (the source, or the ERG's realization of the rest of the
    plan) with its spaCy analysis. A plan refused on the way gets its record in ``out``."""
    unclefts: dict[int, tuple[str, str] | Realization] = {}
    clause_of: dict[int, tuple[str, Analysis | None]] = {}
    sub_k, sub_plans = [], []
    for k, (a, p) in enumerate(zip(analyses, plans, strict=True)):
        early = precheck(erg, a, p)
        if early is not None:
            out[k] = early
            continue
        rest = EditPlan({f: v for f, v in p.features.items() if f != "cleft"}, swap=p.swap)
        if p.features["cleft"] is None:
            unclefts[k] = uncleft_clause(a, rest)
        elif rest.is_identity:
            clause_of[k] = (a.text, a.native.check if isinstance(a.native, ParseInfo) else None)
        else:
            sub_k.append(k)
            sub_plans.append(rest)
    if sub_k:
        subs = realize(erg, [analyses[k] for k in sub_k], sub_plans)
        texts = [s.candidates[0].text for s in subs if s.status == OK and s.candidates]
        checks = dict(zip(texts, erg.checker_analyze(texts), strict=True))
        for k, sub in zip(sub_k, subs, strict=True):
            if sub.status != OK or not sub.candidates:
                out[k] = Realization(sub.status, f"the clause without the cleft: {sub.reason}")
            else:
                clause_of[k] = (sub.candidates[0].text, checks.get(sub.candidates[0].text))
    return unclefts, clause_of


def _candidates(
    clause_of: dict[int, tuple[str, Analysis | None]],
    plans: Sequence[EditPlan],
    out: list[Realization | None],
) -> tuple[dict[int, list[str]], dict[int, str]]:
    """The clefts built around each clause, best first, and the focus phrase of each."""
    candidates: dict[int, list[str]] = {}
    focus: dict[int, str] = {}
    for k, (text, clause) in clause_of.items():
        if clause is None:
            out[k] = Realization(
                NO_REALIZATION, f"cannot analyze the clause {text!r} to build the cleft around"
            )
            continue
        built = build(clause, plans[k].features["cleft"])
        if isinstance(built, str):
            out[k] = Realization.not_applicable(built)
            continue
        arg = focus_argument(clause, plans[k].features["cleft"])
        assert arg is not None  # build found the focus
        candidates[k], focus[k] = built, clause.sentence.span_text(*arg.span)
    return candidates, focus


def _confirmed(
    erg: ErgSession, candidates: dict[int, list[str]], focus: dict[int, str], seconds: int
) -> tuple[dict[str, acemod.AceResult], dict[int, str]]:
    """ACE's parses of the candidates and the one the ERG confirms for each plan. Candidates
    are parsed best first, the next only where the ERG does not confirm the one before and
    finished parsing it (a long cleft takes seconds to parse with this many readings, and the
    other relativizer takes as long)."""
    parses: dict[str, acemod.AceResult] = {}
    left = {k: list(cs) for k, cs in candidates.items()}
    confirmed: dict[int, str] = {}
    while left:
        todo = sorted({cs[0] for cs in left.values()} - set(parses))
        parses.update(
            zip(
                todo,
                erg.ace().parse(todo, readings=CLEFT_READINGS, seconds=seconds),
                strict=True,
            )
        )
        for k in list(left):
            c = left[k].pop(0)
            if any(confirms(r.get("mrs", ""), focus[k]) for r in parses[c].results):
                confirmed[k] = c
            if k in confirmed or not left[k] or parses[c].status == acemod.TIMEOUT:
                del left[k]
    return parses, confirmed


def _cleft_record(
    built: list[str],
    confirmed: str | None,
    parses: dict[str, acemod.AceResult],
    seconds: int,
    focus: str,
) -> Realization:
    """The record of one built cleft: the confirmed candidate, or why none was confirmed."""
    if confirmed is not None:
        return Realization(
            OK,
            "",
            (Candidate(confirmed, 1.0),),
            details={"cleft": "built around the clause; the ERG parses it as a focus cleft"},
        )
    if slow := [c for c in built if c in parses and parses[c].status == acemod.TIMEOUT]:
        return Realization(
            TIMEOUT,
            f"built {slow[0]!r}, but the ERG did not finish parsing it within "
            f"{seconds}s to confirm it as an it-cleft",
        )
    return Realization(
        NO_REALIZATION,
        f"built {built[0]!r}, but the ERG does not parse it as an it-cleft "
        f"with focus {focus!r} ({parses[built[0]].status})",
    )


def uncleft_clause(analysis: Analysis, rest: EditPlan) -> tuple[str, str] | Realization:
    """The clause of an it-cleft rebuilt from the source, with the verb the ERG must find
    in it (:func:`confirm_plain`), or the record when it cannot be built."""
    info = info_of(analysis)
    check = info.check if info is not None else None
    if check is None:
        return Realization(NO_REALIZATION, "no analysis of the source to undo the cleft with")
    if not rest.is_identity:
        return Realization.not_applicable(
            "undoing an it-cleft does not compose with other changes on the erg backend"
        )
    try:
        clause = unbuild(check)
    except ValueError as exc:
        return Realization.not_applicable(str(exc))
    assert check.main_frame is not None  # unbuild found the cleft's clause
    return clause, check.main_frame.predicate.lemma


def confirm_plain(text: str, lemma: str, parsed: acemod.AceResult) -> Realization:
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
