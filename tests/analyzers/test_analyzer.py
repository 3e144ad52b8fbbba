"""The spaCy analyzer: predicate features and roles on real sentences."""

from __future__ import annotations

import pytest

FEATURES = [
    ("A man is riding a bike.", dict(lemma="ride", tense="pres", progressive=True, voice="active")),
    ("The dogs chased a cat.", dict(lemma="chase", tense="past", progressive=False)),
    ("She will have finished.", dict(lemma="finish", tense="fut", perfect=True)),
    ("He's been told by her.", dict(lemma="tell", tense="pres", perfect=True, voice="passive")),
    ("The cake wasn't eaten.", dict(tense="past", voice="passive", polarity="neg")),
    ("She may not have eaten the cake.", dict(modality="may", polarity="neg", perfect=True)),
    ("Did the dogs chase him?", dict(tense="past", force="ques")),
    ("Is the girl playing?", dict(lemma="play", progressive=True, force="ques")),
    ("It was the man who rode the bike.", dict(lemma="ride", cleft="ARG0")),
    ("The man is a doctor.", dict(lemma="be", tense="pres")),
    ("accepted bids ranged from 5 % to 6 %", dict(lemma="range", tense="past")),
    ("i 'm talking about it", dict(progressive=True, tense="pres")),
]


@pytest.mark.parametrize("text,expected", FEATURES)
def test_predicate_features(surface, text, expected):
    pred = surface.analyze([text])[0].main_frame.predicate
    assert {k: getattr(pred, k) for k in expected} == expected


def test_roles_and_functions(surface):
    frame = surface.analyze(["They gave the book to Mary yesterday in the park."])[0].main_frame
    roles = {(a.role, a.text, a.function) for a in frame.arguments}
    assert ("ARG0", "They", "subj") in roles
    assert ("ARG1", "the book", "obj") in roles
    assert ("ARG2", "to Mary", "pp") in roles
    assert ("ARGM-TMP", "yesterday", "adv") in roles
    assert ("ARGM-LOC", "in the park", "pp") in roles


def test_passive_roles(surface):
    frame = surface.analyze(["The cake was eaten by the children."])[0].main_frame
    assert frame.argument("ARG1").text == "The cake"
    assert frame.argument("AGENT").text == "by the children"


def test_no_verb_means_no_main_frame(surface):
    assert surface.analyze(["Hello there!"])[0].main_frame is None
