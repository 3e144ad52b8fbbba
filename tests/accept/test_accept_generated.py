"""Model-made synthetic samples for the acceptability classifier: mask filling (vanilla and
fine-tuned) on a tiny T5, noisy beam search on a tiny TAILOR T5 fitted in the test."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")

from engine.accept.generated import (  # noqa: E402
    SENTINEL0,
    MaskFiller,
    fine_tune_filler,
    mask_span,
    maskfill_samples,
    noisy_beam_samples,
)
from engine.accept.validation import Sample  # noqa: E402

SEEDS = [
    Sample(
        "A man rides a red bike down the hill.",
        "tense(past)",
        "A man rode a red bike down the hill.",
        1,
        "seed",
        "A man rode a red bike down the hill.",
    ),
    Sample(
        "Two kids play soccer in the big park today.",
        "tense(past)",
        "Two kids played soccer in the big park today.",
        1,
        "seed",
        "Two kids played soccer in the big park today.",
    ),
    Sample("Short one.", "tense(past)", "Short one.", 1, "seed", "Short one."),
]


def test_mask_span_keeps_context_and_is_seeded():
    for k in range(30):
        masked, words = mask_span("one two three four five six seven eight nine", random.Random(k))
        assert masked.count(SENTINEL0) == 1 and 3 <= len(words.split()) <= 7
        assert masked.split()[0] != SENTINEL0 or len(masked.split()) >= 3
    assert mask_span("Too short here.", random.Random(0)) is None
    assert mask_span("a b c d e f g h", random.Random(5)) == mask_span(
        "a b c d e f g h", random.Random(5)
    )


@pytest.fixture(scope="module")
def tiny_t5(tmp_path_factory):
    from engine.testing.t5 import build_tiny_checkpoint

    corpus = [s.output for s in SEEDS] + [
        "A woman rode a blue bike.",
        "The kids played in the park.",
    ]
    return build_tiny_checkpoint(
        tmp_path_factory.mktemp("t5"), corpus, d_model=32, layers=2, seed=0
    )


def test_mask_filling_vanilla_and_fine_tuned(tiny_t5, tmp_path):
    vanilla = maskfill_samples(SEEDS, MaskFiller(tiny_t5, device="cpu"), seed=0)
    assert vanilla == maskfill_samples(SEEDS, MaskFiller(tiny_t5, device="cpu"), seed=0)  # seeded
    assert vanilla  # the tiny T5 fills at least one span with new words
    for s in vanilla:
        assert (
            s.intended == 0
            and s.method == "maskfill"
            and s.output != s.reference
            and SENTINEL0 not in s.output
        )
    losses = fine_tune_filler(
        tiny_t5,
        [s.output for s in SEEDS[:2]] * 20,
        tmp_path / "ft",
        epochs=3,
        lr=3e-3,
        batch_size=8,
        device="cpu",
    )
    assert losses[-1] < losses[0]
    tuned = maskfill_samples(
        SEEDS, MaskFiller(tmp_path / "ft", device="cpu"), seed=0, method="maskfill_ft"
    )
    assert tuned and all(s.method == "maskfill_ft" for s in tuned)


def test_noisy_beam_search_makes_near_misses(fitted_tailor):
    from engine.tailor.generator import TailorGenerator

    gen = TailorGenerator.load(fitted_tailor, device="cpu")
    seed = Sample(
        "The cook burned the toast.",
        "tense(fut)",
        "The cook will burn the toast.",
        1,
        "seed",
        "The cook will burn the toast.",
    )
    quiet = noisy_beam_samples([seed], gen, sigma=0.0)
    noisy = noisy_beam_samples([seed], gen, sigma=1.0, seed=1)
    assert noisy and noisy[0].method == "noisy_beam" and noisy[0].output != seed.output
    assert [s.output for s in noisy] != [
        s.output for s in quiet
    ]  # the noise changes what the beam finds
    assert noisy == noisy_beam_samples([seed], gen, sigma=1.0, seed=1)


def test_data_sabotage_trains_on_a_quarter_and_predicts_the_rest(fitted_tailor, tmp_path):
    from engine.accept.generated import sabotage_samples

    texts = [
        "The cook burned the toast.",
        "A clerk sorted the letters.",
        "The cook sorted the toast.",
        "A clerk burned the letters.",
    ]
    seeds = []
    for t in texts:
        future = t.replace("burned", "will burn").replace("sorted", "will sort")
        seeds.append(Sample(t, "tense(fut)", future, 1, "seed"))
    got = sabotage_samples(
        seeds, fitted_tailor, tmp_path / "sab", fraction=0.25, epochs=1, device="cpu"
    )
    assert (
        tmp_path / "sab" / "config.json"
    ).exists()  # the sabotaged generator was trained and saved
    assert (
        len((tmp_path / "sab" / "train.jsonl").read_text().splitlines()) == 1
    )  # on a quarter of the seeds
    assert got and all(
        s.method == "sabotage" and s.intended == 0 and s.output != s.reference for s in got
    )
    assert {s.source for s in got} <= set(texts)


def test_self_training_labels_generations_by_reconstruction(fitted_tailor):
    from engine.accept.generated import self_train_samples
    from engine.tailor.generator import TailorGenerator

    gen = TailorGenerator.load(fitted_tailor, device="cpu")
    # seed outputs the fitted model does not itself produce, so its generations are new
    seeds = [
        Sample(
            "The cook burned the toast.",
            "passive",
            "The toast got burned by the cook.",
            1,
            "seed",
            None,
        ),
        Sample(
            "A clerk sorted the letters.",
            "negate",
            "A clerk never sorted the letters.",
            1,
            "seed",
            None,
        ),
    ]
    got = self_train_samples(seeds, gen, cycles=2, seed=0)
    assert got and any(s.intended == 1 for s in got)
    assert got == self_train_samples(seeds, gen, cycles=2, seed=0)
    assert {s.method for s in got} <= {"self_train_1", "self_train_2"}
    from engine.validate import Recovery

    rec_val = Recovery()
    for s in got:  # the label is the reconstruction's verdict
        [verdict] = rec_val.validate([s.item()])
        assert s.intended == int(verdict.verdict == "accept")
    assert all(s.output.lower() not in {x.output.lower() for x in seeds} for s in got)


def test_train_accept_with_model_made_samples(fitted_tailor, tmp_path, monkeypatch):
    monkeypatch.setenv(
        "SEAM_CACHE", str(tmp_path / "cache")
    )  # the encoder's checksum is recorded there
    import json

    from engine.cli import main
    from engine.testing.encoder import build_tiny_encoder

    src = tmp_path / "s.jsonl"
    src.write_text(
        "\n".join(
            json.dumps({"text": t})
            for t in ("The cook burned the toast.", "A clerk sorted the letters.")
        )
        + "\n"
    )
    base = build_tiny_encoder(
        tmp_path / "enc", ["The cook burned the toast.", "A clerk sorted the letters."]
    )
    assert (
        main(
            [
                "train-accept",
                "--model",
                str(base),
                "-o",
                str(tmp_path / "acc"),
                "-i",
                str(src),
                "-a",
                "f",
                "-a",
                "n",
                "--noisy-beam",
                str(fitted_tailor),
                "--self-train",
                "1",
                "--self-train-generator",
                str(fitted_tailor),
                "--folds",
                "1",
                "--epochs",
                "1",
                "--device",
                "cpu",
                "--summary",
                str(tmp_path / "r.json"),
            ]
        )
        == 0
    )
    counts = json.loads((tmp_path / "r.json").read_text())["validation"]
    assert "noisy_beam" in counts and sum(counts["noisy_beam"].values()) >= 1


def test_noisy_beam_search_on_the_polyjuice_generator(tmp_path):
    from engine.accept.generated import noisy_polyjuice_samples
    from engine.polyjuice.generator import PolyjuiceGenerator
    from engine.testing.gpt2 import build_tiny_polyjuice

    seeds = [
        Sample("A man is riding a bike.", "negate", "A man is not riding a bike.", 1, "seed", None)
    ]
    gen = PolyjuiceGenerator.load(
        build_tiny_polyjuice(tmp_path / "pj", ["A man is riding a bike."]), device="cpu"
    )
    got = noisy_polyjuice_samples(seeds, gen, sigma=1.0, seed=0)
    assert got == noisy_polyjuice_samples(seeds, gen, sigma=1.0, seed=0)
    assert got and all(
        s.method == "noisy_beam_polyjuice" and s.output != s.reference and "[BLANK]" not in s.output
        for s in got
    )
