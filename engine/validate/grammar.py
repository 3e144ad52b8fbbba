"""The ERG as grammaticality judge: re-parse each candidate with ACE. This lets the grammar
judge neural and surface outputs too.

Verdicts: ``accept`` when ACE finds a full-sentence reading; ``flag`` on ``no_parse`` (with
ACE's reason, e.g. an unknown word): evidence, not a veto, because measured on SNLI and MNLI
outputs most rejections are gaps of the image (it cannot parse the source either, or lacks a
verb frame a person accepts), see ``benchmarks/erg_judge.py``; ``veto=True`` makes it a
``reject``. ``flag`` too on ``timeout`` or an ACE error, which say nothing about the sentence. The
parser is a long-lived
:class:`~engine.erg.ace.AcePool` found like the erg backend's (arguments, then ``SEAM_ACE`` /
``SEAM_ERG``, then the cache), or any callable with the same ``parse(texts)`` contract, such
as :class:`RecordedParses`, which replays parses ACE made earlier.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

from ..erg import ace as acemod
from ..erg.grammar import find_grammar
from ..errors import DataFileError
from .base import ACCEPT, FLAG, GRAMMAR, REJECT, Item, Validator, Verdict


class RecordedParses:
    """ACE's recorded outcomes (a JSONL file with ``text``, ``status``, ``readings`` and an
    optional ``reason``: one line per sentence ACE parsed, as recorded for the tests) as a parser. A
    text that was never recorded comes back as an ``ace_error`` saying so."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.outcomes: dict[str, acemod.AceResult] = {}
        with self.path.open(encoding="utf-8") as fh:
            for line_no, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                    text, status = rec["text"], rec["status"]
                except (json.JSONDecodeError, KeyError, TypeError) as exc:
                    raise DataFileError(
                        f"not a recorded parse ({exc})", path=str(self.path), line=line_no
                    ) from None
                readings = tuple(rec.get("readings") or ())
                self.outcomes[text] = acemod.AceResult(status, rec.get("reason", ""), readings)

    def parse(self, texts: Sequence[str]) -> list[acemod.AceResult]:
        return [
            self.outcomes.get(t)
            or acemod.AceResult(acemod.ACE_ERROR, "no recorded parse for this text")
            for t in texts
        ]


class ErgGrammaticality(Validator):
    """Flag (``veto``: reject) candidates the ERG cannot parse.

    ``parser``: anything with ``parse(texts) -> list[AceResult]``; by default an ACE pool on
    the grammar found from ``ace`` / ``grammar`` (a :class:`~engine.errors.GrammarError` when
    there is none).
    """

    name = "erg"
    scope = GRAMMAR

    def __init__(
        self,
        parser=None,
        ace: str | None = None,
        grammar: str | None = None,
        workers: int | None = None,
        timeout: int = 10,
        veto: bool = False,
    ):
        self.veto = veto
        if parser is None:
            parser = acemod.AcePool(
                find_grammar(ace, grammar),
                workers=workers,
                options=acemod.AceOptions(timeout=timeout, parse_results=1),
            )
        self._parse: Callable[[Sequence[str]], list[acemod.AceResult]] = parser.parse

    def check(self, items: Sequence[Item]) -> list[Verdict]:
        texts = list(dict.fromkeys(i.text for i in items if i.text.strip()))
        results = dict(zip(texts, self._parse(texts), strict=True)) if texts else {}
        out = []
        for item in items:
            result = results.get(item.text)
            if result is None:
                out.append(Verdict(self.name, REJECT, "empty text"))
            elif result.status == acemod.OK:
                n = len(result.results)
                out.append(Verdict(self.name, ACCEPT, f"{n} reading{'s' * (n != 1)}"))
            elif result.status == acemod.NO_PARSE:
                out.append(
                    Verdict(
                        self.name,
                        REJECT if self.veto else FLAG,
                        f"the ERG has no parse: {result.reason or 'no reading'}",
                    )
                )
            else:
                out.append(
                    Verdict(self.name, FLAG, f"not judged: ACE {result.status}: {result.reason}")
                )
        return out
