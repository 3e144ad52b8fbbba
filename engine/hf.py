"""Hugging Face ``datasets`` in and out: a batched map that adds Seam's columns.

>>> from datasets import Dataset                                          # doctest: +SKIP
>>> ds = Dataset.from_dict({"text": ["A man is riding a bike."]})         # doctest: +SKIP
>>> transform_dataset(ds, "tense(past)")["seam_best"]                     # doctest: +SKIP
['A man was riding a bike.']

Local files and folders only (``datasets.load_from_disk``, ``Dataset.from_parquet`` ...): no hub
downloads. Every row keeps its place. The backend is opened once, and each ``batch_size`` rows
go through it in one call.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from .jsonl import InputRecord
from .pipeline import Transformer, jobs


def _column(prefix: str, name: str, field: str, several: bool) -> str:
    if not several:
        return f"{prefix}{field}"
    return f"{prefix}{re.sub(r'[^A-Za-z0-9]+', '_', name).strip('_')}_{field}"


def transform_dataset(
    ds: Any,
    apply,
    text_column: str = "text",
    backend: str = "surface",
    prefix: str = "seam_",
    batch_size: int = 64,
    **backend_options,
) -> Any:
    """``ds`` with, for each transformation, the columns ``status``, ``reason`` and ``best``
    (prefixed: ``seam_best`` for one transformation, ``seam_tense_past_best`` for several).
    A row whose text is missing or not a string gets status ``error``."""
    job_list = jobs(apply)
    several = len(job_list) > 1
    transformer = Transformer(backend, batch_size=batch_size, **backend_options)
    columns = [
        (j.name, f, _column(prefix, j.name, f, several))
        for j in job_list
        for f in ("status", "reason", "best")
    ]

    def batch(rows: dict) -> dict:
        texts = rows[text_column]
        records = [
            InputRecord(
                str(k),
                t if isinstance(t, str) else None,
                k + 1,
                None
                if isinstance(t, str)
                else f"row {k + 1}: field '{text_column}' must be a string",
            )
            for k, t in enumerate(texts)
        ]
        out = {col: [] for _, _, col in columns}
        results = list(transformer.run(records, job_list))  # input order, then transformation order
        for k in range(len(texts)):
            for j, job in enumerate(job_list):
                rec = results[k * len(job_list) + j]
                for name, field, col in columns:
                    if name == job.name:
                        out[col].append(rec.get(field))
        return out

    return ds.map(
        batch, batched=True, batch_size=batch_size, new_fingerprint=_fingerprint(ds, columns)
    )


def _fingerprint(ds: Any, columns) -> str:

    base = getattr(ds, "_fingerprint", "") or ""
    return hashlib.sha256((base + repr(columns)).encode()).hexdigest()[:16]
