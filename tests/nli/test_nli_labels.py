"""Label inference: every row of the shipped tables (rules/labels/), the composition through
meaning-preserving edits, conflicts, and malformed rule files."""

from __future__ import annotations

import pytest

from engine.errors import RuleError
from engine.nli.labels import LABELS, LabelRules, effective
from engine.transforms import parse

PRES = {
    "tense": "pres",
    "polarity": "pos",
    "force": "prop",
    "voice": "active",
    "lemma": "sleep",
    "participants": {"subj": "two man"},
}
PAST = {**PRES, "tense": "past"}
NEG = {**PRES, "polarity": "neg"}


@pytest.fixture(scope="module")
def rules():
    return LabelRules.load()


def decide(rules, p, h, label, premise=PRES, hypothesis=PRES):
    d = rules.infer(parse(p).plan(), parse(h).plan(), label, premise, hypothesis)
    return d.label, d.rule


# Every row: (premise expr, hypothesis expr, original label) -> (new label, deciding rule).
ROWS = [
    ("o", "o", "neutral", "neutral", "identity"),
    ("p", "f", "entailment", "neutral", "lit-1a"),
    ("f", "p", "contradiction", "neutral", "lit-1b"),
    ("p", "f", "contradiction", "neutral", "times-past-future"),
    ("p", "f", "neutral", "neutral", "times-past-future"),
    ("f", "p", "entailment", "neutral", "times-future-past"),
    ("f", "p", "neutral", "neutral", "times-future-past"),
    ("m", "o", "neutral", "neutral", "times-may-neutral"),
    ("p", "p", "entailment", "entailment", "times-same-past"),
    ("p", "p", "contradiction", "contradiction", "times-same-past"),
    ("f", "f", "neutral", "neutral", "times-same-future"),
    ("m", "o", "entailment", "neutral", "lit-2a"),
    ("m", "o", "contradiction", "neutral", "lit-2b"),
    ("m", "m", "entailment", "entailment", "lit-3a"),
    ("m", "m", "contradiction", "neutral", "lit-3b"),
    ("m", "m", "neutral", "neutral", "lit-3c"),
    ("pa", "pa", "contradiction", "contradiction", "lit-4"),
    ("i", "i", "entailment", "entailment", "lit-5"),
    ("cleft(ARG1)", "i", "neutral", "neutral", "lit-5"),
    ("i", "pa", "contradiction", "contradiction", "lit-txt-5"),
    ("i", "o", "entailment", "entailment", "lit-txt-6"),
    ("pa", "o", "neutral", "neutral", "lit-txt-7"),
    ("o", "pa", "contradiction", "contradiction", "tailor-voice"),
    ("o", "cleft(ARG1)", "entailment", "entailment", "tailor-cleft"),
    ("o", "shorten(AGENT)", "entailment", "entailment", "tailor-shorten"),
    ("o", "shorten(PATIENT)", "entailment", "entailment", "tailor-shorten"),
    ("o", "swap", "entailment", "neutral", "tailor-swap"),
    ("n", "n", "entailment", "entailment", "nl-contraposition"),
    ("o", "n", "entailment", "contradiction", "nl-negated-consequence"),
]


@pytest.mark.parametrize("p,h,original,new,rule", ROWS)
def test_every_row_of_the_shipped_tables(rules, p, h, original, new, rule):
    assert decide(rules, p, h, original) == (new, rule)


def test_every_shipped_rule_is_exercised():
    covered = {row[4] for row in ROWS} | {"nl-contraposition-affirm"}
    assert {r.id for r in LabelRules.load().rules} == covered


def test_contraposition_exchanges_the_sides(rules):
    d = rules.infer(parse("n").plan(), parse("n").plan(), "entailment", PRES, PRES)
    assert d.reverse and d.label == "entailment"
    d = rules.infer(parse("affirm").plan(), parse("affirm").plan(), "entailment", NEG, NEG)
    assert (d.label, d.rule, d.reverse) == ("entailment", "nl-contraposition-affirm", True)


@pytest.mark.parametrize(
    "p,h,original,premise,hypothesis,why",
    [
        ("p", "f", "entailment", PAST, PRES, "1a needs both originals in the present"),
        ("p", "f", "neutral", PAST, PRES, "the time rules need both originals in the present"),
        ("f", "p", "entailment", PRES, PAST, "the time rules need both originals in the present"),
        ("o", "m", "neutral", PRES, PRES, "'may' on the hypothesis: no rule"),
        ("p", "p", "entailment", PRES, PAST, "the same time needs both originals in the present"),
        ("o", "shorten(AGENT)", "contradiction", PRES, PRES, "a shorter hypothesis may follow"),
        ("o", "swap", "contradiction", PRES, PRES, "TAILOR's swap covers entailment only"),
        ("o", "swap", "entailment", PRES, {**PRES, "lemma": "meet"}, "a symmetric verb"),
        ("n", "n", "contradiction", PRES, PRES, "contraposition is about entailment"),
        ("o", "n", "contradiction", PRES, PRES, "NLI contradictions are often contraries"),
        ("swap", "o", "entailment", PRES, PRES, "no rule for a swapped premise"),
        ("p", "f", "-", PRES, PRES, "SNLI's '-' gold label"),
    ],
)
def test_anything_not_covered_is_unknown(rules, p, h, original, premise, hypothesis, why):
    d = rules.infer(parse(p).plan(), parse(h).plan(), original, premise, hypothesis)
    assert d.label == "unknown" and d.rule is None and d.reason, why


# LIT's compositional rows 7a-9b follow from the basic rows through meaning-preserving edits.
@pytest.mark.parametrize(
    "p,h,original,new,rule,via",
    [
        ("p+i", "f+i", "entailment", "neutral", "lit-1a", ("cleft",)),  # 7a
        ("f+i", "p+i", "contradiction", "neutral", "lit-1b", ("cleft",)),  # 7b
        ("p+pa", "f+pa", "entailment", "neutral", "lit-1a", ("voice",)),  # 8a
        ("f+pa", "p+pa", "contradiction", "neutral", "lit-1b", ("voice",)),  # 8b
        ("m+pa", "m+pa", "contradiction", "neutral", "lit-3b", ("voice",)),  # 9b
        ("m+pa", "pa", "entailment", "neutral", "lit-2a", ("voice",)),
        ("o", "swap+pa", "entailment", "neutral", "tailor-swap", ("voice",)),
        ("pa+n", "n+i", "entailment", "entailment", "nl-contraposition", ("voice", "cleft")),
    ],
)
def test_compositions_are_decided_through_meaning_preserving_edits(
    rules, p, h, original, new, rule, via
):
    d = rules.infer(parse(p).plan(), parse(h).plan(), original, PRES, PRES)
    assert (d.label, d.rule, d.via) == (new, rule, via)


def test_edits_that_change_nothing_do_not_count(rules):
    # tense(past) on a past premise is the identity: p;p on past originals is o;o
    assert decide(rules, "p", "p", "contradiction", PAST, PAST) == ("contradiction", "identity")
    assert effective(parse("p+pa").plan(), PAST).as_dict() == {"voice": "passive"}
    # negate on negative originals changes nothing either: no contraposition, no reversal
    d = rules.infer(parse("n").plan(), parse("n").plan(), "entailment", NEG, NEG)
    assert (d.label, d.rule, d.reverse) == ("entailment", "identity", False)


def test_the_label_map_gives_every_original_label(rules):
    assert rules.label_map(parse("m").plan(), parse("o").plan(), PRES, PRES) == {
        "entailment": "neutral",
        "neutral": "neutral",
        "contradiction": "neutral",
    }
    assert set(rules.label_map(parse("pa").plan(), parse("pa").plan())) == set(LABELS)


def test_lit_code_variant_conflicts_with_the_default_and_says_so(rules):
    from engine.resources import rules_dir

    d = rules.infer(parse("m").plan(), parse("m").plan(), "entailment", PRES, PRES)
    assert (d.label, d.rule) == ("entailment", "lit-3a")
    both = LabelRules.load(
        [
            *sorted((rules_dir() / "labels").glob("*.toml")),
            rules_dir() / "labels" / "variants" / "lit-process-py.toml",
        ]
    )
    d = both.infer(parse("m").plan(), parse("m").plan(), "entailment", PRES, PRES)
    assert d.label == "unknown" and "lit-3a" in d.reason and "lit-process-3a" in d.reason


def test_the_default_tables_have_no_conflicts():
    rules = LabelRules.load()
    conditions = [PRES, PAST, NEG, {**PRES, "lemma": "meet"}]
    for r in rules.rules:
        for p in r.premise:
            for h in r.hypothesis:
                for label in LABELS:
                    for pf in conditions:
                        for hf in conditions:
                            assert "conflicting" not in rules.infer(p, h, label, pf, hf).reason


@pytest.mark.parametrize(
    "body,message",
    [
        (
            '[[rule]]\nid = "x"\npremise = "o"\nhypothesis = "o"\nlabels = { entailment = "same" '
            "}\n",
            "needs a 'reason'",
        ),
        (
            '[[rule]]\nid = "x"\npremise = "frob"\nhypothesis = "o"\nlabels = { "*" = "same" '
            '}\nreason = "r"\n',
            "unknown transformation",
        ),
        (
            '[[rule]]\nid = "x"\npremise = "o"\nhypothesis = "o"\nlabels = { maybe = "same" '
            '}\nreason = "r"\n',
            "not an original label",
        ),
        (
            '[[rule]]\nid = "x"\npremise = "o"\nhypothesis = "o"\nlabels = { "*" = "sure" '
            '}\nreason = "r"\n',
            "not a label",
        ),
        (
            '[[rule]]\nid = "x"\npremise = "o"\nhypothesis = "o"\nlabels = { "*" = "same" '
            '}\nreason = "r"\nwhen = { premise = { colour = "red" } }\n',
            "unknown feature 'colour'",
        ),
        (
            '[[rule]]\nid = "x"\npremise = "o"\nlabels = { "*" = "same" }\nreason = "r"\n',
            "missing 'hypothesis'",
        ),
        (
            '[[rule]]\nid = "x"\npremise = "o"\nhypothesis = "o"\nlabel = { "*" = "same" '
            '}\nreason = "r"\n',
            "unknown keys",
        ),
        ("[[rule]\n", "invalid TOML"),
    ],
)
def test_malformed_label_files_name_the_file_and_line(tmp_path, body, message):
    path = tmp_path / "bad.toml"
    path.write_text("# a comment\n" + body)
    with pytest.raises(RuleError, match=message) as info:
        LabelRules.load([path])
    assert str(info.value).startswith(str(path))
    if "TOML" not in message and "missing" not in message:
        assert f"{path}:3:" in str(info.value) or f"{path}:2:" in str(info.value)


@pytest.mark.parametrize("original", ["entailment", "contradiction"])
def test_may_on_the_premise_needs_a_shared_predicate(rules, original):
    # "A woman in a green coat is reading." / "A woman is wearing a green coat.": the
    # entailment comes from the subject's description, outside the modal's scope
    reading, wearing = {**PRES, "lemma": "read"}, {**PRES, "lemma": "wear"}
    assert decide(rules, "m", "o", original, reading, wearing) == ("unknown", None)
    assert decide(rules, "m", "o", original, reading, reading)[0] == "neutral"


def test_same_predicate_must_be_a_boolean(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(
        '[[rule]]\nid = "x"\npremise = "m"\nhypothesis = "o"\nwhen = { same_predicate = "yes" }\n'
        'labels = { entailment = "neutral" }\nreason = "r"\n'
    )
    with pytest.raises(RuleError, match="same_predicate"):
        LabelRules.load([path])


@pytest.mark.parametrize(
    "premise_people,hypothesis_people,label",
    [
        # the same participants: the contradiction lies in the event, which *may* leaves open
        ({"subj": "two man"}, {"subj": "two man"}, "neutral"),
        ({"subj": "girl", "obj": "kite"}, {"subj": "girl", "obj": "kite"}, "neutral"),
        ({"subj": "girl", "obj": "kite"}, {"subj": "girl"}, "neutral"),
        # who takes part differs (or is not known): no rule decides
        ({"subj": "two man"}, {"subj": "three woman"}, "unknown"),
        ({"subj": "two man"}, {"subj": "man"}, "unknown"),
        ({"subj": "girl", "obj": "kite"}, {"subj": "girl", "obj": "ball"}, "unknown"),
        ({}, {"subj": "girl"}, "unknown"),
    ],
)
def test_a_possible_event_lifts_a_contradiction_only_among_the_same_participants(
    rules, premise_people, hypothesis_people, label
):
    p = {**PRES, "participants": premise_people}
    h = {**PRES, "participants": hypothesis_people}
    got, _ = decide(rules, "m", "o", "contradiction", p, h)
    assert got == label


def test_participants_are_read_from_the_analysis():
    from engine.analyzers import SpacyAnalyzer
    from engine.nli.labels import original_features

    a, b = SpacyAnalyzer().analyze(
        ["Two bearded men sit side by side.", "Three women are sitting on a blanket."]
    )
    assert original_features(a)["participants"] == {"subj": "two man"}
    assert original_features(b)["participants"] == {"subj": "three woman"}
