"""The batch pipeline, the Python API and the `seam` CLI, including bad input."""

from __future__ import annotations

import json

import pytest

import engine
from engine.cli import main

RECORD_KEYS = {
    "id",
    "source",
    "transformation",
    "backend",
    "status",
    "reason",
    "candidates",
    "best",
    "fingerprint",
}


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_api_mirrors_the_cli(capsys):
    records = engine.transform(["A man is riding a bike."], apply="tense(past)+passive")
    assert len(records) == 1 and set(records[0]) == RECORD_KEYS
    assert records[0]["best"] == "A bike was being ridden by a man."
    code, out, _ = run_cli(
        capsys,
        "transform",
        "A man is riding a bike.",
        "--apply",
        "tense(past)+passive",
        "--output-format",
        "jsonl",
        "-q",
    )
    assert code == 0 and json.loads(out) == records[0]


def test_text_mode_prints_one_line_per_input_and_transformation(capsys):
    code, out, _ = run_cli(
        capsys, "transform", "A man is riding a bike.", "Two dogs run.", "-a", "p", "-a", "pa"
    )
    assert code == 0
    assert out.splitlines() == [
        "1: A man is riding a bike.",
        "  p            A man was riding a bike.",
        "  pa           A bike is being ridden by a man.",
        "2: Two dogs run.",
        "  p            Two dogs ran.",
        "  pa           [not_applicable] no direct object to promote: passive needs a "
        "transitive verb with an object",
    ]


def write(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def read(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_jsonl_bad_input_gives_error_records_and_loses_nothing(tmp_path, capsys):
    long_text = "The dog barks. " * 334  # 5,010 characters
    src = write(
        tmp_path / "in.jsonl",
        [
            json.dumps({"id": "a", "text": "The dogs chased a cat."}),
            "{not json",
            json.dumps({"id": "b"}),
            json.dumps({"id": "c", "text": 42}),
            json.dumps(["a list"]),
            json.dumps({"id": "d", "text": ""}),
            json.dumps({"id": "e", "text": long_text}),
            json.dumps({"id": "f", "text": "Der Hund jagt die Katze im Garten."}),
            json.dumps({"id": "g", "text": "Ceci n'est pas une phrase anglaise."}),
            json.dumps({"id": "h", "text": "She will sing a song."}),
        ],
    )
    out = tmp_path / "out.jsonl"
    code, _, err = run_cli(
        capsys, "transform", "-i", str(src), "-o", str(out), "-a", "p", "-a", "pa"
    )
    assert code == 0
    records = read(out)
    assert len(records) == 20
    assert all(set(r) - {"code"} == RECORD_KEYS for r in records)
    # every error has an E code, a shared refusal an R code, and nothing else has one
    for r in records:
        kind = {"error": "E", "not_applicable": "R"}.get(r["status"])
        assert r.get("code", "")[:1] == (kind or "") or (kind == "R" and "code" not in r), r
    assert any(r.get("code", "").startswith("R") for r in records)
    by = {(r["id"], r["transformation"]): r for r in records}
    assert by[("a", "pa")]["best"] == "A cat was chased by the dogs."
    assert by[("2", "p")]["status"] == "error" and "invalid JSON" in by[("2", "p")]["reason"]
    assert "field 'text'" in by[("b", "p")]["reason"] and "field 'text'" in by[("c", "p")]["reason"]
    assert "expected a JSON object" in by[("5", "p")]["reason"]
    assert by[("d", "p")]["reason"] == "empty text"
    assert by[("e", "p")]["status"] == "error" and "5010 characters" in by[("e", "p")]["reason"]
    for rid in ("f", "g"):  # non-English: a status, not a crash
        assert by[(rid, "p")]["status"] in ("ok", "not_applicable")
    assert by[("h", "p")]["best"] == "She sang a song."
    assert "wrote 20 records" in err


def test_long_texts_are_allowed_when_the_limit_is_raised():
    text = "The dog barks loudly at the " + "very " * 1200 + "old mailman."
    rec = engine.transform([text], apply="p", max_chars=10_000)[0]
    assert rec["status"] == "ok" and rec["best"].startswith("The dog barked loudly")


def test_resume_continues_without_duplicates_or_losses(tmp_path, capsys):
    texts = [f"The dog number {k} chased a cat." for k in range(12)]
    src = write(
        tmp_path / "in.jsonl", [json.dumps({"id": str(k), "text": t}) for k, t in enumerate(texts)]
    )
    full = tmp_path / "full.jsonl"
    run_cli(capsys, "transform", "-i", str(src), "-o", str(full), "-a", "f", "-a", "pa", "-q")
    expected = read(full)
    assert len(expected) == 24
    # A run killed mid-way: 9 complete records and half of the 10th.
    lines = full.read_text(encoding="utf-8").splitlines(keepends=True)
    partial = tmp_path / "partial.jsonl"
    partial.write_text("".join(lines[:9]) + lines[9][:25], encoding="utf-8")
    code, _, _ = run_cli(
        capsys,
        "transform",
        "-i",
        str(src),
        "-o",
        str(partial),
        "-a",
        "f",
        "-a",
        "pa",
        "--resume",
        "-q",
    )
    assert code == 0
    assert read(partial) == expected


def test_usage_errors_exit_2(capsys, tmp_path):
    code, _, err = run_cli(capsys, "transform", "A man runs.", "-a", "tense(yesterday)")
    assert code == 2 and "tense takes one of" in err
    code, _, err = run_cli(capsys, "transform", "-i", str(tmp_path / "missing.jsonl"), "-a", "p")
    assert code == 2 and "missing.jsonl" in err
    code, _, err = run_cli(capsys, "transform", "A man runs.", "-a", "p", "--backend", "nope")
    assert code == 2 and "unknown backend 'nope'" in err
    code, _, err = run_cli(capsys, "transform", "A man runs.", "-a", "p", "--resume")
    assert code == 2 and "--resume needs -o" in err


def test_catalog_and_analyze_commands(capsys):
    code, out, _ = run_cli(capsys, "catalog")
    assert code == 0 and "cleft(ARG0|ARG1|ARG2|AGENT|PATIENT|SUBJ)" in out and "pa=passive" in out
    code, out, _ = run_cli(capsys, "analyze", "The dogs chased a cat.", "--compact")
    data = json.loads(out)
    assert data["frames"][data["main"]]["predicate"]["tense"] == "past"


def test_a_failing_record_does_not_stop_the_batch(monkeypatch):
    from engine.backends import SurfaceBackend

    original = SurfaceBackend.realize_one

    def flaky(self, analysis, plan):
        if "cat" in analysis.text:
            raise RuntimeError("boom")
        return original(self, analysis, plan)

    monkeypatch.setattr(SurfaceBackend, "realize_one", flaky)
    records = engine.transform(
        ["The dogs chased a cat.", "The dogs chased a ball."], apply=["n", "f"]
    )
    assert [r["status"] for r in records] == ["error", "error", "ok", "ok"]
    assert records[0]["reason"] == "RuntimeError: boom"


def test_records_come_out_in_input_order_across_batches():
    texts = [f"The girl sang song {k}." for k in range(10)]
    records = engine.Transformer("surface", batch_size=3).run_texts(texts, ["pr"])
    assert [r["id"] for r in records] == [str(k) for k in range(1, 11)]
    assert records[4]["best"] == "The girl sings song 4."


def test_a_whole_batch_reaches_the_backend_in_one_call(monkeypatch):
    from engine.backends import SurfaceBackend

    calls = []
    original = SurfaceBackend.realize

    def counting(self, analyses, plans):
        calls.append(len(plans))
        return original(self, analyses, plans)

    monkeypatch.setattr(SurfaceBackend, "realize", counting)
    texts = [f"The girl sang song {k}." for k in range(7)]
    records = engine.Transformer("surface", batch_size=4).run_texts(texts, ["pr", "f|n"])
    assert calls == [
        4 * 3,
        3 * 3,
    ]  # every record x every plan of a batch, in one call (a choice has two plans)
    assert [r["id"] for r in records] == [str(k) for k in range(1, 8) for _ in range(2)]


def test_unknown_backend_is_a_typed_error():
    with pytest.raises(engine.UnknownBackendError):
        engine.get_backend("neural-magic")


def test_tailor_backend_without_a_checkpoint_says_how_to_get_one(tmp_path, monkeypatch):
    monkeypatch.delenv("SEAM_TAILOR", raising=False)
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path))
    with pytest.raises(engine.ResourceNotFoundError, match="SEAM_TAILOR"):
        engine.get_backend("tailor")


@pytest.mark.parametrize(
    ("content", "expect"),
    [
        # an unpaired surrogate in text or id: an error record, written as valid JSON
        ('{"id": "x\\ud800", "text": "The dog ran.\\ud800"}\n', "unpaired surrogate"),
        # JSON nested 1,500 deep, an integer of 5,000 digits
        ("[" * 1500 + "]" * 1500 + "\n", "nested too deeply"),
        ('{"id": ' + "9" * 5000 + ', "text": "A cat sat."}\n', "invalid JSON value"),
        # a raw carriage return inside a line does not split it into two records
        ('{"id": "1", "text": "The dog\rran."}\n', "invalid JSON"),
        # a blank line still yields its record
        ("\n", "blank line"),
    ],
)
def test_hostile_lines_are_error_records_and_resume_reads_them(tmp_path, capsys, content, expect):
    good = '{"id": "last", "text": "A cat sat."}\n'
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_bytes((content + good).encode("utf-8", errors="surrogatepass"))
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "p", "-q"]) == 0
    recs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(recs) == 2 and recs[0]["status"] == "error" and expect in recs[0]["reason"]
    assert recs[1]["id"] == "last" and recs[1]["status"] == "ok"
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "p", "-q", "--resume"]) == 0
    assert (
        len(out.read_text(encoding="utf-8").splitlines()) == 2
    )  # nothing lost, nothing duplicated


def test_a_byte_order_mark_and_a_dict_id(tmp_path):
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_bytes(b'\xef\xbb\xbf{"id": {"b": 1, "a": 2}, "text": "A cat sat."}\n')
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "p", "-q"]) == 0
    rec = json.loads(out.read_text(encoding="utf-8"))
    assert rec["status"] == "ok" and rec["id"] == '{"a": 2, "b": 1}'  # JSON, not a Python repr


def test_a_plain_text_file_is_one_sentence_per_line(tmp_path):
    """``-i sentences.txt``: each line is a record's ``text``, numbered from 1 (a byte-order
    mark dropped, CRLF line ends too); a blank line is its line's error record; resume works."""
    inp, out = tmp_path / "in.txt", tmp_path / "out.jsonl"
    inp.write_bytes(b"\xef\xbb\xbfThe dog chased a cat.\r\n\nA man rides a bike.\n")
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "p", "-q"]) == 0
    recs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["source"], r["status"]) for r in recs] == [
        ("1", "The dog chased a cat.", "ok"),
        ("2", None, "error"),
        ("3", "A man rides a bike.", "ok"),
    ]
    assert recs[2]["best"] == "A man rode a bike." and "blank line" in recs[1]["reason"]
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "p", "--resume", "-q"]) == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3


def test_bad_run_arguments_exit_2_with_a_message(tmp_path, capsys):
    inp = tmp_path / "in.jsonl"
    inp.write_text('{"text": "A cat sat."}\n')
    with pytest.raises(SystemExit) as exit_:
        main(["transform", "-i", str(inp), "-a", "p", "--batch-size", "0"])
    assert exit_.value.code == 2 and "at least 1" in capsys.readouterr().err
    assert main(["transform", "-i", str(tmp_path), "-a", "p"]) == 2
    assert "Is a directory" in capsys.readouterr().err
    assert main(["transform", "-i", str(inp), "-o", str(tmp_path), "-a", "p"]) == 2


def test_resume_keeps_the_records_after_a_broken_line(tmp_path):
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text(
        "".join(f'{{"id": "{k}", "text": "The girl sang song {k}."}}\n' for k in range(4))
    )
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q"]) == 0
    lines = out.read_bytes().splitlines(keepends=True)
    lines[1] = b'{"id": "1", "broken \xff\xfe\n'  # invalid UTF-8 and JSON in the middle
    out.write_bytes(b"".join(lines) + b'{"id": "cut')  # and a record cut off at the end
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q", "--resume"]) == 0
    recs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert sorted(r["id"] for r in recs) == [
        "0",
        "1",
        "2",
        "3",
    ]  # the later ones kept, the broken one redone


def test_quiet_runs_flush_batch_by_batch(tmp_path, monkeypatch):
    from engine import jsonl

    flushes = []
    original = jsonl.JsonlWriter.flush
    monkeypatch.setattr(
        jsonl.JsonlWriter, "flush", lambda self: (flushes.append(1), original(self))[1]
    )
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text("".join(f'{{"text": "The girl sang song {k}."}}\n' for k in range(6)))
    assert (
        main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q", "--batch-size", "2"])
        == 0
    )
    assert len(flushes) >= 3  # every 2 records, not only at the end


def test_a_deeply_nested_expression_is_an_exit_2_message(capsys):
    expr = "(" * 300 + "p" + ")" * 300
    assert main(["transform", "A cat sat.", "-a", expr]) == 2
    assert "nested 300 parentheses deep" in capsys.readouterr().err
    assert (
        main(["transform", "A cat sat.", "-a", "(" * 40 + "p" + ")" * 40]) == 0
    )  # reasonable nesting still reads


def test_resume_with_duplicate_ids_loses_nothing(tmp_path):
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text(
        '{"id": "a", "text": "The girl sang a song."}\n{"id": "a", "text": "The boy sang a '
        'song."}\n{"id": "b", "text": "The cat sang a song."}\n'
    )
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q"]) == 0
    full = out.read_text(encoding="utf-8").splitlines()
    out.write_text(full[0] + "\n")  # as if the run had stopped after the first record
    assert main(["transform", "-i", str(inp), "-o", str(out), "-a", "pr", "-q", "--resume"]) == 0
    again = out.read_text(encoding="utf-8").splitlines()
    assert [json.loads(x)["source"] for x in again] == [json.loads(x)["source"] for x in full]
