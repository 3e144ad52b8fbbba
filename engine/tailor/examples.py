"""TAILOR training examples from gold SRL.

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

One module, over 400 lines: the positives, the three kinds of negatives and the keyword
statistics that choose their blanks are built from the same gold predicate in one pass; the
reading and writing of examples files is the other half of the same format.
"""

from __future__ import annotations

import json
import logging
import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import RecordError, ResourceNotFoundError, SeamError, TailorError
from ..ir import Analysis, Frame, Predicate
from .inputs import role_label
from .perturb import (
    PerturbationError,
)

if TYPE_CHECKING:
    from ..srl.conll import ConllSentence
    from ..srl.propbank import PropBankFrames

from ..analyzers import SpacyAnalyzer
from ..jsonl import JsonlWriter
from ..resources import load_spacy
from ..srl.analyzer import frames_with_srl
from .sampling import (
    KEYWORD_TYPES,
    KeywordStats,
    keyword_candidates,
    negative_prompts,
    random_prompt,
    relabel_pool,
)

log = logging.getLogger(__name__)


KINDS = ("positive", "mismatch_roles", "mismatch_keywords", "mismatch_specificity")


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
            raise TailorError(
                f"a training example's kind must be one of {', '.join(KINDS)}, not {self.kind!r}"
            )

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
            return cls(
                data["source"],
                data["target"],
                int(data.get("reward", 1)),
                str(data.get("kind", "positive")),
                str(data.get("sentence", "")),
                int(data.get("line", 0)),
                int(data.get("verb", -1)),
            )
        except (TypeError, ValueError) as exc:
            raise TailorError(f"bad training example field ({exc})") from None


@dataclass
class _Gold:
    """A sentence analysed for training: the IR with one frame per gold predicate."""

    sentence: ConllSentence
    key: str
    analysis: Analysis
    golds: list  # the SrlFrame of each IR frame, same order


def _sentence_key(sentence: ConllSentence) -> str:
    where = sentence.path or sentence.document or "<corpus>"
    return (
        f"{where}:{sentence.line}" if sentence.line else f"{where}#{sentence.part}.{sentence.index}"
    )


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
    return Predicate(lemma=lemma, tense=tense, voice="passive" if passive else "active"), tuple(
        group
    )


def _analyze_gold(sentences: Iterable[ConllSentence], nlp, counts: Counter) -> Iterator[_Gold]:
    """spaCy over the gold tokens (parser on), gold arguments merged in."""
    from spacy.tokens import Doc

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
    analysis = frames_with_srl(
        replace(base, frames=tuple(frames), main=0 if frames else None), golds
    )
    return _Gold(sentence, key, analysis, golds)


def collect_keyword_stats(
    sentences: Iterable[ConllSentence],
    *,
    frames: PropBankFrames | None = None,
    seed: int = 0,
    nlp=None,
    types: Sequence[str] = KEYWORD_TYPES,
) -> KeywordStats:
    """Count the keyword candidates of every labelled argument of an SRL corpus, and the verb
    lemmas: the frequent keywords TAILOR's CHANGE_CONTENT and CHANGE_LEMMA sample from."""
    return _keyword_stats(_analyze_gold(sentences, _parser(nlp), Counter()), frames, seed, types)


def _keyword_stats(
    golds: Iterable[_Gold],
    frames: PropBankFrames | None,
    seed: int,
    types: Sequence[str] = KEYWORD_TYPES,
) -> KeywordStats:
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


def _parser(nlp):
    if nlp is None:
        nlp = load_spacy()
    if "parser" not in nlp.pipe_names:
        raise TailorError(
            "TAILOR's training data needs spaCy's dependency parser (noun chunks, voice, "
            f"auxiliaries, blank positions); the pipeline has only {', '.join(nlp.pipe_names)}"
        )
    return nlp


def build_examples(
    sentences: Iterable[ConllSentence],
    *,
    frames: PropBankFrames | None = None,
    negatives: bool = True,
    seed: int = 0,
    nlp=None,
    keyword_stats: KeywordStats | None = None,
    counts: Counter | None = None,
) -> Iterator[TrainingExample]:
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
                yield from _examples_of(
                    g, index, frame, gold, frames, negatives, keyword_stats, seed, counts
                )
            except Exception as exc:  # a bad record must not end a long data run
                counts["skipped_error"] += 1
                log.warning(
                    "skipped the predicate %d of sentence %s (%s: %s)",
                    frame.verb,
                    g.key,
                    type(exc).__name__,
                    exc,
                )


def _examples_of(
    g: _Gold,
    index: int,
    frame: Frame,
    gold,
    frames,
    negatives: bool,
    stats,
    seed: int,
    counts: Counter,
) -> Iterator[TrainingExample]:
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


def write_examples(examples: Iterable[TrainingExample], path: str | Path) -> int:
    """Write examples as JSONL (one :meth:`TrainingExample.to_dict` per line); the count."""

    n = 0
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with JsonlWriter(path) as sink:
        for example in examples:
            sink.write(example.to_dict())
            n += 1
    return n


def read_examples(
    path: str | Path, errors: str = "skip", counts: Counter | None = None
) -> Iterator[TrainingExample]:
    """Examples from a JSONL file written by :func:`write_examples`. A bad line raises
    :class:`~engine.errors.RecordError` (``errors="raise"``) or is skipped with a warning and
    counted in ``counts["skipped_error"]`` (``errors="skip"``)."""
    if errors not in ("raise", "skip"):
        raise SeamError(f"errors must be 'raise' or 'skip', not {errors!r}")
    path = Path(path)
    if not path.is_file():
        raise ResourceNotFoundError(
            f"training examples file not found: {path} (expected a .jsonl file)"
        )
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


def split_examples(
    examples: Iterable[TrainingExample], dev_fraction: float = 0.1, seed: int = 42
) -> tuple[list[TrainingExample], list[TrainingExample]]:
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
    n_dev = (
        min(math.ceil(dev_fraction * len(keys)), len(keys) - 1)
        if dev_fraction > 0 and len(keys) > 1
        else 0
    )
    dev_keys = set(keys[:n_dev])
    train = [r for k in groups if k not in dev_keys for r in groups[k]]
    dev = [r for k in groups if k in dev_keys for r in groups[k]]
    return train, dev
