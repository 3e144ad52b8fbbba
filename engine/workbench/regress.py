"""Regression on a corpus: the edited text of one rule file against the saved rules, on a few
sentences, as ``seam audit --baseline`` compares two runs. Each sentence is read as the erg
backend reads it (live, or from its recorded parse); under each rule set the plan is rewritten
and (live) realized by ACE; the sentences whose outcome differs are reported as ``appeared``
(the edit makes an output where there was none), ``disappeared`` or ``different``."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from ..erg import realize, rewrite
from ..erg.mrsview import encode
from ..erg.rules import RuleSet
from ..errors import InputError
from ..transforms import parse
from .bench import Workbench, _text

MAX_CORPUS = 200  # sentences


def regress(
    bench: Workbench, name: str, text: str, expression: str, corpus: list[str] | None = None
) -> dict[str, Any]:
    """The rows whose outcome the edited ``text`` of rule file ``name`` changes, with the
    check of the text; nothing is written."""

    rows = bench.validate(name, text)
    if any(not r["ok"] and r["rule"] == "-" for r in rows):
        return {"check": rows, "changes": [], "sentences": 0}
    sentences = corpus if corpus else sorted(bench.recorded)
    if not isinstance(sentences, list) or len(sentences) > MAX_CORPUS:
        raise InputError(f"a corpus is a list of at most {MAX_CORPUS} sentences")
    sentences = list(dict.fromkeys(_text(s) for s in sentences))
    plans = parse(expression).plans()
    with tempfile.TemporaryDirectory() as tmp:
        edited = Path(tmp) / name
        edited.write_text(text, encoding="utf-8")
        others = [f for f in bench.files() if Path(f).name != name]
        new = RuleSet.load([*others, str(edited)])
    old = bench.session.rules
    changes = []
    with bench.lock:
        try:
            for sentence in sentences:
                analysis = bench.reading_of(sentence)
                before = _outcome(bench, analysis, plans, old)
                after = _outcome(bench, analysis, plans, new)
                if before != after:
                    changes.append(
                        {
                            "sentence": sentence,
                            "change": _kind(before, after),
                            "before": before,
                            "after": after,
                        }
                    )
        finally:
            bench.session.rules = old
    return {"check": rows, "changes": changes, "sentences": len(sentences)}


def _outcome(bench: Workbench, analysis, plans, rules) -> dict[str, list[str]]:
    """What the plans make of the sentence under ``rules``: ``made``, ACE's realizations (live)
    or the rules applied with the MRS they made (offline); ``refused``, each refusal as
    ``status: reason``."""

    bench.session.rules = rules
    made: list[str] = []
    refused: list[str] = []
    for plan in plans:
        job = rewrite.rewrite(bench.session, analysis, plan)
        if job.outcome is not None:
            refused.append(f"{job.outcome.status}: {job.outcome.reason}")
        elif bench.erg is not None:
            [real] = realize.realize(bench.session, [analysis], [plan])
            made += [c.text for c in real.candidates]
            if not real.candidates:
                refused.append(f"{real.status}: {real.reason}")
        else:
            made += [f"{names}: {encode(m, lnk=False)}" for names, m in job.variants]
    return {"made": made, "refused": refused}


def _kind(before: dict[str, list[str]], after: dict[str, list[str]]) -> str:
    if not before["made"] and after["made"]:
        return "appeared"
    if before["made"] and not after["made"]:
        return "disappeared"
    return "different"
