"""The backend contract (engine.contract): identity, supports and already-satisfied are
answered before any backend runs, with the same record on every backend."""

from __future__ import annotations

import pytest

from engine import contract
from engine.backends import Realization
from engine.pipeline import Transformer
from engine.tailor.plans import SUPPORTS as TAILOR_SUPPORTS
from engine.tailor.plans import UNSUPPORTED_REASONS as TAILOR_REASONS
from engine.transforms import parse


class Recording:
    """A backend that analyzes with the surface backend and records what reaches it."""

    name = "recording"
    supports = frozenset({"tense", "polarity"})

    def __init__(self, surface):
        self.surface = surface
        self.seen: list[str] = []

    def analyze(self, texts):
        return self.surface.analyze(texts)

    def realize(self, analyses, plans):
        self.seen.extend(str(p) for p in plans)
        return [Realization("ok", "", ()) for _ in plans]


@pytest.fixture
def recording(surface):
    return Recording(surface)


def test_identity_unsupported_and_satisfied_never_reach_the_backend(recording):
    t = Transformer(recording)
    records = t.run_texts(["The dog barked."], ["o", "p", "pa", "f"])
    by = {r["transformation"]: r for r in records}
    assert (by["o"]["status"], by["o"]["best"], by["o"]["reason"]) == (
        "ok",
        "The dog barked.",
        "identity",
    )
    assert (by["p"]["status"], by["p"]["best"]) == ("ok", "The dog barked.")
    assert by["p"]["reason"] == "unchanged: the sentence is already past tense"
    assert by["pa"]["status"] == "not_applicable"
    assert by["pa"]["reason"] == "the recording backend does not realize voice=passive"
    assert recording.seen == ["tense=fut"]  # only the plan the contract left open


def test_already_satisfied_is_the_same_record_on_every_backend(recording, surface):
    keys = ("status", "reason", "best", "candidates")
    for text, expr in (
        ("A man was riding a bike.", "p"),
        ("Is the dog barking?", "q"),
        ("She didn't go.", "n"),
    ):
        a = Transformer(recording).run_texts([text], [expr])[0]
        b = Transformer(surface).run_texts([text], [expr])[0]
        assert a["reason"].startswith("unchanged: ")
        assert {k: a[k] for k in keys} == {k: b[k] for k in keys}
    assert recording.seen == []


def test_unsupported_names_the_feature_and_the_backends_reason(recording):
    recording.unsupported_reasons = {"voice": "it has no voice rules"}
    record = Transformer(recording).run_texts(["The dog chased a cat."], ["passive"])[0]
    assert record["status"] == "not_applicable"
    assert (
        record["reason"]
        == "the recording backend does not realize voice=passive (it has no voice rules)"
    )


@pytest.mark.parametrize(
    "expr, expected",
    [
        (
            "cleft(ARG1)",
            "the tailor backend does not realize cleft=ARG1 (TAILOR's control codes cannot "
            "express an it-cleft)",
        ),
        (
            "question",
            "the tailor backend does not realize force=ques (TAILOR's control codes cannot "
            "express a question)",
        ),
        (
            "prog(+)",
            "the tailor backend does not realize progressive=+ (TAILOR's control codes have no "
            "aspect (progressive))",
        ),
        ("uncleft", None),
        ("declarative", None),
        ("swap+tense(past)", None),
    ],
)
def test_value_level_supports(expr, expected):
    assert (
        contract.unsupported("tailor", TAILOR_SUPPORTS, parse(expr).plan(), TAILOR_REASONS)
        == expected
    )


def test_a_backend_that_edits_every_clause_answers_satisfied_itself(recording):
    recording.scope = "all"
    Transformer(recording).run_texts(["The dog barked."], ["p"])
    assert recording.seen == ["tense=past"]


def test_a_backend_returning_the_wrong_number_of_records_is_an_error(recording):
    recording.realize = lambda analyses, plans: []
    records = Transformer(recording).run_texts(["The dog barked."], ["f"])
    assert (
        records[0]["status"] == "error" and "returned 0 realizations for 1" in records[0]["reason"]
    )


def test_shared_refusals_come_before_already_satisfied(recording):
    record = Transformer(recording).run_texts(["Who broke the window?"], ["declarative"])[0]
    assert record["status"] == "not_applicable" and "wh-question" in record["reason"]
    assert recording.seen == []
