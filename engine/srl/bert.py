"""A BERT semantic role labeller that reads AllenNLP's ``structured-prediction-srl-bert`` archive.

AllenNLP is not needed (nor importable): the archive is a ``.tar.gz`` (or its extracted
folder) holding ``config.json``, ``weights.th`` (a torch state dict) and ``vocabulary/``, and
this module rebuilds the model from those files:

* **Encoder.** A Hugging Face ``BertModel`` whose weights are the ``bert_model.*`` entries of
  the state dict. The archive has no BERT config, so the sizes are read off the weight shapes
  (attention heads: ``hidden // 64``, or the ``config.json`` of the tokenizer folder, or an
  explicit ``num_attention_heads``).
* **Input.** ``[CLS]`` + the wordpieces of each word + ``[SEP]``, each word lower-cased (for an
  ``uncased`` BERT) and split by WordPiece alone, without BERT's basic tokenizer, as AllenNLP's
  SRL reader does. The predicate indicator is BERT's ``token_type_ids``: 1 on every wordpiece
  of the verb, 0 elsewhere.
* **Output.** ``tag_projection_layer`` maps each wordpiece to label scores; the softmax
  probabilities of the whole wordpiece sequence are decoded by :func:`viterbi_bio` (BIO
  constraints), and each word takes the tag of its *first* wordpiece (the start offsets
  AllenNLP's ``SrlBert`` decodes with since 2019; the last wordpiece could carry an ``I-``
  that opens nothing).

The BERT tokenizer vocabulary is not in the archive either: give a local tokenizer folder in
Hugging Face format (``save_pretrained`` of ``bert-base-uncased``'s tokenizer). Finding things:

* the archive: the ``archive`` argument, else ``$SEAM_SRL``, else the first archive or folder in
  ``<cache>/srl/`` (:func:`engine.resources.cache_dir`);
* the tokenizer: the ``tokenizer`` argument, else ``$SEAM_SRL_TOKENIZER``, else a ``tokenizer/``
  folder inside the archive folder or next to the archive.

torch and transformers (``pip install ".[neural]"``) are imported only when a tagger is
loaded; :func:`viterbi_bio` needs neither:

>>> import numpy as np
>>> labels = ["O", "B-ARG0", "I-ARG0", "B-V"]
>>> scores = np.log([[0.1, 0.2, 0.69, 0.01],    # I-ARG0 cannot open a sequence
...                  [0.1, 0.1, 0.79, 0.01],
...                  [0.08, 0.01, 0.01, 0.9]])
>>> [labels[i] for i in viterbi_bio(scores, labels)]
['B-ARG0', 'I-ARG0', 'B-V']

One module, over 400 lines: the archive reader, the model rebuilt from its weights and the
constrained decoding are one format (AllenNLP's ``srl-bert``); each part is only meaningful with
the others.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import shutil
import sys
import tarfile
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..batching import plan_batches
from ..errors import InputError, ResourceNotFoundError, SeamError
from ..resources import cache_dir, load_spacy
from .tags import SrlFrame, bio_to_spans, spans_to_bio

if TYPE_CHECKING:
    import torch
    from transformers import BertModel, PreTrainedTokenizerBase

log = logging.getLogger(__name__)

ARCHIVE_ENV = "SEAM_SRL"
TOKENIZER_ENV = "SEAM_SRL_TOKENIZER"
ARCHIVE_NAME = "structured-prediction-srl-bert.2020.12.15.tar.gz"
ARCHIVE_URL = f"https://storage.googleapis.com/allennlp-public-models/{ARCHIVE_NAME}"

_HOW_TO_GET_ARCHIVE = (
    f"On a machine with network access, download {ARCHIVE_NAME} from the AllenNLP model "
    f"listing ({ARCHIVE_URL}), then pass its path, set {ARCHIVE_ENV}=/path/to/{ARCHIVE_NAME} "
    f"(the .tar.gz or its extracted folder), or put it in {{cache}}/srl/."
)
_HOW_TO_GET_TOKENIZER = (
    "On a machine with network access, save the bert-base-uncased tokenizer with "
    '`python -c "from transformers import AutoTokenizer; '
    "AutoTokenizer.from_pretrained('bert-base-uncased').save_pretrained('bert-base-uncased')\"`, "
    "copy the folder here and pass it as tokenizer=, set "
    f"{TOKENIZER_ENV}=/path/to/bert-base-uncased, or put it in a 'tokenizer/' folder next to the "
    "archive."
)


class SrlError(SeamError, RuntimeError):
    """An SRL model archive is malformed or the tagger cannot run (weights that are not a
    BERT SRL model, a label count that does not match the weights, a bad tokenizer)."""

    code = "E701"


class SrlResourceError(SrlError, ResourceNotFoundError):
    """The SRL archive, a file inside it, or the BERT tokenizer folder is missing; the message
    says how to get it."""

    code = "E702"


# -- constrained decoding -----------------------------------------------------------------------
def viterbi_bio(scores: Any, labels: Sequence[str]) -> list[int]:
    """The best label index sequence under BIO constraints.

    ``scores`` is a ``(length, len(labels))`` array (numpy or torch) of additive per-position
    scores: log-probabilities, or probabilities as AllenNLP's ``SrlBert`` decodes. A path may
    not start with an ``I-`` label, and ``I-X`` may only follow ``B-X`` or ``I-X``; otherwise
    every transition is free. Ties go to the lower label index at each step: the same scores
    always give the same path.

    >>> labels = ["O", "B-V", "I-V"]
    >>> viterbi_bio([[0.0, 0.4, 0.6], [0.3, 0.0, 0.7]], labels)   # argmax says I-V, I-V
    [1, 2]
    >>> viterbi_bio(np.zeros((0, 3)), labels)
    []
    """
    if hasattr(scores, "detach"):  # a torch tensor, without importing torch here
        scores = scores.detach().cpu().double().numpy()
    table = np.asarray(scores, dtype=np.float64)
    if table.ndim != 2 or table.shape[1] != len(labels):
        raise InputError(
            f"viterbi_bio needs a (length, {len(labels)}) score table for "
            f"{len(labels)} labels, got shape {table.shape}"
        )
    if np.isnan(table).any():
        raise InputError("viterbi_bio: the score table contains NaN")
    if table.shape[0] == 0:
        return []
    start, transitions = _bio_constraints(tuple(labels))
    best = table[0] + start
    backpointers = []
    columns = np.arange(len(labels))
    for row in table[1:]:
        candidates = best[:, None] + transitions  # [previous, current]
        previous = candidates.argmax(axis=0)
        best = candidates[previous, columns] + row
        backpointers.append(previous)
    if not np.isfinite(best.max()):
        raise InputError(
            f"viterbi_bio: no valid BIO path over the labels {list(labels)} "
            "(is there no O or B- label, or are all scores -inf?)"
        )
    path = [int(best.argmax())]
    for previous in reversed(backpointers):
        path.append(int(previous[path[-1]]))
    path.reverse()
    return path


@functools.lru_cache(maxsize=8)
def _bio_constraints(labels: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Start scores and ``[previous, current]`` transition scores: 0 allowed, -inf not."""
    inside = np.array([label.startswith("I-") for label in labels])
    allowed = ~inside[None, :] | np.array(
        [[prev == label or prev == "B-" + label[2:] for label in labels] for prev in labels]
    )
    return np.where(inside, -np.inf, 0.0), np.where(allowed, 0.0, -np.inf)


# -- finding the archive and the tokenizer -----------------------------------------------------
def _is_archive(path: Path) -> bool:
    if path.is_dir():
        return (path / "weights.th").is_file() or (path / "config.json").is_file()
    return path.is_file() and path.name.endswith((".tar.gz", ".tgz", ".tar"))


def find_archive(archive: str | Path | None = None) -> Path:
    """The SRL model archive (a ``.tar.gz`` or an extracted folder).

    ``archive``, else ``$SEAM_SRL``, else the first archive or model folder (by name) in
    ``<cache>/srl/``. Raises :class:`SrlResourceError`, saying how to get it, when none is found.
    """
    how = _HOW_TO_GET_ARCHIVE.format(cache=cache_dir())
    for given, where in (
        (archive, "the archive argument"),
        (os.environ.get(ARCHIVE_ENV), f"${ARCHIVE_ENV}"),
    ):
        if given:
            path = Path(given).expanduser()
            if not path.exists():
                raise SrlResourceError(f"SRL model archive not found: {path} (from {where}). {how}")
            return path
    folder = cache_dir() / "srl"
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            if path.name != "tokenizer" and _is_archive(path):
                return path
    raise SrlResourceError(
        f"No SRL model archive: no archive argument, ${ARCHIVE_ENV} is not set "
        f"and {folder} holds none. {how}"
    )


_TOKENIZER_FILES = ("tokenizer.json", "vocab.txt")


def find_tokenizer(tokenizer: str | Path | None = None, archive: str | Path | None = None) -> Path:
    """The local BERT tokenizer folder (Hugging Face format).

    ``tokenizer``, else ``$SEAM_SRL_TOKENIZER``, else ``tokenizer/`` inside the archive folder
    or next to the archive. Raises :class:`SrlResourceError` when none is found.
    """
    for given, where in (
        (tokenizer, "the tokenizer argument"),
        (os.environ.get(TOKENIZER_ENV), f"${TOKENIZER_ENV}"),
    ):
        if given:
            path = Path(given).expanduser()
            if not path.is_dir():
                raise SrlResourceError(
                    f"BERT tokenizer folder not found: {path} (from {where}). "
                    f"{_HOW_TO_GET_TOKENIZER}"
                )
            if not any((path / name).is_file() for name in _TOKENIZER_FILES):
                raise SrlResourceError(
                    f"the BERT tokenizer folder {path} (from {where}) holds neither "
                    f"{' nor '.join(_TOKENIZER_FILES)}. {_HOW_TO_GET_TOKENIZER}"
                )
            return path
    candidates = []
    if archive is not None:
        archive = Path(archive)
        if archive.is_dir():
            candidates.append(archive / "tokenizer")
        candidates.append(archive.parent / "tokenizer")
    for path in candidates:
        if path.is_dir() and any((path / name).is_file() for name in _TOKENIZER_FILES):
            return path
    looked = ", ".join(str(p) for p in candidates) or "nowhere (no archive)"
    raise SrlResourceError(
        "The SRL archive has no BERT tokenizer vocabulary and none was given: no "
        f"tokenizer argument, ${TOKENIZER_ENV} is not set, and there is no tokenizer "
        f"folder at {looked}. {_HOW_TO_GET_TOKENIZER}"
    )


# -- reading the archive -------------------------------------------------------------------------
_WANTED = (
    "config.json",
    "weights.th",
    "vocabulary/labels.txt",
    "vocabulary/non_padded_namespaces.txt",
)


@dataclass
class _ArchiveContents:
    config: dict
    state: dict
    labels: list[str]


def _read_archive(path: Path) -> _ArchiveContents:
    if path.is_dir():
        return _read_folder(path, path)
    with tempfile.TemporaryDirectory(prefix="seam-srl-") as tmp:
        try:
            with tarfile.open(path, "r:*") as tar:
                members = {}
                for member in tar.getmembers():
                    name = member.name.removeprefix("./")
                    for wanted in _WANTED:  # also inside one top-level folder
                        if member.isfile() and (name == wanted or name.endswith("/" + wanted)):
                            members.setdefault(wanted, member)
                for wanted, member in members.items():
                    # Copy the known members by name only: nothing in the tar chooses a path here.
                    target = Path(tmp, wanted)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    with tar.extractfile(member) as src, open(target, "wb") as dst:
                        shutil.copyfileobj(src, dst)
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise SrlError(
                f"cannot read the SRL archive {path}: {exc}. Expected AllenNLP's "
                f"{ARCHIVE_NAME} (a .tar.gz) or its extracted folder."
            ) from exc
        return _read_folder(Path(tmp), path)


def _read_folder(folder: Path, source: Path) -> _ArchiveContents:
    how = _HOW_TO_GET_ARCHIVE.format(cache=cache_dir())
    missing = [
        name for name in ("weights.th", "vocabulary/labels.txt") if not (folder / name).is_file()
    ]
    if missing:
        raise SrlResourceError(
            f"the SRL archive {source} is incomplete: {' and '.join(missing)} "
            f"missing (an AllenNLP model archive has config.json, weights.th and "
            f"vocabulary/labels.txt). {how}"
        )
    config: dict = {}
    if (folder / "config.json").is_file():
        try:
            config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise SrlError(f"config.json in the SRL archive {source} is not JSON: {exc}") from exc
    else:
        log.warning(
            "the SRL archive %s has no config.json; assuming an srl_bert model on an uncased BERT",
            source,
        )
    model_type = config.get("model", {}).get("type", "srl_bert")
    if model_type != "srl_bert":
        raise SrlError(
            f"the archive {source} holds an AllenNLP {model_type!r} model, not 'srl_bert' "
            f"(BERT SRL); use {ARCHIVE_NAME}"
        )
    labels = _read_labels(folder / "vocabulary")
    import torch

    try:
        state = torch.load(folder / "weights.th", map_location="cpu", weights_only=True)
    except Exception as exc:  # torch raises many types for a corrupt or foreign pickle
        raise SrlError(f"cannot read weights.th in the SRL archive {source}: {exc}") from exc
    if not isinstance(state, dict):
        raise SrlError(f"weights.th in the SRL archive {source} is not a state dict")
    return _ArchiveContents(config=config, state=state, labels=labels)


def _read_labels(vocabulary: Path) -> list[str]:
    """The ``labels`` namespace, index order. AllenNLP writes a padded namespace without its
    padding token (index 0), so one not declared non-padded is shifted by one."""
    lines = (vocabulary / "labels.txt").read_text(encoding="utf-8").splitlines()
    labels = [line.replace("@@NEWLINE@@", "\n") for line in lines if line]
    patterns = ["*tags", "*labels"]
    if (vocabulary / "non_padded_namespaces.txt").is_file():
        patterns = (vocabulary / "non_padded_namespaces.txt").read_text(encoding="utf-8").split()
    non_padded = any(
        p == "labels" or (p.startswith("*") and "labels".endswith(p[1:])) for p in patterns
    )
    return labels if non_padded else ["@@PADDING@@", *labels]


# -- building the model --------------------------------------------------------------------------
_PREFIX = "bert_model."


def _bert_config(
    state: dict, tokenizer_dir: Path | None, num_attention_heads: int | None, source: Path
) -> Any:
    from transformers import BertConfig

    def shape(key: str) -> tuple[int, ...]:
        if _PREFIX + key not in state:
            raise SrlError(f"weights.th in {source} has no {_PREFIX + key}: not a BERT SRL model")
        return tuple(state[_PREFIX + key].shape)

    vocab_size, hidden = shape("embeddings.word_embeddings.weight")
    sizes = {
        "vocab_size": vocab_size,
        "hidden_size": hidden,
        "num_hidden_layers": len(
            {k.split(".")[3] for k in state if k.startswith(_PREFIX + "encoder.layer.")}
        ),
        "intermediate_size": shape("encoder.layer.0.intermediate.dense.weight")[0],
        "max_position_embeddings": shape("embeddings.position_embeddings.weight")[0],
        "type_vocab_size": shape("embeddings.token_type_embeddings.weight")[0],
    }
    given = tokenizer_dir / "config.json" if tokenizer_dir is not None else None
    declared: dict = {}
    if given is not None and given.is_file():
        try:
            declared = json.loads(given.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise SrlError(f"{given} is not JSON: {exc}") from exc
    if "num_attention_heads" in declared:
        config = BertConfig.from_dict(declared)
        differ = [
            f"{k}: {getattr(config, k)} there, {v} in the weights"
            for k, v in sizes.items()
            if getattr(config, k, None) != v
        ]
        if differ:
            raise SrlError(
                f"{given} describes another BERT than weights.th in {source} "
                f"({'; '.join(differ)}); remove it or fix it"
            )
    else:
        config = BertConfig(**sizes, num_attention_heads=max(1, hidden // 64))
    if num_attention_heads is not None:
        config.num_attention_heads = num_attention_heads
    if hidden % config.num_attention_heads:
        raise SrlError(
            f"{config.num_attention_heads} attention heads do not divide the hidden size {hidden}"
        )
    return config


def _split_state(state: dict, source: Path) -> tuple[dict, dict]:
    bert, projection = {}, {}
    for key, value in state.items():
        if key.startswith(_PREFIX):
            # pytorch_pretrained_bert era names, should an old archive come along
            key = (
                key[len(_PREFIX) :]
                .replace("LayerNorm.gamma", "LayerNorm.weight")
                .replace("LayerNorm.beta", "LayerNorm.bias")
            )
            bert[key] = value
        elif key.startswith("tag_projection_layer."):
            projection[key[len("tag_projection_layer.") :]] = value
    if set(projection) != {"weight", "bias"}:
        raise SrlError(
            f"weights.th in {source} has no tag_projection_layer.weight/.bias: not a BERT SRL model"
        )
    return bert, projection


def spacy_predicates(words: Sequence[str]) -> list[int]:
    """The tokens AllenNLP's SRL predictor labels: those spaCy tags VERB or AUX.

    Runs the spaCy pipeline of :func:`engine.resources.load_spacy` over the given words.
    """
    from spacy.tokens import Doc

    if not words:
        return []
    nlp = load_spacy()
    doc = nlp(Doc(nlp.vocab, words=list(words)))
    return [t.i for t in doc if t.pos_ in ("VERB", "AUX")]


@dataclass(frozen=True)
class _Instance:
    """One (sentence, verb) model input: wordpiece ids and where each word's tag is read."""

    sentence: int
    verb: int
    ids: tuple[int, ...]
    types: tuple[int, ...]
    offsets: tuple[int | None, ...]  # first wordpiece of each word; None: no wordpiece in the input


class BertSrlTagger:
    """PropBank SRL over pre-tokenized words with AllenNLP's BERT SRL model, without AllenNLP.

    Open it once with :meth:`load`; :meth:`tag` is batched, runs without gradients in eval
    mode and gives the same tags for the same input (batching does not change them). ``device``
    is ``cuda`` when available, else ``cpu``. ``predicates`` picks the verbs of a sentence when
    :meth:`tag` is not given them (default: :func:`spacy_predicates`, AllenNLP's rule).
    """

    def __init__(
        self,
        bert: BertModel,
        projection: torch.nn.Linear,
        tokenizer: PreTrainedTokenizerBase,
        labels: Sequence[str],
        *,
        lowercase: bool = True,
        device: str | None = None,
        batch_size: int = 32,
        predicates: Callable[[Sequence[str]], Sequence[int]] | None = None,
    ):
        import torch

        if batch_size < 1:
            raise SrlError(f"batch size must be at least 1, got {batch_size}")
        if projection.out_features != len(labels):
            raise SrlError(
                f"the tag projection has {projection.out_features} outputs but there are "
                f"{len(labels)} labels"
            )
        self._torch = torch
        self.labels = tuple(labels)
        self.lowercase = lowercase
        self.batch_size = batch_size
        self.predicates = predicates or spacy_predicates
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        self.tokenizer = tokenizer
        self._wordpiece = getattr(getattr(tokenizer, "backend_tokenizer", None), "model", None)
        if not hasattr(self._wordpiece, "continuing_subword_prefix"):
            raise SrlError(
                f"the BERT tokenizer is not a fast WordPiece tokenizer "
                f"({type(self._wordpiece).__name__}); give a bert-base-uncased tokenizer folder"
            )
        vocab = tokenizer.get_vocab()
        self._cls, self._sep = vocab.get(tokenizer.cls_token), vocab.get(tokenizer.sep_token)
        self._pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
        if self._cls is None or self._sep is None:
            raise SrlError("the BERT tokenizer has no [CLS]/[SEP] token")
        if max(vocab.values()) >= bert.config.vocab_size:
            raise SrlError(
                f"the tokenizer has ids up to {max(vocab.values())} but the model knows "
                f"{bert.config.vocab_size} wordpieces: it is not the model's tokenizer"
            )
        self.max_length = bert.config.max_position_embeddings
        try:
            self.bert = bert.to(self.device).eval()
            self.projection = projection.to(self.device).eval()
        except (RuntimeError, AssertionError) as exc:
            raise SrlError(f"cannot use device {self.device!r}: {exc}") from exc

    @classmethod
    def load(
        cls,
        archive: str | Path | None = None,
        tokenizer: str | Path | None = None,
        device: str | None = None,
        batch_size: int = 32,
        *,
        num_attention_heads: int | None = None,
        predicates: Callable[[Sequence[str]], Sequence[int]] | None = None,
    ) -> BertSrlTagger:
        """Open the model archive (see :func:`find_archive`) with a local BERT tokenizer folder
        (see :func:`find_tokenizer`)."""
        try:
            import torch
            from transformers import BertModel, BertTokenizerFast
        except ImportError as exc:
            raise SrlError(
                f"the BERT SRL tagger needs torch and transformers ({exc.name} is "
                'missing): pip install ".[neural]"'
            ) from exc
        path = find_archive(archive)
        tokenizer_dir = find_tokenizer(tokenizer, path)
        contents = _read_archive(path)
        config = _bert_config(contents.state, tokenizer_dir, num_attention_heads, path)
        bert_state, projection_state = _split_state(contents.state, path)
        if projection_state["weight"].shape != (len(contents.labels), config.hidden_size):
            raise SrlError(
                f"the SRL archive {path} is inconsistent: vocabulary/labels.txt gives "
                f"{len(contents.labels)} labels but tag_projection_layer.weight has shape "
                f"{tuple(projection_state['weight'].shape)}"
            )
        bert = BertModel(config, add_pooling_layer=False)
        missing, unexpected = bert.load_state_dict(bert_state, strict=False)
        buffers = {name for name, _ in bert.named_buffers()}
        missing = [k for k in missing if k not in buffers]
        if missing:
            raise SrlError(
                f"weights.th in {path} lacks BERT weights: {', '.join(missing[:5])}"
                f"{' ...' if len(missing) > 5 else ''}"
            )
        unexpected = [k for k in unexpected if not k.startswith("pooler.") and k not in buffers]
        if unexpected:
            log.warning(
                "ignoring %d unknown BERT weights in %s (%s ...)",
                len(unexpected),
                path,
                unexpected[0],
            )
        projection = torch.nn.Linear(config.hidden_size, len(contents.labels))
        projection.load_state_dict(projection_state)
        try:
            tok = BertTokenizerFast.from_pretrained(str(tokenizer_dir), local_files_only=True)
        except (OSError, ValueError, TypeError) as exc:
            raise SrlError(
                f"cannot load the BERT tokenizer in {tokenizer_dir}: {exc}. {_HOW_TO_GET_TOKENIZER}"
            ) from exc
        lowercase = _lowercases(contents.config, tok)
        log.info(
            "loaded SRL model %s (%d layers, hidden %d, %d labels; tokenizer %s, lowercase=%s)",
            path,
            config.num_hidden_layers,
            config.hidden_size,
            len(contents.labels),
            tokenizer_dir,
            lowercase,
        )
        return cls(
            bert,
            projection,
            tok,
            contents.labels,
            lowercase=lowercase,
            device=device,
            batch_size=batch_size,
            predicates=predicates,
        )

    # -- tagging ---------------------------------------------------------------------------------
    def tag(
        self,
        sentences: Sequence[Sequence[str]],
        verbs: Sequence[Sequence[int]] | None = None,
        progress: bool = False,
    ) -> list[list[SrlFrame]]:
        """One :class:`SrlFrame` per (sentence, verb), in the order of ``verbs``.

        ``sentences`` are pre-tokenized words; ``verbs`` gives each sentence's predicate token
        indices (default: ``self.predicates(words)``). Words past BERT's length limit are
        tagged ``O`` (with a warning). ``progress`` shows a tqdm bar on stderr.
        """
        sentences = [tuple(words) for words in sentences]
        if verbs is None:
            verbs = [list(self.predicates(words)) for words in sentences]
        if len(verbs) != len(sentences):
            raise InputError(f"tag: {len(sentences)} sentences but {len(verbs)} verb lists")
        instances: list[_Instance] = []
        for k, (words, indices) in enumerate(zip(sentences, verbs, strict=True)):
            pieces = [self._wordpieces(word) for word in words] if indices else []
            if sum(map(len, pieces)) > self.max_length - 2:
                log.warning(
                    "sentence %d has %d wordpieces, more than the %d BERT takes: each verb is "
                    "tagged in a window of the words around it, the words outside are O",
                    k,
                    sum(map(len, pieces)),
                    self.max_length - 2,
                )
            for verb in indices:
                if not 0 <= verb < len(words):
                    raise InputError(
                        f"tag: verb index {verb} is outside sentence {k} of {len(words)} words"
                    )
                instances.append(self._instance(k, verb, pieces))
        tags = self._run(instances, progress)
        frames: list[list[SrlFrame]] = [[] for _ in sentences]
        for instance, word_tags in zip(instances, tags, strict=True):
            frames[instance.sentence].append(
                SrlFrame(
                    tokens=sentences[instance.sentence], verb=instance.verb, tags=tuple(word_tags)
                )
            )
        return frames

    def _wordpieces(self, word: str) -> list[int]:
        # AllenNLP runs WordPiece alone on each word (after lower-casing for an uncased BERT);
        # a whitespace token has no wordpiece.
        if self.lowercase:
            word = word.lower()
        return [t.id for part in word.split() for t in self._wordpiece.tokenize(part)]

    def _instance(self, sentence: int, verb: int, pieces: list[list[int]]) -> _Instance:
        start, end = self._window(verb, [len(p) for p in pieces])
        budget = self.max_length - 2
        ids, types, offsets = [self._cls], [0], []
        for i, word_pieces in enumerate(pieces):
            if not start <= i < end or not word_pieces:
                offsets.append(None)
                continue
            word_pieces = word_pieces[
                : max(0, budget - len(ids) + 1)
            ]  # only a verb longer than BERT's limit
            offsets.append(len(ids))
            ids.extend(word_pieces)
            types.extend([int(i == verb)] * len(word_pieces))
        ids.append(self._sep)
        types.append(0)
        return _Instance(sentence, verb, tuple(ids), tuple(types), tuple(offsets))

    def _window(self, verb: int, lengths: list[int]) -> tuple[int, int]:
        """The words ``[start, end)`` around the verb that fit in BERT's positions, grown a word
        to the right, then one to the left, while they fit."""
        budget = self.max_length - 2
        if sum(lengths) <= budget:
            return 0, len(lengths)
        start, end, used = verb, verb + 1, lengths[verb]
        grew = True
        while grew:
            grew = False
            if end < len(lengths) and used + lengths[end] <= budget:
                used, end, grew = used + lengths[end], end + 1, True
            if start > 0 and used + lengths[start - 1] <= budget:
                start, used, grew = start - 1, used + lengths[start - 1], True
        return start, end

    def _run(self, instances: list[_Instance], progress: bool) -> list[list[str]]:
        torch = self._torch
        order = sorted(range(len(instances)), key=lambda i: (len(instances[i].ids), i))
        lengths = [len(instances[i].ids) for i in order]
        out: list[list[str]] = [[] for _ in instances]
        from tqdm import tqdm

        with (
            tqdm(
                total=len(instances),
                unit="frame",
                file=sys.stderr,
                desc="srl",
                disable=not progress,
            ) as bar,
            torch.no_grad(),
        ):
            for first, last in plan_batches(lengths, self.batch_size):
                batch = [instances[i] for i in order[first:last]]
                width = lengths[last - 1]
                ids = torch.tensor(
                    [list(x.ids) + [self._pad] * (width - len(x.ids)) for x in batch]
                )
                types = torch.tensor([list(x.types) + [0] * (width - len(x.types)) for x in batch])
                mask = torch.tensor([[1] * len(x.ids) + [0] * (width - len(x.ids)) for x in batch])
                hidden = self.bert(
                    input_ids=ids.to(self.device),
                    token_type_ids=types.to(self.device),
                    attention_mask=mask.to(self.device),
                ).last_hidden_state
                probabilities = torch.softmax(self.projection(hidden).float(), dim=-1).cpu()
                for row, instance in enumerate(batch):
                    path = viterbi_bio(probabilities[row, : len(instance.ids)], self.labels)
                    out[order[first + row]] = self._word_tags(
                        [self.labels[j] for j in path], instance.offsets
                    )
                bar.update(len(batch))
        return out

    @staticmethod
    def _word_tags(piece_tags: list[str], offsets: Sequence[int | None]) -> list[str]:
        tags = [piece_tags[o] if o is not None else "O" for o in offsets]
        # A word without wordpieces (whitespace, or past the length limit) inside a span
        # continues it rather than cutting it in two.
        for i, o in enumerate(offsets):
            if o is None and i > 0 and tags[i - 1] != "O":
                after = next(
                    (tags[j] for j in range(i + 1, len(tags)) if offsets[j] is not None), "O"
                )
                if after == "I-" + tags[i - 1][2:]:
                    tags[i] = after
        # Reading the first wordpiece can leave an I- after another label; it starts a span
        # either way (bio_to_spans), so write it as the B- it is.
        return spans_to_bio(bio_to_spans(tags), len(tags))


def _lowercases(config: dict, tokenizer: Any) -> bool:
    """AllenNLP's SRL reader lower-cases when its BERT name says ``uncased``."""
    name = config.get("dataset_reader", {}).get("bert_model_name") or config.get("model", {}).get(
        "bert_model"
    )
    if isinstance(name, str):
        return "uncased" in name
    flag = getattr(tokenizer, "do_lower_case", None)
    if flag is None:
        flag = tokenizer.init_kwargs.get("do_lower_case", True)
    return bool(flag)
