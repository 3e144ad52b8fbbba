"""How one edit compares with its source, and how candidates and backends compare with each
other: the measures ``seam compare`` reports.

* **Closeness** (TAILOR's, §3 of its paper: the repository has no code for it): a weighted F1
  between the spans of the source frame the plan *expects* to change and the spans that
  *did* change, each span weighted by its length in tokens. A span changed when half or more
  of its tokens were replaced or deleted, or words were inserted inside it (*is riding* ->
  *is not riding*); a span found whole elsewhere in the output only moved (passive, swap),
  and pronoun case does not count (*he* -> *him*). See :func:`expected_roles`.
* **Token edit distance**: Levenshtein distance over lower-cased word tokens.
* **Fluency** (computed in :mod:`engine.workflows.compare.comparison`): the change of the mean
  per-token log-probability (output minus source), and TAILOR's loss ratio
  (:func:`engine.rank.deltas.fluency_ratios`; 1.0 means no change, below 1 more fluent).
* **Diversity** among a record's candidates: self-BLEU (mean BLEU-4 of each candidate against
  the others; lower is more diverse) and distinct-n (distinct n-grams over all n-grams).

>>> round(closeness_f1([("V", 1, True), ("ARG1", 2, False)], {"V"}), 3)
1.0
>>> distinct_n(["a man rides", "a man walks"], 1)
0.667
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ... import english
from ...english import with_case
from ...ir import Analysis, Frame
from ...rank.closeness import edit_distance, tokens
from ...transforms import EditPlan

# Plan features that change the verb group (tense, voice, ... all inflect or add auxiliaries).
_VERB_FEATURES = frozenset(
    {"voice", "tense", "progressive", "perfect", "modality", "polarity", "force"}
)


@dataclass(frozen=True)
class Closeness:
    precision: float
    recall: float
    f1: float
    changed: tuple[str, ...]
    expected: tuple[str, ...]

    def to_dict(self) -> dict:
        return {
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "f1": round(self.f1, 4),
            "changed": list(self.changed),
            "expected": list(self.expected),
        }


def expected_roles(plan: EditPlan, frame: Frame) -> set[str]:
    """The spans of ``frame`` a plan is expected to change: the verb group (``V``) for any
    clause feature; for ``shorten(R)`` the argument ``R``. Clefts and swaps add or move words
    but change no span's words."""
    out: set[str] = set()
    features = plan.features
    if _VERB_FEATURES & set(features):
        out.add("V")
    if "shorten" in features:
        out.add(str(features["shorten"]))
    roles = {a.role for a in frame.arguments}
    return {r for r in out if r == "V" or r in roles}


def _norm(words: Iterable[str]) -> list[str]:
    return [with_case(w, "nom") for w in words]


def frame_spans(analysis: Analysis, frame: Frame) -> list[tuple[str, list[int]]]:
    """The frame's spans as token indices: ``V`` (the verb group) and every argument."""
    spans = [("V", sorted(set(frame.verb_group) | {frame.verb}))]
    spans += [(a.role, list(range(*a.span))) for a in frame.arguments]
    return spans


def _words(text: str | Analysis) -> list[str]:
    if isinstance(text, Analysis):
        return [t.text.lower() for t in text.sentence.tokens]
    return tokens(text)


def changed_spans(
    analysis: Analysis, frame: Frame, output: str | Analysis
) -> list[tuple[str, int, bool]]:
    """``(role, length, changed)`` for each span of ``frame`` in the output (see the module).
    Give the output as an analysis to compare spaCy tokens with spaCy tokens."""
    src = _norm(_words(analysis))
    out = _norm(_words(output))
    changed_at = [False] * len(src)
    inserted_before = [False] * (len(src) + 1)
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=src, b=out, autojunk=False).get_opcodes():
        if op in ("replace", "delete"):
            for i in range(i1, i2):
                changed_at[i] = True
        if op in ("insert", "replace") and j2 > j1:
            inserted_before[i1] = True
    joined = " " + " ".join(out) + " "
    result = []
    verb = _verb_group_changed(analysis, frame, output) if isinstance(output, Analysis) else None
    for role, idx in frame_spans(analysis, frame):
        if role == "V" and verb is not None:
            result.append((role, len(idx), verb))
            continue
        idx = [i for i in idx if i < len(src) and any(ch.isalnum() for ch in src[i])]
        if not idx:
            continue
        if " " + " ".join(src[i] for i in idx) + " " in joined:
            result.append((role, len(idx), False))
            continue
        lost = sum(changed_at[i] for i in idx)
        inside = any(inserted_before[i] for i in idx[1:])
        result.append((role, len(idx), lost * 2 >= len(idx) or inside))
    return result


def _verb_group_changed(analysis: Analysis, frame: Frame, output: Analysis) -> bool:
    """The verb group changed: the output has no clause on the same verb, or that clause's
    verb group (auxiliaries, negation, the verb) has other words. A cleft keeps the verb's own
    group (*It was the dog that chased ...*); a passive changes it (*was chased*)."""

    def group(a: Analysis, f: Frame) -> list[str]:
        return [a.sentence.tokens[i].text.lower() for i in sorted(set(f.verb_group) | {f.verb})]

    lemma = frame.predicate.lemma
    same = [f for f in output.frames if f.predicate.lemma == lemma]
    if not same:
        return True
    main = output.main_frame
    ordered = sorted(same, key=lambda f: f is not main)
    return group(output, ordered[0]) != group(analysis, frame)


def closeness_f1(spans: Sequence[tuple[str, int, bool]], expected: set[str]) -> float:
    """Length-weighted F1 of changed against expected spans (1.0 when neither has any)."""
    return _closeness(spans, expected).f1


def _closeness(spans: Sequence[tuple[str, int, bool]], expected: set[str]) -> Closeness:
    changed = {r for r, _, c in spans if c}
    weight = {r: n for r, n, _ in spans}
    hit = sum(weight[r] for r in changed & expected)
    got = sum(weight[r] for r in changed)
    want = sum(weight.get(r, 0) for r in expected)
    if not got and not want:
        p = r = f = 1.0
    else:
        p = hit / got if got else 0.0
        r = hit / want if want else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
    return Closeness(p, r, f, tuple(sorted(changed)), tuple(sorted(expected)))


def closeness(
    analysis: Analysis, plan: EditPlan, output: str | Analysis, unchanged: bool = False
) -> Closeness | None:
    """TAILOR's closeness of ``output`` to the source ``analysis`` under ``plan`` (None when
    the source has no main frame). ``unchanged``: the plan was already satisfied, so no span
    is expected to change."""
    frame = analysis.main_frame
    if frame is None:
        return None
    expected = set() if unchanged else expected_roles(plan, frame)
    spans = changed_spans(analysis, frame, output)
    if plan.swap and "V" not in expected:  # a swap may change the verb's agreement, and need not
        spans = [s for s in spans if s[0] != "V"]
    if "cleft" in plan.features:  # a cleft or uncleft moves its focus; no argument's words change
        spans = [s for s in spans if s[0] == "V"]
    if (
        "force" in plan.features
        and not unchanged
        and _inverted(analysis, frame) != _inverted(output, None)
    ):
        # a question made by inversion (and its statement) changes the verb group by moving it
        spans = [(r, n, True if r == "V" else c) for r, n, c in spans]
    return _closeness(spans, expected)


def _inverted(text: str | Analysis, frame: Frame | None) -> bool:
    """Whether the clause's operator stands before its subject (a polar question): read from
    the frame where one is given, else from the first word (*n't* attached)."""
    if isinstance(text, Analysis) and frame is not None:
        subj = next((a for a in frame.arguments if a.function == "subj"), None)
        group = [i for i in frame.verb_group if text.sentence.tokens[i].dep != "neg"]
        return subj is not None and bool(group) and min(group) < subj.span[0]
    words = _words(text)
    first = words[0].removesuffix("n't") if words else ""
    return first in english.OPERATORS and len(words) > 1 and words[-1] == "?"


def token_edit_distance(source: str, output: str) -> int:
    """Levenshtein distance over lower-cased word tokens.

    >>> token_edit_distance("A man rides a bike.", "A man rode a bike.")
    1
    """
    return edit_distance(tokens(source), tokens(output))


def self_bleu(texts: Sequence[str]) -> float | None:
    """Mean BLEU-4 of each text against the others (NLTK smoothing 1); None for fewer than 2."""
    from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

    toks = [tokens(t) for t in texts]
    toks = [t for t in toks if t]
    if len(toks) < 2:
        return None
    smooth = SmoothingFunction().method1
    scores = [
        sentence_bleu([o for j, o in enumerate(toks) if j != k], t, smoothing_function=smooth)
        for k, t in enumerate(toks)
    ]
    return round(float(sum(scores) / len(scores)), 4)


def distinct_n(texts: Sequence[str], n: int) -> float | None:
    """Distinct n-grams over all n-grams of ``texts`` (None when there is none)."""
    grams = [tuple(t[k : k + n]) for t in map(tokens, texts) for k in range(len(t) - n + 1)]
    return round(len(set(grams)) / len(grams), 3) if grams else None
