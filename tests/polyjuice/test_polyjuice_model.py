"""The Polyjuice generator, backend, `seam perturb` and `seam train-polyjuice` on tiny GPT-2
models built in the test (random, and fitted to a handful of examples); no network."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")

from engine import Transformer, analyze, parse  # noqa: E402
from engine.backends import get_backend  # noqa: E402
from engine.cli import main  # noqa: E402
from engine.errors import ResourceNotFoundError  # noqa: E402
from engine.polyjuice.format import BLANK, prompt, training_text  # noqa: E402
from engine.polyjuice.generator import (  # noqa: E402
    BEAM,
    Decoding,
    PolyjuiceGenerator,
    find_checkpoint,
)
from engine.polyjuice.perturb import select_diverse  # noqa: E402
from engine.polyjuice.plans import code_and_blanks  # noqa: E402
from engine.polyjuice.train import fine_tune  # noqa: E402
from engine.testing.gpt2 import build_tiny_polyjuice  # noqa: E402

# (sentence, Seam expression, the answer for the backend's blanks)
FIT = [
    ("A man is riding a bike.", "negate", ["is not riding"]),
    ("The dog chased the cat.", "negate", ["did not chase"]),
    ("Two kids play in the park.", "tense(past)", ["played"]),
    ("The girl in a red coat sings a song.", "shorten(AGENT)", ["The girl"]),
]


def _fit_texts():
    out = []
    for text, expr, answers in FIT:
        code, blanked = code_and_blanks(analyze(text)[0], parse(expr).plan())
        out.append(training_text(text, code, blanked, answers))
    return out


@pytest.fixture(scope="module")
def random_model(tmp_path_factory):
    return build_tiny_polyjuice(tmp_path_factory.mktemp("pj-random"), _fit_texts(), seed=0)


@pytest.fixture(scope="module")
def fitted_model(tmp_path_factory, random_model):
    out = tmp_path_factory.mktemp("pj-fitted")
    losses = fine_tune(
        random_model, _fit_texts() * 8, out, epochs=40, lr=3e-3, batch_size=8, device="cpu"
    )
    assert losses[-1] < 0.1, losses[-1]
    return out


def test_checkpoint_lookup(random_model, tmp_path, monkeypatch):
    monkeypatch.setenv("SEAM_POLYJUICE", str(random_model))
    assert find_checkpoint() == random_model
    with pytest.raises(ResourceNotFoundError, match="uw-hai/polyjuice"):
        find_checkpoint(tmp_path)


def test_batched_generation_equals_one_at_a_time(random_model):
    gen = PolyjuiceGenerator.load(random_model, device="cpu")
    prompts = [
        prompt("A man is riding a bike.", "negation", "A man [BLANK] a bike."),
        prompt("Two kids play in the park.", "restructure", "Two kids [BLANK] in the park."),
        prompt("The dog chased the cat.", "shuffle", "[BLANK] chased [BLANK]."),
    ]
    greedy = Decoding(do_sample=False, num_beams=1, num_return_sequences=1, max_new_tokens=12)
    together = gen.generate(prompts, greedy, batch_size=3)
    alone = [gen.generate([p], greedy, batch_size=1)[0] for p in prompts]
    assert together == alone
    for completions in gen.complete(prompts, greedy):
        for c in completions:  # a random model's output reads back or fails with a reason
            assert (c.text is None) == (c.problem is not None)
            assert c.text is None or BLANK not in c.text


def test_the_backend_on_a_fitted_model(fitted_model):
    backend = get_backend("polyjuice", model=str(fitted_model), device="cpu", settings=BEAM)
    t = Transformer(backend)
    records = t.run_texts([text for text, _, _ in FIT], [expr for _, expr, _ in FIT])
    best = {(r["source"], r["transformation"]): (r["status"], r["best"]) for r in records}
    assert best[("A man is riding a bike.", "negate")] == ("ok", "A man is not riding a bike.")
    assert best[("The dog chased the cat.", "negate")] == ("ok", "The dog did not chase the cat.")
    assert best[("Two kids play in the park.", "tense(past)")] == (
        "ok",
        "Two kids played in the park.",
    )
    assert best[("The girl in a red coat sings a song.", "shorten(AGENT)")] == (
        "ok",
        "The girl sings a song.",
    )
    # what a code cannot express, and a wrong edit, are honest statuses
    other = t.run_texts(
        ["A man is riding a bike."], ["question", "cleft(ARG0)", "negate+tense(past)"]
    )
    assert [r["status"] for r in other] == ["not_applicable"] * 3
    assert "question" in other[0]["reason"]


def test_seam_transform_and_perturb_on_the_command_line(fitted_model, tmp_path, capsys):
    assert (
        main(
            [
                "transform",
                "A man is riding a bike.",
                "-a",
                "negate",
                "--backend",
                "polyjuice",
                "--model",
                str(fitted_model),
                "--decoding",
                "beam",
                "--device",
                "cpu",
            ]
        )
        == 0
    )
    assert "A man is not riding a bike." in capsys.readouterr().out
    out = tmp_path / "p.jsonl"
    assert (
        main(
            [
                "perturb",
                "A man is riding a bike.",
                "",
                "--code",
                "negation",
                "--blank",
                "A man [BLANK] a bike.",
                "--model",
                str(fitted_model),
                "--decoding",
                "beam",
                "--device",
                "cpu",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert recs[0]["perturbations"][0] == {
        "text": "A man is not riding a bike.",
        "code": "negation",
        "detected": "negation",
        "blanked": "A man [BLANK] a bike.",
    }
    assert recs[1]["status"] == "error"  # an empty sentence keeps its record


def test_train_polyjuice_loss_falls(random_model, tmp_path, capsys):
    src = tmp_path / "s.jsonl"
    src.write_text(
        "\n".join(
            json.dumps({"text": t})
            for t in (
                "A man is riding a bike.",
                "The dog chased the cat.",
                "Two kids play soccer in the park.",
                "A woman in a hat sells fruit.",
            )
        )
        + "\n"
    )
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(
        json.dumps({"original": "It is great for kids.", "perturbed": "It is not great for kids."})
        + "\n"
        + "broken\n"
    )
    out = tmp_path / "trained"
    assert (
        main(
            [
                "train-polyjuice",
                "--model",
                str(random_model),
                "-o",
                str(out),
                "-i",
                str(src),
                "--pairs",
                str(pairs),
                "--epochs",
                "6",
                "--lr",
                "3e-3",
                "--device",
                "cpu",
                "-q",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["pairs"] >= 10 and report["last_loss"] < report["first_loss"]
    gen = PolyjuiceGenerator.load(out, device="cpu")
    [completions] = gen.complete(
        [prompt("A man is riding a bike.", "negation", "A man [BLANK] a bike.")], BEAM
    )
    assert completions and all(c.text is None or BLANK not in c.text for c in completions)


def test_diverse_selection():
    items = [
        {"code": "negation", "changed": frozenset({"not"})},
        {"code": "negation", "changed": frozenset({"not"})},
        {"code": "lexical", "changed": frozenset({"dog"})},
        {"code": "negation", "changed": frozenset({"never"})},
    ]
    assert select_diverse(items, 2) == [items[0], items[2]]
    assert select_diverse(items, 3) == [items[0], items[2], items[3]]
    assert select_diverse(items, 9) == items
