"""The closed-world checks that name a misread parse, run on parses given by hand.

A misparse of the kind these checks catch comes and goes with the statistical model, so each is
tested here on a parse written out in full (the words ours, the attachments the misread ones),
beside a parse of the same words that the check must leave alone.
"""

from __future__ import annotations

from engine.checks import closed
from engine.ir import Analysis, Frame, Predicate, Sentence, Token
from engine.transforms.algebra import EditPlan


def _parse(rows: list[tuple[str, str, str, str, int]]) -> list[Token]:
    """Tokens from (text, pos, tag, dep, head) rows, spaced as words are."""
    tokens, at = [], 0
    for i, (text, pos, tag, dep, head) in enumerate(rows):
        nxt = rows[i + 1][0] if i + 1 < len(rows) else ""
        space = "" if nxt in (",", ".", "n't") or not nxt else " "
        tokens.append(Token(i, text, at, at + len(text), text.lower(), pos, tag, dep, head, space))
        at += len(text) + len(space)
    return tokens


def _analysis(tokens: list[Token], verb: int, tense: str, group: tuple[int, ...]) -> Analysis:
    text = "".join(t.text + t.whitespace for t in tokens)
    main = Frame(Predicate(tokens[verb].lemma, tense=tense), verb, group)
    return Analysis(Sentence(text, tuple(tokens)), (main,), 0)


def _with_subject(analysis: Analysis, start: int, end: int, head: int) -> Frame:
    from engine.ir import Argument

    tokens = analysis.sentence.tokens
    text = " ".join(t.text for t in tokens[start:end])
    main = analysis.frames[0]
    return Frame(
        main.predicate,
        main.verb,
        main.verb_group,
        (Argument("ARG0", (start, end), text, head, "subj"),),
    )


# *The warden moved that the gate be locked and chained, and the motion was passed by all.*
# with the second clause hung on the complement's verb, as the parser did
_MOTION = [
    ("The", "DET", "DT", "det", 1),
    ("warden", "NOUN", "NN", "nsubj", 2),
    ("moved", "VERB", "VBD", "ROOT", 2),
    ("that", "SCONJ", "IN", "mark", 7),
    ("the", "DET", "DT", "det", 5),
    ("gate", "NOUN", "NN", "nsubjpass", 7),
    ("be", "AUX", "VB", "auxpass", 7),
    ("locked", "VERB", "VBN", "ccomp", 2),
    ("and", "CCONJ", "CC", "cc", 7),
    ("chained", "VERB", "VBN", "conj", 7),
    (",", "PUNCT", ",", "punct", 7),
    ("and", "CCONJ", "CC", "cc", 7),
    ("the", "DET", "DT", "det", 13),
    ("motion", "NOUN", "NN", "nsubjpass", 15),
    ("was", "AUX", "VBD", "auxpass", 15),
    ("passed", "VERB", "VBN", "conj", 7),
    ("by", "ADP", "IN", "agent", 15),
    ("all", "PRON", "DT", "pobj", 16),
    (".", "PUNCT", ".", "punct", 2),
]


def test_a_clause_after_a_comma_and_inside_a_complement_is_refused():
    a = _analysis(_parse(_MOTION), 2, "past", (2,))
    why = closed.clause_joined_in_a_complement(a, a.frames[0], EditPlan({"tense": "fut"}))
    assert why is not None and "second main clause" in why
    assert "'the motion was passed" in why
    # a past edit of two clauses already past changes neither: no refusal
    assert closed.clause_joined_in_a_complement(a, a.frames[0], EditPlan({"tense": "past"})) is None


def test_a_clause_with_its_own_that_stays_in_the_complement():
    rows = list(_MOTION)
    rows[12:12] = [("that", "SCONJ", "IN", "mark", 16)]
    rows = [
        (text, pos, tag, dep, head + 1 if head >= 12 and k != 12 else head)
        for k, (text, pos, tag, dep, head) in enumerate(rows)
    ]
    a = _analysis(_parse(rows), 2, "past", (2,))
    assert closed.clause_joined_in_a_complement(a, a.frames[0], EditPlan({"tense": "fut"})) is None


# *The signs are unclear, so we bought a ticket we didn't need.* with the relative clause's
# verb read as the main one and all before it as its complement
def test_a_relative_clause_read_as_the_frame_of_the_rest_is_refused():
    rows = [
        ("The", "DET", "DT", "det", 1),
        ("signs", "NOUN", "NNS", "nsubj", 2),
        ("are", "AUX", "VBP", "ccomp", 7),
        ("unclear", "ADJ", "JJ", "acomp", 2),
        (",", "PUNCT", ",", "punct", 7),
        ("so", "ADV", "RB", "advmod", 7),
        ("we", "PRON", "PRP", "nsubj", 7),
        ("bought", "VERB", "VBD", "ccomp", 13),
        ("a", "DET", "DT", "det", 9),
        ("ticket", "NOUN", "NN", "dobj", 7),
        ("we", "PRON", "PRP", "nsubj", 13),
        ("did", "AUX", "VBD", "aux", 13),
        ("n't", "PART", "RB", "neg", 13),
        ("need", "VERB", "VB", "ROOT", 13),
        (".", "PUNCT", ".", "punct", 13),
    ]
    a = _analysis(_parse(rows), 13, "past", (11, 12, 13))
    main = _with_subject(a, 10, 11, 10)
    why = closed.clause_read_as_frame(a, main, EditPlan({"tense": "fut"}))
    assert why is not None and "'we didn't need'" in why


def test_a_frame_set_off_by_a_comma_is_a_frame():
    rows = [  # *The gate opens at six, the warden says.*
        ("The", "DET", "DT", "det", 1),
        ("gate", "NOUN", "NN", "nsubj", 2),
        ("opens", "VERB", "VBZ", "ccomp", 8),
        ("at", "ADP", "IN", "prep", 2),
        ("six", "NUM", "CD", "pobj", 3),
        (",", "PUNCT", ",", "punct", 8),
        ("the", "DET", "DT", "det", 7),
        ("warden", "NOUN", "NN", "nsubj", 8),
        ("says", "VERB", "VBZ", "ROOT", 8),
        (".", "PUNCT", ".", "punct", 8),
    ]
    a = _analysis(_parse(rows), 8, "pres", (8,))
    main = _with_subject(a, 6, 8, 7)
    assert closed.clause_read_as_frame(a, main, EditPlan({"tense": "past"})) is None


def test_a_frame_of_saying_is_a_frame_without_its_comma():
    rows = [  # *rates will rise he said*, as tokenized text without its commas has it
        ("rates", "NOUN", "NNS", "nsubj", 2),
        ("will", "AUX", "MD", "aux", 2),
        ("rise", "VERB", "VB", "ccomp", 4),
        ("he", "PRON", "PRP", "nsubj", 4),
        ("said", "VERB", "VBD", "ROOT", 4),
    ]
    tokens = _parse(rows)
    tokens[4] = Token(4, "said", tokens[4].start, tokens[4].end, "say", "VERB", "VBD", "ROOT", 4)
    a = _analysis(tokens, 4, "past", (4,))
    main = _with_subject(a, 3, 4, 3)
    assert closed.clause_read_as_frame(a, main, EditPlan({"tense": "fut"})) is None


def test_a_passive_subject_without_a_passive_auxiliary_is_a_misread():
    rows = [  # *We found a lamp that the council has not fixed.* with 'council' a passive subject
        ("We", "PRON", "PRP", "nsubj", 1),
        ("found", "VERB", "VBD", "ROOT", 1),
        ("a", "DET", "DT", "det", 3),
        ("lamp", "NOUN", "NN", "dobj", 1),
        ("that", "SCONJ", "IN", "mark", 9),
        ("the", "DET", "DT", "det", 6),
        ("council", "NOUN", "NN", "nsubjpass", 9),
        ("has", "AUX", "VBZ", "aux", 9),
        ("not", "PART", "RB", "neg", 9),
        ("fixed", "VERB", "VBN", "acl", 3),
        (".", "PUNCT", ".", "punct", 1),
    ]
    a = _analysis(_parse(rows), 1, "past", (1,))
    why = closed.unsettled_parse(a, a.frames[0], EditPlan({"tense": "fut"}))
    assert why is not None and "no passive auxiliary" in why
    # an edit that leaves the relative clause as it is does not depend on its voice
    assert closed.unsettled_parse(a, a.frames[0], EditPlan({"polarity": "neg"})) is None


def test_a_subject_that_ends_in_a_conjunction_is_a_misread():
    rows = [  # *Why does my dog bark at cats but ignore birds?* with 'bark' read as a noun
        ("Why", "SCONJ", "WRB", "advmod", 8),
        ("does", "AUX", "VBZ", "aux", 8),
        ("my", "PRON", "PRP$", "poss", 4),
        ("dog", "ADJ", "JJR", "amod", 4),
        ("bark", "NOUN", "NN", "nsubj", 8),
        ("at", "ADP", "IN", "prep", 4),
        ("cats", "NOUN", "NNS", "pobj", 5),
        ("but", "CCONJ", "CC", "cc", 4),
        ("ignore", "VERB", "VB", "ROOT", 8),
        ("birds", "NOUN", "NNS", "dobj", 8),
        ("?", "PUNCT", ".", "punct", 8),
    ]
    a = _analysis(_parse(rows), 8, "pres", (1, 8))
    main = _with_subject(a, 2, 8, 4)
    why = closed.subject_ends_in_a_conjunction(a, main, EditPlan({"polarity": "neg"}))
    assert why is not None and "ends the subject" in why


# *The clerk copies documents fast.* with *documents fast* read as a clause after *copies*
# (*fast* its verb), as the model once did: the example of refusal R203
_FAST = [
    ("The", "DET", "DT", "det", 1),
    ("clerk", "NOUN", "NN", "nsubj", 2),
    ("copies", "VERB", "VBZ", "ROOT", 2),
    ("documents", "NOUN", "NNS", "nsubj", 4),
    ("fast", "VERB", "VBP", "ccomp", 2),
    (".", "PUNCT", ".", "punct", 2),
]


def test_a_bare_clause_after_a_verb_that_takes_none_is_refusal_r203():
    from engine.checks import REFUSALS, refusal

    a = _analysis(_parse(_FAST), 2, "pres", (2,))
    a = Analysis(a.sentence, (_with_subject(a, 0, 2, 1),), 0)
    got = refusal(a, EditPlan({"tense": "fut"}))
    assert got is not None and got.code == "R203"
    assert "'documents fast' a clause of its own after 'copies'" in got.reason
    entry = next(e for e in REFUSALS if e.code == "R203")
    assert entry.example == a.text and entry.edit == "tense(fut)"
    # read right (*fast* an adverb of *copies*), nothing refuses the future
    rows = [*_FAST[:3], ("documents", "NOUN", "NNS", "dobj", 2), ("fast", "ADV", "RB", "advmod", 2)]
    b = _analysis(_parse([*rows, _FAST[5]]), 2, "pres", (2,))
    b = Analysis(b.sentence, (_with_subject(b, 0, 2, 1),), 0)
    assert refusal(b, EditPlan({"tense": "fut"})) is None
