"""Every benchmark that reads data not shipped with Seam says so in one line when the data is
missing (exit status 2, the option that passes it named, no traceback)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# script, the option that passes its data, the other arguments it needs to reach the check
SCRIPTS = [
    ("acceptability", "--data", []),
    ("acceptability", "--data", ["--seam-data", "0"]),
    ("compare", "--data", []),
    ("compare", "--data", ["--snli", "0"]),
    ("contrast_coverage", "--data-dir", []),
    ("erg_judge", "--data-dir", []),
    ("erg_pipeline", "--data", []),
    ("fuzz_run", "--snli", []),
    ("mrs_rules", "--parses", []),
    ("polyjuice_detect", "--data", []),
    ("polyjuice_generation", "--data", []),
    ("ranking", "--data", []),
    ("ranking", "--data", ["--skip-speed"]),
    ("scale", "--data", []),
    ("styleptb", "--data-dir", []),
    ("tailor_generation", "--data", []),
]


@pytest.mark.parametrize(
    ("script", "option", "extra"),
    SCRIPTS,
    ids=[f"{s}{'-' + '-'.join(e).strip('-') if e else ''}" for s, _, e in SCRIPTS],
)
def test_missing_data_is_one_line_and_exit_2(tmp_path, script, option, extra):
    missing = tmp_path / "no-such-data"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / f"{script}.py"), option, str(missing), *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    err = proc.stderr
    assert proc.returncode == 2, (proc.returncode, err[-2000:])
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    line = lines[0]
    assert line.startswith(f"benchmarks/{script}.py: needs "), line
    assert "not shipped" in line
    assert str(missing) in line
    assert f"Pass {option} " in line
    assert proc.stdout == ""


def test_require_returns_an_existing_path_and_exits_2_on_a_missing_one(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("_data", ROOT / "benchmarks" / "_data.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.require(str(tmp_path), "a folder", "--data-dir") == tmp_path
    with pytest.raises(SystemExit) as exc:
        module.require(tmp_path / "absent", "the test data (a folder)", "--data-dir")
    assert exc.value.code == 2
    assert capsys.readouterr().err == (
        "tests/project/test_benchmarks_data.py: needs the test data (a folder), not shipped with "
        "Seam; "
        f"none at {tmp_path / 'absent'}. Pass --data-dir PATH.\n"
    )
