"""TAILOR generator training: examples from gold SRL, the MLE + unlikelihood loss, the loop, the
CLI.

Everything runs offline on a tiny T5 built in-process (engine.testing.t5) and a handful of
sentences written for these tests.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from engine.cli import build_parser  # noqa: E402
from engine.srl.conll import ConllSentence, read_srl_corpus, sentence_to_json  # noqa: E402
from engine.srl.propbank import PropBankFrames  # noqa: E402
from engine.srl.tags import SrlFrame, SrlSpan, spans_to_bio  # noqa: E402
from engine.tailor.codes import Header, split_header  # noqa: E402
from engine.tailor.train import (  # noqa: E402
    KeywordStats,
    TrainingExample,
    build_examples,
    collect_keyword_stats,
    evaluate,
    keyword_candidates,
    latest_checkpoint,
    read_examples,
    relabel_pool,
    split_examples,
    tailor_loss,
    train,
)
from engine.testing.t5 import build_tiny_checkpoint, t5_base_config  # noqa: E402

# --------------------------------------------------------------------------------------------
# Data: our own sentences with gold PropBank frames
# --------------------------------------------------------------------------------------------


def _frame(tokens, verb, lemma, roles) -> SrlFrame:
    spans = [SrlSpan("V", verb, verb + 1)] + [SrlSpan(r, s, e) for r, (s, e) in roles.items()]
    return SrlFrame(tuple(tokens), verb, tuple(spans_to_bio(spans, len(tokens))), lemma, "01")


def _sentence(index: int, text: str, *frames) -> ConllSentence:
    tokens = text.split()
    return ConllSentence(
        "tests",
        0,
        index,
        tuple(tokens),
        tuple(_frame(tokens, v, lemma, roles) for v, lemma, roles in frames),
        index + 1,
    )


SENTENCES = [
    _sentence(
        0,
        "The nurse comforted the child in the hallway .",
        (2, "comfort", {"ARG0": (0, 2), "ARG1": (3, 5), "ARGM-LOC": (5, 8)}),
    ),
    _sentence(
        1,
        "A storm will close the bridge tomorrow .",
        (3, "close", {"ARG0": (0, 2), "ARGM-MOD": (2, 3), "ARG1": (4, 6), "ARGM-TMP": (6, 7)}),
    ),
    _sentence(
        2,
        "The letters were sorted by a clerk before noon .",
        (3, "sort", {"ARG1": (0, 2), "ARG0": (4, 7), "ARGM-TMP": (7, 9)}),
    ),
    _sentence(
        3,
        "She has never visited the museum .",
        (3, "visit", {"ARG0": (0, 1), "ARGM-NEG": (2, 3), "ARG1": (4, 6)}),
    ),
    # "said" has a discontinuous ARG1 (C-ARG1): TAILOR skips such predicates.
    _sentence(
        4,
        "The plan , he said , was simple .",
        (4, "say", {"ARG1": (0, 2), "ARG0": (3, 4), "C-ARG1": (6, 8)}),
        (6, "be", {"ARG1": (0, 2), "ARG2": (7, 8)}),
    ),
    _sentence(
        5,
        "The farmer gave the goat some hay after lunch .",
        (2, "give", {"ARG0": (0, 2), "ARG2": (3, 5), "ARG1": (5, 7), "ARGM-TMP": (7, 9)}),
    ),
    # spaCy reads "boiling" as a noun: the gold predicate still needs a frame.
    _sentence(
        6,
        "The boiling water burned his hand .",
        (1, "boil", {"ARG1": (2, 3)}),
        (3, "burn", {"ARG0": (0, 3), "ARG1": (4, 6)}),
    ),
]

GIVE_XML = """<frameset><predicate lemma="give"><roleset id="give.01" name="transfer"><roles>
<role descr="giver" f="pag" n="0"/><role descr="thing given" f="ppt" n="1"/>
<role descr="entity given to" f="gol" n="2"/></roles></roleset></predicate></frameset>"""

_LABELLED = re.compile(r"\[([A-Z][A-Z0-9-]*): ([^\[\]]*)\]")


def plain(target: str) -> str:
    """The sentence under a target: labels removed."""
    return _LABELLED.sub(r"\2", target)


def spans_of(target: str) -> dict[str, str]:
    return {m.group(1): m.group(2) for m in _LABELLED.finditer(target)}


def conll_lines(sentence: ConllSentence) -> list[str]:
    """The sentence as CoNLL-2012 rows (brackets from the BIO tags)."""
    rows = []
    n = len(sentence.tokens)
    for i, word in enumerate(sentence.tokens):
        own = next((f for f in sentence.frames if f.verb == i), None)
        cells = []
        for f in sentence.frames:
            tag = f.tags[i]
            nxt = f.tags[i + 1] if i + 1 < n else "O"
            cell = f"({tag[2:]}*" if tag.startswith("B-") else "*"
            if tag != "O" and nxt != "I-" + tag[2:]:
                cell += ")"
            cells.append(cell)
        lemma, frameset = (own.lemma, own.frameset) if own else ("-", "-")
        rows.append(
            " ".join(
                ["tests", "0", str(i), word, "XX", "*", lemma, frameset, "-", "-", "*", *cells, "-"]
            )
        )
    return rows


@pytest.fixture(scope="module", autouse=True)
def one_thread():
    """Tiny models train fastest on one thread (the test machine is shared)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="module")
def nlp():
    from engine.resources import load_spacy

    return load_spacy()


@pytest.fixture(scope="module")
def examples(nlp):
    return list(build_examples(SENTENCES, seed=0, nlp=nlp))


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory, examples):
    corpus = [e.source for e in examples] + [e.target for e in examples]
    return build_tiny_checkpoint(tmp_path_factory.mktemp("tiny"), corpus, vocab_size=256)


def _sentence_text(example: TrainingExample) -> str:
    index = int(example.sentence.rpartition(":")[2]) - 1
    return " ".join(SENTENCES[index].tokens)


# --------------------------------------------------------------------------------------------
# Examples
# --------------------------------------------------------------------------------------------


def test_positive_targets_are_the_sentence_with_the_blanked_spans_labelled(examples):
    positives = [e for e in examples if e.kind == "positive"]
    assert len(positives) == 8  # 9 predicates, one with a C- argument
    for e in positives:
        assert e.reward == 1
        assert plain(e.target) == _sentence_text(e)
        header, context = split_header(e.source)
        labelled = spans_of(e.target)
        # every argument in the header is a labelled span of the target, and the verb is too
        assert set(header.labels) | {"VERB"} == set(labelled)
        assert context.count("<extra_id_") >= len(labelled)
    close = next(e for e in positives if e.target.count("[VERB: close]"))
    assert "[VERB+active+future: close" in close.source


def test_gold_spans_keep_their_text_and_auxiliaries_are_blanked(examples):
    sorted_ = next(e for e in examples if e.kind == "positive" and "[VERB: sorted]" in e.target)
    assert sorted_.source.startswith("[VERB+passive+past: sort")
    assert "were" not in split_header(sorted_.source)[1]  # the auxiliary is a blank
    for e in examples:
        if e.kind == "positive" and "[AGENT: " in e.target:
            agent = spans_of(e.target)["AGENT"]
            assert agent in {
                "The nurse",
                "A storm",
                "by a clerk",
                "She",
                "The farmer",
                "The boiling water",
            }


def test_negatives_change_the_source_and_keep_the_original_sentence(examples):
    by_predicate: dict[tuple, list[TrainingExample]] = {}
    for e in examples:
        by_predicate.setdefault((e.sentence, e.verb), []).append(e)
    kinds = Counter(e.kind for e in examples)
    assert (
        kinds["mismatch_roles"] == 8
        and kinds["mismatch_keywords"] >= 6
        and kinds["mismatch_specificity"] >= 4
    )
    for rows in by_predicate.values():
        positive = rows[0]
        assert positive.kind == "positive"
        pos_header = split_header(positive.source)[0]
        for neg in rows[1:]:
            assert neg.reward == -1
            assert neg.source != positive.source
            assert plain(neg.target) == plain(positive.target)  # the original sentence
            header = split_header(neg.source)[0]
            assert split_header(neg.source)[1] == split_header(positive.source)[1]  # same blanks
            if neg.kind in ("mismatch_keywords", "mismatch_specificity"):
                assert neg.target == positive.target
            if neg.kind == "mismatch_roles":
                assert header.verb.tense != pos_header.verb.tense
                assert header.verb.voice != pos_header.verb.voice
                # no MODAL is asked for (TAILOR's is_training=True)
                assert (header.arg("MODAL") is None) == (pos_header.arg("MODAL") is None)
                old, new = spans_of(positive.target), spans_of(neg.target)
                if {"AGENT", "PATIENT"} <= set(pos_header.labels):
                    assert new["AGENT"] == old["PATIENT"] and new["PATIENT"] == old["AGENT"]
                for arg in pos_header.args:
                    if not arg.is_core and arg.label != "MODAL":
                        assert header.arg(arg.label) is None or arg.label not in new
            if neg.kind == "mismatch_keywords":
                assert (
                    header.verb.lemma != pos_header.verb.lemma
                )  # really changed (TAILOR's was a no-op)
            if neg.kind == "mismatch_specificity":
                changed = [
                    a.label
                    for a in header.args
                    if a.specificity != pos_header.arg(a.label).specificity
                ]
                assert changed and set(changed) <= {"AGENT", "PATIENT"}


def test_examples_are_deterministic_given_the_seed(nlp, examples):
    assert list(build_examples(SENTENCES, seed=0, nlp=nlp)) == examples
    assert list(build_examples(SENTENCES, seed=1, nlp=nlp)) != examples
    positives = list(build_examples(SENTENCES, seed=0, nlp=nlp, negatives=False))
    assert positives == [e for e in examples if e.kind == "positive"]


def test_continuation_predicates_are_skipped_and_every_gold_predicate_has_a_frame(nlp):
    counts: Counter = Counter()
    rows = list(build_examples(SENTENCES, seed=0, nlp=nlp, counts=counts))
    assert counts["predicates"] == 9 and counts["skipped_continuation"] == 1
    assert not any(e.sentence == "tests:5" and e.verb == 4 for e in rows)  # "said"
    boil = [e for e in rows if e.kind == "positive" and "[VERB: boiling]" in e.target]
    assert (
        len(boil) == 1 and "VERB+active+present: boil" in boil[0].source
    )  # gold lemma, TAILOR tense


def test_propbank_frames_name_numbered_arguments(nlp, tmp_path):
    (tmp_path / "give.xml").write_text(GIVE_XML, encoding="utf-8")
    frames = PropBankFrames.find(tmp_path)
    assert "GOAL" in relabel_pool("give", "01", frames)
    targets = [
        e.target
        for seed in range(6)
        for e in build_examples(SENTENCES[5:6], seed=seed, nlp=nlp, frames=frames, negatives=False)
    ]
    assert any("[GOAL: the goat]" in t for t in targets)
    without = list(build_examples(SENTENCES[5:6], seed=0, nlp=nlp, negatives=False))
    assert "GOAL" not in without[0].target and "the goat" in without[0].target  # stays as context


def test_keyword_candidates_follow_tailor(nlp):
    import random

    from spacy.tokens import Doc

    doc = nlp(Doc(nlp.vocab, words="The nurse comforted the child in the hallway .".split()))
    cands = keyword_candidates(doc, 5, 8, random.Random(0))
    assert cands[0] == ("*", None)
    assert ("in the hallway", "complete") in cands  # EXACT
    assert ("the hallway", "partial") in cands  # NOUN_CHUNKS
    assert ("in", "partial") in cands  # CONNECT
    assert len(set(cands)) == len(cands)


def test_the_parser_must_be_on(nlp):
    from engine.errors import TailorError

    with nlp.select_pipes(disable=["parser"]), pytest.raises(TailorError, match="parser"):
        next(build_examples(SENTENCES, nlp=nlp))


def test_keyword_stats_are_counted_over_the_corpus(nlp):
    stats = collect_keyword_stats(SENTENCES, nlp=nlp)
    assert "comfort" in stats.top("VERB", None) and "boil" in stats.top("VERB", None)
    assert "tomorrow" in stats.top("TEMPORAL", "complete")
    assert "The nurse" in stats.top("AGENT", "complete")


def test_keyword_stats_keep_the_fifteen_most_frequent():
    stats = KeywordStats()
    for i in range(20):
        for _ in range(i + 1):
            stats.add("TEMPORAL", "complete", f"day {i}")
    top = stats.top("TEMPORAL", "complete")
    assert len(top) == 15 and top[0] == "day 19" and "day 0" not in top
    assert (
        KeywordStats.from_dict(json.loads(json.dumps(stats.to_dict()))).top("TEMPORAL", "complete")
        == top
    )


def test_split_is_by_sentence_and_writes_both_parts(examples):
    train_rows, dev_rows = split_examples(examples, 0.1, seed=42)
    assert len(train_rows) + len(dev_rows) == len(examples)
    assert dev_rows and not {e.sentence for e in train_rows} & {e.sentence for e in dev_rows}
    assert split_examples(examples, 0.1, seed=42) == (train_rows, dev_rows)


# --------------------------------------------------------------------------------------------
# Loss
# --------------------------------------------------------------------------------------------


def _batch(seed: int = 0):
    g = torch.Generator().manual_seed(seed)
    logits = torch.randn(3, 4, 7, generator=g, requires_grad=True)
    labels = torch.tensor([[1, 2, 3, -100], [4, 5, -100, -100], [6, 0, 2, 1]])
    return logits, labels


def test_mle_is_the_cross_entropy_of_positive_rows():
    logits, labels = _batch()
    loss, stats = tailor_loss(logits, labels, torch.tensor([1, 1, 1]))
    expected = torch.nn.functional.cross_entropy(
        logits.reshape(-1, 7), labels.reshape(-1), ignore_index=-100
    )
    assert torch.allclose(loss, expected)
    assert stats["ul"] == 0.0 and stats["positive_tokens"] == 9 and stats["negative_rows"] == 0


def test_unlikelihood_is_mean_minus_log_one_minus_p_over_all_negative_tokens():
    logits, labels = _batch()
    rewards = torch.tensor([1, -1, -1])
    loss, stats = tailor_loss(logits, labels, rewards, ul_alpha=0.5)
    p = torch.softmax(logits.detach(), -1)
    mle = -sum(math.log(p[0, t, labels[0, t]]) for t in range(3)) / 3
    neg = [(1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (2, 3)]
    ul = -sum(math.log(1 - p[r, t, labels[r, t]]) for r, t in neg) / len(neg)
    assert stats["mle"] == pytest.approx(mle, rel=1e-5)
    assert stats["ul"] == pytest.approx(ul, rel=1e-5)
    assert loss.item() == pytest.approx(mle + 0.5 * ul, rel=1e-5)
    # a token the model is sure of costs -log(1e-20), not infinity
    sure = torch.full((1, 1, 3), -1e4)
    sure[0, 0, 1] = 1e4
    _, s = tailor_loss(sure, torch.tensor([[1]]), torch.tensor([-1]))
    assert s["ul"] == pytest.approx(-math.log(1e-20), rel=1e-3)


@pytest.mark.parametrize("rewards", [[1, 1, 1], [-1, -1, -1], [1, -1, 1]])
def test_one_sided_batches_give_finite_losses_and_gradients(rewards):
    logits, labels = _batch()
    loss, stats = tailor_loss(logits, labels, torch.tensor(rewards))
    loss.backward()
    assert torch.isfinite(loss) and torch.isfinite(logits.grad).all()
    assert (stats["positive_rows"], stats["negative_rows"]) == (rewards.count(1), rewards.count(-1))
    empty, _ = tailor_loss(logits.detach(), torch.full((3, 4), -100), torch.tensor(rewards))
    assert empty.item() == 0.0


# --------------------------------------------------------------------------------------------
# Training
# --------------------------------------------------------------------------------------------


def test_tiny_checkpoint_loads_offline_like_t5(checkpoint):
    from transformers import (
        AutoTokenizer,
        PreTrainedTokenizerFast,
        T5ForConditionalGeneration,
        T5TokenizerFast,
    )

    tok = AutoTokenizer.from_pretrained(checkpoint)
    model = T5ForConditionalGeneration.from_pretrained(checkpoint)
    source = (
        "[VERB+active+past: comfort | AGENT+complete: the nurse] <extra_id_0> <extra_id_1> the "
        "child ."
    )
    ids = tok(source).input_ids
    assert ids[-1] == tok.eos_token_id == 1 and tok.pad_token_id == 0
    assert (
        tok.convert_tokens_to_ids("<extra_id_0>") in ids
        and tok.convert_tokens_to_ids("<extra_id_99>") != 2
    )
    assert T5TokenizerFast.from_pretrained(checkpoint)(source).input_ids == ids
    assert PreTrainedTokenizerFast.from_pretrained(checkpoint)(source).input_ids == ids
    assert tok.decode(ids, skip_special_tokens=True).split() == [
        w for w in source.split() if "extra_id" not in w
    ]
    assert model.config.vocab_size >= len(tok) and model.config.d_model == 32
    base = t5_base_config(32128)
    assert (base.d_model, base.d_ff, base.num_heads, base.num_layers) == (768, 3072, 12, 12)


def test_training_fits_positives_and_pushes_negatives_down(checkpoint, examples, tmp_path):
    from transformers import AutoTokenizer, T5ForConditionalGeneration

    tok = AutoTokenizer.from_pretrained(checkpoint)

    def losses(model_dir):
        return evaluate(T5ForConditionalGeneration.from_pretrained(model_dir), tok, examples)

    opts = dict(batch_size=8, seed=0, dev_fraction=0, progress=False, log_every=0, save_every=0)
    random_init = losses(checkpoint)
    # Warm up with MLE alone (ul_alpha=0), like a pretrained T5: the negatives' targets are
    # mostly the positives' words, so they become likely too.
    train(checkpoint, examples, tmp_path / "mle", epochs=30, lr=6e-3, ul_alpha=0.0, **opts)
    before = losses(tmp_path / "mle")
    assert before["positive_nll"] < random_init["positive_nll"] / 3
    assert before["negative_nll"] < random_init["negative_nll"] / 3
    # Then MLE + unlikelihood: the positives' loss keeps falling, the negatives' likelihood drops.
    result = train(
        tmp_path / "mle", examples, tmp_path / "ul", epochs=15, lr=2e-3, ul_alpha=1.0, **opts
    )
    assert result.step == 15 * math.ceil(len(examples) / 8)
    after = losses(tmp_path / "ul")
    assert after["positive_nll"] < before["positive_nll"]
    assert after["negative_nll"] > before["negative_nll"] + 0.5
    assert after["ul"] < before["ul"] / 2


def test_checkpoints_resume_exactly(checkpoint, examples, tmp_path):
    from transformers import T5ForConditionalGeneration

    rows = examples[:12]
    opts = dict(
        epochs=2,
        batch_size=4,
        lr=1e-3,
        seed=3,
        progress=False,
        log_every=1,
        save_every=2,
        dev_fraction=0.1,
    )
    whole = train(checkpoint, rows, tmp_path / "whole", **opts)
    part = train(checkpoint, rows, tmp_path / "cut", stop_at_step=3, **opts)
    assert part.step == 3 and latest_checkpoint(tmp_path / "cut").name == "checkpoint-3"
    state = json.loads((latest_checkpoint(tmp_path / "cut") / "trainer_state.json").read_text())
    assert (state["step"], state["epoch"], state["batch"]) == (3, 1, 0)
    resumed = train(checkpoint, rows, tmp_path / "cut", **opts)
    assert resumed.step == whole.step == 6
    a = T5ForConditionalGeneration.from_pretrained(tmp_path / "whole")
    b = T5ForConditionalGeneration.from_pretrained(tmp_path / "cut")
    assert all(torch.equal(p, q) for p, q in zip(a.parameters(), b.parameters(), strict=True))
    assert resumed.dev == whole.dev and resumed.dev["loss"] > 0
    # both splits are written, and they are different
    train_file = [
        json.loads(x) for x in (tmp_path / "whole" / "train.jsonl").read_text().splitlines()
    ]
    dev_file = [json.loads(x) for x in (tmp_path / "whole" / "dev.jsonl").read_text().splitlines()]
    assert len(train_file) + len(dev_file) == 12 and dev_file and train_file != dev_file
    assert len(list((tmp_path / "cut").glob("checkpoint-*"))) <= 2


def test_cli_builds_dumps_and_trains(checkpoint, tmp_path, caplog):
    conll = tmp_path / "data.gold_conll"
    lines = ["#begin document (tests); part 000"]
    for s in SENTENCES[:4]:
        lines += conll_lines(s) + [""]
    lines += ["tests 0 0 Broken XX * - - - - * (V*) -", "tests 0 1 row", ""]  # malformed: skipped
    lines.append("#end document")
    conll.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert len(list(read_srl_corpus(conll, errors="skip"))) == 4

    parser = build_parser()
    dump = tmp_path / "examples.jsonl"
    args = parser.parse_args(
        [
            "train-tailor",
            "-i",
            str(conll),
            "--model",
            str(checkpoint),
            "--output",
            str(tmp_path / "out"),
            "--epochs",
            "1",
            "--batch-size",
            "8",
            "--seed",
            "0",
            "--dump-examples",
            str(dump),
            "-q",
        ]
    )
    assert args.func(args) == 0
    dumped = list(read_examples(dump))
    assert {"positive", "mismatch_roles", "mismatch_keywords"} <= {e.kind for e in dumped}
    assert sum(e.kind == "positive" for e in dumped) == 4
    out = tmp_path / "out"
    assert (out / "model.safetensors").is_file() and (out / "tokenizer.json").is_file()
    assert (out / "train.jsonl").is_file() and (out / "dev.jsonl").is_file()
    assert any("skipped a malformed" in r.getMessage() for r in caplog.records)

    # train again from the dumped examples, one line of which is broken
    with open(dump, "a", encoding="utf-8") as fh:
        fh.write('{"source": 3}\n')
    args = parser.parse_args(
        [
            "train-tailor",
            "-i",
            str(dump),
            "--model",
            str(checkpoint),
            "--output",
            str(tmp_path / "again"),
            "--epochs",
            "1",
            "--no-negatives",
            "--batch-size",
            "4",
            "-q",
        ]
    )
    assert args.func(args) == 0
    state = json.loads((tmp_path / "again" / "trainer_state.json").read_text())
    assert (
        state["train_examples"] + len((tmp_path / "again" / "dev.jsonl").read_text().splitlines())
        == 4
    )


def test_frames_jsonl_is_accepted_too(tmp_path, nlp):
    path = tmp_path / "frames.jsonl"
    path.write_text(
        "".join(json.dumps(sentence_to_json(s)) + "\n" for s in SENTENCES[:2]) + "not json\n",
        encoding="utf-8",
    )
    parser = build_parser()
    dump = tmp_path / "examples.jsonl"
    args = parser.parse_args(
        [
            "train-tailor",
            "-i",
            str(path),
            "--dump-examples",
            str(dump),
            "--dump-only",
            "--seed",
            "0",
            "-q",
        ]
    )
    assert args.func(args) == 0
    rows = list(read_examples(dump))
    assert sum(e.kind == "positive" for e in rows) == 2
    assert all(Header.parse(e.source) for e in rows)
