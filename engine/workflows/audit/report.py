"""``report.html`` of ``seam audit``: one self-contained page (no network, no script from
outside) with the suspect rate of every signal per backend and per transformation, the suspect
outputs grouped by transformation and signal (each with what the signal saw), and, against a
baseline run, the outputs that changed, appeared or disappeared.
"""

from __future__ import annotations

import html
import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from .audit import SIGNALS

MAX_PER_GROUP = 40

_STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 1200px; \
padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; } h3 { font-size: 1.05em; }
table { border-collapse: collapse; margin: .5em 0; max-width: 100%; }
th, td { border: 1px solid #ccc; padding: .25em .5em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
.hot { background: #fde2e1; } .meta { color: #555; }
.case { margin: .3em 0 .8em; padding: .4em .6em; border-left: 3px solid #d55; background: #fafafa; }
.case .src { color: #555; } .case .why { color: #844; font-size: .92em; }
details { margin: .3em 0; } summary { cursor: pointer; }
"""


def _e(text) -> str:
    return html.escape("" if text is None else str(text))


def _cell(rate: dict) -> str:
    if not rate or not rate.get("checked"):
        return '<td class="num">–</td>'
    hot = " hot" if rate["rate"] and rate["rate"] >= 0.1 else ""
    return (
        f'<td class="num{hot}">{100 * rate["rate"]:.1f}% '
        f"<small>({rate['suspects']}/{rate['checked']})</small></td>"
    )


def _what(rec: dict, name: str) -> str:
    """What the signal saw, in one line."""
    found = rec["signals"].get(name)
    if name == "inverse" and isinstance(found, dict):
        return f"{found['apply']} of the output gives: {found.get('text')!s}"
    if name == "commute" and isinstance(found, list):
        bad = [f for f in found if f.get("suspect")]
        return "; ".join(
            f"then {f['with']}: {f['a_then_b']} | {f['with']} first: {f['b_then_a']}" for f in bad
        )
    if name == "agreement" and isinstance(found, dict):
        return "; ".join(f"{b}: {t}" for b, t in found.get("others", {}).items())
    if isinstance(found, dict):
        return str(found.get("why") or "")
    return ""


def render(
    records: Sequence[dict], summary: dict, baseline: dict | None = None, title: str = "Seam audit"
) -> str:
    backends = list(summary)
    head = "".join(f"<th>{_e(n)}</th>" for n in SIGNALS)
    overview = "".join(
        f"<tr><td>{_e(b)}</td><td class='num'>{s['records']}</td><td "
        f"class='num'>{s['status'].get('ok', 0)}</td><td "
        f"class='num'>{s['judged']}</td>{_cell(s['suspect_any'])}"
        + "".join(_cell(s["signals"][n]) for n in SIGNALS)
        + "</tr>"
        for b, s in summary.items()
    )
    per = []
    for b, s in summary.items():
        rows = "".join(
            f"<tr><td>{_e(expr)}</td><td class='num'>{cell['judged']}</td>{_cell(cell['any'])}"
            + "".join(_cell(cell[n]) for n in SIGNALS)
            + "</tr>"
            for expr, cell in s["per_transformation"].items()
        )
        per.append(
            f"<h3>{_e(b)}</h3><table><tr><th>transformation</th><th>judged</th><th>any</th>{head}</tr>"
            f"{rows}</table>"
        )
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for rec in records:
        for name in rec.get("suspect", []):
            groups[(rec["backend"], rec["apply"], name)].append(rec)
    cases = []
    for (b, expr, name), members in sorted(groups.items()):
        shown = "".join(
            f"<div class='case'><div class='src'>{_e(r['text'])}</div><div>→ "
            f"<b>{_e(r['best'])}</b></div><div class='why'>{_e(_what(r, name))}</div></div>"
            for r in members[:MAX_PER_GROUP]
        )
        more = (
            f"<p class='meta'>{len(members) - MAX_PER_GROUP} more in records.jsonl</p>"
            if len(members) > MAX_PER_GROUP
            else ""
        )
        cases.append(
            f"<details><summary>{_e(b)} · {_e(expr)} · {_e(name)}: "
            f"{len(members)}</summary>{shown}{more}</details>"
        )
    diff = ""
    if baseline is not None:
        parts = []
        for key, label in (
            ("changed", "changed"),
            ("appeared", "appeared (ok now, not before)"),
            ("disappeared", "disappeared (ok before, not now)"),
        ):
            rows = "".join(
                f"<tr><td>{_e(r['apply'])}</td><td>{_e(r['text'])}</td>"
                f"<td>{_e(r['before'] or r['before_status'])}"
                f"</td><td>{_e(r['after'] or r['after_status'])}</td></tr>"
                for r in baseline[key][:200]
            )
            parts.append(
                f"<details><summary>{label}: "
                f"{len(baseline[key])}</summary><table><tr><th>transformation</th><th>source</th><th>before</th><th>after</th></tr>{rows}</table></details>"
            )
        diff = (
            f"<h2>Against the baseline ({baseline['compared']} records "
            f"compared)</h2>{''.join(parts)}"
        )
    data = json.dumps(summary).replace("</", "<\\/")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title><style>{_STYLE}</style></head>
<body>
<h1>{_e(title)}</h1>
<p class="meta">Suspects are changed <code>ok</code> outputs that a label-free \
signal flags; a signal that
cannot judge an output (no inverse, the inverse refused, no grammar, one backend) \
leaves it out of its
count. Backends: {_e(", ".join(backends))}.</p>
<h2>Suspect rates</h2>
<table><tr><th>backend</th><th>records</th><th>ok</th><th>judged</th><th>any signal</th>\
{head}</tr>{overview}</table>
<h2>Per transformation</h2>{"".join(per)}
<h2>Suspect outputs</h2>{"".join(cases) or "<p>none</p>"}
{diff}
<script type="application/json" id="summary-data">{data}</script>
</body></html>
"""


def write(
    directory,
    records: Sequence[dict],
    summary: dict,
    baseline: dict | None = None,
    title: str = "Seam audit",
) -> dict[str, str]:
    """Write ``summary.json`` and ``report.html`` beside ``records.jsonl`` in ``directory``."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths = {
        "records": out / "records.jsonl",
        "summary": out / "summary.json",
        "report": out / "report.html",
    }
    payload = {"backends": summary, "baseline": baseline}
    paths["summary"].write_text(
        json.dumps(payload, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    paths["report"].write_text(render(records, summary, baseline, title), encoding="utf-8")
    return {k: str(v) for k, v in paths.items()}
