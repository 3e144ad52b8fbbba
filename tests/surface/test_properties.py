"""Property tests: round trips of the surface backend on generated simple sentences."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

SUBJECTS = [
    "The man",
    "A woman",
    "The dogs",
    "Two children",
    "The teacher",
    "She",
    "He",
    "They",
    "The company",
]
OBJECTS = ["the ball", "a letter", "the cars", "the cake", "him", "them", "a bike", "the report"]
VERBS = [
    ("kicks", "kick"),
    ("chased", "chased"),
    ("is washing", "is washing"),
    ("wrote", "wrote"),
    ("will see", "will see"),
    ("has bought", "has bought"),
    ("were painting", "were painting"),
    ("sees", "see"),
]


def agree(subject: str, verb: tuple[str, str]) -> str:
    plural = subject in ("The dogs", "Two children", "They")
    form = verb[1] if plural else verb[0]
    if plural:
        form = form.replace("is ", "are ").replace("has ", "have ")
    elif form.startswith("were "):
        form = form.replace("were ", "was ")
    return form


sentences = st.builds(
    lambda s, v, o: f"{s} {agree(s, v)} {o}.",
    st.sampled_from(SUBJECTS),
    st.sampled_from(VERBS),
    st.sampled_from(OBJECTS),
)
settings_ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@settings_
@given(sentences)
def test_passive_then_active_gives_the_source_back(realize, sentence):
    passive = realize(sentence, "passive")
    assert passive.status == "ok", passive.reason
    back = realize(passive.best, "active")
    assert back.best == sentence


@settings_
@given(sentences)
def test_past_then_present_gives_a_present_source_back(realize, surface, sentence):
    assume(surface.analyze([sentence])[0].main_frame.predicate.tense == "pres")
    past = realize(sentence, "tense(past)")
    assert realize(past.best, "tense(pres)").best == sentence


@settings_
@given(sentences)
def test_negate_then_affirm_and_question_then_declarative(realize, sentence):
    assert realize(realize(sentence, "negate").best, "affirm").best == sentence
    assert realize(realize(sentence, "question").best, "declarative").best == sentence


@settings_
@given(sentences)
def test_swap_twice_is_the_source(realize, sentence):
    once = realize(sentence, "swap")
    assert realize(once.best, "swap").best == sentence
