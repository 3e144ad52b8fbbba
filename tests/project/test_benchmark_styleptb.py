"""The StylePTB benchmark script runs end to end (on a tiny data folder made here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_styleptb_benchmark_prints_the_table(tmp_path):
    for code, pairs in {
        "TFU": [
            ("the dollar rose NUM %", "the dollar will rise NUM %"),
            ("the market unk stocks", "the market will unk stocks"),
        ],
        "ATP": [("the firm bought a plant", "a plant was bought by the firm")],
        "Tense+Voice": [("1 1 the firm bought a plant", "a plant will be bought by the firm")],
    }.items():
        (tmp_path / code).mkdir()
        (tmp_path / code / "valid.jsonl").write_text(
            "".join(json.dumps({"src": s, "trg": t}) + "\n" for s, t in pairs)
        )
    out = tmp_path / "table.json"
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "styleptb.py"),
            "--data-dir",
            str(tmp_path),
            "--transfers",
            "TFU",
            "ATP",
            "Tense+Voice",
            "--json",
            str(out),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "BLEU-1" in proc.stdout
    rows = {r["transfer"]: r for r in json.loads(out.read_text())}
    assert rows["TFU"]["exact"] == 1.0 and rows["TFU"]["coverage"] == 1.0
    assert rows["ATP"]["bleu1"] == 1.0
    assert rows["Tense+Voice"]["exact"] == 1.0
