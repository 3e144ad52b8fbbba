"""seam eval: scoring backends on a gold file (engine.workflows.evaluate)."""

from __future__ import annotations

import json

import pytest

from engine.cli import main
from engine.errors import DataFileError
from engine.workflows.evaluate import GoldCase, Score, normalize, passes, read_gold

GOLD = [
    {
        "id": "g1",
        "text": "The cat sleeps.",
        "apply": "tense(past)",
        "accept": ["The cat slept."],
        "phenomenon": "tense",
    },
    {
        "id": "g2",
        "text": "The cat sleeps.",
        "apply": "negate",
        "accept": ["The cat doesn't sleep."],
        "phenomenon": "negation",
    },
    {
        "id": "g3",
        "text": "The baby cried.",
        "apply": "passive",
        "expect_status": "not_applicable",
        "phenomenon": "voice",
    },
    {
        "id": "g4",
        "text": "The cat sleeps.",
        "apply": "question",
        "accept": ["Is the cat asleep?"],
        "phenomenon": "question",
    },  # a deliberately wrong gold answer: the backend's 'ok' is counted wrong
]


@pytest.fixture
def gold(tmp_path):
    path = tmp_path / "gold.jsonl"
    path.write_text("".join(json.dumps(g) + "\n" for g in GOLD), encoding="utf-8")
    return path


def test_the_pass_rule_normalizes_both_sides():
    case = GoldCase("x", "s", "negate", "negation", ("The cat doesn't sleep.",))
    assert passes(case, {"status": "ok", "best": "The cat does not sleep ."})
    assert not passes(case, {"status": "not_applicable", "best": None})
    assert normalize("Cannot  go ,") == "can not go,"


def test_seam_eval_prints_the_table_and_writes_json(gold, tmp_path, capsys):
    out = tmp_path / "eval.json"
    assert main(["eval", "-i", str(gold), "--summary", str(out)]) == 0
    printed = capsys.readouterr()
    assert "question" in printed.out and "0/1" in printed.out and "MISS surface g4" in printed.err
    data = json.loads(out.read_text())["surface"]
    assert data["all"] == {
        **data["all"],
        "n": 4,
        "ok": 3,
        "correct": 3,
        "correct_ok": 2,
        "refusals": 1,
        "refusals_matched": 1,
    }
    assert data["all"]["precision"] == round(2 / 3, 4) and data["all"]["accuracy"] == 0.75
    assert [m["id"] for m in data["misses"]] == ["g4"]


def test_thresholds_make_the_exit_status(gold):
    assert main(["eval", "-i", str(gold), "--min-accuracy", "0.9"]) == 1
    assert main(["eval", "-i", str(gold), "--min-accuracy", "0.7", "--min-precision", "0.6"]) == 0


def test_a_malformed_gold_line_names_its_place(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": "a", "text": "x", "apply": "p"}\n')
    with pytest.raises(
        DataFileError, match="bad.jsonl:1: a gold case needs 'accept' or 'expect_status'"
    ):
        read_gold(path)


def test_score_rates_are_none_without_cases():
    assert Score().to_dict()["precision"] is None
