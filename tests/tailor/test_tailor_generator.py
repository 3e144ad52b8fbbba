"""The T5 generator and the tailor backend, on tiny checkpoints built in the test (no network).

A random tiny T5 exercises the real decoding path (batching, ordering, scores, degenerate
output). For an end-to-end check, a tiny T5 is fitted in a few hundred steps to the prompts
Seam builds for two plans, so the backend's full path (plan -> prompt -> batched generation ->
parsing -> control check -> record) can be checked on what comes out.
"""

from __future__ import annotations

import json

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from engine import Transformer, analyze, contract, parse  # noqa: E402
from engine.backends import get_backend  # noqa: E402
from engine.cli import main  # noqa: E402
from engine.decoding import Decoding  # noqa: E402
from engine.errors import GeneratorError, ResourceNotFoundError  # noqa: E402
from engine.tailor.generator import BEAM, TailorGenerator, find_checkpoint  # noqa: E402
from engine.tailor.plans import plan_prompt  # noqa: E402
from engine.testing.t5 import build_tiny_checkpoint  # noqa: E402

GREEDY = Decoding(do_sample=False, num_beams=1, num_return_sequences=1, max_new_tokens=24)
SOURCES = [
    "[VERB+active+past: sleep | AGENT: *] <extra_id_0> <extra_id_1> .",
    "[VERB+passive+future: open | PATIENT+complete: the gate | MODAL: *] <extra_id_0> "
    "<extra_id_1> <extra_id_2> at dawn .",
    "[VERB+active+present: sing] The choir <extra_id_0> .",
]


@pytest.fixture(scope="module")
def random_checkpoint(tmp_path_factory):
    return build_tiny_checkpoint(tmp_path_factory.mktemp("t5-random"), seed=1)


@pytest.fixture(scope="module")
def generator(random_checkpoint):
    return TailorGenerator.load(random_checkpoint, device="cpu")


def test_checkpoint_lookup(random_checkpoint, tmp_path, monkeypatch):
    monkeypatch.delenv("SEAM_TAILOR", raising=False)
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path))
    with pytest.raises(ResourceNotFoundError, match="allenai/tailor"):
        find_checkpoint()
    with pytest.raises(ResourceNotFoundError, match="argument"):
        find_checkpoint(tmp_path / "missing")
    monkeypatch.setenv("SEAM_TAILOR", str(random_checkpoint))
    assert find_checkpoint() == random_checkpoint
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "config.json").write_text("{}")
    with pytest.raises(GeneratorError, match="cannot load"):
        TailorGenerator.load(tmp_path / "broken")


def test_batched_generation_equals_one_at_a_time(generator):
    batched = generator.generate(SOURCES, GREEDY, batch_size=3)
    single = [generator.generate([s], GREEDY, batch_size=1)[0] for s in SOURCES]
    assert [[o.text for o in outs] for outs in batched] == [
        [o.text for o in outs] for outs in single
    ]
    for outs_b, outs_s in zip(batched, single, strict=True):
        assert outs_b[0].score == pytest.approx(outs_s[0].score, abs=1e-4)


def test_outputs_per_prompt_in_input_order_best_first(generator):
    settings = Decoding(num_return_sequences=3, max_new_tokens=16)
    outs = generator.generate(SOURCES, settings, batch_size=2, seed=7)
    assert [len(o) for o in outs] == [3, 3, 3]
    for o in outs:
        scores = [x.score for x in o]
        assert scores == sorted(scores, reverse=True) and all(s <= 0 for s in scores)
        assert not any("<pad>" in x.text or "</s>" in x.text for x in o)
    again = generator.generate(SOURCES, settings, batch_size=2, seed=7)
    assert [[x.text for x in o] for o in again] == [[x.text for x in o] for o in outs]  # seeded
    beam = generator.generate(
        SOURCES[:1],
        Decoding(do_sample=False, num_beams=2, num_return_sequences=2, max_new_tokens=12),
    )
    assert len(beam[0]) == 2
    assert generator.generate([], GREEDY) == []


def test_random_model_output_is_dropped_with_a_reason(generator):
    a = analyze("The gate opened.")[0]
    prompt = plan_prompt(a, parse("tense(fut)").plan()).prompt
    [(kept, dropped)] = generator.generate_prompts([prompt], GREEDY)
    assert kept or dropped  # every output is either read back or dropped with a reason
    assert all(isinstance(d, str) and d for d in dropped)


# -- end to end on a fitted tiny model -------------------------------------------------------------


@pytest.fixture(scope="module")
def fitted_checkpoint(fitted_tailor):
    return fitted_tailor


def test_tailor_backend_end_to_end(fitted_checkpoint):
    backend = get_backend("tailor", model=str(fitted_checkpoint), device="cpu", settings=BEAM)
    texts = [
        "The cook burned the toast.",
        "The cook burned the toast.",
        "A clerk sorted the letters.",
        "The cook burned the toast.",
        "The cook burned the toast.",
    ]
    exprs = ["tense(fut)", "passive", "negate", "question", "identity"]
    analyses = backend.analyze(texts)
    results = contract.realize(backend, analyses, [parse(e).plan() for e in exprs])
    assert results[0].status == "ok" and results[0].best == "The cook will burn the toast."
    assert results[1].best == "The toast was burned by the cook."
    assert results[2].best == "A clerk did not sort the letters."
    assert results[3].status == "not_applicable" and "question" in results[3].reason
    assert results[4].best == "The cook burned the toast."


def test_seam_transform_with_the_tailor_backend(fitted_checkpoint, tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    code = main(
        [
            "transform",
            "The cook burned the toast.",
            "-a",
            "tense(fut)",
            "-a",
            "cleft(ARG1)",
            "--backend",
            "tailor",
            "--model",
            str(fitted_checkpoint),
            "--decoding",
            "beam",
            "--device",
            "cpu",
            "--check-controls",
            "-o",
            str(out),
            "-q",
        ]
    )
    assert code == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["status"] for r in records] == ["ok", "not_applicable"]
    assert (
        records[0]["best"] == "The cook will burn the toast." and records[0]["backend"] == "tailor"
    )
    assert "it-cleft" in records[1]["reason"]


def test_the_pipeline_keeps_every_record_with_the_tailor_backend(fitted_checkpoint):
    backend = get_backend(
        "tailor", model=str(fitted_checkpoint), device="cpu", settings=BEAM, validate=True
    )
    records = Transformer(backend, batch_size=2).run_texts(
        ["The cook burned the toast.", "", "Nothing here", "A clerk sorted the letters."],
        ["tense(fut)"],
    )
    assert len(records) == 4
    assert records[0]["status"] == "ok"
    assert {r["status"] for r in records[1:3]} <= {
        "error",
        "no_parse",
        "not_applicable",
        "no_realization",
    }
    # the model was not fitted on this prompt: what it writes fails the checks or is junk, and says
    # so
    assert records[3]["status"] in ("ok", "no_realization")
    if records[3]["status"] == "no_realization":
        assert records[3]["reason"]
