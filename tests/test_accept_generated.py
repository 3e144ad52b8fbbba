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

SEEDS = [Sample("A man rides a red bike down the hill.", "tense(past)", "A man rode a red bike down the hill.", 1,
                "seed", "A man rode a red bike down the hill."),
         Sample("Two kids play soccer in the big park today.", "tense(past)",
                "Two kids played soccer in the big park today.", 1, "seed", "Two kids played soccer in the big park today."),
         Sample("Short one.", "tense(past)", "Short one.", 1, "seed", "Short one.")]


def test_mask_span_keeps_context_and_is_seeded():
    for k in range(30):
        masked, words = mask_span("one two three four five six seven eight nine", random.Random(k))
        assert masked.count(SENTINEL0) == 1 and 3 <= len(words.split()) <= 7
        assert masked.split()[0] != SENTINEL0 or len(masked.split()) >= 3
    assert mask_span("Too short here.", random.Random(0)) is None
    assert mask_span("a b c d e f g h", random.Random(5)) == mask_span("a b c d e f g h", random.Random(5))


@pytest.fixture(scope="module")
def tiny_t5(tmp_path_factory):
    from engine.tailor.tiny import build_tiny_checkpoint

    corpus = [s.output for s in SEEDS] + ["A woman rode a blue bike.", "The kids played in the park."]
    return build_tiny_checkpoint(tmp_path_factory.mktemp("t5"), corpus, d_model=32, layers=2, seed=0)


def test_mask_filling_vanilla_and_fine_tuned(tiny_t5, tmp_path):
    vanilla = maskfill_samples(SEEDS, MaskFiller(tiny_t5, device="cpu"), seed=0)
    assert vanilla == maskfill_samples(SEEDS, MaskFiller(tiny_t5, device="cpu"), seed=0)  # seeded
    for s in vanilla:
        assert s.intended == 0 and s.method == "maskfill" and s.output != s.reference and SENTINEL0 not in s.output
    losses = fine_tune_filler(tiny_t5, [s.output for s in SEEDS[:2]] * 20, tmp_path / "ft", epochs=3, lr=3e-3,
                              batch_size=8, device="cpu")
    assert losses[-1] < losses[0]
    tuned = maskfill_samples(SEEDS, MaskFiller(tmp_path / "ft", device="cpu"), seed=0, method="maskfill_ft")
    assert all(s.method == "maskfill_ft" for s in tuned)


def test_noisy_beam_search_makes_near_misses(fitted_tailor):
    from engine.tailor.generator import TailorGenerator

    gen = TailorGenerator.load(fitted_tailor, device="cpu")
    seed = Sample("The cook burned the toast.", "tense(fut)", "The cook will burn the toast.", 1, "seed",
                  "The cook will burn the toast.")
    quiet = noisy_beam_samples([seed], gen, sigma=0.0)
    noisy = noisy_beam_samples([seed], gen, sigma=1.0, seed=1)
    assert noisy and noisy[0].method == "noisy_beam" and noisy[0].output != seed.output
    assert [s.output for s in noisy] != [s.output for s in quiet]  # the noise changes what the beam finds
    assert noisy == noisy_beam_samples([seed], gen, sigma=1.0, seed=1)
