"""``seam grammar`` (install, list, register ACE and ERG images) and ``seam rules`` (check rule
files, run their examples on a live grammar, draft new examples)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..backends.erg import ErgBackend
from ..erg import grammar as g
from ..erg.examples import check_live, example
from ..erg.rule_files import load_family
from ..erg.rules import RuleSet, check_files
from ..errors import RuleError, SeamError
from ..resources import rules_dir
from .commands import command
from .options import add_option


def _configure_grammar(g: argparse.ArgumentParser) -> None:
    g.add_argument(
        "action",
        choices=("install", "list", "add"),
        help="install a release, list what is known and installed, or add an image you have",
    )
    g.add_argument(
        "path", nargs="?", help="install: ERG version (default from the registry); add: image path"
    )
    add_option(
        g,
        "--erg-version",
        old=("--version",),
        help="add: the image's ERG version (e.g. 2018), if it cannot be detected",
    )
    g.add_argument(
        "--ace-version", help="install: ACE release to pair with (default: the newest listed)"
    )
    g.add_argument("--name", help="add: the name to register it under (default: its version)")
    g.add_argument("--semi", help="add: a SEM-I file to check rule predicates against")
    g.add_argument("--ace", help="add: an ACE binary to register too")
    g.add_argument("--registry", help="install: a registry TOML other than grammars/registry.toml")


def _configure_rules(r: argparse.ArgumentParser) -> None:
    r.add_argument(
        "action",
        choices=("check", "example"),
        help="check rule files and their worked examples, or draft an example for a sentence",
    )
    r.add_argument(
        "files",
        nargs="*",
        help="check: rule files (default: every file in rules/mrs); example: the sentence",
    )
    r.add_argument(
        "--all", dest="verbose_check", action="store_true", help="print passing examples too"
    )
    r.add_argument(
        "--live",
        action="store_true",
        help="check: also run the sentence examples on a live ACE + ERG (every image found)",
    )
    r.add_argument(
        "--grammar",
        action="append",
        help="ERG image (repeatable; default: SEAM_ERG, then the cache)",
    )
    r.add_argument("--ace", help="ACE binary (default: SEAM_ACE, then the cache)")
    r.add_argument(
        "--family", help="example: the rule family to apply (passive, tense, cleft, ...)"
    )
    r.add_argument(
        "--param", action="append", help="example: a family parameter, KEY=VALUE (repeatable)"
    )


@command("grammar", "install, list or register ACE and ERG images", _configure_grammar)
def grammar(args: argparse.Namespace) -> int:

    if args.action == "install":
        g.install(
            args.path or args.erg_version,
            ace=args.ace_version,
            registry_path=args.registry,
            report=lambda msg: print(msg, file=sys.stderr),
        )
        print(f"installed into {g.cache_dir()}; `seam transform --backend erg` will find it")
    elif args.action == "add":
        if not args.path:
            raise SeamError("seam grammar add needs the PATH of an ERG image (.dat)")
        g.add(
            args.path,
            version=args.erg_version and int(args.erg_version),
            name=args.name,
            semi=args.semi,
            ace=args.ace,
        )
        print(f"registered {args.path}")
    else:
        rows = g.listing()
        for r in rows:
            state = f"installed at {r['installed']}" if r["installed"] else "not installed"
            ace = f" (ACE {r['ace']}, {r['platform']})" if r["platform"] else ""
            print(f"{r['kind']:4} {r['name']:8}{ace}: {state}  [{r['url']}]")
        for env in ("SEAM_ACE", "SEAM_ERG"):
            if os.environ.get(env):
                print(f"{env}={os.environ[env]} (takes precedence over the cache)")
    return 0


@command(
    "rules",
    "validate MRS rule files and run their worked examples; print new ones",
    _configure_rules,
)
def rules(args: argparse.Namespace) -> int:

    if args.action == "example":
        return _rules_example(args)
    files = [Path(f) for f in args.files] or sorted((rules_dir() / "mrs").glob("*.toml"))
    if not files:
        raise SeamError("no rule files given and none found in rules/mrs")
    results = check_files(files)
    if args.live:
        backends = _live_backends(args)
        try:
            results += check_live(files, backends)
        finally:
            for b in backends.values():
                b.close()
    failed = [r for r in results if not r.ok]
    for r in results:
        if not r.ok or args.verbose_check or getattr(r, "status", "") == "gap":
            print(r)
    skipped = sum(1 for r in results if getattr(r, "status", "") == "skip")
    gaps = sum(1 for r in results if getattr(r, "status", "") == "gap")

    def count(n: int, word: str) -> str:
        return f"{n} {word}" + ("" if n == 1 else "s")

    live_only = 0 if args.live else _sentence_examples(files)
    print(
        f"seam rules check: {count(len(files), 'file')}, {count(len(results), 'check')}"
        f", {len(failed)} failed"
        + (f", {skipped} skipped (other ERG versions)" if skipped else "")
        + (f", {gaps} grammar gaps of the image (not rule errors; see their rows)" if gaps else "")
        + (
            f"; {count(live_only, 'sentence example')} not run (they need a grammar: --live)"
            if live_only
            else ""
        ),
        file=sys.stderr,
    )
    return 1 if failed else 0


def _sentence_examples(files) -> int:
    """How many examples of the files that load are sentences (run only with ``--live``)."""

    n = 0
    for f in files:
        try:
            family = load_family(f)
        except RuleError:
            continue  # reported among the checks
        n += sum(1 for r in family.rules for e in r.examples if e.mrs is None)
    return n


def _live_backends(args: argparse.Namespace) -> dict:
    """One erg backend per image: --grammar (repeatable), else SEAM_ERG, else every image in the
    cache."""

    images = list(args.grammar or [])
    if not images:
        if os.environ.get("SEAM_ERG"):
            images = [os.environ["SEAM_ERG"]]
        else:
            images = [
                e["path"]
                for _n, e in sorted(g.load_state().get("erg", {}).items())
                if Path(e["path"]).is_file()
            ]
    if not images:
        g.find_image()  # raises the GrammarError that says how to get one
    out = {}
    for image in images:
        b = ErgBackend(ace=args.ace, grammar=image, workers=1)
        out[f"{b.grammar.version} {Path(image).name}"] = b
    return out


def _rules_example(args: argparse.Namespace) -> int:

    if len(args.files) != 1 or not args.family:
        raise SeamError(
            'usage: seam rules example "SENTENCE" --family NAME [--param KEY=VALUE ...]'
        )
    params = {}
    for item in args.param or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise SeamError(f"--param takes KEY=VALUE, not {item!r}")
        params[key] = value
    with ErgBackend(ace=args.ace, grammar=(args.grammar or [None])[0], workers=1) as backend:
        print(example(args.files[0], args.family, params, backend, RuleSet.load()), end="")
    return 0
