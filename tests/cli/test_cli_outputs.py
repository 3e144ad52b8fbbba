"""What a run does with an output that already holds something (engine.cli.options.guard_output):
continued only with --resume, replaced only with --overwrite, never replaced without a word; and
what --resume says when the run asks for something else than the output holds."""

from __future__ import annotations

import json

import pytest

from engine.cli import main


def _input(tmp_path, n: int = 2):
    src = tmp_path / "in.jsonl"
    src.write_text(
        "".join(
            json.dumps({"id": str(i), "text": "The cat chased the mouse."}) + "\n" for i in range(n)
        )
    )
    return src


def _lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_run_into_an_output_that_holds_records_stops_and_names_both_ways(tmp_path, capsys):
    src, out = _input(tmp_path, 3), tmp_path / "out.jsonl"
    assert main(["transform", "-i", str(src), "-o", str(out), "-a", "p", "-q"]) == 0
    before = out.read_text()
    small = tmp_path / "small.jsonl"
    small.write_text(json.dumps({"id": "x", "text": "A dog barked."}) + "\n")
    assert main(["transform", "-i", str(small), "-o", str(out), "-a", "p", "-q"]) == 2
    err = capsys.readouterr().err
    assert "E204" in err and "--resume" in err and "--overwrite" in err
    assert out.read_text() == before  # nothing lost


def test_overwrite_replaces_and_resume_continues(tmp_path):
    src, out = _input(tmp_path, 3), tmp_path / "out.jsonl"
    assert main(["transform", "-i", str(src), "-o", str(out), "-a", "p", "-q"]) == 0
    assert main(["transform", "-i", str(src), "-o", str(out), "-a", "p", "-q", "--resume"]) == 0
    assert len(_lines(out)) == 3
    assert main(["transform", "-i", str(src), "-o", str(out), "-a", "f", "-q", "--overwrite"]) == 0
    records = _lines(out)
    assert len(records) == 3 and {r["transformation"] for r in records} == {"f"}


def test_an_empty_output_file_is_no_earlier_work(tmp_path):
    src, out = _input(tmp_path), tmp_path / "out.jsonl"
    out.write_text("")
    assert main(["transform", "-i", str(src), "-o", str(out), "-a", "p", "-q"]) == 0


def test_a_missing_output_folder_is_named_as_such(tmp_path, capsys):
    src = _input(tmp_path)
    assert (
        main(
            [
                "transform",
                "-i",
                str(src),
                "-o",
                str(tmp_path / "nodir" / "x.jsonl"),
                "-a",
                "p",
                "-q",
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "the folder" in err and "nodir" in err and "does not exist" in err


def test_resume_with_other_transformations_says_what_changed(tmp_path, capsys):
    src, out = _input(tmp_path), tmp_path / "out.jsonl"
    assert main(["transform", "-i", str(src), "-o", str(out), "-a", "f", "-q"]) == 0
    assert main(["transform", "-i", str(src), "-o", str(out), "-a", "p", "-q", "--resume"]) == 2
    err = capsys.readouterr().err
    assert "transformations this run does not ask for" in err and "same -a" in err
    assert "no longer has" not in err


@pytest.mark.parametrize("command", ["compare", "audit"])
def test_a_folder_output_that_holds_files_needs_overwrite(tmp_path, capsys, command):
    src = _input(tmp_path, 1)
    folder = tmp_path / "report"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    args = [command, "-i", str(src), "-o", str(folder), "-a", "p", "--judge", "none", "-q"]
    assert main(args) == 2
    assert "--overwrite" in capsys.readouterr().err
    assert (folder / "notes.txt").read_text() == "mine"


def test_an_unknown_option_is_named_in_one_line_with_the_nearest_spelling(capsys):
    assert main(["transform", "--aply", "p", "The cat sat on the mat."]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "seam transform: error: unknown option --aply (did you mean --apply?)"


def test_an_unknown_option_with_no_near_spelling_points_to_help(capsys):
    assert main(["contrast", "--zzzqqq", "-i", "x.jsonl"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.splitlines() == [
        "seam contrast: error: unknown option --zzzqqq; see seam contrast --help"
    ]


def test_an_abbreviated_option_still_works(tmp_path):
    out = tmp_path / "o.jsonl"
    src = _input(tmp_path, 1)
    assert (
        main(["transform", "-i", str(src), "-o", str(out), "--batch-s", "8", "-a", "p", "-q"]) == 0
    )
    assert out.exists()


def test_a_jsonl_record_without_the_text_field_names_the_field_that_holds_text(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"id": "a", "sentence": "The cat sat on the mat.", "n": 3}) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["transform", "-i", str(src), "-o", str(out), "-a", "p", "-q"]) == 4
    (rec,) = _lines(out)
    assert rec["code"] == "E202" and "pass --text-field sentence" in rec["reason"]


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_table_without_the_text_column_names_the_column_that_holds_text(tmp_path, capsys, suffix):
    src = tmp_path / f"in{suffix}"
    if suffix == ".csv":
        src.write_text("id,sentence,n\na,The cat sat.,3\n")
    else:
        pa = pytest.importorskip("pyarrow")
        import pyarrow.parquet as pq

        pq.write_table(pa.table({"id": ["a"], "sentence": ["The cat sat."], "n": [3]}), src)
    assert main(["transform", "-i", str(src), "-a", "p", "-q"]) == 2
    err = capsys.readouterr().err
    assert "text in: sentence" in err and "pass --text-field sentence" in err
