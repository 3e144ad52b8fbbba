"""Writing rule files from the workbench: a worked example as TOML, placed at the end of its
rule's part of the file, and written atomically (a temporary file renamed over the old one, so
a reader never sees half a file)."""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path

from ..errors import RuleError


def _toml(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def example_block(
    sentence: str,
    mrs: str,
    params: Mapping[str, str],
    expect: str,
    realization: str | None,
    version: int | None,
) -> str:
    lines = ["", "[[rule.example]]", f"sentence = {_toml(sentence)}"]
    if params:
        lines.append(
            "params = { " + ", ".join(f"{k} = {_toml(v)}" for k, v in params.items()) + " }"
        )
    if realization:
        lines.append(f"realization = {_toml(realization)}")
    if version:
        lines.append(f'erg = "{version}"')
    lines += [f"mrs = {_toml(mrs)}", f"expect = {_toml(expect)}"]
    return "\n".join(lines) + "\n"


def insert_after_rule(text: str, rule: str, block: str) -> str:
    """``block`` at the end of ``rule``'s part of a rule file: before the next ``[[rule]]``."""
    lines = text.splitlines(keepends=True)
    starts = [k for k, line in enumerate(lines) if line.strip() == "[[rule]]"]
    name = re.compile(r'^\s*name\s*=\s*["\']' + re.escape(rule) + r'["\']\s*$')
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        if any(name.match(line) for line in lines[start:end]):
            while end > start and not lines[end - 1].strip():
                end -= 1
            head = "".join(lines[:end])
            if not head.endswith("\n"):
                head += "\n"
            return head + block + "".join(lines[end:])
    raise RuleError(f"no [[rule]] named {rule!r} in the file")


def atomic_write(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
