"""Inputs and outputs besides JSONL: plain text, CSV, TSV, Parquet, and saved Hugging Face datasets.

Every reader of Seam takes lines of JSON objects (:func:`engine.jsonl.lines`). For any other
input, each row becomes one such line, numbered from 1, so record ids, fingerprints, resume
and the per-line error records work the same whatever the format:

* ``.txt``: one sentence per line, as the field ``text`` (a blank line is that line's error
  record, as in JSONL);
* ``.csv`` / ``.tsv``: the header row names the fields; every value is a string;
* ``.parquet``: read in record batches (pyarrow);
* a folder saved by ``datasets.Dataset.save_to_disk``: read with ``load_from_disk``, local only.

:func:`write_table` turns a JSONL output into ``.parquet``, ``.csv`` or ``.tsv``. Nested
fields (candidates, details) are written as JSON text. Formats other than JSONL need the
``datasets`` extra (``pip install 'seam[datasets]'``: pyarrow and datasets).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from .errors import DataFileError, InputError

TABLE_SUFFIXES = {".csv": "csv", ".tsv": "tsv", ".parquet": "parquet"}
TEXT_SUFFIXES = (".txt",)  # inputs only: an output is records, never bare sentences


def table_format(path) -> str | None:
    """``text``, ``csv``, ``tsv``, ``parquet`` or ``dataset`` for such an input, None for JSONL
    (or a stream)."""
    if not isinstance(path, str | Path):
        return None
    p = Path(path)
    if p.is_dir() and ((p / "dataset_info.json").exists() or (p / "state.json").exists()):
        return "dataset"
    if p.suffix.lower() in TEXT_SUFFIXES:
        return "text"
    return TABLE_SUFFIXES.get(p.suffix.lower())


def _json(row: dict) -> str:
    return json.dumps({k: _plain(v) for k, v in row.items()}, ensure_ascii=False)


def _plain(value):
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return value


def text_lines(path: str | Path | IO[str]) -> Iterator[str]:
    """The lines of a file split on ``\n`` only (a raw carriage return inside a line stays in
    it), decoded as UTF-8 with invalid bytes replaced, without a leading byte-order mark."""
    if not isinstance(path, str | Path):
        yield from path
        return
    with open(path, "rb") as fh:
        for k, raw in enumerate(fh):
            line = raw.decode("utf-8", errors="replace")
            yield line.removeprefix("\ufeff") if k == 0 else line


def rows(path: str | Path) -> Iterator[str]:
    """One JSON line per row of a tabular input (see the module)."""
    fmt = table_format(path)
    try:
        if fmt == "text":
            for line in text_lines(path):
                line = line.rstrip("\r\n")
                yield _json({"text": line}) if line.strip() else ""
        elif fmt in ("csv", "tsv"):
            with open(path, encoding="utf-8-sig", newline="") as fh:
                for row in csv.DictReader(fh, delimiter="," if fmt == "csv" else "\t"):
                    yield _json({k: v for k, v in row.items() if k is not None})
        elif fmt == "parquet":
            import pyarrow.parquet as pq

            for batch in pq.ParquetFile(path).iter_batches(batch_size=1024):
                for row in batch.to_pylist():
                    yield _json(row)
        elif fmt == "dataset":
            from datasets import load_from_disk

            ds = load_from_disk(str(path))
            if hasattr(ds, "keys"):  # a DatasetDict: its splits, in order
                raise DataFileError(
                    f"{path} holds several splits ({', '.join(ds.keys())}); give one split's "
                    "folder",
                    str(path),
                )
            for row in ds:
                yield _json(row)
        else:
            raise DataFileError(f"not a tabular input: {path}", str(path))
    except ImportError as exc:
        raise DataFileError(
            f"reading {fmt} needs the datasets extra: pip install 'seam[datasets]' ({exc})",
            str(path),
        ) from None


def columns(path: str | Path) -> list[str] | None:
    """The column names of a tabular input (None for plain text: its one field is ``text``)."""
    fmt = table_format(path)
    if fmt in ("csv", "tsv"):
        with open(path, encoding="utf-8-sig", newline="") as fh:
            return next(csv.reader(fh, delimiter="," if fmt == "csv" else "\t"), [])
    if fmt == "parquet":
        import pyarrow.parquet as pq

        return list(pq.ParquetFile(path).schema_arrow.names)
    if fmt == "dataset":
        from datasets import load_from_disk

        ds = load_from_disk(str(path))
        return list(ds.column_names) if not hasattr(ds, "keys") else None
    return None


def require_column(path: str | Path, name: str, option: str = "--text-field") -> None:
    """A :class:`~engine.errors.InputError` before any work when a tabular input has no column
    ``name``, naming the columns it has."""

    found = columns(path)  # a JSONL file's records each say so (engine.jsonl), with a hint
    if found is not None and name not in found:
        strings = _string_columns(path, found)
        hint = (
            f"{option} {strings[0]}"
            if strings
            else f"{option} NAME (the one that holds the sentence)"
        )
        raise InputError(
            f"{path} has no column {name!r} "
            f"(it has: {', '.join(found) or 'none'}"
            + (f"; text in: {', '.join(strings)}" if strings else "")
            + f"); pass {hint}"
        )


def _string_columns(path: str | Path, names: list[str]) -> list[str]:
    """The columns of ``names`` whose first value is a string, other than ``id``."""

    try:
        row = next(iter(rows(path)), None)
        first = json.loads(row) if row else None
    except Exception:  # a file that cannot be read: its reader reports it later
        return []
    if not isinstance(first, dict):
        return []
    return [n for n in names if n != "id" and isinstance(first.get(n), str)]


def count_rows(path: str | Path) -> int:
    fmt = table_format(path)
    if fmt == "parquet":
        import pyarrow.parquet as pq

        return pq.ParquetFile(path).metadata.num_rows
    if fmt == "dataset":
        from datasets import load_from_disk

        return len(load_from_disk(str(path)))
    return sum(1 for _ in rows(path))


OUTPUT_FORMATS = ("jsonl", "parquet", "csv", "tsv")


def output_format(path: str | Path | None, given: str | None) -> str:
    """The output format: ``given``, else by the file's suffix, else JSONL."""
    if given:
        return given
    return TABLE_SUFFIXES.get(Path(path).suffix.lower(), "jsonl") if path else "jsonl"


def write_table(jsonl_path: str | Path, out_path: str | Path, fmt: str) -> int:
    """Write the records of a JSONL file as ``fmt``; nested values become JSON text. Returns
    the number of records."""
    records = [
        json.loads(line)
        for line in Path(jsonl_path).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    columns: list[str] = []
    for rec in records:
        columns.extend(k for k in rec if k not in columns)
    flat = [
        {
            c: (
                json.dumps(r[c], ensure_ascii=False)
                if isinstance(r.get(c), dict | list)
                else r.get(c)
            )
            for c in columns
        }
        for r in records
    ]
    if fmt == "parquet":
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise DataFileError(
                "writing Parquet needs the datasets extra: pip install 'seam[datasets]'",
                str(out_path),
            ) from None
        table = pa.Table.from_pylist(flat) if flat else pa.table({c: [] for c in columns})
        pq.write_table(table, out_path)
    elif fmt in ("csv", "tsv"):
        with open(out_path, "w", encoding="utf-8", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=columns, delimiter="," if fmt == "csv" else "\t")
            writer.writeheader()
            writer.writerows(flat)
    else:
        raise DataFileError(
            f"unknown output format {fmt!r} (known: {', '.join(OUTPUT_FORMATS)})", str(out_path)
        )
    return len(records)
