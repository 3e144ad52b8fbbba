"""The acceptability layer: metrics by hand, the validation framework's sorting, and a tiny
encoder trained on synthetic (un)acceptable edits, judged on held-out ones and used as a
validator. No network."""

from __future__ import annotations

import json

import pytest

from engine.accept import metrics
from engine.accept.validation import (
    ACCEPTABLE,
    DISCARDED,
    UNACCEPTABLE,
    Sample,
    report,
    sort,
    validators,
)
from engine.validate.base import ACCEPT, FLAG, GRAMMAR, MEANING, REJECT, Validator, Verdict

# -- metrics -----------------------------------------------------------------------------------


def test_scores_by_hand():
    gold = [1, 1, 1, 0, 0, 0]
    pred = [1, 1, 0, 0, 0, 1]
    s = metrics.scores(gold, pred, bootstrap=200, seed=1)
    assert (s["precision_1"], s["recall_1"], s["precision_0"], s["recall_0"]) == (
        0.6667,
        0.6667,
        0.6667,
        0.6667,
    )
    assert s["macro_f1"] == 0.6667 and s["accuracy"] == 0.6667
    assert s["mcc"] == pytest.approx(1 / 3, abs=1e-4)  # (2*2 - 1*1) / sqrt(3*3*3*3)
    assert 0 < s["macro_f1_std"] < 0.5
    assert metrics.scores(gold, pred, bootstrap=200, seed=1) == s


def test_mcnemar_and_threshold():
    assert metrics.mcnemar([1, 0, 1], [1, 0, 1], [1, 0, 1]) == {"b01": 0, "b10": 0, "p_value": 1.0}
    # 8 items a gets right and b wrong, none the other way: p = 2 / 2**8
    got = metrics.mcnemar([1] * 8, [1] * 8, [0] * 8)
    assert got["b01"] == 8 and got["p_value"] == pytest.approx(2 / 256)
    t = metrics.best_threshold([0, 0, 1, 1], [0.1, 0.3, 0.6, 0.9])
    assert 0.3 < t < 0.6


# -- the validation framework ------------------------------------------------------------------


def _samples():
    return [
        Sample("s", "p", "good", 1, "seed", "good"),
        Sample("s", "p", "seed gone wrong", 1, "seed", "x"),
        Sample("s", "p", "bad", 0, "omission", "good"),
        Sample("s", "p", "benign", 0, "omission", "good"),
        Sample("s", "p", "unknown", 0, "omission", "good"),
    ]


class _Says(Validator):
    """A validator that says what it is told, per output text."""

    def __init__(self, name, scope, said, source=ACCEPT):
        self.name, self.scope, self.said, self.source = name, scope, said, source

    def check(self, items):
        return [
            Verdict(self.name, self.source if i.text == i.source else self.said.get(i.text, FLAG))
            for i in items
        ]


def test_sort_keeps_intent_unless_contradicted():
    said = {"good": ACCEPT, "seed gone wrong": REJECT, "bad": REJECT, "benign": ACCEPT}
    judges = [_Says("rec-val", MEANING, said), _Says("b", MEANING, {})]
    labels = [r.label for r in sort(_samples(), judges)]
    assert labels == [ACCEPTABLE, DISCARDED, UNACCEPTABLE, DISCARDED, UNACCEPTABLE]
    assert report(sort(_samples(), judges)) == {
        "omission": {ACCEPTABLE: 0, UNACCEPTABLE: 2, DISCARDED: 1},
        "seed": {ACCEPTABLE: 1, UNACCEPTABLE: 0, DISCARDED: 1},
    }


def test_a_validator_only_vetoes_what_it_can_see():
    grammar_error = Sample(
        "s", "p", "The dogs is barking.", 0, "agreement", "The dogs are barking."
    )
    meaning_error = Sample(
        "s", "p", "The cats are barking.", 0, "hallucination", "The dogs are barking."
    )
    everything = {grammar_error.output: ACCEPT, meaning_error.output: ACCEPT}
    rec_says_fine = [_Says("rec-val", MEANING, everything)]
    assert [r.label for r in sort([grammar_error, meaning_error], rec_says_fine)] == [
        UNACCEPTABLE,
        DISCARDED,
    ]
    erg_says_fine = [_Says("erg", GRAMMAR, everything)]
    assert [r.label for r in sort([grammar_error, meaning_error], erg_says_fine)] == [
        DISCARDED,
        UNACCEPTABLE,
    ]


def test_a_grammar_judge_that_rejects_the_source_has_no_say():
    seed = Sample("Dogs barks.", "tense(past)", "Dogs barked.", 1, "seed")
    broken = Sample("Dogs barks.", "tense(past)", "Dogs barkeded.", 0, "inflection")
    outputs = {seed.output: REJECT, broken.output: REJECT}
    picky = [_Says("erg", GRAMMAR, outputs, source=REJECT)]
    [kept, corrupt] = sort([seed, broken], picky)
    assert (kept.label, corrupt.label) == (ACCEPTABLE, UNACCEPTABLE)
    assert kept.verdicts["erg"].verdict == FLAG
    fair = [_Says("erg", GRAMMAR, outputs, source=ACCEPT)]
    assert [r.label for r in sort([seed, broken], fair)] == [DISCARDED, UNACCEPTABLE]


def test_rec_val_recovers_the_plan():
    [check] = validators(["rec"])  # the old name still works
    source = "A man is riding a bike."
    outputs = ["A man was riding a bike.", "A man will ride a bike.", "A woman was riding a bike."]
    got = check.validate([Sample(source, "tense(past)", o, 1, "seed").item() for o in outputs])
    assert [v.verdict for v in got] == [ACCEPT, REJECT, REJECT]
    assert check.name == "rec-val"
    no_plan = Sample(source, "", outputs[0], 1, "seed").item()
    assert check.validate([no_plan]) == [Verdict("rec-val", FLAG, "no plan to recover")]


def test_read_cola(tmp_path):
    from engine.workflows.acceptability import read_cola

    f = tmp_path / "cola.tsv"
    f.write_text(
        "src\t1\t\tThe dog barked.\nsrc\t0\t*\tDog the barked.\nbroken line\n", encoding="utf-8"
    )
    assert [(e.output, e.label) for e in read_cola(f)] == [
        ("The dog barked.", 1),
        ("Dog the barked.", 0),
    ]


# -- a tiny encoder on synthetic data ----------------------------------------------------------

_SUBJECTS = [
    "The dog",
    "A man",
    "My sister",
    "Two kids",
    "The teacher",
    "An old woman",
    "The band",
    "A chef",
]
_VERBS = ["chased", "saw", "likes", "found", "painted", "needs"]
_OBJECTS = ["the cat", "a red ball", "the old house", "a long letter", "the small boat"]
# every combination, shuffled with a fixed seed: the held-out ones are unseen combinations
SENTENCES = [f"{s} {v} {o}." for s in _SUBJECTS for v in _VERBS for o in _OBJECTS]
__import__("random").Random(0).shuffle(SENTENCES)


def _synthetic(sentences):
    """Acceptable sentences and two corruptions each (a repeated word, reversed order)."""
    out = []
    for s in sentences:
        w = s.rstrip(".").split()
        out.append((s, 1))
        out.append((" ".join(w[:2] + [w[1]] + w[2:]) + ".", 0))
        out.append((" ".join(reversed(w)) + ".", 0))
    return out


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from engine.accept.classifier import Example, train
    from engine.testing.encoder import build_tiny_encoder

    train_set = [Example("", "", t, y) for t, y in _synthetic(SENTENCES[:80])]
    base = build_tiny_encoder(
        tmp_path_factory.mktemp("enc"), [e.output for e in train_set] + SENTENCES
    )
    out = tmp_path_factory.mktemp("accept")
    meta = train(
        base, train_set, out, epochs=12, lr=1e-3, batch_size=16, folds=3, seed=0, device="cpu"
    )
    return out, meta


def test_the_classifier_separates_held_out_synthetic_data(trained):
    from engine.accept.classifier import AcceptClassifier, Example

    out, meta = trained
    assert meta["folds"] == 3 and 0.0 <= meta["threshold"] <= 1.0 and meta["examples"] == 240
    clf = AcceptClassifier.load(str(out), device="cpu")
    held = [Example("", "", t, y) for t, y in _synthetic(SENTENCES[200:])]
    pred = clf.predict([e.pair() for e in held])
    s = metrics.scores([e.label for e in held], pred)
    assert s["macro_f1"] >= 0.8, s  # chance is about 0.5


def test_the_classifier_as_a_validator(trained, capsys):
    from engine.cli import main

    out, _ = trained
    assert main(
        [
            "transform",
            "The dog likes the cat.",
            "-a",
            "tense(past)",
            "--validate",
            "accept",
            "--accept-model",
            str(out),
            "--output-format",
            "jsonl",
        ]
    ) in (0,)
    rec = json.loads(capsys.readouterr().out.strip().splitlines()[0])
    judged = rec["candidates"] + rec["rejected"]
    verdicts = [v for c in judged for v in c["verdicts"] if v["validator"] == "accept"]
    assert len(verdicts) == len(judged) >= 1 and all(
        "P(acceptable)" in v["reason"] for v in verdicts
    )
    # below the threshold a candidate is rejected, not kept with a flag
    assert all(v["verdict"] == "accept" for c in rec["candidates"] for v in c["verdicts"])
    assert all(
        v["verdict"] == "reject"
        for c in rec["rejected"]
        for v in c["verdicts"]
        if v["validator"] == "accept"
    )
    assert rec["status"] == ("ok" if rec["candidates"] else "rejected")


def test_seam_train_accept_from_sentences(tmp_path, capsys, monkeypatch):
    pytest.importorskip("torch")
    monkeypatch.setenv(
        "SEAM_CACHE", str(tmp_path / "cache")
    )  # the encoder's checksum is recorded there
    from engine.accept.classifier import AcceptClassifier
    from engine.cli import main
    from engine.testing.encoder import build_tiny_encoder

    src = tmp_path / "s.jsonl"
    src.write_text("\n".join(json.dumps({"text": t}) for t in SENTENCES[:6]) + "\n")
    base = build_tiny_encoder(tmp_path / "enc", SENTENCES)
    out = tmp_path / "accept"
    assert (
        main(
            [
                "train-accept",
                "--encoder",
                str(base),
                "-o",
                str(out),
                "-i",
                str(src),
                "-a",
                "p",
                "-a",
                "n",
                "--folds",
                "2",
                "--epochs",
                "1",
                "--lr",
                "1e-3",
                "--device",
                "cpu",
                "--summary",
                str(tmp_path / "r.json"),
            ]
        )
        == 0
    )
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["validation"]["seed"]["acceptable"] > 0
    assert sum(row["unacceptable"] for m, row in report["validation"].items() if m != "seed") > 0
    assert (
        report["folds"] == 2
        and AcceptClassifier.load(str(out), device="cpu").threshold == report["threshold"]
    )
    assert (
        "train-accept (2 fold models, then the final one)" in capsys.readouterr().err
    )  # progress, off with -q


# -- seeds and their references ----------------------------------------------------------------


class _OtherBackend:
    """A second backend's records for the same texts and expressions (what seed_samples reads)."""

    def __init__(self, outputs):
        self.outputs = outputs

    def run_texts(self, texts, expressions):
        return [
            {
                "source": t,
                "transformation": e,
                "status": "ok" if self.outputs.get(t) else "not_applicable",
                "best": self.outputs.get(t),
            }
            for t in texts
            for e in expressions
        ]


def test_a_seed_is_never_its_own_reference():
    from engine.workflows.acceptability import seed_samples

    texts = ["The dog chased the cat.", "A man rides a bike."]
    seeds = seed_samples(texts, ["tense(past)"])
    assert [s.output for s in seeds] == [
        "A man rode a bike."
    ]  # the first is past already: unchanged, left out
    assert seeds and all(s.reference is None for s in seeds)
    # without a reference BLEU-VAL has no opinion: it cannot vouch for a seed by comparing it with
    # itself
    [near_miss] = validators(["bleu-val"])
    assert [v.verdict for v in near_miss.validate([s.item() for s in seeds])] == [FLAG] * len(seeds)


def test_a_second_backend_is_the_seeds_reference_and_can_reject_it():
    from engine.workflows.acceptability import seed_samples

    texts = ["A man rides a bike.", "The girl opens the door.", "Kids play outside."]
    other = _OtherBackend(
        {
            "A man rides a bike.": "A man rode a bike.",  # agrees
            "The girl opens the door.": "The girl opened a door.",
        }
    )  # a near miss; none for the third
    seeds = seed_samples(texts, ["tense(past)"], reference_transformer=other)
    by_source = {s.source: s for s in seeds}
    assert by_source["A man rides a bike."].reference == "A man rode a bike."
    assert by_source["Kids play outside."].reference is None
    labels = {r.sample.source: r.label for r in sort(seeds, validators(["bleu"]))}
    assert labels == {
        "A man rides a bike.": ACCEPTABLE,
        "The girl opens the door.": DISCARDED,
        "Kids play outside.": ACCEPTABLE,
    }
