"""``seam serve``: the rule workbench in the browser (:mod:`engine.workbench`)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..errors import SeamError
from ..resources import seed_user_rules
from ..workbench.app import serve as run
from ..workbench.bench import Workbench
from .commands import command
from .options import Deprecated


def _configure(s: argparse.ArgumentParser) -> None:
    s.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 opens it to "
        "the network)",
    )
    s.add_argument("--port", type=int, default=8765, help="port to listen on (default 8765)")
    s.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a further host name the page may be opened at (repeatable; by default only "
        "127.0.0.1, localhost, [::1] and the --host address are accepted in the Host header)",
    )
    s.add_argument(
        "--rules",
        help="the folder of MRS rule files the page reads and writes: a rules root such as "
        "rules/ (its mrs/ folder is used) or the rule files' folder itself (default: your own "
        "folder, $XDG_DATA_HOME/seam/rules/mrs, seeded with the shipped rules on first use; "
        "the installed package is never written)",
    )
    s.add_argument(
        "--offline",
        action="store_true",
        help="do not start ACE even where a grammar is found (recorded parses only)",
    )
    s.add_argument("--ace", help="ACE binary (default: SEAM_ACE, then the cache)")
    s.add_argument("--grammar", help="ERG image .dat (default: SEAM_ERG, then the cache)")
    s.add_argument("--timeout", type=int, default=10, help="ACE seconds per sentence (default 10)")
    s.add_argument(
        "--model",
        action="append",
        metavar="[BACKEND=]DIR",
        help="a checkpoint folder whose backend the page shows too: tailor=DIR or "
        "polyjuice=DIR, or DIR alone (a T5 checkpoint is tailor's, a GPT-2-family one "
        "polyjuice's, read from its config.json); repeatable",
    )
    for old in ("tailor", "polyjuice"):
        s.add_argument(
            f"--{old}",
            dest=f"old_{old}",
            action=Deprecated,
            new=f"--model {old}=DIR",
            help=argparse.SUPPRESS,
        )


_MODEL_TYPES = {"t5": "tailor", "mt5": "tailor", "gpt2": "polyjuice", "gpt_neo": "polyjuice"}


def checkpoints(given: list[str], tailor: str | None = None, polyjuice: str | None = None):
    """The backend of each ``--model`` checkpoint (``NAME=DIR``, or ``DIR`` whose config.json
    names its model type), with the deprecated ``--tailor`` / ``--polyjuice`` folders."""

    models = {k: v for k, v in (("tailor", tailor), ("polyjuice", polyjuice)) if v}
    for value in given:
        name, sep, folder = value.partition("=")
        if sep and name in ("tailor", "polyjuice"):
            models[name] = folder
            continue
        config = Path(value) / "config.json"
        try:
            kind = json.loads(config.read_text(encoding="utf-8")).get("model_type")
        except (OSError, ValueError):
            raise SeamError(
                f"--model {value}: no checkpoint's config.json there to tell its backend; "
                "write tailor=DIR or polyjuice=DIR"
            ) from None
        if kind not in _MODEL_TYPES:
            raise SeamError(
                f"--model {value}: a {kind!r} checkpoint is neither a TAILOR T5 nor a "
                "GPT-2-family Polyjuice model; write tailor=DIR or polyjuice=DIR"
            )
        models[_MODEL_TYPES[kind]] = value
    return models


@command(
    "serve",
    "the rule workbench in the browser: a sentence's analysis and ERG readings, a rule's "
    "effect, every backend's output, rule files checked and given worked examples",
    _configure,
)
def serve(args: argparse.Namespace) -> int:

    models = checkpoints(args.model or [], args.old_tailor, args.old_polyjuice)
    rules = args.rules
    if rules is None:
        rules, copied = seed_user_rules()
        seeded = f"; {copied} shipped rule files copied in" if copied else ""
        print(f"seam serve: rule files in {rules}{seeded} (--rules picks another folder)")
    bench = Workbench(
        rules,
        live=not args.offline,
        ace=args.ace,
        grammar=args.grammar,
        timeout=args.timeout,
        models=models,
    )
    try:
        run(bench, args.host, args.port, args.allow_host)
    finally:
        bench.close()
    return 0
