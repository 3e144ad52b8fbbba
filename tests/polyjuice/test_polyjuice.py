"""The Polyjuice layer without a model: the format read back, blanks, control-code detection,
and `seam detect` on hostile input."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import analyze
from engine.cli import main
from engine.polyjuice import blanks, detect_texts, prompt, read_completion, training_text
from engine.polyjuice.format import BLANK, SEP, fill

# -- format --------------------------------------------------------------------------------------


def test_training_text_and_completion_round_trip():
    text = training_text("The kids ate lunch.", "quantifier", "[BLANK] kids ate lunch.", ["Few"])
    assert (
        text == "The kids ate lunch. <|perturb|> [quantifier] [BLANK] kids ate lunch. [SEP] Few "
        "[ANSWER] <|endoftext|>"
    )
    got = read_completion(text)
    assert (got.code, got.text, got.problem) == ("quantifier", "Few kids ate lunch.", None)


def test_empty_answers_delete_and_several_blanks_fill_in_order():
    text = training_text(
        "A tall man sang loudly.", "delete", "A [BLANK] man sang [BLANK].", ["", "softly"]
    )
    assert "[EMPTY] [ANSWER]" in text
    assert read_completion(text).text == "A man sang softly."


@pytest.mark.parametrize(
    "completion, problem",
    [
        ("x <|perturb|> [negation] It is [BLANK] for kids. not great [ANSWER]", "0 [SEP]"),
        ("x <|perturb|> [negation] It is [BLANK] [SEP] a [SEP] b [ANSWER]", "2 [SEP]"),
        (
            "x <|perturb|> [negation] It [BLANK] is [BLANK] for kids. [SEP] not [ANSWER]",
            "2 blanks but 1 answers",
        ),
        ("x <|perturb|> [teleport] It is [BLANK]. [SEP] fine [ANSWER]", "unknown control code"),
        ("x <|perturb|> [negation] It is [BLANK]. [SEP] [BLANK] [ANSWER]", "special token"),
    ],
)
def test_bad_completions_are_failures_never_blank_text(completion, problem):
    got = read_completion(completion)
    assert got.text is None and problem in got.problem


def test_model_noise_is_tolerated():
    # no final [ANSWER], the end token, extra spaces
    got = read_completion(
        "It is great. <|perturb|> [negation]  It is [BLANK].  [SEP]  not great <|endoftext|>"
    )
    assert got.text == "It is not great."
    # text after the last answer is ignored
    assert (
        read_completion("a <|perturb|> [lexical] A [BLANK] runs. [SEP] cat [ANSWER] and more").text
        == "A cat runs."
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abc xyz", min_size=0, max_size=8), min_size=1, max_size=4))
def test_fill_then_read_round_trip(answers):
    words = ["w"] * (len(answers) + 1)
    blanked = " ".join(f"{w} {BLANK}" for w in words[:-1]) + " end."
    text = training_text("src.", "resemantic", blanked, answers)
    got = read_completion(text)
    assert got.text == fill(blanked, answers) and BLANK not in got.text


def test_prompt_forms():
    assert prompt("A b.", "lexical") == "A b. <|perturb|> [lexical]"
    assert (
        prompt("A b.", "lexical", "A [BLANK].", complete=False)
        == "A b. <|perturb|> [lexical] A [BLANK]."
    )
    assert prompt("A b.", "lexical", "A [BLANK].").endswith(SEP)
    with pytest.raises(ValueError, match="unknown control code"):
        prompt("A b.", "teleport")


# -- blanks --------------------------------------------------------------------------------------

SENT = "A man in a red shirt is riding a bike down the street."


def test_random_blanks_are_seeded_and_never_touch():
    a = analyze(SENT)[0]
    assert blanks.random_blanks(a, seed=3) == blanks.random_blanks(a, seed=3)
    assert any(
        blanks.random_blanks(a, seed=s) != blanks.random_blanks(a, seed=3) for s in range(4, 8)
    )
    rng = random.Random(0)
    for _ in range(200):
        spans = blanks.one_set(a, rng, None, max_blocks=3)
        for (_s1, e1), (s2, _e2) in zip(spans, spans[1:], strict=False):
            assert e1 < s2  # sorted, neither overlapping nor touching


def test_blanks_from_the_ir():
    a = analyze(SENT)[0]
    assert blanks.ir_blanks(a, "V") == "A man in a red shirt [BLANK] a bike down the street."
    assert blanks.ir_blanks(a, "ARG1") == "A man in a red shirt is riding [BLANK] down the street."
    assert blanks.ir_blanks(a, "ARG4") is None


def test_subtree_and_insertion_blanks():
    a = analyze("It is great for kids.")[0]
    assert blanks.blanked(a, [blanks.subtree(a, 3)]) == "It is great [BLANK]."
    assert blanks.blanked(a, [(0, 0)]) == "[BLANK] It is great for kids."


# -- detection -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "x, y, code",
    [
        ("A man is riding a bike.", "A man is not riding a bike.", "negation"),
        ("The dog chased the cat.", "The dog didn't chase the cat.", "negation"),
        ("She plays the piano and sings.", "She does not play the piano and sing.", "negation"),
        (
            "He is tired and happy.",
            "He is tired but happy.",
            "negation",
        ),  # the original's check never fired
        ("Two dogs run in the park.", "Three dogs run in the park.", "quantifier"),
        ("A man rides a bike.", "A man will ride a bike.", "restructure"),
        (
            "A man is riding a bike.",
            "A man was riding a bike.",
            "restructure",
        ),  # missed by the original
        ("The dog chased the cat.", "The cat was chased by the dog.", "restructure"),
        ("The dog chases the cats.", "The cats chase the dog.", "shuffle"),
        ("A man in a red shirt rides a bike.", "A man rides a bike.", "delete"),
        ("A man rides a bike.", "A man rides a red bike.", "insert"),
        ("A man plays a guitar.", "A man plays a violin.", "lexical"),
        ("A man rides a bike.", "A woman paints a fence quickly.", "resemantic"),
        ("An old car is parked.", "A car is parked.", "delete"),  # a/an follows the next word
        ("A man rides a bike.", "A man rides a bike.", "equal"),
    ],
)
def test_detection(x, y, code):
    assert detect_texts([(x, y)]) == [code]


@pytest.mark.parametrize(
    "x, y, code",
    [
        # a question by inversion, a modal added or changed: the same verb restructured
        ("There is a cat on the mat.", "Is there a cat on the mat?", "restructure"),
        (
            "There are two boats in the harbour.",
            "Are there two boats in the harbour?",
            "restructure",
        ),
        ("The boy is looking at the sky.", "Is the boy looking at the sky?", "restructure"),
        ("She plays the piano.", "Does she play the piano?", "restructure"),
        (
            "A cook is slicing onions on a board.",
            "Is a cook slicing onions on a board?",
            "restructure",
        ),
        (
            "A tall girl in a yellow coat feeds the ducks.",
            "Does a tall girl in a yellow coat feed the ducks?",
            "restructure",
        ),
        ("The boy is looking at the sky.", "The boy may be looking at the sky.", "restructure"),
        (
            "The girls can swim across the lake.",
            "The girls must swim across the lake.",
            "restructure",
        ),
        # ... but a counterfactual stays negation, and a contracted modal is the same modal
        ("He went home early.", "He should have gone home early.", "negation"),
        ("The clerk will help us.", "The clerk won't help us.", "negation"),
        ("The kids can sleep here.", "The kids can't sleep here.", "negation"),
        # edits of different codes: a whole-clause rewrite is resemantic ...
        ("A man is riding a bike.", "A dog is sleeping on the couch.", "resemantic"),
        ("Two boys kick a ball in the yard.", "A girl reads a book on the porch.", "resemantic"),
        # ... else the edit that changes most content words gives the code (not the first edit)
        (
            "A woman slices bread in the kitchen.",
            "A woman slices fresh bread in the kitchen.",
            "insert",
        ),
        (
            "The old man feeds the birds.",
            "The man feeds the hungry pigeons in the square.",
            "resemantic",
        ),
        (
            "A dog runs on the wet grass near the old fence.",
            "A dog runs on the grass near the wooden gate.",
            "resemantic",
        ),
    ],
)
def test_detection_of_mood_modality_and_mixed_edits(x, y, code):
    assert detect_texts([(x, y)]) == [code]


def test_missing_wordnet_is_said_once_as_a_warning(monkeypatch, caplog, tmp_path):
    import importlib

    detect = importlib.import_module(
        "engine.polyjuice.detect"
    )  # the package exports a function of this name
    detect.wordnet.cache_clear()
    monkeypatch.setenv("SEAM_WORDNET", str(tmp_path / "no-wordnet-here"))
    with caplog.at_level("WARNING", logger="engine.polyjuice.detect"):
        detect_texts(
            [("A poodle barks.", "A small dog barks."), ("A cat sleeps.", "A lazy animal sleeps.")]
        )
        detect_texts([("A poodle barks.", "A small dog barks.")])
    said = [r for r in caplog.records if "WordNet" in r.getMessage()]
    detect.wordnet.cache_clear()
    assert len(said) == 1 and said[0].levelname == "WARNING"


def test_seam_detect_keeps_every_record(tmp_path):
    src = tmp_path / "pairs.jsonl"
    src.write_text(
        "\n".join(
            [
                json.dumps(
                    {
                        "id": "a",
                        "original": "A man is riding a bike.",
                        "perturbed": "A man is not riding a bike.",
                    }
                ),
                "{broken",
                "",
                json.dumps({"id": "d", "original": "A dog runs."}),
                json.dumps(
                    {"original": "Two dogs run.", "perturbed": "Three dogs run.", "extra": 1}
                ),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "out.jsonl"
    assert main(["detect", "-i", str(src), "-o", str(out), "--batch-size", "2"]) == 0
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["id"], r["status"], r["code"]) for r in recs] == [
        ("a", "ok", "negation"),
        ("2", "error", None),
        ("3", "error", None),
        ("d", "error", None),
        ("5", "ok", "quantifier"),
    ]
    assert recs[-1]["extra"] == 1


def test_quantifier_training_pairs():
    from engine.polyjuice.train import quantifier_pairs

    pairs = quantifier_pairs(
        analyze(["Two dogs run in the park.", "Many people watch.", "A man sings."])
    )
    assert [(p.perturbed, p.code) for p in pairs] == [
        ("Three dogs run in the park.", "quantifier"),
        ("Few people watch.", "quantifier"),
    ]
    assert detect_texts([(p.original, p.perturbed) for p in pairs]) == ["quantifier", "quantifier"]


def test_contrast_records_carry_each_sides_edit_code(tmp_path, capsys):
    src = tmp_path / "nli.jsonl"
    src.write_text(
        json.dumps(
            {
                "id": "a",
                "premise": "A man is riding a bike.",
                "hypothesis": "A person is riding a bike.",
                "label": "entailment",
            }
        )
        + "\n"
    )
    assert main(["contrast", "-i", str(src), "--pairs", "p;f", "pa;pa", "--edit-codes", "-q"]) == 0
    recs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["edit_codes"] for r in recs] == [
        {"premise": "restructure", "hypothesis": "restructure"}
    ] * 2
    assert main(["contrast", "-i", str(src), "--pairs", "p;f", "-q"]) == 0
    assert "edit_codes" not in json.loads(capsys.readouterr().out.splitlines()[0])
