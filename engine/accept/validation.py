"""The validation framework: sort synthetic samples into acceptable, unacceptable or rejected.

A :class:`Sample` is an output for a source and a plan, with the label its method intends:
seed outputs of Seam's backends are meant acceptable, corruptions unacceptable. Each
registered validator gives, per sample, ``acceptable``, ``unacceptable`` or ``None`` (cannot
tell), with a reason:

==========  ============================================================================
``rec``     REC-VAL: the re-analysis recovers the plan (the change shows, the rest is kept:
            the checks every backend meets)
``erg``     the ERG parses the output (only where it parses the source; else no opinion)
``bleu``    BLEU-VAL: BLEU-4 against the sample's reference inside a range, else no opinion
            (too far to be a near miss, or identical)
``ent``     ENT-VAL: two-way entailment with the reference under a local NLI model
            (both ways above the threshold: acceptable; else unacceptable)
==========  ============================================================================

:func:`sort` keeps a sample with its intended label unless the validators contradict it. A
seed output that any validator finds unacceptable is rejected. A corruption is rejected when
every validator that judges what it breaks finds it acceptable: nothing shows what is wrong
with it. Grammar corruptions (agreement, inflection, repetition, word order) are judged by the
ERG; meaning corruptions (omission, swapped values, hallucination, wrong plan) by REC-VAL,
BLEU-VAL and ENT-VAL.
:func:`report` counts the samples per method and class.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..registry import Registry
from ..validate.similarity import bleu

ACCEPTABLE, UNACCEPTABLE, REJECT = "acceptable", "unacceptable", "reject"


@dataclass(frozen=True)
class Sample:
    source: str
    plan: str  # the transformation expression asked for
    output: str
    intended: int  # 1 acceptable, 0 unacceptable
    method: str  # "seed", or the corruption method
    reference: str | None = None  # the seed output of the same source and plan, when known


Opinion = tuple[str | None, str]  # (acceptable / unacceptable / None, reason)
FRAMEWORK: Registry[Callable[[Sequence[Sample]], list[Opinion]]] = Registry("accept validator")


def rec_val(analyzer=None) -> Callable[[Sequence[Sample]], list[Opinion]]:
    from ..checks import keeps_source, shows_change
    from ..transforms import parse

    if analyzer is None:
        from ..analyzers import SpacyAnalyzer

        analyzer = SpacyAnalyzer()

    def check(samples: Sequence[Sample]) -> list[Opinion]:
        texts = list(dict.fromkeys(t for s in samples for t in (s.source, s.output)))
        analyses = dict(zip(texts, analyzer.analyze(texts), strict=True)) if texts else {}
        out: list[Opinion] = []
        for s in samples:
            if not s.plan:
                out.append((None, "no plan to recover"))
                continue
            plan = parse(s.plan).plan()
            why = shows_change(plan, s.output, None, analyses[s.output]) or keeps_source(
                analyses[s.source], plan, analyses[s.output]
            )
            out.append((UNACCEPTABLE, why) if why else (ACCEPTABLE, "the plan is recovered"))
        return out

    return check


def erg_val(parser=None, ace: str | None = None, grammar: str | None = None):
    from ..validate.base import ACCEPT, Item
    from ..validate.base import REJECT as V_REJECT
    from ..validate.grammar import ErgGrammaticality

    judge = ErgGrammaticality(parser, ace=ace, grammar=grammar, veto=True)

    def check(samples: Sequence[Sample]) -> list[Opinion]:
        sources = list(dict.fromkeys(s.source for s in samples))
        src_ok = {
            t: v.verdict == ACCEPT
            for t, v in zip(sources, judge.check([Item(t, t) for t in sources]), strict=True)
        }
        verdicts = judge.check([Item(s.source, s.output) for s in samples])
        out: list[Opinion] = []
        for s, v in zip(samples, verdicts, strict=True):
            if not src_ok[s.source]:
                out.append((None, "the ERG does not parse the source either"))
            elif v.verdict == ACCEPT:
                out.append((ACCEPTABLE, f"the ERG parses it ({v.reason})"))
            elif v.verdict == V_REJECT:
                out.append((UNACCEPTABLE, v.reason))
            else:
                out.append((None, v.reason))
        return out

    return check


def bleu_val(low: float = 0.2, high: float = 0.99):
    def check(samples: Sequence[Sample]) -> list[Opinion]:
        out: list[Opinion] = []
        for s in samples:
            if not s.reference:
                out.append((None, "no reference"))
                continue
            b = bleu(s.reference, s.output)
            if b >= high:
                out.append((ACCEPTABLE, f"BLEU {b:.2f}: the reference itself"))
            elif b >= low:
                out.append((UNACCEPTABLE, f"BLEU {b:.2f}: a near miss of the reference"))
            else:
                out.append((None, f"BLEU {b:.2f}: too far from the reference to judge"))
        return out

    return check


def ent_val(nli, threshold: float = 0.5):
    """``nli``: an :class:`~engine.nli.classifier.NliClassifier` (entailment probabilities)."""

    def check(samples: Sequence[Sample]) -> list[Opinion]:
        todo = [k for k, s in enumerate(samples) if s.reference]
        pairs = [(samples[k].reference, samples[k].output) for k in todo] + [
            (samples[k].output, samples[k].reference) for k in todo
        ]
        probs = nli.predict_proba_pairs(pairs) if pairs else []
        out: list[Opinion] = [(None, "no reference")] * len(samples)
        n = len(todo)
        for j, k in enumerate(todo):
            forward, backward = probs[j].get("entailment", 0.0), probs[n + j].get("entailment", 0.0)
            if min(forward, backward) >= threshold:
                out[k] = (
                    ACCEPTABLE,
                    f"two-way entailment with the reference ({forward:.2f}, {backward:.2f})",
                )
            else:
                out[k] = (
                    UNACCEPTABLE,
                    f"not a paraphrase of the reference ({forward:.2f}, {backward:.2f})",
                )
        return out

    return check


FRAMEWORK.register("rec", rec_val, help="REC-VAL: the re-analysis recovers the plan")
FRAMEWORK.register("erg", erg_val, help="the ERG parses the output")
FRAMEWORK.register("bleu", bleu_val, help="BLEU-VAL: a near miss of the reference")
FRAMEWORK.register("ent", ent_val, help="ENT-VAL: two-way entailment with the reference")


@dataclass(frozen=True)
class Sorted:
    sample: Sample
    label: str  # acceptable, unacceptable or reject
    opinions: dict[str, Opinion]


# What each validator can vouch for, and what each corruption breaks: a corruption is rejected
# only by validators that judge what it breaks (REC-VAL cannot see an agreement error).
SCOPES = {"rec": "meaning", "bleu": "meaning", "ent": "meaning", "erg": "grammar"}
BREAKS = {
    "agreement": "grammar",
    "inflection": "grammar",
    "repetition": "grammar",
    "word_order": "grammar",
    "omission": "meaning",
    "swap_values": "meaning",
    "hallucination": "meaning",
    "wrong_plan": "meaning",
}


def sort(
    samples: Sequence[Sample], validators: dict[str, Callable[[Sequence[Sample]], list[Opinion]]]
) -> list[Sorted]:
    """Each sample's final class (see the module)."""
    opinions = {name: check(samples) for name, check in validators.items()}
    out = []
    for k, s in enumerate(samples):
        mine = {name: ops[k] for name, ops in opinions.items()}
        if s.intended == 1:
            said = [o for o, _ in mine.values() if o is not None]
            label = REJECT if UNACCEPTABLE in said else ACCEPTABLE
        else:
            kind = BREAKS.get(s.method)
            said = [
                o
                for name, (o, _) in mine.items()
                if o is not None and (kind is None or SCOPES.get(name) == kind)
            ]
            label = REJECT if said and all(o == ACCEPTABLE for o in said) else UNACCEPTABLE
        out.append(Sorted(s, label, mine))
    return out


def report(results: Sequence[Sorted]) -> dict[str, dict[str, int]]:
    """Per method: how many samples ended acceptable, unacceptable or rejected."""
    table: dict[str, Counter] = {}
    for r in results:
        table.setdefault(r.sample.method, Counter())[r.label] += 1
    return {
        m: {c: n[c] for c in (ACCEPTABLE, UNACCEPTABLE, REJECT)} for m, n in sorted(table.items())
    }
