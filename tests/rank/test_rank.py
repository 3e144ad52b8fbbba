"""Rankers: the n-gram model (a hand-made ARPA file and pocketsphinx's English model), a tiny
random GPT-2 built here (batched = unbatched, totals = the model's own loss), closeness,
likelihood deltas and the weighted composite."""

from __future__ import annotations

import math

import pytest

from engine.errors import RankError, ResourceNotFoundError, ScorerError
from engine.rank import (
    Closeness,
    Ranker,
    TokenScores,
    deltas,
    levenshtein,
    parse_rank,
    span_overlap,
)
from engine.rank.closeness import edit_distance
from engine.rank.ngram import NgramLM, words

LN10 = math.log(10)

ARPA = """\\data\\
ngram 1=5
ngram 2=3

\\1-grams:
-1.0 <s> -0.5
-0.5 </s>
-0.7 the -0.3
-1.2 cat -0.2
-1.5 sat

\\2-grams:
-0.2 <s> the
-0.4 the cat
-0.1 cat </s>

\\end\\
"""


@pytest.fixture(scope="module")
def arpa(tmp_path_factory):
    path = tmp_path_factory.mktemp("arpa") / "tiny.arpa"
    path.write_text(ARPA)
    return NgramLM(path)


@pytest.fixture(scope="module")
def english():
    return NgramLM()


# -- token scores ------------------------------------------------------------------------------


def test_token_scores_reduce_and_phrase():
    t = TokenScores("a bc", ((0, 1), (2, 4), (4, 4)), (-1.0, -2.0, -0.5))
    assert t.total == -3.5 and t.mean == pytest.approx(-3.5 / 3)
    assert t.phrase(2, 4) == -2.0 and t.phrase(0, 4) == -3.0 and t.phrase(3, 3) == 0.0
    with pytest.raises(RankError):
        t.reduce("max")


# -- n-gram ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, log10",
    [
        ("The cat.", -0.2 - 0.4 - 0.1),  # every bigram is in the model
        ("the sat", -0.2 + (-0.3 - 1.5) + -0.5),  # back-off: bo(the) + p(sat); bo(sat) = 0
        ("the xyz cat", -0.2 + -6.0 + -1.2 + -0.1),  # an unknown word costs -6 and is no history
    ],
)
def test_arpa_scores_follow_katz_backoff(arpa, text, log10):
    assert arpa.token_scores([text])[0].total == pytest.approx(log10 * LN10, abs=1e-3)


def test_ngram_words_keep_contractions_and_spans():
    assert words("It's 5 o'clock, OK?") == [
        ("it's", 0, 4),
        ("5", 5, 6),
        ("o'clock", 7, 14),
        ("ok", 16, 18),
    ]


def test_english_model_prefers_fluent_order(english):
    good, bad = english.token_scores(
        ["the children are playing in the park", "the park are playing in the children"]
    )
    assert good.total > bad.total
    assert good.spans[-1] == (len(good.text), len(good.text))
    assert english.order == 3


def test_ngram_missing_and_broken_files(tmp_path):
    with pytest.raises(ResourceNotFoundError):
        NgramLM(tmp_path / "nope.arpa")
    broken = tmp_path / "broken.arpa"
    broken.write_text("\\data\\\nngram 1=oops\n")
    with pytest.raises(ScorerError):
        NgramLM(broken)


# -- causal LM ---------------------------------------------------------------------------------

TEXTS = [
    "A man is riding a bike.",
    "Hi",
    "",
    "The children were playing in the park after school today.",
    "Two dogs chased a red ball.",
    "Will the train arrive before noon tomorrow?",
]


@pytest.fixture(scope="module")
def tiny_lm(tmp_path_factory):
    pytest.importorskip("torch")
    from engine.testing.gpt2 import build_tiny_lm

    return build_tiny_lm(tmp_path_factory.mktemp("lm") / "gpt2")


def test_batched_and_unbatched_scores_agree(tiny_lm):
    from engine.rank.causal import CausalLM

    one = CausalLM(tiny_lm, batch_size=1).token_scores(TEXTS)
    repeated = CausalLM(tiny_lm, batch_size=4).token_scores([*TEXTS, TEXTS[0], TEXTS[-1]])
    assert repeated[len(TEXTS)] is repeated[0] and repeated[-1] is repeated[len(TEXTS) - 1]
    for r, o in zip(repeated, one, strict=False):
        assert r.logprobs == pytest.approx(o.logprobs, abs=1e-4)
    for size in (3, 16):
        batched = CausalLM(tiny_lm, batch_size=size).token_scores(TEXTS)
        for a, b in zip(one, batched, strict=True):
            assert a.spans == b.spans
            assert a.logprobs == pytest.approx(b.logprobs, abs=1e-4)


def test_fused_gelu_and_chunked_output_layer_keep_the_scores(tiny_lm):
    import torch
    from transformers import AutoModelForCausalLM
    from transformers.activations import GELUTanh, NewGELUActivation

    from engine.rank.causal import CausalLM

    fast = CausalLM(tiny_lm, head_chunk=2)
    assert any(isinstance(m, GELUTanh) for m in fast.model.modules())
    assert not any(isinstance(m, NewGELUActivation) for m in fast.model.modules())
    plain = CausalLM(tiny_lm, fuse_gelu=False, head_chunk=10_000)
    assert any(isinstance(m, NewGELUActivation) for m in plain.model.modules())
    stock = AutoModelForCausalLM.from_pretrained(tiny_lm, local_files_only=True).eval()
    for text, a, b in zip(TEXTS, fast.token_scores(TEXTS), plain.token_scores(TEXTS), strict=True):
        assert a.logprobs == pytest.approx(b.logprobs, abs=1e-5)
        ids = torch.tensor(
            [
                [
                    fast.bos_id,
                    *fast.tokenizer(text, add_special_tokens=False)["input_ids"],
                    fast.eos_id,
                ]
            ]
        )
        with torch.no_grad():
            logp = (
                stock(ids).logits[0, :-1].log_softmax(-1).gather(-1, ids[0, 1:, None]).squeeze(-1)
            )
        assert a.logprobs == pytest.approx(logp.tolist(), abs=1e-4)


def test_batch_plan_is_contiguous_bounded_and_optimal():
    import itertools

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from engine.batching import plan_batches

    def cost(spans, lengths, pass_cost):
        return sum((end - start) * lengths[end - 1] + pass_cost for start, end in spans)

    @settings(max_examples=200, deadline=None, derandomize=True)
    @given(st.lists(st.integers(1, 40), max_size=9), st.integers(1, 4), st.integers(0, 50))
    def check(lengths, size, pass_cost):
        lengths = sorted(lengths)
        spans = plan_batches(lengths, size, pass_cost)
        assert [s for s, _ in spans] == [0, *[e for _, e in spans]][: len(spans)]
        assert (spans[-1][1] if spans else 0) == len(lengths)
        assert all(0 < end - start <= size for start, end in spans)
        best = min(
            (
                cost(list(zip((0, *cuts), (*cuts, len(lengths)), strict=True)), lengths, pass_cost)
                for k in range(len(lengths))
                for cuts in itertools.combinations(range(1, len(lengths)), k)
                if all(
                    0 < e - s <= size
                    for s, e in zip((0, *cuts), (*cuts, len(lengths)), strict=True)
                )
            ),
            default=0,
        )
        assert cost(spans, lengths, pass_cost) == best

    check()
    assert plan_batches([3, 3, 3, 40], batch_size=8, pass_cost=10) == [(0, 3), (3, 4)]
    assert plan_batches([3, 3, 3, 40], batch_size=8, pass_cost=200) == [(0, 4)]
    with pytest.raises(ValueError, match="sorted"):
        plan_batches([5, 2], batch_size=2)


def test_total_is_the_models_own_log_likelihood(tiny_lm):
    import torch

    from engine.rank.causal import CausalLM

    lm = CausalLM(tiny_lm)
    text = TEXTS[0]
    ids = [lm.bos_id, *lm.tokenizer(text, add_special_tokens=False)["input_ids"], lm.eos_id]
    with torch.no_grad():
        loss = lm.model(torch.tensor([ids]), labels=torch.tensor([ids])).loss.item()
    scored = lm.token_scores([text])[0]
    assert len(scored.logprobs) == len(ids) - 1  # every text token and EOS, not BOS
    assert scored.total == pytest.approx(-loss * (len(ids) - 1), abs=1e-4)
    # the spans cover the text without the spaces byte-level BPE folds into tokens
    assert (
        text[scored.spans[1][0] : scored.spans[1][1]]
        == text[scored.spans[1][0] : scored.spans[1][1]].strip()
    )
    assert scored.phrase(0, len(text)) + scored.logprobs[-1] == pytest.approx(scored.total)


def test_without_bos_the_first_token_is_context(tiny_lm):
    from engine.rank.causal import CausalLM

    with_bos = CausalLM(tiny_lm).token_scores([TEXTS[0]])[0]
    without = CausalLM(tiny_lm, add_bos=False).token_scores([TEXTS[0]])[0]
    assert len(without.logprobs) == len(with_bos.logprobs) - 1


def test_lm_lookup_argument_env_and_errors(tiny_lm, tmp_path, monkeypatch):
    from engine.rank.causal import find_lm

    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("SEAM_LM", str(tiny_lm))
    assert find_lm() == tiny_lm
    with pytest.raises(ResourceNotFoundError, match="argument"):
        find_lm(tmp_path / "missing")
    monkeypatch.delenv("SEAM_LM")
    with pytest.raises(ResourceNotFoundError, match="ngram"):
        find_lm()


# -- closeness ---------------------------------------------------------------------------------


def test_closeness_measures():
    assert edit_distance([], ["a"]) == 1 and edit_distance(list("abc"), list("abc")) == 0
    assert levenshtein("The cat sat.", "the cat sat .") == 1.0
    assert levenshtein("", "") == 1.0 and span_overlap("", "") == 1.0
    moved = "Yesterday the cat sat."
    assert span_overlap("The cat sat yesterday.", moved) > levenshtein(
        "The cat sat yesterday.", moved
    )
    c = Closeness()
    assert c.score(["The cat sat."], ["The cat sat."]) == [1.0]
    with pytest.raises(RankError):
        c.score(["The cat sat."])
    with pytest.raises(RankError):
        Closeness("cosine")


# -- deltas ------------------------------------------------------------------------------------


def test_deltas_widen_insertions_to_the_phrase(english):
    found = deltas(english, ["A car stopped.", "I left."], ["A red car stopped.", "I left."])
    assert (found[0].op, found[0].source_phrase, found[0].phrase) == (
        "insert",
        "A car",
        "A red car",
    )
    assert found[0].pr_sent > 0  # one more word: less likely
    assert found[1].op == "equal" and found[1].pr_sent == 0.0


def test_deltas_report_the_worst_edit(english):
    d = deltas(english, ["The dog is in the house."], ["The dog is in the the banana house."])[0]
    assert d.worst == max(d.pr_sent, d.pr_phrase) and d.worst > 5
    assert "banana" in d.phrase


def test_fluency_ratio_is_the_loss_ratio(english, arpa, tiny_lm):
    from engine.rank import fluency_ratios
    from engine.rank.causal import CausalLM

    sources = ["The dog is in the house.", "The dog is in the house.", "the cat"]
    texts = ["The dog is in the house.", "The dog is in the the banana house.", "the cat sat"]
    ratios = fluency_ratios(english, sources, texts)
    assert ratios[0] == pytest.approx(1.0) and ratios[1] > 1.2
    # by hand on the ARPA model: per-word log10 losses, the base cancels
    a, b = arpa.token_scores(["the cat", "the cat sat"])
    assert ratios[2] is not None and fluency_ratios(arpa, ["the cat"], ["the cat sat"])[
        0
    ] == pytest.approx(b.mean / a.mean)
    lm = CausalLM(tiny_lm)
    x, y = lm.token_scores(TEXTS[:2])
    assert fluency_ratios(lm, TEXTS[:1], TEXTS[1:2]) == [pytest.approx(y.mean / x.mean)]
    bare = CausalLM(tiny_lm, add_bos=False, add_eos=False)  # "" has no scored token
    assert fluency_ratios(bare, ["", TEXTS[0]], [TEXTS[0], TEXTS[0]]) == [None, pytest.approx(1.0)]


# -- ranker ------------------------------------------------------------------------------------


def test_parse_rank_specs(tmp_path):
    assert parse_rank("ngram=2,closeness") == {"ngram": 2.0, "closeness": 1.0}
    assert parse_rank("composite")  # rules/ranking.toml
    for bad in ("", "bleu", "ngram=x", "ngram,ngram", "ngram=0"):
        with pytest.raises(RankError):
            parse_rank(bad)
    config = tmp_path / "r.toml"
    config.write_text("[composite]\nlevenshtein = 2\n")
    assert parse_rank("composite", config) == {"levenshtein": 2.0}
    config.write_text("[composite]\nlevenshtein = 'high'\n")
    with pytest.raises(RankError):
        parse_rank("composite", config)


def test_composite_is_the_weighted_sum(english):
    ranker = Ranker({"ngram": 1.0, "closeness": 10.0})
    texts, sources = (
        ["the dog is in the house", "house the in is dog the"],
        ["the dog was in the house"] * 2,
    )
    rows = ranker.score(texts, sources)
    ngram = [t.total for t in english.token_scores(texts)]
    for row, lp, text, src in zip(rows, ngram, texts, sources, strict=True):
        assert row["ngram"] == pytest.approx(lp, abs=1e-5)
        assert row["rank"] == pytest.approx(lp + 10 * Closeness().one(src, text), abs=1e-5)
    assert rows[0]["rank"] > rows[1]["rank"]
    assert ranker.name == "ngram=1,closeness=10"
