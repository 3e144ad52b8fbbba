"""The how-to pages for contributors (docs/howto/) are worked examples that run: every ``>>>``
example on them is a doctest, run here from the repository's root, so a page that no longer
says what Seam does fails the tests."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs" / "howto").glob("*.md"))
FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def test_the_two_how_to_pages_are_there_and_in_the_site():
    names = {p.name for p in PAGES}
    assert {"add-a-transformation.md", "add-a-surface-construction.md"} <= names
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert all(f"howto/{n}" in nav for n in names)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_every_example_on_a_how_to_page_runs(page, monkeypatch):
    monkeypatch.chdir(ROOT)  # the pages name files as paths from the repository's root
    result = doctest.testfile(str(page), module_relative=False, optionflags=FLAGS, verbose=False)
    assert result.attempted >= 8, f"{page.name} has only {result.attempted} examples"
    assert result.failed == 0, f"{result.failed} examples of {page.name} fail (see above)"


def test_a_page_whose_example_is_wrong_fails(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    page = tmp_path / "wrong.md"
    text = (ROOT / "docs" / "howto" / "add-a-transformation.md").read_text(encoding="utf-8")
    page.write_text(text.replace("[('declarative', {})]", "[('question', {})]"), encoding="utf-8")
    result = doctest.testfile(str(page), module_relative=False, optionflags=FLAGS, report=False)
    assert result.failed == 1
