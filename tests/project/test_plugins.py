"""Registries: the names Seam registers are pinned, and an outside package adds a backend, a
validator, a scorer or a command through an entry point, with no edit to Seam."""

from __future__ import annotations

import json
import textwrap

import pytest

from engine.backends.base import BACKENDS
from engine.cli import COMMANDS, main
from engine.rank.ranker import SCORER_REGISTRY
from engine.validate import VALIDATOR_REGISTRY

REGISTRIES = {
    "seam.backends": BACKENDS,
    "seam.commands": COMMANDS,
    "seam.scorers": SCORER_REGISTRY,
    "seam.validators": VALIDATOR_REGISTRY,
}


def test_the_registered_names_are_pinned():
    """A name added or dropped is a change users see (on the command line, in records):
    update this list on purpose."""
    assert sorted(BACKENDS.names()) == ["erg", "hybrid", "polyjuice", "surface", "tailor"]
    assert sorted(VALIDATOR_REGISTRY.names()) == [
        "accept",
        "bleu",
        "bleu-val",
        "control",
        "degeneracy",
        "ent-val",
        "entailment",
        "erg",
        "likelihood",
        "rec-val",
    ]
    assert sorted(SCORER_REGISTRY.names()) == [
        "closeness",
        "levenshtein",
        "lm",
        "lm-mean",
        "ngram",
        "ngram-mean",
        "overlap",
    ]
    assert sorted(COMMANDS.names()) == sorted(
        [
            "analyze",
            "audit",
            "catalog",
            "compare",
            "contrast",
            "demo",
            "detect",
            "encoder",
            "eval",
            "grammar",
            "nli-metrics",
            "perturb",
            "rules",
            "serve",
            "train-accept",
            "train-polyjuice",
            "train-tailor",
            "transform",
        ]
    )


PLUGIN = '''
"""A package outside Seam that extends it through entry points."""
from engine.backends.surface import SurfaceBackend
from engine.cli import Command
from engine.validate.base import ACCEPT, REJECT, Verdict


class EchoSurface(SurfaceBackend):
    """The surface realizer under another name."""

    name = "echo-surface"


class NoLongWords:
    name = "no-long-words"

    def check(self, items):
        return [Verdict(self.name, REJECT if any(len(w) > 12 for w in i.text.split())
                        else ACCEPT, "length")
                for i in items]


def no_long_words(settings):
    return NoLongWords()


def _configure(parser):
    parser.add_argument("word")


def _run(args):
    print(args.word.upper())
    return 0


SHOUT = Command("shout", "print a word in capitals", _configure, _run)


class Length:
    name = "length"

    def score(self, texts, sources):
        return [-float(len(t)) for t in texts]


def length(toolkit):
    return Length()
'''

ENTRY_POINTS = """
[seam.backends]
echo-surface = seam_plugin_demo:EchoSurface

[seam.validators]
no-long-words = seam_plugin_demo:no_long_words

[seam.commands]
shout = seam_plugin_demo:SHOUT

[seam.scorers]
length = seam_plugin_demo:length
broken = seam_plugin_demo:does_not_exist
"""


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    """``seam_plugin_demo`` installed (a package and its dist-info on sys.path), the registries
    read again; afterwards, the registries as they were."""
    site = tmp_path / "site"
    (site / "seam_plugin_demo").mkdir(parents=True)
    (site / "seam_plugin_demo" / "__init__.py").write_text(textwrap.dedent(PLUGIN))
    info = site / "seam_plugin_demo-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: seam-plugin-demo\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    monkeypatch.syspath_prepend(str(site))
    for registry in REGISTRIES.values():
        registry.refresh()
    yield
    monkeypatch.undo()
    for registry in REGISTRIES.values():
        registry.refresh()


def test_an_outside_package_adds_a_backend_validator_scorer_and_command(plugin, capsys, caplog):
    assert (
        "echo-surface" in BACKENDS and "no-long-words" in VALIDATOR_REGISTRY and "shout" in COMMANDS
    )
    assert (
        "length" in SCORER_REGISTRY and "broken" not in SCORER_REGISTRY
    )  # a broken one is left out ...
    assert any(
        "broken" in r.getMessage() and "could not be loaded" in r.getMessage()
        for r in caplog.records
    )
    assert (
        main(
            [
                "transform",
                "A man rides a bike.",
                "-a",
                "p",
                "-b",
                "echo-surface",
                "--output-format",
                "jsonl",
            ]
        )
        == 0
    )
    rec = json.loads(capsys.readouterr().out)
    assert (rec["backend"], rec["best"]) == ("echo-surface", "A man rode a bike.")
    assert (
        main(
            [
                "transform",
                "A photographer photographed the extraordinarily tall building.",
                "-a",
                "p",
                "--validate",
                "no-long-words",
                "--output-format",
                "jsonl",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["status"] == "rejected"
    assert (
        main(
            [
                "transform",
                "A man rides a bike.",
                "-a",
                "p",
                "--rank",
                "length",
                "--output-format",
                "jsonl",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["ranked_by"]
    assert main(["shout", "hello"]) == 0 and capsys.readouterr().out == "HELLO\n"


def test_without_the_package_its_names_are_gone():
    assert "echo-surface" not in BACKENDS and "shout" not in COMMANDS


def test_the_hybrid_backend_reads_the_erg_options_when_asked(monkeypatch):
    """No registration order: the hybrid backend's options are the erg backend's (but its
    candidate count) as registered when they are read, not when the module was imported."""
    from engine.backends.base import CANDIDATES, Option, backend_options
    from engine.backends.erg import ErgBackend

    extra = Option("new_knob", "--new-knob", "an option the erg backend gained later", int)
    monkeypatch.setattr(ErgBackend, "options", (*ErgBackend.options, extra))
    hybrid = backend_options("hybrid")
    assert hybrid[0] is CANDIDATES and hybrid[-1] is extra
    assert [o.keyword for o in hybrid].count("max_candidates") == 1
