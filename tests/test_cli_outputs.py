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
