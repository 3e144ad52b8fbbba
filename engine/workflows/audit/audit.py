"""``seam audit``: run a corpus through backends and flag suspect ``ok`` outputs without labels.

For every input sentence, transformation and backend the audit writes one record: the output
as ``seam transform`` gives it, and what each signal found (:mod:`engine.workflows.audit.signals`):

``inverse``
    the inverse transformation, applied by the same backend to the output, gives back the source;
``commute``
    for two transformations the algebra says commute, applying one to the other's output gives
    the same sentence in both orders;
``reanalysis``
    the output's own analysis shows exactly the requested change and keeps the rest;
``erg``
    where a grammar is found and the ERG parses the source, it also parses the output;
``agreement``
    where several backends are audited, those that are ``ok`` on the same plan agree.

A signal that fires marks the record ``suspect``; one that cannot be computed (no inverse, the
inverse refused, no grammar) is left out of that signal's count. Sources the backend leaves
unchanged (already satisfied) are not judged. Records are written chunk by chunk, so a long
run shows progress and ``resume`` continues it.

One module, over 400 lines: the :class:`Auditor` runs every signal over the same batch of
records (one pass per backend), and its summary and run comparison read exactly those records;
the signals themselves are in :mod:`.signals`.
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...backends import get_backend
from ...checks import declarative_of
from ...jsonl import InputRecord, JsonlWriter, written_records
from ...pipeline import Transformer, jobs
from ...results import OK
from ...validate.base import ACCEPT, Item
from . import signals

log = logging.getLogger(__name__)

SIGNALS = ("inverse", "commute", "reanalysis", "erg", "agreement")


@dataclass
class AuditOptions:
    """What to audit: ``expressions`` on every backend of ``backends`` (names or backend
    objects; options by name);
    at most ``commute`` commuting pairs tested per sentence (0: none); ``judge`` an ERG judge
    (:class:`engine.validate.grammar.ErgGrammaticality`) or None."""

    expressions: list[str]
    backends: list[str] = field(default_factory=lambda: ["surface"])
    backend_options: dict[str, dict] = field(default_factory=dict)
    commute: int = 3
    judge: Any = None
    chunk: int = 200


class Auditor:
    """Opens every backend once and audits chunks of input records."""

    def __init__(self, options: AuditOptions):

        self.options = options
        self.transformers = {}
        for b in options.backends:  # a name, or a backend object (its ``name`` labels the records)
            name = b if isinstance(b, str) else b.name
            self.transformers[name] = Transformer(b, **options.backend_options.get(name, {}))
        self.analyzer = get_backend("surface")  # spaCy, with captions read as clauses
        self.pairs = (
            signals.commuting_pairs(options.expressions, options.commute) if options.commute else []
        )

    def audit(self, items: Sequence[InputRecord]) -> list[dict]:
        """One record per (item, expression, backend), in input order, then expression, then
        backend."""
        sources = {
            it.line: it.text for it in items if isinstance(it.text, str) and it.error is None
        }
        analyses = dict(zip(sources, self._analyze(list(sources.values())), strict=True))
        by_backend = {b: self._backend(b, items, analyses) for b in self.transformers}
        records = []
        for it in items:
            for expr in self.options.expressions:
                for b in self.transformers:
                    records.append(by_backend[b][(it.line, expr)])
        if len(self.transformers) > 1:
            _agreement(records)
        for rec in records:
            rec["suspect"] = sorted(
                name
                for name, found in rec["signals"].items()
                if isinstance(found, dict)
                and found.get("suspect")
                or isinstance(found, list)
                and any(f.get("suspect") for f in found)
            )
        return records

    # -- one backend -------------------------------------------------------------------------
    def _backend(
        self, name: str, items: Sequence[InputRecord], analyses: dict
    ) -> dict[tuple[int, str], dict]:
        t = self.transformers[name]
        exprs = self.options.expressions
        out: dict[tuple[int, str], dict] = {}
        forward = iter(t.run(list(items), jobs(exprs)))
        for it in items:
            for expr in exprs:
                r = next(forward)
                out[(it.line, expr)] = {
                    "id": r.get("id"),
                    "line": it.line,
                    "text": it.text,
                    "apply": expr,
                    "backend": name,
                    "status": r["status"],
                    "best": r.get("best"),
                    "reason": r.get("reason", ""),
                    "signals": {},
                }
        judged = [(key, rec) for key, rec in out.items() if _changed(rec)]
        self._inverse(t, judged, analyses)
        self._commute(t, out, analyses)
        self._reanalysis(judged, analyses)
        if self.options.judge is not None:
            self._erg(judged)
        return out

    def _inverse(self, t: Transformer, judged, analyses: dict) -> None:
        groups: dict[str, list[tuple[tuple, dict]]] = defaultdict(list)
        for key, rec in judged:
            analysis = analyses.get(key[0])
            frame = analysis.main_frame if analysis is not None else None
            inv = signals.inverse(rec["apply"], frame.predicate if frame is not None else None)
            if inv is not None:
                groups[inv].append((key, rec))
        for inv, members in groups.items():
            back = t.run_texts([rec["best"] for _, rec in members], inv)
            for (key, rec), b in zip(members, back, strict=True):
                found = {"apply": inv, "status": b["status"], "text": b.get("best")}
                if b["status"] == OK:
                    found["suspect"] = not _same_source(
                        b.get("best"), rec["text"], analyses.get(key[0])
                    )
                rec["signals"]["inverse"] = found

    def _commute(self, t: Transformer, out: dict, analyses: dict) -> None:
        tasks: dict[str, list[tuple[dict, str, str]]] = defaultdict(
            list
        )  # expr -> (record, text, role)
        for a, b in self.pairs:
            for (line, expr), rec_a in out.items():
                if expr != a:
                    continue
                rec_b = out.get((line, b))
                if rec_b is None or not _changed(rec_a) or not _changed(rec_b):
                    continue
                entry = {"with": b, "a_then_b": None, "b_then_a": None}
                rec_a["signals"].setdefault("commute", []).append(entry)
                tasks[b].append((entry, rec_a["best"], "a_then_b"))
                tasks[a].append((entry, rec_b["best"], "b_then_a"))
        for expr, members in tasks.items():
            results = t.run_texts([text for _, text, _ in members], expr)
            for (entry, _, role), r in zip(members, results, strict=True):
                entry[role] = r.get("best") if r["status"] == OK else None
                entry[role + "_status"] = r["status"]
        for rec in out.values():
            for entry in rec["signals"].get("commute", []):
                if entry["a_then_b"] is not None and entry["b_then_a"] is not None:
                    entry["suspect"] = not signals.equivalent(entry["a_then_b"], entry["b_then_a"])

    def _reanalysis(self, judged, analyses: dict) -> None:

        outputs = self._analyze([rec["best"] for _, rec in judged])
        statements: dict[int, str] = {}
        for n, ((key, rec), output) in enumerate(zip(judged, outputs, strict=True)):
            source = analyses.get(key[0])
            if source is None or output is None:
                continue
            why = signals.reanalysis(source, rec["apply"], output)
            rec["signals"]["reanalysis"] = {"suspect": why is not None, "why": why}
            if (
                why is not None
                and signals.asks_question(rec["apply"])
                and (statement := declarative_of(rec["best"], source)) is not None
            ):
                statements[n] = (
                    statement  # a tagger misreads inverted questions: judge the statement
                )
        stated = dict(zip(statements, self._analyze(list(statements.values())), strict=True))
        for n, statement in stated.items():
            key, rec = judged[n]
            if (
                statement is not None
                and signals.reanalysis(analyses[key[0]], rec["apply"], statement, stated=True)
                is None
            ):
                rec["signals"]["reanalysis"] = {
                    "suspect": False,
                    "why": None,
                    "judged": "the statement it asks",
                }

    def _erg(self, judged) -> None:

        texts = list(
            dict.fromkeys([rec["text"] for _, rec in judged] + [rec["best"] for _, rec in judged])
        )
        verdicts = dict(
            zip(texts, self.options.judge.check([Item(x, x) for x in texts]), strict=True)
        )
        for _, rec in judged:
            src, got = verdicts[rec["text"]], verdicts[rec["best"]]
            if src.verdict != ACCEPT or "not judged" in got.reason:
                continue  # the ERG does not parse the source, or ACE did not finish: no judgement
            rec["signals"]["erg"] = {"suspect": got.verdict != ACCEPT, "why": got.reason}

    def _analyze(self, texts: list[str]) -> list:
        if not texts:
            return []
        try:
            return list(self.analyzer.analyze(texts))
        except Exception:  # isolate a text that breaks the analyzer
            log.warning("batch analysis failed; analyzing one by one", exc_info=True)
            out = []
            for text in texts:
                try:
                    out.append(self.analyzer.analyze([text])[0])
                except Exception:
                    out.append(None)
            return out


def _changed(rec: dict) -> bool:
    """An ``ok`` output that differs from its source (already satisfied ones are not judged)."""
    return (
        rec["status"] == OK
        and bool(rec.get("best"))
        and not (rec.get("reason") or "").startswith("unchanged")
        and rec.get("best") != rec.get("text")
    )


def _same_source(back: str | None, source: str, analysis) -> bool:
    if back is None:
        return False
    if signals.equivalent(back, source):
        return True
    # a caption read as a clause comes back as the clause (*A man sleeping* -> *A man is sleeping*)
    return (
        analysis is not None and analysis.text != source and signals.equivalent(back, analysis.text)
    )


def _agreement(records: list[dict]) -> None:
    """Flag outputs of backends that are ``ok`` on the same plan and differ."""
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for rec in records:
        if _changed(rec):
            groups[(rec["line"], rec["apply"])].append(rec)
    for members in groups.values():
        if len(members) < 2:
            continue
        for rec in members:
            others = {o["backend"]: o["best"] for o in members if o is not rec}
            rec["signals"]["agreement"] = {
                "suspect": not all(signals.equivalent(rec["best"], x) for x in others.values()),
                "others": others,
            }


# -- running a corpus ----------------------------------------------------------------------------
def run_audit(
    items: Iterable[InputRecord],
    options: AuditOptions,
    records_path: str | Path,
    resume: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[dict]:
    """Audit ``items`` chunk by chunk into ``records_path`` (JSONL); with ``resume``, inputs whose
    records are all there already are skipped. Returns every record in the file."""
    records_path = Path(records_path)
    done: Counter = Counter()
    if resume and records_path.exists():
        for rec in written_records(records_path):
            done[rec.get("line")] += 1
    per_item = len(options.expressions) * len(options.backends)
    auditor = Auditor(options)
    with JsonlWriter(records_path, append=resume) as writer:
        chunk: list[InputRecord] = []

        def flush() -> None:
            for rec in auditor.audit(chunk):
                writer.write(rec)
            writer.flush()
            if progress is not None:
                progress(len(chunk))
            chunk.clear()

        for item in items:
            if done.get(item.line, 0) >= per_item:
                if progress is not None:
                    progress(1)
                continue
            chunk.append(item)
            if len(chunk) >= options.chunk:
                flush()
        if chunk:
            flush()
    return written_records(records_path)


def summarize(records: Sequence[dict]) -> dict:
    """Per backend: status counts, the judged outputs, and for every signal (overall and per
    transformation) how many outputs it checked and how many it flagged."""
    out: dict[str, Any] = {}
    for backend in dict.fromkeys(r["backend"] for r in records):
        mine = [r for r in records if r["backend"] == backend]
        judged = [r for r in mine if _changed(r)]
        per_signal = {}
        per_apply: dict[str, dict] = {}
        for name in SIGNALS:
            checked = [r for r in judged if _checked(r, name)]
            flagged = [r for r in checked if name in r.get("suspect", [])]
            per_signal[name] = _rate(len(flagged), len(checked))
        for expr in dict.fromkeys(r["apply"] for r in mine):
            rows = [r for r in judged if r["apply"] == expr]
            per_apply[expr] = {
                "judged": len(rows),
                "any": _rate(sum(bool(r.get("suspect")) for r in rows), len(rows)),
            }
            for name in SIGNALS:
                checked = [r for r in rows if _checked(r, name)]
                per_apply[expr][name] = _rate(
                    sum(name in r.get("suspect", []) for r in checked), len(checked)
                )
        out[backend] = {
            "records": len(mine),
            "status": dict(Counter(r["status"] for r in mine)),
            "judged": len(judged),
            "suspect_any": _rate(sum(bool(r.get("suspect")) for r in judged), len(judged)),
            "signals": per_signal,
            "per_transformation": per_apply,
        }
    return out


def _checked(rec: dict, name: str) -> bool:
    found = rec.get("signals", {}).get(name)
    if isinstance(found, list):
        return any("suspect" in f for f in found)
    return isinstance(found, dict) and "suspect" in found


def _rate(flagged: int, checked: int) -> dict:
    return {
        "checked": checked,
        "suspects": flagged,
        "rate": round(flagged / checked, 4) if checked else None,
    }


def compare_runs(old: Sequence[dict], new: Sequence[dict]) -> dict:
    """What changed between two runs (audit records or ``seam transform`` records), keyed by
    (id, transformation, backend): outputs that ``changed``, ``appeared`` (``ok`` now, not
    before) or ``disappeared`` (``ok`` before, not now)."""

    def key(r: dict) -> tuple:
        return (
            str(r.get("id")),
            r.get("apply") or r.get("transformation"),
            r.get("backend") or "surface",
        )

    before = {key(r): r for r in old}
    changed, appeared, disappeared = [], [], []
    for r in new:
        o = before.get(key(r))
        now_ok = r.get("status") == OK
        was_ok = o is not None and o.get("status") == OK
        row = {
            "id": r.get("id"),
            "apply": key(r)[1],
            "backend": key(r)[2],
            "text": r.get("text") or r.get("source"),
            "before": o.get("best") if o else None,
            "before_status": o.get("status") if o else None,
            "after": r.get("best"),
            "after_status": r.get("status"),
        }
        if now_ok and was_ok and not signals.equivalent(o.get("best") or "", r.get("best") or ""):
            changed.append(row)
        elif now_ok and not was_ok:
            appeared.append(row)
        elif was_ok and not now_ok:
            disappeared.append(row)
    return {
        "compared": len(new),
        "changed": changed,
        "appeared": appeared,
        "disappeared": disappeared,
    }


def format_summary(summary: dict, baseline: dict | None = None) -> str:
    """The suspect rates per backend and signal, as printed by ``seam audit``."""
    lines = []
    for backend, s in summary.items():
        any_rate = s["suspect_any"]
        lines.append(
            f"{backend}: {s['records']} records, {s['status'].get(OK, 0)} ok, {s['judged']} "
            f"changed outputs judged; suspect (any signal) {_pct(any_rate)}"
        )
        for name in SIGNALS:
            r = s["signals"][name]
            lines.append(f"  {name:<11} suspect {_pct(r)}")
    if baseline is not None:
        lines.append(
            f"against the baseline: {len(baseline['changed'])} changed, "
            f"{len(baseline['appeared'])} appeared, {len(baseline['disappeared'])} disappeared "
            f"(of {baseline['compared']})"
        )
    return "\n".join(lines)


def _pct(r: dict) -> str:
    if not r["checked"]:
        return "n/a (nothing checked)"
    return f"{100 * r['rate']:.1f}% ({r['suspects']}/{r['checked']})"
