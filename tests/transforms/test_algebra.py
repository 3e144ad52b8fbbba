"""The composition algebra: its laws (as properties), the LIT pair notation, declared
incompatibilities, and that backends realize commuting compositions identically."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import ExpressionError, IncompatibleError, RuleError
from engine.transforms import (
    CLEAR,
    Choice,
    Transformation,
    commutes,
    equivalent,
    parse,
    parse_choice,
    parse_pair,
)
from engine.transforms.algebra import fold, load_incompatibilities, touched

STEPS = [
    "identity",
    "tense(past)",
    "tense(pres)",
    "tense(fut)",
    "passive",
    "passive(ARG2)",
    "active",
    "negate",
    "affirm",
    "question",
    "declarative",
    "swap",
    "prog(+)",
    "prog(-)",
    "perf(+)",
    "perf(-)",
    "modal(may)",
    "modal(might)",
    "modal(will)",
    "cleft(ARG0)",
    "cleft(ARG1)",
    "cleft(SUBJ)",
    "uncleft",
    "shorten(AGENT)",
    "shorten(PATIENT)",
]
step = st.sampled_from(STEPS).map(parse)
seq = st.lists(step, min_size=0, max_size=4).map(lambda ts: sum(ts, Transformation()))


def plan(t):
    """The folded plan, whether or not it is compatible (the laws are about folding)."""
    return fold(t.steps)


# --- laws of sequence -----------------------------------------------------------------------
@given(seq)
def test_identity_is_neutral(a):
    o = parse("o")
    assert plan(o + a) == plan(a) == plan(a + o)


@given(seq, seq, seq)
def test_sequence_is_associative(a, b, c):
    assert plan((a + b) + c) == plan(a + (b + c))


@given(seq, seq)
def test_steps_on_different_features_commute(a, b):
    if commutes(a, b):
        assert plan(a + b) == plan(b + a)


@given(st.lists(step, min_size=1, max_size=6))
def test_a_later_value_of_the_same_feature_wins(steps):
    result = plan(sum(steps, Transformation()))
    for feature in touched(s for t in steps for s in t.steps) - {"swap"}:
        last = [e.value for t in steps for s in t.steps for e in s.edits if e.feature == feature][
            -1
        ]
        if last is CLEAR:
            assert feature not in result.features
        else:
            assert result.features[feature] == last
    assert result.swap == (sum(str(t) == "swap" for t in steps) % 2 == 1)


@given(step)
def test_every_step_but_swap_is_idempotent_and_swap_is_an_involution(a):
    if str(a) == "swap":
        assert plan(a + a).is_identity
    else:
        assert plan(a + a) == plan(a)


def test_named_examples_of_the_laws():
    assert parse("tense(past)+tense(fut)").plan() == parse("tense(fut)").plan()
    assert parse("passive+tense(past)").plan() == parse("tense(past)+passive").plan()
    assert (
        parse("passive(ARG2)+active").plan() == parse("active").plan()
    )  # the voice settles promotion
    assert parse("passive(ARG2)+passive").plan().as_dict() == {"voice": "passive"}
    assert parse("modal(will)").plan().as_dict() == {"tense": "fut", "modality": None}
    assert (
        parse("tense(fut).passive").plan() == parse("f+pa").plan()
    )  # '.' is '+' (ARCHITECTURE.md)
    assert commutes(parse("p"), parse("pa")) and not commutes(parse("p"), parse("f"))
    assert not commutes(parse("passive"), parse("active"))


# --- laws of choice -------------------------------------------------------------------------
choice = st.lists(seq, min_size=1, max_size=3).map(lambda ts: Choice(tuple(ts)))


@given(choice, choice, choice)
def test_choice_is_associative_commutative_idempotent(a, b, c):
    assert equivalent((a | b) | c, a | (b | c))
    assert equivalent(a | b, b | a)
    assert equivalent(a | a, a)


@given(choice, choice, seq)
def test_sequence_distributes_over_choice(a, b, c):
    assert equivalent((a | b) + c, (a + c) | (b + c))
    assert equivalent(c + (a | b), (c + a) | (c + b))


def test_choice_syntax_and_union_order():
    value = parse_choice("(p|f)+pa | m")
    assert [str(t) for t in value.options] == [
        "tense(past)+passive",
        "tense(fut)+passive",
        "modal(may)",
    ]
    assert len(parse_choice("p|p|tense(past)").plans()) == 1  # the union has no duplicates


# --- pairs and the LIT notation -------------------------------------------------------------
@pytest.mark.parametrize(
    "text,premise,hypothesis",
    [
        ("p;f", "tense(past)", "tense(fut)"),
        ("m;o", "modal(may)", "identity"),
        ("pa;pa", "passive", "passive"),
        ("p;f +pa", "tense(past)+passive", "tense(fut)+passive"),  # LIT: the suffix goes on both
        ("f;p +i", "tense(fut)+cleft(SUBJ)", "tense(past)+cleft(SUBJ)"),
        ("(p;f)+pa", "tense(past)+passive", "tense(fut)+passive"),  # the same without whitespace
        ("p;f+pa", "tense(past)", "tense(fut)+passive"),  # no space: the hypothesis only
        (" tense(past) ; tense(fut)  +passive", "tense(past)+passive", "tense(fut)+passive"),
    ],
)
def test_lit_pair_notation(text, premise, hypothesis):
    [(p, h)] = parse_pair(text).alternatives()
    assert (str(p), str(h)) == (premise, hypothesis)


@given(choice, choice, seq)
def test_a_shared_suffix_goes_on_both_sides(a, b, s):
    from engine.transforms import Pair

    pair = Pair(a, b) + s
    assert equivalent(pair.premise, a + s) and equivalent(pair.hypothesis, b + s)


def test_pair_alternatives_are_the_product_of_the_sides():
    pairs = [(str(p), str(h)) for p, h in parse_pair("(p|f) ; (o|pa)").alternatives()]
    assert pairs == [
        ("tense(past)", "identity"),
        ("tense(past)", "passive"),
        ("tense(fut)", "identity"),
        ("tense(fut)", "passive"),
    ]


@given(seq)
def test_printed_sequences_parse_back(a):
    assert plan(parse(str(a))) == plan(a)


@pytest.mark.parametrize(
    "text,column,message",
    [
        ("p;f;o", 4, "exactly one ';'"),
        ("pa+(p;f)", 4, "a pair can only come first"),
        ("(p;f)|(f;p)", 6, "cannot be alternatives"),
        ("p|", 3, "expected a transformation name"),
        ("p;", 3, "expected a transformation name"),
        ("(p|f", 5, "expected ')'"),
        ("p;f +", 5, "ends with"),
    ],
)
def test_pair_syntax_errors_point_at_the_column(text, column, message):
    with pytest.raises(ExpressionError) as info:
        parse_pair(text)
    assert info.value.column == column and message in str(info.value)


def test_a_pair_is_not_a_single_transformation():
    with pytest.raises(ExpressionError, match="seam contrast"):
        parse("p;f")
    with pytest.raises(ExpressionError, match="expected a pair"):
        parse_pair("p+f")


# --- declared incompatibilities -------------------------------------------------------------
def test_incompatible_plans_are_reported_with_the_declared_reason():
    with pytest.raises(IncompatibleError) as info:
        parse("modal(may)+tense(fut)").plan()
    assert info.value.rule == "modal-future" and "carries the tense" in str(info.value)
    assert parse("modal(may)+modal(will)").plan().as_dict() == {"tense": "fut", "modality": None}


def test_a_choice_keeps_its_compatible_alternatives():
    value = parse_choice("m+(f|p)")
    assert [p.as_dict() for p in value.plans()] == [{"tense": "past", "modality": "may"}]
    with pytest.raises(IncompatibleError):
        parse_choice("m+f").plans()


def test_the_pipeline_refuses_an_incompatible_expression_and_warns_on_an_alternative(caplog):
    from engine.pipeline import jobs

    with pytest.raises(IncompatibleError):
        jobs(["m+f"])
    [job] = jobs(["m+(f|o)"])
    assert [name for name, _ in job.plans] == ["modal(may)+identity"]
    assert "modal-future" in caplog.text


@pytest.mark.parametrize(
    "toml,message",
    [
        (
            '[[incompatible]]\nid = "x"\nwhen = { colour = "red" }\nreason = "r"\n',
            "unknown feature 'colour'",
        ),
        ('[[incompatible]]\nid = "x"\nreason = "r"\n', "needs id, when, reason"),
        ("[[incompatible]\n", "invalid TOML"),
    ],
)
def test_malformed_incompatibility_files_are_typed_errors(tmp_path, toml, message):
    path = tmp_path / "algebra.toml"
    path.write_text(toml)
    with pytest.raises(RuleError, match=message):
        load_incompatibilities(path)


# --- backends realize the normalized plan ---------------------------------------------------
SENTENCES = [
    "The dog chased the cat.",
    "A young man in a red shirt is playing the guitar.",
    "She doesn't like him.",
    "Two children were painting a fence.",
]
commuting_steps = st.sampled_from(
    [
        "tense(past)",
        "tense(fut)",
        "passive",
        "negate",
        "question",
        "prog(+)",
        "perf(+)",
        "cleft(SUBJ)",
        "swap",
        "shorten(PATIENT)",
    ]
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.sampled_from(SENTENCES), commuting_steps, commuting_steps)
def test_surface_realizes_a_plus_b_as_b_plus_a_when_they_commute(surface, sentence, a, b):
    ta, tb = parse(a), parse(b)
    if not commutes(ta, tb):
        return
    analysis = surface.analyze([sentence])[0]
    ab, ba = surface.realize([analysis, analysis], [(ta + tb).plan(), (tb + ta).plan()])
    assert (ab.status, ab.candidates) == (ba.status, ba.candidates)
