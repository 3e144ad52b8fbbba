"""Validators (engine.validate) and the selector that applies them (engine.select).

Covers the degeneracy heuristics, the ERG grammaticality judge over the real recorded ACE
parses, control adherence on re-analysis, the BLEU range, the entailment thresholds (a tiny
random BERT for the classifier contract, a fixed-probability stand-in for the verdict
logic), the Selector's ordering and rejection, and ``seam transform --validate``.
Nothing here touches the network.
"""

from __future__ import annotations

import json

import pytest
from conftest import SHARED

from engine.backends import Candidate, Realization
from engine.errors import DataFileError, RankError
from engine.select import Selector, ToJudge, parse_validators
from engine.transforms import parse
from engine.validate import (
    ACCEPT,
    FLAG,
    REJECT,
    VERDICTS,
    BleuRange,
    ControlAdherence,
    Degeneracy,
    Entailment,
    ErgGrammaticality,
    Item,
    RecordedParses,
    bleu,
    degeneracy,
)

BIKE = "A man is riding a bike."
PARSES = SHARED / "erg" / "parses.jsonl"
NLI_LABELS = ("entailment", "neutral", "contradiction")


def plan(expr: str = "tense(past)"):
    return parse(expr).plan()


@pytest.fixture(scope="module")
def analysis_of(surface):
    """analysis_of(text) -> the surface backend's analysis of text."""
    return lambda text: surface.analyze([text])[0]


# -- degeneracy ------------------------------------------------------------------------------


def verdict_of(text: str, source: str = BIKE, with_plan=None, analysis=None) -> tuple[str, str]:
    return degeneracy(Item(source, text, with_plan, analysis))


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_empty_output_is_rejected(text):
    assert verdict_of(text, with_plan=plan()) == (REJECT, "empty output")


def test_sanatate_is_rejected():
    verdict, reason = verdict_of("A man sanatate riding a bike.")
    assert verdict == REJECT and "sanatate" in reason


@pytest.mark.parametrize(
    "text, code",
    [
        ("[AGENT: the man] left", "[AGENT:"),
        ("<extra_id_0> left", "<extra_id_0>"),
        ("[BLANK] left", "[BLANK]"),
        ("He left </s>", "</s>"),
        ("<|perturb|> he left", "<|perturb|>"),
        ("VERB+ left", "VERB+"),
    ],
)
def test_leaked_control_codes_are_rejected(text, code):
    verdict, reason = verdict_of(text)
    assert verdict == REJECT
    assert reason == f"leaked control code {code!r}"


@pytest.mark.parametrize(
    "text, phrase", [("the dog the dog ran", "the dog"), ("He was was there", "was")]
)
def test_back_to_back_repeats_are_rejected(text, phrase):
    assert verdict_of(text) == (REJECT, f"repeated phrase {phrase!r}")


def test_doubled_words_english_allows_are_accepted():
    assert verdict_of("She had had enough.") == (ACCEPT, "")


def test_non_adjacent_repeated_trigram_is_flagged():
    verdict, reason = verdict_of("The cat saw the dog and then the cat saw the bird.")
    assert verdict == FLAG and "the cat saw" in reason


def test_clean_sentence_is_accepted():
    assert verdict_of("A man was riding a bike.", with_plan=plan()) == (ACCEPT, "")


def test_unchanged_output_is_rejected_when_a_change_was_asked():
    verdict, reason = verdict_of("a man   IS riding a BIKE.", with_plan=plan())
    assert verdict == REJECT and "unchanged" in reason


def test_unchanged_output_is_accepted_without_a_plan():
    assert verdict_of(BIKE, with_plan=None)[0] == ACCEPT


def test_unchanged_output_is_accepted_when_the_source_already_shows_the_change(analysis_of):
    source = "The dogs chased a cat."
    verdict, reason = verdict_of(
        source, source=source, with_plan=plan(), analysis=analysis_of(source)
    )
    assert verdict == ACCEPT and "already" in reason


def test_unchanged_output_is_rejected_when_the_source_lacks_the_change(analysis_of):
    assert verdict_of(BIKE, with_plan=plan(), analysis=analysis_of(BIKE))[0] == REJECT


def test_degeneracy_validator_checks_a_batch_in_order():
    items = [Item(BIKE, t) for t in ("A man was riding a bike.", "", "[SEP] x")]
    verdicts = Degeneracy().check(items)
    assert [v.validator for v in verdicts] == ["degeneracy"] * 3
    assert [v.verdict for v in verdicts] == [ACCEPT, REJECT, REJECT]


# -- ERG grammaticality over recorded ACE parses ----------------------------------------------


@pytest.fixture(scope="module")
def recorded():
    """(parser, {status: a text with that status}) from the real recorded parses."""
    if not PARSES.is_file():
        pytest.skip("needs the recorded ERG parses of the development data (not shipped with Seam)")
    examples: dict[str, str] = {}
    with PARSES.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec["status"] == "ok" and not rec.get("readings"):
                continue
            examples.setdefault(rec["status"], rec["text"])
    assert {"ok", "no_parse"} <= set(examples), (
        "parses.jsonl should hold both ok and no_parse texts"
    )
    return RecordedParses(PARSES), examples


class CountingParser:
    """Wraps a parser and records every batch it is given."""

    def __init__(self, parser):
        self.parser, self.batches = parser, []

    def parse(self, texts):
        self.batches.append(list(texts))
        return self.parser.parse(texts)


def erg_verdicts(parser, *texts, veto=True):
    return ErgGrammaticality(parser, veto=veto).check([Item(BIKE, t) for t in texts])


def test_erg_accepts_a_parsed_text_and_rejects_an_unparsed_one(recorded):
    parser, examples = recorded
    ok, no_parse = erg_verdicts(parser, examples["ok"], examples["no_parse"])
    assert ok.validator == "erg" and ok.verdict == ACCEPT and "reading" in ok.reason
    assert no_parse.verdict == REJECT and "ERG" in no_parse.reason


def test_by_default_no_parse_is_evidence_not_a_veto(recorded):
    parser, examples = recorded
    (verdict,) = erg_verdicts(parser, examples["no_parse"], veto=False)
    assert verdict.verdict == FLAG and "ERG has no parse" in verdict.reason


def test_erg_flags_a_text_it_cannot_judge(recorded):
    (verdict,) = erg_verdicts(recorded[0], "Zorblax quuxed the frobnicator yesterday.")
    assert verdict.verdict == FLAG
    assert "ace_error" in verdict.reason and "no recorded parse" in verdict.reason


@pytest.mark.parametrize("text", ["", "   "])
def test_erg_rejects_empty_text(recorded, text):
    assert erg_verdicts(recorded[0], text)[0].verdict == REJECT


def test_erg_parses_duplicates_once_with_one_verdict(recorded):
    parser, examples = recorded
    counting = CountingParser(parser)
    texts = [examples["ok"], examples["no_parse"], examples["ok"], examples["no_parse"]]
    verdicts = erg_verdicts(counting, *texts)
    assert verdicts[0] == verdicts[2] and verdicts[1] == verdicts[3]
    assert [v.verdict for v in verdicts[:2]] == [ACCEPT, REJECT]
    assert counting.batches == [[examples["ok"], examples["no_parse"]]]


def test_malformed_recorded_parses_name_the_file_and_line(tmp_path):
    path = tmp_path / "parses.jsonl"
    good = json.dumps({"text": "Alice saw Bob.", "status": "ok", "readings": []})
    path.write_text(good + "\n\n" + '{"text": "broken", "status": \n', encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        RecordedParses(path)
    assert str(path) in str(err.value) and f"{path}:3:" in str(err.value)
    assert err.value.line == 3


def test_recorded_parses_need_text_and_status(tmp_path):
    path = tmp_path / "parses.jsonl"
    path.write_text(json.dumps({"text": "Alice saw Bob."}) + "\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=":1:"):
        RecordedParses(path)


# -- control adherence -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def control():
    return ControlAdherence()


def control_verdict(control, analysis_of, text, with_plan):
    return control.check([Item(BIKE, text, with_plan, analysis_of(BIKE))])[0]


@pytest.mark.parametrize(
    "text, expr, verdict",
    [
        ("A man was riding a bike.", "tense(past)", ACCEPT),
        ("A man is riding a bike.", "tense(past)", REJECT),
        ("A man will ride a bike.", "tense(past)", REJECT),
        ("A bike is being ridden by a man.", "passive", ACCEPT),
    ],
)
def test_control_checks_the_requested_change(control, analysis_of, text, expr, verdict):
    got = control_verdict(control, analysis_of, text, plan(expr))
    assert got.validator == "control" and got.verdict == verdict
    if verdict == REJECT:
        assert got.reason.startswith("the change is not shown")


def test_control_accepts_when_nothing_was_requested(control, analysis_of):
    got = control_verdict(control, analysis_of, "Anything at all.", None)
    assert (got.verdict, got.reason) == (ACCEPT, "nothing requested")


# -- BLEU range ------------------------------------------------------------------------------


def bleu_verdict(text: str, **limits):
    return BleuRange(**limits).check([Item(BIKE, text)])[0]


def test_identical_text_has_bleu_one_and_is_too_close():
    assert bleu(BIKE, BIKE) == pytest.approx(1.0)
    got = bleu_verdict(BIKE)
    assert got.verdict == REJECT and "too close" in got.reason


def test_one_word_edit_is_inside_the_default_range():
    assert 0.1 < bleu(BIKE, "A man was riding a bike.") < 0.95
    assert bleu_verdict("A man was riding a bike.").verdict == ACCEPT


def test_unrelated_sentence_is_too_far():
    got = bleu_verdict("Stock markets fell sharply on Tuesday.")
    assert got.verdict == REJECT and "too far" in got.reason


def test_bleu_of_empty_text_is_zero():
    assert bleu(BIKE, "") == 0.0


@pytest.mark.parametrize("low, high", [(0.5, 0.5), (0.6, 0.4), (0.1, 1.2), (-0.1, 0.5)])
def test_invalid_bleu_ranges_raise(low, high):
    with pytest.raises(RankError):
        BleuRange(low, high)


# -- entailment ------------------------------------------------------------------------------

NLI_SENTENCES = [
    BIKE,
    "A man was riding a bike.",
    "A bike is being ridden by a man.",
    "Nobody rides anything.",
]


def save_tiny_nli(path):
    """A tiny random BERT NLI classifier with a word-level tokenizer."""
    from engine.testing.nli import build_tiny_nli

    return build_tiny_nli(path, NLI_SENTENCES)


@pytest.fixture(scope="module")
def tiny_nli(tmp_path_factory):
    for module in ("torch", "transformers", "tokenizers"):
        pytest.importorskip(module)
    from engine.nli.classifier import NliClassifier

    path = save_tiny_nli(tmp_path_factory.mktemp("tiny-nli") / "model")
    return NliClassifier(path, device="cpu", batch_size=2)


def test_classifier_probabilities_sum_to_one_and_agree_with_labels(tiny_nli):
    pairs = [(a, b) for a in NLI_SENTENCES for b in NLI_SENTENCES if a != b]
    probs = tiny_nli.predict_proba_pairs(pairs)
    assert len(probs) == len(pairs)
    for row in probs:
        assert set(row) == set(NLI_LABELS)
        assert sum(row.values()) == pytest.approx(1.0, abs=1e-5)
    assert [max(row, key=row.get) for row in probs] == tiny_nli.predict_pairs(pairs)


def test_entailment_runs_on_a_real_classifier(tiny_nli):
    items = [Item(BIKE, t) for t in NLI_SENTENCES[1:]]
    verdicts = Entailment(tiny_nli).check(items)
    assert len(verdicts) == len(items)
    assert all(v.validator == "entailment" and v.verdict in VERDICTS for v in verdicts)


class FixedNli:
    """Stands in for an NLI classifier: chosen probabilities for the source->candidate
    direction (``forward``) and the candidate->source one (``backward``)."""

    def __init__(self, source, forward, backward=None):
        self.source, self.forward, self.backward = source, forward, backward or forward
        self.pairs = []

    def predict_proba_pairs(self, pairs):
        self.pairs.extend(pairs)
        return [
            dict(self.forward if premise == self.source else self.backward) for premise, _ in pairs
        ]


def probs(entailment, neutral, contradiction):
    return {"entailment": entailment, "neutral": neutral, "contradiction": contradiction}


ENTAILS = probs(0.95, 0.03, 0.02)
CONTRADICTS = probs(0.1, 0.1, 0.8)
MIDDLING = probs(0.5, 0.3, 0.2)


@pytest.mark.parametrize(
    "forward, backward, expect, verdict",
    [
        (ENTAILS, ENTAILS, "same", ACCEPT),
        (ENTAILS, ENTAILS, "different", REJECT),
        (CONTRADICTS, ENTAILS, "same", REJECT),
        (ENTAILS, CONTRADICTS, "same", REJECT),
        (CONTRADICTS, ENTAILS, "different", ACCEPT),
        (MIDDLING, MIDDLING, "same", FLAG),
        (MIDDLING, MIDDLING, "different", FLAG),
    ],
)
def test_entailment_thresholds(forward, backward, expect, verdict):
    text = "A bike is being ridden by a man."
    nli = FixedNli(BIKE, forward, backward)
    (got,) = Entailment(nli, expect=expect).check([Item(BIKE, text)])
    assert got.validator == "entailment" and got.verdict == verdict
    assert {(BIKE, text), (text, BIKE)} == set(nli.pairs)


def test_entailment_rejections_say_why():
    item = Item(BIKE, "A man was riding a bike.")
    same = Entailment(FixedNli(BIKE, CONTRADICTS), expect="same").check([item])[0]
    different = Entailment(FixedNli(BIKE, ENTAILS), expect="different").check([item])[0]
    assert "meaning changed" in same.reason and "meaning kept" in different.reason


def test_entailment_rejects_an_unknown_expectation():
    with pytest.raises(RankError, match="expect"):
        Entailment(FixedNli(BIKE, ENTAILS), expect="opposite")


# -- the selector ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def transformer():
    from engine.pipeline import Transformer

    return Transformer("surface", selector=Selector("closeness", "degeneracy,control"))


def entry(candidates, source=BIKE, status="ok"):
    cands = tuple(Candidate(text, score) for text, score in candidates)
    return ToJudge(source, Realization(status, "", cands), (plan(),) * len(cands))


def test_records_carry_scores_and_verdicts(transformer):
    (rec,) = transformer.run_texts([BIKE], "tense(past)")
    assert rec["status"] == "ok" and rec["best"] == "A man was riding a bike."
    assert rec["rejected"] == [] and rec["ranked_by"].startswith("closeness")
    for cand in rec["candidates"]:
        assert {"closeness", "rank"} <= set(cand["scores"])
        assert [v["validator"] for v in cand["verdicts"]] == ["degeneracy", "control"]
        assert all(v["verdict"] in VERDICTS for v in cand["verdicts"])


def test_a_realization_whose_only_candidate_is_rejected_is_rejected():
    from engine.pipeline import Transformer

    source = "The dogs chased a cat."  # already past: the surface backend returns it unchanged
    (rec,) = Transformer("surface", selector=Selector(None, "degeneracy,control,bleu")).run_texts(
        [source], "tense(past)"
    )
    assert rec["status"] == "rejected" and rec["best"] is None and rec["candidates"] == []
    assert "bleu" in rec["reason"] and "too close" in rec["reason"]
    assert [c["text"] for c in rec["rejected"]] == [source]
    assert any(v["verdict"] == REJECT for v in rec["rejected"][0]["verdicts"])


def test_empty_candidate_is_moved_to_rejected():
    (real,) = Selector(validate="degeneracy").apply([entry([("", 1.0)])])
    assert real.status == "rejected" and real.candidates == ()
    assert "degeneracy: empty output" in real.reason
    assert [c.text for c in real.rejected] == [""]
    assert real.rejected[0].verdicts[0].verdict == REJECT


def test_flagged_candidate_ranks_after_an_accepted_one():
    source = "The cat saw the dog."
    looping, clean = "The cat saw the dog and the cat saw it.", "A cat watched one dog."
    (real,) = Selector(rank="closeness", validate="degeneracy").apply(
        [entry([(looping, 1.0), (clean, 0.5)], source=source)]
    )
    assert [c.text for c in real.candidates] == [clean, looping]
    first, second = real.candidates
    assert second.scores["closeness"] > first.scores["closeness"]  # the ranker preferred the loop
    assert [v.verdict for v in second.verdicts] == [FLAG]


def test_non_ok_realizations_pass_through_unchanged():
    failed = ToJudge(BIKE, Realization("no_parse", "no reading"), ())
    ok = entry([("A man was riding a bike.", 1.0)])
    out = Selector(rank="closeness", validate="degeneracy").apply([failed, ok])
    assert out[0] is failed.realization
    assert out[1].status == "ok" and out[1].best == "A man was riding a bike."


def test_ok_realization_without_candidates_is_not_called_rejected():
    """Nothing was rejected, so the record must not claim every candidate was."""
    (real,) = Selector(validate="degeneracy").apply([entry([])])
    assert real.status != "rejected" and real.rejected == ()


@pytest.mark.parametrize("spec", ["bogus", "degeneracy,bogus"])
def test_unknown_validator_raises(spec):
    with pytest.raises(RankError, match="bogus"):
        Selector(validate=spec)
    with pytest.raises(RankError):
        parse_validators(spec)


# -- command line ----------------------------------------------------------------------------


def test_cli_transform_validates_and_ranks(capsys):
    from engine.cli import main

    code = main(
        [
            "transform",
            BIKE,
            "-a",
            "tense(past)",
            "--validate",
            "--rank",
            "closeness",
            "--output-format",
            "jsonl",
        ]
    )
    lines = capsys.readouterr().out.splitlines()
    assert code == 0 and len(lines) == 1
    rec = json.loads(lines[0])
    assert rec["best"] == "A man was riding a bike."
    assert [v["validator"] for v in rec["candidates"][0]["verdicts"]] == ["degeneracy", "control"]


def test_cli_rejects_an_unknown_validator(capsys):
    from engine.cli import main

    code = main(["transform", BIKE, "-a", "tense(past)", "--validate", "bogus"])
    assert code == 2
    assert "unknown validator 'bogus'" in capsys.readouterr().err
