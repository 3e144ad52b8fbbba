"""Typed TAILOR perturbations, Seam's edit plans lowered to them, and the controllability check."""

from __future__ import annotations

import pytest

from engine import analyze, parse
from engine.errors import TailorError
from engine.tailor.codes import ArgControl, Blank, Header, Prompt, VerbControl
from engine.tailor.control import ControlValidator, controls_for_plan
from engine.tailor.perturb import (
    AddArg,
    ChangeContent,
    ChangeLemma,
    ChangeSpecificity,
    ChangeTag,
    ChangeTense,
    ChangeVoice,
    DeleteArg,
    DeleteContext,
    DeletePunct,
    MoveBlank,
    PerturbationError,
    SwapCore,
    perturb,
)
from engine.tailor.plans import PlannedPrompt, plan_prompt

TOKENS = ("On", "Monday", ",", "the", "chef", "quickly", "cooked", "a", "stew", ".")
BASE = Prompt(
    Header(
        VerbControl("cook", "active", "past"),
        (
            ArgControl("AGENT", "The chef", "complete"),
            ArgControl("PATIENT", "a stew", "complete"),
            ArgControl("TEMPORAL", "on monday", "complete"),
            ArgControl("MANNER", "quickly", "complete"),
        ),
    ),
    TOKENS,
    (
        Blank(0, 2, "TEMPORAL", "On Monday"),
        Blank(3, 5, "AGENT", "the chef"),
        Blank(5, 6, "MANNER", "quickly"),
        Blank(6, 7, "VERB", "cooked"),
        Blank(7, 9, "PATIENT", "a stew"),
    ),
)


def test_operations_never_change_their_input():
    before = (BASE.header, BASE.tokens, BASE.blanks)
    perturb(
        BASE,
        [
            SwapCore(),
            ChangeVoice("passive"),
            ChangeTag("MANNER", "LOCATIVE"),
            DeleteContext(),
            MoveBlank("TEMPORAL", -1),
        ],
    )
    assert (BASE.header, BASE.tokens, BASE.blanks) == before


def test_change_tense_to_future_asks_for_a_modal_and_back_removes_will():
    fut = ChangeTense("future").apply(BASE)
    assert fut.header.verb.tense == "future" and str(fut.header.arg("MODAL")) == "MODAL: *"
    assert any(
        b.empty and b.start == 6 for b in fut.blanks
    )  # where the modal goes: before the verb
    will = perturb(BASE, [AddArg("MODAL", "will")])
    back = ChangeTense("past").apply(ChangeTense("future").apply(will))
    assert back.header.arg("MODAL") is None and back.header.verb.tense == "past"


def test_change_voice_respells_core_keywords():
    passive = ChangeVoice("passive").apply(BASE)
    assert str(passive.header.arg("AGENT")) == "AGENT+complete: by the chef"
    assert str(passive.header.arg("PATIENT")) == "PATIENT+complete: A stew"
    again = ChangeVoice("active").apply(passive)
    assert again.header == BASE.header  # the clean-up is undone exactly
    assert ChangeVoice("active").apply(BASE) is BASE


def test_swap_core_moves_labels_not_keywords_and_updates_the_target():
    swapped = SwapCore().apply(BASE)
    assert (
        swapped.header.arg("AGENT").keyword == "A stew"
        and swapped.header.arg("PATIENT").keyword == "the chef"
    )
    assert "[PATIENT: the chef]" in swapped.target and "[AGENT: a stew]" in swapped.target
    with pytest.raises(PerturbationError, match="no PATIENT"):
        SwapCore().apply(DeleteArg("PATIENT").apply(BASE))


def test_argument_operations():
    p = ChangeContent("PATIENT", "a soup").apply(BASE)
    assert str(p.header.arg("PATIENT")) == "PATIENT+complete: a soup"
    p = ChangeSpecificity("TEMPORAL", "sparse").apply(BASE)
    assert str(p.header.arg("TEMPORAL")) == "TEMPORAL+sparse: on monday"  # "add details"
    p = ChangeTag("TEMPORAL", "MANNER").apply(BASE)
    assert p.header.labels.count("MANNER") == 1 and p.header.arg("MANNER").keyword == "on monday"
    assert "[MANNER: On Monday]" in p.target and "[MANNER: quickly]" not in p.target
    p = DeleteArg("MANNER").apply(BASE)
    assert "MANNER" not in p.header.labels and p.context == BASE.context  # the blank stays
    p = DeleteArg("MANNER", keep_blank=False).apply(BASE)
    assert "quickly" not in p.target and p.tokens == TOKENS[:5] + TOKENS[6:]
    p = ChangeLemma("prepare").apply(BASE)
    assert p.header.verb.lemma == "prepare"
    with pytest.raises(PerturbationError, match="no CAUSE"):
        ChangeContent("CAUSE", "x").apply(BASE)
    with pytest.raises(TailorError):
        ChangeSpecificity("AGENT", "exact")
    with pytest.raises(PerturbationError, match="already"):
        AddArg("AGENT").apply(BASE)


def test_context_operations():
    bare = DeleteContext().apply(BASE)
    assert bare.context == "<extra_id_0> , <extra_id_1> <extra_id_2> <extra_id_3> <extra_id_4> ."
    assert bare.target == BASE.target  # blanked text is kept
    nopunct = DeletePunct().apply(BASE)
    assert "," not in nopunct.context and "." not in nopunct.context
    moved = MoveBlank("TEMPORAL", -1).apply(BASE)
    # context text is kept as it is: the comma stays (DeletePunct would take it)
    assert (
        moved.target
        == ", [AGENT: the chef] [MANNER: quickly] [VERB: cooked] [PATIENT: a stew] [TEMPORAL: "
        "On Monday] ."
    )
    with pytest.raises(PerturbationError):
        MoveBlank("CAUSE", 0).apply(BASE)


# -- edit plans -> prompts ------------------------------------------------------------------------


def _planned(text: str, expr: str):
    return plan_prompt(analyze(text)[0], parse(expr).plan())


def test_tense_and_voice_plan():
    p = _planned("The cook burned the toast this morning.", "tense(fut)+passive")
    assert isinstance(p, PlannedPrompt)
    assert str(p.prompt.header) == (
        "[VERB+passive+future: burn | AGENT+complete: by the cook | "
        "PATIENT+complete: The toast | MODAL+complete: will]"
    )
    assert p.prompt.context.endswith("this morning .")  # what the plan does not touch stays text


def test_modality_and_negation_go_through_their_arguments():
    p = _planned("The cook burned the toast.", "modal(might)")
    assert str(p.prompt.header) == "[VERB+active+past: burn | MODAL+complete: might]"
    assert p.prompt.context == "The cook <extra_id_0> <extra_id_1> the toast ."
    p = _planned("The cook did not burn the toast.", "affirm")
    assert p.prompt.header.arg("NEGATION") is None and "not" not in p.prompt.target
    p = _planned("The cook burned the toast.", "negate")
    assert str(p.prompt.header.arg("NEGATION")) == "NEGATION+complete: not"
    p = _planned("The cook will burn the toast.", "tense(past)")
    assert p.prompt.header.arg("MODAL") is None and p.prompt.header.verb.tense == "past"


def test_swap_and_shorten():
    p = _planned("The tall girl with red boots chased the dog.", "swap")
    assert str(p.prompt.header) == (
        "[VERB+active+past: chase | AGENT+complete: The dog | "
        "PATIENT+complete: the tall girl with red boots]"
    )
    p = _planned("The tall girl with red boots chased the dog.", "shorten(AGENT)")
    assert str(p.prompt.header) == "[VERB+active+past: chase | AGENT+complete: The girl]"


@pytest.mark.parametrize(
    "text,expr,reason",
    [
        ("The cook burned the toast.", "cleft(ARG1)", "it-cleft"),
        ("The cook burned the toast.", "question", "question"),
        ("The cook burned the toast.", "prog(+)", "aspect"),
        ("The cook gave the waiter a plate.", "passive(ARG2)", "promotes"),
        ("The cook slept.", "swap", "AGENT and a PATIENT"),
        ("The cook slept.", "passive", "PATIENT"),
        ("Every cook with a hat slept.", "shorten(AGENT)", "not upward monotone"),
    ],
)
def test_plans_the_codes_cannot_express_say_why(text, expr, reason):
    out = _planned(text, expr)
    assert isinstance(out, str) and reason in out


# -- controllability ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def validator():
    return ControlValidator()


def test_control_check_on_outputs(validator):
    a = analyze("The cook burned the toast.")[0]
    header = controls_for_plan(a, parse("tense(fut)+passive").plan())
    good, wrong_tense, wrong_voice = validator.check(
        header,
        [
            "The toast will be burned by the cook.",
            "The toast was burned by the cook.",
            "The cook will burn the toast.",
        ],
    )
    assert good.followed and good.rate == 1.0
    assert not wrong_tense.followed and "tense is past, not future" in wrong_tense.failures
    assert not wrong_voice.followed and "voice is active, not passive" in wrong_voice.failures


def test_control_check_content_and_specificity(validator):
    header = Header(
        VerbControl("cook", "active", "past"),
        (ArgControl("PATIENT", "stew", "partial"), ArgControl("TEMPORAL", "on monday", "complete")),
    )
    ok, missing, other = validator.check(
        header,
        [
            "The chef cooked a stew on Monday.",
            "The chef cooked a stew.",
            "The chef cooked some soup on Monday.",
        ],
    )
    assert ok.followed
    assert missing.checks["TEMPORAL.role"] is False
    assert other.checks["PATIENT.content"] is False and other.checks["TEMPORAL.content"] is True
    sparse = Header(
        VerbControl("cook", "active", "past"), (ArgControl("PATIENT", "stew", "sparse"),)
    )
    assert (
        validator.check(sparse, ["The chef cooked a stew."])[0].checks["PATIENT.specificity"]
        is False
    )


def test_control_check_works_for_any_backend(validator, surface):
    a = surface.analyze(["The cook burned the toast."])[0]
    plan = parse("negate+tense(fut)").plan()
    text = surface.realize([a], [plan])[0].best
    header = controls_for_plan(a, plan)
    assert validator.check(header, [text])[0].followed, text
