"""Where the blanks go: placed from the dependency parse as Polyjuice does, or from Seam's IR.

Spans are token index pairs ``(start, end)`` over an :class:`~engine.ir.Analysis`; ``start ==
end`` is an insertion blank before token ``start``. Three kinds, as in the original:

* token: ``(i, i + 1)``;
* subtree: the token's whole subtree;
* insert: ``(i, i)``.

:func:`random_blanks` draws span sets by dependency groups (any token twice, then subjects and
objects, auxiliaries and the root, conjuncts, modifiers and clauses). Kinds are drawn with the
original's probabilities, and the spans of a set never overlap or touch. Seeded, it always
gives the same sets for the same sentence. The whole-sentence blank is one of the candidates.

:func:`ir_blanks` blanks what a Seam plan changes: the verb group, or one argument of the main
frame. This is how a Seam edit plan becomes a Polyjuice prompt.

>>> from engine import analyze
>>> a = analyze("It is great for kids.")[0]
>>> blanked(a, [(2, 3)])
'It is [BLANK] for kids.'
>>> blanked(a, [(1, 1), (4, 5)])
'It [BLANK] is great for [BLANK].'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..ir import Analysis
from .format import BLANK

Span = tuple[int, int]

# The original's groups of dependency labels (unify_tags), on spaCy's English labels.
_GROUPS = (
    (
        "modifier",
        (
            "amod",
            "advmod",
            "nmod",
            "npadvmod",
            "nummod",
            "quantmod",
            "poss",
            "appos",
            "compound",
            "meta",
            "nn",
            "neg",
            "det",
            "predet",
        ),
    ),
    (
        "clause",
        (
            "ccomp",
            "xcomp",
            "advcl",
            "acl",
            "relcl",
            "csubj",
            "csubjpass",
            "mark",
            "parataxis",
            "attr",
            "oprd",
            "prep",
            "cop",
            "pcomp",
        ),
    ),
    ("obj", ("dobj", "obj", "iobj", "pobj", "dative", "obl")),
    ("conj", ("cc", "conj", "preconj")),
)
DEFAULT_GROUPS: tuple[tuple[str, ...] | None, ...] = (
    None,
    None,
    ("subj", "obj"),
    ("aux", "ROOT"),
    ("conj", "modifier", "clause"),
)
# (token, subtree, insert) probabilities
_KIND_P = {"token_only": (0.7, 0.0, 0.3), "free": (0.4, 0.35, 0.25), "dep": (0.1, 0.7, 0.2)}


def unify(dep: str) -> str:
    """A dependency label's group: ``subj``, ``obj``, ``modifier``, ``clause``, ``conj``,
    ``aux``, ``ROOT`` or ``others``."""
    if "subj" in dep:
        return "subj"
    if dep in ("aux", "auxpass", "ROOT"):
        return "aux" if dep != "ROOT" else "ROOT"
    for name, labels in _GROUPS:
        if dep in labels or (name == "modifier" and dep.endswith("mod")):
            return name
    return "others"


def subtree(analysis: Analysis, i: int) -> Span:
    """The contiguous extent of token ``i``'s subtree."""
    members = analysis.subtree(i)
    return min(members), max(members) + 1


def _free(span: Span, taken: Sequence[Span]) -> bool:
    s, e = span
    return all(e < a or s > b for a, b in taken)


def one_set(
    analysis: Analysis,
    rng: random.Random,
    group: tuple[str, ...] | None = None,
    max_blocks: int = 1,
    token_only: bool = False,
) -> list[Span]:
    """One random set of non-touching spans (the original's ``get_one_random_idx_set``)."""
    tokens = analysis.sentence.tokens
    candidates = [t.i for t in tokens if group is None or t.dep in group or unify(t.dep) in group]
    candidates = [i for i in candidates if tokens[i].pos != "PUNCT"]
    if not candidates:
        return []
    n = rng.randint(1, min(len(candidates), max_blocks))
    probs = _KIND_P["token_only" if token_only else "free" if group is None else "dep"]
    spans: list[Span] = []
    for _ in range(1000):
        if len(spans) >= n:
            break
        i = rng.choice(candidates)
        kind = rng.choices(("token", "subtree", "insert"), weights=probs)[0]
        span = (
            (i, i + 1) if kind == "token" else subtree(analysis, i) if kind == "subtree" else (i, i)
        )
        if _free(span, spans):
            spans.append(span)
    return sorted(spans)


def blanked(analysis: Analysis, spans: Sequence[Span]) -> str:
    """The sentence with each span replaced by ``[BLANK]`` (an insertion span adds one)."""
    tokens = analysis.sentence.tokens
    starts = {s: e for s, e in spans}
    out: list[str] = []
    i = 0
    while i <= len(tokens):
        if i in starts:
            end = starts.pop(i)
            if end == i:  # insertion before token i
                out.append(BLANK + " ")
            else:
                out.append(BLANK + tokens[end - 1].whitespace)
                i = end
                continue
        if i == len(tokens):
            break
        out.append(tokens[i].text + tokens[i].whitespace)
        i += 1
    return "".join(out).strip()


def random_blanks(
    analysis: Analysis,
    seed: int = 0,
    max_count: int = 3,
    max_blocks: int = 1,
    groups: Sequence[tuple[str, ...] | None] = DEFAULT_GROUPS,
    token_only: bool = False,
    whole_sentence: bool = True,
) -> list[str]:
    """Up to ``max_count`` distinct blanked sentences, the same for the same sentence and seed."""
    rng = random.Random(f"{seed}\x00{analysis.sentence.text}")
    found: dict[str, None] = {}
    if whole_sentence and not token_only:
        found[blanked(analysis, [(0, len(analysis.sentence.tokens))])] = None
    for group in groups:
        for _ in range(5 if token_only else 1):
            spans = one_set(analysis, rng, group, max_blocks, token_only)
            if spans:
                found.setdefault(blanked(analysis, spans))
    texts = list(found)
    rng.shuffle(texts)
    return texts[:max_count]


def ir_blanks(analysis: Analysis, target: str = "V") -> str | None:
    """The sentence with the main frame's verb group (``V``) or one argument (a role such as
    ``ARG0``) blanked; None when the frame has no such span."""
    frame = analysis.main_frame
    if frame is None:
        return None
    if target == "V":
        group = sorted(set(frame.verb_group) | {frame.verb})
        return blanked(analysis, [(group[0], group[-1] + 1)])
    arg = frame.argument(target)
    if arg is None:
        return None
    return blanked(analysis, [arg.span])
