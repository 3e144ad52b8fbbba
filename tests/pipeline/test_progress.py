"""Progress on stderr (engine.progress): a live bar on a terminal; in a log file or a pipe, plain
lines without carriage returns and without a records-per-second rate counted over bursts."""

from __future__ import annotations

import io
import json

from engine.cli import main
from engine.progress import bar


def test_a_bar_into_a_log_writes_plain_lines():
    log = io.StringIO()
    b = bar(total=3, file=log, desc="seam test", mininterval=0)
    for _ in range(3):
        b.update(1)
    b.close()
    text = log.getvalue()
    assert "\r" not in text and "/s" not in text
    assert text.splitlines()[-1].startswith("seam test: 3/3")


def test_a_run_whose_stderr_is_no_terminal_logs_without_carriage_returns(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_text(
        "".join(json.dumps({"id": str(i), "text": "A dog barked."}) + "\n" for i in range(3))
    )
    assert main(["transform", "-i", str(src), "-o", str(tmp_path / "out.jsonl"), "-a", "p"]) == 0
    err = capsys.readouterr().err
    assert "seam transform" in err and "\r" not in err
