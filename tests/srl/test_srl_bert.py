"""The BERT SRL tagger on AllenNLP's archive format, with tiny random models built here.

:func:`build_srl_archive` writes what ``structured-prediction-srl-bert.2020.12.15.tar.gz``
holds (config.json, weights.th with ``bert_model.*`` and ``tag_projection_layer.*`` weights,
vocabulary/labels.txt) for a 2-layer BERT, and a WordPiece tokenizer folder trained on the
sentences below next to it. Nothing touches the network.
"""

from __future__ import annotations

import itertools
import json
import logging
import shutil
import tarfile
from pathlib import Path

import numpy as np
import pytest

from engine.errors import InputError, ResourceNotFoundError
from engine.srl import (
    BertSrlTagger,
    SrlAnalyzer,
    SrlError,
    SrlFrame,
    SrlResourceError,
    bio_to_spans,
    find_archive,
    frames_with_srl,
    spacy_predicates,
    spans_to_bio,
    viterbi_bio,
)

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

ARCHIVE_NAME = "structured-prediction-srl-bert.2020.12.15.tar.gz"

LABELS = [
    "O",
    "B-V",
    "I-V",
    "B-ARG0",
    "I-ARG0",
    "B-ARG1",
    "I-ARG1",
    "B-ARGM-TMP",
    "I-ARGM-TMP",
    "B-ARGM-LOC",
    "I-ARGM-LOC",
    "B-R-ARG0",
    "I-R-ARG0",
    "B-C-ARG1",
    "I-C-ARG1",
]

SENTENCES = [
    "The gardener watered the tomatoes before breakfast .".split(),
    "A sudden storm flattened the old barn last night .".split(),
    "The librarian who catalogued the maps retired in spring .".split(),
    "Children were painting murals along the riverside wall .".split(),
    "Grandmother knitted .".split(),
]
VERBS = [[2], [3], [3, 6], [1, 2], [1]]


# -- building a tiny archive ---------------------------------------------------------------------
def build_tokenizer(folder: Path, vocab_size: int = 120) -> Path:
    """A BERT WordPiece tokenizer trained on SENTENCES (small enough to split most words)."""
    from tokenizers import (
        Tokenizer,
        decoders,
        models,
        normalizers,
        pre_tokenizers,
        processors,
        trainers,
    )
    from transformers import BertTokenizerFast

    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece()
    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    tok.train_from_iterator(
        [" ".join(s) for s in SENTENCES],
        trainers.WordPieceTrainer(vocab_size=vocab_size, special_tokens=specials),
    )
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        special_tokens=[("[CLS]", tok.token_to_id("[CLS]")), ("[SEP]", tok.token_to_id("[SEP]"))],
    )
    BertTokenizerFast(tokenizer_object=tok).save_pretrained(str(folder))
    return folder


def rig_verb_detector(state: dict, labels: list[str]) -> None:
    """Make the model tag the verb B-V and every other word O.

    With the attention and feed-forward outputs zeroed, each layer only re-normalizes its
    input, so the last hidden state is the normalized embedding sum; a large predicate
    indicator embedding on dimension 0 then shows through, and the projection reads it.
    """
    for key, value in state.items():
        if key.startswith("bert_model.encoder.layer.") and ".output.dense." in key:
            value.zero_()
    types = state["bert_model.embeddings.token_type_embeddings.weight"]
    types.zero_()
    types[1, 0] = 10.0
    weight, bias = state["tag_projection_layer.weight"], state["tag_projection_layer.bias"]
    weight.zero_()
    bias.zero_()
    weight[labels.index("B-V"), 0] = 10.0
    bias[labels.index("B-V")] = -40.0
    bias[labels.index("O")] = 2.0


def build_srl_archive(
    tmp_path: Path,
    labels: list[str] = LABELS,
    *,
    hidden: int = 32,
    heads: int = 2,
    heads_in_config: bool = True,
    max_positions: int = 64,
    packed: bool = True,
    rig: bool = False,
    seed: int = 0,
    members: tuple[str, ...] | None = None,
) -> Path:
    """An AllenNLP-style SRL archive of a tiny random BERT, with ``tokenizer/`` next to it.

    Returns ``tmp_path/structured-prediction-srl-bert.2020.12.15.tar.gz`` (``packed``) or the
    folder ``tmp_path/model``. ``heads_in_config`` saves the BERT config.json in the tokenizer
    folder (else the loader infers ``hidden // 64`` heads); ``members`` limits what is packed.
    """
    from transformers import BertConfig, BertModel

    tokenizer = build_tokenizer(tmp_path / "tokenizer")
    vocab = json.loads((tokenizer / "tokenizer.json").read_text())["model"]["vocab"]
    config = BertConfig(
        vocab_size=len(vocab) + 3,
        hidden_size=hidden,
        num_hidden_layers=2,
        num_attention_heads=heads,
        intermediate_size=37,
        max_position_embeddings=max_positions,
        type_vocab_size=2,
    )
    if heads_in_config:
        config.to_json_file(str(tokenizer / "config.json"))
    torch.manual_seed(seed)
    bert = BertModel(config)  # with its pooler, as the archive has
    state = {f"bert_model.{k}": v.clone() for k, v in bert.state_dict().items()}
    # transformers 4.0 (2020) saved the position ids buffer; the loader must ignore it
    state["bert_model.embeddings.position_ids"] = torch.arange(max_positions)[None, :]
    projection = torch.nn.Linear(hidden, len(labels))
    state["tag_projection_layer.weight"] = projection.weight.detach().clone()
    state["tag_projection_layer.bias"] = projection.bias.detach().clone()
    if rig:
        rig_verb_detector(state, labels)

    folder = tmp_path / "model"
    (folder / "vocabulary").mkdir(parents=True)
    (folder / "config.json").write_text(
        json.dumps(
            {
                "dataset_reader": {"type": "srl", "bert_model_name": "bert-base-uncased"},
                "model": {
                    "type": "srl_bert",
                    "bert_model": "bert-base-uncased",
                    "embedding_dropout": 0.1,
                },
            }
        )
    )
    torch.save(state, folder / "weights.th")
    (folder / "vocabulary" / "labels.txt").write_text("".join(f"{label}\n" for label in labels))
    (folder / "vocabulary" / "non_padded_namespaces.txt").write_text("*tags\n*labels\n")
    if not packed:
        return folder
    archive = tmp_path / ARCHIVE_NAME
    with tarfile.open(archive, "w:gz") as tar:
        for name in members or ("config.json", "weights.th", "vocabulary"):
            tar.add(folder / name, arcname=name)
    shutil.rmtree(folder)
    return archive


@pytest.fixture(scope="module")
def tiny_archive(tmp_path_factory) -> Path:
    return build_srl_archive(tmp_path_factory.mktemp("srl-random"))


@pytest.fixture(scope="module")
def tagger(tiny_archive) -> BertSrlTagger:
    return BertSrlTagger.load(tiny_archive, device="cpu", batch_size=4)


@pytest.fixture(scope="module")
def verb_tagger(tmp_path_factory) -> BertSrlTagger:
    """A tagger rigged to tag the verb B-V and everything else O."""
    return BertSrlTagger.load(
        build_srl_archive(tmp_path_factory.mktemp("srl-rigged"), rig=True), device="cpu"
    )


@pytest.fixture(autouse=True)
def _no_srl_env(monkeypatch, tmp_path):
    monkeypatch.delenv("SEAM_SRL", raising=False)
    monkeypatch.delenv("SEAM_SRL_TOKENIZER", raising=False)
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "empty-cache"))


def is_valid_bio(tags) -> bool:
    previous = "O"
    for tag in tags:
        if tag.startswith("I-") and previous not in ("B-" + tag[2:], tag):
            return False
        previous = tag
    return True


# -- the model computed by hand -------------------------------------------------------------------
def hand_tags(archive: Path, words: list[str], verb: int) -> list[str]:
    """What AllenNLP's SrlBert computes: WordPiece on each lower-cased word, [CLS] .. [SEP],
    the verb indicator as token_type_ids, softmax of the projection, BIO Viterbi over the
    wordpieces, each word's tag at its first wordpiece."""
    from transformers import BertConfig, BertModel, BertTokenizerFast

    folder = archive.parent / "hand"
    if not folder.exists():
        with tarfile.open(archive) as tar:
            tar.extractall(folder, filter="data")
    tokenizer = BertTokenizerFast.from_pretrained(str(archive.parent / "tokenizer"))
    wordpiece = tokenizer.backend_tokenizer.model
    ids, types, starts = [tokenizer.cls_token_id], [0], []
    for i, word in enumerate(words):
        pieces = [t.id for t in wordpiece.tokenize(word.lower())]
        starts.append(len(ids))
        ids += pieces
        types += [int(i == verb)] * len(pieces)
    ids.append(tokenizer.sep_token_id)
    types.append(0)

    state = torch.load(folder / "weights.th")
    config = BertConfig.from_json_file(str(archive.parent / "tokenizer" / "config.json"))
    bert = BertModel(config, add_pooling_layer=False).eval()
    bert.load_state_dict(
        {
            k[len("bert_model.") :]: v
            for k, v in state.items()
            if k.startswith("bert_model.") and "pooler" not in k and "position_ids" not in k
        }
    )
    labels = (folder / "vocabulary" / "labels.txt").read_text().split()
    with torch.no_grad():
        hidden = bert(
            input_ids=torch.tensor([ids]), token_type_ids=torch.tensor([types])
        ).last_hidden_state[0]
        logits = (
            hidden @ state["tag_projection_layer.weight"].T + state["tag_projection_layer.bias"]
        )
    piece_tags = [labels[i] for i in viterbi_bio(torch.softmax(logits, -1), labels)]
    return spans_to_bio(bio_to_spans([piece_tags[s] for s in starts]), len(words))


# -- viterbi_bio ----------------------------------------------------------------------------------
def test_viterbi_never_starts_inside_a_span():
    labels = ["O", "B-ARG0", "I-ARG0"]
    scores = np.log([[0.1, 0.3, 0.6], [0.1, 0.2, 0.7]])
    assert scores.argmax(axis=1).tolist() == [2, 2]  # I-ARG0 I-ARG0: ill-formed
    assert viterbi_bio(scores, labels) == [1, 2]


def test_viterbi_continues_only_the_label_that_was_opened():
    labels = ["O", "B-ARG0", "I-ARG0", "B-ARG1", "I-ARG1"]
    # "the old barn": argmax says B-ARG0 I-ARG1 I-ARG1, which continues a span never opened
    scores = np.log(
        [
            [0.05, 0.8, 0.05, 0.05, 0.05],
            [0.05, 0.05, 0.4, 0.05, 0.45],
            [0.05, 0.05, 0.4, 0.05, 0.45],
        ]
    )
    assert [labels[i] for i in viterbi_bio(scores, labels)] == ["B-ARG0", "I-ARG0", "I-ARG0"]


def test_viterbi_accepts_torch_tensors_and_empty_input():
    labels = ["O", "B-V", "I-V"]
    assert viterbi_bio(torch.tensor([[0.1, 0.2, 0.7], [0.6, 0.3, 0.1]]), labels) == [1, 0]
    assert viterbi_bio(np.zeros((0, 3)), labels) == []
    with pytest.raises(InputError):
        viterbi_bio(np.zeros((2, 4)), labels)


def test_viterbi_finds_the_best_valid_sequence():
    labels = ["O", "B-A", "I-A", "B-B", "I-B"]
    rng = np.random.default_rng(7)
    for _ in range(20):
        scores = rng.normal(size=(4, len(labels)))
        best = max(
            (
                seq
                for seq in itertools.product(range(len(labels)), repeat=4)
                if is_valid_bio([labels[i] for i in seq])
            ),
            key=lambda seq: sum(scores[t, i] for t, i in enumerate(seq)),
        )
        assert viterbi_bio(scores, labels) == list(best)


# -- loading ------------------------------------------------------------------------------------
def test_loads_from_the_tar_gz_and_from_its_folder(tiny_archive, tagger, tmp_path):
    folder = tmp_path / "model"
    with tarfile.open(tiny_archive) as tar:
        tar.extractall(folder, filter="data")
    shutil.copytree(
        tiny_archive.parent / "tokenizer", folder / "tokenizer"
    )  # found inside the folder
    from_folder = BertSrlTagger.load(folder, device="cpu")
    assert from_folder.labels == tagger.labels == tuple(LABELS)
    assert from_folder.tag(SENTENCES, VERBS) == tagger.tag(SENTENCES, VERBS)


def test_archive_and_tokenizer_are_found_through_the_environment(tiny_archive, monkeypatch):
    monkeypatch.setenv("SEAM_SRL", str(tiny_archive))
    monkeypatch.setenv("SEAM_SRL_TOKENIZER", str(tiny_archive.parent / "tokenizer"))
    assert BertSrlTagger.load(device="cpu").labels == tuple(LABELS)


def test_archive_is_found_in_the_cache(tiny_archive, monkeypatch, tmp_path):
    (tmp_path / "cache" / "srl").mkdir(parents=True)
    shutil.copy(tiny_archive, tmp_path / "cache" / "srl" / ARCHIVE_NAME)
    shutil.copytree(tiny_archive.parent / "tokenizer", tmp_path / "cache" / "srl" / "tokenizer")
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "cache"))
    assert find_archive() == tmp_path / "cache" / "srl" / ARCHIVE_NAME
    assert BertSrlTagger.load(device="cpu").labels == tuple(LABELS)


def test_attention_heads_come_from_the_tokenizer_config_or_hidden_over_64(tmp_path, tagger):
    assert tagger.bert.config.num_attention_heads == 2  # the tokenizer folder's config.json
    archive = build_srl_archive(tmp_path, hidden=64, heads=1, heads_in_config=False)
    inferred = BertSrlTagger.load(archive, device="cpu")
    assert inferred.bert.config.num_attention_heads == 1
    assert inferred.bert.config.hidden_size == 64 and inferred.bert.config.num_hidden_layers == 2
    assert (
        BertSrlTagger.load(
            archive, device="cpu", num_attention_heads=4
        ).bert.config.num_attention_heads
        == 4
    )


def test_missing_archive_says_how_to_get_it():
    with pytest.raises(ResourceNotFoundError) as err:
        BertSrlTagger.load(device="cpu")
    assert "SEAM_SRL" in str(err.value) and ARCHIVE_NAME in str(err.value)
    with pytest.raises(SrlResourceError, match="not found"):
        BertSrlTagger.load("/nonexistent/srl.tar.gz")


def test_missing_weights_is_a_typed_error(tmp_path):
    folder = build_srl_archive(tmp_path, packed=False)
    (folder / "weights.th").unlink()
    with pytest.raises(SrlResourceError, match="weights.th") as err:
        BertSrlTagger.load(folder, device="cpu")
    assert isinstance(err.value, ResourceNotFoundError) and err.value.code == "E702"


def test_missing_labels_is_a_typed_error(tmp_path):
    archive = build_srl_archive(tmp_path, members=("config.json", "weights.th"))
    with pytest.raises(SrlResourceError, match="labels.txt"):
        BertSrlTagger.load(archive, device="cpu")


def test_label_count_must_match_the_projection(tmp_path):
    folder = build_srl_archive(tmp_path, packed=False)
    (folder / "vocabulary" / "labels.txt").write_text("".join(f"{x}\n" for x in LABELS[:-1]))
    with pytest.raises(SrlError, match="labels") as err:
        BertSrlTagger.load(folder, device="cpu")
    assert err.value.code == "E701" and not isinstance(err.value, ResourceNotFoundError)


def test_missing_tokenizer_is_a_typed_error(tmp_path):
    archive = build_srl_archive(tmp_path)
    shutil.rmtree(tmp_path / "tokenizer")
    with pytest.raises(SrlResourceError, match="SEAM_SRL_TOKENIZER"):
        BertSrlTagger.load(archive, device="cpu")
    (tmp_path / "empty").mkdir()
    with pytest.raises(SrlResourceError, match="vocab.txt"):
        BertSrlTagger.load(archive, tokenizer=tmp_path / "empty", device="cpu")


# -- tagging ------------------------------------------------------------------------------------
def test_one_frame_per_verb_with_one_valid_tag_per_word(tagger):
    frames = tagger.tag(SENTENCES, VERBS)
    assert [[f.verb for f in fs] for fs in frames] == VERBS
    for words, sentence_frames in zip(SENTENCES, frames, strict=True):
        for frame in sentence_frames:
            assert isinstance(frame, SrlFrame) and frame.tokens == tuple(words)
            assert len(frame.tags) == len(words) and set(frame.tags) <= set(LABELS)
            assert is_valid_bio(frame.tags)


def test_the_rigged_model_tags_the_verb_b_v(verb_tagger):
    words = "The librarian who catalogued the maps retired in spring .".split()
    assert len(verb_tagger._wordpieces("catalogued")) > 1  # read at its first wordpiece
    frames = verb_tagger.tag([words], [[3, 6]])[0]
    for frame in frames:
        assert frame.tags == tuple("B-V" if i == frame.verb else "O" for i in range(len(words)))


def test_tags_equal_the_model_computed_by_hand(tiny_archive, tagger):
    frames = tagger.tag(SENTENCES, VERBS)
    for words, sentence_frames in zip(SENTENCES, frames, strict=True):
        for frame in sentence_frames:
            assert list(frame.tags) == hand_tags(tiny_archive, words, frame.verb)


def test_batches_give_the_same_tags_as_one_at_a_time(tagger):
    together = tagger.tag(SENTENCES, VERBS)
    alone = [
        tagger.tag([words], [[verb]])[0][0]
        for words, verbs in zip(SENTENCES, VERBS, strict=True)
        for verb in verbs
    ]
    assert [f for fs in together for f in fs] == alone
    assert tagger.tag(SENTENCES, VERBS) == together  # deterministic


def test_empty_input_and_sentences_without_verbs(tagger):
    assert tagger.tag([]) == []
    assert tagger.tag([[], ["Hello", "!"]], [[], []]) == [[], []]
    with pytest.raises(InputError):
        tagger.tag([["Grandmother", "knitted"]], [[2]])


def test_predicates_default_to_a_rule_over_the_words(tiny_archive):
    ending_in_ed = BertSrlTagger.load(
        tiny_archive,
        device="cpu",
        predicates=lambda words: [i for i, w in enumerate(words) if w.endswith("ed")],
    )
    frames = ending_in_ed.tag([SENTENCES[0], SENTENCES[2]])
    assert [[f.verb for f in fs] for fs in frames] == [[2], [3, 6]]
    assert spacy_predicates("The gardener has watered the roses".split()) == [2, 3]  # AUX and VERB


def test_words_past_the_length_limit_are_tagged_o(tmp_path, caplog):
    tagger = BertSrlTagger.load(
        build_srl_archive(tmp_path, max_positions=16, rig=True), device="cpu"
    )
    words = (
        "The gardener watered the tomatoes before breakfast and the librarian catalogued "
        "the old maps in spring while children painted murals ."
    ).split()
    with caplog.at_level(logging.WARNING, logger="engine.srl.bert"):
        first, last = tagger.tag([words], [[2, 18]])[0]
    assert len(caplog.records) == 1 and caplog.records[0].message.startswith("sentence 0 has")
    assert len(first.tags) == len(last.tags) == len(words)
    # the window follows the verb: both verbs are seen, words outside it are O
    assert first.tags[2] == "B-V" and last.tags[18] == "B-V"
    assert all(t == "O" for i, t in enumerate(first.tags) if i != 2)


def test_whitespace_tokens_have_a_tag(verb_tagger):
    words = ["Grandmother", " ", "knitted", "."]
    frame = verb_tagger.tag([words], [[2]])[0][0]
    assert frame.tags == ("O", "O", "B-V", "O")


# -- the IR ----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def spacy_analyzer():
    from engine.analyzers import SpacyAnalyzer

    return SpacyAnalyzer()


def test_frames_with_srl_replaces_the_arguments(spacy_analyzer):
    analysis = spacy_analyzer.analyze(["The chef will slice the bread tomorrow."])[0]
    assert [
        t.text for t in analysis.sentence.tokens
    ] == "The chef will slice the bread tomorrow .".split()
    tags = ["B-ARG0", "I-ARG0", "B-ARGM-MOD", "B-V", "B-ARG1", "I-ARG1", "B-ARGM-TMP", "O"]
    srl = frames_with_srl(
        analysis, [SrlFrame(tuple(t.text for t in analysis.sentence.tokens), 3, tuple(tags))]
    )
    frame = srl.main_frame
    assert [(a.role, a.span, a.text, a.head) for a in frame.arguments] == [
        ("ARG0", (0, 2), "The chef", 1),
        ("ARGM-MOD", (2, 3), "will", 2),
        ("ARG1", (4, 6), "the bread", 5),
        ("ARGM-TMP", (6, 7), "tomorrow", 6),
    ]
    assert all(a.function == "" for a in frame.arguments)
    assert frame.predicate == analysis.main_frame.predicate and frame.predicate.tense == "fut"
    assert srl.analyzer == "srl" and srl.native is analysis.native and srl.main == analysis.main


def test_frames_with_srl_keeps_reference_and_continuation_roles(spacy_analyzer):
    analysis = spacy_analyzer.analyze(["The librarian who catalogued the maps retired."])[0]
    words = tuple(t.text for t in analysis.sentence.tokens)
    assert words == tuple("The librarian who catalogued the maps retired .".split())
    catalogued = ("B-ARG0", "I-ARG0", "B-R-ARG0", "B-V", "B-ARG1", "I-ARG1", "O", "O")
    retired = ("B-ARG0", "I-ARG0", "I-ARG0", "I-ARG0", "I-ARG0", "I-ARG0", "B-V", "O")
    srl = frames_with_srl(analysis, [SrlFrame(words, 3, catalogued), SrlFrame(words, 6, retired)])
    by_verb = {f.verb: f for f in srl.frames}
    assert [(a.role, a.text) for a in by_verb[3].arguments] == [
        ("ARG0", "The librarian"),
        ("R-ARG0", "who"),
        ("ARG1", "the maps"),
    ]
    subject = by_verb[6].argument("ARG0")
    assert subject.text == "The librarian who catalogued the maps" and subject.head == 1
    assert by_verb[3].argument("R-ARG0").head == 2


def test_frames_with_srl_rejects_another_tokenization(spacy_analyzer):
    analysis = spacy_analyzer.analyze(["Grandmother knitted."])[0]
    with pytest.raises(InputError):
        frames_with_srl(analysis, [SrlFrame(("Grandmother", "knitted"), 1, ("B-ARG0", "B-V"))])


def test_srl_analyzer_tags_every_spacy_frame(verb_tagger, spacy_analyzer):
    texts = ["The gardener watered the tomatoes before breakfast.", "What a lovely morning!"]
    analyses = SrlAnalyzer(tagger=verb_tagger, spacy=spacy_analyzer).analyze(texts)
    plain = spacy_analyzer.analyze(texts)
    assert [a.text for a in analyses] == texts
    for srl, base in zip(analyses, plain, strict=True):
        assert srl.analyzer == "srl" and srl.native is not None and srl.main == base.main
        assert [f.verb for f in srl.frames] == [f.verb for f in base.frames]
        assert all(f.arguments == () for f in srl.frames)  # the rigged model tags only the verb
    assert SrlAnalyzer(tagger=verb_tagger, spacy=spacy_analyzer).analyze([]) == []


def test_srl_analyzer_keeps_the_spacy_analysis_when_tagging_fails(
    verb_tagger, spacy_analyzer, caplog
):
    class Flaky:
        def tag(self, sentences, verbs):
            if any("storm" in words for words in sentences):
                raise RuntimeError("out of memory")
            return verb_tagger.tag(sentences, verbs)

    texts = [
        "The gardener watered the tomatoes.",
        "A storm flattened the barn.",
        "Children painted murals.",
    ]
    with caplog.at_level(logging.WARNING, logger="engine.srl.analyzer"):
        analyses = SrlAnalyzer(tagger=Flaky(), spacy=spacy_analyzer).analyze(texts)
    assert [a.analyzer for a in analyses] == ["srl", "spacy", "srl"]
    assert analyses[1] == spacy_analyzer.analyze([texts[1]])[0]
    assert "A storm flattened the barn." in caplog.text
