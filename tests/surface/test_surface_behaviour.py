"""Compositions, alternatives, minimal edits and reasons for what cannot be done."""

from __future__ import annotations

import pytest

COMPOSITIONS = [
    ("A man is riding a bike.", "tense(past)+passive", "A bike was being ridden by a man."),
    ("The dogs chased a cat.", "f+pa", "A cat will be chased by the dogs."),
    ("The dogs chased a cat.", "negate+question", "Didn't the dogs chase a cat?"),
    ("She likes him.", "passive+negate", "He is not liked by her."),
    (
        "The children ate the cake.",
        "tense(fut)+cleft(ARG1)",
        "It is the cake that the children will eat.",
    ),
    ("A man rides a bike.", "prog(+)+tense(past)+negate", "A man was not riding a bike."),
    ("The dogs chased a cat.", "swap+passive", "The dogs were chased by a cat."),
    ("He wrote the letters.", "passive+tense(pres)+question", "Are the letters written by him?"),
    (
        "The boy kicks the ball.",
        "modal(may)+negate+passive",
        "The ball may not be kicked by the boy.",
    ),
    (
        "The team won the game.",
        "perf(+)+tense(fut)+cleft(ARG0)",
        "It is the team that will have won the game.",
    ),
]


@pytest.mark.parametrize("source,expr,expected", COMPOSITIONS)
def test_compositions(realize, source, expr, expected):
    assert realize(source, expr).best == expected


@pytest.mark.parametrize(
    "a,b",
    [
        ("tense(past)", "passive"),
        ("negate", "tense(fut)"),
        ("swap", "tense(past)"),
        ("passive", "swap"),
        ("question", "tense(fut)"),
        ("cleft(ARG1)", "tense(past)"),
    ],
)
def test_commuting_edits_give_the_same_realization(realize, a, b):
    for source in ("The dogs chased a cat.", "A girl is throwing a ball."):
        assert realize(source, f"{a}+{b}").candidates == realize(source, f"{b}+{a}").candidates


@pytest.mark.parametrize(
    "source,expr,reason",
    [
        ("Two dogs run through the snow.", "passive", "no direct object"),
        ("The window was broken.", "active", "agentless passive"),
        ("The man is a doctor.", "passive", "copular"),
        ("A woman is singing.", "swap", "both a subject and an object"),
        ("John gave Mary a book.", "swap", "double-object"),
        ("He rode the bike and smiled.", "passive", "coordinated with the main verb"),
        ("He must not leave.", "tense(past)", "had to"),
        ("It was the man who rode the bike.", "tense(pres)", "already an it-cleft"),
        ("A woman is singing.", "cleft(ARG1)", "no ARG1"),
        ("Hello there!", "tense(past)", "the parse finds no verb"),
    ],
)
def test_not_applicable_gives_a_reason(realize, source, expr, reason):
    result = realize(source, expr)
    assert result.status == "not_applicable"
    assert reason in result.reason
    assert result.candidates == ()


def test_a_change_the_source_already_has_returns_it_unchanged(realize):
    result = realize("The dogs chased a cat.", "tense(past)")
    assert result.status == "ok"
    assert result.best == "The dogs chased a cat."
    assert result.reason.startswith("unchanged: the sentence is already past tense")


def test_alternatives_are_ranked_candidates(realize):
    result = realize("She likes him.", "negate")
    assert [c.text for c in result.candidates] == [
        "She does not like him.",
        "She doesn't like him.",
    ]
    assert result.candidates[0].score > result.candidates[1].score
    cleft = [c.text for c in realize("The man rode the bike.", "cleft(ARG0)").candidates]
    assert cleft == ["It was the man who rode the bike.", "It was the man that rode the bike."]
    modal = [c.text for c in realize("The dogs chased a cat.", "modal(may)").candidates]
    assert modal == ["The dogs may have chased a cat."]  # a past source keeps its past reading


def test_a_contracted_source_keeps_its_style(realize):
    assert realize("She isn't singing.", "tense(past)").best == "She wasn't singing."
    assert (
        realize("She isn't singing.", "tense(fut)").best == "She will not be singing."
    )  # won't changes the stem
    assert realize("They can't give it up.", "passive").best == "It can't be given up by them."


def test_untouched_tokens_keep_their_spelling_and_spacing(realize):
    # PTB-tokenized text (StylePTB, SNLI) keeps spaces before clitics and punctuation.
    assert (
        realize("the market 's index rose NUM % .", "tense(fut)").best
        == "the market 's index will rise NUM % ."
    )
    assert realize("he does n't like it", "tense(past)").best == "he did n't like it"
    assert (
        realize("Two women are embracing , smiling .", "tense(past)").best
        == "Two women were embracing , smiling ."
    )


def test_capitalization_follows_the_new_first_word(realize):
    assert realize("John saw the dog.", "passive").best == "The dog was seen by John."
    assert realize("the dog saw john", "passive").best == "john was seen by the dog"


def test_conjoined_verbs_follow_the_main_verb(realize):
    assert (
        realize("He rode the bike and smiled.", "tense(fut)").best
        == "He will ride the bike and smile."
    )
    assert (
        realize("He rode the bike and smiled.", "question").best
        == "Did he ride the bike and smile?"
    )


def test_tense_scope_all_retenses_every_clause():
    from engine.backends import SurfaceBackend
    from engine.transforms import parse

    backend = SurfaceBackend(tense_scope="all")
    analysis = backend.analyze(["He says he is tired."])[0]
    assert (
        backend.realize([analysis], [parse("tense(past)").plan()])[0].best
        == "He said he was tired."
    )


def test_invariant_words_never_inflect():
    from engine.backends import SurfaceBackend
    from engine.transforms import parse

    backend = SurfaceBackend(invariant=["sketch"])
    analysis = backend.analyze(["the worries sketch a broad sell-off"])[0]
    assert (
        backend.realize([analysis], [parse("passive").plan()])[0].best
        == "a broad sell-off is sketch by the worries"
    )


def test_identity_returns_the_source(realize):
    result = realize("A man is riding a bike.", "o")
    assert (result.status, result.best) == ("ok", "A man is riding a bike.")
