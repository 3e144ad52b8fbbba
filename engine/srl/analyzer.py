"""SRL analyzer: spaCy for tokens and predicate features, BERT SRL for the arguments.

:class:`SrlAnalyzer` runs :class:`~engine.analyzers.SpacyAnalyzer`, tags the verb of every
frame it found with :class:`~engine.srl.bert.BertSrlTagger`, and replaces each frame's
arguments by the tagger's PropBank spans (:func:`frames_with_srl`). Everything else of the
spaCy analysis stays: tokens, predicate features (tense, voice, modality ...), verb groups,
the main frame, and ``native`` (the spaCy ``Doc``); the analyzer name becomes ``srl``.

Arguments read off SRL spans have the span's PropBank label as role (``ARG0``,
``ARGM-TMP``, ``R-ARG0``, ``C-ARG1``), its source text, its head (the span token whose
syntactic head lies outside the span) and no grammatical ``function``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..analyzers import SpacyAnalyzer
from ..errors import InputError
from ..ir import Analysis, Argument, Frame, Sentence
from .bert import BertSrlTagger
from .tags import SrlFrame

if TYPE_CHECKING:
    from .bert import BertSrlTagger

log = logging.getLogger(__name__)


def span_head(sentence: Sentence, start: int, end: int) -> int:
    """The head token of ``[start, end)``: the one whose syntactic head lies outside the span
    (or which is the root); of several, the one nearest the root, then the first.

    >>> from engine.ir import Token
    >>> words = [("the", 2), ("old", 2), ("barn", 3), ("fell", 3)]
    >>> tokens = tuple(Token(i, w, 0, 0, head=h) for i, (w, h) in enumerate(words))
    >>> s = Sentence("the old barn fell", tokens)
    >>> span_head(s, 0, 3)
    2
    """
    tokens = sentence.tokens

    def depth(i: int) -> int:
        steps = 0
        while tokens[i].head not in (i, -1) and steps < len(tokens):
            i, steps = tokens[i].head, steps + 1
        return steps

    heads = [
        i for i in range(start, end) if not start <= tokens[i].head < end or tokens[i].head == i
    ]
    return min(heads or range(start, end), key=lambda i: (depth(i), i))


def frames_with_srl(analysis: Analysis, srl_frames: Sequence[SrlFrame]) -> Analysis:
    """``analysis`` with the arguments of each frame replaced by the SRL frame of its verb.

    SRL frames are matched to frames by verb index; a frame without one keeps its arguments.
    The ``V`` span is the predicate, not an argument, and is left out. The result is named
    ``srl``; tokens, features, ``main`` and ``native`` stay.
    """
    sentence = analysis.sentence
    by_verb: dict[int, SrlFrame] = {}
    for srl in srl_frames:
        if len(srl.tokens) != len(sentence.tokens):
            raise InputError(
                f"SRL frame of verb {srl.verb} has {len(srl.tokens)} tokens but the "
                f"analysis of {analysis.text!r} has {len(sentence.tokens)}"
            )
        by_verb.setdefault(srl.verb, srl)
    frames: list[Frame] = []
    for frame in analysis.frames:
        srl = by_verb.get(frame.verb)
        if srl is None:
            log.debug(
                "no SRL frame for the verb %d of %r; keeping its arguments",
                frame.verb,
                analysis.text,
            )
            frames.append(frame)
            continue
        arguments = tuple(
            Argument(
                role=span.label,
                span=(span.start, span.end),
                text=sentence.span_text(span.start, span.end),
                head=span_head(sentence, span.start, span.end),
            )
            for span in srl.spans
            if span.label != "V"
        )
        frames.append(replace(frame, arguments=arguments))
    return replace(analysis, frames=tuple(frames), analyzer=SrlAnalyzer.name)


class SrlAnalyzer:
    """Analyze texts with spaCy, then label every predicate's arguments with BERT SRL.

    ``tagger`` is an open :class:`~engine.srl.bert.BertSrlTagger` (else one is loaded from
    ``archive``/``tokenizer``, see :meth:`BertSrlTagger.load`); ``spacy`` an open
    :class:`~engine.analyzers.SpacyAnalyzer`. Records whose tagging fails keep the spaCy
    analysis (named ``spacy``), with a warning; no record is lost.
    """

    name = "srl"

    def __init__(
        self,
        tagger: BertSrlTagger | None = None,
        spacy: SpacyAnalyzer | None = None,
        *,
        archive: str | Path | None = None,
        tokenizer: str | Path | None = None,
        device: str | None = None,
        batch_size: int = 32,
    ):
        if tagger is None:
            tagger = BertSrlTagger.load(archive, tokenizer, device=device, batch_size=batch_size)
        self.tagger = tagger
        self.spacy = spacy if spacy is not None else SpacyAnalyzer()
        self.batch_size = batch_size

    def analyze(self, texts: Iterable[str]) -> list[Analysis]:
        """Analyze a batch of texts; the order of the output follows the input."""
        analyses = self.spacy.analyze(texts)
        out: list[Analysis] = []
        for first in range(0, len(analyses), self.batch_size):
            out.extend(self._tag_or_keep(analyses[first : first + self.batch_size]))
        return out

    def _tag_or_keep(self, batch: list[Analysis]) -> list[Analysis]:
        try:
            return self._tag(batch)
        except Exception as exc:  # whatever the model raised, no record is lost
            if len(batch) > 1:
                log.warning(
                    "SRL tagging failed for a batch of %d (%s: %s); tagging them one by one",
                    len(batch),
                    type(exc).__name__,
                    exc,
                )
                return [a for one in batch for a in self._tag_or_keep([one])]
            log.warning(
                "SRL tagging failed for %r (%s: %s); keeping the spaCy analysis",
                batch[0].text,
                type(exc).__name__,
                exc,
            )
            return batch

    def _tag(self, analyses: list[Analysis]) -> list[Analysis]:
        words = [[t.text for t in a.sentence.tokens] for a in analyses]
        verbs = [[f.verb for f in a.frames] for a in analyses]
        tagged = self.tagger.tag(words, verbs)
        return [frames_with_srl(a, srl) for a, srl in zip(analyses, tagged, strict=True)]
