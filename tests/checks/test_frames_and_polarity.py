"""Clauses joined by a bare comma, frames of saying, subjects that take no negation, what a
passive's object must not carry, and modal readings of advice and possession (engine.checks
.closed, .refusals, .moved, .meaning), on sentences written for these tests. Every refusal here
was an ``ok`` with a wrong sentence before these checks."""

from __future__ import annotations

import pytest
from expect import declined, ok_text


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # an imperative joined to a statement by a bare comma
        ("Grab your coat, the taxi is waiting outside.", "tense(past)", "imperative joined"),
        ("Grab your coat, the taxi is waiting outside.", "negate", "imperative joined"),
        # a frame of saying before the words said, set off by a comma
        ("I told you, we are not selling the farm.", "passive", "what 'told' says"),
        ("I told you, we are not selling the farm.", "negate", "what 'told' says"),
        # a subject with *some* takes no negation after it
        ("Someone left the gate open last night.", "negate", "takes no negation"),
        ("Somebody ate the last biscuit.", "negate", "takes no negation"),
        # a possessive of the object that may be the subject's, before the by-phrase
        ("Maria sold her bicycle to a neighbour.", "passive", "'her' may refer"),
        ("Most kittens open their eyes after ten days.", "passive", "'their' may refer"),
        # a *for*-phrase of the verb, not of the object; where a verb wants its object
        ("Tourists often mistake the old mill for a church.", "passive", "'for'-phrase"),
        ("The manager wants everyone in the office by nine.", "passive", "an 'in'-phrase"),
        # a finished deed in a coordinated verb phrase has no progressive
        ("The plumber opened the wall and found a leak.", "prog(+)", "achievement verb"),
        # a schedule by the clock has no present perfect
        ("The library does not lend laptops after 5 p.m.", "perf(+)", "point in time"),
        # an adverb between *can* and its verb
        ("You can't simply ignore the warning lights.", "tense(fut)", "'simply'"),
        # advice about a thing is still advice: its perfect would be a reproach
        ("A good budget should cover repairs and emergencies.", "perf(+)", "reproach"),
    ],
)
def test_a_frame_or_a_reading_the_edit_would_break_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        ("I told you, we are not selling the farm.", "tense(past)", None),
        (
            "I warned you that the bridge was not safe.",
            "negate",
            "I did not warn you that the bridge was not safe.",
        ),
        ("Maria sold the bicycle to a neighbour.", "passive", None),
        (
            "An older dog may have stiff joints.",
            "negate",
            "An older dog may not have stiff joints.",
        ),
    ],
)
def test_the_edits_those_classes_allow_are_made(realize, source, expr, expected):
    out = ok_text(realize(source, expr))
    if expected is not None:
        assert out == expected


def test_a_modal_of_possession_reads_as_a_possibility(realize):
    declined(realize("An older dog may have stiff joints.", "question"), "possibility")
