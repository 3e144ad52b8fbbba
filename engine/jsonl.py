"""JSONL reading and resumable writing that never loses a record.

Every input line becomes an :class:`InputRecord`; a line that is not a JSON object with a
string ``text`` becomes one with ``error`` set, so the pipeline can emit an ``error`` record
for it instead of crashing or skipping it.
"""

from __future__ import annotations

import json
import logging
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class InputRecord:
    """One input line: its id, its text, or the reason it cannot be used."""

    id: str
    text: str | None
    line: int
    error: str | None = None
    extra: dict | None = None


def _lines(path: str | Path | IO[str]) -> Iterator[str]:
    """The lines of a file split on ``\n`` only (a raw carriage return inside a line stays in
    it), decoded as UTF-8 with invalid bytes replaced, without a leading byte-order mark."""
    if not isinstance(path, str | Path):
        yield from path
        return
    with open(path, "rb") as fh:
        for k, raw in enumerate(fh):
            line = raw.decode("utf-8", errors="replace")
            yield line.removeprefix("\ufeff") if k == 0 else line


def read_records(path: str | Path | IO[str], text_field: str = "text") -> Iterator[InputRecord]:
    """Yield one :class:`InputRecord` per line, a blank line included (as an error record:
    every input line yields its records). Ids default to the line number."""
    for lineno, raw in enumerate(_lines(path), start=1):
        if not raw.strip():
            yield InputRecord(str(lineno), None, lineno, f"line {lineno}: blank line (no JSON object)")
            continue
        yield parse_line(raw, lineno, text_field)


def parse_line(raw: str, lineno: int, text_field: str = "text") -> InputRecord:
    default_id = str(lineno)
    try:
        obj = json.loads(raw)
    except json.JSONDecodeError as exc:
        return InputRecord(default_id, None, lineno, f"line {lineno}: invalid JSON ({exc.msg} at column {exc.colno})")
    except RecursionError:
        return InputRecord(default_id, None, lineno, f"line {lineno}: JSON nested too deeply")
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        return InputRecord(default_id, None, lineno, f"line {lineno}: invalid JSON value ({exc})")
    if not isinstance(obj, dict):
        return InputRecord(default_id, None, lineno, f"line {lineno}: expected a JSON object, got {type(obj).__name__}")
    rid = obj.get("id", default_id)
    if rid is None:
        rid = default_id
    elif not isinstance(rid, str):
        rid = json.dumps(rid, ensure_ascii=False, sort_keys=True) if isinstance(rid, dict | list) else str(rid)
    text = obj.get(text_field)
    if not isinstance(text, str):
        found = "missing" if text is None else f"got {type(text).__name__}"
        return InputRecord(rid, None, lineno, f"line {lineno}: field '{text_field}' must be a string ({found})")
    if not _valid_unicode(text):
        return InputRecord(rid, None, lineno, f"line {lineno}: field '{text_field}' has an unpaired surrogate "
                           "(not valid Unicode)")
    extra = {k: v for k, v in obj.items() if k not in ("id", text_field)}
    return InputRecord(rid, text, lineno, None, extra or None)


def _valid_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def count_lines(path: str | Path) -> int:
    """The number of records :func:`read_records` yields (one per line)."""
    with open(path, "rb") as fh:
        return sum(1 for _ in fh)


def completed_keys(path: str | Path, key_fields: tuple[str, ...]) -> Counter:
    """Keys of the complete records already in an output file (for ``--resume``).

    A trailing line cut off by a crash is removed from the file, so appending continues
    cleanly; it will be produced again. A broken line in the middle (invalid UTF-8 or JSON) is
    removed too, and only it: the records after it are kept, and its record is produced again.
    """
    path = Path(path)
    done: Counter = Counter()  # key -> how many complete records have it (ids may repeat)
    if not path.exists():
        return done
    data = path.read_bytes()
    kept: list[bytes] = []
    dropped = 0
    for raw in data.splitlines(keepends=True):
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
        done[tuple(rec.get(k) for k in key_fields)] += 1
        kept.append(raw)
    if dropped:
        log.warning("%s: dropping %d broken or incomplete line(s); their records will be produced again",
                    path, dropped)
        tmp = path.with_name(path.name + ".resume-tmp")
        tmp.write_bytes(b"".join(kept))
        tmp.replace(path)
    return done


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
        if not _valid_unicode(line):  # an unpaired surrogate (in an id): escape it, exactly
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
