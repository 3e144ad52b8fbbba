"""A Griffe extension for the API pages: Seam's docstrings are written in reStructuredText
habits (``:class:`X``` roles, ``>>>`` doctests, ``::`` literal blocks, simple tables); this
turns them into the Markdown mkdocstrings renders. It changes only the rendered text, never
the code."""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(
    r":(?:class|func|meth|mod|data|attr|exc|obj|const):`(~?)([^`<]+?)(?:\s*<[^`]*>)?`"
)
_TABLE_BORDER = re.compile(r"^\s*=+(\s+=+)+\s*$")


def _role(match: re.Match) -> str:
    short, target = match.group(1), match.group(2).strip()
    shown = target.rsplit(".", 1)[-1] if short else target
    return f"`{shown}`"


def _simple_tables(lines: list[str]) -> list[str]:
    """An RST simple table (``====  ====`` borders) becomes a list: ``- first: rest``."""
    out: list[str] = []
    k = 0
    while k < len(lines):
        if _TABLE_BORDER.match(lines[k]):
            border = lines[k]
            split = len(border) - len(border.lstrip()) + len(border.strip().split()[0])
            k += 1
            rows: list[tuple[str, str]] = []
            while k < len(lines) and not _TABLE_BORDER.match(lines[k]):
                row = lines[k]
                first, rest = row[:split].strip(), row[split:].strip()
                if first:
                    rows.append((first, rest))
                elif rows and rest:
                    rows[-1] = (rows[-1][0], rows[-1][1] + " " + rest)
                k += 1
            k += 1  # the closing border
            out += [""] + [f"- {a}: {b}" for a, b in rows] + [""]
        else:
            out.append(lines[k])
            k += 1
    return out


def _fences(lines: list[str]) -> list[str]:
    """Doctest blocks become ``pycon`` code blocks; a paragraph ending in ``::`` ends in ``:``
    and its indented literal block becomes a code block."""
    out: list[str] = []
    k = 0
    while k < len(lines):
        line = lines[k]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block = []
            while k < len(lines) and lines[k].strip():
                block.append(
                    lines[k][len(indent) :] if lines[k].startswith(indent) else lines[k].strip()
                )
                k += 1
            out += ["", "```pycon", *block, "```", ""]
            continue
        if stripped.endswith("::") and not stripped.startswith(("-", "*")) or stripped == "::":
            text = line.rstrip()[:-1]
            if text.strip() and text.strip() != ":":
                out.append(text)
            k += 1
            while k < len(lines) and not lines[k].strip():
                k += 1
            base = len(line) - len(stripped)
            block = []
            while k < len(lines) and (
                not lines[k].strip() or len(lines[k]) - len(lines[k].lstrip()) > base
            ):
                block.append(lines[k])
                k += 1
            while block and not block[-1].strip():
                block.pop()
            if block:
                cut = min(len(b) - len(b.lstrip()) for b in block if b.strip())
                out += ["", "```text", *[b[cut:] for b in block], "```", ""]
            continue
        out.append(line)
        k += 1
    return out


def rst_to_markdown(text: str) -> str:
    text = _ROLE.sub(_role, text)
    lines = _fences(_simple_tables(text.split("\n")))
    return "\n".join(lines)


class RstToMarkdown(griffe.Extension):
    """Rewrite each docstring once, when its object is loaded."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = rst_to_markdown(obj.docstring.value)
