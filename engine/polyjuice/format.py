"""Polyjuice's prompt and completion format, and reading completions back.

A prompt is ``x <|perturb|> [code] blanked`` (``[SEP]`` appended when the blanked sentence is
complete, so the model only fills the blanks); a training example or full completion goes on
with one answer per ``[BLANK]``, left to right, each closed by ``[ANSWER]``, ``[EMPTY]`` for an
empty answer (a deletion), then ``<|endoftext|>``, on one line (broken here after ``[SEP]``)::

    It is great for kids. <|perturb|> [negation] It is [BLANK] for kids. [SEP]
    not great [ANSWER] <|endoftext|>

:func:`read_completion` is tolerant of the model's usual noise (missing final ``[ANSWER]``,
text after the last answer, extra spaces, the prompt repeated in front) and strict where the
original was not: it never returns text with a literal ``[BLANK]`` (too few answers is a
failure, not an output), and zero or several ``[SEP]`` is a failure with its reason.

>>> p = prompt("It is great for kids.", "negation", "It is [BLANK] for kids.")
>>> p
'It is great for kids. <|perturb|> [negation] It is [BLANK] for kids. [SEP]'
>>> read_completion(p + " not great [ANSWER] <|endoftext|>")
Completion(code='negation', text='It is not great for kids.', problem=None)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

PERTURB, BLANK, SEP, ANSWER, EMPTY, END = (
    "<|perturb|>",
    "[BLANK]",
    "[SEP]",
    "[ANSWER]",
    "[EMPTY]",
    "<|endoftext|>",
)
SPECIAL_TOKENS = (PERTURB, BLANK, SEP, ANSWER, EMPTY)
CODES = (
    "negation",
    "quantifier",
    "shuffle",
    "lexical",
    "resemantic",
    "insert",
    "delete",
    "restructure",
)
DEFAULT_CODES = (
    "lexical",
    "resemantic",
    "negation",
    "insert",
    "delete",
)  # the original's when none is given

_CODE = re.compile(r"^\s*\[([a-z]+)\]\s*(.*)$", re.S)


def check_code(code: str) -> str:
    """The code, or a ValueError naming the known ones (the original only logged unknown codes)."""
    if code not in CODES:
        raise ValueError(f"unknown control code {code!r} (known: {', '.join(CODES)})")
    return code


def prompt(
    original: str, code: str | None, blanked: str | None = None, complete: bool = True
) -> str:
    """The generation prompt. ``blanked=None``: the model writes the blanked sentence itself;
    ``complete``: the blanks are final, so ``[SEP]`` follows and only answers are generated."""
    head = f"{original.strip()} {PERTURB}"
    if code is not None:
        head += f" [{check_code(code)}]"
    if blanked is None:
        return head
    return f"{head} {blanked.strip()}" + (f" {SEP}" if complete else "")


def training_text(original: str, code: str, blanked: str, answers: Sequence[str]) -> str:
    """One training example: the prompt with its answers and the end token."""
    if blanked.count(BLANK) != len(answers):
        raise ValueError(f"{blanked.count(BLANK)} blanks but {len(answers)} answers: {blanked!r}")
    filled = " ".join(f"{a.strip() or EMPTY} {ANSWER}" for a in answers)
    return f"{prompt(original, code, blanked)} {filled} {END}".replace("  ", " ")


@dataclass(frozen=True)
class Completion:
    """A completion read back: the code and the filled sentence, or the problem."""

    code: str | None
    text: str | None
    problem: str | None = None


def fill(blanked: str, answers: Sequence[str]) -> str:
    """Put the answers into the blanks, left to right; an empty answer also takes the space in
    front of its blank. Raises ValueError when the counts differ."""
    if blanked.count(BLANK) != len(answers):
        raise ValueError(f"{blanked.count(BLANK)} blanks but {len(answers)} answers")
    out = blanked
    for answer in answers:
        answer = "" if answer.strip() == EMPTY else answer.strip()
        at = out.index(BLANK)
        if answer:
            out = out[:at] + answer + out[at + len(BLANK) :]
        else:
            out = out[:at].rstrip(" ") + out[at + len(BLANK) :]
    return re.sub(r" {2,}", " ", out).strip()


def read_completion(generated: str) -> Completion:
    """Read a generated sequence (prompt included or not) back into ``(code, text)``."""
    text = generated.split(PERTURB)[-1].replace(END, "")
    parts = text.split(SEP)
    if len(parts) != 2:
        return Completion(None, None, f"{len(parts) - 1} {SEP} in the completion (need exactly 1)")
    before, after = parts
    m = _CODE.match(before)
    code, blanked = (m.group(1), m.group(2).strip()) if m else (None, before.strip())
    if code is not None and code not in CODES:
        return Completion(None, None, f"unknown control code [{code}]")
    pieces = after.split(ANSWER)
    answers = [p.strip() for p in pieces[:-1]]
    tail = pieces[-1].strip()
    need = blanked.count(BLANK)
    if len(answers) < need and tail and len(answers) + 1 == need:
        answers.append(tail)  # the model stopped before its last [ANSWER]
    if len(answers) < need:
        return Completion(code, None, f"{need} blanks but {len(answers)} answers")
    answers = answers[:need]
    if any(BLANK in a or SEP in a or PERTURB in a for a in answers):
        return Completion(code, None, "an answer holds a special token")
    filled = fill(blanked, answers)
    if not filled:
        return Completion(code, None, "empty sentence")
    return Completion(code, filled)
