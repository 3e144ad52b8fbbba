"""Rule-based corruptions (SNT) and wrong-plan edits for the acceptability classifier: each
method on hand-picked sentences, determinism, tidy and changed outputs. No network."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.accept.corrupt import (
    METHODS,
    WRONG_PLAN,
    Corruption,
    agreement,
    corrupt,
    hallucination,
    inflection,
    omission,
    repetition,
    swap_values,
    word_order,
    wrong_plan,
)
from engine.transforms import parse

SENTENCES = [
    "A man is riding a bike.",
    "Birds sing loudly.",
    "Dogs bark.",
    "Stop!",
    "A nurse is carrying a tray.",
    "The farmer sold a horse.",
    "A tall man met a short woman.",
    "Anna called Paul.",
    "The children are singing.",
    "I am happy.",
    "The dogs are barking.",
    "She walks home.",
    "They walk home.",
    "Does he like tea?",
    "He's running.",
    "There are two cats.",
    "An elephant will eat an apple.",
    "We were late.",
    "She has eaten three apples.",
    "The cat will sleep.",
    "This dog barks.",
    "He did not go home.",
    "Is the cat sleeping?",
    "Yesterday, the old sailor painted his boat.",
    "An old man is eating an apple.",
    "The old sailor painted his boat on Sunday.",
    "Two young girls played with a red ball yesterday.",
    "My uncle cooked the soup.",
    "Don't touch that.",
    "He can't swim.",
    "It's raining.",
    "(The dog) barked.",
    "a man riding a bike",
]


@pytest.fixture(scope="module")
def analyses():
    from engine import analyze

    return {a.text: a for a in analyze(SENTENCES)}


def outputs(method, analysis, draws: int = 60) -> set[str | None]:
    """Everything a method gives on one analysis over many generators."""
    return {method(analysis, random.Random(k)) for k in range(draws)}


# -- each method ---------------------------------------------------------------------------------


def test_omission(analyses):
    assert outputs(omission, analyses["Birds sing loudly."]) == {"Birds sing.", "Sing loudly."}
    assert outputs(omission, analyses["Dogs bark."]) == {"Bark."}
    assert outputs(omission, analyses["The old sailor painted his boat on Sunday."]) == {
        "Painted his boat on Sunday.",
        "The old sailor painted boat on Sunday.",
        "The old sailor painted his boat.",
        "The old sailor painted on Sunday.",
        "The sailor painted his boat on Sunday.",
    }
    # the comma of a dropped fronted adverb goes too; "an" follows the word that now comes next
    fronted = outputs(omission, analyses["Yesterday, the old sailor painted his boat."])
    assert "The old sailor painted his boat." in fronted
    assert "A man is eating an apple." in outputs(
        omission, analyses["An old man is eating an apple."]
    )
    assert omission(analyses["Stop!"], random.Random(0)) is None


def test_repetition(analyses):
    assert outputs(repetition, analyses["A nurse is carrying a tray."]) == {
        "A a nurse is carrying a tray.",
        "A nurse a nurse is carrying a tray.",
        "A nurse is carrying a a tray.",
        "A nurse is carrying a tray a tray.",
        "A nurse is carrying a tray tray.",
        "A nurse is carrying carrying a tray.",
        "A nurse is is carrying a tray.",
        "A nurse nurse is carrying a tray.",
    }
    assert outputs(repetition, analyses["Stop!"]) == {"Stop stop!"}


def test_swap_values(analyses):
    assert outputs(swap_values, analyses["A man is riding a bike."]) == {"A bike is riding a man."}
    assert outputs(swap_values, analyses["The farmer sold a horse."]) == {
        "The horse sold a farmer."
    }
    assert outputs(swap_values, analyses["Anna called Paul."]) == {"Paul called Anna."}
    assert outputs(swap_values, analyses["A tall man met a short woman."]) == {
        "A short man met a tall woman.",
        "A tall woman met a short man.",
    }
    assert outputs(swap_values, analyses["An elephant will eat an apple."]) == {
        "An apple will eat an elephant."
    }
    assert swap_values(analyses["The children are singing."], random.Random(0)) is None


def test_hallucination(analyses):
    got = outputs(hallucination, analyses["A man is riding a bike."], draws=200)
    assert {
        "A man is riding a volcano.",
        "An umbrella is riding a bike.",
        "A man is riding a purple bike.",
        "An ancient man is riding a bike.",
    } <= got
    assert all(len(g.split()) in (6, 7) for g in got)
    assert (
        hallucination(analyses["A man is riding a bike."], random.Random(0))
        == "A man is riding a striped bike."
    )
    # a plural noun is replaced by a plural
    assert "The umbrellas are singing." in outputs(
        hallucination, analyses["The children are singing."]
    )
    # no common noun or adjective to work on; a date is not a noun to replace
    assert hallucination(analyses["I am happy."], random.Random(0)) is None
    assert not any(
        "yesterday" not in g
        for g in outputs(
            hallucination, analyses["Two young girls played with a red ball yesterday."]
        )
    )


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The dogs are barking.", "The dogs is barking."),
        ("She walks home.", "She walk home."),
        ("They walk home.", "They walks home."),
        ("Does he like tea?", "Do he like tea?"),
        ("He's running.", "He are running."),
        ("There are two cats.", "There is two cats."),
        ("We were late.", "We was late."),
        ("I am happy.", "I is happy."),
        ("She has eaten three apples.", "She have eaten three apples."),
        ("Is the cat sleeping?", "Are the cat sleeping?"),
        ("The farmer sold a horse.", None),  # a past lexical verb shows no agreement
        ("An elephant will eat an apple.", None),  # nor does a modal
        ("Don't touch that.", None),  # an imperative has no subject
    ],
)
def test_agreement(analyses, text, expected):
    assert outputs(agreement, analyses[text]) == {expected}


def test_agreement_is_broken_on_reanalysis(analyses):
    from engine import analyze

    texts = ["The dogs are barking.", "She walks home.", "They walk home.", "We were late."]
    for a in analyze([agreement(analyses[t], random.Random(0)) for t in texts]):
        toks = a.sentence.tokens
        subject = toks[next(arg.head for arg in a.main_frame.arguments if arg.function == "subj")]
        verb = toks[
            next(k for k in a.main_frame.verb_group if toks[k].tag in ("VBZ", "VBP", "VBD"))
        ]
        plural = subject.tag == "NNS" or subject.text.lower() in ("they", "we")
        singular_verb = verb.text.lower() in ("is", "was") or (
            verb.tag == "VBZ" and verb.text.endswith("s")
        )
        assert plural == singular_verb, a.text


def test_inflection(analyses):
    assert outputs(inflection, analyses["A man is riding a bike."]) == {
        "A man is ride a bike.",
        "A man is rides a bike.",
        "A man is rode a bike.",
        "A men is riding a bike.",
        "A man is riding a bikes.",
    }
    assert outputs(inflection, analyses["She has eaten three apples."]) == {
        "She has ate three apples.",
        "She has eat three apples.",
        "She has eats three apples.",
        "She has eating three apples.",
        "She has eaten three apple.",
    }
    assert outputs(inflection, analyses["The cat will sleep."]) == {
        "The cat will sleeping.",
        "The cat will sleeps.",
        "The cat will slept.",
    }
    assert outputs(inflection, analyses["He did not go home."]) == {
        "He did not goes home.",
        "He did not going home.",
        "He did not gone home.",
        "He did not went home.",
    }
    assert outputs(inflection, analyses["This dog barks."]) == {"This dogs barks."}
    assert inflection(analyses["Birds sing loudly."], random.Random(0)) is None


def test_word_order(analyses):
    assert outputs(word_order, analyses["A man is riding a bike."]) == {
        "A man is a bike riding.",
        "A man is riding bike a.",
        "A man riding is a bike.",
        "Man a is riding a bike.",
    }
    assert outputs(word_order, analyses["Is the cat sleeping?"]) == {"Is cat the sleeping?"}
    assert outputs(word_order, analyses["He did not go home."]) == {"He did not home go."}
    assert (
        word_order(analyses["My uncle cooked the soup."], random.Random(0))
        == "My uncle the soup cooked."
    )
    assert word_order(analyses["Dogs bark."], random.Random(0)) is None


def test_clitics_brackets_and_case_survive(analyses):
    # a clitic is never dropped or left without its host, nor a host split from it
    assert outputs(omission, analyses["He can't swim."]) == {"Can't swim."}
    assert outputs(omission, analyses["Don't touch that."]) == {"Don't touch."}
    assert "It raining 's." not in outputs(word_order, analyses["It's raining."])
    assert all(
        not o or "Itraining" not in o for o in outputs(word_order, analyses["It's raining."])
    )
    # an opening bracket stays; a source in lower case stays so
    assert outputs(word_order, analyses["(The dog) barked."]) == {"(Dog the) barked."}
    assert outputs(swap_values, analyses["a man riding a bike"]) == {"a bike riding a man"}


# -- every output ----------------------------------------------------------------------------------


def test_outputs_are_changed_and_tidy(analyses):
    found = corrupt(list(analyses.values()), per_sentence=3, seed=5)
    assert {c.method for c in found} == set(METHODS)
    for c in found:
        assert c.text != c.source, c
        assert c.text == " ".join(c.text.split()), c
        first = next(ch for ch in c.text if ch.isalnum())
        assert first.isupper() == next(ch for ch in c.source if ch.isalnum()).isupper(), c
        assert c.text[-1] == c.source[-1] or c.source[-1].isalnum(), (
            c
        )  # the final punctuation is kept
        assert c.reason.startswith(c.method + ": "), c


# -- the batch -------------------------------------------------------------------------------------


def test_corrupt_is_deterministic_and_independent_of_order(analyses):
    batch = list(analyses.values())
    first = corrupt(batch, seed=7)
    assert first == corrupt(batch, seed=7)
    backwards = corrupt(batch[::-1], seed=7)
    assert sorted(first, key=repr) == sorted(backwards, key=repr)
    alone = corrupt([analyses["A man is riding a bike."]], seed=7)
    assert alone == [c for c in first if c.source == "A man is riding a bike."]
    assert corrupt(batch, seed=8) != first


def test_corrupt_batch_shape(analyses):
    a = analyses["A man is riding a bike."]
    got = corrupt([a], methods=["agreement", "swap_values"], seed=0)
    assert got == [
        Corruption(
            "A man is riding a bike.",
            "A man are riding a bike.",
            "agreement",
            "agreement: -is +are",
        ),
        Corruption(
            "A man is riding a bike.",
            "A bike is riding a man.",
            "swap_values",
            "swap_values: -man +bike -bike. +man.",
        ),
    ]
    with pytest.raises(dataclasses.FrozenInstanceError):
        got[0].text = "x"
    three = corrupt([a], methods=["inflection"], seed=0, per_sentence=3)
    assert len(three) == 3 and len({c.text for c in three}) == 3
    # a method that does not apply gives nothing; one that gives a single output gives it once
    assert corrupt([analyses["The farmer sold a horse."]], methods=["agreement"]) == []
    assert len(corrupt([analyses["Dogs bark."]], methods=["omission"], per_sentence=3)) == 1
    with pytest.raises(ValueError, match="unknown corruption"):
        corrupt([a], methods=["scramble"])


# -- wrong plans -----------------------------------------------------------------------------------


class FakeTransformer:
    """run_texts with canned outputs per expression; records what it was asked."""

    def __init__(self, outputs: dict[str, str | None]):
        self.outputs = outputs
        self.asked: list[str] = []

    def run_texts(self, texts, apply):
        self.asked = list(apply)
        return [
            {
                "source": texts[0],
                "transformation": e,
                "status": "ok" if self.outputs.get(e) else "not_applicable",
                "best": self.outputs.get(e),
            }
            for e in apply
        ]


def test_wrong_plan_filters():
    text = "A man is riding a bike."
    fake = FakeTransformer(
        {
            "tense(past)": "A man was riding a bike.",
            "tense(fut)": "A man was riding a bike.",  # the requested output: not wrong enough
            "negate": text,  # unchanged
            "passive": None,  # not applicable
            "question": "Is a man riding a bike?",
        }
    )
    for k in range(10):
        assert wrong_plan(text, "tense(past)", random.Random(k), fake) == (
            "Is a man riding a bike?",
            "question",
        )
    assert fake.asked[0] == "tense(past)" and "tense(past)" not in fake.asked[1:]
    assert set(fake.asked[1:]) == set(WRONG_PLAN) - {"tense(past)"}
    # a shorthand or a choice: none of its plans is picked
    wrong_plan(text, "p|passive", random.Random(0), fake)
    assert not {"tense(past)", "passive"} & set(fake.asked[1:])
    assert wrong_plan(text, "question", random.Random(0), FakeTransformer({})) is None


def test_wrong_plan_on_the_surface_backend():
    from engine import analyze
    from engine.pipeline import Transformer

    transformer = Transformer("surface")
    text, expr = "A man is riding a bike.", "tense(past)"
    right = analyze(["A man was riding a bike."])[0].main_frame.predicate
    seen = set()
    for k in range(6):
        found = wrong_plan(text, expr, random.Random(k), transformer)
        assert found is not None
        output, other = found
        seen.add(other)
        assert output not in (text, "A man was riding a bike.")
        assert parse(other).plan() != parse(expr).plan()
        again = analyze([output])[0]
        assert again.main_frame.predicate != right
    once, twice = (wrong_plan(text, expr, random.Random(1), transformer) for _ in range(2))
    assert once == twice
    assert len(seen) > 1
