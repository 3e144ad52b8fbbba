"""``report.html``: one self-contained page (no network: charts are inline SVG drawn by
matplotlib, the few lines of script are inline) with

* per-phenomenon bars of coverage and of checked (or gold accuracy) per backend;
* a closeness-against-fluency scatter (one point per backend and phenomenon);
* the summary table, sortable by clicking a column;
* side-by-side examples where the backends disagree, filterable by phenomenon.

The page marks itself for headless checks: ``<body data-ready="1" data-charts="N">`` once its
script has run, and ``data-errors`` counts script errors.
"""

from __future__ import annotations

import html
import io
import json
from collections.abc import Sequence
from pathlib import Path

from ...results import OK
from ..evaluate import normalize
from .comparison import Row

MAX_EXAMPLES = 400
_COLUMNS = (
    ("n", "n"),
    ("coverage", "coverage"),
    ("adherence", "adherence"),
    ("preservation", "preservation"),
    ("checked", "checked"),
    ("accuracy", "gold accuracy"),
    ("precision", "gold precision"),
    ("grammatical", "ERG-grammatical"),
    ("closeness_f1", "closeness F1"),
    ("edit_distance", "token edits"),
    ("lp_change", "log-prob change"),
    ("loss_ratio", "loss ratio"),
    ("self_bleu", "self-BLEU"),
    ("distinct_2", "distinct-2"),
    ("records_per_s", "records/s"),
)


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "seam"  # the same ids on every run
    import matplotlib.pyplot as plt

    return plt


def bars(summary: dict, key: str, title: str) -> str:
    """Grouped bars of ``key`` per phenomenon, one bar per backend."""
    plt = _pyplot()
    phenomena = summary["phenomena"]
    names = list(summary["backends"])
    fig, ax = plt.subplots(figsize=(max(6.0, 0.9 * len(phenomena) + 2), 3.2))
    width = 0.8 / max(1, len(names))
    for k, name in enumerate(names):
        cells = summary["backends"][name]["by_phenomenon"]
        values = [cells[p].get(key) or 0.0 for p in phenomena]
        ax.bar(
            [i + k * width - 0.4 + width / 2 for i in range(len(phenomena))],
            values,
            width,
            label=name,
        )
    ax.set_xticks(range(len(phenomena)), phenomena, rotation=30, ha="right")
    ax.set_ylim(0, 1.05)
    ax.set_title(title)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.grid(axis="y", alpha=0.3)
    out = _svg(fig)
    plt.close(fig)
    return out


def scatter_figure(summary: dict):
    """The scatter's figure and axes (see :func:`scatter`)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.0, 4.4))
    names = []
    for name, entry in summary["backends"].items():
        points = [
            (p, c["closeness_f1"], c["loss_ratio"])
            for p, c in entry["by_phenomenon"].items()
            if c.get("closeness_f1") is not None and c.get("loss_ratio") is not None
        ]
        if not points:
            continue
        names.append(name)
        ax.scatter([x for _, x, _ in points], [y for _, _, y in points], label=name, alpha=0.8)
        for p, x, y in points:
            ax.annotate(p, (x, y), fontsize=7, xytext=(3, 3), textcoords="offset points")
    ax.axhline(1.0, color="grey", lw=0.8, ls="--")
    ax.set_xlim(-0.03, 1.15)  # room for the labels of points at closeness 1
    ax.set_xlabel("closeness F1 (TAILOR, higher is closer)")
    ax.set_ylabel("loss ratio (edited / source; 1 = as fluent)")
    ax.set_title("closeness against fluency")
    ax.grid(alpha=0.3)
    if names:  # below the axes: a legend inside (or beside) them covers the points at closeness 1
        ax.legend(
            fontsize=8,
            loc="upper center",
            bbox_to_anchor=(0.5, -0.14),
            ncol=min(4, len(names)),
            frameon=False,
        )
    fig.tight_layout()
    return fig, ax


def scatter(summary: dict) -> str:
    """Closeness F1 (x) against the fluency loss ratio (y), per backend and phenomenon."""
    plt = _pyplot()
    fig, _ax = scatter_figure(summary)
    out = _svg(fig)
    plt.close(fig)
    return out


def _fmt(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}"
    return html.escape(str(value))


def table(summary: dict) -> str:
    cols = [
        (k, h)
        for k, h in _COLUMNS
        if any(
            k in c
            for e in summary["backends"].values()
            for c in [e, *e["by_transformation"].values()]
        )
    ]
    head = "".join(f"<th data-col='{i + 2}'>{html.escape(h)}</th>" for i, (_, h) in enumerate(cols))
    body = []
    for name, entry in summary["backends"].items():
        for t, cell in [*entry["by_transformation"].items(), ("(all)", entry)]:
            tds = "".join(
                f"<td data-v='{cell.get(k) if cell.get(k) is not None else ''}'>"
                f"{_fmt(cell.get(k))}</td>"
                for k, _ in cols
            )
            body.append(f"<tr><td>{html.escape(name)}</td><td>{html.escape(t)}</td>{tds}</tr>")
    return (
        f"<table id='summary' class='sortable'><thead><tr><th data-col='0'>backend</th>"
        f"<th data-col='1'>transformation</th>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def _disagree(row: Row) -> bool:
    outs = list(row.backends.values())
    keys = {
        (o["status"], normalize(o["best"]) if o["status"] == OK and o.get("best") else "")
        for o in outs
    }
    return len(keys) > 1


def examples(
    rows: Sequence[Row], backends: Sequence[str], limit: int = MAX_EXAMPLES
) -> tuple[str, int]:
    """Side-by-side rows where the backends disagree (status or best output), and how many."""
    chosen = [r for r in rows if _disagree(r)]
    parts = []
    for row in chosen[:limit]:
        cells = []
        for name in backends:
            o = row.backends.get(name, {})
            scores = o.get("scores") or {}
            marks = []
            if scores:
                marks.append("✓ checked" if scores.get("checked") else "✗ not checked")
                if scores.get("grammatical") is False:
                    marks.append("✗ ERG: no parse")
                if scores.get("code"):
                    marks.append(f"[{scores['code']}]")
            if "correct" in o:
                marks.append("gold ✓" if o["correct"] else "gold ✗")
            text = (
                html.escape(o.get("best") or "")
                if o.get("status") == OK
                else (f"<span class='why'>{html.escape((o.get('reason') or '')[:160])}</span>")
            )
            cells.append(
                "<td><span class='st "
                f"st-{html.escape(o.get('status', ''))}'>{html.escape(o.get('status', ''))}</span> "
                f"{text}<div class='marks'>{html.escape(' · '.join(marks))}</div></td>"
            )
        parts.append(
            f"<tr data-ph='{html.escape(row.phenomenon)}'><td>{html.escape(row.source or '')}"
            f"<div class='marks'>{html.escape(row.transformation)}</div></td>{''.join(cells)}</tr>"
        )
    head = "".join(f"<th>{html.escape(b)}</th>" for b in backends)
    return (
        f"<table id='examples'><thead><tr><th>source · transformation</th>{head}</tr></thead>"
        f"<tbody>{''.join(parts)}</tbody></table>",
        len(chosen),
    )


_STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1232px}
.wide{max-width:100%;overflow-x:auto}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}
.charts{display:flex;flex-wrap:wrap;gap:16px}\
figure{margin:0;border:1px solid #ddd;padding:8px;border-radius:6px}
figure svg{max-width:640px;height:auto}
table{border-collapse:collapse;margin:8px 0;font-size:13px}\
td,th{border:1px solid #ddd;padding:3px 6px;vertical-align:top}
#summary th{font-size:12px;max-width:7em}#examples td{min-width:12em}
th{background:#f4f4f4;cursor:pointer;position:sticky;top:0}tr:nth-child(even){background:#fafafa}
#summary td:nth-child(n+3){text-align:right;font-variant-numeric:tabular-nums}
.st{font-size:11px;padding:1px 4px;border-radius:3px;background:#eee}.st-ok{background:#d8f0d8}
.st-not_applicable{background:#f0ecd8}.why{color:#777}.marks{color:#888;font-size:11px}
.meta{color:#666}
"""

_SCRIPT = """
(function(){
  var errors = 0;
  window.addEventListener('error', function(){ errors += 1; \
document.body.dataset.errors = errors; });
  function value(td){ var v = td.getAttribute('data-v'); if (v === null) return td.textContent;
    return v === '' ? -Infinity : parseFloat(v); }
  document.querySelectorAll('table.sortable th').forEach(function(th){
    th.addEventListener('click', function(){
      var table = th.closest('table'), body = table.tBodies[0], col = +th.dataset.col;
      var down = th.dataset.dir !== 'down'; th.dataset.dir = down ? 'down' : 'up';
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function(a, b){ var x = value(a.cells[col]), y = value(b.cells[col]);
        if (x < y) return down ? 1 : -1; if (x > y) return down ? -1 : 1; return 0; });
      rows.forEach(function(r){ body.appendChild(r); });
    });
  });
  var select = document.getElementById('phenomenon');
  select.addEventListener('change', function(){
    document.querySelectorAll('#examples tbody tr').forEach(function(tr){
      tr.style.display = (!select.value || tr.dataset.ph === select.value) ? '' : 'none'; });
  });
  var charts = 0;
  document.querySelectorAll('figure svg').forEach(function(svg){ \
if (svg.querySelectorAll('path').length > 4) charts += 1; });
  document.body.dataset.charts = charts;
  // how far the page runs past the window's width (0: it fits)
  document.body.dataset.overflow = Math.max(0, \
document.documentElement.scrollWidth - window.innerWidth);
  document.body.dataset.ready = '1';
})();
"""


def write(
    directory, comparison, summary: dict, title: str = "Seam: backends compared"
) -> dict[str, str]:
    """Write ``records.jsonl``, ``summary.json`` and ``report.html`` into ``directory``."""

    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths = {
        "records": out / "records.jsonl",
        "summary": out / "summary.json",
        "report": out / "report.html",
    }
    with open(paths["records"], "w", encoding="utf-8") as f:
        for row in comparison.rows:
            f.write(json.dumps(row.to_json(), ensure_ascii=False) + "\n")
    paths["summary"].write_text(
        json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    paths["report"].write_text(render(summary, comparison.rows, title), encoding="utf-8")
    return {k: str(v) for k, v in paths.items()}


def render(summary: dict, rows: Sequence[Row], title: str = "Seam: backends compared") -> str:
    """The whole report page."""
    backends = list(summary["backends"])
    graded = any("accuracy" in e for e in summary["backends"].values())
    charts = [
        bars(summary, "coverage", "coverage (status ok) per phenomenon"),
        bars(
            summary,
            "accuracy" if graded else "checked",
            "gold accuracy per phenomenon" if graded else "checked (ok, change shown, rest kept)",
        ),
        scatter(summary),
    ]
    ex, n_disagree = examples(rows, backends)
    options = "".join(f"<option>{html.escape(p)}</option>" for p in summary["phenomena"])
    agree = "".join(
        f"<li>{html.escape(pair)}: {a['same_best']} of {a['both_ok']} items where both are ok "
        f"({_fmt(a['agreement'])})</li>"
        for pair, a in summary["agreement"].items()
    )
    meta = (
        f"{summary['inputs']} inputs, {summary['rows']} input × transformation rows, backends: "
        f"{', '.join(backends)}"
    )
    data = json.dumps(summary).replace("</", "<\\/")  # the JSON stays inside its script element
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>{_STYLE}</style></head>
<body>
<h1>{html.escape(title)}</h1>
<p class="meta">{html.escape(meta)}</p>
<h2>Per phenomenon</h2>
<div class="charts">{"".join(f"<figure>{c}</figure>" for c in charts)}</div>
<h2>Summary (click a column to sort)</h2>
<div class="wide">{table(summary)}</div>
<h2>Agreement between backends</h2><ul>{agree or "<li>one backend only</li>"}</ul>
<h2>Where the backends disagree ({n_disagree}\
{f", first {MAX_EXAMPLES} shown" if n_disagree > MAX_EXAMPLES else ""})</h2>
<label>phenomenon <select id="phenomenon"><option value="">all</option>{options}</select></label>
<div class="wide">{ex}</div>
<script type="application/json" id="summary-data">{data}</script>
<script>{_SCRIPT}</script>
</body></html>
"""
