"""The one run loop (engine.workflows.run): resume that notices a changed input, error codes, exit 3
for bugs, and contrast input that cannot break a run."""

from __future__ import annotations

import json
import logging

import pytest

from engine.cli import main
from engine.jsonl import InputRecord
from engine.results import CONTRAST_STATUSES, ContrastRecord, Record


def lines_of(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def songs(path, ids=True, n=4, start=0):
    path.write_text(
        "".join(
            (f'{{"id": "{k}", ' if ids else "{") + f'"text": "The girl sang song {k}."}}\n'
            for k in range(start, start + n)
        ),
        encoding="utf-8",
    )
    return path


def test_resume_refuses_an_edited_input(tmp_path, capsys):
    inp, out = songs(tmp_path / "in.jsonl"), tmp_path / "out.jsonl"
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q"]) == 0
    out.write_text("\n".join(out.read_text().splitlines()[:2]) + "\n")  # stopped after two records
    rows = inp.read_text().splitlines()
    rows[1] = rows[1].replace("song 1", "song one")
    inp.write_text("\n".join(rows) + "\n")
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q", "--resume"]) == 2
    err = capsys.readouterr().err
    assert "line 2 of the input (id '1')" in err and "--overwrite" in err
    assert len(out.read_text().splitlines()) == 2  # nothing written


def test_resume_refuses_an_inserted_line_that_shifts_line_ids(tmp_path, capsys):
    inp, out = songs(tmp_path / "in.jsonl", ids=False), tmp_path / "out.jsonl"
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q"]) == 0
    out.write_text("\n".join(out.read_text().splitlines()[:3]) + "\n")
    rows = inp.read_text().splitlines()
    inp.write_text("\n".join([rows[0], '{"text": "A new line."}', *rows[1:]]) + "\n")
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q", "--resume"]) == 2
    assert "line 2 of the input (id '2')" in capsys.readouterr().err


def test_resume_refuses_records_of_deleted_inputs(tmp_path, capsys):
    inp, out = songs(tmp_path / "in.jsonl"), tmp_path / "out.jsonl"
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q"]) == 0
    out.write_text("\n".join(out.read_text().splitlines()[:3]) + "\n")
    rows = inp.read_text().splitlines()
    inp.write_text("\n".join(rows[:1] + rows[2:]) + "\n")  # id 1 deleted
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q", "--resume"]) == 2
    assert (
        "the output holds records of 1 input(s) the input no longer has (first: ('1', 'pr'))"
        in capsys.readouterr().err
    )


def test_resume_on_an_unchanged_input_completes_and_reports(tmp_path, capsys):
    inp, out = songs(tmp_path / "in.jsonl"), tmp_path / "out.jsonl"
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-a", "f"]) == 0
    full = lines_of(out)
    out.write_text("\n".join(out.read_text().splitlines()[:3]) + "\n")
    capsys.readouterr()
    assert (
        main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-a", "f", "--resume"]) == 0
    )
    assert lines_of(out) == full
    assert "wrote 5 records" in capsys.readouterr().err and all(r["fingerprint"] for r in full)


def test_a_backend_bug_is_exit_3_with_its_traceback_and_code(tmp_path, capsys, monkeypatch, caplog):
    from engine.backends import SurfaceBackend

    original = SurfaceBackend.realize_one

    def buggy(self, analysis, plan):
        if "song 2" in analysis.text:
            raise ZeroDivisionError("division by zero")
        return original(self, analysis, plan)

    monkeypatch.setattr(SurfaceBackend, "realize_one", buggy)
    inp, out = songs(tmp_path / "in.jsonl"), tmp_path / "out.jsonl"
    with caplog.at_level(logging.ERROR):
        assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q"]) == 3
    recs = lines_of(out)
    assert [r["status"] for r in recs] == ["ok", "ok", "error", "ok"]  # the others are written
    assert recs[2]["code"] == "E999" and recs[2]["reason"] == "ZeroDivisionError: division by zero"
    assert "1 record(s) failed because of a bug" in capsys.readouterr().err
    bug = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert bug and bug[0].exc_info is not None  # logged with its traceback


def test_a_seam_error_in_a_backend_keeps_its_code_and_is_not_a_bug(tmp_path, monkeypatch):
    from engine.backends import SurfaceBackend
    from engine.errors import GeneratorError

    def fails(self, analysis, plan):
        raise GeneratorError("the checkpoint produced nothing")

    monkeypatch.setattr(SurfaceBackend, "realize_one", fails)
    inp, out = songs(tmp_path / "in.jsonl", n=1), tmp_path / "out.jsonl"
    # not a bug (exit 3), but nothing came out of the run: every record failed (exit 4)
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q"]) == 4
    assert lines_of(out)[0]["code"] == GeneratorError.code


def test_input_errors_carry_their_codes(tmp_path):
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text('{not json\n{"text": ""}\n{"text": "A cat sat."}\n')
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "p", "-q"]) == 0
    assert [r.get("code") for r in lines_of(out)] == ["E202", "E201", None]


HOSTILE_PAIRS = [
    "[" * 1500 + "]" * 1500,  # nested too deeply
    '{"premise": "A dog ran.", "hypothesis": "A dog ran.", "id": '
    + "9" * 5000
    + "}",  # a huge integer
    # a raw CR stays inside
    '{"premise": "A dog\rran.", "hypothesis": "An animal ran.", "label": "entailment"}',
    "",  # a blank line
    # a lone surrogate
    '{"premise": "A dog ran.\\ud800", "hypothesis": "A dog ran.", "label": "neutral"}',
    '{"premise": "A man is eating.", "hypothesis": "A person is eating.", "label": "entailment", '
    '"id": "ok"}',
]


def test_contrast_input_that_cannot_break_a_run(tmp_path):
    inp, out = tmp_path / "pairs.jsonl", tmp_path / "out.jsonl"
    inp.write_bytes(("\n".join(HOSTILE_PAIRS) + "\n").encode("utf-8", errors="surrogatepass"))
    assert main(["contrast", "-i", str(inp), "-o", str(out), "--pairs", "p;f", "-q"]) == 0
    recs = lines_of(out)
    assert len(recs) == len(HOSTILE_PAIRS)  # one record per line and pair, none lost
    reasons = [r["reason"] for r in recs]
    assert "nested too deeply" in reasons[0] and "invalid JSON value" in reasons[1]
    assert (
        "invalid JSON" in reasons[2]
    )  # one record: a raw CR does not split the line (and is not JSON)
    assert "blank line" in reasons[3] and "unpaired surrogate" in reasons[4]
    assert recs[5]["status"] in ("ok", "no_label") and recs[5]["id"] == "ok/p;f"
    assert [r.get("code") for r in recs[:5]] == ["E202"] * 5
    assert (
        main(["contrast", "-i", str(inp), "-o", str(out), "--pairs", "p;f", "-q", "--resume"]) == 0
    )
    assert lines_of(out) == recs
    assert {r["status"] for r in recs} <= set(CONTRAST_STATUSES)


def test_contrast_resume_with_duplicate_ids_loses_nothing(tmp_path):
    inp, out = tmp_path / "pairs.jsonl", tmp_path / "out.jsonl"
    inp.write_text(
        "".join(
            json.dumps(
                {
                    "id": "same",
                    "premise": f"The girl sang song {k}.",
                    "hypothesis": "A girl sang.",
                    "label": "entailment",
                }
            )
            + "\n"
            for k in range(3)
        )
    )
    assert main(["contrast", "-i", str(inp), "-o", str(out), "--pairs", "p;f", "-q"]) == 0
    full = lines_of(out)
    out.write_text(out.read_text().splitlines()[0] + "\n")
    assert (
        main(["contrast", "-i", str(inp), "-o", str(out), "--pairs", "p;f", "-q", "--resume"]) == 0
    )
    assert lines_of(out) == full and len(full) == 3


def test_record_types_write_what_the_readme_lists():
    rec = Record("1", "A cat sat.", "p", "surface", "ok").to_json()
    assert list(rec) == [
        "id",
        "source",
        "transformation",
        "backend",
        "status",
        "reason",
        "candidates",
        "best",
    ]
    con = ContrastRecord(
        "1/p;f", "1", "p;f", "tense(past)", "tense(fut)", {}, "surface", code="E202"
    ).to_json()
    assert con["code"] == "E202" and "candidates" not in con


def test_run_file_is_the_library_form_of_transform(tmp_path):
    from engine.workflows.run import run_file

    inp, out = songs(tmp_path / "in.jsonl", n=3), tmp_path / "out.jsonl"
    report = run_file(inp, out, ["pr"], batch_size=2)
    assert report.counts == {"ok": 3} and report.bugs == 0 and len(lines_of(out)) == 3
    again = run_file(inp, out, ["pr"], resume=True)
    assert again.resumed == 3 and again.written == 0


def test_check_resume_needs_a_rereadable_input():
    from engine.pipeline import Transformer, jobs
    from engine.workflows.run import TransformProducer, check_resume

    producer = TransformProducer(Transformer("surface"), jobs(["p"]))
    items = [InputRecord("1", "A cat sat.", 1, fingerprint="aaaa")]
    check_resume(producer, items, [{"id": "1", "transformation": "p", "fingerprint": "aaaa"}])
    with pytest.raises(Exception, match="line 1 of the input"):
        check_resume(producer, items, [{"id": "1", "transformation": "p", "fingerprint": "bbbb"}])


class _SlowStart:
    """A producer whose first batch comes after a long warm-up, then a batch every 0.15 s."""

    def __init__(self, warmup: float, batches: int, size: int):
        self.warmup, self.batches, self.size = warmup, batches, size

    def records(self, items, skip=None):
        import time

        from engine.results import OK, Record

        time.sleep(self.warmup)
        for b in range(self.batches):
            if b:
                time.sleep(0.15)
            for k in range(self.size):
                yield Record(f"{b}-{k}", "x", "p", "fake", OK)

    def item_keys(self, item):
        return []

    @staticmethod
    def record_key(record):
        return (record["id"], record["transformation"])


def test_the_first_time_left_is_not_inflated_by_the_warm_up(capsys):
    import re

    from engine.workflows.run import run

    # 1.5 s of warm-up, then 8 batches of 10 records 0.15 s apart: about a second left at the
    # first estimate. Counting the warm-up in the rate would say tens of seconds.
    run(_SlowStart(1.5, 8, 10), [], progress=True, total=80, desc="t")
    shown = capsys.readouterr().err.replace("\r", "\n")
    left = [int(m) * 60 + int(s) for m, s in re.findall(r"about (\d\d):(\d\d) left", shown)]
    assert left and max(left) <= 3, shown


def test_one_spec_runs_on_the_local_executor_and_in_run_file(tmp_path):
    """The command line, :func:`run_file` and any caller describe a run once (a RunSpec) and
    hand it to an executor; the local one writes what run_file writes, and resumes."""
    from engine.workflows.run import LocalExecutor, RunSpec, run_file

    src = songs(tmp_path / "in.jsonl", n=3)
    spec = RunSpec("transform", "surface", apply=("p", "negate"))
    seen = []
    report = LocalExecutor(on_record=seen.append).execute(spec, src, tmp_path / "a.jsonl")
    run_file(src, tmp_path / "b.jsonl", ["p", "negate"])
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    assert report.written == 2 * 3 == len(seen)
    assert all(
        r.status == json.loads(line)["status"]
        for r, line in zip(seen, (tmp_path / "a.jsonl").read_text().splitlines(), strict=True)
    )  # the typed records, written as they are
    again = LocalExecutor().execute(spec, src, tmp_path / "a.jsonl", resume=True)
    assert again.resumed == report.written and again.written == 0
