"""Doctests that need an optional extra: a module lists the packages its examples import in
``__doctest_requires__`` (a tuple of import names, as pytest-doctestplus reads it), and its
doctests are skipped, with the reason, where one of them is not installed (a plain
``pip install .`` has no torch)."""

from __future__ import annotations

import importlib.util

import pytest
from _pytest.doctest import DoctestItem


def pytest_collection_modifyitems(items):
    for item in items:
        if not isinstance(item, DoctestItem) or item.dtest is None:
            continue
        needs = item.dtest.globs.get("__doctest_requires__", ())
        missing = [name for name in needs if importlib.util.find_spec(name) is None]
        if missing:
            item.add_marker(pytest.mark.skip(reason=f"needs {', '.join(missing)} (an extra)"))
