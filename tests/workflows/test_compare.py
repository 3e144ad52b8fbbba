"""seam compare: the measures on hand-checked cases, the rows and summary on the surface
backend (gold accuracy against seam eval's own scoring), the report as a browser sees it, and
surface + erg (live ACE) + tailor (a tiny checkpoint fitted in the test) end to end."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from engine import analyze, parse
from engine.cli import main
from engine.erg import grammar as gmod
from engine.jsonl import parse_line
from engine.workflows.compare import metrics, run_backends
from engine.workflows.compare.comparison import (
    Comparison,
    Row,
    agreement,
    measure,
    phenomenon,
    summarize,
)
from engine.workflows.compare.report import render
from engine.workflows.evaluate import evaluate, read_gold

ROOT = Path(__file__).resolve().parents[2]
GOLD = ROOT.parent / "shared" / "data" / "gold" / "transform_dev.jsonl"


def _close(text: str, expr: str, output: str) -> metrics.Closeness:
    a, out = analyze([text, output])
    return metrics.closeness(a, parse(expr).plan(), out)


# -- measures ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expr, output, changed, f1",
    [
        ("The dog chased the cat.", "passive", "The cat was chased by the dog.", ["V"], 1.0),
        ("The dog chased the cat.", "cleft(ARG0)", "It was the dog that chased the cat.", [], 1.0),
        ("A man is riding a bike.", "negate", "A man is not riding a bike.", ["V"], 1.0),
        ("The dog chased the cat.", "swap", "The cat chased the dog.", [], 1.0),
        # a tense edit that also rewrote the object: V expected (1 token), V and ARG1 (2 tokens)
        # changed
        (
            "The dog chased the cat.",
            "tense(fut)",
            "The dog will chase a mouse.",
            ["ARG1", "V"],
            0.5,
        ),
        # the tense edit missed the verb and changed the object instead
        ("The dog chased the cat.", "tense(fut)", "The dog chased a mouse.", ["ARG1"], 0.0),
        # a question made by inversion moves the verb group: that is its change (and back)
        ("The man is riding a bike.", "question", "Is the man riding a bike?", ["V"], 1.0),
        ("Is the man riding a bike?", "declarative", "The man is riding a bike.", ["V"], 1.0),
        ("The man is riding a bike.", "question", "The man is riding a bike?", [], 0.0),
        # uncleft moves the focus back into its clause and changes no span's words
        ("It was the dog that dug the hole.", "uncleft", "The dog dug the hole.", [], 1.0),
        # a word inserted inside an argument changes it
        (
            "The black cat chased the mouse.",
            "tense(fut)",
            "The big black cat will chase the mouse.",
            ["ARG0", "V"],
            0.4,
        ),
    ],
)
def test_closeness_weights_expected_against_changed_spans(text, expr, output, changed, f1):
    c = _close(text, expr, output)
    assert list(c.changed) == changed
    assert c.f1 == pytest.approx(f1, abs=1e-3)


def test_closeness_of_an_already_satisfied_plan_expects_nothing():
    a = analyze("The dog chased the cat.")[0]
    c = metrics.closeness(a, parse("tense(past)").plan(), a, unchanged=True)
    assert (c.expected, c.changed, c.f1) == ((), (), 1.0)


def test_diversity_and_distance_by_hand():
    # 3 distinct unigrams of 4 in "a b" + "a c"
    assert metrics.distinct_n(["a b", "a c"], 1) == 0.75
    assert metrics.distinct_n(["a b", "a b"], 2) == 0.5
    assert metrics.self_bleu(["the man rides the bike", "the man rides the bike"]) == 1.0
    assert metrics.self_bleu(["one"]) is None
    assert metrics.self_bleu(["a man rides a bike", "the cat sleeps"]) < 0.1
    assert (
        metrics.token_edit_distance("A man rides a bike.", "A bike is ridden by a man.") == 5
    )  # 3 substitutions, 2 insertions


def test_phenomenon_of_a_plan():
    assert [
        phenomenon(parse(e).plan())
        for e in ("perf(+)", "modal(may)", "passive", "question", "p+passive")
    ] == ["aspect", "modal", "voice", "question", "composition"]


def test_agreement_counts_only_items_both_realized():
    rows = [
        Row(
            "1",
            "s",
            "p",
            "tense",
            "tense=past",
            backends={
                "a": {"status": "ok", "best": "X ran."},
                "b": {"status": "ok", "best": "x ran ."},
            },
        ),
        Row(
            "2",
            "s",
            "p",
            "tense",
            "tense=past",
            backends={
                "a": {"status": "ok", "best": "Y ran."},
                "b": {"status": "ok", "best": "Y runs."},
            },
        ),
        Row(
            "3",
            "s",
            "p",
            "tense",
            "tense=past",
            backends={
                "a": {"status": "ok", "best": "Z ran."},
                "b": {"status": "no_parse", "best": None},
            },
        ),
    ]
    assert agreement(rows, ["a", "b"]) == {"a|b": {"both_ok": 2, "same_best": 1, "agreement": 0.5}}


# -- rows and summary on the surface backend ---------------------------------------------------


def _gold_items(n=60):
    lines = [line for line in GOLD.read_text(encoding="utf-8").splitlines() if line.strip()][:n]
    return [parse_line(line, k + 1) for k, line in enumerate(lines)], lines


@pytest.mark.skipif(
    not GOLD.exists(), reason="needs the development gold file (not shipped with Seam)"
)
def test_gold_accuracy_equals_seam_evals_scoring(tmp_path):
    items, lines = _gold_items()
    comparison = run_backends(items, None, {"surface": {}})
    measure(comparison)
    summary = summarize(comparison)
    gold = tmp_path / "gold.jsonl"
    gold.write_text("\n".join(lines) + "\n", encoding="utf-8")
    total, per, _ = evaluate(read_gold(gold), "surface")
    mine = summary["backends"]["surface"]
    assert mine["accuracy"] == pytest.approx(total.to_dict()["accuracy"], abs=1e-4)
    assert mine["n"] == len(lines) and mine["ok"] == total.ok
    for ph, score in per.items():
        assert mine["by_phenomenon"][ph]["accuracy"] == pytest.approx(
            score.to_dict()["accuracy"], abs=1e-4
        )


def test_every_row_kept_whatever_the_line():
    lines = [
        '{"id": "a", "text": "The dog chased the cat.", "apply": "passive"}',
        '{"id": "b", "text": "The dog chased the cat.", "apply": "tense(("}',
        '{"id": "c", "text": "The dog chased the cat."}',
        "not json",
        '{"id": "e", "text": "", "apply": "negate"}',
    ]
    items = [parse_line(line, k + 1) for k, line in enumerate(lines)]
    comparison = run_backends(items, None, {"surface": {}})
    measure(comparison)
    statuses = {r.id: r.backends["surface"]["status"] for r in comparison.rows}
    assert statuses == {"a": "ok", "b": "error", "c": "error", "4": "error", "e": "error"}
    assert "bad transformation" in comparison.rows[1].backends["surface"]["reason"]
    summary = summarize(comparison)
    assert summary["backends"]["surface"]["n"] == 5


def test_shared_apply_gives_inputs_times_transformations_in_order():
    items = [
        parse_line(json.dumps({"id": str(k), "text": t}), k + 1)
        for k, t in enumerate(["A man is riding a bike.", "Two kids play soccer."])
    ]
    comparison = run_backends(items, ["p", "negate"], {"surface": {}})
    assert [(r.id, r.transformation) for r in comparison.rows] == [
        ("0", "p"),
        ("0", "negate"),
        ("1", "p"),
        ("1", "negate"),
    ]
    assert comparison.rows[0].backends["surface"]["best"] == "A man was riding a bike."


# -- the command and its report ----------------------------------------------------------------

# the second backend of the report: the hybrid where a live grammar is found, else the tiny
# TAILOR fitted in conftest (a fresh machine has no ACE)
SECOND = "hybrid" if gmod.live_grammars() else "tailor"


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory, request):
    out = tmp_path_factory.mktemp("compare")
    second = (
        ["-b", "hybrid"]
        if SECOND == "hybrid"
        else [
            "-b",
            "tailor",
            "--model",
            str(request.getfixturevalue("fitted_tailor")),
            "--decoding",
            "beam",
            "--device",
            "cpu",
        ]
    )
    src = out / "in.jsonl"
    src.write_text(
        "\n".join(
            json.dumps({"id": str(k), "text": t})
            for k, t in enumerate(
                [
                    "A man is riding a bike.",
                    "The dog chased the cat.",
                    "Two kids play soccer in the park.",
                    "She wrote a letter.",
                ]
            )
        )
        + "\n",
        encoding="utf-8",
    )
    assert (
        main(
            [
                "compare",
                "-i",
                str(src),
                "-a",
                "p",
                "-a",
                "passive",
                "-a",
                "negate",
                "-a",
                "cleft(ARG0)",
                "-b",
                "surface",
                *second,
                "--judge",
                "none",
                "-o",
                str(out / "report"),
                "-q",
            ]
        )
        == 0
    )
    return out / "report"


def test_compare_writes_records_summary_and_a_self_contained_report(report_dir):
    rows = [json.loads(line) for line in (report_dir / "records.jsonl").read_text().splitlines()]
    assert len(rows) == 4 * 4 and all(set(r["backends"]) == {"surface", SECOND} for r in rows)
    summary = json.loads((report_dir / "summary.json").read_text())
    assert (
        set(summary["backends"]) == {"surface", SECOND}
        and f"surface|{SECOND}" in summary["agreement"]
    )
    assert summary["backends"]["surface"]["records_per_s"] > 0
    page = (report_dir / "report.html").read_text()
    assert page.count("<svg") == 3
    # nothing is fetched: no external script, style, image or font
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    assert "<link" not in page


def _chromium() -> str | None:
    return next(
        (
            shutil.which(b)
            for b in ("chromium", "chromium-browser", "google-chrome")
            if shutil.which(b)
        ),
        None,
    )


def _headless(browser: str, page: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
            *extra,
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


def _console_errors(stderr: str) -> list[str]:
    return [
        line
        for line in stderr.splitlines()
        if "CONSOLE" in line and re.search(r"Uncaught|Error", line)
    ]


@pytest.mark.skipif(
    _chromium() is None, reason="needs a headless Chromium (Debian: apt-get install chromium)"
)
def test_the_report_renders_in_a_browser(report_dir, tmp_path):
    browser = _chromium()
    dom = _headless(browser, report_dir / "report.html", "--dump-dom")
    body = re.search(r"<body[^>]*>", dom.stdout).group()
    assert 'data-ready="1"' in body and 'data-charts="3"' in body, body
    assert "data-errors" not in body and _console_errors(dom.stderr) == []
    # a 1280-px window shows the whole width: no horizontal scrolling of the page
    dom = _headless(browser, report_dir / "report.html", "--window-size=1280,900", "--dump-dom")
    assert 'data-overflow="0"' in re.search(r"<body[^>]*>", dom.stdout).group()
    shot = tmp_path / "report.png"
    _headless(
        browser,
        report_dir / "report.html",
        "--hide-scrollbars",
        "--window-size=1280,1500",
        f"--screenshot={shot}",
    )
    assert shot.stat().st_size > 20_000
    # the check can fail: a page with a script error is caught
    broken = tmp_path / "broken.html"
    broken.write_text(
        (report_dir / "report.html")
        .read_text()
        .replace("</body>", "<script>noSuchFunction();</script></body>")
    )
    dom = _headless(browser, broken, "--dump-dom")
    assert "data-errors" in re.search(r"<body[^>]*>", dom.stdout).group() or _console_errors(
        dom.stderr
    )


def test_the_scatter_legend_covers_no_point():
    from engine.workflows.compare.report import _pyplot, scatter_figure

    cells = {
        p: {"closeness_f1": f, "loss_ratio": r}
        for p, f, r in [
            ("question", 1.0, 1.06),
            ("voice", 1.0, 1.04),
            ("tense", 1.0, 1.02),
            ("cleft", 0.9, 0.92),
            ("negation", 0.0, 1.0),
        ]
    }
    summary = {
        "backends": {name: {"by_phenomenon": cells} for name in ("surface", "hybrid", "erg")}
    }
    fig, ax = scatter_figure(summary)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legend = ax.get_legend().get_window_extent(renderer)
    points = ax.transData.transform([(c["closeness_f1"], c["loss_ratio"]) for c in cells.values()])
    assert not any(legend.x0 <= x <= legend.x1 and legend.y0 <= y <= legend.y1 for x, y in points)
    assert not legend.overlaps(ax.get_window_extent(renderer))  # nor the plotting area at all
    labels = [t.get_window_extent(renderer) for t in ax.texts]
    assert all(not legend.overlaps(b) for b in labels)
    _pyplot().close(fig)


def test_render_is_deterministic(report_dir):
    summary = json.loads((report_dir / "summary.json").read_text())
    rows = [
        Row(**{k: v for k, v in r.items()})
        for r in map(json.loads, (report_dir / "records.jsonl").read_text().splitlines())
    ]
    assert render(summary, rows) == render(summary, rows)
    assert isinstance(Comparison(rows, {}, list(summary["backends"])).rows[0], Row)


# -- surface + erg (live ACE) + tailor ---------------------------------------------------------

GRAMMARS = gmod.live_grammars()


@pytest.mark.ace
@pytest.mark.skipif(
    not GRAMMARS, reason="needs a live ACE and ERG image (SEAM_ACE/SEAM_ERG or the user cache)"
)
def test_surface_erg_and_tailor_side_by_side(fitted_tailor, tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text(
        '{"id": "1", "text": "The cook burned the toast."}\n{"id": "2", "text": "A clerk sorted '
        'the letters."}\n'
    )
    out = tmp_path / "report"
    assert (
        main(
            [
                "compare",
                "-i",
                str(src),
                "-a",
                "tense(fut)",
                "-a",
                "passive",
                "-a",
                "negate",
                "-b",
                "surface",
                "-b",
                "erg",
                "-b",
                "tailor",
                "--model",
                str(fitted_tailor),
                "--decoding",
                "beam",
                "--device",
                "cpu",
                "--grammar",
                str(GRAMMARS[0].image),
                "--judge",
                "erg",
                "-o",
                str(out),
                "-q",
            ]
        )
        == 0
    )
    rows = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
    assert len(rows) == 6
    first = {b: o["best"] for b, o in rows[0]["backends"].items()}
    assert first == {
        "surface": "The cook will burn the toast.",
        "erg": "The cook will burn the toast.",
        "tailor": "The cook will burn the toast.",
    }
    scores = rows[0]["backends"]["erg"]["scores"]
    assert (
        scores["grammatical"] is True
        and scores["checked"] is True
        and scores["closeness"]["f1"] == 1.0
    )
    summary = json.loads((out / "summary.json").read_text())
    assert summary["agreement"]["surface|erg"]["both_ok"] >= 3
    assert summary["backends"]["tailor"]["by_transformation"]["passive"]["ok"] >= 1
