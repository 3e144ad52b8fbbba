"""``seam demo``, ``seam catalog`` and ``seam analyze``."""

from __future__ import annotations

import argparse
import json

from ..analyzers import SpacyAnalyzer
from ..pipeline import Transformer
from ..transforms import CATALOG, shorthand
from .commands import command

DEMO_SENTENCES = (
    "A man is riding a bike.",
    "In the park, the dogs chased a cat.",
    "She doesn't like him.",
)
DEMO_TRANSFORMATIONS = ("p", "f", "pa", "n", "q", "m", "i", "cleft(ARG1)", "s", "f+pa", "p+n+q")


def _configure_demo(d: argparse.ArgumentParser) -> None:
    d.add_argument("text", nargs="*", help="sentences (default: three examples)")
    d.add_argument(
        "-a", "--apply", action="append", help="transformations (default: a tour of the catalog)"
    )


@command("demo", "show the transformations on a few sentences (surface backend)", _configure_demo)
def demo(args: argparse.Namespace) -> int:
    transformer = Transformer("surface")
    records = transformer.run_texts(
        list(args.text or DEMO_SENTENCES), list(args.apply or DEMO_TRANSFORMATIONS)
    )
    width = max(len(r["transformation"]) for r in records)
    source = None
    for rec in records:
        if rec["source"] != source:
            source = rec["source"]
            print(f"\n{source}")
        shown = rec["best"] if rec["status"] == "ok" else f"[{rec['status']}] {rec['reason']}"
        print(f"  {rec['transformation']:<{width}}  {shown}")
    print(
        '\nTry: seam transform "Your sentence." --apply "tense(fut)+passive"   (seam catalog '
        "lists them all)"
    )
    return 0


@command("catalog", "list the transformations and the LIT shorthand", lambda p: None)
def catalog(args: argparse.Namespace) -> int:

    for entry in CATALOG.values():
        arg = f"({'|'.join(entry.args)})" if entry.args else ""
        print(f"{entry.name + arg:58} {entry.description}")
    print("\nShorthand (LIT): " + ", ".join(f"{k}={v}" for k, v in shorthand().items()))
    return 0


def _configure_analyze(a: argparse.ArgumentParser) -> None:
    a.add_argument("text", nargs="+", help="sentences to analyze")
    a.add_argument("--tokens", action="store_true", help="include the token list")
    a.add_argument("--compact", action="store_true", help="one JSON object per line")


@command("analyze", "print the IR analysis of sentences as JSON", _configure_analyze)
def analyze(args: argparse.Namespace) -> int:

    for analysis in SpacyAnalyzer().analyze(args.text):
        data = analysis.to_dict()
        if not args.tokens:
            data["sentence"].pop("tokens")
        print(json.dumps(data, ensure_ascii=False, indent=None if args.compact else 2))
    return 0
