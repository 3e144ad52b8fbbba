"""The IR (frozen, JSON round-trip) and the transformation expression language."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import ExpressionError, UnknownTransformationError
from engine.ir import MODALS, Analysis, Predicate, propbank_role, readable_role
from engine.transforms import CATALOG, parse


def test_analysis_round_trips_through_json(surface):
    for text in ("A man is riding a bike.", "It was the dogs that chased a cat.", "Hello!"):
        analysis = surface.analyze([text])[0]
        again = Analysis.from_json(analysis.to_json())
        assert again == analysis
        assert again.to_dict() == analysis.to_dict()


def test_ir_values_are_frozen(surface):
    frame = surface.analyze(["A man is riding a bike."])[0].main_frame
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.predicate.tense = "past"


def test_tokens_keep_character_offsets(surface):
    analysis = surface.analyze(["The dogs  chased a cat."])[0]
    for tok in analysis.sentence.tokens:
        assert analysis.text[tok.start : tok.end] == tok.text
    obj = analysis.main_frame.argument("PATIENT")
    assert analysis.sentence.span_text(*obj.span) == "a cat"


predicates = st.builds(
    Predicate,
    lemma=st.text(min_size=1, max_size=8),
    tense=st.sampled_from(["past", "pres", "fut", None]),
    progressive=st.booleans(),
    perfect=st.booleans(),
    voice=st.sampled_from(["active", "passive"]),
    modality=st.sampled_from([None, *MODALS]),
    polarity=st.sampled_from(["pos", "neg"]),
    force=st.sampled_from(["prop", "ques"]),
    cleft=st.sampled_from([None, "ARG0", "ARG1", "ARG2"]),
)


@given(predicates)
def test_predicate_features_round_trip(pred):
    assert Predicate(lemma=pred.lemma, **pred.features()) == pred


def test_readable_role_names():
    assert [readable_role(r) for r in ("ARG0", "ARG1", "ARGM-TMP", "ARGM-ADJ", "ARG2")] == [
        "AGENT",
        "PATIENT",
        "TEMPORAL",
        "ADVEJECTIVAL",
        "ARG2",
    ]
    assert propbank_role("agent") == "ARG0" and propbank_role("LOCATIVE") == "ARGM-LOC"


@pytest.mark.parametrize(
    "expr,canonical",
    [
        ("tense(past)", "tense(past)"),
        ("tense(fut)+passive", "tense(fut)+passive"),
        (" tense( past ) +  cleft( agent )", "tense(past)+cleft(AGENT)"),
        ("prog(+)+perf(-)", "prog(+)+perf(-)"),
        ("o", "identity"),
        ("p", "tense(past)"),
        ("f", "tense(fut)"),
        ("pr", "tense(pres)"),
        ("m", "modal(may)"),
        ("n", "negate"),
        ("q", "question"),
        ("pa", "passive"),
        ("i", "cleft(SUBJ)"),
        ("s", "swap"),
        ("f+pa", "tense(fut)+passive"),
    ],
)
def test_expressions_and_lit_shorthand(expr, canonical):
    assert str(parse(expr)) == canonical


@pytest.mark.parametrize(
    "expr,column", [("tense(past", 11), ("p++f", 3), ("tense(past) passive", 13), ("+p", 1)]
)
def test_syntax_errors_point_at_the_column(expr, column):
    with pytest.raises(ExpressionError) as info:
        parse(expr)
    assert info.value.column == column
    assert "^" in str(info.value)


@pytest.mark.parametrize(
    "expr", ["frobnicate", "tense(yesterday)", "modal(ought)", "passive(ARG3)", "tense"]
)
def test_unknown_names_and_arguments(expr):
    with pytest.raises(UnknownTransformationError):
        parse(expr)
    with pytest.raises(ExpressionError):  # the same hierarchy
        parse(expr)


def test_plans_normalize():
    assert parse("tense(past)+tense(fut)").plan() == parse("tense(fut)").plan()
    assert parse("swap+swap").plan().is_identity
    assert parse("passive+tense(past)").plan() == parse("tense(past)+passive").plan()
    assert parse("modal(will)").plan().as_dict() == {"tense": "fut", "modality": None}


def test_every_catalog_entry_parses():
    for entry in CATALOG.values():
        assert parse(entry.example).steps[0].name == entry.name
