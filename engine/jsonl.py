"""JSONL reading and resumable writing that never loses a record.

Every input line becomes an :class:`InputRecord`; a line that is not a JSON object with a
string ``text`` becomes one with ``error`` set, so the pipeline can emit an ``error`` record
for it instead of crashing or skipping it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .tables import count_rows, rows, table_format, text_lines

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class InputRecord:
    """One input line: its id, its text, or the reason it cannot be used."""

    id: str
    text: str | None
    line: int
    error: str | None = None
    extra: dict | None = None
    fingerprint: str | None = None  # of the input line, for --resume (see fingerprint())


def fingerprint(raw: str) -> str:
    """A short hash of an input line (surrounding whitespace ignored): records carry it so that
    ``--resume`` notices an input edited since the output was written."""
    return hashlib.sha256(raw.strip().encode("utf-8", errors="surrogatepass")).hexdigest()[:16]


def load_object(raw: str, lineno: int) -> tuple[dict | None, str | None]:
    """A JSONL line as a JSON object, or why it is not one (never raises: deep nesting, huge
    numbers and invalid JSON are all reasons)."""
    try:
        obj = json.loads(raw)
    except json.JSONDecodeError as exc:
        return None, f"line {lineno}: invalid JSON ({exc.msg} at column {exc.colno})"
    except RecursionError:
        return None, f"line {lineno}: JSON nested too deeply"
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        return None, f"line {lineno}: invalid JSON value ({exc})"
    if not isinstance(obj, dict):
        return None, f"line {lineno}: expected a JSON object, got {type(obj).__name__}"
    return obj, None


def record_id(value: Any, default: str) -> str:
    """An input id as a string: JSON for objects and lists (never a Python repr)."""
    if value is None:
        return default
    if isinstance(value, str):
        return value
    return (
        json.dumps(value, ensure_ascii=False, sort_keys=True)
        if isinstance(value, dict | list)
        else str(value)
    )


def lines(path: str | Path | IO[str]) -> Iterator[tuple[int, str]]:
    """(line number, line) for every line of an input file, see :func:`text_lines`. A CSV, TSV,
    Parquet file or saved dataset folder gives one JSON line per row (:mod:`engine.tables`)."""
    if isinstance(path, str | Path) and table_format(path) is not None:  # never for a stream
        return enumerate(rows(path), start=1)
    return enumerate(text_lines(path), start=1)


def read_records(path: str | Path | IO[str], text_field: str = "text") -> Iterator[InputRecord]:
    """Yield one :class:`InputRecord` per line, a blank line included (as an error record:
    every input line yields its records). Ids default to the line number."""
    for lineno, raw in lines(path):
        yield parse_line(raw, lineno, text_field)


def parse_line(raw: str, lineno: int, text_field: str = "text") -> InputRecord:
    default_id = str(lineno)
    fp = fingerprint(raw)
    if not raw.strip():
        return InputRecord(
            default_id, None, lineno, f"line {lineno}: blank line (no record)", fingerprint=fp
        )
    obj, error = load_object(raw, lineno)
    if obj is None:
        return InputRecord(default_id, None, lineno, error, fingerprint=fp)
    rid = record_id(obj.get("id"), default_id)
    text = obj.get(text_field)
    if not isinstance(text, str):
        found = "missing" if text is None else f"got {type(text).__name__}"
        strings = [k for k, v in obj.items() if isinstance(v, str) and k not in ("id", text_field)]
        if text is None and strings:
            found += f"; its string fields: {', '.join(strings)}: pass --text-field {strings[0]}"
        return InputRecord(
            rid,
            None,
            lineno,
            f"line {lineno}: field '{text_field}' must be a string ({found})",
            fingerprint=fp,
        )
    if not valid_unicode(text):
        return InputRecord(
            rid,
            None,
            lineno,
            f"line {lineno}: field '{text_field}' has an unpaired surrogate (not valid Unicode)",
            fingerprint=fp,
        )
    extra = {k: v for k, v in obj.items() if k not in ("id", text_field)}
    return InputRecord(rid, text, lineno, None, extra or None, fp)


def valid_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def count_lines(path: str | Path) -> int:
    """The number of records :func:`read_records` yields (one per line or row)."""
    if table_format(path) is not None:
        return count_rows(path)
    with open(path, "rb") as fh:
        return sum(1 for _ in fh)


def written_records(path: str | Path) -> list[dict]:
    """The complete records already in an output file (for ``--resume``), in file order.

    A trailing line cut off by a crash is removed from the file, so appending continues
    cleanly; it will be produced again. A broken line in the middle (invalid UTF-8 or JSON) is
    removed too, and only it: the records after it are kept, and its record is produced again.
    """
    path = Path(path)
    if not path.exists():
        return []
    records: list[dict] = []
    kept: list[bytes] = []
    dropped = 0
    for raw in path.read_bytes().splitlines(keepends=True):
        if not raw.endswith(b"\n"):
            dropped += 1  # an incomplete last record
            continue
        try:
            rec = json.loads(raw)
            if not isinstance(rec, dict):
                raise ValueError("not a record")
        except (ValueError, RecursionError):  # JSONDecodeError, invalid UTF-8, huge numbers
            dropped += 1
            continue
        records.append(rec)
        kept.append(raw)
    if dropped:
        log.warning(
            "%s: dropping %d broken or incomplete line(s); their records will be produced again",
            path,
            dropped,
        )
        tmp = path.with_name(path.name + ".resume-tmp")
        tmp.write_bytes(b"".join(kept))
        tmp.replace(path)
    return records


class JsonlWriter:
    """Append records to a JSONL file (or stream), flushing after every batch."""

    def __init__(self, target: str | Path | IO[str], append: bool = False):
        if isinstance(target, str | Path):
            self._fh: IO[str] = open(target, "a" if append else "w", encoding="utf-8")
            self._own = True
        else:
            self._fh, self._own = target, False

    def write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False)
        if not valid_unicode(line):  # an unpaired surrogate (in an id): escape it, exactly
            line = json.dumps(record, ensure_ascii=True)
        self._fh.write(line + "\n")

    def flush(self) -> None:
        self._fh.flush()
        if self._own:
            os.fsync(self._fh.fileno())

    def close(self) -> None:
        self.flush()
        if self._own:
            self._fh.close()

    def __enter__(self) -> JsonlWriter:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
