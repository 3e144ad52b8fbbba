"""Sorting synthetic samples into acceptable, unacceptable or discarded training data, with the
validators of the one framework (:mod:`engine.validate`).

A :class:`Sample` is an output for a source and a plan, with the label its method intends:
seed outputs of Seam's backends are meant acceptable, corruptions unacceptable. Each validator
gives, per sample, ``accept`` (acceptable), ``reject`` (unacceptable) or ``flag`` (no
opinion), with a reason. The validators meant for this (names in the validator registry):

============  ==========================================================================
``rec-val``   REC-VAL: the re-analysis recovers the plan (the change shows, the rest is kept:
              the checks every backend meets)
``erg``       the ERG parses the output (with ``veto``; only where it parses the source)
``bleu-val``  BLEU-VAL: BLEU-4 against the sample's reference; a near miss is rejected, too
              far (or identical-looking) gives no opinion
``ent-val``   ENT-VAL: two-way entailment with the reference under a local NLI model
============  ==========================================================================

:func:`sort` keeps a sample with its intended label unless the validators contradict it. A
seed output that any validator rejects is discarded. A corruption is discarded when every
validator that judges what it breaks accepts it: nothing shows what is wrong with it. Grammar
corruptions (agreement, inflection, repetition, word order) are judged by validators whose
``scope`` is grammar (the ERG); meaning corruptions (omission, swapped values, hallucination,
wrong plan) by those whose scope is meaning (REC-VAL, BLEU-VAL, ENT-VAL). A grammar validator
that does not accept the source itself has no opinion on its outputs.
:func:`report` counts the samples per method and class.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..rank import Toolkit
from ..transforms import parse
from ..validate import VALIDATOR_REGISTRY
from ..validate.base import ACCEPT, FLAG, GRAMMAR, REJECT, Item, Settings, Verdict, validate

ACCEPTABLE, UNACCEPTABLE, DISCARDED = "acceptable", "unacceptable", "discarded"
CLASSES = (ACCEPTABLE, UNACCEPTABLE, DISCARDED)
# The names ``seam train-accept --validators`` took before the one registry.
OLD_NAMES = {"rec": "rec-val", "bleu": "bleu-val", "ent": "ent-val"}


@dataclass(frozen=True)
class Sample:
    source: str
    plan: str  # the transformation expression asked for
    output: str
    intended: int  # 1 acceptable, 0 unacceptable
    method: str  # "seed", or the corruption method
    reference: str | None = None  # the seed output of the same source and plan, when known

    def item(self) -> Item:

        plan = parse(self.plan).plan() if self.plan else None
        return Item(self.source, self.output, plan, None, self.reference)


@dataclass(frozen=True)
class Sorted:
    sample: Sample
    label: str  # acceptable, unacceptable or discarded
    verdicts: dict[str, Verdict]


# What each corruption breaks: a corruption is discarded only by validators that judge what it
# breaks (REC-VAL cannot see an agreement error).
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


def validators(names: Sequence[str], settings: Settings | None = None) -> list:
    """The named validators from the registry, built for sorting (the ERG vetoes what it cannot
    parse). Old names (``rec``, ``bleu``, ``ent``) are read as the new ones."""
    settings = settings or Settings()
    if not settings.veto:
        settings = replace(settings, veto=True)
    if settings.toolkit is None:
        settings = replace(settings, toolkit=Toolkit())
    return [VALIDATOR_REGISTRY.create(OLD_NAMES.get(n, n), settings) for n in names]


def _verdicts(validator, samples: Sequence[Sample], items: list[Item]) -> list[Verdict]:
    verdicts = validate(validator, items)
    if getattr(validator, "scope", None) != GRAMMAR:
        return verdicts
    sources = list(dict.fromkeys(s.source for s in samples))
    judged = validate(validator, [Item(t, t) for t in sources])
    source_ok = {t: v.verdict == ACCEPT for t, v in zip(sources, judged, strict=True)}
    return [
        v if source_ok[s.source] else Verdict(v.validator, FLAG, "it does not accept the source")
        for s, v in zip(samples, verdicts, strict=True)
    ]


def sort(samples: Sequence[Sample], judges: Sequence) -> list[Sorted]:
    """Each sample's final class (see the module); ``judges``: validators (objects with a
    ``name``, a ``scope`` and ``check``)."""
    items = [s.item() for s in samples]
    said = {v.name: _verdicts(v, samples, items) for v in judges}
    scopes = {v.name: getattr(v, "scope", None) for v in judges}
    out = []
    for k, s in enumerate(samples):
        mine = {name: verdicts[k] for name, verdicts in said.items()}
        if s.intended == 1:
            label = DISCARDED if any(v.verdict == REJECT for v in mine.values()) else ACCEPTABLE
        else:
            kind = BREAKS.get(s.method)
            heard = [
                v.verdict
                for name, v in mine.items()
                if v.verdict != FLAG and (kind is None or scopes[name] == kind)
            ]
            label = DISCARDED if heard and all(v == ACCEPT for v in heard) else UNACCEPTABLE
        out.append(Sorted(s, label, mine))
    return out


def report(results: Sequence[Sorted]) -> dict[str, dict[str, int]]:
    """Per method: how many samples ended acceptable, unacceptable or discarded."""
    table: dict[str, Counter] = {}
    for r in results:
        table.setdefault(r.sample.method, Counter())[r.label] += 1
    return {m: {c: n[c] for c in CLASSES} for m, n in sorted(table.items())}
