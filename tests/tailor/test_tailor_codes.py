"""TAILOR's control-code format: headers, prompts, targets, and reading generations back.

The first tests rebuild the input/output formats of the TAILOR paper's Table 1 (the format
the released checkpoint was trained on) from typed values, and read the target back.
"""

from __future__ import annotations

import json

import pytest
from conftest import SHARED

from engine import analyze
from engine.errors import DegenerateGenerationError, TailorError
from engine.tailor.codes import (
    ArgControl,
    Blank,
    Header,
    Prompt,
    VerbControl,
    clean_punct,
    parse_generation,
    snap_label,
    specificity_of,
    split_header,
)
from engine.tailor.inputs import blank_positions, prompt_from_frame, role_label
from engine.tailor.perturb import ChangeTag, ChangeTense, ChangeVoice, SwapCore, perturb

# Table 1's sentence, tokenized as spaCy does.
TOKENS = (
    "In",
    "the",
    "operating",
    "room",
    ",",
    "the",
    "doctor",
    "comforted",
    "the",
    "athlete",
    ".",
)
HEADER_A = Header(
    VerbControl("comfort", "active", "past"),
    (
        ArgControl("AGENT", "the doctor", "complete"),
        ArgControl("PATIENT", "athlete", "partial"),
        ArgControl("LOCATIVE", "in", "partial"),
    ),
)
BLANKS_A = (
    Blank(0, 4, "LOCATIVE", "In the operating room"),
    Blank(5, 7, "AGENT", "the doctor"),
    Blank(7, 8, "VERB", "comforted"),
    Blank(8, 10, "PATIENT", "the athlete"),
)


def test_table1_a_mask_all_roles():
    prompt = Prompt(HEADER_A, TOKENS, BLANKS_A)
    assert prompt.source == (
        "[VERB+active+past: comfort | AGENT+complete: the doctor | PATIENT+partial: athlete | "
        "LOCATIVE+partial: in] <extra_id_0> , <extra_id_1> <extra_id_2> <extra_id_3> ."
    )
    assert prompt.target == (
        "[LOCATIVE: In the operating room] , [AGENT: the doctor] [VERB: comforted] "
        "[PATIENT: the athlete] ."
    )
    back = parse_generation(prompt.target, prompt.header)
    assert back.text == "In the operating room, the doctor comforted the athlete."
    assert [(s.label, s.text) for s in back.spans] == [
        ("LOCATIVE", "In the operating room"),
        ("AGENT", "the doctor"),
        ("VERB", "comforted"),
        ("PATIENT", "the athlete"),
    ]
    assert back.verb == 7


def test_table1_b_empty_blanks():
    header = Header(
        VerbControl("comfort", "active", "past"), (ArgControl("LOCATIVE", "in", "partial"),)
    )
    prompt = Prompt(header, TOKENS, (BLANKS_A[0], BLANKS_A[2], Blank(10, 10)))
    assert prompt.source == (
        "[VERB+active+past: comfort | LOCATIVE+partial: in] <extra_id_0> , the doctor "
        "<extra_id_1> the athlete <extra_id_2> ."
    )
    assert (
        prompt.target
        == "[LOCATIVE: In the operating room] , the doctor [VERB: comforted] the athlete ."
    )


def test_table1_n_negative_is_a_perturbed_header_with_the_same_sentence():
    positive = Prompt(HEADER_A, TOKENS, BLANKS_A)
    negative = perturb(
        positive,
        [
            ChangeVoice("passive"),
            ChangeTense("present"),
            SwapCore(),
            ChangeTag("LOCATIVE", "TEMPORAL"),
        ],
    )
    assert str(negative.header) == (
        "[VERB+passive+present: comfort | AGENT+partial: athlete | "
        "PATIENT+complete: the doctor | TEMPORAL+partial: in]"
    )
    assert negative.target == (
        "[TEMPORAL: In the operating room] , [PATIENT: the doctor] [VERB: comforted] "
        "[AGENT: the athlete] ."
    )
    assert negative.context == positive.context
    assert positive.header == HEADER_A  # the positive is untouched


def test_header_round_trip_and_order():
    text = "[VERB+passive+future: open | PATIENT+sparse: door | AGENT: * | MANNER+complete: slowly]"
    header = Header.parse(text)
    assert header.arg("AGENT").keyword == "*" and header.arg("AGENT").specificity is None
    assert str(header.ordered()) == (
        "[VERB+passive+future: open | AGENT: * | PATIENT+sparse: door | MANNER+complete: slowly]"
    )
    assert Header.parse(str(header)) == header
    assert (
        Header.parse("[ VERB+active+present :  run |AGENT+complete:  the fox ] rest")
        .arg("AGENT")
        .keyword
        == "the fox"
    )


def test_header_errors_are_typed():
    with pytest.raises(TailorError, match="no TAILOR header"):
        Header.parse("[AGENT: the fox]")
    with pytest.raises(TailorError, match="tense"):
        VerbControl("run", "active", "pres")
    with pytest.raises(TailorError, match="specificity"):
        ArgControl("AGENT", "x", "exact")
    with pytest.raises(TailorError, match="once"):
        Header(VerbControl("run"), (ArgControl("AGENT"), ArgControl("AGENT")))
    with pytest.raises(TailorError, match="overlap"):
        Prompt(HEADER_A, TOKENS, (Blank(0, 4), Blank(3, 5)))


def test_split_header():
    header, rest = split_header("[VERB+active+past: sing | AGENT: *] <extra_id_0> loudly .")
    assert header.verb.lemma == "sing" and rest == "<extra_id_0> loudly ."
    assert split_header("no header here") == (None, "no header here")


@pytest.mark.parametrize(
    "keyword,n,spec",
    [
        ("the doctor", 2, "complete"),
        ("doctor", 2, "partial"),
        ("in", 6, "partial"),
        ("in", 7, "sparse"),
        ("the very long keyword", 2, "complete"),
    ],
)
def test_specificity_thresholds(keyword, n, spec):
    assert specificity_of(keyword, n) == spec


@pytest.mark.parametrize(
    "raw,text,labels",
    [
        # a missing closing bracket at the end
        (
            "[AGENT: A fox] [VERB: jumped] over [PATIENT: the fence .",
            "A fox jumped over the fence.",
            ["AGENT", "VERB", "PATIENT"],
        ),
        # a missing opening bracket
        ("AGENT: A fox] [VERB: jumped] .", "A fox jumped.", ["AGENT", "VERB"]),
        # misspelt labels snap to the known ones; stray sentinels and special tokens go
        (
            "<pad> [AGNET: A fox] <extra_id_12> [VERB: jumped] [TEMPORLA: at dawn] .</s>",
            "A fox jumped at dawn.",
            ["AGENT", "VERB", "TEMPORAL"],
        ),
        # a repeated header is removed
        (
            "[VERB+active+past: jump | AGENT: *] [AGENT: A fox] [VERB: jumped] .",
            "A fox jumped.",
            ["AGENT", "VERB"],
        ),
        # the auxiliary blank comes back as plain text
        ("[AGENT: The fox] has [VERB: jumped] .", "The fox has jumped.", ["AGENT", "VERB"]),
    ],
)
def test_parse_generation_tolerates_noise(raw, text, labels):
    g = parse_generation(raw)
    assert g.text == text
    assert [s.label for s in g.spans] == labels


@pytest.mark.parametrize(
    "raw,why",
    [
        ("sanatate sanatate", "sanatate"),
        ("A fox jumped over the fence .", "no labelled span"),
        ("[AGENT: A fox] [VERB: jumped] PATIENT the fence .", "leaked"),
        ("", "no labelled span"),
    ],
)
def test_degenerate_generations_are_rejected(raw, why):
    with pytest.raises(DegenerateGenerationError, match=why):
        parse_generation(raw)


def test_snap_label():
    assert snap_label("PATEINT") == "PATIENT"
    assert snap_label("locative") == "LOCATIVE"
    assert snap_label("XYZZY") is None


def test_clean_punct():
    assert clean_punct("Well , she did n't go ( really ) !") == "Well, she didn't go (really)!"
    assert clean_punct("The well - known author 's book .") == "The well-known author's book."


# -- prompts from real analyses -------------------------------------------------------------------


def test_prompt_from_a_spacy_analysis():
    a = analyze("Yesterday the baker had sold every loaf before noon.")[0]
    p = prompt_from_frame(a)
    # TAILOR reads the past perfect from its participle: past. A second TEMPORAL stays text.
    assert str(p.header) == (
        "[VERB+active+past: sell | AGENT+complete: the baker | PATIENT+complete: every loaf | "
        "TEMPORAL+complete: yesterday]"
    )
    assert p.context.endswith("before noon .")
    # the auxiliary is its own unlabelled blank; the target is the sentence, labelled
    assert Blank(3, 4, None, "had") in p.blanks
    assert parse_generation(p.target).text == a.text
    assert p.header.labels[:2] == ("AGENT", "PATIENT")


def test_prompt_subset_and_extra_blanks_are_seeded():
    a = analyze("The children built a sandcastle on the beach.")[0]
    p = prompt_from_frame(a, roles=["LOCATIVE"], extra_blanks=2, seed=3)
    assert p.header.labels == ("LOCATIVE",)
    assert "The children" in p.context and "a sandcastle" in p.context
    assert sum(b.empty for b in p.blanks) == 2
    assert p == prompt_from_frame(a, roles=["LOCATIVE"], extra_blanks=2, seed=3)
    positions = blank_positions(a, a.main_frame)
    assert all(b.start in positions for b in p.blanks if b.empty)


def test_modal_and_negation_are_arguments_not_auxiliaries():
    a = analyze("The door will not open.")[0]
    p = prompt_from_frame(a)
    assert p.header.verb.tense == "future"
    assert p.header.arg("MODAL").keyword == "will" and p.header.arg("NEGATION").keyword == "not"
    assert p.target == "[AGENT: The door] [MODAL: will] [NEGATION: not] [VERB: open] ."


def test_numbered_arguments_without_frame_files_stay_context():
    assert role_label("ARG2") is None and role_label("ARG2", "give") is None
    assert role_label("C-ARG1") is None and role_label("ARGM-ADJ") == "ADVEJECTIVAL"
    a = analyze("He gave his sister a book.")[0]
    assert a.main_frame.argument("ARG2").text == "his sister"
    p = prompt_from_frame(a)
    assert "his sister" in p.context  # ARG2 (the recipient) has no readable name: it stays text


def test_numbered_arguments_with_frame_files(tmp_path):
    from engine.srl.propbank import PropBankFrames

    (tmp_path / "hand.xml").write_text(
        '<frameset><predicate lemma="hand"><roleset id="hand.01" name="give">'
        '<roles><role n="0" f="pag" descr="giver"/><role n="1" f="ppt" descr="thing given"/>'
        '<role n="2" f="gol" descr="recipient"/></roles></roleset></predicate></frameset>'
    )
    frames = PropBankFrames(tmp_path)
    assert role_label("ARG2", "hand", frames) == "GOAL"


def _snli_premises(n: int) -> list[str]:
    path = SHARED / "snli" / "dev.jsonl"
    if not path.exists():
        pytest.skip("needs the SNLI dev split of the development data (not shipped with Seam)")
    out = []
    with path.open() as f:
        for line in f:
            out.append(json.loads(line)["premise"])
            if len(out) == n:
                break
    return out


def test_targets_read_back_to_the_sentence_on_real_data():
    """Round trip on 60 SNLI premises: the labelled target of the main frame reads back to the
    tokenized sentence, with one span per blanked argument and the verb."""
    texts = _snli_premises(60)
    analyses = analyze(texts)
    checked = 0
    for a in analyses:
        if a.main_frame is None:
            continue
        p = prompt_from_frame(a, extra_blanks=2)
        g = parse_generation(p.target, p.header)
        assert g.words == tuple(
            w
            for w in p.target.replace("[", " ").replace("]", " ").split()
            if not w.endswith(":") or w[:-1] not in (*p.header.labels, "VERB")
        )
        assert clean_punct(" ".join(t.text for t in a.sentence.tokens)) == g.text
        assert {s.label for s in g.spans} == {"VERB", *p.header.labels}
        assert Header.parse(p.source) == p.header
        checked += 1
    assert checked >= 30  # SNLI premises are often verbless fragments


def test_prompt_from_an_erg_analysis():
    """The ERG analyzer's frames (from a recorded ERG 2018 parse) give the same kind of prompt;
    the auxiliary the MRS leaves out of the verb group is still blanked."""
    path = SHARED / "erg" / "parses.jsonl"
    if not path.exists():
        pytest.skip("needs the recorded ERG parses of the development data (not shipped with Seam)")
    from engine.erg.analyzer import analysis_from_mrs

    records = {}
    with path.open() as f:
        for line in f:
            rec = json.loads(line)
            if rec.get("readings"):
                records[rec["text"]] = rec["readings"][0]["mrs"]
    a = analysis_from_mrs("Alice is driving a car.", records["Alice is driving a car."])
    p = prompt_from_frame(a)
    assert (
        str(p.header)
        == "[VERB+active+present: drive | AGENT+complete: alice | PATIENT+complete: a car]"
    )
    assert p.context == "<extra_id_0> <extra_id_1> <extra_id_2> <extra_id_3> ."
    assert p.target == "[AGENT: Alice] is [VERB: driving] [PATIENT: a car] ."


def test_prompt_from_srl_frames():
    """Frames from an SRL tagger (here hand-written BIO tags) replace the spaCy roles."""
    from engine.srl import SrlFrame, frames_with_srl

    a = analyze("Before dawn the fishermen pulled their nets onto the pier.")[0]
    words = tuple(t.text for t in a.sentence.tokens)
    tags = (
        "B-ARGM-TMP",
        "I-ARGM-TMP",
        "B-ARG0",
        "I-ARG0",
        "B-V",
        "B-ARG1",
        "I-ARG1",
        "B-ARG2",
        "I-ARG2",
        "I-ARG2",
        "O",
    )
    srl = frames_with_srl(a, [SrlFrame(words, 4, tags, "pull")])
    p = prompt_from_frame(srl)
    assert p.header.labels == (
        "AGENT",
        "PATIENT",
        "TEMPORAL",
    )  # ARG2 has no name without frame files
    assert p.context == "<extra_id_0> <extra_id_1> <extra_id_2> <extra_id_3> onto the pier ."
