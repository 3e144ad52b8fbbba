r"""Training a TAILOR generator: examples from gold SRL, MLE + unlikelihood, a T5 training loop.

**Examples** (:func:`build_examples`). Every gold predicate of an SRL corpus (CoNLL-2012 or
JSONL frames, :mod:`engine.srl.conll`) gives one *positive* (reward +1) and up to three
*negatives* (reward -1), as TAILOR built its data (research notes, tailor.md §2 and §5):

* The sentence is analysed by spaCy over the gold tokens (the parser on; TAILOR's data
  script disabled it by mistake), and the gold arguments replace spaCy's
  (:func:`engine.srl.analyzer.frames_with_srl`). A gold predicate spaCy has no frame for (a
  participle tagged as a noun, *the boiling water*) gets one built here, its voice and tense
  read from the token's children and morphology as TAILOR does. The VERB control uses the
  gold lemma; the gold frameset chooses the PropBank roleset for ARG2-ARG5 names.
* Predicates with a ``C-`` (continuation) argument are skipped, as in TAILOR; ``R-``
  arguments stay as context.
* The positive is a random prompt: with probability :data:`SUBSET_PROBABILITY` a random
  subset of ``int(U(0,1) * #args)`` arguments is blanked, else all of them (the verb
  always); auxiliaries are blanked; empty blanks are added until there are
  ``max(U{0..9}, #blanked arguments with the verb)`` argument blanks; each argument's keyword
  is drawn uniformly from its candidates (:func:`keyword_candidates`: NOUN_CHUNKS,
  RANDOM_SUBTREES, EXACT, PREFIX, CONNECT, ROOT, or ``*``), cased as in the text, with the
  specificity TAILOR computes; AGENT and PATIENT come first in the header, the other roles
  in random order. The target is the sentence with the blanked spans labelled.
* Negatives perturb the positive's prompt with the typed operations of
  :mod:`engine.tailor.perturb`, and keep the original sentence as target (labels updated
  where an operation relabels a blank):

  - ``mismatch_roles``: another tense, the other voice, AGENT and PATIENT swapped (when both
    are there), every non-core argument but MODAL relabelled with an unused label (ARGM
    names and the verb's numbered-argument names);
  - ``mismatch_keywords``: the verb lemma and every keyword (core and non-core, MODAL
    excepted) replaced by a frequent keyword of the same label and specificity, counted over
    the corpus itself in a first pass (:class:`KeywordStats`, top 15), avoiding keywords
    contained in the original;
  - ``mismatch_specificity``: another specificity for AGENT and PATIENT keywords that are not
    ``*`` (no negative when both are ``*``).

  As in TAILOR's training (``is_training=True``), a tense change adds or removes no MODAL
  (:class:`TrainingTense`), so the target stays the original sentence.

Where this deliberately differs from TAILOR's scripts: the verb-lemma change of the keyword
negative really happens (TAILOR wrote ``CHANGE_VLEMMA``, which its parser ignores); the
parser is on; train *and* dev splits are written (TAILOR overwrote ``train.csv`` with the
dev split); TAILOR's redrawing of empty-blank positions until they are not all on one side
of the verb is not done.

**Loss** (:func:`tailor_loss`): MLE over the target tokens of positive rows plus ``ul_alpha``
times the unlikelihood ``-log(1 - p(y_t))`` over *all* target tokens of negative rows, as the
released checkpoint was trained (Welleck et al.'s per-token candidate variant is defined in
TAILOR's code but not used).

**Training** (:func:`train`): a local T5 checkpoint, AdamW with a linear schedule,
deterministic with a seed, a 90/10 split by sentence, periodic checkpoints that
``resume=True`` continues exactly, and the dev loss after every epoch.

>>> import torch
>>> logits = torch.zeros(2, 3, 5)  # uniform: p(y) = 1/5 everywhere
>>> labels = torch.tensor([[1, 2, -100], [3, 4, 1]])
>>> loss, stats = tailor_loss(logits, labels, torch.tensor([1, -1]))
>>> round(stats["mle"], 4), round(stats["ul"], 4)  # log 5, -log(4/5)
(1.6094, 0.2231)
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
import math
import random
import shutil
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import RecordError, ResourceNotFoundError, SeamError, TailorError
from ..ir import READABLE_NAMES, Analysis, Frame, Predicate
from .codes import ANY, CORE_LABELS, SPECIFICITIES, TENSES, ArgControl, Prompt, specificity_of
from .inputs import prompt_from_frame, role_label
from .perturb import (
    ChangeContent,
    ChangeLemma,
    ChangeSpecificity,
    ChangeTag,
    ChangeVoice,
    Op,
    PerturbationError,
    SwapCore,
    perturb,
)

if TYPE_CHECKING:
    import torch

    from ..srl.conll import ConllSentence
    from ..srl.propbank import PropBankFrames

log = logging.getLogger(__name__)

# TAILOR's gen_random_prompt blanks a random subset of the arguments with probability 0.5
# (its docstring says "20/80"; the code, which trained the checkpoint, says 0.5).
SUBSET_PROBABILITY = 0.5
MAX_RANDOM_BLANKS = 9  # the number of blanks is max(U{0..9}, #argument blanks)
KEYWORD_TYPES = ("NOUN_CHUNKS", "RANDOM_SUBTREES", "EXACT", "PREFIX", "CONNECT", "ROOT")
TOP_KEYWORDS = 15  # frequent keywords kept per (label, specificity)
KEYWORD_TRIES = 5  # draws to find a frequent keyword not contained in the original
KINDS = ("positive", "mismatch_roles", "mismatch_keywords", "mismatch_specificity")
IGNORE_INDEX = -100  # label id of padding in the targets (Hugging Face's convention)
# Relabelling targets: every ARGM name (TAILOR adds the whole ARGM table to each roleset).
ARGM_LABELS: tuple[str, ...] = tuple(n for n in READABLE_NAMES if n not in ("VERB", *CORE_LABELS))
_HEADER_BREAKERS = set("[]|")  # a keyword with these would corrupt the header


# --------------------------------------------------------------------------------------------
# Examples
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrainingExample:
    """One training row: the generator reads ``source`` and is trained towards ``target``
    (``reward`` +1, maximum likelihood) or away from it (``reward`` -1, unlikelihood).

    ``kind`` is ``positive`` or the kind of mismatch; ``sentence`` identifies the corpus
    sentence (the train/dev split keeps a sentence's rows together), ``line`` is where it
    starts in its file, ``verb`` the predicate's token index.
    """

    source: str
    target: str
    reward: int
    kind: str = "positive"
    sentence: str = ""
    line: int = 0
    verb: int = -1

    def __post_init__(self):
        if self.reward not in (1, -1):
            raise TailorError(f"a training example's reward must be 1 or -1, not {self.reward!r}")
        if self.kind not in KINDS:
            raise TailorError(f"a training example's kind must be one of {', '.join(KINDS)}, not {self.kind!r}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TrainingExample:
        """Read a record written by :meth:`to_dict`; :class:`TailorError` if it is not one."""
        if not isinstance(data, dict):
            raise TailorError(f"expected a JSON object, got {type(data).__name__}")
        if not isinstance(data.get("source"), str) or not isinstance(data.get("target"), str):
            raise TailorError("'source' and 'target' must be strings")
        try:
            return cls(data["source"], data["target"], int(data.get("reward", 1)), str(data.get("kind", "positive")),
                       str(data.get("sentence", "")), int(data.get("line", 0)), int(data.get("verb", -1)))
        except (TypeError, ValueError) as exc:
            raise TailorError(f"bad training example field ({exc})") from None


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

    def sample(self, label: str, specificity: str | None, rng: random.Random, avoid: str = "") -> str | None:
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
        return {f"{label}+{spec or ''}": dict(c) for (label, spec), c in sorted(self.counts.items(),
                                                                              key=lambda kv: (kv[0][0], kv[0][1] or ""))}

    @classmethod
    def from_dict(cls, data: dict[str, dict[str, int]], top: int = TOP_KEYWORDS) -> KeywordStats:
        stats = cls(top)
        for key, counts in data.items():
            label, _, spec = key.partition("+")
            stats.counts[(label, spec or None)] = Counter(counts)
        return stats


def keyword_candidates(doc, start: int, end: int, rng: random.Random,
                       types: Sequence[str] = KEYWORD_TYPES) -> list[tuple[str, str | None]]:
    """TAILOR's keyword candidates for the span ``doc[start:end]`` of a parsed spaCy ``Doc``:
    ``(keyword, specificity)`` pairs, first ``("*", None)``, no duplicates.

    NOUN_CHUNKS (the noun chunks inside the span), RANDOM_SUBTREES (the subtrees of up to 3
    random tokens, clipped to the span, shorter than it and not only stop words and
    punctuation), EXACT (the span), PREFIX (its first ``U{1..n}`` tokens), CONNECT (the root
    if it is a preposition, the first token's lemma if that is one), ROOT (the noun chunk of a
    noun root, else the root's lemma, going down from a preposition to its first child).
    The specificity is computed before a trailing punctuation mark is stripped, as in TAILOR.
    """
    span = doc[start:end]
    n = end - start
    if n <= 0:
        return [(ANY, None)]
    raw: list[str] = []
    root = span.root
    for kind in types:
        if kind == "NOUN_CHUNKS":
            raw += [c.text for c in doc.noun_chunks if c.start >= start and c.end <= end]
        elif kind == "RANDOM_SUBTREES":
            for i in rng.sample(range(start, end), min(3, n)):
                tok = doc[i]
                left, right = max(tok.left_edge.i, start), min(tok.right_edge.i + 1, end)
                sub = doc[left:right]
                if right - left < n and not all(t.is_stop or t.is_punct for t in sub):
                    raw.append(sub.text)
        elif kind == "EXACT":
            raw.append(span.text)
        elif kind == "PREFIX":
            raw.append(doc[start:start + rng.randint(1, n)].text)
        elif kind == "CONNECT":
            if root.pos_ == "ADP":
                raw.append(root.text)
            if span[0].pos_ == "ADP":
                raw.append(span[0].lemma_)
        elif kind == "ROOT":
            if root.pos_ in ("NOUN", "PROPN"):
                chunk = next((c for c in doc.noun_chunks if c.start <= root.i < c.end), None)
                raw.append(doc[max(chunk.start, start):min(chunk.end, end)].text if chunk is not None else root.text)
            else:
                head = root
                while head.pos_ == "ADP" and next(head.children, None) is not None:
                    head = next(head.children)
                raw.append(head.lemma_)
        else:
            raise TailorError(f"unknown keyword type {kind!r}; expected one of {', '.join(KEYWORD_TYPES)}")
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


@dataclass
class _Gold:
    """A sentence analysed for training: the IR with one frame per gold predicate."""

    sentence: ConllSentence
    key: str
    analysis: Analysis
    golds: list  # the SrlFrame of each IR frame, same order


def _sentence_key(sentence: ConllSentence) -> str:
    where = sentence.path or sentence.document or "<corpus>"
    return f"{where}:{sentence.line}" if sentence.line else f"{where}#{sentence.part}.{sentence.index}"


def _tailor_predicate(tok, lemma: str) -> tuple[Predicate, tuple[int, ...]]:
    """TAILOR's voice and tense of a verb token (for predicates spaCy has no frame for)."""
    kids = list(tok.children)
    passive = any("pass" in c.dep_ or c.dep_ == "agent" for c in kids)
    aux = [c for c in kids if "aux" in c.dep_ and c.pos_ == "AUX"]
    modals = [c for c in aux if c.tag_ == "MD"]
    tense = None
    if modals and modals[0].text in ("will", "shall"):
        tense = "fut"
    else:
        helper = next((c for c in aux if c.tag_ != "MD"), None)
        if helper is not None and helper.lemma_ in ("be", "do"):
            form = helper.morph.get("Tense")
            tense = {"Past": "past", "Pres": "pres"}.get(form[0]) if form else None
        if tense is None:
            tense = "past" if tok.morph.get("Tense") == ["Past"] else "pres"
    group = sorted([c.i for c in aux] + [c.i for c in kids if c.dep_ == "neg"] + [tok.i])
    return Predicate(lemma=lemma, tense=tense, voice="passive" if passive else "active"), tuple(group)


def _analyze_gold(sentences: Iterable[ConllSentence], nlp, counts: Counter) -> Iterator[_Gold]:
    """spaCy over the gold tokens (parser on), gold arguments merged in."""
    from spacy.tokens import Doc

    from ..analyzers import SpacyAnalyzer

    analyzer = SpacyAnalyzer(nlp=nlp)
    batch: list[ConllSentence] = []

    def flush() -> Iterator[_Gold]:
        docs = [Doc(nlp.vocab, words=list(s.tokens)) for s in batch]
        for sentence, doc in zip(batch, nlp.pipe(docs), strict=True):
            key = _sentence_key(sentence)
            try:
                yield _gold(sentence, key, doc, analyzer, counts)
            except Exception as exc:  # a bad record must not end a long data run
                counts["skipped_error"] += 1
                log.warning("skipped sentence %s (%s: %s)", key, type(exc).__name__, exc)
        batch.clear()

    for sentence in sentences:
        counts["sentences"] += 1
        if not sentence.frames:
            continue
        batch.append(sentence)
        if len(batch) >= 64:
            yield from flush()
    if batch:
        yield from flush()


def _gold(sentence: ConllSentence, key: str, doc, analyzer, counts: Counter) -> _Gold:
    from ..srl.analyzer import frames_with_srl

    base = analyzer.from_doc(doc)
    by_verb = {f.verb: f for f in base.frames}
    frames: list[Frame] = []
    golds = []
    seen: set[int] = set()
    for gold in sentence.frames:
        if gold.verb in seen:
            counts["skipped_duplicate_verb"] += 1
            log.debug("%s: a second frame for the verb %d; skipped", key, gold.verb)
            continue
        seen.add(gold.verb)
        tok = doc[gold.verb]
        frame = by_verb.get(gold.verb)
        if frame is None:
            predicate, group = _tailor_predicate(tok, gold.lemma or tok.lemma_.lower())
            frame = Frame(predicate, gold.verb, group, (), finite=True, clause=tok.dep_)
        elif gold.lemma:
            frame = replace(frame, predicate=replace(frame.predicate, lemma=gold.lemma))
        frames.append(frame)
        golds.append(gold)
    analysis = frames_with_srl(replace(base, frames=tuple(frames), main=0 if frames else None), golds)
    return _Gold(sentence, key, analysis, golds)


def _labels(frame: Frame, frames: PropBankFrames | None, frameset: str | None) -> list[str]:
    """The distinct labels of the arguments TAILOR can blank, in surface order."""
    out: list[str] = []
    for arg in sorted(frame.arguments, key=lambda a: a.span):
        label = role_label(arg.role, frame.predicate.lemma, frames, frameset)
        if label is not None and label not in out:
            out.append(label)
    return out


def collect_keyword_stats(sentences: Iterable[ConllSentence], *, frames: PropBankFrames | None = None,
                          seed: int = 0, nlp=None, types: Sequence[str] = KEYWORD_TYPES) -> KeywordStats:
    """Count the keyword candidates of every labelled argument of an SRL corpus, and the verb
    lemmas: the frequent keywords TAILOR's CHANGE_CONTENT and CHANGE_LEMMA sample from."""
    return _keyword_stats(_analyze_gold(sentences, _parser(nlp), Counter()), frames, seed, types)


def _keyword_stats(golds: Iterable[_Gold], frames: PropBankFrames | None, seed: int,
                   types: Sequence[str] = KEYWORD_TYPES) -> KeywordStats:
    stats = KeywordStats()
    for g in golds:
        doc = g.analysis.native
        for index, (frame, gold) in enumerate(zip(g.analysis.frames, g.golds, strict=True)):
            rng = random.Random(f"{seed}:stats:{g.key}:{index}")
            stats.add("VERB", None, frame.predicate.lemma)
            for arg in sorted(frame.arguments, key=lambda a: a.span):
                label = role_label(arg.role, frame.predicate.lemma, frames, gold.frameset)
                if label is None:
                    continue
                for keyword, spec in keyword_candidates(doc, *arg.span, rng, types)[1:]:
                    stats.add(label, spec, keyword)
    return stats


def random_prompt(analysis: Analysis, index: int, rng: random.Random, *, frames: PropBankFrames | None = None,
                  frameset: str | None = None, types: Sequence[str] = KEYWORD_TYPES) -> Prompt:
    """TAILOR's random training prompt for frame ``index`` (see the module docstring);
    ``analysis.native`` must be the parsed spaCy ``Doc`` of its tokens."""
    frame = analysis.frames[index]
    gold_labels = _labels(frame, frames, frameset)
    if rng.random() < SUBSET_PROBABILITY:
        chosen = rng.sample(gold_labels, int(rng.random() * len(gold_labels)))
    else:
        chosen = list(gold_labels)
    kwargs = dict(roles=chosen, cased=True, blank_aux=True, frames=frames, frameset=frameset)
    prompt = prompt_from_frame(analysis, index, **kwargs)
    found = sum(1 for b in prompt.blanks if b.label)  # the arguments and the verb
    extra = max(rng.randint(0, MAX_RANDOM_BLANKS), found) - found
    if extra:
        prompt = prompt_from_frame(analysis, index, extra_blanks=extra, seed=rng.randrange(2**31), **kwargs)
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


def relabel_pool(lemma: str, frameset: str | None = None, frames: PropBankFrames | None = None) -> list[str]:
    """Labels a non-core argument may be relabelled with: the ARGM names and the verb's
    numbered-argument names (from its PropBank roleset, when frame files are given).

    >>> "LOCATIVE" in relabel_pool("give"), "AGENT" in relabel_pool("give")
    (True, False)
    """
    pool = list(ARGM_LABELS)
    if frames is not None:
        rolesets = frames.rolesets(lemma)
        wanted = (frameset or "").split(".")[-1].lstrip("0")
        chosen = [r for r in rolesets if wanted and r.frameset.lstrip("0") == wanted] or list(rolesets[:1])
        for roleset in chosen:
            pool += [n for n in roleset.names.values() if n not in pool and n not in CORE_LABELS]
    return pool


def negative_prompts(positive: Prompt, rng: random.Random, *, stats: KeywordStats | None = None,
                     pool: Sequence[str] = ARGM_LABELS) -> list[tuple[str, Prompt]]:
    """TAILOR's three negatives of a positive prompt, as ``(kind, prompt)``; the prompts'
    targets are the original sentence with labels updated. A negative that cannot be built
    (nothing to change) is left out."""
    header = positive.header
    out: list[tuple[str, Prompt]] = []
    noncore = [a for a in header.args if not a.is_core and a.label != "MODAL"]

    # (a) roles: tense, voice, swapped core, relabelled non-core arguments.
    ops: list[Op] = [TrainingTense(rng.choice([t for t in TENSES if t != header.verb.tense])),
                     ChangeVoice("passive" if header.verb.voice == "active" else "active")]
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
            ops.append(ChangeSpecificity(label, rng.choice([s for s in SPECIFICITIES if s != arg.specificity])))
    if ops:
        out.append(("mismatch_specificity", perturb(positive, ops)))
    return [(kind, p) for kind, p in out if p.source != positive.source]


def _parser(nlp):
    if nlp is None:
        from ..resources import load_spacy

        nlp = load_spacy()
    if "parser" not in nlp.pipe_names:
        raise TailorError("TAILOR's training data needs spaCy's dependency parser (noun chunks, voice, "
                          f"auxiliaries, blank positions); the pipeline has only {', '.join(nlp.pipe_names)}")
    return nlp


def build_examples(sentences: Iterable[ConllSentence], *, frames: PropBankFrames | None = None,
                   negatives: bool = True, seed: int = 0, nlp=None, keyword_stats: KeywordStats | None = None,
                   counts: Counter | None = None) -> Iterator[TrainingExample]:
    """Training examples from gold SRL sentences (see the module docstring).

    Deterministic given ``seed``: each predicate draws from its own generator, seeded by the
    seed and the sentence's place in its file. With ``negatives``, the keyword statistics are
    counted over ``sentences`` in a first pass (unless ``keyword_stats`` is given), so the
    sentences are held in memory. ``nlp`` is a spaCy pipeline with a parser (default: the
    installed English model). ``counts``, if given, receives the number of sentences,
    predicates, skipped predicates and examples of each kind.
    """
    counts = Counter() if counts is None else counts
    golds: Iterable[_Gold] = _analyze_gold(sentences, _parser(nlp), counts)
    if negatives and keyword_stats is None:
        golds = list(golds)
        keyword_stats = _keyword_stats(golds, frames, seed)
    for g in golds:
        for index, (frame, gold) in enumerate(zip(g.analysis.frames, g.golds, strict=True)):
            counts["predicates"] += 1
            if any(span.label.startswith("C-") for span in gold.spans):
                counts["skipped_continuation"] += 1
                continue
            try:
                yield from _examples_of(g, index, frame, gold, frames, negatives, keyword_stats, seed, counts)
            except Exception as exc:  # a bad record must not end a long data run
                counts["skipped_error"] += 1
                log.warning("skipped the predicate %d of sentence %s (%s: %s)", frame.verb, g.key,
                            type(exc).__name__, exc)


def _examples_of(g: _Gold, index: int, frame: Frame, gold, frames, negatives: bool, stats, seed: int,
                 counts: Counter) -> Iterator[TrainingExample]:
    rng = random.Random(f"{seed}:{g.key}:{index}")
    positive = random_prompt(g.analysis, index, rng, frames=frames, frameset=gold.frameset)
    meta = {"sentence": g.key, "line": g.sentence.line, "verb": frame.verb}
    rows = [TrainingExample(positive.source, positive.target, 1, "positive", **meta)]
    if negatives:
        pool = relabel_pool(frame.predicate.lemma, gold.frameset, frames)
        try:
            found = negative_prompts(positive, rng, stats=stats, pool=pool)
        except PerturbationError as exc:
            log.debug("no negatives for the predicate %d of %s: %s", frame.verb, g.key, exc)
            found = []
        rows += [TrainingExample(p.source, p.target, -1, kind, **meta) for kind, p in found]
    for row in rows:
        counts[row.kind] += 1
    yield from rows


# --------------------------------------------------------------------------------------------
# Example files
# --------------------------------------------------------------------------------------------


def write_examples(examples: Iterable[TrainingExample], path: str | Path) -> int:
    """Write examples as JSONL (one :meth:`TrainingExample.to_dict` per line); the count."""
    from ..jsonl import JsonlWriter

    n = 0
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with JsonlWriter(path) as sink:
        for example in examples:
            sink.write(example.to_dict())
            n += 1
    return n


def read_examples(path: str | Path, errors: str = "skip", counts: Counter | None = None) -> Iterator[TrainingExample]:
    """Examples from a JSONL file written by :func:`write_examples`. A bad line raises
    :class:`~engine.errors.RecordError` (``errors="raise"``) or is skipped with a warning and
    counted in ``counts["skipped_error"]`` (``errors="skip"``)."""
    if errors not in ("raise", "skip"):
        raise SeamError(f"errors must be 'raise' or 'skip', not {errors!r}")
    path = Path(path)
    if not path.is_file():
        raise ResourceNotFoundError(f"training examples file not found: {path} (expected a .jsonl file)")
    with open(path, encoding="utf-8") as handle:
        for lineno, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                yield TrainingExample.from_dict(json.loads(raw))
            except (json.JSONDecodeError, TailorError) as exc:
                if errors == "raise":
                    raise RecordError(f"{path}:{lineno}: not a training example ({exc})") from None
                if counts is not None:
                    counts["skipped_error"] += 1
                log.warning("%s:%d: skipped a bad training example (%s)", path, lineno, exc)


def is_examples_file(path: str | Path) -> bool:
    """Whether a ``.jsonl`` file holds training examples (``source``/``target``) rather than
    SRL frames: its first non-blank line decides."""
    path = Path(path)
    if path.suffix != ".jsonl" or not path.is_file():
        return False
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            if raw.strip():
                try:
                    record = json.loads(raw)
                except json.JSONDecodeError:
                    return False
                return isinstance(record, dict) and "source" in record and "target" in record
    return False


def split_examples(examples: Iterable[TrainingExample], dev_fraction: float = 0.1,
                   seed: int = 42) -> tuple[list[TrainingExample], list[TrainingExample]]:
    """A train/dev split by sentence (a sentence's rows stay together), shuffled with ``seed``
    (TAILOR's random_state 42); the dev part has ``ceil(dev_fraction * #sentences)`` sentences,
    leaving at least one for training.

    >>> rows = [TrainingExample("s", "t", 1, sentence=str(i)) for i in range(20)]
    >>> train, dev = split_examples(rows)
    >>> len(train), len(dev), set(r.sentence for r in train) & set(r.sentence for r in dev)
    (18, 2, set())
    """
    rows = list(examples)
    groups: dict[str, list[TrainingExample]] = {}
    for i, row in enumerate(rows):
        groups.setdefault(row.sentence or f"#{i}", []).append(row)
    keys = list(groups)
    random.Random(seed).shuffle(keys)
    n_dev = min(math.ceil(dev_fraction * len(keys)), len(keys) - 1) if dev_fraction > 0 and len(keys) > 1 else 0
    dev_keys = set(keys[:n_dev])
    train = [r for k in groups if k not in dev_keys for r in groups[k]]
    dev = [r for k in groups if k in dev_keys for r in groups[k]]
    return train, dev


# --------------------------------------------------------------------------------------------
# Loss
# --------------------------------------------------------------------------------------------


def tailor_loss(logits: torch.Tensor, labels: torch.Tensor, rewards: torch.Tensor, ul_alpha: float = 1.0,
                *, min_prob: float = 1e-20) -> tuple[torch.Tensor, dict[str, float]]:
    """TAILOR's loss: MLE over positive rows plus ``ul_alpha`` times unlikelihood over negative rows.

    ``logits`` is (batch, length, vocab), ``labels`` (batch, length) with
    :data:`IGNORE_INDEX` on padding, ``rewards`` (batch,): rows with reward >= 0 are positive.
    MLE is the mean of ``-log p(y_t)`` over the target tokens of positive rows; unlikelihood
    the mean of ``-log(clamp(1 - p(y_t), min=min_prob))`` over all target tokens of negative
    rows (TAILOR clamps at 1e-20, 1e-6 under fp16). A batch with no positive (or no negative)
    token has MLE (or unlikelihood) 0, never NaN. ``stats`` holds the floats ``loss``, ``mle``,
    ``ul``, ``negative_nll`` (the mean ``-log p(y_t)`` of negative tokens) and the token and row
    counts.
    """
    import torch

    logp = torch.log_softmax(logits.float(), dim=-1)
    mask = labels != IGNORE_INDEX
    token_logp = logp.gather(-1, labels.clamp(min=0).unsqueeze(-1)).squeeze(-1)
    positive_rows = (rewards >= 0).to(mask.device)
    pos = mask & positive_rows.unsqueeze(-1)
    neg = mask & ~positive_rows.unsqueeze(-1)
    n_pos, n_neg = int(pos.sum()), int(neg.sum())
    zero = logits.sum() * 0.0  # keeps the graph (and the device) when a part is empty
    mle = -(token_logp * pos).sum() / n_pos if n_pos else zero
    if n_neg:
        one_minus = torch.clamp(1.0 - token_logp.exp(), min=min_prob)
        ul = -(one_minus.log() * neg).sum() / n_neg
        negative_nll = float(-(token_logp.detach() * neg).sum() / n_neg)
    else:
        ul, negative_nll = zero, 0.0
    loss = mle + ul_alpha * ul
    stats = {"loss": float(loss.detach()), "mle": float(mle.detach()), "ul": float(ul.detach()),
             "negative_nll": negative_nll, "positive_tokens": n_pos, "negative_tokens": n_neg,
             "positive_rows": int(positive_rows.sum()), "negative_rows": int((~positive_rows).sum())}
    return loss, stats


# --------------------------------------------------------------------------------------------
# Training
# --------------------------------------------------------------------------------------------


@dataclass
class TrainResult:
    """What :func:`train` did: the final ``step``, the ``history`` of logged losses and dev
    evaluations, the last ``dev`` evaluation (None without dev rows) and where it saved."""

    output_dir: Path
    step: int
    epochs: int
    train_examples: int
    dev_examples: int
    dev: dict[str, float] | None = None
    history: list[dict[str, Any]] = field(default_factory=list)


def _encode(tokenizer, batch: Sequence[TrainingExample], max_source_length: int, max_target_length: int, device):
    import torch

    enc = tokenizer([e.source for e in batch], max_length=max_source_length, truncation=True, padding=True,
                    return_tensors="pt")
    tgt = tokenizer(text_target=[e.target for e in batch], max_length=max_target_length, truncation=True,
                    padding=True, return_tensors="pt")
    labels = tgt["input_ids"].masked_fill(tgt["attention_mask"] == 0, IGNORE_INDEX)
    rewards = torch.tensor([e.reward for e in batch])
    return enc["input_ids"].to(device), enc["attention_mask"].to(device), labels.to(device), rewards.to(device)


def _forward(model, tokenizer, batch, ul_alpha, max_source_length, max_target_length, device):
    input_ids, attention, labels, rewards = _encode(tokenizer, batch, max_source_length, max_target_length, device)
    decoder_input_ids = model.prepare_decoder_input_ids_from_labels(labels=labels)
    logits = model(input_ids=input_ids, attention_mask=attention, decoder_input_ids=decoder_input_ids).logits
    return tailor_loss(logits, labels, rewards, ul_alpha)


def evaluate(model, tokenizer, examples: Sequence[TrainingExample], *, batch_size: int = 16,
             ul_alpha: float = 1.0, max_source_length: int = 1024, max_target_length: int = 128,
             device=None) -> dict[str, float]:
    """Token-weighted losses of ``examples`` under ``model`` (eval mode, no gradient):
    ``loss`` = ``mle`` + ``ul_alpha`` * ``ul``; ``positive_nll`` (= ``mle``) and ``negative_nll``
    are the mean ``-log p`` of a target token in positive and negative rows."""
    import torch

    device = device or next(model.parameters()).device
    was_training = model.training
    model.eval()
    sums = Counter()
    try:
        with torch.no_grad():
            for first in range(0, len(examples), batch_size):
                _, s = _forward(model, tokenizer, examples[first:first + batch_size], ul_alpha,
                                max_source_length, max_target_length, device)
                sums["mle"] += s["mle"] * s["positive_tokens"]
                sums["ul"] += s["ul"] * s["negative_tokens"]
                sums["negative_nll"] += s["negative_nll"] * s["negative_tokens"]
                sums["positive_tokens"] += s["positive_tokens"]
                sums["negative_tokens"] += s["negative_tokens"]
    finally:
        model.train(was_training)
    mle = sums["mle"] / sums["positive_tokens"] if sums["positive_tokens"] else 0.0
    ul = sums["ul"] / sums["negative_tokens"] if sums["negative_tokens"] else 0.0
    neg = sums["negative_nll"] / sums["negative_tokens"] if sums["negative_tokens"] else 0.0
    return {"loss": mle + ul_alpha * ul, "mle": mle, "ul": ul, "positive_nll": mle, "negative_nll": neg,
            "positive_tokens": int(sums["positive_tokens"]), "negative_tokens": int(sums["negative_tokens"])}


STATE_FILE = "trainer_state.json"
OPTIMIZER_FILE = "optimizer.pt"


def latest_checkpoint(output_dir: str | Path) -> Path | None:
    """The ``checkpoint-<step>`` folder of ``output_dir`` with the highest step and a state file."""
    found = []
    for path in Path(output_dir).glob("checkpoint-*"):
        step = path.name.partition("-")[2]
        if step.isdigit() and (path / STATE_FILE).is_file() and (path / OPTIMIZER_FILE).is_file():
            found.append((int(step), path))
    return max(found)[1] if found else None


def _load(model_dir_or_model, tokenizer):
    if not isinstance(model_dir_or_model, str | Path):
        if tokenizer is None:
            raise TailorError("train() was given a model object: pass its tokenizer too (tokenizer=...)")
        return model_dir_or_model, tokenizer
    from transformers import AutoTokenizer, T5ForConditionalGeneration

    path = Path(model_dir_or_model)
    if not path.is_dir():
        raise ResourceNotFoundError(f"starting checkpoint not found: {path} (expected a local folder written by "
                                    "save_pretrained, e.g. a copy of t5-base; hub names are not fetched)")
    model = T5ForConditionalGeneration.from_pretrained(path, local_files_only=True)
    return model, tokenizer or AutoTokenizer.from_pretrained(path, local_files_only=True)


def train(model_dir_or_model, examples: Iterable[TrainingExample], output_dir: str | Path, *, epochs: int = 10,
          batch_size: int = 4, lr: float = 5e-5, ul_alpha: float = 1.0, max_source_length: int = 1024,
          max_target_length: int = 128, seed: int = 0, device: str | None = None, log_every: int = 100,
          save_every: int = 10000, resume: bool = True, tokenizer=None, dev_fraction: float = 0.1,
          split_seed: int = 42, max_grad_norm: float = 1.0, keep_checkpoints: int = 2,
          stop_at_step: int | None = None, progress: bool = True) -> TrainResult:
    """Fine-tune a T5 on TAILOR examples with MLE + unlikelihood; save it to ``output_dir``.

    ``model_dir_or_model`` is a local checkpoint folder (model and tokenizer) or a
    ``T5ForConditionalGeneration`` with its ``tokenizer``. The examples are split 90/10 by
    sentence (:func:`split_examples`, ``split_seed``); both splits are written to
    ``output_dir`` (``train.jsonl``, ``dev.jsonl``). Training is AdamW with a linear decay
    over all steps, batches shuffled per epoch from ``seed``, gradients clipped at
    ``max_grad_norm``. Every ``save_every`` steps and at the end a ``checkpoint-<step>``
    folder gets the model, the tokenizer, ``trainer_state.json`` (step,
    epoch, hyperparameters, history) and ``optimizer.pt`` (optimizer, schedule and random
    states); the last ``keep_checkpoints`` are kept. With ``resume``, the latest checkpoint
    is continued exactly where it stopped (same batches, weights and schedule; the running
    loss average logged in the history restarts). ``stop_at_step`` ends the call after that step
    (with a checkpoint) as if interrupted, keeping the full run's schedule. The dev loss is
    computed after every epoch. The final model, tokenizer and state go to ``output_dir``.
    """
    import torch
    from tqdm import tqdm
    from transformers import get_linear_schedule_with_warmup

    output_dir = Path(output_dir)
    output_dir.mkdir(parents=True, exist_ok=True)
    train_rows, dev_rows = split_examples(examples, dev_fraction, split_seed)
    if not train_rows:
        raise TailorError("no training examples to train on")
    write_examples(train_rows, output_dir / "train.jsonl")
    write_examples(dev_rows, output_dir / "dev.jsonl")
    hyper = {"epochs": epochs, "batch_size": batch_size, "lr": lr, "ul_alpha": ul_alpha, "seed": seed,
             "train_examples": len(train_rows), "max_source_length": max_source_length,
             "max_target_length": max_target_length}

    checkpoint = latest_checkpoint(output_dir) if resume else None
    state: dict[str, Any] = {"step": 0, "epoch": 0, "batch": 0, "history": []}
    if checkpoint is not None:
        state = json.loads((checkpoint / STATE_FILE).read_text(encoding="utf-8"))
        for key in ("batch_size", "seed", "train_examples"):
            if state.get(key) != hyper[key]:
                raise TailorError(f"cannot resume from {checkpoint}: it was trained with {key}={state.get(key)}, "
                                  f"this run has {key}={hyper[key]}; use another output folder or resume=False")
        log.info("resuming from %s (step %d)", checkpoint, state["step"])
        model, tokenizer = _load(checkpoint, None)
    else:
        model, tokenizer = _load(model_dir_or_model, tokenizer)
    device = torch.device(device or ("cuda" if torch.cuda.is_available() else "cpu"))
    torch.manual_seed(seed)
    model.to(device)
    model.train()

    steps_per_epoch = math.ceil(len(train_rows) / batch_size)
    total = steps_per_epoch * epochs
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.0)
    scheduler = get_linear_schedule_with_warmup(optimizer, 0, total)
    if checkpoint is not None:
        saved = torch.load(checkpoint / OPTIMIZER_FILE, map_location=device, weights_only=True)
        optimizer.load_state_dict(saved["optimizer"])
        scheduler.load_state_dict(saved["scheduler"])
        torch.random.set_rng_state(saved["torch_rng"])
        if saved.get("cuda_rng") is not None and torch.cuda.is_available():
            torch.cuda.set_rng_state_all(saved["cuda_rng"])

    step, history = state["step"], list(state["history"])
    epoch, done_in_epoch = state["epoch"], state["batch"]
    run = dict(loss=0.0, mle=0.0, ul=0.0, n=0)

    def save(where: Path, resumable: bool = True) -> None:
        where.mkdir(parents=True, exist_ok=True)
        model.save_pretrained(where)
        tokenizer.save_pretrained(where)
        record = {**hyper, "step": step, "epoch": epoch, "batch": done_in_epoch,
                  "steps_per_epoch": steps_per_epoch, "history": history}
        (where / STATE_FILE).write_text(json.dumps(record, indent=1), encoding="utf-8")
        if not resumable:
            return
        torch.save({"optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict(),
                    "torch_rng": torch.random.get_rng_state(),
                    "cuda_rng": torch.cuda.get_rng_state_all() if torch.cuda.is_available() else None},
                   where / OPTIMIZER_FILE)

    saved_at = -1

    def checkpoint_now() -> None:
        nonlocal saved_at
        if saved_at == step:
            return
        saved_at = step
        save(output_dir / f"checkpoint-{step}")
        old = sorted((int(p.name.partition("-")[2]), p) for p in output_dir.glob("checkpoint-*")
                     if p.name.partition("-")[2].isdigit())
        for _, path in old[: max(0, len(old) - keep_checkpoints)]:
            shutil.rmtree(path, ignore_errors=True)

    dev = next((h for h in reversed(history) if "dev_loss" in h), None)
    bar = tqdm(total=total, initial=step, unit="step", desc="train-tailor", disable=not progress, file=sys.stderr)
    stopped = False
    with bar:
        while epoch < epochs and not stopped:
            order = torch.randperm(len(train_rows), generator=torch.Generator().manual_seed(seed * 1000 + epoch))
            for b in range(done_in_epoch, steps_per_epoch):
                batch = [train_rows[i] for i in order[b * batch_size:(b + 1) * batch_size].tolist()]
                loss, stats = _forward(model, tokenizer, batch, ul_alpha, max_source_length, max_target_length, device)
                loss.backward()
                if max_grad_norm:
                    torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad()
                step, done_in_epoch = step + 1, b + 1
                for key in ("loss", "mle", "ul"):
                    run[key] += stats[key]
                run["n"] += 1
                bar.update(1)
                if log_every and step % log_every == 0:
                    entry = {"step": step, "epoch": epoch, "lr": scheduler.get_last_lr()[0],
                             **{k: run[k] / run["n"] for k in ("loss", "mle", "ul")}}
                    history.append(entry)
                    log.info("step %d: loss %.4f (mle %.4f, ul %.4f)", step, entry["loss"], entry["mle"], entry["ul"])
                    bar.set_postfix(loss=f"{entry['loss']:.3f}")
                    run = dict(loss=0.0, mle=0.0, ul=0.0, n=0)
                if stop_at_step is not None and step >= stop_at_step:
                    stopped = True
                    break
                if save_every and step % save_every == 0:
                    checkpoint_now()
            if stopped and done_in_epoch < steps_per_epoch:
                break
            if dev_rows:
                evaluation = evaluate(model, tokenizer, dev_rows, batch_size=batch_size, ul_alpha=ul_alpha,
                                      max_source_length=max_source_length, max_target_length=max_target_length,
                                      device=device)
                dev = {"epoch": epoch, "step": step, **{f"dev_{k}": v for k, v in evaluation.items()}}
                history.append(dev)
                log.info("epoch %d: dev loss %.4f (mle %.4f, ul %.4f)", epoch, evaluation["loss"],
                         evaluation["mle"], evaluation["ul"])
            epoch, done_in_epoch = epoch + 1, 0
    checkpoint_now()
    if epoch < epochs:  # stopped early
        log.info("stopped at step %d of %d; train again with resume to continue", step, total)
    else:
        save(output_dir, resumable=False)
    dev_result = {k[4:]: v for k, v in dev.items() if k.startswith("dev_")} if dev else None
    return TrainResult(output_dir, step, epoch, len(train_rows), len(dev_rows), dev_result, history)


# --------------------------------------------------------------------------------------------
# Command line: seam train-tailor
# --------------------------------------------------------------------------------------------


def add_train_parser(subparsers) -> argparse.ArgumentParser:
    """Add ``train-tailor`` to an ``argparse`` subparsers object."""
    p = subparsers.add_parser(
        "train-tailor", help="train a TAILOR generator (T5, MLE + unlikelihood) on gold SRL data",
        description="Build TAILOR training examples (a positive and up to three negatives per gold "
                    "predicate) from a CoNLL-2012 folder or file, a JSONL frames file, or read "
                    "examples written by --dump-examples, and fine-tune a local T5 checkpoint on them.")
    p.add_argument("--data", required=True, metavar="PATH",
                   help="CoNLL-2012 folder/file, SRL frames .jsonl, or training examples .jsonl")
    p.add_argument("--model", metavar="DIR", help="starting checkpoint folder (model + tokenizer, e.g. a t5-base copy)")
    p.add_argument("--output", metavar="DIR", help="where checkpoints, the splits and the final model go")
    p.add_argument("--epochs", type=int, default=10, help="default 10 (TAILOR's)")
    p.add_argument("--batch-size", type=int, default=4, help="default 4")
    p.add_argument("--lr", type=float, default=5e-5, help="AdamW learning rate, linear decay (default 5e-5)")
    p.add_argument("--ul-alpha", type=float, default=1.0, help="weight of the unlikelihood term (default 1.0)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--frames", metavar="DIR", help="PropBank frame files (names for ARG2-ARG5); default: "
                   "$SEAM_PROPBANK_FRAMES or the cache, else those arguments stay as context")
    p.add_argument("--no-negatives", action="store_true", help="positives only (plain MLE)")
    p.add_argument("--max-sentences", type=int, metavar="N", help="use the first N sentences (TAILOR used 10000)")
    p.add_argument("--dump-examples", metavar="FILE", help="write the built examples as JSONL")
    p.add_argument("--dump-only", action="store_true", help="build (and dump) the examples, do not train")
    p.add_argument("--device", help="torch device (default: cuda if available, else cpu)")
    p.add_argument("--max-source-length", type=int, default=1024, help="default 1024")
    p.add_argument("--max-target-length", type=int, default=128, help="default 128")
    p.add_argument("--save-every", type=int, default=10000, metavar="STEPS", help="checkpoint period (default 10000)")
    p.add_argument("--log-every", type=int, default=100, metavar="STEPS", help="loss logging period (default 100)")
    p.add_argument("--no-resume", action="store_true", help="start over even if OUTPUT has a checkpoint")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar or summary")
    p.set_defaults(func=run_train)
    return p


def run_train(args: argparse.Namespace) -> int:
    """Run ``seam train-tailor``. Bad records are skipped with a warning and counted."""
    if not args.dump_only and not (args.model and args.output):
        raise SeamError("train-tailor needs --model START_CHECKPOINT_DIR and --output DIR (or --dump-only)")
    if args.dump_only and not args.dump_examples:
        raise SeamError("--dump-only needs --dump-examples FILE")
    if not args.dump_only and not Path(args.model).is_dir():
        raise ResourceNotFoundError(f"starting checkpoint not found: {args.model} (expected a local folder written "
                                    "by save_pretrained, e.g. a copy of t5-base; hub names are not fetched)")
    counts: Counter = Counter()
    data = Path(args.data)
    if is_examples_file(data):
        examples = list(read_examples(data, "skip", counts))
        if args.no_negatives:
            examples = [e for e in examples if e.reward > 0]
    else:
        from ..srl.conll import read_srl_corpus
        from ..srl.propbank import PropBankFrames

        frames = PropBankFrames.find(args.frames)
        corpus_skips = _CountSkips()
        logging.getLogger("engine.srl.conll").addHandler(corpus_skips)
        try:
            from tqdm import tqdm

            sentences = itertools.islice(read_srl_corpus(data, errors="skip"), args.max_sentences)
            sentences = tqdm(sentences, total=args.max_sentences, unit="sent", desc="train-tailor: examples",
                             disable=args.quiet, file=sys.stderr)
            examples = list(build_examples(sentences, frames=frames, negatives=not args.no_negatives,
                                           seed=args.seed, counts=counts))
        finally:
            logging.getLogger("engine.srl.conll").removeHandler(corpus_skips)
        counts["skipped_malformed"] += corpus_skips.n
    if args.dump_examples:
        write_examples(examples, args.dump_examples)
    by_kind = Counter(e.kind for e in examples)
    kinds = ", ".join(f"{k} {by_kind[k]}" for k in KINDS)
    bad = sum(v for k, v in counts.items() if k in ("skipped_error", "skipped_malformed"))
    summary = f"seam: {len(examples)} examples ({kinds}); {bad} bad records skipped"
    if counts["skipped_continuation"]:
        summary += f"; {counts['skipped_continuation']} predicates with C- arguments left out"
    if args.dump_examples:
        summary += f"; wrote {args.dump_examples}"
    if args.dump_only:
        if not args.quiet:
            print(summary, file=sys.stderr)
        return 0
    if not examples:
        raise SeamError(f"no training examples could be built from {data}; check the warnings above")
    result = train(args.model, examples, args.output, epochs=args.epochs, batch_size=args.batch_size, lr=args.lr,
                   ul_alpha=args.ul_alpha, max_source_length=args.max_source_length,
                   max_target_length=args.max_target_length, seed=args.seed, device=args.device,
                   log_every=args.log_every, save_every=args.save_every, resume=not args.no_resume,
                   progress=not args.quiet)
    if not args.quiet:
        dev = f"; dev loss {result.dev['loss']:.4f}" if result.dev else ""
        print(f"{summary}\nseam: trained {result.step} steps on {result.train_examples} examples "
              f"({result.dev_examples} dev){dev}; model saved to {result.output_dir}", file=sys.stderr)
    return 0


class _CountSkips(logging.Handler):
    """Counts the corpus reader's per-record 'skipped a malformed ...' warnings."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.n = 0

    def emit(self, record: logging.LogRecord) -> None:
        if str(record.msg).startswith("skipped a malformed"):
            self.n += 1


__all__ = [
    "KINDS", "KeywordStats", "SUBSET_PROBABILITY", "TrainResult", "TrainingExample", "TrainingTense",
    "add_train_parser", "build_examples", "collect_keyword_stats", "evaluate", "is_examples_file",
    "keyword_candidates", "latest_checkpoint", "negative_prompts", "random_prompt", "read_examples",
    "relabel_pool", "run_train", "split_examples", "tailor_loss", "train", "write_examples",
]
