"""The one validator framework: every validator of Seam (ranking, ``--validate``, and the
sorting of acceptability training data) is a :class:`Validator` built from one registry
(:data:`engine.validate.VALIDATOR_REGISTRY`) and speaks the same three verdicts.

A validator is called on a batch (``check(items) -> list[Verdict]``, one verdict per
:class:`Item`: a candidate with its source, and the plan, the source's analysis and a
reference output when known), says of each plan whether it can judge an edit made by it
(``compatible``, after TextAttack's constraint compatibility), and names what its ``accept``
vouches for (``scope``: ``grammar`` or ``meaning``; None for both).

The verdicts:

* ``accept``: nothing is wrong, as far as this validator can see;
* ``reject``: something is wrong, with the reason;
* ``flag``: the validator cannot vouch for it either way (the grammar timed out, no plan to
  check against, too far from the reference to judge) or doubts it without vetoing.

In ranking, ``reject`` removes the candidate from the ranked list (the record keeps it, with
the verdict, under ``rejected``) and ``flag`` keeps it but ranks it after every unflagged
candidate. In the sorting of training data (:func:`engine.accept.validation.sort`) ``accept``
says acceptable, ``reject`` unacceptable, and ``flag`` has no opinion. A validator never loses
an item: it gives a verdict for every one.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

ACCEPT, FLAG, REJECT = "accept", "flag", "reject"
VERDICTS = (ACCEPT, FLAG, REJECT)
GRAMMAR, MEANING = "grammar", "meaning"


@dataclass(frozen=True)
class Item:
    """A candidate to validate: ``text`` made from ``source`` by ``plan`` (an
    :class:`~engine.transforms.EditPlan`, or None), ``analysis`` the source's IR if known,
    ``reference`` another output for the same source and plan (a second opinion) if known."""

    source: str
    text: str
    plan: Any = None
    analysis: Any = None
    reference: str | None = None


@dataclass(frozen=True)
class Verdict:
    validator: str
    verdict: str
    reason: str = ""

    def to_dict(self) -> dict:
        return {"validator": self.validator, "verdict": self.verdict, "reason": self.reason}


class Validator(abc.ABC):
    """The base of every validator. A subclass sets ``name`` (its registry name) and
    ``scope``, implements :meth:`check`, and overrides :meth:`compatible` when it can judge
    only some plans. :meth:`validate` is what callers use: it gives the items whose plan the
    validator cannot judge a ``flag`` saying so, and the others to :meth:`check`."""

    name: ClassVar[str] = ""
    scope: ClassVar[str | None] = None

    incompatible_reason: ClassVar[str] = "cannot judge this plan"

    @abc.abstractmethod
    def check(self, items: Sequence[Item]) -> list[Verdict]:
        """One verdict per item, in order (a batch: resources are used once per call)."""

    def compatible(self, plan: Any) -> bool:
        """Whether this validator can judge an edit made by ``plan``."""
        return True

    def applies(self, item: Item) -> bool:
        """Whether this validator can judge ``item`` (by default: whether it is compatible with
        its plan; a validator that compares with the reference needs one)."""
        return self.compatible(item.plan)

    def validate(self, items: Sequence[Item]) -> list[Verdict]:
        """:meth:`check` on the items it :meth:`applies` to; a ``flag`` saying why on the others."""
        todo = [k for k, item in enumerate(items) if self.applies(item)]
        out = [Verdict(self.name, FLAG, self.incompatible_reason)] * len(items)
        for k, verdict in zip(
            todo, self.check([items[k] for k in todo]) if todo else [], strict=True
        ):
            out[k] = verdict
        return out


def validate(validator: Any, items: Sequence[Item]) -> list[Verdict]:
    """Run any validator on ``items``: a :class:`Validator` through :meth:`Validator.validate`,
    or an object of an outside package that only has ``name`` and ``check``."""
    run = getattr(validator, "validate", None) or validator.check
    return run(items) if items else []


@dataclass(frozen=True)
class Settings:
    """What the registry's factories build validators from (one object for every caller):
    ``toolkit`` (a :class:`~engine.rank.Toolkit`: the analyzer, the NLI model, the language
    models, the device), ``parses`` (a recorded-parses JSONL) or ``ace`` / ``grammar`` for the
    ERG, ``veto`` (the ERG rejects what it cannot parse, rather than flagging it),
    ``bleu_range`` (low, high) for ``bleu``, ``near_miss`` (low, high) for ``bleu-val``,
    ``expect`` (``same`` / ``different``) for ``entailment``, ``threshold`` for ``ent-val``,
    ``max_drop`` and ``likelihood_lm`` for ``likelihood``, ``accept_model`` for ``accept``."""

    toolkit: Any = None
    parses: Any = None
    ace: str | None = None
    grammar: str | None = None
    veto: bool = False
    bleu_range: tuple[float, float] = (0.1, 0.95)
    near_miss: tuple[float, float] = (0.2, 0.99)
    expect: str = "same"
    threshold: float = 0.5
    max_drop: float = 50.0
    likelihood_lm: str | None = None
    accept_model: str | None = None


def worst(verdicts: Sequence[Verdict]) -> str:
    """The overall verdict: ``reject`` if any rejects, else ``flag`` if any flags, else
    ``accept``."""
    found = {v.verdict for v in verdicts}
    return REJECT if REJECT in found else FLAG if FLAG in found else ACCEPT
