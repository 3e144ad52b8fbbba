"""Seam's one status vocabulary and the result types every layer shares.

Every record Seam writes has a ``status`` from this module:

==================  =======================================================================
``ok``              realized (contrast: both sides realized and a label inferred)
``not_applicable``  the transformation does not apply to this sentence; ``reason`` says why
``no_parse``        the backend's analyzer found no analysis (ERG: no parse)
``no_realization``  analyzed, but no realization shows the change
``timeout``         the backend ran out of time on this item
``error``           bad input (``code`` says which kind) or a backend bug (``code`` ``E999``)
``rejected``        every candidate was rejected by a validator (``--validate``)
``no_label``        contrast: both sides realized, but no label rule decides
``incompatible``    contrast: the pair expression cannot be realized (``rules/algebra.toml``)
==================  =======================================================================

``ace_error`` is the status of one ACE item (:mod:`engine.erg.ace`); backends report it as
``error``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

OK = "ok"
NOT_APPLICABLE = "not_applicable"
NO_PARSE = "no_parse"
NO_REALIZATION = "no_realization"
TIMEOUT = "timeout"
ERROR = "error"
REJECTED = "rejected"
NO_LABEL = "no_label"
INCOMPATIBLE = "incompatible"
ACE_ERROR = "ace_error"

# The statuses of a transform record, and of a contrast record.
STATUSES = (OK, NOT_APPLICABLE, NO_PARSE, NO_REALIZATION, TIMEOUT, ERROR, REJECTED)
CONTRAST_STATUSES = (*STATUSES, NO_LABEL, INCOMPATIBLE)


@dataclass(frozen=True)
class Candidate:
    """One realization; ``score`` is the backend's preference (higher is better).

    After ranking and validation (:mod:`engine.select`), ``scores`` holds every ranker's
    score and ``verdicts`` every validator's verdict; ``transformation`` names the
    alternative of a choice (``a|b``) the candidate realizes."""

    text: str
    score: float
    transformation: str = ""
    scores: dict = field(default_factory=dict, compare=False, hash=False)
    verdicts: tuple = ()
    origin: str = ""  # which realizer produced it, where a backend combines several (hybrid)

    def to_dict(self) -> dict:
        out: dict = {"text": self.text, "score": round(self.score, 6)}
        if self.transformation:
            out["transformation"] = self.transformation
        if self.origin:
            out["origin"] = self.origin
        if self.scores:
            out["scores"] = dict(self.scores)
        if self.verdicts:
            out["verdicts"] = [v.to_dict() for v in self.verdicts]
        return out


@dataclass(frozen=True)
class Realization:
    """A backend's answer for one analysis and one plan."""

    status: str
    reason: str = ""
    candidates: tuple[Candidate, ...] = field(default=())
    rejected: tuple[Candidate, ...] = field(default=())
    details: dict = field(
        default_factory=dict, compare=False, hash=False
    )  # backend facts for the record
    # on an ``error``: the engine.errors code (E999: a bug); on a shared refusal, its R code
    code: str | None = None

    @property
    def best(self) -> str | None:
        return self.candidates[0].text if self.candidates else None

    @classmethod
    def not_applicable(cls, reason: str, code: str | None = None) -> Realization:
        return cls(NOT_APPLICABLE, reason, code=code)


def carry(out: dict, fields: dict | None, reserved: frozenset = frozenset()) -> dict:
    """``out`` with the input's other ``fields`` added; one named like a key of ``out`` (or of
    ``reserved``, the keys a record may have) is written as ``input_<name>``."""
    for key, value in (fields or {}).items():
        out[key if key not in out and key not in reserved else f"input_{key}"] = value
    return out


# Every key a contrast record may have.
CONTRAST_KEYS = frozenset(
    {
        "id",
        "original_id",
        "pair",
        "premise_transformation",
        "hypothesis_transformation",
        "original",
        "premise",
        "hypothesis",
        "label",
        "rule",
        "via",
        "label_reason",
        "label_map",
        "reversed",
        "backend",
        "status",
        "reason",
        "candidates",
        "rejected",
        "code",
        "fingerprint",
        "edit_codes",
    }
)
# Every key a transform record may have: an input field of the same name is renamed.
RECORD_KEYS = frozenset(
    {
        "id",
        "source",
        "transformation",
        "backend",
        "status",
        "reason",
        "candidates",
        "best",
        "details",
        "rejected",
        "ranked_by",
        "code",
        "fingerprint",
    }
)


@dataclass
class Record:
    """One output record of ``seam transform`` (:meth:`to_json` is the JSONL line's object).

    ``code`` is set on ``error`` records: the :mod:`engine.errors` code of what went wrong
    (``E201`` bad text, ``E202`` bad input line, ``E999`` a bug). ``fingerprint`` identifies the
    input line the record came from (``--resume`` checks it). ``fields``: the input line's
    other fields (``label``, ``genre``, ...), written at the top level of the record; one named
    like a key of the record (``status``, ``best``, ...) is written as ``input_<name>``."""

    id: str
    source: str | None
    transformation: str
    backend: str
    status: str
    reason: str = ""
    candidates: tuple[Candidate, ...] = ()
    details: dict | None = None
    rejected: tuple[Candidate, ...] | None = None  # with a selector: what the validators rejected
    ranked_by: str | None = None
    code: str | None = None
    fingerprint: str | None = None
    fields: dict | None = None  # the input line's other fields, carried over

    @property
    def best(self) -> str | None:
        return self.candidates[0].text if self.candidates else None

    def to_json(self) -> dict:
        out: dict = {
            "id": self.id,
            "source": self.source,
            "transformation": self.transformation,
            "backend": self.backend,
            "status": self.status,
            "reason": self.reason,
            "candidates": [c.to_dict() for c in self.candidates],
            "best": self.best,
        }
        if self.details:
            out["details"] = dict(self.details)
        if self.rejected is not None:
            out["rejected"] = [c.to_dict() for c in self.rejected]
        if self.ranked_by is not None:
            out["ranked_by"] = self.ranked_by
        if self.code is not None:
            out["code"] = self.code
        if self.fingerprint is not None:
            out["fingerprint"] = self.fingerprint
        return carry(out, self.fields, RECORD_KEYS)


@dataclass
class ContrastRecord:
    """One output record of ``seam contrast``: a new (premise, hypothesis, label) built from an
    input pair by one pair expression. ``original`` is the input pair, ``label_map`` the label
    the rules infer for each possible original label; ``candidates``/``rejected`` (each side's)
    appear with a selector; ``code`` and ``fingerprint`` as in :class:`Record`."""

    id: str
    original_id: str
    pair: str
    premise_transformation: str
    hypothesis_transformation: str
    original: dict
    backend: str
    status: str = OK
    reason: str = ""
    premise: str | None = None
    hypothesis: str | None = None
    label: str | None = None
    rule: str | None = None
    via: list = field(default_factory=list)
    label_reason: str = ""
    label_map: dict | None = None
    reversed: bool = False
    candidates: dict | None = None
    rejected: dict | None = None
    code: str | None = None
    fingerprint: str | None = None
    edit_codes: dict | None = (
        None  # each side's Polyjuice control code (seam contrast --edit-codes)
    )
    fields: dict | None = (
        None  # the input line's other fields (genre, ...), carried over as in Record
    )
    sides: dict | None = field(
        default=None, repr=False, compare=False
    )  # new text per original side (not written)

    def to_json(self) -> dict:
        out = {
            "id": self.id,
            "original_id": self.original_id,
            "pair": self.pair,
            "premise_transformation": self.premise_transformation,
            "hypothesis_transformation": self.hypothesis_transformation,
            "original": self.original,
            "premise": self.premise,
            "hypothesis": self.hypothesis,
            "label": self.label,
            "rule": self.rule,
            "via": list(self.via),
            "label_reason": self.label_reason,
            "label_map": self.label_map,
            "reversed": self.reversed,
            "backend": self.backend,
            "status": self.status,
            "reason": self.reason,
        }
        for name in ("candidates", "rejected", "code", "fingerprint", "edit_codes"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return carry(out, self.fields, CONTRAST_KEYS)
