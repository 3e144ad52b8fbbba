r"""TAILOR's control-code format: headers, blanks, prompts, targets, and reading generations back.

A TAILOR input is a bracketed *header* of control codes, a space, and the *context* with
blanks (T5 sentinels ``<extra_id_N>``, numbered from 0 in surface order), on one line (broken
here after the header)::

    [VERB+active+past: comfort | AGENT+complete: the nurse | PATIENT+partial: child]
    <extra_id_0> <extra_id_1> <extra_id_2> .

The target the generator was trained to produce is the whole context with every blank filled:
an argument blank as ``[LABEL: text]``, an auxiliary blank as its plain text, an empty blank
as nothing. Generated text is read back into labelled spans and clean text by
:func:`parse_generation`, which tolerates the model's usual noise (a missing bracket, a
misspelt label, stray sentinels) and rejects degenerate output with
:class:`~engine.errors.DegenerateGenerationError`.

Codes follow the released ``allenai/tailor`` checkpoint exactly: the label spellings
(including its ``ADVEJECTIVAL``), ``present``/``future`` as tense names, the ``+spec`` part
left out for ``*`` keywords, and the order VERB, AGENT, PATIENT, then the other roles.

>>> h = Header(VerbControl("comfort", "active", "past"),
...            (ArgControl("AGENT", "the nurse", "complete"), ArgControl("MODAL")))
>>> str(h)
'[VERB+active+past: comfort | AGENT+complete: the nurse | MODAL: *]'
>>> Header.parse(str(h)) == h
True

One module, over 400 lines: the header, the blanks, the prompt and the parsing of a generation
are one format; a change to one side (writing) must be mirrored on the other (reading), so they
are kept together and tested as round trips.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..errors import DegenerateGenerationError, TailorError
from ..ir import READABLE_NAMES

ANY = "*"  # TAILOR's RANDOM_TAG: "any content"
SPECIFICITIES = ("complete", "partial", "sparse")
VOICES = ("active", "passive")
TENSES = ("past", "present", "future")
# The IR's tense names <-> TAILOR's.
TENSE_OF_IR = {"past": "past", "pres": "present", "fut": "future"}
CORE_LABELS = ("AGENT", "PATIENT")


def tailor_tense(tense: str | None, perfect: bool = False) -> str:
    """TAILOR's tense of an IR predicate. TAILOR reads a perfect from its participle (*has
    comforted* is ``past``), which is what its checkpoint was trained on; the future is
    *will*/*shall*; a non-finite predicate counts as present.

    >>> tailor_tense("pres", perfect=True), tailor_tense("fut"), tailor_tense(None)
    ('past', 'future', 'present')
    """
    if tense == "fut":
        return "future"
    if perfect:
        return "past"
    return TENSE_OF_IR.get(tense or "pres", "present")


# Labels a generation may carry: the readable ARGM names, the numbered-argument names that
# PropBank frame files give, VERB, AGENT and PATIENT (TAILOR's GOLD_TAGS).
GOLD_LABELS: tuple[str, ...] = tuple(
    sorted(set(READABLE_NAMES) | {"INSTRUMENT", "ATTRIBUTE", "START", "END"})
)

_SENTINEL = re.compile(r"<extra_id_(\d+)>")
_SPECIAL = re.compile(r"</s>|<pad>|<unk>|<s>")


def sentinel(i: int) -> str:
    """The T5 sentinel for blank ``i`` (TAILOR's blanks are sentinels, not the paper's ``<id_i>``).

    >>> sentinel(3)
    '<extra_id_3>'
    """
    return f"<extra_id_{i}>"


def specificity_of(keyword: str, n_tokens: int) -> str:
    """TAILOR's keyword specificity: ``complete`` when the keyword has as many words as the span
    has tokens, ``partial`` when at most 5 fewer, else ``sparse``.

    >>> specificity_of("the nurse", 2), specificity_of("nurse", 4), specificity_of("room", 9)
    ('complete', 'partial', 'sparse')
    """
    k = len(keyword.split())
    if k >= n_tokens:
        return "complete"
    return "partial" if n_tokens - k <= 5 else "sparse"


# --------------------------------------------------------------------------------------------
# Header
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class VerbControl:
    """The predicate control ``VERB+voice+tense: lemma``."""

    lemma: str
    voice: str = "active"
    tense: str = "present"

    def __post_init__(self):
        if self.voice not in VOICES:
            raise TailorError(f"verb voice must be one of {', '.join(VOICES)}, not {self.voice!r}")
        if self.tense not in TENSES:
            raise TailorError(f"verb tense must be one of {', '.join(TENSES)}, not {self.tense!r}")

    def __str__(self) -> str:
        return f"VERB+{self.voice}+{self.tense}: {self.lemma}"


@dataclass(frozen=True)
class ArgControl:
    """An argument control ``LABEL+specificity: keyword``; keyword ``*`` means any content,
    and then the specificity is left out (``MODAL: *``)."""

    label: str
    keyword: str = ANY
    specificity: str | None = None

    def __post_init__(self):
        if self.specificity is not None and self.specificity not in SPECIFICITIES:
            raise TailorError(
                f"specificity must be one of {', '.join(SPECIFICITIES)}, not {self.specificity!r}"
            )
        if not self.label or not re.fullmatch(r"[A-Z][A-Z0-9-]*", self.label):
            raise TailorError(
                "argument label must be an upper-case role name (AGENT, LOCATIVE ...), not "
                f"{self.label!r}"
            )

    @property
    def is_core(self) -> bool:
        return self.label in CORE_LABELS

    def __str__(self) -> str:
        if self.keyword == ANY or not self.specificity:
            return f"{self.label}: {self.keyword}"
        return f"{self.label}+{self.specificity}: {self.keyword}"


_HEADER_VERB = re.compile(r"\[\s*VERB\+(active|passive)\+(past|present|future)\s*:\s*([^|\]]*)")
_HEADER_ARG = re.compile(r"\|\s*([A-Z][A-Z0-9-]*)(?:\+(complete|partial|sparse))?\s*:\s*([^|\]]*)")


@dataclass(frozen=True)
class Header:
    """The header: the verb control and the argument controls, in TAILOR's order."""

    verb: VerbControl
    args: tuple[ArgControl, ...] = ()

    def __post_init__(self):
        labels = [a.label for a in self.args]
        if len(set(labels)) != len(labels):
            raise TailorError(f"a header names each role once; got {', '.join(labels)}")

    def __str__(self) -> str:
        return "[" + " | ".join([str(self.verb), *(str(a) for a in self.args)]) + "]"

    def arg(self, label: str) -> ArgControl | None:
        return next((a for a in self.args if a.label == label), None)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(a.label for a in self.args)

    def ordered(self) -> Header:
        """Core roles first (AGENT, then PATIENT), the others in their current order."""
        core = [a for label in CORE_LABELS for a in self.args if a.label == label]
        return replace(self, args=tuple(core + [a for a in self.args if not a.is_core]))

    def with_arg(self, arg: ArgControl) -> Header:
        """Replace the control of ``arg.label``, or append it (core roles keep their place)."""
        if self.arg(arg.label) is not None:
            args = tuple(arg if a.label == arg.label else a for a in self.args)
        else:
            args = (*self.args, arg)
        return replace(self, args=args).ordered()

    def without(self, label: str) -> Header:
        return replace(self, args=tuple(a for a in self.args if a.label != label))

    @classmethod
    def parse(cls, text: str) -> Header:
        """Read a header (the text may go on after it). :class:`TailorError` if there is none."""
        m = _HEADER_VERB.search(text)
        if m is None:
            raise TailorError(
                f"no TAILOR header ([VERB+voice+tense: lemma | ...]) in {text[:80]!r}"
            )
        end = text.find("]", m.end())
        body = text[m.end() : end if end >= 0 else len(text)]
        args = []
        seen = set()
        for label, spec, keyword in _HEADER_ARG.findall(body):
            if label in seen:
                continue
            seen.add(label)
            args.append(ArgControl(label, keyword.strip() or ANY, spec or None))
        return cls(VerbControl(m.group(3).strip(), m.group(1), m.group(2)), tuple(args))


def split_header(text: str) -> tuple[Header | None, str]:
    """``(header, rest)`` of a prompt or generation that may start with a header."""
    stripped = text.lstrip()
    if not stripped.startswith("[VERB+"):
        return None, text
    end = stripped.find("]")
    if end < 0:
        return None, text
    try:
        return Header.parse(stripped[: end + 1]), stripped[end + 1 :].strip()
    except TailorError:
        return None, text


# --------------------------------------------------------------------------------------------
# Blanks and prompts
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Blank:
    """A blank over context tokens ``[start, end)``; ``start == end`` is an empty blank inserted
    before token ``start``. Its answer in the target is ``[label: text]`` for an argument
    (or the verb), the plain ``text`` for an auxiliary, nothing for an empty blank."""

    start: int
    end: int
    label: str | None = None
    text: str = ""

    @property
    def answer(self) -> str:
        if self.label:
            return f"[{self.label}: {self.text}]"
        return self.text

    @property
    def empty(self) -> bool:
        return self.start == self.end


@dataclass(frozen=True)
class Prompt:
    """A TAILOR input: header, context tokens, and the blanks over them.

    ``source`` is what the generator reads; ``target`` is what it was trained to write.

    >>> agent = ArgControl("AGENT", "the cat", "complete")
    >>> blanks = (Blank(0, 2, "AGENT", "The cat"), Blank(2, 3, "VERB", "slept"))
    >>> p = Prompt(Header(VerbControl("sleep", "active", "past"), (agent,)),
    ...            ("The", "cat", "slept", "."), blanks)
    >>> p.source
    '[VERB+active+past: sleep | AGENT+complete: the cat] <extra_id_0> <extra_id_1> .'
    >>> p.target
    '[AGENT: The cat] [VERB: slept] .'
    """

    header: Header
    tokens: tuple[str, ...]
    blanks: tuple[Blank, ...] = ()

    def __post_init__(self):
        ordered = tuple(sorted(self.blanks, key=lambda b: (b.start, b.end)))
        object.__setattr__(self, "blanks", ordered)
        n = len(self.tokens)
        last_end = 0
        for b in ordered:
            if not 0 <= b.start <= b.end <= n:
                raise TailorError(f"blank [{b.start}, {b.end}) is outside the {n} context tokens")
            if b.start < last_end:
                raise TailorError(f"blanks overlap at token {b.start}")
            last_end = max(last_end, b.end)

    def _render(self, fill) -> str:
        out: list[str] = []
        i = 0
        for k, b in enumerate(self.blanks):
            out.extend(self.tokens[i : b.start])
            out.append(fill(k, b))
            i = max(i, b.end)
        out.extend(self.tokens[i:])
        return " ".join(w for w in out if w)

    @property
    def context(self) -> str:
        return self._render(lambda k, b: sentinel(k))

    @property
    def source(self) -> str:
        return f"{self.header} {self.context}"

    @property
    def target(self) -> str:
        return re.sub(r"\s+", " ", self._render(lambda k, b: b.answer)).strip()

    def blank(self, label: str) -> Blank | None:
        return next((b for b in self.blanks if b.label == label), None)

    def replace_blanks(self, blanks: Iterable[Blank]) -> Prompt:
        return replace(self, blanks=tuple(blanks))


# --------------------------------------------------------------------------------------------
# Reading generations
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GeneratedSpan:
    """A labelled span of a generation, over ``Generation.words``."""

    label: str
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Generation:
    """A generation read back: ``words`` (space-tokenized), labelled ``spans``, ``sentence``
    (words joined by spaces, as TAILOR's wrapper returns) and ``text`` (punctuation cleaned)."""

    raw: str
    words: tuple[str, ...]
    spans: tuple[GeneratedSpan, ...]
    score: float | None = field(default=None, compare=False)

    @property
    def sentence(self) -> str:
        return " ".join(self.words)

    @property
    def text(self) -> str:
        return clean_punct(self.sentence)

    def span(self, label: str) -> GeneratedSpan | None:
        return next((s for s in self.spans if s.label == label), None)

    @property
    def verb(self) -> int | None:
        """Word index of the start of the VERB span."""
        s = self.span("VERB")
        return None if s is None else s.start


_LABEL_TOKEN = r"([A-Za-z][A-Za-z0-9-]*)"
# Three readings, loosest last (TAILOR's order): the full [LABEL: fill]; a missing "]"
# (the fill runs to the next "[" or the end); a missing "[" (the label starts a word).
_FULL = re.compile(r"\[\s*" + _LABEL_TOKEN + r"\s*[:|]\s*([^\[\]]*?)\s*\]")
_NO_RIGHT = re.compile(r"\[\s*" + _LABEL_TOKEN + r"\s*[:|]\s*([^\[\]]*?)\s*(?=\[|$)")
_NO_LEFT = re.compile(r"(?:(?<=\s)|^)" + r"([A-Z][A-Z0-9-]{2,})" + r"\s*:\s*([^\[\]]*?)\s*\]")


def snap_label(label: str, known: Sequence[str] = GOLD_LABELS) -> str | None:
    """The known label closest to a generated one (``AGNET`` -> ``AGENT``), or None."""
    up = label.upper()
    if up in known:
        return up
    best = difflib.get_close_matches(up, known, n=1, cutoff=0.75)
    return best[0] if best else None


def _strip_noise(text: str) -> str:
    text = _SPECIAL.sub(" ", text)
    text = _SENTINEL.sub(" ", text)
    return re.sub(r"\s+", " ", text).strip()


def parse_generation(raw: str, header: Header | None = None) -> Generation:
    """Read a generated target back into words and labelled spans.

    A header at the start (some models repeat it) is removed. Degenerate output raises
    :class:`~engine.errors.DegenerateGenerationError`: T5's known junk token ``sanatate``, no
    labelled span at all, or a control label leaking into the sentence.

    >>> g = parse_generation("<pad> [AGENT: The cat] [VERB: sleeps] on [LOCATIVE: the mat .</s>")
    >>> g.text, [(s.label, s.text) for s in g.spans]  # doctest: +NORMALIZE_WHITESPACE
    ('The cat sleeps on the mat.',
     [('AGENT', 'The cat'), ('VERB', 'sleeps'), ('LOCATIVE', 'the mat')])
    """
    if "sanatate" in raw:
        raise DegenerateGenerationError("the generation contains T5's degenerate token 'sanatate'")
    text = _strip_noise(raw)
    _, text = split_header(text)
    known = tuple(sorted(set(GOLD_LABELS) | (set(header.labels) if header else set())))
    found: list[tuple[int, int, str, str]] = []  # (char start, char end, label, fill)
    for pattern in (_FULL, _NO_RIGHT, _NO_LEFT):
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e, _, _ in found):
                continue
            label = snap_label(m.group(1), known)
            if label is None:
                continue
            fill, end = m.group(2).strip(), m.end()
            if pattern is _NO_RIGHT:  # an unclosed span does not swallow the final punctuation
                fill = re.sub(r"\s+[.?!]+$", "", fill)
                end = m.start(2) + len(fill)
            found.append((m.start(), end, label, fill))
    found.sort()
    words: list[str] = []
    spans: list[GeneratedSpan] = []
    pos = 0
    for start, end, label, fill in found:
        words.extend(_plain_words(text[pos:start]))
        fill_words = _plain_words(fill)
        spans.append(
            GeneratedSpan(label, len(words), len(words) + len(fill_words), " ".join(fill_words))
        )
        words.extend(fill_words)
        pos = end
    words.extend(_plain_words(text[pos:]))
    if not spans:
        raise DegenerateGenerationError(f"no labelled span in the generation {raw[:120]!r}")
    sentence = " ".join(words)
    leaked = [
        g for g in known if re.search(rf"(^|[\s\[\]:|+]){re.escape(g)}([\s\[\]:|+]|$)", sentence)
    ]
    if leaked:
        raise DegenerateGenerationError(
            f"control label {leaked[0]} leaked into the generation {sentence[:120]!r}"
        )
    return Generation(raw, tuple(words), tuple(spans))


def _plain_words(text: str) -> list[str]:
    # Stray brackets left by a half-formed span are noise, not words.
    return [w for w in text.replace("[", " ").replace("]", " ").split() if w]


_SPACE_BEFORE = re.compile(r"\s+([,?.!:;\"%)]|-(?!\w)|'(?!\s))")


def clean_punct(sentence: str) -> str:
    """Detokenize a space-tokenized sentence (TAILOR's ``clean_punct``, extended to ``n't``
    and closing brackets).

    >>> clean_punct("Is n't it , in fact , the cat 's bowl ?")
    "Isn't it, in fact, the cat's bowl?"
    """
    text = sentence.strip()
    text = re.sub(r"\s+(n't|'s|'re|'ve|'ll|'d|'m)\b", r"\1", text)
    text = _SPACE_BEFORE.sub(r"\1", text)
    text = re.sub(r"([(\[$])\s+", r"\1", text)
    text = re.sub(r"(\w)-\s+(?=\w)", r"\1-", text)
    return text.lstrip("!-:,.? ")
