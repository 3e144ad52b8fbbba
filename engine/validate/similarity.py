"""Validators that compare a candidate with its source: BLEU range, entailment, likelihood.

After the validation framework of the acceptability paper (BLEU-VAL and ENT-VAL): a sample
is sorted by where its BLEU against the seed falls, and by two-way entailment with the seed
under an NLI model. Here both are validators: BLEU outside ``[low, high]`` is rejected (too
far from the source to be a controlled edit, or too close to have changed), and the
entailment validator judges whether meaning is kept (``expect="same"``: passive, cleft,
paraphrase) or changed (``expect="different"``: negation, tense shifts for contrast sets).

The likelihood validator is TAILOR's and Polyjuice's fluency filter: reject a candidate
whose log-probability (sentence, or the edited phrase in context) falls by ``max_drop`` nats
or more against the source; TAILOR used 50, Polyjuice 10.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import RankError
from ..rank.closeness import tokens
from ..rank.deltas import deltas
from .base import ACCEPT, FLAG, GRAMMAR, MEANING, REJECT, Item, Validator, Verdict


def bleu(source: str, text: str) -> float:
    """Sentence BLEU-4 of ``text`` against ``source`` (lower-cased tokens, NLTK's smoothing
    method 1, so short sentences do not fall to 0 for want of a 4-gram match).

    >>> bleu("A man is riding a bike.", "A man is riding a bike.")
    1.0
    >>> round(bleu("A man is riding a bike.", "A man was riding a bike."), 3)
    0.489
    """
    from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

    ref, hyp = tokens(source), tokens(text)
    if not ref or not hyp:
        return 0.0
    return float(sentence_bleu([ref], hyp, smoothing_function=SmoothingFunction().method1))


class BleuRange(Validator):
    name = "bleu"
    scope = MEANING

    def __init__(self, low: float = 0.1, high: float = 0.95):
        if not 0.0 <= low < high <= 1.0:
            raise RankError(f"the BLEU range must satisfy 0 <= low < high <= 1, got {low}, {high}")
        self.low, self.high = low, high

    def check(self, items: Sequence[Item]) -> list[Verdict]:
        out = []
        for item in items:
            b = bleu(item.source, item.text)
            if b < self.low:
                out.append(
                    Verdict(
                        self.name, REJECT, f"BLEU {b:.3f} < {self.low}: too far from the source"
                    )
                )
            elif b > self.high:
                out.append(
                    Verdict(
                        self.name, REJECT, f"BLEU {b:.3f} > {self.high}: too close to the source"
                    )
                )
            else:
                out.append(Verdict(self.name, ACCEPT, f"BLEU {b:.3f}"))
        return out


class Entailment(Validator):
    """Two-way entailment with the source under a local NLI model.

    ``expect="same"``: accept when both directions are entailment with probability at least
    ``accept``; reject when either direction is neutral or contradiction with probability at
    least ``reject``; flag otherwise. ``expect="different"`` swaps accept and reject (a
    contrast must not be a paraphrase). The paper's thresholds were 0.95 / 0.5-0.7.
    """

    name = "entailment"
    scope = MEANING

    def __init__(self, classifier, expect: str = "same", accept: float = 0.9, reject: float = 0.7):
        if expect not in ("same", "different"):
            raise RankError(f"expect must be 'same' or 'different', got {expect!r}")
        self.classifier = classifier
        self.expect = expect
        self.accept, self.reject = accept, reject

    def check(self, items: Sequence[Item]) -> list[Verdict]:
        pairs = [(i.source, i.text) for i in items] + [(i.text, i.source) for i in items]
        probs = self.classifier.predict_proba_pairs(pairs) if items else []
        n = len(items)
        out = []
        for k in range(n):
            fwd, back = probs[k], probs[n + k]
            ent = min(fwd.get("entailment", 0.0), back.get("entailment", 0.0))
            other = max(
                fwd.get("neutral", 0.0),
                fwd.get("contradiction", 0.0),
                back.get("neutral", 0.0),
                back.get("contradiction", 0.0),
            )
            same, different = ent >= self.accept, other >= self.reject
            detail = f"two-way entailment {ent:.2f}, strongest non-entailment {other:.2f}"
            if same == different:
                out.append(Verdict(self.name, FLAG, f"undecided: {detail}"))
            elif same == (self.expect == "same"):
                out.append(Verdict(self.name, ACCEPT, detail))
            else:
                what = "meaning changed" if self.expect == "same" else "meaning kept"
                out.append(Verdict(self.name, REJECT, f"{what}: {detail}"))
        return out


class LikelihoodDrop(Validator):
    name = "likelihood"
    scope = GRAMMAR

    def __init__(self, lm, max_drop: float = 50.0, nlp=None):
        if max_drop <= 0:
            raise RankError(f"max_drop must be positive, got {max_drop}")
        self.lm, self.max_drop, self.nlp = lm, max_drop, nlp

    def check(self, items: Sequence[Item]) -> list[Verdict]:

        good = [k for k, i in enumerate(items) if i.text.strip()]
        found = deltas(
            self.lm, [items[k].source for k in good], [items[k].text for k in good], nlp=self.nlp
        )
        out = [Verdict(self.name, REJECT, "empty text")] * len(items)
        for k, d in zip(good, found, strict=True):
            detail = (
                f"log-prob drop: sentence {d.pr_sent:.2f}, phrase {d.pr_phrase:.2f} "
                f"({d.op} {d.source_phrase!r} -> {d.phrase!r})"
            )
            verdict = REJECT if d.worst >= self.max_drop else ACCEPT
            out[k] = Verdict(
                self.name, verdict, detail if verdict == ACCEPT else f"{detail} >= {self.max_drop}"
            )
        return out


class NearMiss(Validator):
    """BLEU-VAL (after Batra et al.): BLEU-4 of the candidate against its ``reference`` (another
    output for the same source and plan). At ``high`` or above it is the reference itself
    (``accept``); in ``[low, high)`` a near miss of it (``reject``); below ``low`` too far from
    it to judge, or no reference (``flag``)."""

    name = "bleu-val"
    scope = MEANING
    incompatible_reason = "no reference"

    def __init__(self, low: float = 0.2, high: float = 0.99):
        if not 0.0 <= low < high <= 1.0:
            raise RankError(f"the BLEU range must satisfy 0 <= low < high <= 1, got {low}, {high}")
        self.low, self.high = low, high

    def applies(self, item: Item) -> bool:
        return bool(item.reference)

    def check(self, items: Sequence[Item]) -> list[Verdict]:
        out = []
        for item in items:
            b = bleu(item.reference or "", item.text)
            if b >= self.high:
                out.append(Verdict(self.name, ACCEPT, f"BLEU {b:.2f}: the reference itself"))
            elif b >= self.low:
                out.append(
                    Verdict(self.name, REJECT, f"BLEU {b:.2f}: a near miss of the reference")
                )
            else:
                out.append(
                    Verdict(self.name, FLAG, f"BLEU {b:.2f}: too far from the reference to judge")
                )
        return out


class ReferenceEntailment(Validator):
    """ENT-VAL (after Batra et al.): two-way entailment between the candidate and its
    ``reference`` under a local NLI model (an :class:`~engine.nli.classifier.NliClassifier`):
    both directions at ``threshold`` or above is ``accept`` (a paraphrase of the reference),
    else ``reject``; no reference is ``flag``."""

    name = "ent-val"
    scope = MEANING
    incompatible_reason = "no reference"

    def __init__(self, classifier, threshold: float = 0.5):
        self.classifier, self.threshold = classifier, threshold

    def applies(self, item: Item) -> bool:
        return bool(item.reference)

    def check(self, items: Sequence[Item]) -> list[Verdict]:
        pairs = [(i.reference or "", i.text) for i in items] + [
            (i.text, i.reference or "") for i in items
        ]
        probs = self.classifier.predict_proba_pairs(pairs) if pairs else []
        n = len(items)
        out = []
        for k in range(n):
            forward = probs[k].get("entailment", 0.0)
            backward = probs[n + k].get("entailment", 0.0)
            detail = f"({forward:.2f}, {backward:.2f})"
            out.append(
                Verdict(self.name, ACCEPT, f"two-way entailment with the reference {detail}")
                if min(forward, backward) >= self.threshold
                else Verdict(self.name, REJECT, f"not a paraphrase of the reference {detail}")
            )
        return out
