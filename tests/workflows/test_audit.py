"""``seam audit``: label-free signals on a corpus, the report, a baseline comparison, resume.
The corpus is written here; a deliberately broken backend shows that each signal can fire."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.backends import SurfaceBackend
from engine.ir import Predicate
from engine.jsonl import InputRecord
from engine.results import OK, Candidate, Realization
from engine.workflows.audit import (
    AuditOptions,
    Auditor,
    compare_runs,
    equivalent,
    inverse,
    run_audit,
    summarize,
)
from engine.workflows.audit.signals import commuting_pairs, reanalysis

CORPUS = [
    "The ferry carried forty passengers across the bay.",
    "A young woman is painting the old fence.",
    "The committee has approved the new budget.",
    "My neighbour picked up the parcel this morning.",
    "It was the gardener who planted the roses.",
]


def _items(texts):
    return [InputRecord(str(k), t, k) for k, t in enumerate(texts, start=1)]


# -- the signals, one by one ------------------------------------------------------------------
@pytest.mark.parametrize(
    "expr,source,expected",
    [
        ("tense(past)", Predicate("carry", tense="pres"), "tense(pres)"),
        ("tense(fut)", Predicate("carry", tense="past"), "tense(past)"),
        ("negate", Predicate("carry"), "affirm"),
        ("question", Predicate("carry"), "declarative"),
        ("passive", Predicate("carry"), "active"),
        ("active", Predicate("carry", voice="passive"), "passive"),
        ("cleft(SUBJ)", Predicate("carry"), "uncleft"),
        ("prog(+)", Predicate("carry"), "prog(-)"),
        ("swap", Predicate("carry"), "swap"),
        (
            "tense(past)",
            Predicate("carry", tense="past"),
            None,
        ),  # already satisfied: nothing to undo
        ("modal(may)", Predicate("carry"), None),
        ("tense(past)+passive", Predicate("carry"), None),
    ],
)
def test_the_inverse_of_each_transformation(expr, source, expected):
    assert inverse(expr, source) == expected


@pytest.mark.parametrize(
    "a,b,same",
    [
        ("She didn't call.", "She did not call.", True),
        ("He turned off the radio.", "He turned the radio off.", True),
        ("She said that he left.", "She said he left.", True),
        ("The dog chased the cat.", "The cat chased the dog.", False),
        ("He turned off the radio.", "He turned on the radio.", False),
    ],
)
def test_free_variation_is_not_a_difference(a, b, same):
    assert equivalent(a, b) is same


def test_only_commuting_single_transformations_are_paired():
    assert commuting_pairs(["p", "f", "n", "s", "shorten(ARG0)", "q"]) == [
        ("p", "n"),
        ("p", "shorten(ARG0)"),
        ("p", "q"),
        ("f", "n"),
        ("f", "shorten(ARG0)"),
        ("f", "q"),
        ("n", "q"),
    ]


def test_reanalysis_finds_an_output_that_shows_another_change(surface):
    source, wrong, right = surface.analyze(
        [
            "The ferry carried the cars.",
            "The ferry will carry the cars.",
            "The ferry did not carry the cars.",
        ]
    )
    assert reanalysis(source, "negate", right) is None
    assert reanalysis(source, "negate", wrong) == "polarity is not neg"


# -- a broken backend makes the signals fire ----------------------------------------------------
class DropsTheObject(SurfaceBackend):
    """The surface realizer, except that its negations lose their last phrase (a realizer bug)."""

    name = "broken"

    def realize(self, analyses, plans):
        out = []
        for real, plan in zip(super().realize(analyses, plans), plans, strict=True):
            if real.status == OK and plan.features.get("polarity") == "neg":
                words = real.best.rstrip(".").split()
                real = Realization(OK, real.reason, (Candidate(" ".join(words[:-2]) + ".", 1.0),))
            out.append(real)
        return out


@pytest.fixture(scope="module")
def audited():
    options = AuditOptions(
        expressions=["p", "n", "q", "pa"], backends=["surface", DropsTheObject()], commute=2
    )
    return Auditor(options).audit(_items(CORPUS))


def test_every_input_transformation_and_backend_has_a_record(audited):
    assert len(audited) == len(CORPUS) * 4 * 2
    assert {r["backend"] for r in audited} == {"surface", "broken"}


def test_a_wrong_output_is_a_suspect_of_every_signal_that_sees_it(audited):
    broken = [
        r for r in audited if r["backend"] == "broken" and r["apply"] == "n" and r["status"] == OK
    ]
    assert broken
    for rec in broken:
        assert {"inverse", "reanalysis", "agreement"} <= set(rec["suspect"]), rec


def test_right_outputs_are_not_suspects(audited):
    fine = [
        r
        for r in audited
        if r["backend"] == "surface"
        and r["apply"] in ("p", "q", "pa")
        and r["status"] == OK
        and r["best"] != r["text"]
    ]
    assert fine
    assert all(not set(r["suspect"]) & {"inverse", "reanalysis", "commute"} for r in fine), [
        (r["best"], r["suspect"]) for r in fine if r["suspect"]
    ]


def test_the_summary_counts_checked_and_flagged_outputs(audited):
    summary = summarize(audited)
    broken = summary["broken"]["per_transformation"]["n"]
    assert (
        broken["inverse"]["checked"] >= 1
        and broken["inverse"]["suspects"] == broken["inverse"]["checked"]
    )
    assert summary["surface"]["per_transformation"]["p"]["inverse"]["suspects"] == 0
    assert (
        summary["surface"]["signals"]["erg"]["checked"] == 0
    )  # no judge given: nothing judged, nothing flagged


# -- two runs compared ----------------------------------------------------------------------------
def test_a_baseline_shows_what_changed_appeared_and_disappeared():
    old = [
        {"id": "1", "apply": "n", "backend": "surface", "status": "ok", "best": "A did not go."},
        {"id": "2", "apply": "n", "backend": "surface", "status": "not_applicable", "best": None},
        {"id": "3", "apply": "n", "backend": "surface", "status": "ok", "best": "C did not go."},
        {"id": "4", "apply": "n", "backend": "surface", "status": "ok", "best": "D didn't go."},
    ]
    new = [
        {"id": "1", "apply": "n", "backend": "surface", "status": "ok", "best": "A does not go."},
        {"id": "2", "apply": "n", "backend": "surface", "status": "ok", "best": "B did not go."},
        {"id": "3", "apply": "n", "backend": "surface", "status": "not_applicable", "best": None},
        {"id": "4", "apply": "n", "backend": "surface", "status": "ok", "best": "D did not go."},
    ]
    diff = compare_runs(old, new)
    assert [r["id"] for r in diff["changed"]] == ["1"]
    assert [r["id"] for r in diff["appeared"]] == ["2"]
    assert [r["id"] for r in diff["disappeared"]] == ["3"]


# -- the command: files, report, resume ------------------------------------------------------------
def test_the_command_writes_records_summary_and_a_self_contained_report(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(
        "\n".join(CORPUS) + "\n\n", encoding="utf-8"
    )  # a blank line is its own error record
    out = tmp_path / "audit"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.cli",
            "audit",
            "-i",
            str(corpus),
            "-a",
            "p",
            "-a",
            "n",
            "-o",
            str(out),
            "--judge",
            "none",
            "-q",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "inverse" in run.stdout and "suspect" in run.stdout
    records = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
    assert len(records) == (len(CORPUS) + 1) * 2
    assert any(r["status"] == "error" for r in records)  # the blank line, kept
    summary = json.loads((out / "summary.json").read_text())
    assert summary["backends"]["surface"]["records"] == len(records)
    page = (out / "report.html").read_text()
    assert "<table" in page and "inverse" in page and "http" not in page.replace("http-equiv", "")
    second = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.cli",
            "audit",
            "-i",
            str(corpus),
            "-a",
            "p",
            "-a",
            "n",
            "-o",
            str(tmp_path / "again"),
            "--judge",
            "none",
            "-q",
            "--baseline",
            str(out / "records.jsonl"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert second.returncode == 0, second.stderr
    assert "0 changed, 0 appeared, 0 disappeared" in second.stdout


def test_an_interrupted_audit_resumes_without_losing_or_repeating_records(tmp_path):
    options = AuditOptions(expressions=["p", "n"], chunk=2, commute=0)
    path = tmp_path / "records.jsonl"
    run_audit(_items(CORPUS[:3]), options, path)
    records = run_audit(_items(CORPUS), options, path, resume=True)
    assert sorted((r["line"], r["apply"]) for r in records) == sorted(
        (k, e) for k in range(1, len(CORPUS) + 1) for e in ("p", "n")
    )


def test_the_relativizer_of_a_cleft_is_free_variation():
    assert equivalent("It is the man who sings.", "It is the man that sings.")
    assert not equivalent("It is the man who sings.", "It is the woman that sings.")
