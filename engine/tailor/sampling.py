"""Training prompts for a TAILOR generator: the random positive prompt and the three kinds of
negative (see :mod:`engine.tailor.examples` for how they are used), with the corpus keyword
statistics the keyword negatives draw from.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..errors import TailorError
from ..ir import READABLE_NAMES, Analysis, Frame
from .codes import ANY, CORE_LABELS, SPECIFICITIES, TENSES, ArgControl, Prompt, specificity_of
from .inputs import prompt_from_frame, role_label
from .perturb import (
    ChangeContent,
    ChangeLemma,
    ChangeSpecificity,
    ChangeTag,
    ChangeVoice,
    Op,
    SwapCore,
    perturb,
)

if TYPE_CHECKING:
    from ..srl.propbank import PropBankFrames

log = logging.getLogger(__name__)


# TAILOR's gen_random_prompt blanks a random subset of the arguments with probability 0.5
# (its docstring says "20/80"; the code, which trained the checkpoint, says 0.5).
SUBSET_PROBABILITY = 0.5


MAX_RANDOM_BLANKS = 9  # the number of blanks is max(U{0..9}, #argument blanks)


KEYWORD_TYPES = ("NOUN_CHUNKS", "RANDOM_SUBTREES", "EXACT", "PREFIX", "CONNECT", "ROOT")


TOP_KEYWORDS = 15  # frequent keywords kept per (label, specificity)


KEYWORD_TRIES = 5  # draws to find a frequent keyword not contained in the original


# Relabelling targets: every ARGM name (TAILOR adds the whole ARGM table to each roleset).
ARGM_LABELS: tuple[str, ...] = tuple(n for n in READABLE_NAMES if n not in ("VERB", *CORE_LABELS))


_HEADER_BREAKERS = set("[]|")  # a keyword with these would corrupt the header


@dataclass(frozen=True)
class TrainingTense(Op):
    """Set the verb control's tense and nothing else: unlike :class:`ChangeTense`, no MODAL is
    added for the future nor removed when leaving it, so the target stays the original
    sentence (TAILOR's ``is_training=True``)."""

    tense: str

    def __post_init__(self):
        if self.tense not in TENSES:
            raise TailorError(f"tense must be one of {', '.join(TENSES)}, not {self.tense!r}")

    def apply(self, prompt: Prompt) -> Prompt:
        header = prompt.header
        return replace(prompt, header=replace(header, verb=replace(header.verb, tense=self.tense)))


class KeywordStats:
    """How often each keyword occurs per (label, specificity) in a corpus; the verb lemmas are
    counted under ``("VERB", None)``. :meth:`sample` draws from the :data:`TOP_KEYWORDS` most
    frequent.

    >>> stats = KeywordStats()
    >>> for kw in ["the room", "the room", "a car"]:
    ...     stats.add("LOCATIVE", "complete", kw)
    >>> stats.top("LOCATIVE", "complete")
    ['the room', 'a car']
    >>> stats.sample("LOCATIVE", "complete", random.Random(0), avoid="in the room")
    'a car'
    """

    def __init__(self, top: int = TOP_KEYWORDS):
        self.counts: dict[tuple[str, str | None], Counter[str]] = {}
        self.n_top = top

    def add(self, label: str, specificity: str | None, keyword: str) -> None:
        self.counts.setdefault((label, specificity), Counter())[keyword] += 1

    def top(self, label: str, specificity: str | None) -> list[str]:
        counter = self.counts.get((label, specificity))
        if not counter:
            return []
        return [k for k, _ in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))[: self.n_top]]

    def sample(
        self, label: str, specificity: str | None, rng: random.Random, avoid: str = ""
    ) -> str | None:
        """A frequent keyword for (label, specificity) not contained in ``avoid`` (case
        ignored), in up to :data:`KEYWORD_TRIES` draws; None if there is none."""
        top = self.top(label, specificity)
        if not top:
            return None
        low = avoid.lower()
        for _ in range(KEYWORD_TRIES):
            keyword = rng.choice(top)
            if keyword.lower() not in low:
                return keyword
        return None

    def to_dict(self) -> dict[str, dict[str, int]]:
        return {
            f"{label}+{spec or ''}": dict(c)
            for (label, spec), c in sorted(
                self.counts.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")
            )
        }

    @classmethod
    def from_dict(cls, data: dict[str, dict[str, int]], top: int = TOP_KEYWORDS) -> KeywordStats:
        stats = cls(top)
        for key, counts in data.items():
            label, _, spec = key.partition("+")
            stats.counts[(label, spec or None)] = Counter(counts)
        return stats


def keyword_candidates(
    doc, start: int, end: int, rng: random.Random, types: Sequence[str] = KEYWORD_TYPES
) -> list[tuple[str, str | None]]:
    """TAILOR's keyword candidates for the span ``doc[start:end]`` of a parsed spaCy ``Doc``:
    ``(keyword, specificity)`` pairs, first ``("*", None)``, no duplicates.

    NOUN_CHUNKS (the noun chunks inside the span), RANDOM_SUBTREES (the subtrees of up to 3
    random tokens, clipped to the span, shorter than it and not only stop words and
    punctuation), EXACT (the span), PREFIX (its first ``U{1..n}`` tokens), CONNECT (the root
    if it is a preposition, the first token's lemma if that is one), ROOT (the noun chunk of a
    noun root, else the root's lemma, going down from a preposition to its first child).
    The specificity is computed before a trailing punctuation mark is stripped, as in TAILOR.
    """
    n = end - start
    if n <= 0:
        return [(ANY, None)]
    raw: list[str] = []
    root = doc[start:end].root
    for kind in types:
        extract = _KEYWORD_EXTRACTORS.get(kind)
        if extract is None:
            raise TailorError(
                f"unknown keyword type {kind!r}; expected one of {', '.join(KEYWORD_TYPES)}"
            )
        raw += extract(doc, start, end, root, rng)
    return _keyword_pairs(raw, n)


def _noun_chunk_keywords(doc, start: int, end: int, root, rng: random.Random) -> list[str]:
    """NOUN_CHUNKS: the noun chunks inside the span."""
    return [c.text for c in doc.noun_chunks if c.start >= start and c.end <= end]


def _subtree_keywords(doc, start: int, end: int, root, rng: random.Random) -> list[str]:
    """RANDOM_SUBTREES: the subtrees of up to 3 random tokens, clipped to the span, shorter
    than it and not only stop words and punctuation."""
    n = end - start
    out = []
    for i in rng.sample(range(start, end), min(3, n)):
        tok = doc[i]
        left, right = max(tok.left_edge.i, start), min(tok.right_edge.i + 1, end)
        sub = doc[left:right]
        if right - left < n and not all(t.is_stop or t.is_punct for t in sub):
            out.append(sub.text)
    return out


def _exact_keywords(doc, start: int, end: int, root, rng: random.Random) -> list[str]:
    """EXACT: the span."""
    return [doc[start:end].text]


def _prefix_keywords(doc, start: int, end: int, root, rng: random.Random) -> list[str]:
    """PREFIX: the span's first ``U{1..n}`` tokens."""
    return [doc[start : start + rng.randint(1, end - start)].text]


def _connect_keywords(doc, start: int, end: int, root, rng: random.Random) -> list[str]:
    """CONNECT: the root if it is a preposition, the first token's lemma if that is one."""
    first = doc[start:end][0]
    out = []
    if root.pos_ == "ADP":
        out.append(root.text)
    if first.pos_ == "ADP":
        out.append(first.lemma_)
    return out


def _root_keywords(doc, start: int, end: int, root, rng: random.Random) -> list[str]:
    """ROOT: the noun chunk of a noun root (clipped to the span), else the root's lemma,
    going down from a preposition to its first child."""
    if root.pos_ in ("NOUN", "PROPN"):
        chunk = next((c for c in doc.noun_chunks if c.start <= root.i < c.end), None)
        if chunk is None:
            return [root.text]
        return [doc[max(chunk.start, start) : min(chunk.end, end)].text]
    head = root
    while head.pos_ == "ADP" and next(head.children, None) is not None:
        head = next(head.children)
    return [head.lemma_]


# keyword type -> its extractor: (doc, start, end, root, rng) -> keywords for doc[start:end],
# whose syntactic root is ``root``
_KEYWORD_EXTRACTORS = {
    "NOUN_CHUNKS": _noun_chunk_keywords,
    "RANDOM_SUBTREES": _subtree_keywords,
    "EXACT": _exact_keywords,
    "PREFIX": _prefix_keywords,
    "CONNECT": _connect_keywords,
    "ROOT": _root_keywords,
}


def _keyword_pairs(raw: list[str], n: int) -> list[tuple[str, str | None]]:
    """``(keyword, specificity)`` pairs of the raw keywords of an ``n``-token span, first
    ``("*", None)``, without duplicates, empty keywords or ones that would corrupt the header.
    The specificity is computed before a trailing punctuation mark is stripped."""
    out: list[tuple[str, str | None]] = [(ANY, None)]
    for keyword in raw:
        keyword = keyword.strip()
        if not keyword or _HEADER_BREAKERS & set(keyword):
            continue
        spec = specificity_of(keyword, n)
        if len(keyword) > 1 and not keyword[-1].isalnum():
            keyword = keyword[:-1].strip()
        if keyword and keyword != ANY and (keyword, spec) not in out:
            out.append((keyword, spec))
    return out


def random_prompt(
    analysis: Analysis,
    index: int,
    rng: random.Random,
    *,
    frames: PropBankFrames | None = None,
    frameset: str | None = None,
    types: Sequence[str] = KEYWORD_TYPES,
) -> Prompt:
    """TAILOR's random training prompt for frame ``index`` (see the module docstring);
    ``analysis.native`` must be the parsed spaCy ``Doc`` of its tokens."""
    frame = analysis.frames[index]
    gold_labels = frame_labels(frame, frames, frameset)
    if rng.random() < SUBSET_PROBABILITY:
        chosen = rng.sample(gold_labels, int(rng.random() * len(gold_labels)))
    else:
        chosen = list(gold_labels)
    kwargs = dict(roles=chosen, cased=True, blank_aux=True, frames=frames, frameset=frameset)
    prompt = prompt_from_frame(analysis, index, **kwargs)
    found = sum(1 for b in prompt.blanks if b.label)  # the arguments and the verb
    extra = max(rng.randint(0, MAX_RANDOM_BLANKS), found) - found
    if extra:
        prompt = prompt_from_frame(
            analysis, index, extra_blanks=extra, seed=rng.randrange(2**31), **kwargs
        )
    doc = analysis.native
    args = []
    for arg in prompt.header.args:
        blank = prompt.blank(arg.label)
        keyword, spec = rng.choice(keyword_candidates(doc, blank.start, blank.end, rng, types))
        args.append(ArgControl(arg.label, keyword, spec))
    core = [a for a in args if a.is_core]
    others = [a for a in args if not a.is_core]
    rng.shuffle(others)  # the paper orders adjunct controls randomly
    return replace(prompt, header=replace(prompt.header, args=tuple(core + others)))


def relabel_pool(
    lemma: str, frameset: str | None = None, frames: PropBankFrames | None = None
) -> list[str]:
    """Labels a non-core argument may be relabelled with: the ARGM names and the verb's
    numbered-argument names (from its PropBank roleset, when frame files are given).

    >>> "LOCATIVE" in relabel_pool("give"), "AGENT" in relabel_pool("give")
    (True, False)
    """
    pool = list(ARGM_LABELS)
    if frames is not None:
        rolesets = frames.rolesets(lemma)
        wanted = (frameset or "").split(".")[-1].lstrip("0")
        chosen = [r for r in rolesets if wanted and r.frameset.lstrip("0") == wanted] or list(
            rolesets[:1]
        )
        for roleset in chosen:
            pool += [n for n in roleset.names.values() if n not in pool and n not in CORE_LABELS]
    return pool


def negative_prompts(
    positive: Prompt,
    rng: random.Random,
    *,
    stats: KeywordStats | None = None,
    pool: Sequence[str] = ARGM_LABELS,
) -> list[tuple[str, Prompt]]:
    """TAILOR's three negatives of a positive prompt, as ``(kind, prompt)``; the prompts'
    targets are the original sentence with labels updated. A negative that cannot be built
    (nothing to change) is left out."""
    header = positive.header
    out: list[tuple[str, Prompt]] = []
    noncore = [a for a in header.args if not a.is_core and a.label != "MODAL"]

    # (a) roles: tense, voice, swapped core, relabelled non-core arguments.
    ops: list[Op] = [
        TrainingTense(rng.choice([t for t in TENSES if t != header.verb.tense])),
        ChangeVoice("passive" if header.verb.voice == "active" else "active"),
    ]
    if header.arg("AGENT") is not None and header.arg("PATIENT") is not None:
        ops.append(SwapCore())
    used = set(header.labels)
    for arg in noncore:
        free = sorted(set(pool) - used - {arg.label})
        if free:
            new = rng.choice(free)
            ops.append(ChangeTag(arg.label, new))
            used = (used - {arg.label}) | {new}
    out.append(("mismatch_roles", perturb(positive, ops)))

    # (b) keywords: verb lemma and keywords replaced by frequent ones of the same kind.
    if stats is not None:
        ops = []
        lemma = stats.sample("VERB", None, rng, avoid=header.verb.lemma)
        if lemma is not None:
            ops.append(ChangeLemma(lemma))
        for arg in [a for a in header.args if a.is_core] + noncore:
            spec = rng.choice(SPECIFICITIES) if arg.keyword == ANY else arg.specificity
            keyword = stats.sample(arg.label, spec, rng, avoid=arg.keyword)
            if keyword is not None:
                ops.append(ChangeContent(arg.label, keyword, spec))
        if ops:
            out.append(("mismatch_keywords", perturb(positive, ops)))

    # (c) specificity of the core keywords.
    ops = []
    for label in CORE_LABELS:
        arg = header.arg(label)
        if arg is not None and arg.keyword != ANY:
            ops.append(
                ChangeSpecificity(
                    label, rng.choice([s for s in SPECIFICITIES if s != arg.specificity])
                )
            )
    if ops:
        out.append(("mismatch_specificity", perturb(positive, ops)))
    return [(kind, p) for kind, p in out if p.source != positive.source]


def frame_labels(frame: Frame, frames: PropBankFrames | None, frameset: str | None) -> list[str]:
    """The distinct labels of the arguments TAILOR can blank, in surface order."""
    out: list[str] = []
    for arg in sorted(frame.arguments, key=lambda a: a.span):
        label = role_label(arg.role, frame.predicate.lemma, frames, frameset)
        if label is not None and label not in out:
            out.append(label)
    return out
