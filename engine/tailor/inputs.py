"""TAILOR inputs from the IR: one :class:`~engine.tailor.codes.Prompt` per predicate frame.

Works on any :class:`~engine.ir.Analysis` (spaCy analyzer, ERG analyzer, BERT SRL): the frame
gives the verb, its auxiliaries and its arguments; the predicate gives voice and tense.

* Roles become TAILOR's readable labels: ARG0 -> AGENT, ARG1 -> PATIENT, ARGM-* by the fixed
  table; ARG2-ARG5 through PropBank frame files when a frames directory is given
  (:class:`engine.srl.propbank.PropBankFrames`: argument, ``SEAM_PROPBANK_FRAMES``, the cache).
  Without frame files a numbered argument above ARG1 has no readable name and, as in TAILOR,
  stays in the context as plain text. ``R-`` and ``C-`` arguments are never blanked.
* Only the first argument with a given label is blanked; an argument overlapping the verb
  group is left as context.
* The verb is a ``[VERB: ...]`` blank; its auxiliaries (not modals: those are the MODAL
  argument, nor negation: NEGATION) are blanked as plain text, consecutive ones together.
* Keywords are the exact argument text, lower-cased (TAILOR's inference default,
  "EXACT,UNCASED"), with the specificity TAILOR computes for it.
* Extra empty blanks go at the boundaries of the verb's immediate subtrees (TAILOR's
  candidate positions), chosen with a seeded generator.

>>> from engine import analyze
>>> a = analyze("The nurse has comforted the child.")[0]
>>> prompt_from_frame(a).source  # doctest: +NORMALIZE_WHITESPACE
'[VERB+active+past: comfort | AGENT+complete: the nurse | PATIENT+complete: the child]
 <extra_id_0> <extra_id_1> <extra_id_2> <extra_id_3> .'
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .. import english
from ..errors import TailorError
from ..ir import Analysis, Frame, readable_role
from ..srl.propbank import readable_name
from .codes import ArgControl, Blank, Header, Prompt, VerbControl, specificity_of, tailor_tense


def role_label(
    role: str, lemma: str | None = None, frames=None, frameset: str | None = None
) -> str | None:
    """TAILOR's label for a PropBank role, or None when it has none (the argument stays text).

    >>> role_label("ARG0"), role_label("ARGM-LOC"), role_label("R-ARG1"), role_label("ARG2")
    ('AGENT', 'LOCATIVE', None, None)
    """
    if role.startswith(("R-", "C-")):
        return None
    if role in ("ARG0", "ARG1") or role.startswith("ARGM-"):
        name = readable_role(role)
        return None if name == role else name
    if frames is None:
        return None

    return readable_name(role, lemma, frames=frames, frameset=frameset)


def _subtree_edges(analysis: Analysis, i: int) -> tuple[int, int]:
    tokens = analysis.sentence.tokens
    kids: dict[int, list[int]] = {}
    for t in tokens:
        if t.head != t.i and t.head >= 0:
            kids.setdefault(t.head, []).append(t.i)
    seen, todo = {i}, [i]
    while todo:
        for c in kids.get(todo.pop(), ()):
            if c not in seen:
                seen.add(c)
                todo.append(c)
    return min(seen), max(seen) + 1


def blank_positions(analysis: Analysis, frame: Frame) -> list[int]:
    """Where TAILOR may put an empty blank: the verb, and both edges of each of the verb's
    immediate non-punctuation subtrees."""
    tokens = analysis.sentence.tokens
    out = {frame.verb}
    for t in tokens:
        if t.head == frame.verb and t.i != frame.verb and t.pos != "PUNCT":
            start, end = _subtree_edges(analysis, t.i)
            out |= {start, end}
    return sorted(p for p in out if 0 <= p <= len(tokens))


def prompt_from_frame(
    analysis: Analysis,
    frame: int | None = None,
    *,
    roles: Iterable[str] | None = None,
    cased: bool = False,
    blank_aux: bool = True,
    extra_blanks: int = 0,
    frames=None,
    frameset: str | None = None,
    seed: int = 0,
) -> Prompt:
    """The TAILOR prompt for one frame (default: the main frame).

    ``roles`` limits the blanked arguments to these labels or PropBank roles (the verb is
    always blanked; ``None`` blanks every argument with a label); ``cased`` keeps keyword case;
    ``extra_blanks`` adds that many empty blanks.
    """
    index = analysis.main if frame is None else frame
    if index is None or not 0 <= index < len(analysis.frames):
        raise TailorError(f"no predicate frame to build a TAILOR prompt from in {analysis.text!r}")
    fr = analysis.frames[index]
    tokens = analysis.sentence.tokens
    words = tuple(t.text for t in tokens)
    pred = fr.predicate
    wanted = None if roles is None else {r.upper() for r in roles}
    taken: list[tuple[int, int]] = [(fr.verb, fr.verb + 1)]
    blanks = [Blank(fr.verb, fr.verb + 1, "VERB", words[fr.verb])]

    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in taken)

    controls: list[tuple[int, ArgControl]] = []
    seen: set[str] = set()
    for arg in sorted(fr.arguments, key=lambda a: a.span):
        label = role_label(arg.role, pred.lemma, frames, frameset)
        if label is None or label in seen:
            continue
        if wanted is not None and label not in wanted and arg.role not in wanted:
            continue
        start, end = arg.span
        if start >= end or not free(start, end):
            continue
        seen.add(label)
        taken.append((start, end))
        text = analysis.sentence.span_text(start, end)
        keyword = text if cased else text.lower()
        controls.append((start, ArgControl(label, keyword, specificity_of(keyword, end - start))))
        blanks.append(Blank(start, end, label, text))
    if blank_aux:
        group_ids = set(fr.verb_group)
        # Analyses without a dependency parse (the ERG's) may leave the auxiliaries out of the
        # verb group: take the be/have/do forms right before the verb too.
        i = fr.verb - 1
        while (
            i >= 0
            and english.aux_lemma(tokens[i].text) in ("be", "have", "do")
            and i not in group_ids
        ):
            group_ids.add(i)
            i -= 1
        aux = [
            i
            for i in sorted(group_ids)
            if i != fr.verb
            and free(i, i + 1)
            and tokens[i].text.lower() not in english.NEGATORS
            and tokens[i].tag != "MD"
            and english.modal_lemma(tokens[i].text.lower()) is None
        ]
        group: list[int] = []
        for i in [*aux, None]:
            if group and (i is None or i != group[-1] + 1):
                blanks.append(
                    Blank(group[0], group[-1] + 1, None, " ".join(words[j] for j in group))
                )
                taken.append((group[0], group[-1] + 1))
                group = []
            if i is not None:
                group.append(i)
    if extra_blanks:
        rng = random.Random(seed)
        candidates = [
            p for p in blank_positions(analysis, fr) if all(not s < p < e for s, e in taken)
        ]
        if candidates:
            for p in (
                rng.choices(candidates, k=extra_blanks)
                if extra_blanks > len(candidates)
                else rng.sample(candidates, extra_blanks)
            ):
                blanks.append(Blank(p, p))
    # The verb first, then AGENT and PATIENT, then the other roles in surface order.
    args = tuple(c for _, c in sorted(controls, key=lambda sc: sc[0]))
    header = Header(
        VerbControl(pred.lemma, pred.voice, tailor_tense(pred.tense, pred.perfect)), args
    ).ordered()
    return Prompt(header, words, tuple(blanks))
