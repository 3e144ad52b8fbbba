"""ERG MRS -> the shared IR (:class:`~engine.ir.Analysis`), keeping the MRS.

The frame is the clause's main predication (:attr:`View.main`): tense, mood and sentence
force come from the index event, aspect from the main event; ``neg`` over the clause gives
polarity, a ``*_v_modal`` index the modality, an ICONS topic (ERG 2018+) or ``parg_d``
(ERG 1214) on a non-ARG1 argument passive voice, and the it-cleft structures the focused
role. The verb's ERG ARG1/ARG2/ARG3 become PropBank ARG0/ARG1/ARG2 with token spans taken
from the character spans (lnk) of the argument's EPs.

>>> import json
>>> from engine.erg.mrsview import decode
>>> m = ('[ LTOP: h0 INDEX: e2 [ e SF: prop TENSE: past MOOD: indicative PROG: - PERF: - ] '
...      'RELS: < [ named<0:5> LBL: h1 ARG0: x3 CARG: "Alice" ] [ proper_q<0:5> LBL: h4 '
...      'ARG0: x3 RSTR: h5 BODY: h6 ] [ _sleep_v_1<6:11> LBL: h7 ARG0: e2 ARG1: x3 ] > '
...      'HCONS: < h0 qeq h7 h5 qeq h1 > ]')
>>> a = analysis_from_mrs("Alice slept.", m)
>>> a.main_frame.predicate.lemma, a.main_frame.predicate.tense, a.main_frame.argument("ARG0").text
('sleep', 'past', 'Alice')
"""

from __future__ import annotations

import re

from delphin import predicate as dpred
from delphin.mrs import EP, MRS

from ..ir import Analysis, Argument, Frame, Predicate, Sentence, Token
from .mrsview import MODAL_SUFFIX, View, decode, vtype

_TOKEN = re.compile(r"\w+(?:[-'’]\w+)*|[^\w\s]")
_TENSES = {"past": "past", "pres": "pres", "fut": "fut"}


def tokenize(text: str) -> tuple[Token, ...]:
    out = []
    for i, m in enumerate(_TOKEN.finditer(text)):
        end = m.end()
        ws = text[end : end + 1] if end < len(text) and text[end].isspace() else ""
        out.append(Token(i, m.group(), m.start(), end, whitespace=ws))
    return tuple(out)


def lemma_of(pred: str) -> str:
    """``_see_v_1`` -> ``see``; an unknown word's ``_sadat/nn_u_unknown`` -> ``sadat`` (the
    word and the tagger's tag); abstract predicates keep their name."""
    try:
        lemma, pos, _sense = dpred.split(pred)
    except (ValueError, dpred.PredicateError):
        return pred
    if pos == "u" and "/" in lemma:
        lemma = lemma.rsplit("/", 1)[0]
    return (lemma or pred).replace("+", " ")


def role_to_propbank(role: str) -> str:
    """ERG ARG1/ARG2/ARG3 -> PropBank ARG0/ARG1/ARG2 (the ERG numbers from 1)."""
    m = re.fullmatch(r"ARG(\d)", role)
    return f"ARG{int(m.group(1)) - 1}" if m and int(m.group(1)) > 0 else role


def propbank_to_role(role: str) -> str:
    m = re.fullmatch(r"ARG(\d)", role)
    return f"ARG{int(m.group(1)) + 1}" if m else role


def passive_topic(view: View, ep: EP) -> str | None:
    """The ERG role promoted by a passive on ``ep`` (ICONS topic or parg_d), else None."""
    for ic in view.m.icons:
        if ic.left == ep.iv and ic.relation == "topic":
            for role, val in ep.args.items():
                if val == ic.right and role != "ARG1":
                    return role
    for other in view.by_label.get(ep.label, ()):
        if other.predicate == "parg_d" and other.args.get("ARG1") == ep.iv:
            for role, val in ep.args.items():
                if val == other.args.get("ARG2") and role != "ARG0":
                    return role
    return None


def cleft_role(view: View, main: EP) -> str | None:
    """The ERG role of ``main`` an it-cleft focuses, or None."""
    index = view.index_ep
    if index is None or index is main:
        return None
    if index.predicate == "_be_v_itcleft":
        focus = index.args.get("ARG1")
        return next((r for r, v in main.args.items() if v == focus and r != "ARG0"), None)
    rel = view.cleft_relative(index)
    if rel is not None:
        gap = rel.args.get("ARG1")
        return next((r for r, v in main.args.items() if v == gap and r != "ARG0"), None)
    return None


def _cleft_focus(view: View) -> str | None:
    index = view.index_ep
    if index is None:
        return None
    return index.args.get("ARG1") if index.predicate == "_be_v_itcleft" else index.args.get("ARG2")


def negated(view: View, main: EP) -> bool:
    """Whether a ``neg`` scopes over the main predication or anything above it in the clause."""
    labels = {ep.label for ep in view.path} | {main.label}
    top = view.top_label
    for ep in view.m.rels:
        if ep.predicate == "neg" and ep.label == top:
            labels.add(view.target(ep.args.get("ARG1")))
    return any(
        ep.predicate == "neg" and view.target(ep.args.get("ARG1")) in labels for ep in view.m.rels
    )


def _span_of(view: View, var: str) -> tuple[int, int] | None:
    """Character span of the phrase of entity ``var``: its EPs, their label-mates, recursively."""
    lo, hi = None, None
    seen_vars, todo = set(), [var]
    while todo:
        v = todo.pop()
        if v in seen_vars or len(seen_vars) > 40:
            continue
        seen_vars.add(v)
        eps = [ep for ep in view.m.rels if ep.iv == v]
        labels = {ep.label for ep in eps if not ep.is_quantifier()}
        eps += [ep for lab in labels for ep in view.by_label.get(lab, ()) if ep not in eps]
        for ep in eps:
            if ep.lnk is not None and ep.cfrom >= 0:
                lo = ep.cfrom if lo is None else min(lo, ep.cfrom)
                hi = ep.cto if hi is None else max(hi, ep.cto)
            todo += [a for r, a in ep.args.items() if r not in ("ARG0", "CARG") and vtype(a) == "x"]
    return (lo, hi) if lo is not None else None


def _head_of(view: View, var: str, tokens: tuple[Token, ...], depth: int = 0) -> int | None:
    """The token of the EP that introduces entity ``var`` (its noun, name or pronoun; a
    coordination's first conjunct), or None where it has none with a position."""
    ep = next((e for e in view.m.rels if e.iv == var and not e.is_quantifier()), None)
    if ep is None or depth > 5:
        return None
    if ep.predicate.endswith("_c") or ep.predicate == "implicit_conj":
        first = ep.args.get("ARG1") or ep.args.get("L-INDEX")
        return _head_of(view, first, tokens, depth + 1) if first and vtype(first) == "x" else None
    if ep.lnk is None or ep.cfrom < 0:
        return None
    start, end = _token_span(tokens, (ep.cfrom, ep.cto))
    return end - 1 if end > start else None


def _token_span(tokens: tuple[Token, ...], chars: tuple[int, int] | None) -> tuple[int, int]:
    if not chars:
        return (0, 0)
    idx = [t.i for t in tokens if t.start < chars[1] and t.end > chars[0]]
    # ERG spans include attached punctuation ("Bob." at the end of a sentence).
    while len(idx) > 1 and not any(ch.isalnum() for ch in tokens[idx[-1]].text):
        idx.pop()
    return (idx[0], idx[-1] + 1) if idx else (0, 0)


def analysis_from_mrs(text: str, mrs: str | MRS) -> Analysis:
    """Build the IR for ``text`` from its (best) ERG MRS."""
    m = decode(mrs) if isinstance(mrs, str) else mrs
    view = View(m)
    tokens = tokenize(text)
    sentence = Sentence(text, tokens)
    mrs_text = mrs if isinstance(mrs, str) else None
    main = view.main
    if main is None:
        return Analysis(sentence, (), None, "erg", mrs_text, native=m)
    index_props = view.props(m.index)
    main_props = view.props(main.iv)
    modality = next(
        (lemma_of(ep.predicate) for ep in view.path if ep.predicate.endswith(MODAL_SUFFIX)), None
    )
    topic = passive_topic(view, main)
    predicate = Predicate(
        lemma=lemma_of(main.predicate),
        tense=_TENSES.get(index_props.get("TENSE", "")),
        progressive=main_props.get("PROG") == "+",
        perfect=main_props.get("PERF") == "+",
        voice="passive" if topic else "active",
        modality=modality,
        polarity="neg" if negated(view, main) else "pos",
        force="ques" if index_props.get("SF") == "ques" else "prop",
        cleft=role_to_propbank(focus) if (focus := cleft_role(view, main)) else None,
    )
    focus_role = cleft_role(view, main)
    args = []
    for role, val in main.args.items():
        if not re.fullmatch(r"ARG[1-9]", role) or vtype(val) != "x":
            continue
        if role == focus_role:  # the gap: the phrase is the clefted one
            val = _cleft_focus(view) or val
        span = _token_span(tokens, _span_of(view, val))
        function = {"ARG1": "agent" if topic else "subj", "ARG2": "obj", "ARG3": "iobj"}.get(
            role, ""
        )
        if topic == role:
            function = "subj"
        head = _head_of(view, val, tokens)
        head = head if head is not None and span[0] <= head < span[1] else max(span[1] - 1, 0)
        args.append(
            Argument(role_to_propbank(role), span, sentence.span_text(*span), head, function)
        )
    verb = _token_span(tokens, (main.cfrom, main.cto) if main.lnk is not None else None)[0]
    frame = Frame(
        predicate,
        verb,
        (verb,),
        tuple(args),
        finite=predicate.tense is not None or modality is not None,
    )
    return Analysis(sentence, (frame,), 0, "erg", mrs_text, native=m)
