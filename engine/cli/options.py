"""Options shared by the batch commands: output, backend and its declared options, resume,
limits, ranking and validation."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..backends import available_backends
from ..backends.base import backend_options
from ..errors import OutputExistsError, SeamError
from ..pipeline import DEFAULT_MAX_CHARS
from ..rank.ranker import SCORER_REGISTRY
from ..select import DEFAULT_VALIDATORS, Selector
from ..validate import VALIDATOR_REGISTRY


class Deprecated(argparse.Action):
    """An old spelling of an option: it still works, with a warning naming the new one."""

    def __init__(self, option_strings, dest, new: str = "", **kwargs):
        self.new = new
        super().__init__(option_strings, dest, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"seam: warning: {option_string} is deprecated; use {self.new}", file=sys.stderr)
        setattr(namespace, self.dest, values)


REQUIRED = (
    "_seam_required"  # the namespace key listing options checked after parsing (see require())
)


def add_option(
    parser: argparse.ArgumentParser,
    *flags: str,
    old: tuple[str, ...] = (),
    required: bool = False,
    **kwargs,
) -> argparse.Action:
    """An option with the command line's common name (``-i/--input``, ``-o/--output``,
    ``--summary``, ...) and its ``old`` spellings as deprecated aliases. ``required`` is
    checked after parsing (argparse cannot count an alias as the option)."""
    action = parser.add_argument(*flags, **kwargs)
    for name in old:
        parser.add_argument(
            name,
            dest=action.dest,
            action=Deprecated,
            new="/".join(flags),
            help=argparse.SUPPRESS,
            metavar=kwargs.get("metavar"),
        )
    if required:
        needed = parser.get_default(REQUIRED) or ()
        parser.set_defaults(**{REQUIRED: (*needed, (action.dest, "/".join(flags)))})
    return action


def missing_required(args: argparse.Namespace) -> list[str]:
    """The required options (of :func:`add_option`) given under no spelling."""
    return [
        flags for dest, flags in getattr(args, REQUIRED, ()) if getattr(args, dest, None) is None
    ]


class HelpFormatter(argparse.HelpFormatter):
    """Every option's default in its help, unless the help already says it."""

    def _get_help_string(self, action):
        help_text = action.help or ""
        if (
            action.default not in (None, False, argparse.SUPPRESS)
            and "default" not in help_text
            and action.option_strings
            and not isinstance(action.default, bool)
        ):
            help_text += " (default: %(default)s)"
        return help_text


def positive(value: str) -> int:
    """argparse type: an integer of at least 1."""
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {value!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """Output, backend, resume, limits, every backend's declared options, selection, quiet."""
    parser.add_argument(
        "-o",
        "--output",
        help="output file (default: stdout); .parquet, .csv or .tsv write that "
        "table (with the JSONL records next to it as OUTPUT.jsonl), anything else JSONL",
    )
    parser.add_argument(
        "--output-format",
        choices=("jsonl", "parquet", "csv", "tsv", "text"),
        help="output format: jsonl, parquet, csv or tsv (default: by the -o suffix, else jsonl); "
        "without -o, jsonl or text (the best output per line) on stdout",
    )
    parser.add_argument(
        "--format",
        dest="output_format",
        action=Deprecated,
        new="--output-format",
        help=argparse.SUPPRESS,
    )
    parser.add_argument(
        "-b",
        "--backend",
        default="surface",
        help=f"backend name: {', '.join(available_backends())} (default: surface)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue a partial -o file without duplicates (refused if the input changed)",
    )
    add_overwrite_option(parser)
    parser.add_argument(
        "--batch-size",
        type=positive,
        default=64,
        help="records per batch through the backend; output is flushed after each",
    )
    parser.add_argument(
        "--executor",
        choices=("local", "ray"),
        default="local",
        help="where records are made: here (default) or on Ray (needs -i and -o)",
    )
    parser.add_argument(
        "--address", help="Ray cluster address (default: a local Ray started for the run)"
    )
    parser.add_argument(
        "--ray-workers",
        type=positive,
        default=2,
        help="Ray workers, each with its own backend (default 2)",
    )
    parser.add_argument(
        "--block-size", type=positive, default=256, help="input lines per Ray task (default 256)"
    )
    parser.add_argument(
        "--gpus-per-worker", type=float, default=0.0, help="GPUs per Ray worker (default 0)"
    )
    parser.add_argument(
        "--max-chars", type=int, default=DEFAULT_MAX_CHARS, help="longer texts get an error record"
    )
    add_backend_options(parser)
    add_select_options(parser)
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar or summary")


def add_backend_options(parser: argparse.ArgumentParser) -> None:
    """Argument groups of the options backends declare: a flag only one backend reads is in
    that backend's group; a flag several read (``--model``, ``--candidates``) is in a group
    named after all of them (``tailor and polyjuice backends``), added once."""
    readers: dict[str, list[str]] = {}
    first: dict[str, object] = {}
    helps: dict[str, dict[str, list[str]]] = {}  # flag -> help -> the backends that say it
    for name in available_backends():
        for opt in backend_options(name):
            readers.setdefault(opt.flag, []).append(name)
            first.setdefault(opt.flag, opt)
            helps.setdefault(opt.flag, {}).setdefault(opt.help, []).append(name)
    groups: dict[tuple[str, ...], argparse._ArgumentGroup] = {}
    for flag, opt in first.items():
        names = tuple(readers[flag])
        if names not in groups:
            title = (
                f"{names[0]} backend"
                if len(names) == 1
                else f"{', '.join(names[:-1])} and {names[-1]} backends"
            )
            groups[names] = parser.add_argument_group(title)
        group = groups[names]
        said = helps[flag]  # each backend's own help where they differ (--model: whose checkpoint)
        text = (
            opt.help
            if len(said) == 1
            else "; ".join(f"{', '.join(by)}: {h}" for h, by in said.items())
        )
        if opt.switch:
            group.add_argument(opt.flag, action="store_true", help=text)
        else:
            group.add_argument(
                opt.flag, type=opt.type, default=opt.default, choices=opt.choices, help=text
            )


def backend_kwargs(args: argparse.Namespace) -> dict:
    """The keyword arguments the chosen backend declares, from the parsed flags."""
    return {opt.keyword: opt.value(args) for opt in backend_options(args.backend)}


def add_select_options(parser: argparse.ArgumentParser) -> None:

    r = parser.add_argument_group("ranking and validation (any backend)")
    r.add_argument(
        "--rank",
        nargs="?",
        const="composite",
        help=f"rank candidates: {', '.join(SCORER_REGISTRY.names())}, NAME=WEIGHT,... or "
        "composite (the default when no value is given: rules/ranking.toml)",
    )
    r.add_argument(
        "--rank-config", help="TOML file with the [composite] weights (default rules/ranking.toml)"
    )
    r.add_argument(
        "--validate",
        action="append",
        nargs="?",
        const=",".join(DEFAULT_VALIDATORS),
        help=f"validators, comma-separated: {', '.join(VALIDATOR_REGISTRY.names())} (default when "
        "no value is given: degeneracy,control)",
    )
    r.add_argument(
        "--lm", help="causal LM checkpoint directory for lm scores (else SEAM_LM, then the cache)"
    )
    r.add_argument(
        "--ngram", help="ARPA or Sphinx binary n-gram model (else SEAM_NGRAM, else pocketsphinx's)"
    )
    r.add_argument("--nli-model", help="NLI checkpoint directory for the entailment validator")
    r.add_argument(
        "--accept-model",
        help="acceptability classifier (seam train-accept) for the accept validator "
        "(else SEAM_ACCEPT, then the cache)",
    )
    r.add_argument(
        "--expect",
        choices=("same", "different"),
        default="same",
        help="entailment validator: meaning kept (default) or changed",
    )
    r.add_argument(
        "--bleu-range", default="0.1,0.95", help="bleu validator: LOW,HIGH (default 0.1,0.95)"
    )
    r.add_argument(
        "--max-drop",
        type=float,
        default=50.0,
        help="likelihood validator: largest log-prob drop in nats (TAILOR 50, Polyjuice 10)",
    )
    r.add_argument(
        "--likelihood-lm",
        choices=("lm", "ngram"),
        help="likelihood validator's model (default: lm when --lm is given, else ngram)",
    )
    r.add_argument(
        "--parses", help="erg validator: recorded ACE parses (JSONL) instead of a live ACE"
    )


def selector(args: argparse.Namespace):
    """The :class:`~engine.select.Selector` the ranking and validation flags ask for, or None."""

    if not args.rank and not args.validate:
        return None
    try:
        low, high = (float(x) for x in args.bleu_range.split(","))
    except ValueError:
        raise SeamError(
            f"--bleu-range must be LOW,HIGH (two numbers), got {args.bleu_range!r}"
        ) from None
    return Selector(
        args.rank,
        args.validate,
        lm=args.lm,
        ngram=args.ngram,
        nli=args.nli_model,
        device=getattr(args, "device", None),
        rank_config=args.rank_config,
        ace=getattr(args, "ace", None),
        grammar=getattr(args, "grammar", None),
        parses=args.parses,
        bleu_range=(low, high),
        expect=args.expect,
        max_drop=args.max_drop,
        likelihood_lm=args.likelihood_lm,
        accept_model=getattr(args, "accept_model", None),
    )


def add_overwrite_option(parser: argparse.ArgumentParser, what: str = "-o file") -> None:
    """``--overwrite``: replace an output that already holds something (refused without it)."""
    parser.add_argument(
        "--overwrite",
        action="store_true",
        help=f"replace the {what} when it already holds records (without it, a run that would "
        "replace them stops and says so)",
    )


def guard_output(
    path: str | Path | None,
    *,
    resume: bool = False,
    overwrite: bool = False,
    folder: bool = False,
    resume_flag: str | None = "--resume",
) -> None:
    """Refuse a run that would replace what ``path`` already holds without being asked: a
    non-empty file (or, with ``folder``, a folder with anything in it) is continued only with
    ``resume`` and replaced only with ``overwrite``; a missing parent folder is named as such
    (not reported as a missing input). ``resume_flag`` names the option that continues a run
    (None for commands that cannot)."""
    if path is None or str(path) in ("", "-"):
        return
    target = Path(path)
    parent = target if folder else target.parent
    if not folder and not parent.exists():
        raise OutputExistsError(f"-o {path}: the folder '{parent}' does not exist; create it first")
    if folder:
        holds = target.is_dir() and any(target.iterdir())
        if target.exists() and not target.is_dir():
            raise OutputExistsError(f"-o {path}: a file, not a folder")
    else:
        if target.is_dir():
            raise OutputExistsError(f"-o {path}: a folder, not a file")
        holds = target.exists() and target.stat().st_size > 0
    if not holds or resume or overwrite:
        return
    what = "folder" if folder else "file"
    cont = f"give {resume_flag} to continue it, or " if resume_flag else ""
    raise OutputExistsError(
        f"-o {path}: the {what} already holds the output of an earlier run; {cont}"
        "--overwrite to replace it"
    )


def vocabulary(parser: argparse.ArgumentParser) -> dict[str, dict]:
    """Every long option the subcommands show (outside the groups of options backends declare),
    with its short spelling(s), its other long spellings and the commands that have it: the
    table docs/cli.md prints and the test that keeps one name for one thing across commands
    reads."""
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    table: dict[str, dict] = {}
    for command, p in sub.choices.items():
        for group in p._action_groups:
            if (group.title or "").endswith(("backend", "backends")):
                continue  # one backend's options, the same on every command that takes -b
            for action in group._group_actions:
                if action.help == argparse.SUPPRESS or not action.option_strings:
                    continue
                long = [o for o in action.option_strings if o.startswith("--")]
                if not long or long[0] == "--help":
                    continue
                entry = table.setdefault(long[0], {"short": set(), "commands": [], "also": set()})
                entry["short"].update(o for o in action.option_strings if not o.startswith("--"))
                entry["also"].update(long[1:])
                entry["commands"].append(command)
    return dict(sorted(table.items()))
