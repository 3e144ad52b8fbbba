"""Run a local Hugging Face NLI checkpoint on premise/hypothesis pairs.

The checkpoint is a directory saved with ``save_pretrained`` (a sequence-classification model
and its tokenizer); nothing is downloaded. Output indices become NLI labels through an
explicit ``label_map`` (``{0: "entailment", 1: "neutral", 2: "contradiction"}``, on the
command line ``--label-map "0=entailment,1=neutral,2=contradiction"``) or, without one, the
checkpoint's ``config.id2label`` when every name in it is an NLI label in any case.

torch and transformers (``pip install ".[neural]"``) are imported only when a classifier is
opened, so importing this module is cheap.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from ..batching import plan_batches
from ..errors import ResourceNotFoundError, SeamError
from .metrics import NLI_LABELS, normalize_label


class ClassifierError(SeamError, RuntimeError):
    """An NLI checkpoint cannot be loaded or run."""

    code = "E601"


class LabelMapError(ClassifierError, ValueError):
    """The model's output indices cannot be mapped to entailment/neutral/contradiction."""

    code = "E602"


def parse_label_map(text: str) -> dict[int | str, str]:
    """Parse ``"0=entailment,1=neutral,2=contradiction"``.

    Keys are output indices, or label names of the checkpoint's ``id2label``; values are
    NLI labels in any case.

    >>> parse_label_map("0=Entailment, 1=neutral,2=CONTRADICTION")
    {0: 'entailment', 1: 'neutral', 2: 'contradiction'}
    >>> parse_label_map("LABEL_0=entailment")
    {'LABEL_0': 'entailment'}
    """
    mapping: dict[int | str, str] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise LabelMapError(
                f"label map item {item.strip()!r} is not INDEX=LABEL "
                f"(e.g. '0=entailment,1=neutral,2=contradiction')"
            )
        label = normalize_label(value)
        if label is None:
            raise LabelMapError(
                f"label map item {item.strip()!r}: {value!r} is not one of {', '.join(NLI_LABELS)}"
            )
        index: int | str = int(key) if key.lstrip("-").isdigit() else key
        if index in mapping:
            raise LabelMapError(f"label map gives {key!r} twice")
        mapping[index] = label
    if not mapping:
        raise LabelMapError(
            f"empty label map {text!r}; expected e.g. '0=entailment,1=neutral,2=contradiction'"
        )
    return mapping


def resolve_label_map(
    num_labels: int,
    id2label: Mapping | None,
    label_map: Mapping[int | str, str] | None = None,
    where: str = "the model",
) -> list[str]:
    """The NLI label of every output index ``0 .. num_labels-1``.

    >>> resolve_label_map(3, {0: "CONTRADICTION", 1: "Neutral", 2: "entailment"})
    ['contradiction', 'neutral', 'entailment']
    >>> label_map = {"LABEL_0": "neutral", 1: "entailment", 2: "contradiction"}
    >>> resolve_label_map(3, {0: "LABEL_0"}, label_map)
    ['neutral', 'entailment', 'contradiction']
    """
    names = {int(k): str(v) for k, v in (id2label or {}).items()}
    if label_map is None:
        labels = [normalize_label(names.get(i)) for i in range(num_labels)]
        if num_labels and all(labels):
            return labels  # type: ignore[return-value]
        shown = ", ".join(f"{i}={names.get(i, '?')}" for i in range(num_labels))
        pairs = zip(range(num_labels), NLI_LABELS, strict=False)
        example = ",".join(f"{i}={lab}" for i, lab in pairs)
        raise LabelMapError(
            f"cannot tell which output of {where} is which NLI label: its config.id2label is "
            f"{{{shown}}}; give --label-map, e.g. --label-map "
            f'"{example}"'
        )
    by_name = {v.strip().lower(): k for k, v in names.items()}
    labels_by_index: dict[int, str] = {}
    for key, value in label_map.items():
        label = normalize_label(value)
        if label is None:
            raise LabelMapError(f"label map: {value!r} is not one of {', '.join(NLI_LABELS)}")
        if isinstance(key, int) or str(key).strip().lstrip("-").isdigit():
            index = int(key)
        elif str(key).strip().lower() in by_name:
            index = by_name[str(key).strip().lower()]
        else:
            raise LabelMapError(
                f"label map key {key!r} is neither an output index nor a label "
                f"name of {where} ({', '.join(names.values()) or 'none'})"
            )
        if not 0 <= index < num_labels:
            raise LabelMapError(
                f"label map index {index} is out of range: {where} has {num_labels} outputs"
            )
        labels_by_index[index] = label
    unmapped = [i for i in range(num_labels) if i not in labels_by_index]
    if unmapped:
        raise LabelMapError(
            f"label map leaves output(s) {', '.join(map(str, unmapped))} of {where} "
            f"unmapped; map every index 0..{num_labels - 1}"
        )
    return [labels_by_index[i] for i in range(num_labels)]


def _import_backend():
    try:
        import torch
        import transformers
    except ImportError as exc:
        raise ClassifierError(
            f"running an NLI model needs torch and transformers ({exc.name} is "
            f'missing): pip install ".[neural]"'
        ) from exc
    return torch, transformers


class NliClassifier:
    """A local sequence-classification checkpoint that labels premise/hypothesis pairs.

    ``label_map`` maps output indices (or ``id2label`` names) to NLI labels; without it the
    checkpoint's ``config.id2label`` must name the three NLI labels. ``device`` defaults to
    ``cuda`` when available, else ``cpu``. Inference is batched, in eval mode, without
    gradients; the same inputs give the same labels.
    """

    def __init__(
        self,
        path: str | Path,
        label_map: Mapping[int | str, str] | None = None,
        device: str | None = None,
        batch_size: int = 32,
        max_length: int | None = None,
    ):
        self.path = Path(path)
        if not self.path.is_dir():
            what = "is not a directory" if self.path.exists() else "not found"
            raise ResourceNotFoundError(
                f"NLI model {what}: {self.path} (give the directory of a checkpoint saved with "
                f"save_pretrained: config.json, the weights and the tokenizer files)"
            )
        if batch_size < 1:
            raise ClassifierError(f"batch size must be at least 1, got {batch_size}")
        self.batch_size = batch_size
        torch, transformers = _import_backend()
        self._torch = torch
        try:
            self.tokenizer = transformers.AutoTokenizer.from_pretrained(
                self.path, local_files_only=True
            )
            self.model = transformers.AutoModelForSequenceClassification.from_pretrained(
                self.path, local_files_only=True
            )
        except (OSError, ValueError, KeyError) as exc:
            raise ClassifierError(f"cannot load the NLI model in {self.path}: {exc}") from exc
        config = self.model.config
        self.labels = resolve_label_map(
            config.num_labels,
            getattr(config, "id2label", None),
            label_map,
            where=f"the model in {self.path}",
        )
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        try:
            self.model.to(self.device)
        except (RuntimeError, AssertionError) as exc:
            raise ClassifierError(f"cannot use device {self.device!r}: {exc}") from exc
        self.model.eval()
        limits = [
            n
            for n in (
                max_length,
                getattr(self.tokenizer, "model_max_length", None),
                getattr(config, "max_position_embeddings", None),
            )
            if n
        ]
        self.max_length = min(limits) if limits else 512

    def _logits(self, pairs: list[tuple[str, str]], progress: bool, desc: str):
        """``(indices, logits)`` batch by batch. Pairs are tokenized once, sorted by token
        length and cut by :func:`~engine.batching.plan_batches` (a fixed order, so the result
        is deterministic)."""
        torch = self._torch
        if not pairs:
            return
        encoded = self.tokenizer(
            [p for p, _ in pairs],
            [h for _, h in pairs],
            truncation=True,
            max_length=self.max_length,
        )
        keys = list(encoded.keys())
        order = sorted(range(len(pairs)), key=lambda i: (len(encoded["input_ids"][i]), i))
        lengths = [len(encoded["input_ids"][i]) for i in order]
        from tqdm import tqdm

        with (
            tqdm(
                total=len(pairs), unit="pair", file=sys.stderr, desc=desc, disable=not progress
            ) as bar,
            torch.no_grad(),
        ):
            for start, end in plan_batches(lengths, self.batch_size):
                batch = order[start:end]
                enc = {
                    k: self._pad([encoded[k][i] for i in batch], k, lengths[end - 1]) for k in keys
                }
                yield batch, self.model(**enc).logits.float()
                bar.update(len(batch))

    def _pad(self, rows: list[list[int]], key: str, width: int):
        """One tokenizer output (``input_ids``, ``attention_mask``, ``token_type_ids``) padded
        to ``width`` on the tokenizer's padding side, as a tensor on the device."""
        tok = self.tokenizer
        value = {
            "input_ids": tok.pad_token_id or 0,
            "token_type_ids": getattr(tok, "pad_token_type_id", 0),
        }.get(key, 0)
        left = getattr(tok, "padding_side", "right") == "left"
        padded = [
            [value] * (width - len(r)) + list(r) if left else list(r) + [value] * (width - len(r))
            for r in rows
        ]
        return self._torch.tensor(padded, dtype=self._torch.long, device=self.device)

    def predict_pairs(
        self, pairs: list[tuple[str, str]], progress: bool = False, desc: str = "nli predict"
    ) -> list[str]:
        """The NLI label of every ``(premise, hypothesis)``, in order; ``progress`` shows a
        tqdm bar on stderr."""
        out: list[str | None] = [None] * len(pairs)
        for batch, logits in self._logits(pairs, progress, desc):
            for i, index in zip(batch, logits.argmax(dim=-1).tolist(), strict=True):
                out[i] = self.labels[index]
        return out  # type: ignore[return-value]

    def predict_proba_pairs(
        self, pairs: list[tuple[str, str]], progress: bool = False, desc: str = "nli predict"
    ) -> list[dict[str, float]]:
        """The probability of each NLI label for every pair (outputs that map to the same
        label are summed)."""
        out: list[dict[str, float] | None] = [None] * len(pairs)
        for batch, logits in self._logits(pairs, progress, desc):
            for i, row in zip(batch, logits.softmax(dim=-1).tolist(), strict=True):
                probs: dict[str, float] = {}
                for index, p in enumerate(row):
                    probs[self.labels[index]] = probs.get(self.labels[index], 0.0) + p
                out[i] = probs
        return out  # type: ignore[return-value]


def contrast_inputs(records: Iterable[Mapping]) -> list[tuple[str, str, str]]:
    """``(id, premise, hypothesis)`` for the originals and the ok contrasts of a contrast set.

    Each original is listed once (by ``original_id``, first occurrence) whatever the status of
    its contrast records; a contrast only when its status is ``ok``.

    >>> recs = [{"id": "o1/p;p", "original_id": "o1", "status": "ok", "premise": "P2",
    ...          "hypothesis": "H2", "original": {"premise": "P", "hypothesis": "H"}},
    ...         {"id": "o1/q;q", "original_id": "o1", "status": "failed", "premise": None,
    ...          "hypothesis": None, "original": {"premise": "P", "hypothesis": "H"}}]
    >>> contrast_inputs(recs)
    [('o1', 'P', 'H'), ('o1/p;p', 'P2', 'H2')]
    """
    items: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for rec in records:
        original = rec.get("original")
        oid = rec.get("original_id")
        if oid is not None and str(oid) not in seen and isinstance(original, Mapping):
            p, h = original.get("premise"), original.get("hypothesis")
            if isinstance(p, str) and isinstance(h, str):
                seen.add(str(oid))
                items.append((str(oid), p, h))
        cid, p, h = rec.get("id"), rec.get("premise"), rec.get("hypothesis")
        if (
            rec.get("status") == "ok"
            and cid is not None
            and isinstance(p, str)
            and isinstance(h, str)
            and str(cid) not in seen
        ):
            seen.add(str(cid))
            items.append((str(cid), p, h))
    return items


def predict_contrast(
    classifier: NliClassifier | Callable[[list[tuple[str, str]]], list[str]],
    records: Iterable[Mapping],
    progress: bool = False,
) -> dict[str, str]:
    """id -> predicted label for the originals and ok contrasts of ``records`` (see
    :func:`contrast_inputs`), in file order. ``classifier`` is an :class:`NliClassifier` or
    any function from a list of pairs to a list of labels."""
    items = contrast_inputs(records)
    pairs = [(p, h) for _, p, h in items]
    if isinstance(classifier, NliClassifier):
        labels = classifier.predict_pairs(pairs, progress=progress)
    else:
        labels = classifier(pairs)
    return {rid: label for (rid, _, _), label in zip(items, labels, strict=True)}
