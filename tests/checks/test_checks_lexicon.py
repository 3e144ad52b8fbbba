"""The shared checks read their English word lists from rules/lexicon/, as data a linguist can
extend: each list is found, says what it is for, and decides what the checks refuse."""

from __future__ import annotations

import pytest

from engine import english
from engine.analyzers import SpacyAnalyzer
from engine.checks import refusal, time_conflict
from engine.resources import rules_dir
from engine.transforms import parse

LISTS = {
    "past_time_adverbials": {"yesterday", "last winter", "the day before"},
    "future_time_adverbials": {"tomorrow", "next year", "from now"},
    "months": {"march", "december"},
    "nearly_negative_adverbs": {"rarely", "seldom"},
    "negative_words": {"nobody", "nowhere"},
    "indefinite_pronouns": {"everyone", "nothing"},
    "existential_verbs": {"be", "seem"},
    "temporal_subordinators": {"when", "as soon as"},
}


@pytest.fixture(scope="module")
def analyze():
    nlp = SpacyAnalyzer()
    return lambda text: nlp.analyze([text])[0]


@pytest.mark.parametrize("name", sorted(LISTS))
def test_each_list_is_a_commented_data_file(name):
    path = rules_dir() / "lexicon" / f"{name}.txt"
    head = path.read_text(encoding="utf-8").splitlines()[0]
    assert head.startswith("# ") and len(head) > 20  # says what it is for
    assert LISTS[name] <= english.read_lexicon(name)


def test_a_phrase_list_matches_whole_words_and_the_longest_phrase():
    past = english.phrase_pattern("past_time_adverbials")
    assert past.search("We met last weekend at noon").group() == "last weekend"
    assert past.search("The agony of waiting") is None  # "ago" inside a word
    assert past.search("They left two days AGO").group() == "AGO"


@pytest.mark.parametrize(
    "text, expr, says",
    [
        ("Nobody answered the phone.", "n", "negative through 'nobody'"),
        ("Nothing moved in the garden.", "n", "double negative"),
        ("She rarely eats meat.", "n", "nearly negative through 'rarely'"),
        ("He seldom visits his parents.", "n", "nearly negative through 'seldom'"),
        ("The storm hit the coast yesterday.", "f", "past-time expression 'yesterday'"),
        ("We painted the fence last summer.", "tense(pres)", "'last summer'"),
        ("The train leaves tomorrow.", "p", "future-time expression 'tomorrow'"),
        ("My cousin arrives next week.", "p", "'next week'"),
    ],
)
def test_the_lists_decide_the_refusals(analyze, text, expr, says):
    why = refusal(analyze(text), parse(expr).plan())
    assert why is not None and says in why.reason


@pytest.mark.parametrize(
    "text, expr",
    [
        ("Noah answered the phone.", "n"),  # not a negative word (*No...*)
        ("She often eats meat.", "n"),  # not nearly negative
        ("The storm hit the coast in the morning.", "f"),
        ("The train leaves at noon.", "p"),
    ],
)
def test_words_off_the_lists_are_not_refused(analyze, text, expr):
    assert refusal(analyze(text), parse(expr).plan()) is None


def test_a_year_is_read_against_the_tense(analyze):
    a = analyze("The company opened a factory in March 1998.")
    assert "'in March 1998'" in time_conflict(a, a.main_frame, "fut", year=2026)
    assert time_conflict(a, a.main_frame, "past", year=2026) is None
