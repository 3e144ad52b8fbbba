"""States that an aspect edit would turn into events (engine.checks.states), comparisons and
conditions an edit of the main clause's time must carry (engine.checks.sequence), and what
moving the subject must keep beside it (engine.checks.moved), on sentences written for these
tests. Every refusal here was an ``ok`` with a wrong sentence before these checks."""

from __future__ import annotations

import pytest
from expect import declined, ok_text


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # *have* of possession: no progressive, and no present perfect without a span
        ("My neighbour has a red bicycle.", "prog(+)", "held or owned"),
        ("My neighbour has a red bicycle.", "perf(+)", "needs a span"),
        ("Nobody has the patience to wait.", "prog(+)", "held or owned"),
        # a participle of place after *be*, with no agent
        ("The delegates are assembled in the main hall.", "prog(+)", "says where"),
        ("The clinic is located behind the station.", "perf(+)", "says where"),
        # *be* the ordinal *time*
        ("That is the second time this week the printer has jammed.", "perf(+)", "occasion"),
        # a deed the perfect calls done, an event that stopped another
        ("The clerk has already filed the report.", "prog(+)", "already"),
        ("The guard caught the thief before he could reach the exit.", "prog(+)", "before"),
        ("We adopted two kittens last spring.", "prog(+)", "'adopt'"),
        # a condition with a modal of its own still makes the clause a conditional statement
        ("If the club can raise the money, it will buy a new bus.", "prog(+)", "when or if"),
        # *when* hung by the parse on the second verb of the condition
        ("The warranty ends when the car is sold or transferred to a new owner.", "prog(+)", "if"),
    ],
)
def test_a_state_or_a_finished_deed_gets_no_aspect_that_makes_it_an_event(
    realize, source, expr, why
):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        ("The children have lunch at noon.", "prog(+)", "The children are having lunch at noon."),
        ("Nobody had the nerve to object.", "perf(+)", "Nobody had had the nerve to object."),
        ("She has had the car for years.", "perf(+)", "She has had the car for years."),
        (
            "That is the second time this week the printer has jammed.",
            "tense(past)",
            "That was the second time this week the printer had jammed.",
        ),
        (
            "That is the third time tonight the referee has stopped the game.",
            "tense(past)",
            "That was the third time tonight the referee had stopped the game.",
        ),
        (
            "We have painted the kitchen all morning.",
            "prog(+)",
            "We have been painting the kitchen all morning.",
        ),
    ],
)
def test_an_event_or_a_counted_occasion_is_still_edited(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # an auxiliary standing for the compared verb phrase
        ("She earns more than her brother does.", "perf(+)", "comparison 'than her brother does'"),
        ("The old bridge sways more than it has in years.", "tense(past)", "comparison"),
        ("The old bridge sways more than it has in years.", "perf(+)", "comparison"),
        # *can* and *may* under a condition: *could* and *might* read as the same possibility
        ("If the rain stops, the team can finish the match.", "tense(past)", "condition"),
        # a past time clause the parse made a complement; a counterfactual relative clause
        ("My grandfather showed me to fish when I was nine.", "tense(fut)", "in the past"),
        ("The council rejected every plan that would have saved the mill.", "tense(fut)", "past"),
        # a permission's *may not* reads as a ban or as a chance
        ("If you miss a payment, the bank may close your account.", "negate", "may not"),
        # a noun read where a clause's verb may be
        ("The fans stand as Moreno sprints toward the goal.", "tense(past)", "the parse reads"),
        ("You should act before resentment builds.", "negate", "the parse reads 'builds'"),
    ],
)
def test_a_comparison_or_condition_the_edit_cannot_carry_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "She earns more than her brother does.",
            "tense(past)",
            "She earned more than her brother did.",
        ),
        (
            "The old bridge sways more than it has in years.",
            "tense(fut)",
            "The old bridge will sway more than it has in years.",
        ),
        (
            "The new printer runs faster than the old one did.",
            "tense(past)",
            "The new printer ran faster than the old one did.",
        ),
        ("The team can finish the match.", "tense(past)", "The team could finish the match."),
        (
            "The guide asked us when the castle was built.",
            "tense(fut)",
            "The guide will ask us when the castle was built.",
        ),
    ],
)
def test_a_comparison_or_question_that_fits_the_edit_is_kept(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize(
    "source,expr,why",
    [
        ("The bakery sells more bread than any shop in town.", "passive", "comparison"),
        ("Together we can fix the old playground.", "passive", "'Together'"),
        ("Together we can fix the old playground.", "cleft(SUBJ)", "before the cleft"),
        ("We painted the fence together.", "passive", "'together'"),
        ("We painted the fence together.", "swap", "'together'"),
    ],
)
def test_what_belongs_to_the_subject_blocks_moving_it(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_an_adverb_of_the_subject_after_the_verb_stays_in_a_cleft(realize):
    out = ok_text(realize("We painted the fence together.", "cleft(SUBJ)"))
    assert out == "It was we who painted the fence together."


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "The mechanic had fitted new brake pads.",
            "negate",
            "The mechanic had not fitted new brake pads.",
        ),
        (
            "The mechanic had fitted new brake pads.",
            "question",
            "Had the mechanic fitted new brake pads?",
        ),
        ("He has spelt the name wrong.", "tense(fut)", "He will have spelt the name wrong."),
    ],
)
def test_the_source_spelling_of_a_past_form_is_kept(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a person named by a compound written as one word acts: its *must* is an obligation
        ("Every shareholder must vote before the deadline.", "perf(+)", "obligation"),
        ("The policyholder must report the theft to the police.", "perf(+)", "obligation"),
    ],
)
def test_a_compound_person_noun_acts(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a negated future perfect with no time it is done by reads as a guess
        ("The landlord will not repair damage caused by pets.", "perf(+)", "negated future"),
        # *we could* with nothing to date it in the past is a proposal
        ("Together we can clean up the river this summer.", "tense(past)", "proposal"),
        ("We can rebuild the old bandstand.", "tense(past)", "proposal"),
        # the of-phrase of a part of a time dates the clause (*the end of next year*)
        ("The council will finish the bypass by the end of next year.", "tense(past)", "next"),
        ("We will plant the orchard at the start of the next season.", "tense(past)", "next"),
    ],
)
def test_a_time_or_sense_the_edit_would_lose_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "The crew will not finish the roof by Friday.",
            "perf(+)",
            "The crew will not have finished the roof by Friday.",
        ),
        (
            "In 1990 we can travel without a passport.",
            "tense(past)",
            "In 1990 we could travel without a passport.",
        ),
        ("We visited the end of the pier.", "tense(fut)", "We will visit the end of the pier."),
    ],
)
def test_a_dated_edit_is_still_made(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected
