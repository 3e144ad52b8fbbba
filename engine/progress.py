"""Progress bars that suit where stderr goes: tqdm's live bar on a terminal; on a log file or a
pipe, a plain line now and then, without the carriage returns a live bar writes."""

from __future__ import annotations

import sys
from typing import Any


class _Lines:
    """A stream for tqdm that writes each refresh as a line of its own."""

    def __init__(self, stream: Any):
        self.stream = stream

    def write(self, text: str) -> int:
        line = text.replace("\r", "").strip()
        if line:
            self.stream.write(line + "\n")
        return len(text)

    def flush(self) -> None:
        self.stream.flush()


def bar(*args: Any, **kwargs: Any):
    """A ``tqdm`` bar on ``file`` (default stderr) with ``kwargs``; when that stream is no
    terminal, one plain line every ``mininterval`` seconds (default 30) and at the end."""
    from tqdm import tqdm

    stream = kwargs.pop("file", None) or sys.stderr
    isatty = getattr(stream, "isatty", None)
    if isatty is not None and isatty():
        return tqdm(*args, file=stream, **kwargs)
    kwargs.setdefault("mininterval", 30.0)
    kwargs.setdefault("ascii", True)
    kwargs.setdefault("ncols", 100)
    # no rate: counted over bursts of records (a batch at a time) it is no speed anyone has
    kwargs.setdefault("bar_format", "{desc}: {n_fmt}/{total_fmt} [{elapsed}{postfix}]")
    return tqdm(*args, file=_Lines(stream), **kwargs)
