"""Where a benchmark's data is: the one check every script makes before it reads a data path.

The benchmarks run on development data that is not shipped with Seam (SNLI, MultiNLI,
StylePTB, CoLA, recorded ERG parses, the gold files). Each script takes the path as an
option; when the path is missing, :func:`require` says so in one line and exits with status
2, instead of a traceback.

    from _data import require

    folder = require(args.data_dir, "the StylePTB splits (...)", "--data-dir")
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _script() -> str:
    """The running benchmark's name, as ``benchmarks/<name>.py`` where it is one of ours."""
    frame = sys._getframe(2)  # the caller of require
    name = frame.f_globals.get("__file__") or sys.argv[0] or "benchmark"
    path = Path(name).resolve()
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return path.name


def require(path: str | Path, what: str, option: str, metavar: str = "PATH") -> Path:
    """``path`` when it exists; otherwise one line on stderr naming ``what`` the data is and
    the ``option`` that passes it, and ``SystemExit(2)``."""
    path = Path(path)
    if path.exists():
        return path
    print(
        f"{_script()}: needs {what}, not shipped with Seam; none at {path}. "
        f"Pass {option} {metavar}.",
        file=sys.stderr,
    )
    raise SystemExit(2)
