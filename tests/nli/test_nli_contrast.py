"""`seam contrast`: contrast records on real sentences, per-record failures, resume, statistics."""

from __future__ import annotations

import json

import pytest

from engine.cli import main as cli
from engine.workflows.contrast import (
    LIT_PAIRS,
    ContrastBuilder,
    balance,
    format_summary,
    summarize,
)

PAIRS = [
    {
        "id": "a",
        "premise": "A woman is slicing a tomato in the kitchen.",
        "hypothesis": "A woman is cutting a tomato.",
        "label": "entailment",
    },
    {
        "id": "b",
        "premise": "Two boys are kicking a ball.",
        "hypothesis": "The boys are sleeping.",
        "label": "contradiction",
    },
    {
        "id": "c",
        "premise": "A man is painting a fence.",
        "hypothesis": "A man is painting the garden fence.",
        "label": "neutral",
    },
]


@pytest.fixture(scope="module")
def builder():
    return ContrastBuilder("surface")


@pytest.fixture(scope="module")
def records(builder):
    return builder.run_pairs(
        [(p["premise"], p["hypothesis"], p["label"]) for p in PAIRS], [p["id"] for p in PAIRS]
    )


def rec(records, rid):
    return next(r for r in records if r["id"] == rid)


def test_one_record_per_input_pair_and_transformation_pair(records):
    assert len(records) == len(PAIRS) * len(LIT_PAIRS)
    assert [r["pair"] for r in records[: len(LIT_PAIRS)]] == list(LIT_PAIRS)


def test_tense_decoupling_of_an_entailment(records):
    r = rec(records, "a/p;f")
    assert r["premise"] == "A woman was slicing a tomato in the kitchen."
    assert r["hypothesis"] == "A woman will be cutting a tomato."
    assert (r["status"], r["label"], r["rule"]) == ("ok", "neutral", "lit-1a")
    assert r["original"] == {
        "premise": PAIRS[0]["premise"],
        "hypothesis": PAIRS[0]["hypothesis"],
        "label": "entailment",
    }
    assert r["label_map"] == {
        "entailment": "neutral",
        "neutral": "neutral",
        "contradiction": "neutral",
    }


@pytest.mark.parametrize(
    "rid,rule",
    [
        ("b/p;f", "times-past-future"),
        ("a/f;p", "times-future-past"),
        ("c/m;o", "times-may-neutral"),
    ],
)
def test_every_original_label_of_a_time_or_may_pair_is_decided(records, rid, rule):
    r = rec(records, rid)
    assert (r["status"], r["label"], r["rule"]) == ("ok", "neutral", rule)


def test_passive_on_both_keeps_any_label(records):
    r = rec(records, "b/pa;pa")  # "sleep" has no object: the pair fails as a whole, with the reason
    assert (r["status"], r["premise"], r["label"], r["rule"]) == (
        "not_applicable",
        None,
        None,
        None,
    )
    assert r["reason"].startswith("hypothesis: ")
    r = rec(records, "c/pa;pa")
    assert (r["premise"], r["hypothesis"]) == (
        "A fence is being painted by a man.",
        "The garden fence is being painted by a man.",
    )
    assert (r["status"], r["label"], r["rule"]) == ("ok", "neutral", "lit-4")


def test_compositions_are_labelled_through_their_basic_rule(records):
    r = rec(records, "b/f;p +i")
    assert r["premise"].startswith("It is two boys who will be kicking")
    assert (r["label"], r["rule"], r["via"]) == ("neutral", "lit-1b", ["cleft"])


def test_uncovered_pairs_say_no_label_with_the_reason(records):
    r = rec(records, "a/m;o")  # 'may' with another predicate in the hypothesis: nothing follows
    assert r["status"] == "no_label" and r["label"] == "unknown" and "no rule covers" in r["reason"]
    assert r["premise"] and r["hypothesis"]  # realized all the same


def test_contraposition_exchanges_premise_and_hypothesis(builder):
    [r] = ContrastBuilder("surface", pairs=["n;n"], label_rules=builder.rules).run_pairs(
        [("A dog is running in the snow.", "A dog is running.", "entailment")]
    )
    assert r["reversed"] and r["rule"] == "nl-contraposition"
    assert (r["premise"], r["hypothesis"]) == (
        "A dog is not running.",
        "A dog is not running in the snow.",
    )


def test_choices_give_one_record_per_alternative(builder):
    recs = ContrastBuilder("surface", pairs=["(p|f);o"], label_rules=builder.rules).run_pairs(
        [("A cat sleeps.", "An animal sleeps.", "entailment")]
    )
    assert [r["id"] for r in recs] == ["1/(p|f);o#1", "1/(p|f);o#2"]
    assert [r["premise"] for r in recs] == ["A cat slept.", "A cat will sleep."]


def test_incompatible_pairs_and_bad_inputs_are_records_not_crashes(builder):
    b = ContrastBuilder("surface", pairs=["m+f;o", "o;o"], label_rules=builder.rules)
    recs = b.run_pairs(
        [("A cat sleeps.", "", "entailment"), ("A cat sleeps.", "A cat sleeps.", "neutral")]
    )
    assert [r["status"] for r in recs] == ["error", "error", "incompatible", "not_applicable"]
    assert "hypothesis: empty text" in recs[0]["reason"] and "modal-future" in recs[2]["reason"]


def test_a_pair_the_edits_left_unchanged_is_no_contrast(builder):
    b = ContrastBuilder(
        "surface", pairs=["o;o", "o;shorten(AGENT)", "p;f"], label_rules=builder.rules
    )
    recs = b.run_pairs(
        [("Three kids in blue coats build a snowman.", "Kids build a snowman.", "entailment")]
    )
    status = {r["pair"]: r["status"] for r in recs}
    assert (
        status["o;o"] == status["o;shorten(AGENT)"] == "not_applicable"
    )  # the hypothesis has no agent to cut
    assert all("unchanged" in r["reason"] for r in recs if r["status"] == "not_applicable")
    assert status["p;f"] == "ok"  # the sentences changed: a contrast
    stats = summarize(recs)
    assert stats["pairs"]["o;o"]["labelled"] == stats["pairs"]["o;shorten(AGENT)"]["labelled"] == 0
    assert stats["pairs"]["p;f"]["labelled"] == 1


def test_summary_counts_and_coverage(records):
    stats = summarize(records)
    row = stats["pairs"]["i;i"]
    assert (
        row["records"] == 3 and row["labelled"] == row["realized"] == 3 and row["coverage"] == 1.0
    )
    assert stats["inputs"] == 3 and stats["inputs_with_a_labelled_contrast"] == 3


def test_cli_writes_records_stats_and_resumes(tmp_path, capsys):
    inp = tmp_path / "pairs.jsonl"
    lines = [json.dumps(p) for p in PAIRS] + [
        "{not json",
        json.dumps(
            {
                "sentence1": "A dog barks.",
                "sentence2": "A dog is loud.",
                "gold_label": "entailment",
                "pairID": "s",
            }
        ),
    ]
    inp.write_text("\n".join(lines) + "\n")
    out, stats = tmp_path / "out.jsonl", tmp_path / "stats.json"
    args = [
        "contrast",
        "-i",
        str(inp),
        "-o",
        str(out),
        "--pairs",
        "p;f",
        "i;i",
        "--summary",
        str(stats),
        "-q",
    ]
    assert cli(args) == 0
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(recs) == 5 * 2
    assert {r["original_id"] for r in recs} == {
        "a",
        "b",
        "c",
        "4",
        "s",
    }  # SNLI field names are understood
    assert [r["status"] for r in recs if r["original_id"] == "4"] == ["error", "error"]
    full = out.read_text()
    # cut the file in the middle of a record, then resume: nothing lost, nothing twice
    out.write_text(full[: full.index("\n", len(full) // 2) + 20])
    assert cli(args + ["--resume"]) == 0
    again = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted(r["id"] for r in again) == sorted(r["id"] for r in recs)
    data = json.loads(stats.read_text())
    assert data["pairs"]["i;i"]["records"] == 5 and data["inputs"] == 5


def test_cli_prints_the_summary_table(tmp_path, capsys):
    inp = tmp_path / "pairs.jsonl"
    inp.write_text("\n".join(json.dumps(p) for p in PAIRS) + "\n")
    assert cli(["contrast", "-i", str(inp), "--pairs", "pa;pa"]) == 0
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 3
    assert "pa;pa" in captured.err and "at least one labelled contrast: 2 of 3" in captured.err


def test_cli_rejects_a_bad_pair_expression(tmp_path, capsys):
    inp = tmp_path / "pairs.jsonl"
    inp.write_text(json.dumps(PAIRS[0]) + "\n")
    assert cli(["contrast", "-i", str(inp), "--pairs", "p;f;o"]) == 2
    assert "exactly one ';'" in capsys.readouterr().err


def test_other_input_fields_are_carried_into_the_contrast_records(tmp_path):
    import json

    from engine.cli import main

    src = tmp_path / "pairs.jsonl"
    src.write_text(
        json.dumps(
            {
                "id": "a",
                "premise": "A woman sells fruit.",
                "hypothesis": "A woman is working.",
                "label": "entailment",
                "genre": "captions",
                "code": "x7",
            }
        )
        + "\n"
    )
    out = tmp_path / "out.jsonl"
    assert main(["contrast", "-i", str(src), "--pairs", "p;f", "-o", str(out), "-q"]) == 0
    rec = json.loads(out.read_text().splitlines()[0])
    assert rec["genre"] == "captions" and rec["input_code"] == "x7" and "code" not in rec
    assert rec["original"] == {
        "premise": "A woman sells fruit.",
        "hypothesis": "A woman is working.",
        "label": "entailment",
    }


def test_a_passive_that_would_put_a_possessive_before_its_subject_fails_the_pair(builder):
    """*A man is painting his own fence*: *His own fence is being painted by a man* puts 'his'
    before the man it refers to; the pair fails as a whole, with the reason."""
    [r] = ContrastBuilder("surface", pairs=["pa;pa"], label_rules=builder.rules).run_pairs(
        [("A man is painting a fence.", "A man is painting his own fence.", "neutral")]
    )
    assert r["status"] == "not_applicable" and r["reason"].startswith("hypothesis: ")
    assert "'his' may refer to the subject" in r["reason"]


def test_the_summary_gives_each_rows_majority_label_and_its_accuracy(records):
    stats = summarize(records)
    pf = stats["pairs"]["p;f"]
    assert (pf["majority"], pf["majority_accuracy"]) == ("neutral", 1.0)
    labelled = [r for r in records if r["status"] == "ok"]
    neutral = sum(r["label"] == "neutral" for r in labelled)
    assert stats["labels"]["neutral"] == neutral
    assert stats["majority"] == "neutral"
    assert stats["majority_accuracy"] == pytest.approx(neutral / len(labelled))
    table = format_summary(stats)
    assert "majority" in table.splitlines()[0]
    assert (
        f"answering 'neutral' to every labelled contrast scores {neutral / len(labelled):.1%}"
        in table
    )


def test_the_balanced_set_adds_label_keeping_pairs_beside_the_shifting_ones():
    b = ContrastBuilder("surface", pairs=["balanced"])
    recs = b.run_pairs([(p["premise"], p["hypothesis"], p["label"]) for p in PAIRS])
    assert {r["pair"] for r in recs} == {"p;f", "f;p", "m;o", "i;i", "pa;pa", "p;p", "f;f"}
    stats = summarize(recs)
    assert stats["pairs"]["p;p"]["labels"] == {"entailment": 1, "neutral": 1, "contradiction": 1}
    assert (
        stats["majority_accuracy"]
        < summarize(
            ContrastBuilder("surface").run_pairs(
                [(p["premise"], p["hypothesis"], p["label"]) for p in PAIRS]
            )
        )["majority_accuracy"]
    )


def _labelled(labels: str) -> list[dict]:
    names = {"e": "entailment", "n": "neutral", "c": "contradiction"}
    return [
        {"id": f"r{i}", "status": "ok", "label": names[x], "pair": "p;f"}
        for i, x in enumerate(labels)
    ]


def test_balance_caps_the_majority_label_at_half_and_keeps_the_others():
    recs = _labelled("nnnnnnnenc") + [{"id": "x", "status": "no_label", "pair": "p;f"}]
    chosen = balance(recs, seed=3)
    labels = [r["label"] for r in chosen]
    assert labels.count("neutral") == 2 and labels.count("entailment") == 1
    assert labels.count("contradiction") == 1 and "x" not in {r["id"] for r in chosen}
    # the order of the input is kept, and the same seed draws the same records
    ids = [r["id"] for r in chosen]
    assert ids == sorted(ids, key=lambda i: int(i[1:]))
    assert balance(recs, seed=3) == chosen
    draws = {tuple(r["id"] for r in balance(recs, seed=k)) for k in range(10)}
    assert len(draws) > 1  # the seed decides which of the majority stay
    # a set already balanced is kept whole
    assert balance(_labelled("nnec")) == _labelled("nnec")


def test_balance_of_one_label_keeps_nothing_of_it():
    assert balance(_labelled("nnn")) == []


def test_cli_balance_writes_the_set_and_guards_it(tmp_path):
    inp = tmp_path / "pairs.jsonl"
    inp.write_text("\n".join(json.dumps(p) for p in PAIRS) + "\n")
    out, bal = tmp_path / "out.jsonl", tmp_path / "bal.jsonl"
    args = ["contrast", "-i", str(inp), "-o", str(out), "--pairs", "p;f", "i;i", "-q"]
    assert cli([*args, "--balance", str(bal)]) == 0
    chosen = [json.loads(x) for x in bal.read_text().splitlines()]
    labels = [r["label"] for r in chosen]
    assert chosen and max(labels.count(lab) for lab in set(labels)) * 2 <= len(labels)
    assert len(out.read_text().splitlines()) == 2 * len(PAIRS)  # the output keeps every record
    # a file that exists is not replaced without --overwrite, and it may not be the output
    bal.write_text("mine\n")
    other = ["contrast", "-i", str(inp), "-o", str(tmp_path / "o2.jsonl"), "-q"]
    assert cli([*other, "--balance", str(bal)]) == 2
    assert bal.read_text() == "mine\n"
    assert cli([*args, "--overwrite", "--balance", str(out)]) == 2
    assert cli([*args, "--overwrite", "--balance", str(bal)]) == 0
    assert bal.read_text() != "mine\n"
