"""Corpus placeholders (engine.placeholders): a sentence with ``unk`` or ``NUM`` is parsed with
a real word standing in, the stand-ins tried in turn, and the placeholder written back; and the
clitic *'s* read as *has* before a perfect's participle (engine.analyzers.repairs)."""

from __future__ import annotations

import pytest
from expect import declined, ok_text

from engine.pipeline import Transformer
from engine.placeholders import Placeholders


@pytest.fixture(scope="module")
def transformer():
    return Transformer("surface")


def test_a_stand_in_is_a_word_the_sentence_does_not_hold():
    p = Placeholders.default()
    assert p.reading("the sketch unk was sold", 0) == "the sketch hike was sold"
    assert p.reading("unk sold NUM cars", 0) == "sketch sold 17 cars"
    assert p.readings("no placeholder here") == 0
    assert p.reading("no placeholder here", 0) is None


def test_every_form_of_the_stand_in_turns_back_into_the_placeholder():
    p = Placeholders.default()
    source = "the company unk its plans"
    assert p.restore("the company sketched its plans", 0, source) == "the company unk its plans"
    assert p.restore("the company is sketching its plans", 0, source) == (
        "the company is unk its plans"
    )
    # a word of the source that is not the stand-in stays
    assert p.restore("the sketchy company", 0, source) == "the sketchy company"


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a subject masked as *unk* has no subject for the parser; a stand-in gives it one
        ("unk makes electronic parts", "tense(fut)", "unk will make electronic parts"),
        (
            "unk posted NUM sales of NUM million",
            "tense(fut)",
            "unk will post NUM sales of NUM million",
        ),
        # a verb masked as *unk* stays *unk*: the placeholder never inflects
        ("the worries unk a broad sell-off", "tense(fut)", "the worries will unk a broad sell-off"),
    ],
)
def test_a_masked_word_is_read_through_a_stand_in(transformer, source, expr, expected):
    [record] = transformer.run_texts([source], expr)
    assert record["status"] == "ok", record
    assert record["best"] == expected
    assert record["source"] == source


def test_placeholders_can_be_turned_off(transformer):
    off = Transformer("surface", placeholders=Placeholders({}))
    [record] = off.run_texts(["unk is a computer maker"], "tense(fut)")
    assert record["status"] != "ok"
    [record] = transformer.run_texts(["unk is a computer maker"], "tense(fut)")
    assert record["best"] == "unk will be a computer maker"


def test_a_text_without_placeholders_is_untouched(transformer):
    [record] = transformer.run_texts(["The sketch artist draws faces."], "tense(past)")
    assert record["best"] == "The sketch artist drew faces."


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        ("He's had a cold all week.", "question", "Has he had a cold all week?"),
        ("She's finished the report.", "tense(past)", "She had finished the report."),
        ("It's been a long winter.", "negate", "It has not been a long winter."),
        ("My brother's gone abroad.", "tense(past)", "My brother had gone abroad."),
        ("She's got two sisters.", "negate", "She has not got two sisters."),
    ],
)
def test_the_clitic_s_before_a_perfect_participle_is_has(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


def test_the_clitic_s_before_a_passive_participle_stays_is(realize):
    assert ok_text(realize("The report's written by the intern.", "negate")) == (
        "The report is not written by the intern."
    )


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a parse that makes a verb an auxiliary of another word
        (
            "the machine employs reduced sketch sketch or sketch technology",
            "tense(fut)",
            "auxiliary",
        ),
        # a subject after its verb with no comma (an inverted reporting clause), a negative
        # inversion: the edit would set the subject back in order
        ("the trip was a success said mr. lee", "tense(fut)", "follows its verb"),
        ("Never have I tasted such bread.", "tense(past)", "inversion"),
        # *be going to* is a future already
        ("She is going to sell the house.", "tense(fut)", "future already"),
        ("She is going to sell the house.", "perf(+)", "future already"),
    ],
)
def test_an_order_or_verb_group_the_edit_cannot_keep_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_going_to_takes_the_edits_that_keep_it(realize):
    assert ok_text(realize("She is going to sell the house.", "tense(past)")) == (
        "She was going to sell the house."
    )
    assert ok_text(realize("They are going to the market.", "tense(fut)")) == (
        "They will be going to the market."
    )
