"""Failures a newcomer meets on the command line are loud, coded and clean: a run where every
record failed exits non-zero, a table without the text column is refused before the run, a
missing file or optional package has its code, and a closed pipe ends quietly."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.cli import main


def _gold(tmp_path):
    """A one-case gold file."""
    gold = tmp_path / "gold.jsonl"
    case = {
        "id": "g1",
        "text": "A cat sleeps.",
        "apply": "tense(past)",
        "phenomenon": "tense",
        "accept": ["A cat slept."],
    }
    gold.write_text(json.dumps(case) + "\n")
    return gold


def test_a_run_where_every_record_failed_exits_4(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_text(
        "\n".join(
            json.dumps({"id": str(k), "premise": t})
            for k, t in enumerate(["A cat sleeps.", "Two dogs bark."])
        )
        + "\n"
    )
    out = tmp_path / "out.jsonl"
    assert main(["transform", "-i", str(src), "-a", "p", "-o", str(out), "-q"]) == 4
    err = capsys.readouterr().err
    assert "every record failed (2)" in err and "text" in err
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["status"] for r in records] == ["error", "error"]  # still written, none lost


def test_a_run_with_one_good_record_exits_0(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text(
        json.dumps({"premise": "A cat sleeps."})
        + "\n"
        + json.dumps({"text": "A cat sleeps."})
        + "\n"
    )
    assert (
        main(["transform", "-i", str(src), "-a", "p", "-o", str(tmp_path / "out.jsonl"), "-q"]) == 0
    )


def test_a_table_without_the_text_column_is_refused_before_the_run(tmp_path, capsys):
    src = tmp_path / "pairs.csv"
    src.write_text("premise,hypothesis,label\nA cat sleeps.,An animal rests.,entailment\n")
    out = tmp_path / "out.jsonl"
    assert main(["transform", "-i", str(src), "-a", "p", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "E201" in err and "no column 'text'" in err and "premise, hypothesis, label" in err
    assert "--text-field" in err and not out.exists()
    assert (
        main(
            [
                "transform",
                "-i",
                str(src),
                "-a",
                "p",
                "-o",
                str(out),
                "--text-field",
                "premise",
                "-q",
            ]
        )
        == 0
    )


def test_a_missing_input_file_has_a_code(tmp_path, capsys):
    assert main(["transform", "-i", str(tmp_path / "nowhere.jsonl"), "-a", "p"]) == 2
    assert "seam: error E201:" in capsys.readouterr().err


def test_a_missing_optional_package_names_its_extra(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if the datasets extra were not installed
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    src = tmp_path / "in.parquet"
    src.write_bytes(b"PAR1")
    assert main(["transform", "-i", str(src), "-a", "p", "-o", str(tmp_path / "out.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "E305" in err and "pip install 'seam[datasets]'" in err and "Traceback" not in err


def test_a_closed_pipe_ends_quietly(tmp_path):
    src = tmp_path / "many.txt"
    src.write_text("\n".join(f"The dog number {k} chases a cat." for k in range(300)) + "\n")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "engine.cli",
            "transform",
            "-i",
            str(src),
            "-a",
            "p",
            "--output-format",
            "text",
            "--batch-size",
            "8",
            "-q",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first = proc.stdout.readline()
    proc.stdout.close()  # what `| head -1` does
    _, err = proc.communicate(timeout=300)
    assert first.strip() == "1: The dog number 0 chases a cat."  # labelled: many sentences
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert proc.returncode in (0, 141)


@pytest.mark.parametrize(
    "module, extra", [("torch", "neural"), ("ray", "distributed"), ("datasets", "datasets")]
)
def test_every_optional_package_maps_to_an_extra(module, extra):
    from engine.cli import EXTRAS

    assert EXTRAS[module] == extra


@pytest.fixture
def no_grammar(monkeypatch, tmp_path):
    """No ACE or ERG anywhere, whatever the user's machine has."""
    for var in ("SEAM_ACE", "SEAM_ERG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "empty-cache"))
    monkeypatch.setenv("PATH", str(tmp_path / "no-bin"))


def test_eval_opens_every_backend_before_any_work(no_grammar, tmp_path, capsys, monkeypatch):
    import engine.workflows.evaluate

    ran = []
    real = engine.workflows.evaluate.evaluate
    monkeypatch.setattr(
        engine.workflows.evaluate, "evaluate", lambda *a, **k: ran.append(a[1]) or real(*a, **k)
    )
    gold = _gold(tmp_path)
    assert main(["eval", "-i", str(gold), "-b", "surface", "-b", "erg"]) == 2
    out = capsys.readouterr()
    assert ran == [] and "E302" in out.err and out.out == ""


def test_compare_opens_every_backend_before_any_work(no_grammar, tmp_path, capsys, monkeypatch):
    from engine.pipeline import Transformer

    ran = []
    monkeypatch.setattr(Transformer, "run", lambda self, *a, **k: ran.append(self) or iter(()))
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"text": "A cat sleeps."}) + "\n")
    assert (
        main(
            [
                "compare",
                "-i",
                str(src),
                "-a",
                "p",
                "-b",
                "surface",
                "-b",
                "erg",
                "--judge",
                "none",
                "-o",
                str(tmp_path / "report"),
                "-q",
            ]
        )
        == 2
    )
    assert ran == [] and "E302" in capsys.readouterr().err and not (tmp_path / "report").exists()


def test_compare_without_a_grammar_says_so_once_and_names_the_backend(no_grammar, tmp_path, capsys):
    """The tour's `compare -b surface -b erg` on a fresh install: one message naming the backend
    and the way out, not the judge's notice and then the same install advice again."""
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"text": "A cat sleeps."}) + "\n")
    argv = ["compare", "-i", str(src), "-a", "p", "-b", "surface", "-b", "erg"]
    assert main([*argv, "-o", str(tmp_path / "report"), "-q"]) == 2
    err = capsys.readouterr().err
    assert "backend 'erg' needs ACE" in err and "leave out -b erg" in err
    assert err.count("seam grammar install") == 1 and "no ERG judge" not in err


# -- output users can use ----------------------------------------------------------------------


def test_text_output_of_several_sentences_is_labelled(capsys):
    assert (
        main(["transform", "A man rides a bike.", "The girl is reading.", "-a", "p", "-a", "n"])
        == 0
    )
    assert capsys.readouterr().out.splitlines() == [
        "1: A man rides a bike.",
        "  p            A man rode a bike.",
        "  n            A man does not ride a bike.",
        "2: The girl is reading.",
        "  p            The girl was reading.",
        "  n            The girl is not reading.",
    ]
    assert (
        main(["transform", "A man rides a bike.", "-a", "p"]) == 0
    )  # one of each: the output alone
    assert capsys.readouterr().out == "A man rode a bike.\n"


def test_extra_input_fields_are_carried_into_the_records(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text(
        json.dumps(
            {
                "id": "a",
                "text": "A man rides a bike.",
                "label": "entailment",
                "genre": "news",
                "status": "draft",
            }
        )
        + "\n"
    )
    out = tmp_path / "out.jsonl"
    assert main(["transform", "-i", str(src), "-a", "p", "-a", "n", "-o", str(out), "-q"]) == 0
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(r["label"] == "entailment" and r["genre"] == "news" for r in recs)
    assert all(
        r["status"] == "ok" and r["input_status"] == "draft" for r in recs
    )  # a clash is renamed
    assert (
        main(
            [
                "transform",
                "-i",
                str(src),
                "-a",
                "p",
                "-o",
                str(out),
                "-q",
                "--keep",
                "genre",
                "--overwrite",
            ]
        )
        == 0
    )
    rec = json.loads(out.read_text())
    assert rec["genre"] == "news" and "label" not in rec and "input_status" not in rec
    assert (
        main(
            ["transform", "-i", str(src), "-a", "p", "-o", str(out), "-q", "--keep", "--overwrite"]
        )
        == 0
    )
    assert "genre" not in json.loads(out.read_text())


def test_extra_fields_reach_a_table_output(tmp_path):
    pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    src = tmp_path / "in.csv"
    src.write_text("text,label\nA man rides a bike.,neutral\nThe girl is reading.,entailment\n")
    out = tmp_path / "out.parquet"
    assert main(["transform", "-i", str(src), "-a", "p", "-o", str(out), "-q"]) == 0
    table = pq.read_table(out).to_pydict()
    assert table["label"] == ["neutral", "entailment"] and table["best"] == [
        "A man rode a bike.",
        "The girl was reading.",
    ]


# -- one vocabulary for options ----------------------------------------------------------------


def _subcommands():
    import argparse

    from engine.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices


def test_every_option_of_every_command_has_help():
    import argparse

    missing = [
        f"{name} {a.option_strings or a.dest}"
        for name, sp in _subcommands().items()
        for a in sp._actions
        if not isinstance(a, argparse._HelpAction) and not a.help
    ]
    assert missing == []


def test_input_output_and_summary_have_one_name_everywhere():
    spellings = {
        name: {s for a in sp._actions for s in a.option_strings if a.help != "==SUPPRESS=="}
        for name, sp in _subcommands().items()
    }
    for name, flags in spellings.items():
        assert not flags & {
            "--gold",
            "--contrast",
            "--data",
            "--sentences",
            "--out",
            "--stats",
            "--report",
        }, name
    for name in (
        "transform",
        "contrast",
        "eval",
        "compare",
        "audit",
        "detect",
        "nli-metrics",
        "train-accept",
        "train-polyjuice",
        "train-tailor",
    ):
        assert (
            "-i" in spellings[name] or name == "train-polyjuice" and "--pairs" in spellings[name]
        ), name
        assert "--input" in spellings[name], name
    for name in (
        "transform",
        "contrast",
        "compare",
        "audit",
        "train-accept",
        "train-polyjuice",
        "train-tailor",
    ):
        assert {"-o", "--output"} <= spellings[name], name
    for name in ("contrast", "eval", "nli-metrics", "train-accept"):
        assert "--summary" in spellings[name], name


def test_old_spellings_still_work_with_a_warning(tmp_path, capsys):
    gold = _gold(tmp_path)
    out = tmp_path / "scores.json"
    assert main(["eval", "--gold", str(gold), "--json", str(out)]) == 0
    err = capsys.readouterr().err
    assert (
        "--gold is deprecated; use -i/--input" in err
        and "--json is deprecated; use --summary" in err
    )
    assert json.loads(out.read_text())
    assert main(["eval"]) == 2  # required under any spelling
    assert "required: -i/--input" in capsys.readouterr().err


def test_defaults_are_shown_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["transform", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "flushed after each (default: 64)" in text


def test_eval_and_compare_show_progress_unless_quiet(tmp_path, capsys):
    gold = _gold(tmp_path)
    assert main(["eval", "-i", str(gold)]) == 0
    assert "seam eval surface" in capsys.readouterr().err
    assert main(["eval", "-i", str(gold), "-q"]) == 0
    assert "seam eval surface" not in capsys.readouterr().err
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"text": "A cat sleeps."}) + "\n")
    assert (
        main(["compare", "-i", str(src), "-a", "p", "--judge", "none", "-o", str(tmp_path / "r")])
        == 0
    )
    err = capsys.readouterr().err
    assert "seam compare surface" in err and "1/1" in err


def test_rule_files_may_follow_the_options(capsys):
    from pathlib import Path

    rules = str(Path(__file__).resolve().parents[2] / "examples" / "rules" / "my_question.toml")
    assert main(["rules", "check", "--all", rules]) == 0
    assert "1 file, " in capsys.readouterr().err
    assert main(["transform", "A cat sat.", "-a", "p", "--no-such-option"]) == 2
    assert "unknown option --no-such-option" in capsys.readouterr().err


def test_help_names_every_input_format_and_the_backends_that_read_an_option(capsys):
    with pytest.raises(SystemExit):
        main(["transform", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert ".csv/.tsv, .parquet" in text and "polyjuice and tailor backends:" in text


def test_a_bug_in_a_command_is_one_line_and_exit_3(monkeypatch, capsys):
    """A command that stops on a bug says so in one line (E999, what it was) and exits 3; the
    traceback is shown with -v only."""
    from engine import cli

    def broken(args):
        raise AttributeError("'Namespace' object has no attribute 'nothing'")

    import dataclasses

    command = cli.COMMANDS.factory("catalog")
    monkeypatch.setitem(
        cli.COMMANDS._factories, "catalog", dataclasses.replace(command, run=broken)
    )
    assert cli.main(["catalog"]) == 3
    err = capsys.readouterr().err
    assert "error E999 (a bug in Seam" in err and "AttributeError" in err
    assert "Traceback" not in err and "rerun with -v" in err
