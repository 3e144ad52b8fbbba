"""Corpus placeholders (``rules/lexicon/placeholders.toml``): StylePTB's and the Penn
Treebank's ``unk`` and ``NUM``, ``<unk>``. A parser reads them as no English word, so a
sentence whose subject or verb is ``unk`` has no subject or no verb for it. The pipeline
parses such a sentence with a real word in the placeholder's place (:meth:`Placeholders.
reading`), tries the stand-ins in order until the edit applies, and writes the placeholder back
over every form of the stand-in (:meth:`Placeholders.restore`; a placeholder never inflects).

>>> p = Placeholders.default()
>>> p.reading("unk said the deal is off", 0)
'sketch said the deal is off'
>>> p.restore("sketches said the deal was off", 0, "unk said the deal is off")
'unk said the deal was off'
>>> p.reading("Nothing to replace here.", 0) is None
True
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .english import read_table


@dataclass(frozen=True)
class Placeholders:
    """Placeholder word -> the stand-ins tried for it, in order."""

    standins: dict[str, tuple[str, ...]]

    @staticmethod
    @functools.lru_cache(maxsize=1)
    def default() -> Placeholders:
        """The table of ``rules/lexicon/placeholders.toml``."""
        table = read_table("placeholders")
        return Placeholders({k: tuple(v["standins"]) for k, v in table.items()})

    def holds(self, text: str) -> bool:
        """Whether ``text`` holds a placeholder (as a whitespace-separated word)."""
        return any(w in self.standins for w in text.split())

    def readings(self, text: str) -> int:
        """How many readings :meth:`reading` gives ``text`` (0: it holds no placeholder)."""
        if not self.holds(text):
            return 0
        return max(len(self._choices(text, p)) for p in set(text.split()) if p in self.standins)

    def reading(self, text: str, k: int) -> str | None:
        """``text`` with its ``k``-th stand-in in each placeholder's place (the last stand-in
        when a placeholder has fewer), or None when ``text`` holds no placeholder or has no
        ``k``-th reading."""
        if k >= self.readings(text):
            return None
        table = self._table(text, k)
        return " ".join(table.get(w, w) for w in text.split(" "))

    def restore(self, text: str, k: int, source: str) -> str:
        """``text`` (an output of the ``k``-th reading of ``source``) with the placeholder
        written back over every form of its stand-in."""
        if not self.holds(source):
            return text
        for placeholder, standin in self._table(source, k).items():
            text = _forms(standin).sub(placeholder, text)
        return text

    def _choices(self, text: str, placeholder: str) -> tuple[str, ...]:
        """The stand-ins of ``placeholder`` that ``text`` does not hold in any form."""
        low = text.lower()
        return tuple(s for s in self.standins[placeholder] if not _forms(s).search(low))

    def _table(self, text: str, k: int) -> dict[str, str]:
        out = {}
        for placeholder in dict.fromkeys(w for w in text.split() if w in self.standins):
            choices = self._choices(text, placeholder)
            if choices:
                out[placeholder] = choices[min(k, len(choices) - 1)]
        return out


@functools.lru_cache(maxsize=64)
def _forms(word: str) -> re.Pattern[str]:
    """Every inflected form of ``word`` as a noun or a verb, as one whole-word pattern."""
    from lemminflect import getAllInflections

    forms = {word}
    for upos in ("VERB", "NOUN"):
        for spelled in getAllInflections(word, upos=upos).values():
            forms.update(spelled)
    ordered = sorted(forms, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ordered)) + r")(?![\w-])", re.I)
