"""CSV, TSV, Parquet and saved Hugging Face datasets in and out: the same records as JSONL."""

from __future__ import annotations

import json

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
datasets = pytest.importorskip("datasets")

from engine import transform, transform_dataset  # noqa: E402
from engine.cli import main  # noqa: E402

TEXTS = ["A man is riding a bike.", "The dog chased the cat.", "Two kids play soccer."]


def _run(args, capsys):
    assert main(args) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def _same(records):
    return [(r["id"], r["source"], r["status"], r["best"]) for r in records]


@pytest.fixture
def inputs(tmp_path):
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text(
        "".join(json.dumps({"id": str(k), "text": t}) + "\n" for k, t in enumerate(TEXTS))
    )
    csv = tmp_path / "in.csv"
    csv.write_text("id,text\n" + "".join(f'{k},"{t}"\n' for k, t in enumerate(TEXTS)))
    tsv = tmp_path / "in.tsv"
    tsv.write_text("id\ttext\n" + "".join(f"{k}\t{t}\n" for k, t in enumerate(TEXTS)))
    parquet = tmp_path / "in.parquet"
    pq.write_table(pa.table({"id": [str(k) for k in range(len(TEXTS))], "text": TEXTS}), parquet)
    saved = tmp_path / "saved"
    datasets.Dataset.from_dict(
        {"id": [str(k) for k in range(len(TEXTS))], "text": TEXTS}
    ).save_to_disk(str(saved))
    return {"jsonl": jsonl, "csv": csv, "tsv": tsv, "parquet": parquet, "dataset": saved}


def test_every_input_format_gives_the_same_records(inputs, capsys):
    expected = _same(_run(["transform", "-i", str(inputs["jsonl"]), "-a", "p", "-q"], capsys))
    for fmt in ("csv", "tsv", "parquet", "dataset"):
        assert (
            _same(_run(["transform", "-i", str(inputs[fmt]), "-a", "p", "-q"], capsys)) == expected
        ), fmt


def test_parquet_and_csv_output_round_trip_and_resume(inputs, tmp_path):
    out = tmp_path / "out.parquet"
    assert (
        main(
            [
                "transform",
                "-i",
                str(inputs["parquet"]),
                "-a",
                "p",
                "-a",
                "negate",
                "-o",
                str(out),
                "-q",
            ]
        )
        == 0
    )
    table = pq.read_table(out).to_pylist()
    assert [(r["id"], r["transformation"]) for r in table] == [
        (str(k), t) for k in range(3) for t in ("p", "negate")
    ]
    assert json.loads(table[0]["candidates"])[0]["text"] == "A man was riding a bike."
    # the JSONL records next to it make the run resumable: nothing is produced twice
    assert (
        main(
            [
                "transform",
                "-i",
                str(inputs["parquet"]),
                "-a",
                "p",
                "-a",
                "negate",
                "-o",
                str(out),
                "--resume",
                "-q",
            ]
        )
        == 0
    )
    assert len(pq.read_table(out).to_pylist()) == 6
    csv_out = tmp_path / "out.csv"
    assert main(["transform", "-i", str(inputs["csv"]), "-a", "p", "-o", str(csv_out), "-q"]) == 0
    assert csv_out.read_text().splitlines()[0].startswith("id,source,transformation")


def test_broken_rows_keep_their_records(tmp_path, capsys):
    bad = tmp_path / "bad.parquet"
    pq.write_table(pa.table({"id": ["a", "b"], "text": ["A man is riding a bike.", None]}), bad)
    recs = _run(["transform", "-i", str(bad), "-a", "p", "-q"], capsys)
    assert [(r["id"], r["status"]) for r in recs] == [("a", "ok"), ("b", "error")]


def test_contrast_reads_a_saved_dataset(tmp_path, capsys):
    saved = tmp_path / "snli"
    datasets.Dataset.from_dict(
        {
            "id": ["x"],
            "premise": ["A man is riding a bike."],
            "hypothesis": ["A person is riding a bike."],
            "label": ["entailment"],
        }
    ).save_to_disk(str(saved))
    recs = _run(["contrast", "-i", str(saved), "--pairs", "p;f", "-q"], capsys)
    assert recs[0]["status"] == "ok" and recs[0]["premise"] == "A man was riding a bike."


def test_transform_dataset_adds_columns_like_transform():
    ds = datasets.Dataset.from_dict({"text": TEXTS + [None], "label": [0, 1, 2, 3]})
    out = transform_dataset(ds, "tense(past)", batch_size=2)
    assert out.column_names == ["text", "label", "seam_status", "seam_reason", "seam_best"]
    assert list(out["seam_best"])[:3] == [r["best"] for r in transform(TEXTS, "tense(past)")]
    assert list(out["seam_status"])[3] == "error" and list(out["label"]) == [0, 1, 2, 3]
    both = transform_dataset(ds, ["p", "negate"])
    assert "seam_negate_best" in both.column_names and "seam_p_best" in both.column_names
