"""SRL data readers: PropBank frame files (readable argument names) and CoNLL-2012 / JSONL corpora.

The frame files and corpora below are small ones written for these tests.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from engine.errors import InputError, RecordError, ResourceNotFoundError
from engine.srl import SrlFrame, SrlSpan, bio_to_spans
from engine.srl.conll import (
    ConllSentence,
    CorpusError,
    iter_conll2012,
    read_conll2012,
    read_frames_jsonl,
    read_srl_corpus,
    sentence_to_json,
)
from engine.srl.propbank import FrameFileError, PropBankFrames, readable_name

# --- PropBank frame files ----------------------------------------------------------------

BREAK_XML = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE frameset SYSTEM "frameset.dtd">
<frameset>
  <predicate lemma="break">
    <roleset id="break.01" name="come apart, be split into pieces">
      <roles>
        <role n="0" f="pag" descr="whoever splits something"/>
        <role n="1" f="ppt" descr="the thing that splits"/>
        <role n="2" f="" descr="instrument, the tool used"/>
        <role n="3" f="PRD" descr="the pieces it ends in"/>
        <role n="4" descr="something with no function tag"/>
      </roles>
    </roleset>
    <roleset id="break.02" name="stop working">
      <roles>
        <role n="1" f="ppt" descr="the machine"/>
        <role n="2" f="vsp" descr="what made it stop"/>
        <role n="3" f="dir" descr="where it went wrong"/>
      </roles>
    </roleset>
  </predicate>
  <predicate lemma="break_down">
    <roleset id="break.08" name="analyse into parts">
      <roles>
        <role n="0" f="pag" descr="analyst"/>
        <role n="1" f="ppt" descr="what is analysed"/>
        <role n="2" f="gol" descr="the parts that result"/>
      </roles>
    </roleset>
  </predicate>
</frameset>
"""

GIVE_XML = """<frameset>
  <predicate lemma="give">
    <roleset id="give.01" name="hand over">
      <roles>
        <role n="0" f="PAG" descr="giver"/>
        <role n="1" f="PPT" descr="the gift"/>
        <role n="2" f="GOL" descr="whoever receives it"/>
        <role n="3" f="" descr="Attribute of the gift, e.g. its price"/>
        <role n="m" f="loc" descr="where the giving happens"/>
      </roles>
    </roleset>
  </predicate>
</frameset>
"""

PUT_XML = """<frameset>
  <predicate lemma="put">
    <roleset id="put.01" name="place somewhere">
      <roles>
        <role n="0" f="pag" descr="placer"/>
        <role n="1" f="ppt" descr="what is placed"/>
        <role n="2" f="LOC" descr="the place"/>
      </roles>
    </roleset>
    <roleset id="put.02" name="move from one value to another">
      <roles>
        <role n="1" descr="what moves"/>
        <role n="2" descr="start point"/>
        <role n="3" descr="end point"/>
        <role n="4" f="ext" descr=""/>
      </roles>
    </roleset>
  </predicate>
</frameset>
"""


@pytest.fixture
def frames_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "frames"
    folder.mkdir()
    (folder / "break.xml").write_text(BREAK_XML, encoding="utf-8")
    (folder / "give.xml").write_text(GIVE_XML, encoding="utf-8")
    (folder / "put.xml").write_text(PUT_XML, encoding="utf-8")
    return folder


@pytest.fixture
def frames(frames_dir: Path) -> PropBankFrames:
    return PropBankFrames(frames_dir)


@pytest.mark.parametrize(
    ("lemma", "role", "frameset", "name"),
    [
        ("break", "ARG2", "01", "INSTRUMENT"),  # descr "instrument, the tool used"
        ("give", "ARG3", "01", "ATTRIBUTE"),  # descr "Attribute of ...": any case
        ("put", "ARG2", "02", "START"),  # descr "start point"
        ("put", "ARG3", "02", "END"),  # descr "end point"
    ],
)
def test_a_telling_first_word_of_the_description_names_the_argument(
    frames, lemma, role, frameset, name
):
    assert frames.readable(lemma, role, frameset) == name


@pytest.mark.parametrize(
    ("lemma", "role", "frameset", "name"),
    [
        ("break", "ARG3", "01", "PREDICATE"),  # f="PRD"
        ("break", "ARG3", "02", "DIRECTIONAL"),  # f="dir"
        ("give", "ARG2", "01", "GOAL"),  # f="GOL"
        ("put", "ARG2", "01", "LOCATIVE"),  # f="LOC"
        ("put", "ARG4", "02", "EXTENT"),  # f="ext", empty descr
    ],
)
def test_otherwise_the_function_tag_read_as_a_modifier_names_it(
    frames, lemma, role, frameset, name
):
    assert frames.readable(lemma, role, frameset) == name


@pytest.mark.parametrize(
    ("lemma", "role", "frameset"),
    [
        ("break", "ARG2", "02"),  # f="vsp": no modifier of that name
        ("break", "ARG4", "01"),  # no f at all
        ("put", "ARG5", "02"),  # not in the roleset
        ("give", "ARGA", None),  # in no roleset
    ],
)
def test_an_argument_without_a_telling_description_or_tag_has_no_name(
    frames, lemma, role, frameset
):
    assert frames.readable(lemma, role, frameset) is None


def test_the_given_frameset_picks_the_roleset(frames):
    assert frames.readable("break", "ARG3", "01") == "PREDICATE"
    assert frames.readable("break", "ARG3", "02") == "DIRECTIONAL"
    assert frames.readable("break", "ARG3", "break.02") == "DIRECTIONAL"  # a whole roleset id
    assert frames.readable("break", "ARG3", "2") == "DIRECTIONAL"  # without the leading zero


def test_without_a_frameset_the_first_roleset_naming_the_argument_is_used(frames):
    assert frames.readable("break", "ARG3") == "PREDICATE"  # break.01 comes first
    assert frames.readable("put", "ARG3") == "END"  # put.01 has no ARG3: put.02 names it
    assert frames.readable("break", "ARG2") == "INSTRUMENT"


def test_a_frameset_missing_from_the_file_falls_back_to_the_first_roleset(frames):
    assert frames.readable("break", "ARG2", "07") == "INSTRUMENT"


def test_particle_verbs_are_separate_predicates_of_the_verbs_file(frames):
    assert frames.readable("break_down", "ARG2") == "GOAL"
    assert frames.readable("break", "ARG2") == "INSTRUMENT"  # break_down's rolesets are not break's
    assert frames.readable("break", "ARG2", "08") == "GOAL"  # OntoNotes: lemma break, frameset 08
    assert [r.id for r in frames.rolesets("break")] == ["break.01", "break.02", "break.08"]
    assert frames.rolesets("break")[2].predicate == "break_down"


def test_a_lemma_with_no_frame_file_has_no_names(frames):
    assert frames.readable("sneeze", "ARG2") is None
    assert frames.readable("../frames/break", "ARG2") is None  # never a path outside the folder
    assert frames.rolesets("sneeze") == ()


def test_arg0_arg1_and_modifiers_have_fixed_names_whatever_the_frame_says(frames):
    assert frames.readable("give", "ARG0") == "AGENT"  # give.01 calls it "giver"
    assert frames.readable("give", "ARG1", "01") == "PATIENT"
    assert frames.readable("give", "ARGM-LOC") == "LOCATIVE"
    assert frames.readable("give", "V") == "VERB"


def test_reference_and_continuation_arguments_have_no_name(frames):
    assert frames.readable("break", "R-ARG2", "01") is None
    assert frames.readable("break", "C-ARG2", "01") is None
    assert readable_name("R-ARG0") is None
    assert readable_name("C-ARGM-TMP") is None


def test_without_frame_files_numbered_arguments_above_arg1_have_no_name(frames):
    assert readable_name("ARG0") == "AGENT"
    assert readable_name("arg1") == "PATIENT"
    assert readable_name("ARGM-TMP") == "TEMPORAL"
    assert readable_name("ARGM-PRR") is None  # not in TAILOR's table
    assert readable_name("ARG2", "break") is None  # no frames
    assert readable_name("ARG2", None, frames) is None  # no lemma
    assert readable_name("ARG2", "break", frames, "01") == "INSTRUMENT"


def test_frame_files_are_read_once(frames, frames_dir):
    assert frames.readable("give", "ARG2") == "GOAL"
    (frames_dir / "give.xml").unlink()
    assert frames.readable("give", "ARG3") == "ATTRIBUTE"


def test_a_malformed_frame_file_is_an_error_naming_the_file(frames, frames_dir):
    (frames_dir / "run.xml").write_text("<frameset>\n<predicate lemma='run'>\n</frameset>\n")
    with pytest.raises(FrameFileError) as caught:
        frames.readable("run", "ARG2")
    assert isinstance(caught.value, RecordError)
    assert str(caught.value).startswith(f"{frames_dir / 'run.xml'}:3: ")
    assert caught.value.path == str(frames_dir / "run.xml")
    assert frames.readable("give", "ARG2") == "GOAL"  # other files are unaffected


def test_find_an_explicit_path(frames_dir):
    assert PropBankFrames.find(frames_dir).directory == frames_dir
    assert PropBankFrames.find(str(frames_dir)).readable("give", "ARG2") == "GOAL"


def test_find_an_explicit_path_that_does_not_exist_is_an_error(tmp_path):
    with pytest.raises(ResourceNotFoundError, match="propbank-frames"):
        PropBankFrames.find(tmp_path / "nowhere")


def test_find_through_the_environment(monkeypatch, tmp_path, frames_dir):
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "empty-cache"))
    monkeypatch.setenv("SEAM_PROPBANK_FRAMES", str(frames_dir))
    assert PropBankFrames.find().directory == frames_dir


def test_find_in_the_cache_and_in_a_checkout_of_the_frames_repository(monkeypatch, tmp_path):
    monkeypatch.delenv("SEAM_PROPBANK_FRAMES", raising=False)
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "cache"))
    checkout = tmp_path / "cache" / "propbank-frames"
    (checkout / "frames").mkdir(parents=True)
    (checkout / "frames" / "give.xml").write_text(GIVE_XML, encoding="utf-8")
    found = PropBankFrames.find()
    assert found.directory == checkout / "frames"
    assert found.readable("give", "ARG2") == "GOAL"


def test_find_returns_none_when_there_are_no_frame_files(monkeypatch, tmp_path, caplog):
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("SEAM_PROPBANK_FRAMES", str(tmp_path / "missing"))
    with caplog.at_level(logging.WARNING, logger="engine.srl.propbank"):
        assert PropBankFrames.find() is None
    assert "SEAM_PROPBANK_FRAMES" in caplog.text


# --- CoNLL-2012 --------------------------------------------------------------------------

# Columns: document part word# word POS parse lemma frameset sense speaker NE [predicates] coref
DOC_A = """\
#begin document (test/doc_a); part 000
test/doc_a 0 0 The     DT  * -      -  - Ann *        (ARG0*    *           (1
test/doc_a 0 1 cat     NN  * -      -  - Ann *        *)        *           1)
test/doc_a 0 2 ate     VBD * eat    01 1 Ann *        (V*)      *           -
test/doc_a 0 3 the     DT  * -      -  - Ann *        (ARG1*    (ARG1*      (2
test/doc_a 0 4 fish    NN  * -      -  - Ann *        *         *)          -
test/doc_a 0 5 that    WDT * -      -  - Ann *        *         (R-ARG1*)   2)
test/doc_a 0 6 Mary    NNP * -      -  - Ann (PERSON) *         (ARG0*)     -
test/doc_a 0 7 cooked  VBD * cook   01 1 Ann *        *)        (V*)        -
test/doc_a 0 8 /.      .   * -      -  - Ann *        *         *           -

test/doc_a 0 0 The     DT  * -      -  - Ann *        (ARG1*    (ARG1*      -
test/doc_a 0 1 letter  NN  * -      -  - Ann *        *)        *)          -
test/doc_a 0 2 ,       ,   * -      -  - Ann *        *         *           -
test/doc_a 0 3 Anna    NNP * -      -  - Ann (PERSON) (ARG0*)   *           -
test/doc_a 0 4 said    VBD * say    01 - Ann *        (V*)      *           -
test/doc_a 0 5 ,       ,   * -      -  - Ann *        *         *           -
test/doc_a 0 6 arrived VBD * arrive 01 - Ann *        (C-ARG1*  (V*)        -
test/doc_a 0 7 late    RB  * -      -  - Ann *        *)        (ARGM-TMP*) -
test/doc_a 0 8 /.      .   * -      -  - Ann *        *         *           -

#end document
"""

DOC_B = """\
#begin document (test/doc_b); part 001
test/doc_b 1 0 He      PRP   * -     -  - - * (ARG0*)     -
test/doc_b 1 1 left    VBD   * leave 01 - - * (V*)        -
test/doc_b 1 2 -LRB-   -LRB- * -     -  - - * (ARGM-MNR*  -
test/doc_b 1 3 quietly RB    * -     -  - - * *           -
test/doc_b 1 4 -RRB-   -RRB- * -     -  - - * *)          -
test/doc_b 1 5 /.      .     * -     -  - - * *           -

test/doc_b 1 0 Thanks  NNS   * -     -  - - * -
test/doc_b 1 1 /?      .     * -     -  - - * -

#end document
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_one_frame_per_predicate_with_bio_tags_lemma_and_frameset(tmp_path):
    first, second = read_conll2012(write(tmp_path / "a.gold_conll", DOC_A))
    assert first.tokens == ("The", "cat", "ate", "the", "fish", "that", "Mary", "cooked", ".")
    assert (first.document, first.part, first.index, first.line) == ("test/doc_a", 0, 0, 2)
    ate, cooked = first.frames
    assert (ate.verb, ate.lemma, ate.frameset) == (2, "eat", "01")
    assert ate.tags == (
        "B-ARG0",
        "I-ARG0",
        "B-V",
        "B-ARG1",
        "I-ARG1",
        "I-ARG1",
        "I-ARG1",
        "I-ARG1",
        "O",
    )
    assert (cooked.verb, cooked.lemma) == (7, "cook")
    assert cooked.tags == ("O", "O", "O", "B-ARG1", "I-ARG1", "B-R-ARG1", "B-ARG0", "B-V", "O")
    assert (second.index, second.line) == (1, 12)


def test_a_discontinuous_argument_keeps_its_continuation_prefix(tmp_path):
    _, sentence = read_conll2012(write(tmp_path / "a.gold_conll", DOC_A))
    said, arrived = sentence.frames
    assert said.spans == [
        SrlSpan("ARG1", 0, 2),
        SrlSpan("ARG0", 3, 4),
        SrlSpan("V", 4, 5),
        SrlSpan("C-ARG1", 6, 8),
    ]
    assert arrived.spans == [SrlSpan("ARG1", 0, 2), SrlSpan("V", 6, 7), SrlSpan("ARGM-TMP", 7, 8)]


def test_the_verb_is_found_by_its_v_bracket_not_by_column_order(tmp_path):
    # the two predicate columns of the first sentence, swapped
    lines = [line for line in DOC_A.splitlines()[:11]]
    swapped = []
    for line in lines:
        cols = line.split()
        if len(cols) == 14:
            cols[11], cols[12] = cols[12], cols[11]
        swapped.append(" ".join(cols))
    (sentence,) = iter_conll2012(swapped)
    assert [(f.verb, f.lemma) for f in sentence.frames] == [(7, "cook"), (2, "eat")]


def test_escapes_are_undone_unless_asked_not_to(tmp_path):
    path = write(tmp_path / "b.gold_conll", DOC_B)
    left, thanks = read_conll2012(path)
    assert left.tokens == ("He", "left", "(", "quietly", ")", ".")
    assert left.frames[0].spans[-1] == SrlSpan("ARGM-MNR", 2, 5)
    assert thanks.tokens == ("Thanks", "?")
    assert thanks.frames == ()  # a sentence without predicates
    raw, _ = read_conll2012(path, unescape=False)
    assert raw.tokens == ("He", "left", "-LRB-", "quietly", "-RRB-", "/.")


def test_a_folder_is_read_recursively_in_sorted_order(tmp_path):
    write(tmp_path / "corpus" / "z" / "b.v4_gold_conll", DOC_B)
    write(tmp_path / "corpus" / "a" / "a.v4_gold_conll", DOC_A)
    write(tmp_path / "corpus" / "a" / "notes.txt", "not a corpus file")
    sentences = list(read_conll2012(tmp_path / "corpus"))
    assert [(s.document, s.part, s.index) for s in sentences] == [
        ("test/doc_a", 0, 0),
        ("test/doc_a", 0, 1),
        ("test/doc_b", 1, 0),
        ("test/doc_b", 1, 1),
    ]
    assert sentences[2].path == str(tmp_path / "corpus" / "z" / "b.v4_gold_conll")


def test_a_missing_corpus_is_an_error_at_once(tmp_path):
    with pytest.raises(ResourceNotFoundError):
        read_conll2012(tmp_path / "nowhere.gold_conll")
    with pytest.raises(InputError, match="'raise' or 'skip'"):
        read_conll2012(tmp_path, errors="ignore")


GOOD = "d 0 0 Rain NN * rain 01 - - * (V*) -\nd 0 1 fell VBD * fall 01 - - * * -\n"


@pytest.mark.parametrize(
    ("sentence", "line", "message"),
    [
        (
            "d 0 0 Rain NN * - - - - * (V*) -\nd 0 1 fell VBD * - - - - * -\n",
            2,
            "expected 13 columns",
        ),
        ("d 0 0 Rain NN * - - - - *\n", 1, "at least 12 columns"),
        ("d 0 0 Rain NN * - - - - * (ARG1* -\nd 0 1 fell VBD * fall 01 - - * (V* -\n", 2, "nested"),
        (
            "d 0 0 Rain NN * - - - - * (ARG1* -\nd 0 1 fell VBD * fall 01 - - * * -\n",
            1,
            "not closed",
        ),
        ("d 0 0 Rain NN * - - - - * *) -\nd 0 1 fell VBD * fall 01 - - * (V*) -\n", 1, "not open"),
        ("d 0 0 Rain NN * - - - - * (ARG1*) -\nd 0 1 fell VBD * fall 01 - - * * -\n", 1, "no (V*)"),
        (
            "d 0 0 Rain NN * - - - - * ARG1 -\nd 0 1 fell VBD * fall 01 - - * (V*) -\n",
            1,
            "not an argument cell",
        ),
        ("d x 0 Rain NN * - - - - * (V*) -\n", 1, "part number"),
    ],
)
def test_a_malformed_sentence_is_an_error_naming_path_and_line(tmp_path, sentence, line, message):
    path = write(tmp_path / "bad.gold_conll", GOOD + "\n" + sentence)
    with pytest.raises(CorpusError, match=message) as caught:
        list(read_conll2012(path))
    here = line + 3  # the good sentence and its blank line come first
    assert str(caught.value).startswith(f"{path}:{here}: ")
    assert (caught.value.path, caught.value.line) == (str(path), here)
    assert isinstance(caught.value, RecordError)


def test_malformed_sentences_can_be_skipped_with_a_warning(tmp_path, caplog):
    bad = "d 0 0 Rain NN * - - - - * (ARG1* -\nd 0 1 fell VBD * fall 01 - - * * -\n"
    path = write(tmp_path / "bad.gold_conll", bad + "\n" + GOOD + "\n" + bad)
    with caplog.at_level(logging.WARNING, logger="engine.srl.conll"):
        sentences = list(read_conll2012(path, errors="skip"))
    assert [(s.tokens, s.index, s.line) for s in sentences] == [(("Rain", "fell"), 1, 4)]
    assert f"{path}:1: " in caplog.text and f"{path}:7: " in caplog.text
    assert f"{path}: skipped 2 malformed sentence(s)" in caplog.text


# --- JSONL frames ------------------------------------------------------------------------


def test_jsonl_frames_with_tokens_or_text(tmp_path):
    path = write(
        tmp_path / "frames.jsonl",
        json.dumps(
            {
                "tokens": ["Birds", "sing", "loudly"],
                "frames": [
                    {
                        "verb": 1,
                        "tags": ["B-ARG0", "B-V", "B-ARGM-MNR"],
                        "lemma": "sing",
                        "frameset": "01",
                    }
                ],
            }
        )
        + "\n\n"
        + json.dumps({"text": "It  snowed", "frames": [{"verb": 1, "tags": ["O", "B-V"]}]})
        + "\n"
        + json.dumps({"text": "Hello there"})
        + "\n",
    )
    birds, snow, hello = read_frames_jsonl(path)
    assert birds.frames == (
        SrlFrame(("Birds", "sing", "loudly"), 1, ("B-ARG0", "B-V", "B-ARGM-MNR"), "sing", "01"),
    )
    assert (snow.tokens, snow.frames[0].lemma, snow.frames[0].frameset) == (
        ("It", "snowed"),
        None,
        None,
    )
    assert (snow.index, snow.line) == (1, 3)
    assert hello.frames == ()


BROKEN_LINES = [
    ('{"tokens": ["a", "b"', "invalid JSON"),
    ('["a", "b"]', "expected a JSON object"),
    ('{"frames": []}', "'tokens'"),
    ('{"tokens": ["a", 1]}', "list of strings"),
    ('{"tokens": ["a"], "frames": [{"verb": 0, "tags": ["B-V", "O"]}]}', "1 tokens but 2 tags"),
    ('{"tokens": ["a"], "frames": [{"verb": 3, "tags": ["B-V"]}]}', "outside"),
    ('{"tokens": ["a"], "frames": [{"verb": "0", "tags": ["B-V"]}]}', "'verb'"),
    ('{"tokens": ["a"], "frames": [{"verb": 0, "tags": ["X-V"]}]}', "BIO tags"),
    ('{"tokens": ["a"], "frames": [{"verb": 0, "tags": ["B-V"], "lemma": 7}]}', "'lemma'"),
    ('{"tokens": ["a"], "frames": {"verb": 0}}', "'frames'"),
]


@pytest.mark.parametrize(("line", "message"), BROKEN_LINES)
def test_a_broken_jsonl_line_is_an_error_naming_path_and_line(tmp_path, line, message):
    good = json.dumps({"tokens": ["Yes"], "frames": []})
    path = write(tmp_path / "frames.jsonl", good + "\n" + line + "\n")
    with pytest.raises(CorpusError, match=message) as caught:
        list(read_frames_jsonl(path))
    assert str(caught.value).startswith(f"{path}:2: ")


def test_broken_jsonl_lines_can_be_skipped(tmp_path, caplog):
    good = json.dumps({"tokens": ["Yes"], "frames": [{"verb": 0, "tags": ["B-V"]}]})
    lines = [good] + [line for line, _ in BROKEN_LINES] + [good]
    path = write(tmp_path / "frames.jsonl", "\n".join(lines) + "\n")
    with caplog.at_level(logging.WARNING, logger="engine.srl.conll"):
        sentences = list(read_frames_jsonl(path, errors="skip"))
    assert [(s.index, s.line) for s in sentences] == [(0, 1), (1, len(lines))]
    assert f"{path}:2: " in caplog.text
    assert f"skipped {len(BROKEN_LINES)} malformed line(s)" in caplog.text


def test_conll_frames_survive_a_round_trip_through_jsonl(tmp_path):
    conll = list(read_conll2012(write(tmp_path / "a.gold_conll", DOC_A)))
    path = tmp_path / "frames.jsonl"
    path.write_text(
        "".join(json.dumps(sentence_to_json(s)) + "\n" for s in conll), encoding="utf-8"
    )
    back = list(read_frames_jsonl(path))
    assert [s.frames for s in back] == [s.frames for s in conll]
    assert bio_to_spans(back[0].frames[1].tags)[1] == SrlSpan("R-ARG1", 5, 6)


def test_read_srl_corpus_chooses_the_reader_by_suffix(tmp_path):
    conll = write(tmp_path / "corpus" / "a.gold_conll", DOC_A)
    jsonl = write(tmp_path / "frames.jsonl", json.dumps({"text": "It rained"}) + "\n")
    assert len(list(read_srl_corpus(conll))) == 2
    assert len(list(read_srl_corpus(tmp_path / "corpus"))) == 2
    assert [s.tokens for s in read_srl_corpus(jsonl)] == [("It", "rained")]
    assert all(isinstance(s, ConllSentence) for s in read_srl_corpus(conll))
    with pytest.raises(ResourceNotFoundError):
        read_srl_corpus(tmp_path / "missing.jsonl")
