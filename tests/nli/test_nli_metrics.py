"""``seam nli-metrics``: model-side metrics of NLI contrast sets.

The hand-built contrast set below has two transformation pairs with known answers:

* ``p;f`` changes labels: an entailed original gives a neutral contrast, a contradicted one a
  neutral contrast, and the rules decide nothing for a neutral original;
* ``pa;pa`` preserves labels.

and one pair, ``q;q``, with no realized contrast at all. The predictions make every metric a
known fraction, including a consistent-but-wrong instance, one left out of Consistency because
the rules give "unknown" for the model's original prediction, a missing prediction and records
that are not ``ok``.
"""

from __future__ import annotations

import json
import logging

import pytest

from engine.cli import build_parser
from engine.errors import ResourceNotFoundError, SeamError
from engine.nli.metrics import compute_metrics, format_table, load_contrast, load_predictions

PRESERVE = {"entailment": "entailment", "neutral": "neutral", "contradiction": "contradiction"}
TO_NEUTRAL = {"entailment": "neutral", "neutral": "unknown", "contradiction": "neutral"}

ORIGINALS = {
    "o1": ("A man is riding a bike.", "A person rides a bike.", "entailment"),
    "o2": ("The dogs chased a cat.", "The dogs are asleep.", "contradiction"),
    "o3": ("Alice saw Bob.", "Bob was happy.", "neutral"),
    "o4": ("A woman plays the piano.", "A woman plays music.", "entailment"),
}


def record(oid, pair, label, label_map, status="ok", premise="P", hypothesis="H"):
    p, h, gold = ORIGINALS[oid]
    transform = {
        "p;f": ("tense(past)", "tense(fut)"),
        "pa;pa": ("passive", "passive"),
        "q;q": ("question", "question"),
    }[pair]
    ok = status == "ok"
    return {
        "id": f"{oid}/{pair}",
        "original_id": oid,
        "pair": pair,
        "premise_transformation": transform[0],
        "hypothesis_transformation": transform[1],
        "original": {"premise": p, "hypothesis": h, "label": gold},
        "premise": f"{premise} {oid} {pair}" if ok else None,
        "hypothesis": f"{hypothesis} {oid} {pair}" if ok else None,
        "label": label,
        "rule": "lit-1a" if ok else None,
        "label_map": label_map,
        "reversed": False,
        "backend": "surface",
        "status": status,
        "reason": "",
    }


RECORDS = [
    record("o1", "pa;pa", "entailment", PRESERVE),
    record("o1", "p;f", "neutral", TO_NEUTRAL),
    record("o1", "q;q", None, None, status="not_applicable"),
    record("o2", "pa;pa", "contradiction", PRESERVE),
    record("o2", "p;f", "neutral", TO_NEUTRAL),
    record("o3", "pa;pa", "neutral", PRESERVE),
    record("o3", "p;f", "unknown", TO_NEUTRAL, status="no_label"),  # realized, no label inferred
    record("o4", "pa;pa", "entailment", PRESERVE),
    record("o4", "p;f", None, None, status="failed"),
]

PREDICTIONS = {
    "o1": "entailment",  # right
    "o2": "neutral",  # wrong (contradiction)
    "o3": "neutral",  # right
    "o4": "entailment",  # right, but o4/pa;pa has no prediction
    "o1/p;f": "neutral",  # right; rules: entailment -> neutral, so consistent
    "o2/p;f": "contradiction",  # wrong; rules give unknown for neutral: not in Consistency
    "o1/pa;pa": "contradiction",  # wrong and inconsistent
    "o2/pa;pa": "neutral",  # wrong, yet consistent with the wrong original prediction
    "o3/pa;pa": "neutral",  # right and consistent
}


def write_jsonl(path, rows):
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return path


@pytest.fixture
def contrast_file(tmp_path):
    return write_jsonl(tmp_path / "contrast.jsonl", RECORDS)


@pytest.fixture
def predictions_file(tmp_path):
    rows = [{"id": k, "label": v} for k, v in PREDICTIONS.items()]
    rows[2] = {"id": "o3", "label": "NEUTRAL"}  # labels in any case
    rows[4] = {"id": "o1/p;f", "prediction": "neutral"}  # the fallback field
    rows.insert(3, '{"id": "o9", "label": ')  # line 4: broken JSON
    rows.append({"id": "elsewhere", "label": "entailment"})  # not in the contrast set: ignored
    return write_jsonl(tmp_path / "preds.jsonl", rows)


def cli(*argv):
    args = build_parser().parse_args(["nli-metrics", *argv])
    return args.func(args)


# --- metrics on hand-built predictions ---------------------------------------------------


def test_label_changing_pair_uses_the_label_map_of_the_models_own_prediction():
    row = compute_metrics(RECORDS, PREDICTIONS)["pairs"]["p;f"]
    assert row["n"] == 2  # o3/p;f (no_label) and o4/p;f (failed) are not dual instances
    assert row["acc_ori"] == 0.5  # o1 right, o2 wrong
    assert row["acc_ctr"] == 0.5  # o1/p;f right, o2/p;f wrong
    assert row["n_consistency"] == 1  # o2 predicted neutral, for which the rules say unknown
    assert row["consistency"] == 1.0  # o1: entailment -> neutral, and neutral predicted
    assert row["contrast_consistency"] == 0.5
    assert (row["skipped"], row["missing"]) == (2, 0)


def test_label_preserving_pair_counts_consistent_but_wrong_as_consistent():
    row = compute_metrics(RECORDS, PREDICTIONS)["pairs"]["pa;pa"]
    assert row["n"] == 3 and row["missing"] == 1  # o4/pa;pa has no prediction
    assert row["acc_ori"] == pytest.approx(2 / 3)
    assert row["acc_ctr"] == pytest.approx(1 / 3)
    assert row["n_consistency"] == 3
    assert row["consistency"] == pytest.approx(2 / 3)  # o2 (wrong twice, same label) and o3
    assert row["contrast_consistency"] == pytest.approx(1 / 3)  # only o3 is right on both sides


def test_all_row_pools_every_dual_instance():
    row = compute_metrics(RECORDS, PREDICTIONS)["all"]
    assert row["n"] == 5 and row["originals"] == 3
    assert row["acc_ori"] == pytest.approx(3 / 5)
    assert row["acc_ctr"] == pytest.approx(2 / 5)
    assert (row["consistency"], row["n_consistency"]) == (pytest.approx(3 / 4), 4)
    assert row["contrast_consistency"] == pytest.approx(2 / 5)


def test_pairs_keep_file_order_and_empty_pairs_have_no_rates():
    metrics = compute_metrics(RECORDS, PREDICTIONS)
    assert list(metrics["pairs"]) == ["pa;pa", "p;f", "q;q"]
    empty = metrics["pairs"]["q;q"]
    assert empty["n"] == 0 and empty["skipped"] == 1
    assert empty["acc_ori"] is None and empty["consistency"] is None


def test_skipped_records_and_missing_predictions_are_counted():
    skipped = compute_metrics(RECORDS, PREDICTIONS)["skipped"]
    assert skipped["not_ok"] == {"failed": 1, "no_label": 1, "not_applicable": 1}
    assert skipped["missing_prediction"] == 1
    assert skipped["missing_ids"] == ["o4/pa;pa"]
    assert skipped["invalid"] == 0


def test_no_predictions_at_all_scores_nothing_without_crashing():
    metrics = compute_metrics(RECORDS, {})
    assert metrics["all"]["n"] == 0 and metrics["skipped"]["missing_prediction"] == 6
    assert metrics["all"]["acc_ori"] is None


def test_table_shows_percentages_with_two_decimals():
    lines = format_table(compute_metrics(RECORDS, PREDICTIONS)).splitlines()
    assert lines[0].split() == [
        "pair",
        "n",
        "Acc@Ori",
        "Acc@Ctr",
        "Consistency",
        "n_cons",
        "ContrastCons",
    ]
    assert [line.split()[0] for line in lines[1:]] == ["pa;pa", "p;f", "q;q", "all"]
    assert lines[1].split() == ["pa;pa", "3", "66.67", "33.33", "66.67", "3", "33.33"]
    assert lines[3].split() == ["q;q", "0", "-", "-", "-", "0", "-"]
    assert lines[4].split() == ["all", "5", "60.00", "40.00", "75.00", "4", "40.00"]


# --- reading files -------------------------------------------------------------------------


def test_predictions_file_normalizes_labels_and_tolerates_a_broken_line(predictions_file, caplog):
    with caplog.at_level(logging.WARNING):
        preds = load_predictions(predictions_file)
    assert preds["o3"] == "neutral" and preds["o1/p;f"] == "neutral"
    assert "o9" not in preds
    assert len(preds.problems) == 1 and ":4: invalid JSON" in preds.problems[0]
    assert "preds.jsonl:4" in caplog.text


def test_predictions_with_unusable_labels_are_reported_not_scored(tmp_path):
    path = write_jsonl(
        tmp_path / "p.jsonl",
        [
            {"id": "o1", "label": "maybe"},
            {"id": "o2"},
            {"label": "neutral"},
            {"id": 7, "pred": "Entailment"},
        ],
    )
    assert load_predictions(path) == {}
    assert len(load_predictions(path).problems) == 4
    assert load_predictions(path, field="pred") == {"7": "entailment"}


def test_contrast_file_skips_broken_lines_and_counts_them(tmp_path):
    path = write_jsonl(tmp_path / "c.jsonl", [RECORDS[0], "not json", "[1, 2]", RECORDS[1]])
    records = load_contrast(path)
    assert [r["id"] for r in records] == ["o1/pa;pa", "o1/p;f"]
    assert compute_metrics(records, PREDICTIONS)["skipped"]["bad_contrast_lines"] == 2


def test_missing_files_name_the_path(tmp_path):
    with pytest.raises(ResourceNotFoundError, match="nope.jsonl"):
        load_contrast(tmp_path / "nope.jsonl")
    with pytest.raises(ResourceNotFoundError, match="preds.jsonl"):
        load_predictions(tmp_path / "preds.jsonl")


# --- the command line with --predictions ---------------------------------------------------


def test_cli_prints_the_table_and_writes_json(contrast_file, predictions_file, tmp_path, capsys):
    out = tmp_path / "metrics.json"
    assert (
        cli("-i", str(contrast_file), "--predictions", str(predictions_file), "--summary", str(out))
        == 0
    )
    stdout, stderr = capsys.readouterr()
    assert stdout.splitlines()[-1].split() == ["all", "5", "60.00", "40.00", "75.00", "4", "40.00"]
    assert "1 without predictions" in stderr and "1 bad prediction lines" in stderr
    report = json.loads(out.read_text())
    assert report["all"]["acc_ori"] == pytest.approx(0.6)
    assert report["skipped"]["bad_prediction_lines"] == 1
    assert report["predictions"] == str(predictions_file)


def test_cli_exits_1_when_nothing_could_be_scored(contrast_file, tmp_path, capsys):
    empty = write_jsonl(tmp_path / "other.jsonl", [{"id": "x", "label": "neutral"}])
    assert cli("-i", str(contrast_file), "--predictions", str(empty)) == 1
    assert "no dual instance" in capsys.readouterr().err


@pytest.mark.parametrize("extra", [[], ["--predictions", "p.jsonl", "--model", "m"]])
def test_cli_needs_exactly_one_source_of_predictions(contrast_file, extra):
    with pytest.raises(SeamError, match="exactly one of --predictions"):
        cli("-i", str(contrast_file), *extra)


def test_cli_rejects_model_options_with_a_predictions_file(contrast_file, predictions_file):
    with pytest.raises(SeamError, match="need --model"):
        cli(
            "-i",
            str(contrast_file),
            "--predictions",
            str(predictions_file),
            "--label-map",
            "0=entailment",
        )


def test_missing_model_directory_is_a_clear_error(contrast_file, tmp_path):
    with pytest.raises(ResourceNotFoundError, match="no-such-model"):
        cli("-i", str(contrast_file), "--model", str(tmp_path / "no-such-model"))


def test_predict_contrast_asks_once_per_original_and_per_ok_contrast():
    from engine.nli.classifier import predict_contrast

    asked = []

    def fake(pairs):
        asked.extend(pairs)
        return ["neutral"] * len(pairs)

    preds = predict_contrast(fake, RECORDS)
    ok = [r["id"] for r in RECORDS if r["status"] == "ok"]
    assert list(preds) == [
        "o1",
        "o1/pa;pa",
        "o1/p;f",
        "o2",
        "o2/pa;pa",
        "o2/p;f",
        "o3",
        "o3/pa;pa",
        "o4",
        "o4/pa;pa",
    ]
    assert set(preds) == set(ORIGINALS) | set(ok)
    assert asked[0] == ORIGINALS["o1"][:2] and ("P o1 pa;pa", "H o1 pa;pa") in asked


# --- a tiny random checkpoint run end to end -----------------------------------------------

ID2LABEL = {0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION"}


def _save_checkpoint(path, id2label):
    from engine.testing.nli import build_tiny_nli

    texts = [t for p, h, _ in ORIGINALS.values() for t in (p, h)] + ["P H o1 o2 o3 o4 p;f pa;pa"]
    return build_tiny_nli(path, texts, id2label)


@pytest.fixture(scope="module")
def tiny_models(tmp_path_factory):
    """Two tiny random BERT classifiers: NLI names in id2label, and LABEL_0.. names."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("tokenizers")
    root = tmp_path_factory.mktemp("nli-models")
    named = _save_checkpoint(root / "named", ID2LABEL)
    anonymous = _save_checkpoint(root / "anonymous", {i: f"LABEL_{i}" for i in range(3)})
    return named, anonymous


def _run_model(contrast_file, model, tmp_path, name, *extra):
    preds, metrics = tmp_path / f"{name}.preds.jsonl", tmp_path / f"{name}.json"
    code = cli(
        "-i",
        str(contrast_file),
        "--model",
        str(model),
        "--device",
        "cpu",
        "--batch-size",
        "3",
        "--write-predictions",
        str(preds),
        "--summary",
        str(metrics),
        *extra,
    )
    rows = [json.loads(line) for line in preds.read_text().splitlines()]
    return code, rows, json.loads(metrics.read_text())


def test_model_predicts_every_original_and_ok_contrast(
    contrast_file, tiny_models, tmp_path, capsys
):
    code, rows, report = _run_model(contrast_file, tiny_models[0], tmp_path, "a")
    assert code == 0
    ok = {r["id"] for r in RECORDS if r["status"] == "ok"}
    assert {r["id"] for r in rows} == set(ORIGINALS) | ok
    assert {r["label"] for r in rows} <= {"entailment", "neutral", "contradiction"}
    assert {"pairs", "all", "skipped", "contrast", "model", "label_map"} <= set(report)
    assert report["label_map"] == {"0": "entailment", "1": "neutral", "2": "contradiction"}
    assert {p: row["n"] for p, row in report["pairs"].items()} == {"pa;pa": 4, "p;f": 2, "q;q": 0}
    assert report["all"]["n"] == 6 and report["skipped"]["missing_prediction"] == 0
    assert capsys.readouterr().out.splitlines()[-1].split()[:2] == ["all", "6"]


def test_model_runs_are_deterministic(contrast_file, tiny_models, tmp_path):
    first = _run_model(contrast_file, tiny_models[0], tmp_path, "a", "-q")
    second = _run_model(contrast_file, tiny_models[0], tmp_path, "a", "-q")
    assert first == second


def test_label_map_overrides_id2label(contrast_file, tiny_models, tmp_path):
    _, default, _ = _run_model(contrast_file, tiny_models[0], tmp_path, "a", "-q")
    _, mapped, report = _run_model(
        contrast_file,
        tiny_models[0],
        tmp_path,
        "b",
        "-q",
        "--label-map",
        "0=neutral,1=Contradiction,2=entailment",
    )
    permuted = {"entailment": "neutral", "neutral": "contradiction", "contradiction": "entailment"}
    assert mapped == [{"id": r["id"], "label": permuted[r["label"]]} for r in default]
    assert report["label_map"] == {"0": "neutral", "1": "contradiction", "2": "entailment"}


def test_anonymous_labels_need_a_label_map(contrast_file, tiny_models, tmp_path):
    from engine.nli.classifier import LabelMapError

    with pytest.raises(LabelMapError, match="--label-map") as err:
        cli("-i", str(contrast_file), "--model", str(tiny_models[1]), "-q")
    assert isinstance(err.value, SeamError) and "LABEL_0" in str(err.value)
    code, rows, _ = _run_model(
        contrast_file,
        tiny_models[1],
        tmp_path,
        "a",
        "-q",
        "--label-map",
        "LABEL_0=entailment,LABEL_1=neutral,LABEL_2=contradiction",
    )
    assert code == 0 and len(rows) == 10


@pytest.mark.parametrize(
    "label_map, message",
    [
        ("0=entailment,1=neutral", "unmapped"),
        ("0=entailment,1=neutral,5=contradiction", "out of range"),
        ("0=yes,1=neutral,2=contradiction", "'yes' is not one of"),
        ("entailment", "not INDEX=LABEL"),
    ],
)
def test_bad_label_maps_are_clear_errors(contrast_file, tiny_models, label_map, message):
    from engine.nli.classifier import LabelMapError

    with pytest.raises(LabelMapError, match=message):
        cli(
            "-i", str(contrast_file), "--model", str(tiny_models[0]), "-q", "--label-map", label_map
        )


def test_classifier_labels_pairs_in_order(tiny_models):
    from engine.nli.classifier import NliClassifier

    clf = NliClassifier(tiny_models[0], device="cpu", batch_size=2)
    pairs = [ORIGINALS[k][:2] for k in ORIGINALS]
    labels = clf.predict_pairs(pairs)
    assert len(labels) == 4 and set(labels) <= {"entailment", "neutral", "contradiction"}
    assert clf.predict_pairs(pairs[::-1]) == labels[::-1]
    assert clf.predict_pairs([]) == []


def test_classifier_probabilities_do_not_depend_on_batching(tiny_models):
    import torch

    from engine.nli.classifier import NliClassifier

    pairs = [ORIGINALS[k][:2] for k in ORIGINALS] + [
        ("A much longer premise about a dog that runs on a beach.", "x")
    ]
    one = NliClassifier(tiny_models[0], device="cpu", batch_size=1)
    many = NliClassifier(tiny_models[0], device="cpu", batch_size=3).predict_proba_pairs(pairs)
    for (premise, hypothesis), a, b in zip(
        pairs, one.predict_proba_pairs(pairs), many, strict=True
    ):
        assert a == pytest.approx(b, abs=1e-5)
        with torch.no_grad():  # the plain, unpadded forward pass
            row = (
                one.model(**one.tokenizer(premise, hypothesis, return_tensors="pt"))
                .logits[0]
                .softmax(-1)
            )
        expected: dict[str, float] = {}
        for index, p in enumerate(row.tolist()):
            expected[one.labels[index]] = expected.get(one.labels[index], 0.0) + p
        assert a == pytest.approx(expected, abs=1e-5)
