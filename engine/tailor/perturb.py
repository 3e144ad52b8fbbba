"""Perturbations of TAILOR prompts, as typed operations (Seam's edit plans are lowered to them
in :mod:`engine.tailor.plans`).

TAILOR drives its generator by editing the header and the blanks of a prompt: change the
tense, the voice, the verb lemma; swap AGENT and PATIENT; change an argument's keyword,
specificity or role label; delete an argument; delete the context; move a blank. Here each is
a frozen dataclass with ``apply(prompt) -> Prompt``, composed by :func:`perturb` in the order
given. Prompts are immutable, so no operation changes the prompt it was given (the
original's shallow-copy bug cannot happen), and there is no string mini-language to misparse
(the original's ``CORE(`` matched inside ``NONCORE(``, silently dropping core changes).

One module, over 400 lines: every operation is a small dataclass over the same immutable
prompt, and they share its blank and header helpers; each is tested through :func:`perturb`.

>>> from engine.tailor.codes import ArgControl, Blank, Header, Prompt, VerbControl
>>> p = Prompt(Header(VerbControl("chase"), (ArgControl("AGENT", "The dog", "complete"),
...                                          ArgControl("PATIENT", "a cat", "complete"))),
...            ("The", "dog", "chases", "a", "cat", "."),
...            (Blank(0, 2, "AGENT", "The dog"), Blank(2, 3, "VERB", "chases"),
...             Blank(3, 5, "PATIENT", "a cat")))
>>> str(perturb(p, [ChangeTense("past"), ChangeVoice("passive")]).header)
'[VERB+passive+past: chase | AGENT+complete: by the dog | PATIENT+complete: A cat]'
"""

from __future__ import annotations

import abc
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .. import english
from ..errors import TailorError
from .codes import (
    ANY,
    SPECIFICITIES,
    TENSES,
    VOICES,
    ArgControl,
    Blank,
    Prompt,
)

_PUNCT = re.compile(r"^[^\w\s]+$")


class PerturbationError(TailorError):
    """An operation does not apply to this prompt (no PATIENT to swap, no such argument)."""


class Op(abc.ABC):
    """A perturbation operation; subclasses are frozen dataclasses."""

    @abc.abstractmethod
    def apply(self, prompt: Prompt) -> Prompt:
        """The perturbed prompt (``prompt`` itself is left as it was)."""


def perturb(prompt: Prompt, ops: Iterable[Op]) -> Prompt:
    """Apply operations in order; the input prompt is left as it was."""
    for op in ops:
        prompt = op.apply(prompt)
    return prompt


def _arg(prompt: Prompt, label: str) -> ArgControl:
    arg = prompt.header.arg(label)
    if arg is None:
        raise PerturbationError(
            f"the prompt has no {label} argument (it has "
            f"{', '.join(prompt.header.labels) or 'none'})"
        )
    return arg


def _insert_blank(prompt: Prompt, blank: Blank) -> Prompt:
    return prompt.replace_blanks((*prompt.blanks, blank))


def _verb_group_start(prompt: Prompt) -> int:
    """Where an auxiliary-like argument (MODAL, NEGATION) goes: before the verb's auxiliaries."""
    verb = prompt.blank("VERB")
    if verb is None:
        raise PerturbationError("the prompt has no VERB blank")
    start = verb.start
    for b in sorted(prompt.blanks, key=lambda b: -b.start):
        if b.end == start and b.label is None and not b.empty:
            start = b.start
    return start


@dataclass(frozen=True)
class ChangeTense(Op):
    """Set the verb's tense (``past``, ``present``, ``future``). Like TAILOR, the future also
    asks for a MODAL (any content unless one is there); leaving the future removes a *will* /
    *shall* MODAL and its blank."""

    tense: str

    def __post_init__(self):
        if self.tense not in TENSES:
            raise TailorError(f"tense must be one of {', '.join(TENSES)}, not {self.tense!r}")

    def apply(self, prompt: Prompt) -> Prompt:
        out = replace(
            prompt,
            header=replace(prompt.header, verb=replace(prompt.header.verb, tense=self.tense)),
        )
        modal = out.header.arg("MODAL")
        if self.tense == "future" and modal is None:
            out = AddArg("MODAL").apply(out)
        elif (
            self.tense != "future"
            and modal is not None
            and modal.keyword.lower() in ("will", "shall", "'ll", "wo")
        ):
            out = DeleteArg("MODAL", keep_blank=False).apply(out)
        return out


@dataclass(frozen=True)
class ChangeVoice(Op):
    """Set the voice; on complete core keywords, move *by* to the new agent phrase, switch
    pronoun case, and trade initial capitals between AGENT and PATIENT (TAILOR's clean-up)."""

    voice: str

    def __post_init__(self):
        if self.voice not in VOICES:
            raise TailorError(f"voice must be one of {', '.join(VOICES)}, not {self.voice!r}")

    def apply(self, prompt: Prompt) -> Prompt:
        header = prompt.header
        if header.verb.voice == self.voice:
            return prompt
        header = replace(header, verb=replace(header.verb, voice=self.voice))
        was_subject = "PATIENT" if prompt.header.verb.voice == "passive" else "AGENT"
        return replace(prompt, header=_respell_core(header, was_subject))


def _respell_core(header, was_subject: str):
    """Re-spell complete AGENT/PATIENT keywords for the header's voice: *by* on the passive
    agent only, pronoun case by position, and the sentence-initial capital moved from the
    keyword that was the subject (now labelled ``was_subject``) to the one that is."""
    passive = header.verb.voice == "passive"
    is_subject = "PATIENT" if passive else "AGENT"
    editable = [
        a
        for a in (header.arg("AGENT"), header.arg("PATIENT"))
        if a is not None and a.keyword != ANY and a.specificity == "complete"
    ]
    words = {a.label: _strip_by(a.keyword.split()) for a in editable}
    old = words.get(was_subject)
    # Only a capital that marks the sentence start moves (not a name's, not "I").
    if was_subject != is_subject and old and old[0][:1].isupper() and old[0].lower() in _LOWERABLE:
        words[was_subject] = [old[0].lower(), *old[1:]]
        if words.get(is_subject):
            new = words[is_subject]
            words[is_subject] = [new[0][:1].upper() + new[0][1:], *new[1:]]
    for arg in editable:
        new = _pronoun_case(words[arg.label], "subj" if arg.label == is_subject else "obj")
        if arg.label == "AGENT" and passive:
            new = ["by", *new]
        header = header.with_arg(replace(arg, keyword=" ".join(new)))
    return header


def _strip_by(words: list[str]) -> list[str]:
    return words[1:] if len(words) > 1 and words[0].lower() == "by" else words


def _pronoun_case(words: list[str], case: str) -> list[str]:
    return (
        [english.with_case(words[0], "acc" if case == "obj" else "nom")]
        if len(words) == 1
        else words
    )


# Words whose capital is only sentence-initial (kept capitalised otherwise: names, "I").
_LOWERABLE = english.read_lexicon("sentence_start_lowercase")


@dataclass(frozen=True)
class ChangeLemma(Op):
    """Set the verb lemma."""

    lemma: str

    def apply(self, prompt: Prompt) -> Prompt:
        if not self.lemma.strip():
            raise TailorError("the new verb lemma is empty")
        return replace(
            prompt,
            header=replace(
                prompt.header, verb=replace(prompt.header.verb, lemma=self.lemma.strip())
            ),
        )


@dataclass(frozen=True)
class SwapCore(Op):
    """Exchange the AGENT and PATIENT labels; keywords stay where they are, so the former
    patient's content is now asked for as the agent (and the target's labels follow)."""

    def apply(self, prompt: Prompt) -> Prompt:
        agent, patient = _arg(prompt, "AGENT"), _arg(prompt, "PATIENT")
        header = prompt.header.with_arg(replace(patient, label="AGENT")).with_arg(
            replace(agent, label="PATIENT")
        )
        header = _respell_core(header, "AGENT" if header.verb.voice == "passive" else "PATIENT")
        swap = {"AGENT": "PATIENT", "PATIENT": "AGENT"}
        blanks = [replace(b, label=swap.get(b.label, b.label)) for b in prompt.blanks]
        return replace(prompt, header=header, blanks=tuple(blanks))


@dataclass(frozen=True)
class ChangeContent(Op):
    """Set an argument's keyword (``*``: any content). ``specificity`` defaults to the current
    one, or ``complete`` when the argument had none."""

    label: str
    keyword: str
    specificity: str | None = None

    def apply(self, prompt: Prompt) -> Prompt:
        arg = _arg(prompt, self.label)
        if not self.keyword.strip():
            raise TailorError(f"the new {self.label} keyword is empty (use '*' for any content)")
        spec = self.specificity or arg.specificity or "complete"
        new = replace(
            arg, keyword=self.keyword.strip(), specificity=None if self.keyword == ANY else spec
        )
        return replace(prompt, header=prompt.header.with_arg(new))


@dataclass(frozen=True)
class ChangeSpecificity(Op):
    """Set an argument's specificity: ``sparse`` with the full text asks for more detail,
    ``partial`` for less, ``complete`` for exactly the keyword."""

    label: str
    specificity: str

    def __post_init__(self):
        if self.specificity not in SPECIFICITIES:
            raise TailorError(
                f"specificity must be one of {', '.join(SPECIFICITIES)}, not {self.specificity!r}"
            )

    def apply(self, prompt: Prompt) -> Prompt:
        arg = _arg(prompt, self.label)
        if arg.keyword == ANY:
            raise PerturbationError(
                f"{self.label} has no keyword ('*'), so it has no specificity to change"
            )
        return replace(
            prompt, header=prompt.header.with_arg(replace(arg, specificity=self.specificity))
        )


@dataclass(frozen=True)
class ChangeTag(Op):
    """Relabel an argument (``TEMPORAL`` -> ``LOCATIVE``); another argument that had the new
    label leaves the header."""

    label: str
    new_label: str

    def apply(self, prompt: Prompt) -> Prompt:
        _arg(prompt, self.label)
        if self.new_label in ("VERB", self.label):
            raise TailorError(f"cannot relabel {self.label} as {self.new_label}")
        header = prompt.header.without(self.new_label)
        args = tuple(
            replace(a, label=self.new_label) if a.label == self.label else a for a in header.args
        )
        header = replace(header, args=args).ordered()
        blanks = [
            replace(b, label=self.new_label)
            if b.label == self.label
            else (replace(b, label=None) if b.label == self.new_label else b)
            for b in prompt.blanks
        ]
        ArgControl(self.new_label)  # validates the label spelling
        return replace(prompt, header=header, blanks=tuple(blanks))


@dataclass(frozen=True)
class DeleteArg(Op):
    """Remove an argument from the header. With ``keep_blank`` (TAILOR's DELETE) its blank
    stays and the generator fills it freely; without, its blank and text are removed too."""

    label: str
    keep_blank: bool = True

    def apply(self, prompt: Prompt) -> Prompt:
        _arg(prompt, self.label)
        out = replace(prompt, header=prompt.header.without(self.label))
        if self.keep_blank:
            return out
        blank = prompt.blank(self.label)
        return _drop_tokens(out, blank) if blank is not None else out


@dataclass(frozen=True)
class AddArg(Op):
    """Ask for a new argument with an empty blank at token ``at`` (default: before the verb
    group, where modals and negation go)."""

    label: str
    keyword: str = ANY
    specificity: str | None = None
    at: int | None = None

    def apply(self, prompt: Prompt) -> Prompt:
        if prompt.header.arg(self.label) is not None:
            raise PerturbationError(
                f"the prompt already has a {self.label} argument; use ChangeContent"
            )
        spec = None if self.keyword == ANY else (self.specificity or "complete")
        header = prompt.header.with_arg(ArgControl(self.label, self.keyword, spec))
        at = _verb_group_start(prompt) if self.at is None else self.at
        return replace(_insert_blank(prompt, Blank(at, at)), header=header)


def _drop_tokens(prompt: Prompt, blank: Blank) -> Prompt:
    """Remove ``blank`` and the tokens under it, shifting the later blanks; an empty blank is
    left in its place so the generator may still put something there."""
    width = blank.end - blank.start
    tokens = prompt.tokens[: blank.start] + prompt.tokens[blank.end :]
    blanks = []
    for b in prompt.blanks:
        if b == blank:
            continue
        if b.start >= blank.end:
            b = replace(b, start=b.start - width, end=b.end - width)
        blanks.append(b)
    if not any(b.start == blank.start and b.empty for b in blanks):
        blanks.append(Blank(blank.start, blank.start))
    return Prompt(prompt.header, tokens, tuple(blanks))


def _keep_tokens(prompt: Prompt, keep) -> Prompt:
    """Keep the context words ``keep(word)`` accepts, and every token under a blank."""
    covered = {i for b in prompt.blanks for i in range(b.start, b.end)}
    new_index: dict[int, int] = {}
    tokens: list[str] = []
    for i, w in enumerate(prompt.tokens):
        new_index[i] = len(tokens)
        if i in covered or keep(w):
            tokens.append(w)
    new_index[len(prompt.tokens)] = len(tokens)
    blanks = [
        replace(b, start=new_index[b.start], end=new_index[b.start] + (b.end - b.start))
        for b in prompt.blanks
    ]
    return Prompt(prompt.header, tuple(tokens), tuple(blanks))


@dataclass(frozen=True)
class DeleteContext(Op):
    """Delete every context word that is not a blank or punctuation (TAILOR's DELETE_TEXT)."""

    def apply(self, prompt: Prompt) -> Prompt:
        return _keep_tokens(prompt, lambda w: bool(_PUNCT.match(w)))


@dataclass(frozen=True)
class DeletePunct(Op):
    """Delete punctuation-only context words (TAILOR's DELETE_PUNCT)."""

    def apply(self, prompt: Prompt) -> Prompt:
        return _keep_tokens(prompt, lambda w: not _PUNCT.match(w))


@dataclass(frozen=True)
class MoveBlank(Op):
    """Move an argument's blank to before token ``to`` (counted on the current context;
    negative counts from the end), leaving its old place empty of text."""

    label: str
    to: int

    def apply(self, prompt: Prompt) -> Prompt:
        blank = prompt.blank(self.label)
        if blank is None:
            raise PerturbationError(f"the prompt has no {self.label} blank to move")
        n = len(prompt.tokens)
        to = self.to + n if self.to < 0 else self.to
        if not 0 <= to <= n or blank.start < to < blank.end:
            raise PerturbationError(f"cannot move {self.label} to token {self.to} of {n}")
        if blank.start <= to <= blank.end:
            return prompt
        removed = _drop_tokens(prompt, blank)
        removed = removed.replace_blanks(
            b
            for b in removed.blanks
            if not (b.empty and b.start == blank.start and b not in prompt.blanks)
        )
        if to > blank.start:
            to -= blank.end - blank.start
        moved = Blank(to, to, blank.label, blank.text)
        others = [b for b in removed.blanks if not (b.start < to < b.end)]
        return Prompt(removed.header, removed.tokens, (*others, moved))


@dataclass(frozen=True)
class SetArg(Op):
    """ChangeContent when the argument exists, AddArg (before the verb group) otherwise."""

    label: str
    keyword: str

    def apply(self, prompt: Prompt) -> Prompt:
        if prompt.header.arg(self.label) is None:
            return AddArg(self.label, self.keyword, "complete").apply(prompt)
        return ChangeContent(self.label, self.keyword, "complete").apply(prompt)


__all__: Sequence[str] = (
    "AddArg",
    "ChangeContent",
    "ChangeLemma",
    "ChangeSpecificity",
    "ChangeTag",
    "ChangeTense",
    "ChangeVoice",
    "DeleteArg",
    "DeleteContext",
    "DeletePunct",
    "MoveBlank",
    "Op",
    "PerturbationError",
    "SetArg",
    "SwapCore",
    "perturb",
)
