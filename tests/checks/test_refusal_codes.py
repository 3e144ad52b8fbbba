"""The shared refusals' codes (engine.checks.table): each entry of REFUSALS has a stable code
that names its module, and refuses the sentence of ours it names under its edit, with that code
in the realization and in the record."""

from __future__ import annotations

import re

import pytest

from engine.checks import MISPARSES, REFUSALS, misparsed_verb, refusal
from engine.checks.table import NOT_ENGLISH, Refused
from engine.transforms import parse

# The module each code's first digit names.
MODULES = {
    "1": "refusals",
    "2": "closed",
    "3": "meaning",
    "4": "scope",
    "5": "aspect",
    "6": "sequence",
    "7": "states",
    "8": "moved",
    "9": "sentences",
}
# Entries whose misread the model no longer makes on their example: each fires in a test on the
# parse written out by hand.
BY_HAND = {
    "R203": "tests/checks/test_closed_world_parses.py",
    "R906": "tests/surface/test_failure_classes.py",
}


def test_every_code_is_one_entry_of_its_module():
    codes = [e.code for e in (*REFUSALS, *MISPARSES)]
    assert len(codes) == len(set(codes)) and NOT_ENGLISH not in codes
    assert all(e.code.startswith("R9") for e in MISPARSES)
    for entry in (*REFUSALS, *MISPARSES):
        assert re.fullmatch(r"R[1-9]\d\d", entry.code), entry
        assert entry.name.split(".")[0] == MODULES[entry.code[1]], entry.name
        assert entry.example and entry.example == entry.example.strip()
        parse(entry.edit)  # the edit is an expression


@pytest.mark.parametrize(
    "entry", [e for e in REFUSALS if e.code not in BY_HAND], ids=lambda e: e.code
)
def test_each_entry_refuses_its_example_with_its_code(realize, entry):
    got = realize(entry.example, entry.edit)
    assert (got.status, got.code) == ("not_applicable", entry.code), (entry.name, got.reason)


@pytest.mark.parametrize(
    "entry", [e for e in MISPARSES if e.code not in BY_HAND], ids=lambda e: e.code
)
def test_each_misread_verb_is_found_in_its_example(surface, entry):
    got = misparsed_verb(surface.analyze([entry.example])[0])
    assert got is not None and got.code == entry.code, (entry.name, got)


def test_the_code_of_a_misread_verb_reaches_the_realization(realize):
    got = realize("She sings and dances every night.", "negate")
    assert (got.status, got.code) == ("not_applicable", "R907")


def test_a_sentence_not_in_english_has_its_own_code(surface):
    analysis = surface.analyze(["Кошка спит на диване в гостиной."])[0]
    got = refusal(analysis, parse("negate").plan())
    assert isinstance(got, Refused) and got.code == NOT_ENGLISH and "not English" in got.reason


def test_the_code_reaches_the_record():
    from engine.pipeline import Transformer

    records = Transformer("surface").run_texts(
        ["You may now kiss the bride.", "The dog chased the cat."], "tense(past)"
    )
    assert records[0]["status"] == "not_applicable" and records[0]["code"] == "R301"
    assert records[1]["status"] == "ok" and "code" not in records[1]
