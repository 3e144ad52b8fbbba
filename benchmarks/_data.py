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
    frame = sys._getframe(1)
    while frame.f_back is not None and frame.f_globals.get("__file__") == __file__:
        frame = frame.f_back  # the first caller outside this module
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


# The SNLI development set of the team's machine: the default of --data where a script reads it.
SNLI_DEV = ROOT.parent / "shared" / "data" / "snli" / "dev.jsonl"
_SNLI_WHAT = "the SNLI development set (a JSONL file with a premise per line)"


def add_snli_option(parser) -> None:
    """``--data FILE``: the SNLI development set, JSONL with a premise per line."""
    parser.add_argument(
        "--data",
        type=Path,
        default=SNLI_DEV,
        help="the SNLI development set, JSONL with a premise per line "
        "(default: ../shared/data/snli/dev.jsonl)",
    )


def require_snli(path: str | Path) -> Path:
    """The SNLI file of ``--data`` (see :func:`require`)."""
    return require(path, _SNLI_WHAT, "--data", "FILE")
