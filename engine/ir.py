"""The shared intermediate representation (IR).

Every analyzer (spaCy, ERG, SRL) produces an :class:`Analysis`; every backend reads one.
All values are frozen dataclasses and round-trip through JSON::

    >>> from engine import analyze
    >>> analysis = analyze("The dogs chased a cat.")[0]
    >>> Analysis.from_json(analysis.to_json()) == analysis
    True

Conventions
-----------
* Token spans are ``(start, end)`` token indices, end exclusive; tokens keep their character
  offsets into ``Sentence.text``, so every span maps back to the source.
* Roles are PropBank labels (``ARG0``, ``ARG1``, ``ARGM-TMP`` ...); :func:`readable_role`
  gives the readable names TAILOR's control codes use (AGENT, PATIENT, TEMPORAL ...).
* ``native`` holds the structure an analyzer came from (a spaCy ``Doc``, an MRS). It is not
  part of equality and is not serialized; an MRS is kept as text in ``Analysis.mrs``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal

Tense = Literal["past", "pres", "fut"]
Voice = Literal["active", "passive"]
Polarity = Literal["pos", "neg"]
Force = Literal["prop", "ques"]

TENSES: tuple[str, ...] = ("past", "pres", "fut")
VOICES: tuple[str, ...] = ("active", "passive")
POLARITIES: tuple[str, ...] = ("pos", "neg")
FORCES: tuple[str, ...] = ("prop", "ques")
MODALS: tuple[str, ...] = (
    "may",
    "might",
    "must",
    "can",
    "could",
    "should",
    "would",
    "will",
    "shall",
)

# PropBank -> TAILOR readable names (TAILOR's tag table; ARG0/ARG1 are always AGENT/PATIENT).
# ADVEJECTIVAL is TAILOR's own spelling, which its checkpoint was trained with.
_READABLE = {
    "V": "VERB",
    "ARG0": "AGENT",
    "ARG1": "PATIENT",
    "ARGM-COM": "COMITATIVE",
    "ARGM-LOC": "LOCATIVE",
    "ARGM-DIR": "DIRECTIONAL",
    "ARGM-GOL": "GOAL",
    "ARGM-MNR": "MANNER",
    "ARGM-TMP": "TEMPORAL",
    "ARGM-EXT": "EXTENT",
    "ARGM-REC": "RECIPROCAL",
    "ARGM-PRD": "PREDICATE",
    "ARGM-PRP": "PURPOSE",
    "ARGM-CAU": "CAUSE",
    "ARGM-DIS": "DISCOURSE",
    "ARGM-ADV": "ADVERBIAL",
    "ARGM-ADJ": "ADVEJECTIVAL",
    "ARGM-MOD": "MODAL",
    "ARGM-NEG": "NEGATION",
    "ARGM-DSP": "SPEECH",
    "ARGM-LVB": "LIGHT",
    "ARGM-CXN": "CONSTRUCTION",
}
_ROLE_OF_READABLE = {v: k for k, v in _READABLE.items()}
READABLE_NAMES: tuple[str, ...] = tuple(_READABLE.values())


def readable_role(role: str) -> str:
    """PropBank role -> TAILOR readable name; numbered roles above ARG1 stay as they are.

    >>> readable_role("ARGM-TMP"), readable_role("ARG0"), readable_role("ARG2")
    ('TEMPORAL', 'AGENT', 'ARG2')
    """
    return _READABLE.get(role, role)


def propbank_role(name: str) -> str:
    """Readable name or PropBank label -> PropBank label (``AGENT`` -> ``ARG0``)."""
    return _ROLE_OF_READABLE.get(name.upper(), name.upper())


@dataclass(frozen=True)
class Token:
    """One token with its character offsets in the sentence text."""

    i: int
    text: str
    start: int
    end: int
    lemma: str = ""
    pos: str = ""
    tag: str = ""
    dep: str = ""
    head: int = -1
    whitespace: str = ""
    ent_type: str = ""


@dataclass(frozen=True)
class Sentence:
    """The source text and its tokens."""

    text: str
    tokens: tuple[Token, ...] = ()

    def span_text(self, start: int, end: int) -> str:
        """Source text of the token span ``[start, end)`` (exact, with inner whitespace)."""
        if start >= end:
            return ""
        return self.text[self.tokens[start].start : self.tokens[end - 1].end]


@dataclass(frozen=True)
class Predicate:
    """A predicate and its grammatical features.

    ``tense`` is None for non-finite predicates; ``modality`` is the modal lemma or None;
    ``cleft`` is the focused PropBank role of an it-cleft, or None.
    """

    lemma: str
    tense: Tense | None = "pres"
    progressive: bool = False
    perfect: bool = False
    voice: Voice = "active"
    modality: str | None = None
    polarity: Polarity = "pos"
    force: Force = "prop"
    cleft: str | None = None

    def features(self) -> dict[str, Any]:
        """The editable features (everything but the lemma) as a dict."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "lemma"}


@dataclass(frozen=True)
class Argument:
    """A semantic argument: PropBank role, token span, text and head token index.

    ``function`` is the grammatical function it fills where the analyzer knows it
    (``subj``, ``obj``, ``iobj``, ``agent``, ``attr``, ``pp``, ``adv``, ``comp``, ``aux``,
    ``neg``); realizers that move phrases need it, role-based ones ignore it.
    """

    role: str
    span: tuple[int, int]
    text: str
    head: int
    function: str = ""

    @property
    def name(self) -> str:
        """TAILOR's readable role name (AGENT, PATIENT, TEMPORAL, ...)."""
        return readable_role(self.role)


@dataclass(frozen=True)
class Frame:
    """One predicate with its features, its verb group and its arguments.

    ``verb`` is the token index of the lexical verb (or the copula); ``verb_group`` lists
    the token indices of the auxiliaries, negation and verb that make up the predicate.
    """

    predicate: Predicate
    verb: int
    verb_group: tuple[int, ...] = ()
    arguments: tuple[Argument, ...] = ()
    finite: bool = True
    clause: str = "main"

    def argument(self, role: str) -> Argument | None:
        """The first argument with this PropBank role (or readable name), or None."""
        role = propbank_role(role)
        for arg in self.arguments:
            if arg.role == role:
                return arg
        return None

    @property
    def roles(self) -> tuple[str, ...]:
        return tuple(a.role for a in self.arguments)


@dataclass(frozen=True)
class Analysis:
    """A sentence with its frames; ``main`` indexes the frame transformations target."""

    sentence: Sentence
    frames: tuple[Frame, ...] = ()
    main: int | None = None
    analyzer: str = ""
    mrs: str | None = None
    native: Any = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        return self.sentence.text

    def subtree(self, i: int) -> set[int]:
        """The indices of the tokens token ``i`` heads, directly or not, ``i`` included."""
        tokens = self.sentence.tokens
        found = {i}
        changed = True
        while changed:
            changed = False
            for t in tokens:
                if t.i not in found and t.head in found and t.head != t.i:
                    found.add(t.i)
                    changed = True
        return found

    @property
    def main_frame(self) -> Frame | None:
        return None if self.main is None else self.frames[self.main]

    # -- JSON ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``native`` is left out)."""
        data = asdict(replace(self, native=None))
        data.pop("native")
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Analysis:
        sent = data["sentence"]
        sentence = Sentence(
            text=sent["text"], tokens=tuple(Token(**t) for t in sent.get("tokens", ()))
        )
        frames = tuple(
            Frame(
                predicate=Predicate(**fr["predicate"]),
                verb=fr["verb"],
                verb_group=tuple(fr.get("verb_group", ())),
                arguments=tuple(
                    Argument(
                        role=a["role"],
                        span=tuple(a["span"]),
                        text=a["text"],
                        head=a["head"],
                        function=a.get("function", ""),
                    )
                    for a in fr.get("arguments", ())
                ),
                finite=fr.get("finite", True),
                clause=fr.get("clause", "main"),
            )
            for fr in data.get("frames", ())
        )
        return cls(
            sentence=sentence,
            frames=frames,
            main=data.get("main"),
            analyzer=data.get("analyzer", ""),
            mrs=data.get("mrs"),
        )

    @classmethod
    def from_json(cls, text: str) -> Analysis:
        return cls.from_dict(json.loads(text))
